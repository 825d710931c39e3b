//! What can go wrong between two devices. Every message says, in plain words, what happened.

use std::fmt;

use vrhcaby_rules::{CommandError, Millis, RecordError, Side};

/// Why a peer message, a local action or a record from the other device was refused.
/// On any error nothing changes, except that [`PeerError::DiceMismatch`] halts the game.
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
    /// A command for a side that may not send it here (a peer command for our side, a local
    /// command for the peer's side, a presence change for ourselves).
    WrongSide { side: Option<Side> },
    /// A command the other device may not send live (dice, the lot, presence changes).
    NotAllowedFromPeer(&'static str),
    /// A command this device's player cannot give (dice, ticks, presence: see `observe`).
    NotAPlayerCommand(&'static str),
    /// A time stamp before the game's last command or too far ahead of our clock.
    TimeOutOfRange { t: Millis, min: Millis, max: Millis },
    /// A clock tick from the other device that is not due at exactly that time.
    BadTick { t: Millis },
    /// A command for a later place in the record than we have reached (a message was lost).
    OutOfOrder { seq: usize, len: usize },
    /// The two records differ at command `seq`.
    Diverged { seq: usize },
    /// The rules refused the command.
    Rejected(CommandError),
    /// A record that cannot be read or replayed.
    Record(RecordError),
    /// A commitment or reveal for a roll other than the one being thrown.
    WrongRoll { roll: u32, current: u32 },
    /// The other device revealed its secret before committing to it.
    RevealBeforeCommit { roll: u32 },
    /// The other device changed its commitment after we had revealed our secret.
    CommitChanged { roll: u32 },
    /// The other device revealed a second, different secret or time for the same roll.
    RevealChanged { roll: u32 },
    /// A synced record holds dice this device did not throw together with the other one.
    DiceUnverified { seq: usize },
    /// A revealed secret does not match its commitment: the game is halted for good.
    DiceMismatch,
    /// The game was halted by a dice mismatch; nothing more is accepted.
    Halted,
    /// The connection is down and this device must wait for it (the other device records).
    Disconnected,
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
                "the other device's clock is off: its time {t} ms is not between {min} and {max} ms"
            ),
            PeerError::BadTick { t } => write!(
                f,
                "the other device sent a clock event at {t} ms, when nothing was due"
            ),
            PeerError::OutOfOrder { seq, len } => write!(
                f,
                "a message from the other device was lost (got command {seq}, expected {len})"
            ),
            PeerError::Diverged { seq } => write!(
                f,
                "the two devices' records of this game differ from command {seq} on"
            ),
            PeerError::Rejected(e) => write!(f, "the rules refused the command: {e}"),
            PeerError::Record(e) => write!(f, "the game record cannot be used: {e}"),
            PeerError::WrongRoll { roll, current } => write!(
                f,
                "the other device sent dice data for roll {roll} while roll {current} is being thrown"
            ),
            PeerError::RevealBeforeCommit { roll } => write!(
                f,
                "the other device revealed its dice secret for roll {roll} before committing to it"
            ),
            PeerError::CommitChanged { roll } => write!(
                f,
                "the other device tried to change its dice commitment for roll {roll}"
            ),
            PeerError::RevealChanged { roll } => write!(
                f,
                "the other device revealed two different dice secrets for roll {roll}"
            ),
            PeerError::DiceUnverified { seq } => write!(
                f,
                "the other device's record has dice at command {seq} that this device did not throw with it"
            ),
            PeerError::DiceMismatch => {
                f.write_str("the other device sent dice that do not match its commitment")
            }
            PeerError::Halted => f.write_str(
                "this game was stopped because the other device sent dice that do not match its commitment",
            ),
            PeerError::Disconnected => {
                f.write_str("the connection to the other device is down; wait for it to come back")
            }
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
