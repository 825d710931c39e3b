//! The messages that cross the DataChannel, as JSON text.

use serde::{Deserialize, Serialize};
use vrhcaby_rules::{Entry, Millis, Options, Side};

use crate::act::{Act, Authored, AuthoredWire};
use crate::error::PeerError;

/// The protocol version, sent in [`Message::Hello`]. Version 2: two logs of acts (no records
/// cross the link); version 3: the choice to roll (`roll`, S18); version 4: the fold's
/// judgements about one instant (an `offline` off its move clock is void; the mark of one in an
/// exchange ends when the dice are thrown) and the checks of issue 39; version 5 (issue 49):
/// heartbeats say how many acts their sender had made (`made`), a reveal crossing a choice
/// (a double, a resignation offer) comes first, and the trust rules of S20 — a device of
/// version 4 would fold some records differently, so the two do not play each other.
pub const VERSION: u32 = 5;
/// Messages longer than this are refused unread (the longest real message, a command, is
/// about 150 bytes).
pub const MAX_MESSAGE_LEN: usize = 4 << 10;

/// Everything that crosses the DataChannel. JSON, one flat object tagged by `type`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Wire", into = "Wire")]
pub enum Message {
    /// Sent first on every (re)connection: who we are and how many acts of each log we hold.
    Hello {
        version: u32,
        game_id: String,
        /// The sender's seat.
        seat: Side,
        /// How many acts of the receiver this device holds (the receiver re-sends the rest).
        have: u32,
        /// Standard backgammon's options of the sender's game (`None`: the house rules). The
        /// guest's game is made under the host's; after that they must agree.
        options: Option<Options>,
    },
    /// Act number `n` of the sender's log (`command`, `commit` or `reveal` on the wire).
    Act { n: u32, act: Authored },
    /// Every second: the sender's clock and the last heartbeat it received (`echo`, held for
    /// `held` ms), for the clock offset (NTP-style), how many of our acts it holds (`have`) and
    /// how many acts of its own it had made (`made`): every act of it from index `made` on was
    /// made after this heartbeat, having seen at least `have` of ours (S20).
    Heartbeat {
        t: Millis,
        echo: Option<Millis>,
        held: Millis,
        have: u32,
        made: u32,
    },
    /// The sender refused our act `n` for good (`code` names the reason): the records differ.
    Diverged { n: u32, code: String },
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
    have: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    n: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seen: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    entry: Option<Entry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    t: Option<Millis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    roll: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hash: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    echo: Option<Millis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    held: Option<Millis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    made: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    options: Option<Options>,
}

impl From<Message> for Wire {
    fn from(m: Message) -> Wire {
        match m {
            Message::Hello {
                version,
                game_id,
                seat,
                have,
                options,
            } => Wire {
                kind: "hello".into(),
                version: Some(version),
                game_id: Some(game_id),
                seat: Some(seat),
                have: Some(have),
                options,
                ..Wire::default()
            },
            Message::Act { n, act } => {
                let a = AuthoredWire::from(&act);
                let kind = match act.act {
                    Act::Cmd(_) => "command",
                    Act::Commit { .. } => "commit",
                    Act::Reveal { .. } => "reveal",
                    Act::Roll { .. } => "roll",
                };
                Wire {
                    kind: kind.into(),
                    n: Some(n),
                    seen: Some(a.seen),
                    entry: a.entry,
                    t: a.t,
                    roll: a.roll,
                    hash: a.hash,
                    secret: a.secret,
                    ..Wire::default()
                }
            }
            Message::Heartbeat {
                t,
                echo,
                held,
                have,
                made,
            } => Wire {
                kind: "heartbeat".into(),
                t: Some(t),
                echo,
                held: Some(held),
                have: Some(have),
                made: Some(made),
                ..Wire::default()
            },
            Message::Diverged { n, code } => Wire {
                kind: "diverged".into(),
                n: Some(n),
                code: Some(code),
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
                have: need(w.have, k, "have")?,
                options: w.options,
            },
            "command" | "commit" | "reveal" | "roll" => {
                let n = need(w.n, k, "n")?;
                let wire = AuthoredWire {
                    seen: need(w.seen, k, "seen")?,
                    entry: w.entry,
                    t: w.t,
                    roll: w.roll,
                    hash: w.hash,
                    secret: w.secret,
                };
                let act = Authored::try_from(wire)?;
                let kind_fits = matches!(
                    (k, act.act),
                    ("command", Act::Cmd(_))
                        | ("commit", Act::Commit { .. })
                        | ("reveal", Act::Reveal { .. })
                        | ("roll", Act::Roll { .. })
                );
                if !kind_fits {
                    return Err(format!("a {k} message with the fields of another kind"));
                }
                Message::Act { n, act }
            }
            "heartbeat" => Message::Heartbeat {
                t: need(w.t, k, "t")?,
                echo: w.echo,
                held: w.held.unwrap_or(0),
                have: need(w.have, k, "have")?,
                made: need(w.made, k, "made")?,
            },
            "diverged" => Message::Diverged {
                n: need(w.n, k, "n")?,
                code: need(w.code, k, "code")?,
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
