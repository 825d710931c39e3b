//! Position identifiers that other programs read, so a player can analyse a position elsewhere:
//! GNU Backgammon's Position ID and eXtreme Gammon's XGID, implemented from their published
//! descriptions (the GNU Backgammon manual, "A technical description of the Position ID"; XG's
//! XGID format) and checked against GNU Backgammon's own `positionid` on known positions.

use crate::position::{Position, BAR};
use crate::types::{Roll, Side};

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// GNU Backgammon's Position ID of `pos` with `on_roll` to play: an 80-bit key — for each side,
/// its points 1 to 24 then its bar in its own numbering, each as that many 1 bits then a 0; the
/// side *not* on roll first, as GNU Backgammon itself writes it — packed little-endian into 10
/// bytes, in 14 characters of base64 without padding. The start position is `4HPwATDgc/ABMA`.
#[must_use]
pub fn position_id(pos: &Position, on_roll: Side) -> String {
    let mut key = [0u8; 10];
    let mut bit = 0usize;
    for side in [!on_roll, on_roll] {
        for index in (1..=24).chain([BAR]) {
            for _ in 0..pos.count(side, index) {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1; // the 0 after each point
        }
    }
    let mut out = String::with_capacity(14);
    // 80 bits in groups of 6 (the last group padded with 0 bits), each group read from its
    // most significant bit, as base64 does with a byte string.
    for group in 0..14 {
        let mut v = 0u8;
        for k in 0..6 {
            let b = group * 6 + k;
            let set = b < 80 && key[b / 8] & (0x80 >> (b % 8)) != 0;
            v = (v << 1) | u8::from(set);
        }
        out.push(char::from(BASE64[usize::from(v)]));
    }
    out
}

/// eXtreme Gammon's XGID of `pos` with `turn` to play (`roll` its dice if rolled): the board as
/// 26 characters — the top player's bar, points 1 to 24 in White's numbering, White's bar; White
/// is the bottom player in capitals (`A` = 1 checker … `O` = 15), Black in small letters, `-`
/// empty — then the cube (none in these games: `0:0`), the turn (`1` White, `-1` Black), the
/// dice (`00` before the roll), the score `0:0`, no Crawford or Jacoby flag, money play (`0`) and
/// the cube limit `10`.
#[must_use]
pub fn xgid(pos: &Position, turn: Side, roll: Option<Roll>) -> String {
    let letter = |n: u8, upper: bool| -> char {
        match n {
            0 => '-',
            n => char::from(if upper { b'A' } else { b'a' } + n.min(26) - 1),
        }
    };
    let mut out = String::from("XGID=");
    out.push(letter(pos.count(Side::Black, BAR), false));
    for p in 1..=24usize {
        let w = pos.count(Side::White, p);
        let b = pos.count(Side::Black, 25 - p);
        out.push(if w > 0 {
            letter(w, true)
        } else {
            letter(b, false)
        });
    }
    out.push(letter(pos.count(Side::White, BAR), true));
    out.push_str(":0:0:");
    out.push_str(if turn == Side::White { "1" } else { "-1" });
    out.push(':');
    match roll {
        Some(r) => {
            out.push(char::from(b'0' + r.high().value()));
            out.push(char::from(b'0' + r.low().value()));
        }
        None => out.push_str("00"),
    }
    out.push_str(":0:0:0:0:10");
    out
}
