//! NIP-01's messages on a relay's WebSocket, typed: what a relay says ([`Frame`], parsed once
//! from its text, the event in it handed on typed) and what the worker says to it ([`ToRelay`],
//! serialised once). A relay is anyone's server: a frame it sends that is not NIP-01's — too
//! long, of another shape, a message this crate does not read — is an error value, never a
//! panic.

use std::fmt;

use serde::de::{self, Deserializer, IgnoredAny, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::event::Event;

/// The longest frame read from a relay: one event of [`crate::event::MAX_BYTES`] and its
/// envelope fit in nothing longer.
pub const MAX_FRAME_BYTES: usize = crate::event::MAX_BYTES;

/// What a relay says (NIP-01's relay-to-client messages this crate reads).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Frame {
    /// `["EVENT", sub, event]`: an event for the subscription `sub`.
    Event { sub: String, event: Event },
    /// `["OK", id, accepted, message]`: the relay's verdict on the event `id` sent to it.
    Ok {
        id: String,
        accepted: bool,
        message: String,
    },
    /// `["EOSE", sub]`: the stored events of `sub` are all sent; new ones follow as they come.
    Eose { sub: String },
    /// `["CLOSED", sub, message]`: the relay ended (or refused) the subscription `sub`.
    Closed { sub: String, message: String },
    /// `["NOTICE", message]`: something for a human.
    Notice { message: String },
}

/// Why a relay's text is no [`Frame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadFrame {
    /// Longer than [`MAX_FRAME_BYTES`].
    Oversized,
    /// A message of another name (`AUTH`, `COUNT`, anything): not read.
    Unknown,
    /// Not JSON, not an array led by a name, or a known message of another shape (a field
    /// missing, of another type, out of range, or one too many).
    Malformed,
}

/// A parsed frame, or the name of a message not read.
enum Parsed {
    Known(Frame),
    Unknown,
}

impl Frame {
    /// The frame in a relay's text.
    pub fn parse(text: &str) -> Result<Frame, BadFrame> {
        if text.len() > MAX_FRAME_BYTES {
            return Err(BadFrame::Oversized);
        }
        match serde_json::from_str::<Parsed>(text) {
            Ok(Parsed::Known(frame)) => Ok(frame),
            Ok(Parsed::Unknown) => Err(BadFrame::Unknown),
            Err(_) => Err(BadFrame::Malformed),
        }
    }
}

impl<'de> Deserialize<'de> for Parsed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Parsed, D::Error> {
        deserializer.deserialize_seq(ParsedVisitor)
    }
}

struct ParsedVisitor;

/// The next element of a frame, which must be there.
fn next<'de, T: Deserialize<'de>, A: SeqAccess<'de>>(seq: &mut A) -> Result<T, A::Error> {
    seq.next_element()?
        .ok_or_else(|| de::Error::custom("a field missing"))
}

impl<'de> Visitor<'de> for ParsedVisitor {
    type Value = Parsed;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a NIP-01 relay message")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Parsed, A::Error> {
        let name: String = next(&mut seq)?;
        let frame = match name.as_str() {
            "EVENT" => Frame::Event {
                sub: next(&mut seq)?,
                event: next(&mut seq)?,
            },
            // NIP-01 asks for the message; a relay that leaves it out is still understood.
            "OK" => Frame::Ok {
                id: next(&mut seq)?,
                accepted: next(&mut seq)?,
                message: seq.next_element()?.unwrap_or_default(),
            },
            "EOSE" => Frame::Eose {
                sub: next(&mut seq)?,
            },
            "CLOSED" => Frame::Closed {
                sub: next(&mut seq)?,
                message: seq.next_element()?.unwrap_or_default(),
            },
            "NOTICE" => Frame::Notice {
                message: next(&mut seq)?,
            },
            _ => {
                // The rest is read (and dropped) so the text still has to be JSON.
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                return Ok(Parsed::Unknown);
            }
        };
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(de::Error::custom("an element too many"));
        }
        Ok(Parsed::Known(frame))
    }
}

/// A subscription filter (NIP-01): events of any of `kinds`, by any of `authors`, tagged `t`
/// or `p` with any of those, since `since`. An empty list is left out (it does not filter).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Filter {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub authors: Vec<String>,
    #[serde(rename = "#t", skip_serializing_if = "Vec::is_empty")]
    pub t: Vec<String>,
    #[serde(rename = "#p", skip_serializing_if = "Vec::is_empty")]
    pub p: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub since: Option<u64>,
}

/// What the worker says to a relay (NIP-01's client-to-relay messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToRelay<'a> {
    /// `["REQ", sub, filters…]`: the events that match any of `filters`, stored and to come.
    Req { sub: &'a str, filters: &'a [Filter] },
    /// `["EVENT", event]`: publish `event`.
    Event(&'a Event),
    /// `["CLOSE", sub]`: end the subscription `sub`.
    Close { sub: &'a str },
}

impl ToRelay<'_> {
    /// The message's text, as sent.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl Serialize for ToRelay<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ToRelay::Req { sub, filters } => {
                let mut seq = serializer.serialize_seq(Some(2 + filters.len()))?;
                seq.serialize_element("REQ")?;
                seq.serialize_element(sub)?;
                for f in *filters {
                    seq.serialize_element(f)?;
                }
                seq.end()
            }
            ToRelay::Event(event) => ("EVENT", event).serialize(serializer),
            ToRelay::Close { sub } => ("CLOSE", sub).serialize(serializer),
        }
    }
}

#[cfg(test)]
mod tests;
