//! Single legal moves (R5–R15) and complete turns (R9–R11), plus the standard-backgammon set.
//!
//! Generation works on a [`Board`]: one signed array in the mover's numbering (wildbg's layout),
//! positive for the mover's checkers and negative for the opponent's, so a move touches a few bytes
//! and a whole board compares and hashes as 32 bytes. Single moves live here; complete turns in the
//! `plays` submodule.

mod compulsory;
mod plays;

use serde::{Deserialize, Serialize};

use crate::error::MoveError;
use crate::position::{Position, BAR, OFF};
use crate::types::{DiceLeft, Die, Move, Origin, Point, Side, Target};

pub use compulsory::{standard_check_move, standard_legal_moves};
pub use plays::{plays, After, Play, PlayGenerator};

/// Which set of complete turns to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// The house rules: any order of legal moves; a turn stops only when no die is left or none
    /// is playable (R9–R11); bearing off uses the smallest die that does it (R15).
    #[default]
    Vrhcaby,
    /// Standard backgammon: the maximum number of dice must be played, else the higher die.
    Standard,
}

impl Rules {
    /// The name in a record, the CLI and the page's `data-rules`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rules::Vrhcaby => "vrhcaby",
            Rules::Standard => "standard",
        }
    }

    /// The rules of a [`Rules::name`], or `None`.
    ///
    /// ```
    /// use vrhcaby_rules::Rules;
    /// assert_eq!(Rules::parse("standard"), Some(Rules::Standard));
    /// assert_eq!(Rules::parse("chess"), None);
    /// ```
    #[must_use]
    pub fn parse(name: &str) -> Option<Rules> {
        [Rules::Vrhcaby, Rules::Standard]
            .into_iter()
            .find(|r| r.name() == name)
    }
}

/// Index of the opponent's bar inside a [`Board`].
const OPP_BAR: usize = 26;
/// Mask bits of the indices where a mover's checker can stand (1..=24 and the bar).
const MOVER_BITS: u32 = ((1 << 26) - 1) & !1;

/// The highest index in a mask of occupied indices; 0 if none.
#[inline]
fn top(mask: u32) -> usize {
    31usize.saturating_sub(mask.leading_zeros() as usize) * usize::from(mask != 0)
}

/// The origins that may move: only the bar while a checker is on it (R8).
#[inline]
fn movable(mask: u32) -> u32 {
    if mask & (1 << BAR) != 0 {
        1 << BAR
    } else {
        mask
    }
}

/// The mask after moving a checker from `o` to `t` on `after` (the board after the move).
#[inline]
fn moved_mask(mask: u32, after: &Board, o: usize, t: usize) -> u32 {
    let cleared = if after.p[o] > 0 {
        mask
    } else {
        mask & !(1 << o)
    };
    cleared | ((1 << t) & !1)
}

/// [`Board::sides`] in wasm's 128-bit SIMD (the `simd` feature: the computer's Web Worker where the
/// browser has it): each half of the board at once, the mover's checkers its positive lanes, the
/// opponent's its negated negative lanes, put in the opponent's order by one shuffle a half.
#[cfg(all(target_arch = "wasm32", feature = "simd"))]
#[target_feature(enable = "simd128")]
fn sides_simd(p: &[i8; 32], opp_off: u8) -> ([u8; 26], [u8; 26]) {
    use core::arch::wasm32::{
        i8x16_max, i8x16_neg, i8x16_shuffle, i8x16_splat, u64x2, u64x2_extract_lane, v128,
    };
    let word = |k: usize| u64::from_le_bytes(core::array::from_fn(|i| p[8 * k + i] as u8));
    let (lo, hi) = (u64x2(word(0), word(1)), u64x2(word(2), word(3)));
    let zero = i8x16_splat(0);
    let own = (i8x16_max(lo, zero), i8x16_max(hi, zero));
    let (neg_lo, neg_hi) = (
        i8x16_max(i8x16_neg(lo), zero),
        i8x16_max(i8x16_neg(hi), zero),
    );
    // The opponent's point j is the mover's 25 − j (lane 25 − j of the pair): its points 1–15
    // in the first half, 16–24 in the second; the borne-off and bar lanes are set below.
    let opp = (
        i8x16_shuffle::<0, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10>(
            neg_lo, neg_hi,
        ),
        i8x16_shuffle::<9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0>(neg_lo, neg_hi),
    );
    let write = |(a, b): (v128, v128)| {
        let mut out = [0u8; 26];
        out[..8].copy_from_slice(&u64x2_extract_lane::<0>(a).to_le_bytes());
        out[8..16].copy_from_slice(&u64x2_extract_lane::<1>(a).to_le_bytes());
        out[16..24].copy_from_slice(&u64x2_extract_lane::<0>(b).to_le_bytes());
        out[24..].copy_from_slice(&u64x2_extract_lane::<1>(b).to_le_bytes()[..2]);
        out
    };
    let mut opp = write(opp);
    opp[OFF] = opp_off;
    opp[BAR] = p[OPP_BAR] as u8;
    (write(own), opp)
}

