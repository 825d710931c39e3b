//! The net's inputs: a position seen by the side about to roll, as a sparse vector.
//!
//! Each side (the side on roll first, then its opponent), in its own numbering:
//! - points 1..=24, four inputs each (gnubg's and Tesauro's truncated unary code): at least one
//!   checker, at least two, at least three, and (n − 3) / 2 beyond three;
//! - the bar: one checker there, and n / 2;
//! - borne off: n / 15;
//! - [`FEATURES`] hand-made features (see [`side_features`]): pip count, blots, the rolls that hit an
//!   opposing blot, home points, the longest prime, points made in front of the opponent's last
//!   checker, how the opponent's last checker is blocked, anchors, back checkers, crossovers.
//!
//! Then two inputs for both: contact or race, and the pip-count lead.

use vrhcaby_rules::{Position, Side, BAR, OFF};

/// Inputs per point.
const PER_POINT: usize = 4;
/// Hand-made features per side.
pub const FEATURES: usize = 10;
/// Inputs per side: points, bar (2), off (1), features.
const PER_SIDE: usize = 24 * PER_POINT + 3 + FEATURES;
/// Every input.
pub const INPUTS: usize = 2 * PER_SIDE + 2;

/// A sparse input vector: the nonzero inputs and their values.
#[derive(Clone, Debug)]
pub struct Inputs {
    pub(crate) index: [u16; INPUTS],
    pub(crate) value: [f32; INPUTS],
    pub(crate) len: usize,
    /// Whether the two sides can still hit each other (not a race).
    pub contact: bool,
}

impl Default for Inputs {
    fn default() -> Self {
        Inputs {
            index: [0; INPUTS],
            value: [0.0; INPUTS],
            len: 0,
            contact: true,
        }
    }
}

impl Inputs {
    #[inline]
    fn push(&mut self, index: usize, value: f32) {
        if value != 0.0 {
            self.index[self.len] = index as u16;
            self.value[self.len] = value;
            self.len += 1;
        }
    }

    /// The nonzero inputs as (index, value) pairs.
    pub fn iter(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.index[..self.len]
            .iter()
            .zip(&self.value[..self.len])
            .map(|(&i, &v)| (usize::from(i), v))
    }

    /// The dense vector (for tests and inspection).
    #[must_use]
    pub fn dense(&self) -> Vec<f32> {
        let mut v = vec![0.0; INPUTS];
        for (i, x) in self.iter() {
            v[i] = x;
        }
        v
    }
}

/// The highest index (bar = 25) holding a checker of `side` in its own numbering; 0 if none.
fn rearmost(own: &[u8; 26]) -> usize {
    (1..=BAR).rev().find(|&i| own[i] > 0).unwrap_or(0)
}

/// Whether the sides can still meet: some checker of one side is behind some of the other's.
#[must_use]
pub fn is_contact(pos: &Position) -> bool {
    contact_of(pos.side(Side::White), pos.side(Side::Black))
}

/// [`is_contact`] of two sides, each in its own numbering.
#[must_use]
pub fn contact_of(x: &[u8; 26], y: &[u8; 26]) -> bool {
    let (w, b) = (rearmost(x), rearmost(y));
    // One side's point p is the other's 25 − p: they have passed each other when w + b ≤ 25.
    w > 0 && b > 0 && w + b > 25
}

/// Encodes `pos` for `side` about to roll.
pub fn encode(pos: &Position, side: Side, out: &mut Inputs) {
    encode_of(pos.side(side), pos.side(!side), out);
}

/// [`encode`] of the side about to roll, `own`, against `opp`, each in its own numbering.
pub fn encode_of(own: &[u8; 26], opp: &[u8; 26], out: &mut Inputs) {
    out.len = 0;
    out.contact = contact_of(own, opp);
    for (k, (x, y)) in [(own, opp), (opp, own)].into_iter().enumerate() {
        let base = k * PER_SIDE;
        for (p, &n) in x.iter().enumerate().take(25).skip(1) {
            let i = base + (p - 1) * PER_POINT;
            if n >= 1 {
                out.push(i, 1.0);
            }
            if n >= 2 {
                out.push(i + 1, 1.0);
            }
            if n >= 3 {
                out.push(i + 2, 1.0);
            }
            if n > 3 {
                out.push(i + 3, f32::from(n - 3) / 2.0);
            }
        }
        let i = base + 24 * PER_POINT;
        out.push(i, f32::from(u8::from(x[BAR] > 0)));
        out.push(i + 1, f32::from(x[BAR]) / 2.0);
        out.push(i + 2, f32::from(x[OFF]) / 15.0);
        let f = side_features(x, y, out.contact);
        for (j, v) in f.iter().enumerate() {
            out.push(i + 3 + j, *v);
        }
    }
    let i = 2 * PER_SIDE;
    out.push(i, f32::from(u8::from(!out.contact)));
    let lead = pips(opp) as f32 - pips(own) as f32;
    out.push(i + 1, (lead / 40.0).clamp(-2.0, 2.0));
}

