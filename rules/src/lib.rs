#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]

pub mod bench;
pub mod cli;
mod command;
mod cube;
pub mod decide;
mod dice;
mod error;
mod game;
pub mod ids;
pub mod mat;
mod matchplay;
mod movegen;
pub mod notation;
mod position;
pub mod proof;
mod record;
mod types;
mod variant;

pub use cube::{Cube, Offer, Stage, CUBE_MAX};
pub use dice::{DiceSource, SeededDice};
pub use error::{MoveError, SetupError, ValueError};
pub use game::{
    Command, CommandError, DoubleBar, Event, Game, Kind, Millis, Outcome, Phase, Reason, Score,
    FORFEITS_FOR_DRAW, INACTIVITY_MS, MOVES_BETWEEN_OFFERS, MOVE_TIME_MS,
};
pub use matchplay::{ContextError, Crawford, MatchContext};
pub use movegen::{
    apply_move, check_move, has_legal_move, legal_moves, plays, standard_check_move,
    standard_legal_moves, After, Play, PlayGenerator, Rules,
};
pub use position::{Position, Setup, BAR, CHECKERS, OFF};
pub use record::{Entry, Record, RecordError, FORMAT, VERSION};
pub use types::{BySide, DiceLeft, Die, Move, Origin, Point, Roll, Side, Step, Target};
pub use variant::{Clock, Options, OptionsError, Variant, MAX_AUTO_DOUBLES, MAX_MATCH_LENGTH};