/// A position seen from the mover: index 0 = borne off, 1..=24 the mover's points (positive =
/// mover's checkers, negative = opponent's), 25 = the mover's bar, 26 = the opponent's bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(32))]
pub(crate) struct Board {
    p: [i8; 32],
}

impl Board {
    pub(crate) fn new(pos: &Position, side: Side) -> Board {
        let own = pos.side(side);
        let opp = pos.side(!side);
        let mut p = [0i8; 32];
        p[OFF] = own[OFF] as i8;
        for i in 1..=24 {
            p[i] = own[i] as i8 - opp[25 - i] as i8;
        }
        p[BAR] = own[BAR] as i8;
        p[OPP_BAR] = opp[BAR] as i8;
        Board { p }
    }

    /// The mover's side and the opponent's, each in its own numbering; the opponent's borne-off
    /// count (`opp_off`) cannot change during a turn.
    #[inline]
    pub(crate) fn sides(&self, opp_off: u8) -> ([u8; 26], [u8; 26]) {
        #[cfg(all(target_arch = "wasm32", feature = "simd"))]
        return sides_simd(&self.p, opp_off);
        #[cfg(not(all(target_arch = "wasm32", feature = "simd")))]
        self.sides_scalar(opp_off)
    }

    /// [`Board::sides`] without SIMD, in every build (the SIMD read-out's test compares the two).
    #[inline]
    pub(crate) fn sides_scalar(&self, opp_off: u8) -> ([u8; 26], [u8; 26]) {
        // Eight points at a time in a u64 (no SIMD needed, so the same code natively and in the
        // scalar worker; wasm has no byte swap, which makes it 1.35× counting there against
        // `sides_simd`'s 1.2×): a lane's sign bit spread over the lane masks the negative lanes;
        // the mover's side is the board's positive part as it stands (0 off, 1..=24, 25 the bar),
        // the opponent's the negated negative part (a lane's `!v + 1`, never carrying: |v| ≤ 15)
        // read backwards.
        const LOW: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let mut pos = [0u8; 32];
        let mut rev = [0u8; 32];
        for k in 0..4 {
            let w = u64::from_le_bytes(core::array::from_fn(|i| self.p[8 * k + i] as u8));
            let negative = ((w & HIGH) >> 7) * 0xFF;
            let n = (!w & negative) + (negative & LOW);
            pos[8 * k..8 * k + 8].copy_from_slice(&(w & !negative).to_le_bytes());
            rev[24 - 8 * k..32 - 8 * k].copy_from_slice(&n.swap_bytes().to_le_bytes());
        }
        let mut own = [0u8; 26];
        own.copy_from_slice(&pos[..26]);
        // rev[r] is the negated point 31 − r: the opponent's point j is the mover's 25 − j.
        let mut opp = [0u8; 26];
        opp[1..25].copy_from_slice(&rev[7..31]);
        opp[OFF] = opp_off;
        opp[BAR] = self.p[OPP_BAR] as u8;
        (own, opp)
    }

