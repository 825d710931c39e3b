//! Why a command was rejected.

use std::fmt;

use super::{Millis, Phase};
use crate::error::MoveError;
use crate::types::Side;

/// Why a command was rejected. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// A command stamped earlier than the last accepted one (S2).
    TimeWentBack {
        last: Millis,
        now: Millis,
    },
    GameOver,
    NotStarted,
    AlreadyStarted,
    /// Dice arrived when the machine was not waiting for a roll.
    NoRollExpected,
    /// The side is not the one the command needs (the mover, or the responder).
    NotYourTurn {
        side: Side,
    },
    /// Moves and offers need the dice to be rolled and no offer pending.
    NotMoving {
        phase: Phase,
    },
    IllegalMove(MoveError),
    /// Fewer than 4 moves played in the game (R23); `needed` more.
    DrawTooEarly {
        needed: u32,
    },
    /// Fewer than 4 moves since this player's last offer (R26); `needed` more.
    DrawTooSoon {
        needed: u32,
    },
    /// A player whose move time has run out may not offer (S7).
    DrawAfterTimeout,
    NoOffer,
    /// Only the waiting side may claim, and only when the mover's time has run out (S8).
    CannotClaim,
    /// A `dice_late` before the dice exchange's 60 s have run out (S14), or before the lot of a
    /// game without a creation time.
    NotLate,
    /// A `dice_late` when a side is already late for this dice exchange (S14).
    AlreadyLate,
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::TimeWentBack { last, now } => {
                write!(f, "time went back: {now} ms is before the last command at {last} ms")
            }
            CommandError::GameOver => f.write_str("the game is over"),
            CommandError::NotStarted => f.write_str("the game has not started (no lot yet)"),
            CommandError::AlreadyStarted => f.write_str("the game has already started"),
            CommandError::NoRollExpected => f.write_str("no roll is expected now"),
            CommandError::NotYourTurn { side } => write!(f, "it is not {side}'s turn for that"),
            CommandError::NotMoving { phase } => {
                write!(f, "no move can be made now (phase {})", phase.name())
            }
            CommandError::IllegalMove(e) => write!(f, "illegal move: {e}"),
            CommandError::DrawTooEarly { needed } => {
                write!(f, "a draw can be offered after 4 moves in the game; {needed} more needed")
            }
            CommandError::DrawTooSoon { needed } => write!(
                f,
                "a new draw offer needs 4 moves since your last one; {needed} more needed"
            ),
            CommandError::DrawAfterTimeout => {
                f.write_str("your move time has run out: you may not offer a draw")
            }
            CommandError::NoOffer => f.write_str("there is no draw offer to answer"),
            CommandError::CannotClaim => f.write_str(
                "a win on time can be claimed only by the waiting player once the mover's time has run out",
            ),
            CommandError::NotLate => {
                f.write_str("the dice exchange's 60 s have not run out: nobody is late yet")
            }
            CommandError::AlreadyLate => {
                f.write_str("a side is already late for this dice exchange")
            }
        }
    }
}

impl std::error::Error for CommandError {}

impl From<MoveError> for CommandError {
    fn from(e: MoveError) -> Self {
        CommandError::IllegalMove(e)
    }
}
