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
    /// The command does not exist under these rules (a draw in standard backgammon, T9; the
    /// cube under the house rules, R20).
    NotInRules {
        command: &'static str,
    },
    /// Standard: this side may not double now.
    CannotDouble(DoubleBar),
    /// Standard: no double (beaver, raccoon) waits for an answer.
    NoDouble,
    /// Standard: no beaver or raccoon is possible (not agreed, the wrong step, beyond 64).
    CannotBeaver,
    /// Standard: no resignation waits for an answer.
    NoResignOffer,
    /// Standard: a double or a resignation is waiting for its answer.
    AnswerPending,
}

/// Why a side may not double (T4, T8, T11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DoubleBar {
    /// The cube is not used in this game.
    NoCube,
    /// Only before rolling, by the side on turn.
    NotBeforeRoll,
    /// The cube belongs to the opponent.
    NotOwner,
    /// The cube is at 64.
    AtMax,
    /// The Crawford game has no doubling.
    Crawford,
    /// The Holland rule: the trailer doubles only once each side has rolled twice.
    Holland,
}

impl DoubleBar {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            DoubleBar::NoCube => "no_cube",
            DoubleBar::NotBeforeRoll => "not_before_roll",
            DoubleBar::NotOwner => "not_owner",
            DoubleBar::AtMax => "at_max",
            DoubleBar::Crawford => "crawford",
            DoubleBar::Holland => "holland",
        }
    }
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
            CommandError::NotInRules { command } => {
                write!(f, "{command:?} does not exist under these rules")
            }
            CommandError::CannotDouble(bar) => f.write_str(match bar {
                DoubleBar::NoCube => "this game is played without the cube",
                DoubleBar::NotBeforeRoll => "a double is offered only before rolling, by the side on turn",
                DoubleBar::NotOwner => "the cube belongs to the opponent",
                DoubleBar::AtMax => "the cube is at 64",
                DoubleBar::Crawford => "no doubling in the Crawford game",
                DoubleBar::Holland => {
                    "the Holland rule: the trailer doubles only once each side has rolled twice"
                }
            }),
            CommandError::NoDouble => f.write_str("no double waits for an answer"),
            CommandError::CannotBeaver => f.write_str("no beaver or raccoon is possible now"),
            CommandError::NoResignOffer => f.write_str("no resignation waits for an answer"),
            CommandError::AnswerPending => {
                f.write_str("a double or a resignation is waiting for its answer")
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
