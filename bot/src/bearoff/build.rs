//! Building the table: a one-sided move generator on packed homes and a solver that finds each
//! roll's best play by dynamic programming over single moves.
//!
//! The solver visits the positions in order of pip count (a move always lowers it), so every
//! position a move reaches is solved before the position it is reached from. For each position
//! and die it keeps the best position after one, two and three moves of that die; the best play
//! of a roll is then one move followed by a kept answer (a roll of `a`-`b`: a move of `a`, then
//! the best single move of `b`, or the other way round; a double of `d`: a move of `d`, then the
//! best three), so no play is enumerated in full. `for_each_after` enumerates them all, for the
//! tests.

use super::{all_homes, checkers, Home, C, CHECKERS, FULL_POSITIONS, HOME, MAX_ROLLS, POSITIONS};

/// A home packed four bits a point (point `p` in bits `4(p − 1)..4p`): the table's builder
/// works on these, which are cheap to move checkers on.
pub(super) type Packed = u32;

pub(super) fn pack(home: &Home) -> Packed {
    home.iter()
        .rev()
        .fold(0, |acc, &n| (acc << 4) | Packed::from(n))
}

fn unpack(b: Packed) -> Home {
    std::array::from_fn(|k| ((b >> (4 * k)) & 15) as u8)
}

/// [`super::index`] of a packed home (`bars` = 6), or [`super::full_index`] (`bars` = 5).
#[inline(always)]
pub(super) fn rank(b: Packed, bars: usize) -> Slot {
    let mut place = 0usize;
    let mut rank = 0u32;
    for k in 0..bars {
        place += ((b >> (4 * k)) & 15) as usize;
        rank += C[place + k][k + 1];
    }
    rank as Slot
}

/// The checkers of a packed home.
fn packed_checkers(b: Packed) -> u8 {
    // Nibble pairs into bytes (each at most 30), then the three bytes summed.
    let bytes = (b & 0x0F_0F0F) + ((b >> 4) & 0x0F_0F0F);
    (bytes.wrapping_mul(0x01_0101) >> 16) as u8
}

/// Calls `f` with every home `board` can reach by one move of die `d` (R13, R14), and the point
/// the checker came from; nothing if `board` is empty.
#[inline(always)]
fn single_moves(board: Packed, d: usize, mut f: impl FnMut(Packed, usize)) {
    // The highest occupied point (0: empty).
    let highest = (32 - board.leading_zeros() as usize).div_ceil(4);
    for p in 1..highest + 1 {
        let one = 1 << (4 * (p - 1));
        if board & (15 * one) == 0 {
            continue;
        }
        let b = if p > d {
            board - one + (1 << (4 * (p - d - 1)))
        } else if p == d || p == highest {
            board - one
        } else {
            // A higher die bears off only from the highest point (R14).
            continue;
        };
        f(b, p);
    }
}

/// Calls `f` with every home `home` can end in after the roll `high`-`low` (values 1..=6,
/// `high ≥ low`), some more than once, when its side bears off alone (no opposing checker in the
/// way). Bearing off the last checker ends the roll.
pub fn for_each_after(home: &Home, high: u8, low: u8, mut f: impl FnMut(&Home)) {
    packed_after(pack(home), usize::from(high), usize::from(low), |b| {
        f(&unpack(b));
    });
}

#[inline(always)]
fn packed_after(home: Packed, high: usize, low: usize, mut f: impl FnMut(Packed)) {
    if high == low {
        doubles(home, high, 4, HOME, &mut f);
        return;
    }
    for (first, second) in [(high, low), (low, high)] {
        single_moves(home, first, |b, _| {
            if b == 0 {
                f(b);
            } else {
                single_moves(b, second, |c, _| f(c));
            }
        });
    }
}

/// The moves of a double, from the highest origin down: any legal order of the same moves can
/// be sorted that way and stays legal (a checker only moves down, so what stands above a point
/// when its checkers move is what stands there at the end), so this misses no position.
fn doubles(board: Packed, d: usize, left: u8, top: usize, f: &mut impl FnMut(Packed)) {
    if left == 0 || board == 0 {
        f(board);
        return;
    }
    single_moves(board, d, |b, from| {
        if from <= top {
            doubles(b, d, left - 1, from, f);
        }
    });
}