/// Whether input `i` is zero in every position of its kind: in a race (`contact` false) the
/// features that need contact (blots, shots, the opponent's last checker's points and blocked
/// rolls); with contact, the race flag. A net never sees these, so its weights for them are
/// stored as zero (`weights::serialize`).
#[must_use]
pub fn always_zero(i: usize, contact: bool) -> bool {
    if contact {
        return i == 2 * PER_SIDE;
    }
    let first = 24 * PER_POINT + 3;
    i < 2 * PER_SIDE && [1, 2, 5, 6].contains(&(i % PER_SIDE).wrapping_sub(first))
}

fn pips(x: &[u8; 26]) -> u32 {
    (1..=BAR).map(|i| i as u32 * u32::from(x[i])).sum()
}

/// Hand-made features of side `x` against `y` (each in its own numbering), scaled to about 0..1.
#[must_use]
pub fn side_features(x: &[u8; 26], y: &[u8; 26], contact: bool) -> [f32; FEATURES] {
    let mut f = [0.0f32; FEATURES];
    f[0] = pips(x) as f32 / 100.0;
    let made = |p: usize| x[p] >= 2;
    if contact {
        f[1] = (1..=24).filter(|&p| x[p] == 1).count() as f32 / 4.0;
        f[2] = hit_rolls(x, y) as f32 / 36.0;
    }
    f[3] = (1..=6).filter(|&p| made(p)).count() as f32 / 6.0;
    let mut run = 0;
    let mut best = 0;
    for p in 1..=24 {
        run = if made(p) { run + 1 } else { 0 };
        best = best.max(run);
    }
    f[4] = best as f32 / 6.0;
    let r = rearmost(y);
    if contact && r > 0 {
        // y's last checker at its point r must still pass x's points 26 − r ..= 24.
        let from = 26usize.saturating_sub(r).max(1);
        f[5] = (from..=24).filter(|&p| made(p)).count() as f32 / 7.0;
        let blocked = (1..=6usize)
            .filter(|&d| r > d && made(25 - (r - d)))
            .count();
        f[6] = blocked as f32 / 6.0;
    }
    f[7] = (19..=24).filter(|&p| made(p)).count() as f32 / 2.0;
    let back: u32 = (19..=BAR).map(|p| u32::from(x[p])).sum();
    f[8] = back as f32 / 5.0;
    let cross: u32 = (7..=BAR)
        .map(|p| u32::from(x[p]) * ((p as u32 - 1) / 6).min(4))
        .sum();
    f[9] = cross as f32 / 30.0;
    f
}

