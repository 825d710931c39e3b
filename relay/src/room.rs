//! A room: everything two devices derive from the invitation's secret, and the sealing of notes
//! into NIP-01 events. The secret never leaves the devices: relays see only the room's public key,
//! a tag derived from the secret, and ChaCha20-Poly1305 ciphertext (with timing and addresses).
//!
//! - `root = SHA-256("vrhcaby room v1" ‖ secret)`; the signing key, the sealing key and the tag are
//!   each `SHA-256(root ‖ label)`.
//! - Every note is an event of kind [`KIND`] with the tag `["t", tag]`, signed (BIP-340) by the
//!   room's key — so relays, which check signatures, pass it on, and nobody without the secret can
//!   forge one — and its content is `hex(nonce ‖ ciphertext)` with the tag as associated data.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Nonce};
use k256::schnorr::SigningKey;

use crate::event::{sha, Event, Invalid};
use crate::frame::Filter;
use crate::{hex, unhex, Note, KIND};

/// Why an event was not taken as a note of this room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejected {
    /// Not an event of our kind, shape or room (anyone's traffic on a public relay).
    Foreign,
    /// Its id is not the hash of its fields.
    BadId,
    /// Not signed by the room's key.
    BadSignature,
    /// The content does not open with the room's key (forged or tampered with).
    Sealed,
    /// It opens, but is not a note.
    NotANote,
}

impl From<Invalid> for Rejected {
    fn from(invalid: Invalid) -> Rejected {
        match invalid {
            Invalid::Oversized | Invalid::Malformed => Rejected::Foreign,
            // A room asks no work: a note's id is judged by its hash alone.
            Invalid::BadId | Invalid::NoWork => Rejected::BadId,
            Invalid::BadSignature => Rejected::BadSignature,
        }
    }
}

pub struct Room {
    key: SigningKey,
    public: String,
    seal: ChaCha20Poly1305,
    tag: String,
}

impl Room {
    #[must_use]
    pub fn new(secret: &[u8]) -> Room {
        let root = sha(&[b"vrhcaby room v1", secret]);
        // A hash is a valid secp256k1 key but for a chance of about 2^-128; hash again then.
        let mut seed = sha(&[&root, b"sign"]);
        let key = loop {
            match SigningKey::from_bytes(&seed) {
                Ok(k) => break k,
                Err(_) => seed = sha(&[&seed]),
            }
        };
        let public = hex(&key.verifying_key().to_bytes());
        let seal_key = sha(&[&root, b"seal"]);
        let tag = hex(&sha(&[&root, b"tag"])[..16]);
        Room {
            key,
            public,
            seal: ChaCha20Poly1305::new((&seal_key).into()),
            tag,
        }
    }

    /// The tag every event of this room carries (what a relay filters on).
    #[must_use]
    pub fn tag(&self) -> &str {
        &self.tag
    }

    /// The room's public key (hex), the author of every event.
    #[must_use]
    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The subscription filter for this room's events since `since` (seconds).
    #[must_use]
    pub fn filter(&self, since: u64) -> Filter {
        Filter {
            kinds: vec![KIND],
            authors: vec![self.public.clone()],
            t: vec![self.tag.clone()],
            since: Some(since),
            ..Filter::default()
        }
    }

    /// `note` as an event signed by the room's key, created at `created_at` (seconds). `nonce`
    /// and `aux` must be fresh random bytes.
    #[must_use]
    pub fn seal(&self, note: &Note, created_at: u64, nonce: [u8; 12], aux: [u8; 32]) -> Event {
        let plain = serde_json::to_vec(note).unwrap_or_default();
        let sealed = self
            .seal
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: &plain,
                    aad: self.tag.as_bytes(),
                },
            )
            .unwrap_or_default();
        let mut content = hex(&nonce);
        content.push_str(&hex(&sealed));
        let tags = vec![vec!["t".to_owned(), self.tag.clone()]];
        Event::signed(&self.key, KIND, created_at, tags, content, &aux)
    }

    /// The note in an event, if it is one of this room's, whole and genuine: of the room's kind,
    /// author and tag (and nothing else), its id and signature checked, then opened.
    pub fn open(&self, event: &Event) -> Result<Note, Rejected> {
        let ours =
            matches!(event.tags.as_slice(), [t] if t.len() == 2 && t[0] == "t" && t[1] == self.tag);
        if event.kind != KIND || event.pubkey != self.public || !ours {
            return Err(Rejected::Foreign);
        }
        event.verify(0)?;
        let bytes = unhex(&event.content).ok_or(Rejected::Sealed)?;
        if bytes.len() < 12 {
            return Err(Rejected::Sealed);
        }
        let (nonce, sealed) = bytes.split_at(12);
        let plain = self
            .seal
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: sealed,
                    aad: self.tag.as_bytes(),
                },
            )
            .map_err(|_| Rejected::Sealed)?;
        serde_json::from_slice(&plain).map_err(|_| Rejected::NotANote)
    }
}

#[cfg(test)]
mod tests;
