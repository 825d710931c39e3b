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

/// Everything that crosses the DataChannel. JSON, one flat object tagged by `type`:
/// `{"type":"hello",...}`. (Read through [`Wire`]: a flat struct keeps the decoder small in wasm.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Wire", into = "Wire")]
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

/// The JSON shape of a [`Message`]: the tag and every field any message may carry.
#[derive(Default, Serialize, Deserialize)]
struct Wire {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    version: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    game_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seat: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    record_len: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    record_hash: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seq: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    entry: Option<Entry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    roll: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hash: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    t: Option<Millis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    record: Option<String>,
}

impl From<Message> for Wire {
    fn from(m: Message) -> Wire {
        let kind = |k: &str| k.to_string();
        match m {
            Message::Hello {
                version,
                game_id,
                seat,
                record_len,
                record_hash,
            } => Wire {
                kind: kind("hello"),
                version: Some(version),
                game_id: Some(game_id),
                seat: Some(seat),
                record_len: Some(record_len),
                record_hash: Some(record_hash),
                ..Wire::default()
            },
            Message::Command { seq, entry } => Wire {
                kind: kind("command"),
                seq: Some(seq),
                entry: Some(entry),
                ..Wire::default()
            },
            Message::Commit { roll, hash } => Wire {
                kind: kind("commit"),
                roll: Some(roll),
                hash: Some(hash),
                ..Wire::default()
            },
            Message::Reveal { roll, secret, t } => Wire {
                kind: kind("reveal"),
                roll: Some(roll),
                secret: Some(secret),
                t: Some(t),
                ..Wire::default()
            },
            Message::Heartbeat { t } => Wire {
                kind: kind("heartbeat"),
                t: Some(t),
                ..Wire::default()
            },
            Message::Sync { record } => Wire {
                kind: kind("sync"),
                record: Some(record),
                ..Wire::default()
            },
        }
    }
}

impl TryFrom<Wire> for Message {
    type Error = String;
    fn try_from(w: Wire) -> Result<Message, String> {
        fn need<T>(v: Option<T>, kind: &str, field: &str) -> Result<T, String> {
            v.ok_or_else(|| format!("missing field `{field}` in a {kind} message"))
        }
        let k = w.kind.as_str();
        Ok(match k {
            "hello" => Message::Hello {
                version: need(w.version, k, "version")?,
                game_id: need(w.game_id, k, "game_id")?,
                seat: need(w.seat, k, "seat")?,
                record_len: need(w.record_len, k, "record_len")?,
                record_hash: need(w.record_hash, k, "record_hash")?,
            },
            "command" => Message::Command {
                seq: need(w.seq, k, "seq")?,
                entry: need(w.entry, k, "entry")?,
            },
            "commit" => Message::Commit {
                roll: need(w.roll, k, "roll")?,
                hash: need(w.hash, k, "hash")?,
            },
            "reveal" => Message::Reveal {
                roll: need(w.roll, k, "roll")?,
                secret: need(w.secret, k, "secret")?,
                t: need(w.t, k, "t")?,
            },
            "heartbeat" => Message::Heartbeat {
                t: need(w.t, k, "t")?,
            },
            "sync" => Message::Sync {
                record: need(w.record, k, "record")?,
            },
            other => return Err(format!("unknown message type {other:?}")),
        })
    }
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
