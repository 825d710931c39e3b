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
use k256::schnorr::{Signature, SigningKey, VerifyingKey};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

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

pub struct Room {
    key: SigningKey,
    public: String,
    seal: ChaCha20Poly1305,
    tag: String,
}

fn sha(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
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
    pub fn filter(&self, since: u64) -> Value {
        json!({ "kinds": [KIND], "authors": [self.public], "#t": [self.tag], "since": since })
    }

    /// `note` as a signed event (JSON text), created at `created_at` (seconds). `nonce` and `aux`
    /// must be fresh random bytes.
    #[must_use]
    pub fn seal(&self, note: &Note, created_at: u64, nonce: [u8; 12], aux: [u8; 32]) -> String {
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
        let tags = json!([["t", self.tag]]);
        let id = event_id(&self.public, created_at, &tags, &content);
        let sig = self
            .key
            .sign_raw(&id, &aux)
            .map(|s| hex(&s.to_bytes()))
            .unwrap_or_default();
        json!({
            "id": hex(&id), "pubkey": self.public, "created_at": created_at, "kind": KIND,
            "tags": tags, "content": content, "sig": sig,
        })
        .to_string()
    }

    /// The note in an event, if it is one of this room's, whole and genuine.
    pub fn open(&self, event: &Value) -> Result<Note, Rejected> {
        let field = |k: &str| event.get(k);
        let str_field = |k: &str| field(k).and_then(Value::as_str).ok_or(Rejected::Foreign);
        if field("kind").and_then(Value::as_u64) != Some(u64::from(KIND))
            || str_field("pubkey")? != self.public
        {
            return Err(Rejected::Foreign);
        }
        let tags = field("tags").ok_or(Rejected::Foreign)?;
        if tags != &json!([["t", self.tag]]) {
            return Err(Rejected::Foreign);
        }
        let created_at = field("created_at")
            .and_then(Value::as_u64)
            .ok_or(Rejected::Foreign)?;
        let content = str_field("content")?;
        let id = event_id(&self.public, created_at, tags, content);
        if unhex(str_field("id")?).as_deref() != Some(&id[..]) {
            return Err(Rejected::BadId);
        }
        let sig = unhex(str_field("sig")?)
            .and_then(|b| Signature::try_from(&b[..]).ok())
            .ok_or(Rejected::BadSignature)?;
        let verifier: &VerifyingKey = self.key.verifying_key();
        verifier
            .verify_raw(&id, &sig)
            .map_err(|_| Rejected::BadSignature)?;
        let bytes = unhex(content).ok_or(Rejected::Sealed)?;
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

/// NIP-01's event id: the SHA-256 of `[0, pubkey, created_at, kind, tags, content]` serialised
/// without spaces.
fn event_id(public: &str, created_at: u64, tags: &Value, content: &str) -> [u8; 32] {
    let text = json!([0, public, created_at, KIND, tags, content]).to_string();
    sha(&[text.as_bytes()])
}

#[cfg(test)]
mod tests;
