//! Typed errors. Each says what was wrong with what it was given; a rejected command changes nothing.

use std::fmt;

pub use crate::types::ValueError;
use crate::types::{Origin, Side, Target};

/// Why a [`crate::Setup`] is not a valid position (S11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A side's array does not have 26 entries.
    WrongLength { side: Side, len: usize },
    /// A count is negative or absurdly large.
    BadCount {
        side: Side,
        index: usize,
        count: i64,
    },
    /// A side does not have exactly 15 checkers (counting those borne off).
    WrongTotal { side: Side, total: i64 },
    /// Both colours stand on one point (White's numbering).
    SharedPoint { white_point: u8 },
    /// A side has already borne off all 15: the game would be over before it starts.
    Finished { side: Side },
    /// Standard: the match context cannot start a game (the match is over, or a Crawford state
    /// that cannot come about).
    Context(ContextError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::WrongLength { side, len } => write!(
                f,
                "{side} must list 26 counts (0 = off, 1..24 = points, 25 = bar), not {len}"
            ),
            SetupError::BadCount { side, index, count } => {
                write!(f, "{side} has an impossible count {count} at index {index}")
            }
            SetupError::WrongTotal { side, total } => {
                write!(f, "{side} must have 15 checkers in all, not {total}")
            }
            SetupError::SharedPoint { white_point } => write!(
                f,
                "both colours stand on White's point {white_point} (Black's {})",
                25 - white_point
            ),
            SetupError::Finished { side } => {
                write!(f, "{side} has already borne off all 15 checkers")
            }
            SetupError::Context(e) => write!(f, "bad match context: {e}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a single move is not legal now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// No checker of the mover stands on the origin.
    NoChecker { from: Origin },
    /// A checker is on the bar, so only entries may be played (R8).
    MustEnter { from: Origin },
    /// No die left takes the checker from `from` to `to`.
    NoDie { from: Origin, to: Target },
    /// The target holds two or more opposing checkers (R6).
    Blocked { from: Origin, to: Target },
    /// Bearing off needs every checker home (R12) and the die rules of R13–R14.
    CannotBearOff { from: Origin },
    /// Standard backgammon (T3): the move begins no play that uses as many dice as possible
    /// (or, when only one die can be used, the higher).
    NotMaximal { from: Origin, to: Target },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NoChecker { from } => write!(f, "no checker of the mover on {from}"),
            MoveError::MustEnter { from } => {
                write!(
                    f,
                    "a checker is on the bar: it must enter before {from} can move"
                )
            }
            MoveError::NoDie { from, to } => write!(f, "no die left moves {from} to {to}"),
            MoveError::Blocked { from, to } => {
                write!(
                    f,
                    "{from} to {to}: the target is blocked by two or more checkers"
                )
            }
            MoveError::CannotBearOff { from } => write!(f, "{from} cannot bear off now"),
            MoveError::NotMaximal { from, to } => write!(
                f,
                "{from} to {to}: the dice must be used in full where possible (else the higher die)"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// Why a game cannot start from a context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContextError {
    /// A score at or past the match length: the match is over.
    MatchOver,
    /// A Crawford state that cannot come about with this score or these options.
    Crawford,
}

impl std::fmt::Display for ContextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ContextError::MatchOver => f.write_str("the score already ends the match"),
            ContextError::Crawford => {
                f.write_str("the Crawford state does not fit the score and the options")
            }
        }
    }
}

impl std::error::Error for ContextError {}