/// Where one position's distribution sits in [`super::Table`]'s flat store.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Span {
    pub start: u32,
    /// The fewest rolls with a nonzero probability.
    pub first: u8,
    pub len: u8,
}

/// What [`build`] makes: the fields of [`super::Table`].
pub(crate) struct Built {
    pub spans: Vec<Span>,
    pub first_off: Vec<Span>,
    pub probs: Vec<f32>,
    pub expected: Vec<f32>,
}

/// A solved position's slot, or [`DONE`]: the side has reached its goal (every checker off, or
/// for the first-off table one checker off), worth no more rolls.
pub(super) type Slot = u16;
const DONE: Slot = Slot::MAX;

/// Builds the table: both one-sided problems, in order of pip count. Deterministic: f64 sums in a
/// fixed order, ties between plays broken by the lower index.
pub(crate) fn build() -> Built {
    let homes = by_pips(all_homes());
    let mut probs = Vec::with_capacity(POSITIONS * 13);
    // The empty home, at index 0: done in no more rolls.
    let empty = push_run(&mut probs, &dist_of_done());
    let packed: Vec<Packed> = homes.iter().skip(1).map(pack).collect();
    let (expected, mut spans) = solve(&packed, Goal::AllOff, &mut probs);
    spans[0] = empty;
    let full: Vec<Packed> = homes
        .iter()
        .filter(|h| checkers(h) == CHECKERS)
        .map(pack)
        .collect();
    let (_, first_off) = solve(&full, Goal::FirstOff, &mut probs);
    Built {
        spans,
        first_off,
        probs,
        expected: expected.iter().map(|&e| e as f32).collect(),
    }
}

/// What a side bears off towards: every checker off (the table), or the first one (gammons).
#[derive(Clone, Copy)]
enum Goal {
    AllOff,
    FirstOff,
}

impl Goal {
    /// The slot of the home `b` in this goal's solution, or [`DONE`] once the goal is reached.
    #[inline(always)]
    fn slot(self, b: Packed) -> Slot {
        match self {
            Goal::AllOff if b == 0 => DONE,
            Goal::AllOff => rank(b, HOME),
            Goal::FirstOff if packed_checkers(b) < CHECKERS => DONE,
            Goal::FirstOff => rank(b, HOME - 1),
        }
    }
}

/// The homes in order of pip count (then of index): a bucket per pip count, which keeps a
/// general sort's code out of the worker's wasm.
fn by_pips(homes: Vec<Home>) -> Vec<Home> {
    let pips = |h: &Home| -> usize { h.iter().zip(1..).map(|(&n, p)| usize::from(n) * p).sum() };
    let most = usize::from(CHECKERS) * HOME;
    let mut buckets = vec![Vec::new(); most + 1];
    for h in homes {
        buckets[pips(&h)].push(h);
    }
    buckets.concat()
}

/// The distribution of a side already done: no more rolls.
fn dist_of_done() -> [f64; MAX_ROLLS] {
    let mut d = [0.0; MAX_ROLLS];
    d[0] = 1.0;
    d
}

