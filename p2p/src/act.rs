//! What a device adds to its own log: a rules command (its player's, a clock tick, or a
//! judgement about the other side) or its part of a dice exchange. Each act records how many of
//! the other device's acts its author had seen, which orders the two logs (see `fold`).

use serde::{Deserialize, Serialize};
use vrhcaby_rules::{Command, Entry, Millis, Side};

use crate::dice::{from_hex32, to_hex};

/// One act of one device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// A rules command: the author's player's command, a `tick`, or a judgement about the
    /// other side (`offline`, `dice_late`).
    Cmd(Command),
    /// The author's commitment for roll index `roll` (0 is the lot): [`crate::commitment`].
    Commit { roll: u32, hash: [u8; 32] },
    /// The author's secret for roll index `roll`.
    Reveal { roll: u32, secret: [u8; 32] },
    /// Standard backgammon (S18): the author, about to roll while it may double, chooses to
    /// roll. No device reveals its part of roll `roll` before it holds this choice, and the
    /// author may not double after it.
    Roll { roll: u32 },
}

/// An act with its time stamp (shared time, see `clock`) and how many acts of the other
/// device its author had received when it acted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Authored {
    pub t: Millis,
    pub seen: u32,
    pub act: Act,
}

/// A judgement is an act about the other side: this device says the other was offline when
/// its time ran out (R18), or that its part of a dice exchange was missing after 60 s (S14).
#[must_use]
pub fn judged(act: &Act, author: Side) -> bool {
    match act {
        Act::Cmd(Command::Offline { side } | Command::DiceLate { side }) => *side != author,
        _ => false,
    }
}

/// The JSON shape of an [`Authored`] act: `{"seen":3,"entry":{"t":5,"cmd":"move",...}}`,
/// `{"seen":3,"t":5,"roll":1,"hash":"…"}`, `{"seen":3,"t":5,"roll":1,"secret":"…"}` or (the
/// choice to roll) `{"seen":3,"t":5,"roll":1}`.
#[derive(Serialize, Deserialize)]
pub(crate) struct AuthoredWire {
    pub seen: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<Entry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub t: Option<Millis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
}

impl From<&Authored> for AuthoredWire {
    fn from(a: &Authored) -> AuthoredWire {
        let mut w = AuthoredWire {
            seen: a.seen,
            entry: None,
            t: None,
            roll: None,
            hash: None,
            secret: None,
        };
        match a.act {
            Act::Cmd(cmd) => w.entry = Some(Entry { t: a.t, cmd }),
            Act::Commit { roll, hash } => {
                w.t = Some(a.t);
                w.roll = Some(roll);
                w.hash = Some(to_hex(&hash));
            }
            Act::Reveal { roll, secret } => {
                w.t = Some(a.t);
                w.roll = Some(roll);
                w.secret = Some(to_hex(&secret));
            }
            Act::Roll { roll } => {
                w.t = Some(a.t);
                w.roll = Some(roll);
            }
        }
        w
    }
}

impl TryFrom<AuthoredWire> for Authored {
    type Error = String;
    fn try_from(w: AuthoredWire) -> Result<Authored, String> {
        let hex = |s: &str, what: &str| {
            from_hex32(s).ok_or_else(|| format!("a dice {what} must be 64 hex digits"))
        };
        let (t, act) = match (w.entry, w.t, w.roll, w.hash, w.secret) {
            (Some(e), None, None, None, None) => (e.t, Act::Cmd(e.cmd)),
            (None, Some(t), Some(roll), Some(h), None) => (
                t,
                Act::Commit {
                    roll,
                    hash: hex(&h, "commitment")?,
                },
            ),
            (None, Some(t), Some(roll), None, None) => (t, Act::Roll { roll }),
            (None, Some(t), Some(roll), None, Some(s)) => (
                t,
                Act::Reveal {
                    roll,
                    secret: hex(&s, "secret")?,
                },
            ),
            _ => return Err(
                "an act is a command entry, or a time and a roll (with a commitment or a secret)"
                    .to_string(),
            ),
        };
        Ok(Authored {
            t,
            seen: w.seen,
            act,
        })
    }
}

impl Serialize for Authored {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        AuthoredWire::from(self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Authored {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Authored, D::Error> {
        let w = AuthoredWire::deserialize(d)?;
        Authored::try_from(w).map_err(serde::de::Error::custom)
    }
}

/// A command a player gives (not a tick, presence, dice or a judgement about the other side).
#[must_use]
pub fn is_player_command(cmd: &Command) -> bool {
    // Standard backgammon's commands are players' too, but for the opening roll (dice).
    (cmd.is_standard() && !matches!(cmd, Command::Opening { .. }))
        || matches!(
            cmd,
            Command::Move { .. }
                | Command::OfferDraw { .. }
                | Command::AcceptDraw { .. }
                | Command::DeclineDraw { .. }
                | Command::Resign { .. }
                | Command::ClaimWin { .. }
                | Command::Leave { .. }
        )
}
