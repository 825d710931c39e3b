//! Fair dice between two devices: each commits to a secret, then both reveal; the dice are a hash
//! of both secrets, so neither device alone can choose them.
//!
//! Every hash input is a fixed ASCII tag, the game id, then fields of fixed length, so the
//! game id's length is implied and no two different inputs share a byte string.

use sha2::{Digest, Sha256};
use vrhcaby_rules::{Die, Roll, Side};

const COMMIT_TAG: &[u8] = b"vrhcaby-commit-v1";
const DICE_TAG: &[u8] = b"vrhcaby-dice-v1";

fn seat_byte(seat: Side) -> u8 {
    match seat {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// SHA-256 of `"vrhcaby-commit-v1" ‖ game_id ‖ roll (u32 LE) ‖ seat (0 White, 1 Black) ‖ secret`.
#[must_use]
pub fn commitment(game_id: &str, roll: u32, seat: Side, secret: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(COMMIT_TAG);
    h.update(game_id.as_bytes());
    h.update(roll.to_le_bytes());
    h.update([seat_byte(seat)]);
    h.update(secret);
    h.finalize().into()
}

/// SHA-256 of `"vrhcaby-dice-v1" ‖ game_id ‖ roll (u32 LE) ‖ white's secret ‖ black's secret`.
fn dice_digest(game_id: &str, roll: u32, white: &[u8; 32], black: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(DICE_TAG);
    h.update(game_id.as_bytes());
    h.update(roll.to_le_bytes());
    h.update(white);
    h.update(black);
    h.finalize().into()
}

/// The two dice in the order they are derived (before a [`Roll`] puts the higher first):
/// each digest byte `b < 252` gives the die `b % 6 + 1` (252 = 42 × 6, so no value is favoured);
/// bytes from 252 up are skipped, and when a digest runs out its SHA-256 is the next one.
#[must_use]
pub fn dice_pair_from_secrets(
    game_id: &str,
    roll: u32,
    white: &[u8; 32],
    black: &[u8; 32],
) -> [Die; 2] {
    let mut digest = dice_digest(game_id, roll, white, black);
    let mut dice = [Die::ALL[0]; 2];
    let mut found = 0;
    loop {
        for &b in &digest {
            if b < 252 {
                dice[found] = Die::ALL[usize::from(b % 6)];
                found += 1;
                if found == 2 {
                    return dice;
                }
            }
        }
        digest = Sha256::digest(digest).into();
    }
}

/// The roll number `roll` of the game (see [`dice_pair_from_secrets`]).
#[must_use]
pub fn dice_from_secrets(game_id: &str, roll: u32, white: &[u8; 32], black: &[u8; 32]) -> Roll {
    let [a, b] = dice_pair_from_secrets(game_id, roll, white, black);
    Roll::new(a, b)
}

/// The lot (R3): roll index 0's digest, the first byte's low bit (0 → White starts).
#[must_use]
pub fn lot_from_secrets(game_id: &str, white: &[u8; 32], black: &[u8; 32]) -> Side {
    if dice_digest(game_id, 0, white, black)[0] & 1 == 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// Lowercase hex.
#[must_use]
pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    s
}

/// 32 bytes from exactly 64 hex digits (either case).
pub fn from_hex32(s: &str) -> Option<[u8; 32]> {
    let bytes = s.as_bytes();
    if bytes.len() != 64 {
        return None;
    }
    let digit = |c: u8| -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            b'A'..=b'F' => Some(c - b'A' + 10),
            _ => None,
        }
    };
    let mut out = [0u8; 32];
    for (i, pair) in bytes.chunks_exact(2).enumerate() {
        out[i] = digit(pair[0])? << 4 | digit(pair[1])?;
    }
    Some(out)
}
