//! What can go wrong between two devices. Every message says, in plain words, what happened.

use std::fmt;

use vrhcaby_rules::{CommandError, Millis, RecordError, Side};

/// Why a peer message, a local action or a saved game was refused. On any error nothing
/// changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeerError {
    /// Not a message of this protocol (bad JSON, unknown type, missing or bad fields).
    Malformed(String),
    /// The other device speaks another protocol version.
    Version { ours: u32, theirs: u32 },
    /// The other device is in another game.
    WrongGame { ours: String, theirs: String },
    /// The other device plays the same colour as this one.
    SameSeat(Side),
    /// The other device's game is under other rules or options (house rules against standard,
    /// another match length, …).
    WrongRules,
    /// A command for a side that may not send it here (a peer command for our side, a local
    /// command for the peer's side).
    WrongSide { side: Option<Side> },
    /// A command the other device may not send (dice, the lot, presence changes about itself).
    NotAllowedFromPeer(&'static str),
    /// A command this device's player cannot give (dice, ticks, presence).
    NotAPlayerCommand(&'static str),
    /// A time stamp before what came before it, or too far ahead of our clock.
    TimeOutOfRange { t: Millis, min: Millis, max: Millis },
    /// An act for a later place in the other device's log than we have reached (a message was
    /// lost; it is asked for again).
    OutOfOrder { n: u32, len: u32 },
    /// The other device sent a different act for a place we already hold.
    Changed { n: u32 },
    /// The other device says it holds acts of ours that this device does not have.
    Lost { have: u32, ours: u32 },
    /// The rules refused the command.
    Rejected(CommandError),
    /// A saved game that cannot be used.
    Record(RecordError),
    /// A commitment or reveal for a roll other than the one being thrown, a second commitment,
    /// or a reveal before both commitments.
    BadDiceMessage { roll: u32 },
    /// The other device says we were offline or late with the dice, but this device was
    /// connected then.
    PresenceUnseen { t: Millis },
    /// The other device says we were offline or late with the dice at `t`, and the link was
    /// indeed down then — but our act had gone out in time over a channel this device had not
    /// seen closed, and never reached it (S17): our record keeps the act as made.
    InFlight { t: Millis },
    /// A claim (Don't wait) that came before our own clock ran out (S15).
    EarlyClaim,
    /// Our player may not claim yet: the other side's time (with the connection's grace) has
    /// not run out on this device.
    NotLateYet,
    /// A log or a message is longer than a real game could need.
    TooLong,
    /// A heartbeat of the other device puts its clock outside the bounds this device measured
    /// from the heartbeats before it (the other clock cannot be in both places).
    ClockLie,
}

impl fmt::Display for PeerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeerError::Malformed(m) => {
                write!(f, "the other device sent a message this game cannot read ({m})")
            }
            PeerError::Version { ours, theirs } => write!(
                f,
                "the other device runs a different version of the game (protocol {theirs}, \
                 this device {ours}); both players need to reload the page"
            ),
            PeerError::WrongGame { .. } => {
                f.write_str("the other device is connected to a different game")
            }
            PeerError::SameSeat(side) => write!(
                f,
                "both devices play {side}; one of them must take the other colour"
            ),
            PeerError::WrongRules => {
                f.write_str("the other device's game is played under other rules or options")
            }
            PeerError::WrongSide { side: Some(side) } => {
                write!(f, "that command is not {side}'s to give from this device")
            }
            PeerError::WrongSide { side: None } => {
                f.write_str("that command does not name the right player")
            }
            PeerError::NotAllowedFromPeer(name) => {
                write!(f, "the other device may not send the command {name:?}")
            }
            PeerError::NotAPlayerCommand(name) => {
                write!(f, "the command {name:?} is not a player's action")
            }
            PeerError::TimeOutOfRange { t, min, max } => write!(
                f,
                "the other device's time {t} ms is not between {min} and {max} ms"
            ),
            PeerError::OutOfOrder { n, len } => write!(
                f,
                "a message from the other device was lost (got act {n}, expected {len}); it is asked for again"
            ),
            PeerError::Changed { n } => {
                write!(f, "the other device changed its act {n} after sending it")
            }
            PeerError::Lost { have, ours } => write!(
                f,
                "the other device holds {have} acts of this device, but this device has only {ours}"
            ),
            PeerError::Rejected(e) => write!(f, "the rules refused the command: {e}"),
            PeerError::Record(e) => write!(f, "the game record cannot be used: {e}"),
            PeerError::BadDiceMessage { roll } => write!(
                f,
                "the other device sent dice data for roll {roll} that does not fit the exchange"
            ),
            PeerError::PresenceUnseen { t } => write!(
                f,
                "the other device says this device was offline or late at {t} ms, but it was connected"
            ),
            PeerError::InFlight { t } => write!(
                f,
                "the other device says this device was offline or late at {t} ms, but this device's act had gone out in time before the connection dropped"
            ),
            PeerError::EarlyClaim => f.write_str(
                "the other device claimed the win before this device's time had run out",
            ),
            PeerError::NotLateYet => f.write_str(
                "the other side's time has not run out on this device yet (2 s are allowed for the connection)",
            ),
            PeerError::TooLong => f.write_str("the game's log is longer than any real game"),
            PeerError::ClockLie => f.write_str(
                "the other device's clock readings contradict the ones before them; this device keeps its own measurement",
            ),
        }
    }
}

impl PeerError {
    /// A short name for the [`crate::Message::Diverged`] sent back when an act is refused.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            PeerError::Malformed(_) => "malformed",
            PeerError::Version { .. } => "version",
            PeerError::WrongGame { .. } => "wrong_game",
            PeerError::SameSeat(_) => "same_seat",
            PeerError::WrongRules => "wrong_rules",
            PeerError::WrongSide { .. } => "wrong_side",
            PeerError::NotAllowedFromPeer(_) => "not_allowed",
            PeerError::NotAPlayerCommand(_) => "not_a_player_command",
            PeerError::TimeOutOfRange { .. } => "time",
            PeerError::OutOfOrder { .. } => "out_of_order",
            PeerError::Changed { .. } => "changed",
            PeerError::Lost { .. } => "lost",
            PeerError::Rejected(_) => "rules",
            PeerError::Record(_) => "record",
            PeerError::BadDiceMessage { .. } => "dice",
            PeerError::PresenceUnseen { .. } => "presence",
            PeerError::InFlight { .. } => "in_flight",
            PeerError::EarlyClaim => "early_claim",
            PeerError::NotLateYet => "not_late",
            PeerError::TooLong => "too_long",
            PeerError::ClockLie => "clock",
        }
    }
}

impl std::error::Error for PeerError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PeerError::Rejected(e) => Some(e),
            PeerError::Record(e) => Some(e),
            _ => None,
        }
    }
}

impl From<CommandError> for PeerError {
    fn from(e: CommandError) -> Self {
        PeerError::Rejected(e)
    }
}
