//! The messages that cross the DataChannel, as JSON text.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use vrhcaby_rules::{Entry, Millis, Record, Side};

use crate::dice::to_hex;
use crate::error::PeerError;

/// The protocol version, sent in [`Message::Hello`].
pub const VERSION: u32 = 1;
/// A peer's time stamp may be at most this far ahead of our clock.
pub const CLOCK_TOLERANCE_MS: u64 = 5_000;
/// Messages longer than this are refused unread (a whole record is far smaller).
pub const MAX_MESSAGE_LEN: usize = 4 << 20;

/// Everything that crosses the DataChannel. JSON, internally tagged: `{"type":"hello",...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    /// Sent first on every (re)connection.
    Hello {
        version: u32,
        game_id: String,
        /// The sender's seat.
        seat: Side,
        record_len: usize,
        record_hash: String,
    },
    /// A command the sender applied, at index `seq` of the record (= record length before it).
    Command {
        seq: usize,
        entry: Entry,
    },
    /// The sender's commitment for roll index `roll`: 64 hex digits of [`crate::commitment`].
    Commit {
        roll: u32,
        hash: String,
    },
    /// The sender's secret for roll index `roll` (64 hex digits) and its time stamp.
    Reveal {
        roll: u32,
        secret: String,
        t: Millis,
    },
    Heartbeat {
        t: Millis,
    },
    /// The sender's whole record (JSON), sent after Hello when the records differ.
    Sync {
        record: String,
    },
}

/// The message as one line of JSON.
#[must_use]
pub fn encode(m: &Message) -> String {
    serde_json::to_string(m).unwrap_or_default()
}

/// Reads a message; anything else is [`PeerError::Malformed`] (never a panic).
pub fn decode(text: &str) -> Result<Message, PeerError> {
    if text.len() > MAX_MESSAGE_LEN {
        return Err(PeerError::Malformed(format!(
            "a message of {} bytes is too long",
            text.len()
        )));
    }
    serde_json::from_str(text).map_err(|e| PeerError::Malformed(e.to_string()))
}

/// Hex SHA-256 of the record's JSON ([`Record::to_json`]).
#[must_use]
pub fn record_hash(r: &Record) -> String {
    to_hex(&Sha256::digest(r.to_json().as_bytes()))
}
