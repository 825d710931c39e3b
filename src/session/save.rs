//! The save file: one slot per kind of game, each text tagged with its kind, so a hot-seat game,
//! a peer game and a game against the computer in progress are kept side by side and saving one
//! never removes another. Saves from the first format (one slot for every kind) are migrated.

use serde::Deserialize;
use vrhcaby_rules::RecordError;

use super::PeerError;

/// A kind of game, and its save slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Local,
    Peer,
    Bot,
}

/// The single slot of the first save format; its text moves to its kind's slot on first load.
pub const LEGACY_KEY: &str = "vrhcaby.local.v1";

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Local, Kind::Peer, Kind::Bot];

    /// The tag in the saved text and the value of `data-kind`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Local => "local",
            Kind::Peer => "peer",
            Kind::Bot => "bot",
        }
    }

    /// The localStorage key of this kind's slot.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Kind::Local => "vrhcaby.save.local",
            Kind::Peer => "vrhcaby.save.peer",
            Kind::Bot => "vrhcaby.save.bot",
        }
    }

    /// The name of the lock that keeps a game of this kind open in one tab only.
    #[must_use]
    pub fn lock_name(self) -> &'static str {
        match self {
            Kind::Local => "vrhcaby.game.local",
            Kind::Peer => "vrhcaby.game.peer",
            Kind::Bot => "vrhcaby.game.bot",
        }
    }

    fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// The kind a saved text is tagged with, if it can be read at all.
#[must_use]
pub fn kind_of(text: &str) -> Option<Kind> {
    #[derive(Deserialize)]
    struct Tag {
        kind: String,
    }
    Kind::from_name(&serde_json::from_str::<Tag>(text).ok()?.kind)
}

/// A part of a save in its serde form, or in the one-string form saves had before it (version 1
/// of a local save, version 2 of a peer save), read through `decode` and written anew in the
/// serde form at the next save.
pub enum Form<T> {
    Now(T),
    Before(String),
}

/// A string is the old form, an object the new (read without serde's buffering of an untagged
/// enum, which would grow the first load).
impl<'de, T: Deserialize<'de>> Deserialize<'de> for Form<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::{self, MapAccess, Visitor};
        struct Either<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Either<T> {
            type Value = Form<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string or an object")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Form<T>, E> {
                Ok(Form::Before(text.to_owned()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Form<T>, A::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(map)).map(Form::Now)
            }
        }
        d.deserialize_any(Either(std::marker::PhantomData))
    }
}

impl<T> Form<T> {
    /// The value, the old form read by `decode`; `None` when spoiled.
    pub fn read(self, decode: impl FnOnce(&str) -> Option<T>) -> Option<T> {
        match self {
            Form::Now(v) => Some(v),
            Form::Before(text) => decode(&text),
        }
    }
}

/// The slot a first-format save belongs in: its kind's, or the hot-seat slot when it cannot be
/// read (where the start screen reports it and offers a fresh game).
#[must_use]
pub fn legacy_slot(text: &str) -> Kind {
    kind_of(text).unwrap_or(Kind::Local)
}

/// Why a saved game cannot be continued. Translated for the player by `i18n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not a saved game at all.
    Unreadable,
    /// A save format this version does not know.
    UnknownVersion { version: u32 },
    /// The game record is broken or breaks a rule.
    Record(RecordError),
    /// The peer game's data cannot be used.
    Peer(PeerError),
    /// A game with a friend saved under the first peer protocol (one record, v1): protocol v2
    /// cannot continue it.
    OldPeerGame,
    /// A game with another device, read by the connection (`Session::load_peer`), never here.
    Elsewhere,
}

/// What a saved game with another device says of itself without being read whole (that takes
/// the connection's chunk): whether it is over, and whether it is an invitation nobody used.
/// A save from before these were written says neither (`None`).
#[derive(Debug, Default, serde::Deserialize)]
pub struct PeerSummary {
    #[serde(default)]
    pub over: Option<bool>,
    #[serde(default)]
    pub unused: Option<bool>,
}

/// The summary of a saved game with another device (see [`PeerSummary`]); a game saved by the
/// first peer protocol cannot be continued.
pub fn peer_summary(text: &str) -> Result<PeerSummary, LoadError> {
    #[derive(serde::Deserialize)]
    struct Outer {
        version: u32,
        #[serde(default)]
        summary: Option<PeerSummary>,
    }
    let outer = serde_json::from_str::<Outer>(text).map_err(|_| LoadError::Unreadable)?;
    if outer.version == 1 {
        return Err(LoadError::OldPeerGame);
    }
    Ok(outer.summary.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_read_from_the_tag() {
        assert_eq!(kind_of(r#"{"version":1,"kind":"peer"}"#), Some(Kind::Peer));
        assert_eq!(kind_of(r#"{"kind":"local","x":1}"#), Some(Kind::Local));
        assert_eq!(kind_of(r#"{"kind":"bot"}"#), Some(Kind::Bot));
        assert_eq!(kind_of(r#"{"kind":"chess"}"#), None);
        assert_eq!(kind_of("{"), None);
        assert_eq!(legacy_slot("garbage"), Kind::Local);
        assert_eq!(legacy_slot(r#"{"kind":"peer"}"#), Kind::Peer);
    }

    #[test]
    fn every_kind_has_its_own_slot_and_lock() {
        for a in Kind::ALL {
            for b in Kind::ALL {
                if a != b {
                    assert_ne!(a.key(), b.key());
                    assert_ne!(a.lock_name(), b.lock_name());
                }
            }
            assert_ne!(a.key(), LEGACY_KEY);
            assert_eq!(Kind::from_name(a.name()), Some(a));
        }
    }
}