    /// Back to a position.
    pub(crate) fn to_position(self, before: &Position, side: Side) -> Position {
        let (own, opp) = self.sides(before.side(!side)[OFF]);
        let mut sides = [[0u8; 26]; 2];
        sides[side.index()] = own;
        sides[(!side).index()] = opp;
        Position { sides }
    }

    /// Bit `i` set for every index 1..=25 holding a mover's checker.
    #[inline]
    fn mask(&self) -> u32 {
        let mut m = 0u32;
        for i in 0..32 {
            m |= u32::from(self.p[i] > 0) << i;
        }
        m & MOVER_BITS
    }

    /// The highest index (bar = 25) holding a mover's checker; 0 if none is left on the board.
    #[inline]
    fn highest(&self) -> usize {
        let mut i = BAR;
        while i > 0 && self.p[i] <= 0 {
            i -= 1;
        }
        i
    }

    /// The lowest origin that may move now: only the bar while a checker is on it (R8).
    #[inline]
    fn lowest_origin(&self) -> usize {
        if self.p[BAR] > 0 {
            BAR
        } else {
            1
        }
    }

    /// Where die `d` takes a mover's checker from `o` (which must hold one, and be the bar if the
    /// bar is occupied), or `None`. `h` is [`Board::highest`]. 0 means off.
    #[inline]
    fn target(&self, o: usize, d: usize, h: usize) -> Option<usize> {
        if o > d {
            let t = o - d;
            // R6: empty, own, or a single opposing checker.
            (self.p[t] >= -1).then_some(t)
        } else if h <= 6 && (o == d || o == h) {
            // R12 all home; R13 exact die; R14 a higher die only from the highest point.
            Some(0)
        } else {
            None
        }
    }

    /// Moves one checker; a blot on the target goes to the opponent's bar (R7). Returns whether it hit.
    #[inline]
    fn apply(&mut self, o: usize, t: usize) -> bool {
        self.p[o] -= 1;
        if t == OFF {
            self.p[OFF] += 1;
            false
        } else if self.p[t] == -1 {
            self.p[t] = 1;
            self.p[OPP_BAR] += 1;
            true
        } else {
            self.p[t] += 1;
            false
        }
    }

    fn any_move(&self, d: usize, h: usize) -> bool {
        (self.lowest_origin()..=h)
            .rev()
            .any(|o| self.p[o] > 0 && self.target(o, d, h).is_some())
    }

    /// A hash linear in the counts, so a move updates it with [`Board::hash_delta`].
    #[inline]
    fn hash(&self) -> u64 {
        (0..=OPP_BAR).fold(0u64, |h, i| {
            h.wrapping_add((i64::from(self.p[i]) as u64).wrapping_mul(HASH_KEYS[i]))
        })
    }

    /// How [`Board::hash`] changes when a checker moves from `o` to `t` (before the move is made).
    #[inline]
    fn hash_delta(&self, o: usize, t: usize) -> u64 {
        let d = HASH_KEYS[t].wrapping_sub(HASH_KEYS[o]);
        if t != OFF && self.p[t] == -1 {
            // The blot goes from −1 to +1 here and onto the opponent's bar.
            d.wrapping_add(HASH_KEYS[t])
                .wrapping_add(HASH_KEYS[OPP_BAR])
        } else {
            d
        }
    }
}

/// Random odd keys for the linear board hash (SplitMix64 of the index).
const HASH_KEYS: [u64; 27] = {
    let mut keys = [0u64; 27];
    let mut i = 0;
    while i < 27 {
        let mut z = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        keys[i] = (z ^ (z >> 31)) | 1;
        i += 1;
    }
    keys
};

/// The die R15 uses to take a checker from `o` off, if any die left does it: the smallest.
fn bear_off_die(b: &Board, o: usize, h: usize, dice: &DiceLeft) -> Option<Die> {
    let (distinct, n) = dice.distinct_ascending();
    distinct[..n]
        .iter()
        .copied()
        .find(|d| b.target(o, usize::from(d.value()), h) == Some(OFF))
}

