//! One NIP-01 event, typed once, and the one place that hashes, signs, mines (NIP-13) and
//! verifies one. A room's notes (`room`) and the lobby's tables and sealed joins (`table`) are
//! all such events; the relay worker reads them out of a relay's frames (`frame`) and hands the
//! typed event on, never its text.
//!
//! The id is the SHA-256 of `[0,pubkey,created_at,kind,tags,content]` as serde_json writes it
//! (no spaces; NIP-01's escapes), so an event made here has the id any relay and client
//! computes.

use std::{fmt, io};

use k256::schnorr::{Signature, SigningKey, VerifyingKey};
use serde::de::value::MapAccessDeserializer;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::{hex, unhex};

/// The largest event text parsed: a room's note with many candidates still fits, and it is the
/// largest relay frame read (`frame::MAX_FRAME_BYTES`). The lobby takes less
/// (`table::MAX_EVENT_BYTES`).
pub const MAX_BYTES: usize = 8_192;

/// A NIP-01 event, its fields named as NIP-01 names them. Parsing checks only the shape (an
/// object with these fields, of these types); whether the id, work and signature hold is
/// [`Event::verify`]'s to say.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Event {
    /// Hex of the SHA-256 of the fields ([`Event::id_of`]), lowercase as made here.
    pub id: String,
    /// The author's BIP-340 public key (hex of 32 bytes).
    pub pubkey: String,
    /// Seconds since the epoch, as the author says.
    pub created_at: u64,
    pub kind: u32,
    pub tags: Vec<Vec<String>>,
    pub content: String,
    /// The author's BIP-340 signature of the id (hex of 64 bytes).
    pub sig: String,
}

/// [`Event`]'s fields as serde's derive reads them: from an object, or (serde's way with any
/// struct) from an array of the fields in order. [`Event`]'s own `Deserialize` takes the object
/// only.
#[derive(Deserialize)]
#[serde(remote = "Event")]
struct Fields {
    id: String,
    pubkey: String,
    created_at: u64,
    kind: u32,
    tags: Vec<Vec<String>>,
    content: String,
    sig: String,
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Event, D::Error> {
        deserializer.deserialize_map(Object)
    }
}

/// Reads an event from an object only.
struct Object;

impl<'de> Visitor<'de> for Object {
    type Value = Event;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a NIP-01 event object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Event, A::Error> {
        Fields::deserialize(MapAccessDeserializer::new(map))
    }
}

/// Why an event's text or fields are not taken, cheapest check first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Longer than [`MAX_BYTES`].
    Oversized,
    /// Not JSON of an event's shape (a field missing or of another type, tags not strings).
    Malformed,
    /// The id is not the hash of the fields.
    BadId,
    /// The id has fewer leading zero bits than asked for.
    NoWork,
    /// The author is no key, or the signature is not the author's.
    BadSignature,
}

