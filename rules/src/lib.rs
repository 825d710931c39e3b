#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]

pub mod bench;
pub mod cli;
mod command;
mod dice;
mod error;
mod game;
pub mod ids;
mod movegen;
pub mod notation;
mod position;
mod record;
mod types;
mod variant;

pub use dice::{DiceSource, SeededDice};
pub use error::{MoveError, SetupError, ValueError};
pub use game::{
    Command, CommandError, Event, Game, Millis, Outcome, Phase, Reason, FORFEITS_FOR_DRAW,
    INACTIVITY_MS, MOVES_BETWEEN_OFFERS, MOVE_TIME_MS,
};
pub use movegen::{
    apply_move, check_move, has_legal_move, legal_moves, plays, Play, PlayGenerator, Rules,
};
pub use position::{Position, Setup, BAR, CHECKERS, OFF};
pub use record::{Entry, Record, RecordError, FORMAT, VERSION};
pub use types::{BySide, DiceLeft, Die, Move, Origin, Point, Roll, Side, Step, Target};
pub use variant::Variant;
