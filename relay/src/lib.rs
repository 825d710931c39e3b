//! Signalling over public Nostr relays (issue "one link"). Two devices that share a room secret
//! (the invitation link's fragment) say a few short notes to each other through relays they do not
//! trust: the host's WebRTC offer, the guest's answer, and the guest's knock ("I am here, offer
//! again"). [`Negotiator`] decides what each side says and does when; with the `seal` feature,
//! [`room::Room`] turns a note into a NIP-01 event only the room can read or forge, and back.
//!
//! The page links only the negotiation (no cryptography) and the worker's messages ([`talk`]);
//! the relay worker seals and opens. Everything it reads from or writes to a relay is typed once
//! there: a NIP-01 event (`event::Event`, hashed, signed and verified in that one place) inside
//! the relay's messages (`frame`).

#[cfg(feature = "seal")]
pub mod event;
#[cfg(feature = "seal")]
pub mod frame;
mod negotiate;
mod note;
#[cfg(feature = "seal")]
pub mod room;
#[cfg(feature = "seal")]
pub mod table;
pub mod talk;
pub mod wish;

pub use negotiate::{Do, Negotiator, ACCEPT_WAIT_MS, REPEAT_MS};
pub use note::{Note, Role, What};

/// The Nostr event kind of a note: ephemeral (NIP-01, 20000–29999), so relays pass it on and
/// keep nothing.
pub const KIND: u32 = 25_959;

/// Lowercase hex of `bytes`.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 15)] as char);
    }
    s
}

/// The bytes of a hex string (either case); `None` if it is not hex.
#[must_use]
pub fn unhex(text: &str) -> Option<Vec<u8>> {
    let text = text.as_bytes();
    if text.len() % 2 != 0 {
        return None;
    }
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    text.chunks(2)
        .map(|p| Some(digit(p[0])? << 4 | digit(p[1])?))
        .collect()
}

/// A room secret from its text in an invitation: 32 hex digits (16 bytes).
#[must_use]
pub fn parse_secret(text: &str) -> Option<[u8; 16]> {
    unhex(text)?.try_into().ok()
}