/// Of the 36 rolls, how many let `x` hit at least one of `y`'s blots (direct or combined shots;
/// a checker on the bar shoots only from the bar). Bit-parallel: bit `p` of a mask is `x`'s point
/// `p` (1–24, the bar 25), so one shift moves every source a die at once.
#[must_use]
pub fn hit_rolls(x: &[u8; 26], y: &[u8; 26]) -> u32 {
    let mut blots = 0u32;
    let mut blocks = 0u32;
    for p in 1..=24 {
        match y[25 - p] {
            1 => blots |= 1 << p,
            n if n >= 2 => blocks |= 1 << p,
            _ => {}
        }
    }
    if blots == 0 {
        return 0;
    }
    let sources: u32 = if x[BAR] > 0 {
        1 << BAR
    } else {
        (1..=24).filter(|&p| x[p] > 0).fold(0, |m, p| m | 1 << p)
    };
    // The points 1–24 a checker may stop on.
    let open = !blocks & 0x01ff_fffe;
    let mut count = 0;
    for a in 1..=6u32 {
        for b in a..=6u32 {
            let hits = if a == b {
                // Four steps of `a`, each from an open point: a blot on the way is hit.
                let mut at = sources;
                let mut hit = 0;
                for _ in 0..4 {
                    at >>= a;
                    hit |= at & blots;
                    at &= open;
                }
                hit != 0
            } else {
                (sources >> a) & blots != 0
                    || (sources >> b) & blots != 0
                    || sources & (blots << (a + b)) & ((open << a) | (open << b)) != 0
            };
            if hits {
                count += if a == b { 1 } else { 2 };
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_contact_and_symmetric() {
        let start = Position::start();
        assert!(is_contact(&start));
        let mut w = Inputs::default();
        let mut b = Inputs::default();
        encode(&start, Side::White, &mut w);
        encode(&start, Side::Black, &mut b);
        assert_eq!(w.dense(), b.dense());
        assert!(w.iter().all(|(i, v)| i < INPUTS && v.is_finite()));
    }

    /// `hit_rolls` the slow way: every roll, every source, step by step.
    fn hit_rolls_by_hand(x: &[u8; 26], y: &[u8; 26]) -> u32 {
        let blot = |t: i32| (1..=24).contains(&t) && y[(25 - t) as usize] == 1;
        let open = |t: i32| (1..=24).contains(&t) && y[(25 - t) as usize] < 2;
        let sources: Vec<i32> = if x[BAR] > 0 {
            vec![BAR as i32]
        } else {
            (1..=24).filter(|&p| x[p as usize] > 0).collect()
        };
        let mut count = 0;
        for a in 1..=6i32 {
            for b in 1..=6i32 {
                let hits = sources.iter().any(|&p| {
                    if a == b {
                        (1..=4).any(|k| blot(p - k * a) && (1..k).all(|j| open(p - j * a)))
                    } else {
                        blot(p - a)
                            || blot(p - b)
                            || (blot(p - a - b) && (open(p - a) || open(p - b)))
                    }
                });
                count += u32::from(hits);
            }
        }
        count
    }

    /// A seeded generator of numbers below `n` (a linear congruential step).
    fn below(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        }
    }

    #[test]
    fn hit_rolls_agrees_with_counting_by_hand() {
        let mut next = below(12345u64);
        let mut seen_hits = 0;
        for _ in 0..20_000 {
            let mut x = [0u8; 26];
            let mut y = [0u8; 26];
            for side in [&mut x, &mut y] {
                for _ in 0..15 {
                    // Mostly points, sometimes the bar; several checkers per point and blots.
                    let p = if next(20) == 0 {
                        BAR
                    } else {
                        1 + next(24) as usize
                    };
                    side[p] += 1;
                }
            }
            // One side's point is the other's 25 − p: no point holds both.
            for p in 1..=24 {
                if x[p] > 0 && y[25 - p] > 0 {
                    y[OFF] += y[25 - p];
                    y[25 - p] = 0;
                }
            }
            let fast = hit_rolls(&x, &y);
            assert_eq!(fast, hit_rolls_by_hand(&x, &y), "x {x:?} y {y:?}");
            seen_hits += u32::from(fast > 0 && fast < 36);
        }
        assert!(seen_hits > 5_000, "{seen_hits}");
    }

    #[test]
    fn the_inputs_said_to_be_always_zero_are() {
        let mut next = below(4242u64);
        let (mut races, mut contacts) = (0, 0);
        let mut out = Inputs::default();
        for k in 0..20_000 {
            let mut x = [0u8; 26];
            let mut y = [0u8; 26];
            // Every other position on each side's first 12 points (a race) or anywhere.
            let top = if k % 2 == 0 { 12 } else { 24 };
            for side in [&mut x, &mut y] {
                for _ in 0..next(16) {
                    let p = if top == 24 && next(15) == 0 {
                        BAR
                    } else {
                        1 + next(top) as usize
                    };
                    side[p] += 1;
                }
                side[OFF] = 15 - side.iter().sum::<u8>();
            }
            for p in 1..=24 {
                if x[p] > 0 && y[25 - p] > 0 {
                    y[OFF] += y[25 - p];
                    y[25 - p] = 0;
                }
            }
            encode_of(&x, &y, &mut out);
            let dense = out.dense();
            for (i, v) in dense.iter().enumerate() {
                assert!(
                    !always_zero(i, out.contact) || *v == 0.0,
                    "input {i} {x:?} {y:?}"
                );
            }
            if out.contact {
                contacts += 1;
            } else {
                races += 1;
            }
        }
        assert!(races > 5_000 && contacts > 5_000, "{races} {contacts}");
        let silent = (0..INPUTS).filter(|&i| always_zero(i, false)).count();
        assert_eq!(silent, 2 * 4);
    }

    #[test]
    fn a_direct_six_and_combinations_hit() {
        // x has one checker on its 13; y a blot on x's 7 (y's 18).
        let mut x = [0u8; 26];
        let mut y = [0u8; 26];
        x[13] = 1;
        x[OFF] = 14;
        y[18] = 1;
        y[OFF] = 14;
        // Sixes: 11 rolls; 5-1 and 4-2 (2 each); 3-3 and 2-2 (1 each); 1-1 reaches only 4.
        assert_eq!(hit_rolls(&x, &y), 11 + 4 + 2);
    }
}