/// Solves the positions `homes` (in order of pip count; `slot` numbers them in 0..`n`, or says
/// [`DONE`]), each side playing to minimise its expected rolls to done: their expected rolls
/// and where their distributions of rolls went in `probs`.
fn solve(homes: &[Packed], goal: Goal, probs: &mut Vec<f32>) -> (Vec<f64>, Vec<Span>) {
    let slot = |b| goal.slot(b);
    let n = match goal {
        Goal::AllOff => POSITIONS,
        Goal::FirstOff => FULL_POSITIONS,
    };
    let mut expected = vec![0f64; n];
    let mut spans = vec![Span::default(); n];
    // Per slot and die `d`: the best slot after k moves of `d`, at [(k − 1) * 6 + d − 1], k = 1..=3.
    let mut kept = vec![[DONE; 3 * HOME]; n];
    for &b in homes {
        let i = usize::from(slot(b));
        // The slots one move of each die reaches from here (computed once, used by every roll).
        let mut after = [[DONE; HOME]; HOME];
        let mut moves = [0usize; HOME];
        for d in 1..=HOME {
            single_moves(b, d, |a, _| {
                after[d - 1][moves[d - 1]] = slot(a);
                moves[d - 1] += 1;
            });
        }
        let mut mine = [DONE; 3 * HOME];
        let mut rolls_best = [(DONE, 0.0); 21];
        let mut r = 0;
        for d in 1..=HOME {
            for k in 0..3usize {
                let then = k.checked_sub(1).map(|j| j * HOME + d - 1);
                mine[k * HOME + d - 1] =
                    best_of(&expected, &kept, &after[d - 1][..moves[d - 1]], then);
            }
            let reach = &after[d - 1][..moves[d - 1]];
            rolls_best[r] = (
                best_of(&expected, &kept, reach, Some(2 * HOME + d - 1)),
                1.0,
            );
            r += 1;
            for low in 1..d {
                let a = best_of(&expected, &kept, reach, Some(low - 1));
                let b2 = best_of(
                    &expected,
                    &kept,
                    &after[low - 1][..moves[low - 1]],
                    Some(d - 1),
                );
                rolls_best[r] = (if better(&expected, b2, a) { b2 } else { a }, 2.0);
                r += 1;
            }
        }
        // Rolls whose best plays reach the same slot share one pass over its distribution.
        let mut merged = [(DONE, 0.0); 21];
        let mut m = 0;
        for &(s, weight) in &rolls_best {
            match merged[..m].iter_mut().find(|x| x.0 == s) {
                Some(x) => x.1 += weight,
                None => {
                    merged[m] = (s, weight);
                    m += 1;
                }
            }
        }
        let mut dist = [0f64; MAX_ROLLS];
        let mut e = 1.0;
        for &(s, weight) in &merged[..m] {
            let p = weight / 36.0;
            if s == DONE {
                dist[1] += p;
            } else {
                e += p * expected[usize::from(s)];
                add_shifted(&mut dist, spans[usize::from(s)], probs, p);
            }
        }
        kept[i] = mine;
        expected[i] = e;
        spans[i] = push_run(probs, &dist);
    }
    (expected, spans)
}

/// Whether `s` is a better slot to reach than `than`: the lower (expected rolls, slot), so the
/// choice is the same whatever order the candidates come in.
#[inline(always)]
fn better(expected: &[f64], s: Slot, than: Slot) -> bool {
    // Done is worth no more rolls: better than anything not done.
    if s == DONE || than == DONE {
        return s == DONE && than != DONE;
    }
    let (v, w) = (expected[usize::from(s)], expected[usize::from(than)]);
    v < w || (v == w && s < than)
}

/// The best slot after one of the moves reaching `after`, followed by the kept answer `then`
/// (or none).
#[inline(always)]
fn best_of(
    expected: &[f64],
    kept: &[[Slot; 3 * HOME]],
    after: &[Slot],
    then: Option<usize>,
) -> Slot {
    let mut best = DONE;
    for (m, &s) in after.iter().enumerate() {
        let s = match then {
            Some(k) if s != DONE => kept[usize::from(s)][k],
            _ => s,
        };
        if m == 0 || better(expected, s, best) {
            best = s;
        }
    }
    best
}

/// Adds `p` times the run at `span`, one roll later, to `dist`.
fn add_shifted(dist: &mut [f64; MAX_ROLLS], span: Span, probs: &[f32], p: f64) {
    let run = &probs[span.start as usize..][..usize::from(span.len)];
    let at = usize::from(span.first) + 1;
    for (d, &q) in dist[at..at + run.len()].iter_mut().zip(run) {
        *d += p * f64::from(q);
    }
}

/// Stores the nonzero run of `dist` at the end of `probs`.
fn push_run(probs: &mut Vec<f32>, dist: &[f64; MAX_ROLLS]) -> Span {
    let first = dist.iter().position(|&q| q > 0.0).unwrap_or(0);
    let last = dist.iter().rposition(|&q| q > 0.0).unwrap_or(0);
    let span = Span {
        start: probs.len() as u32,
        first: first as u8,
        len: (last + 1 - first) as u8,
    };
    probs.extend(dist[first..=last].iter().map(|&q| q as f32));
    span
}