/// SHA-256 of `parts`, one after another: the crate's one hash.
pub(crate) fn sha(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// Leading zero bits of `id` (NIP-13's difficulty).
#[must_use]
pub fn leading_zero_bits(id: &[u8]) -> u32 {
    let mut bits = 0;
    for b in id {
        if *b == 0 {
            bits += 8;
        } else {
            return bits + b.leading_zeros();
        }
    }
    bits
}

/// A BIP-340 public key from its hex; `None` if it is not hex of 32 bytes or not on the curve.
/// The length is checked here: k256 panics on a slice of another length.
pub(crate) fn public_key(text: &str) -> Option<VerifyingKey> {
    let bytes = unhex(text).filter(|b| b.len() == 32)?;
    VerifyingKey::from_bytes(&bytes).ok()
}

/// The text NIP-01 hashes into an event's id.
fn preimage(
    pubkey: &str,
    created_at: u64,
    kind: u32,
    tags: &[Vec<String>],
    content: &str,
) -> String {
    // Strings and numbers only: serialising them cannot fail.
    serde_json::to_string(&(0u8, pubkey, created_at, kind, tags, content)).unwrap_or_default()
}

/// Counts the bytes written to it (an event's length without writing its text).
struct Count(usize);

impl io::Write for Count {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Event {
    /// NIP-01's id of an event with these fields.
    #[must_use]
    pub fn id_of(
        pubkey: &str,
        created_at: u64,
        kind: u32,
        tags: &[Vec<String>],
        content: &str,
    ) -> [u8; 32] {
        sha(&[preimage(pubkey, created_at, kind, tags, content).as_bytes()])
    }

    /// An event signed by `key`. `aux` must be fresh random bytes (BIP-340's auxiliary data).
    #[must_use]
    pub fn signed(
        key: &SigningKey,
        kind: u32,
        created_at: u64,
        tags: Vec<Vec<String>>,
        content: String,
        aux: &[u8; 32],
    ) -> Event {
        let pubkey = hex(&key.verifying_key().to_bytes());
        let id = Event::id_of(&pubkey, created_at, kind, &tags, &content);
        let sig = key
            .sign_raw(&id, aux)
            .map(|s| hex(&s.to_bytes()))
            .unwrap_or_default();
        Event {
            id: hex(&id),
            pubkey,
            created_at,
            kind,
            tags,
            content,
            sig,
        }
    }

    /// An event signed by `key` whose id has `work` leading zero bits (NIP-13): `tags` with
    /// `["nonce", n, work]` added last, `n` searched from `start`. The id's text around the
    /// nonce is the same each try: it is hashed once, then only the nonce's digits and what
    /// follows them.
    #[must_use]
    #[allow(clippy::too_many_arguments)]
    pub fn mined(
        key: &SigningKey,
        kind: u32,
        created_at: u64,
        mut tags: Vec<Vec<String>>,
        content: String,
        work: u32,
        start: u64,
        aux: &[u8; 32],
    ) -> Event {
        const MARK: &str = "NONCE";
        let pubkey = hex(&key.verifying_key().to_bytes());
        tags.push(vec!["nonce".into(), MARK.into(), work.to_string()]);
        let text = preimage(&pubkey, created_at, kind, &tags, &content);
        // The mark is the last one before the content (`,"content"]` ends the text): the nonce
        // tag is the last tag, and the content may hold anything.
        let content_len = serde_json::to_string(&content).map_or(0, |c| c.len());
        let (before, after) = text
            .len()
            .checked_sub(content_len + 2)
            .and_then(|end| text.get(..end)?.rfind(MARK))
            .map_or((text.as_str(), ""), |at| {
                (&text[..at], &text[at + MARK.len()..])
            });
        let mut prefix = Sha256::new();
        prefix.update(before.as_bytes());
        let mut nonce = start;
        let digits = loop {
            let digits = nonce.to_string();
            let mut h = prefix.clone();
            h.update(digits.as_bytes());
            h.update(after.as_bytes());
            let id: [u8; 32] = h.finalize().into();
            if leading_zero_bits(&id) >= work {
                break digits;
            }
            nonce = nonce.wrapping_add(1);
        };
        if let Some(nonce) = tags.last_mut() {
            nonce[1] = digits;
        }
        Event::signed(key, kind, created_at, tags, content, aux)
    }

    /// An event from its JSON text: at most [`MAX_BYTES`], of an event's shape (other fields
    /// are ignored). Nothing is verified.
    pub fn parse(text: &str) -> Result<Event, Invalid> {
        if text.len() > MAX_BYTES {
            return Err(Invalid::Oversized);
        }
        serde_json::from_str(text).map_err(|_| Invalid::Malformed)
    }

    /// Whether the event is whole and its author's, cheapest check first: the id is the hash of
    /// the fields, it has `work` leading zero bits, then the BIP-340 signature (the costly
    /// part, last). The id's bytes if so.
    pub fn verify(&self, work: u32) -> Result<[u8; 32], Invalid> {
        let id = Event::id_of(
            &self.pubkey,
            self.created_at,
            self.kind,
            &self.tags,
            &self.content,
        );
        if unhex(&self.id).as_deref() != Some(&id[..]) {
            return Err(Invalid::BadId);
        }
        if leading_zero_bits(&id) < work {
            return Err(Invalid::NoWork);
        }
        let key = public_key(&self.pubkey).ok_or(Invalid::BadSignature)?;
        // k256 panics on a signature of another length than 64 bytes.
        let sig = unhex(&self.sig)
            .filter(|b| b.len() == Signature::BYTE_SIZE)
            .and_then(|b| Signature::try_from(&b[..]).ok())
            .ok_or(Invalid::BadSignature)?;
        key.verify_raw(&id, &sig)
            .map_err(|_| Invalid::BadSignature)?;
        Ok(id)
    }

    /// The first value of the first tag `name` that has one.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find_map(|t| match t.as_slice() {
            [n, value, ..] if n == name => Some(value.as_str()),
            _ => None,
        })
    }

    /// The event's JSON text (NIP-01's object).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The length of [`Event::to_json`]'s text, counted without writing it.
    #[must_use]
    pub fn size(&self) -> usize {
        let mut count = Count(0);
        match serde_json::to_writer(&mut count, self) {
            Ok(()) => count.0,
            Err(_) => usize::MAX,
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