/// Every single legal move of `side` for the dice left, in the mover's numbering. A checker that
/// can bear off by several dice is listed once, with the smallest (R15).
///
/// ```
/// use vrhcaby_rules::{legal_moves, DiceLeft, Die, Position, Roll, Side};
/// let moves = legal_moves(&Position::start(), Side::White, &Roll::from_values(6, 5).unwrap().dice());
/// assert!(moves.iter().any(|m| m.from.index() == 24 && m.to.index() == 18 && m.die.value() == 6));
/// ```
#[must_use]
pub fn legal_moves(pos: &Position, side: Side, dice: &DiceLeft) -> Vec<Move> {
    let b = Board::new(pos, side);
    let h = b.highest();
    let (distinct, n) = dice.distinct_ascending();
    let mut out = Vec::new();
    if h == 0 {
        return out;
    }
    for o in (b.lowest_origin()..=h).rev() {
        if b.p[o] <= 0 {
            continue;
        }
        let mut bore_off = false;
        for &die in &distinct[..n] {
            if let Some(t) = b.target(o, usize::from(die.value()), h) {
                if t == OFF {
                    if bore_off {
                        continue; // R15: the smaller die already does it.
                    }
                    bore_off = true;
                }
                out.push(to_move(o, t, die));
            }
        }
    }
    out
}

/// Whether `side` has any legal move with the dice left (R9, R10).
#[must_use]
pub fn has_legal_move(pos: &Position, side: Side, dice: &DiceLeft) -> bool {
    let b = Board::new(pos, side);
    let h = b.highest();
    if h == 0 {
        return false;
    }
    let (distinct, n) = dice.distinct_ascending();
    distinct[..n]
        .iter()
        .any(|d| b.any_move(usize::from(d.value()), h))
}

fn to_move(o: usize, t: usize, die: Die) -> Move {
    Move {
        from: if o == BAR {
            Origin::Bar
        } else {
            Origin::Point(Point::new(o as u8).expect("origin 1..=24"))
        },
        to: if t == OFF {
            Target::Off
        } else {
            Target::Point(Point::new(t as u8).expect("target 1..=24"))
        },
        die,
    }
}

/// Checks a move given as origin and target for the dice left and says which die it uses.
pub fn check_move(
    pos: &Position,
    side: Side,
    from: Origin,
    to: Target,
    dice: &DiceLeft,
) -> Result<Move, MoveError> {
    let b = Board::new(pos, side);
    let o = usize::from(from.index());
    if b.p[o] <= 0 {
        return Err(MoveError::NoChecker { from });
    }
    if b.p[BAR] > 0 && o != BAR {
        return Err(MoveError::MustEnter { from });
    }
    let h = b.highest();
    match to {
        Target::Off => bear_off_die(&b, o, h, dice)
            .map(|die| to_move(o, OFF, die))
            .ok_or(MoveError::CannotBearOff { from }),
        Target::Point(p) => {
            let t = usize::from(p.number());
            let die = (o > t)
                .then(|| Die::new((o - t) as u8))
                .flatten()
                .filter(|d| dice.contains(*d))
                .ok_or(MoveError::NoDie { from, to })?;
            if b.p[t] < -1 {
                return Err(MoveError::Blocked { from, to });
            }
            Ok(to_move(o, t, die))
        }
    }
}

/// Plays a move already known legal (from [`legal_moves`] or [`check_move`]); returns the new
/// position and whether it hit a blot.
#[must_use]
pub fn apply_move(pos: &Position, side: Side, mv: Move) -> (Position, bool) {
    let mut out = *pos;
    let (own, opp) = {
        let [w, b] = &mut out.sides;
        match side {
            Side::White => (w, b),
            Side::Black => (b, w),
        }
    };
    let o = usize::from(mv.from.index());
    own[o] -= 1;
    let mut hit = false;
    match mv.to {
        Target::Off => own[OFF] += 1,
        Target::Point(p) => {
            let t = usize::from(p.number());
            if opp[25 - t] == 1 {
                opp[25 - t] = 0;
                opp[BAR] += 1;
                hit = true;
            }
            own[t] += 1;
        }
    }
    (out, hit)
}
