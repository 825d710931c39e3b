//! The exact one-sided bear-off table: for every position of up to 15 checkers on a side's six
//! home points (54,264 of them, the empty one included), the distribution of the number of rolls
//! that side needs to bear off all its checkers; for every position of exactly 15 checkers, also
//! the distribution of the rolls to bear off its first one (what a gammon depends on).
//!
//! Each side plays to minimise its expected number of rolls (for the first-off table: to
//! the first checker off), whatever the other side does: the usual one-sided approximation (the
//! play that wins a race most often can differ, rarely, from the one that is fastest on
//! average; and a side saving a gammon is assumed to play for its first checker off). Given that
//! play, a race between two such sides is decided by the two distributions alone
//! ([`Table::estimate`]), which is what [`crate::Evaluator`] answers once both sides have every
//! checker home (or off). Under the house rules, where every win is worth 1, that is the whole
//! answer; under standard rules the gammons come from the first-off distributions, and a
//! backgammon is impossible with every checker home.
//!
//! **One table for both rule sets.** With every checker home and no opposing checker there,
//! every die can always be played while a checker is left (a checker on the die's point bears
//! off; one above it moves down; else the highest bears off, R14), so standard backgammon's
//! compulsory dice (T3) never bind. The house rules' R15 (the smaller of two dice that both bear
//! a checker off is the one used) only decides which die is left, and the die left then has the
//! same moves either way: the checker was the highest, so every checker left is below both dice
//! and either die bears off the highest of them. So both rule sets reach the same positions after
//! every roll; the tests check [`for_each_after`] against the rules crate's `PlayGenerator`
//! under both.
//!
//! The table is built on first use (`table()`, once per process) rather than shipped: see
//! `bot/FIGURES.md` for the time it takes.

use std::sync::OnceLock;

use vrhcaby_rules::{Position, Side, BAR, CHECKERS, OFF};

use crate::estimate::Estimate;

mod build;

pub use build::for_each_after;
use build::Span;

/// Home points of a side.
pub const HOME: usize = 6;
/// One side's checkers still on its home points: `home[p - 1]` on point `p`.
pub type Home = [u8; HOME];
/// Positions of up to 15 checkers on the home points (the empty one included): C(21, 6).
pub const POSITIONS: usize = 54_264;
/// Positions of exactly 15 checkers on the home points: C(20, 5).
pub const FULL_POSITIONS: usize = 15_504;
/// Room for a distribution: bearing off never takes more than 30 rolls (15 checkers on the
/// 6-point rolling 2-1 every time, 3 of 90 pips a roll, is the worst case; the builder would fail
/// on more).
pub(crate) const MAX_ROLLS: usize = 32;

/// Binomial coefficients C(n, k) for n ≤ 21, k ≤ 6.
const fn binomials() -> [[u32; HOME + 1]; 22] {
    let mut c = [[0u32; HOME + 1]; 22];
    let mut n = 0;
    while n < 22 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= HOME && k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
}
pub(crate) const C: [[u32; HOME + 1]; 22] = binomials();

/// The position's index in 0..[`POSITIONS`]: the combinatorial (stars and bars) index. The
/// checkers of points 1..=6 and then those borne off are laid out as stars with a bar after
/// each point; the index is the colex rank of the six bars' places among 21. The empty home
/// is 0. Meaningless for more than 15 checkers (checked in debug builds).
///
/// ```
/// use vrhcaby_bot::bearoff::{all_homes, index};
/// assert_eq!(index(&[0; 6]), 0);
/// let home = [2, 0, 3, 0, 0, 1];
/// assert_eq!(all_homes()[index(&home)], home);
/// ```
#[must_use]
pub fn index(home: &Home) -> usize {
    debug_assert!(checkers(home) <= CHECKERS);
    usize::from(build::rank(build::pack(home), HOME))
}

/// The index in 0..[`FULL_POSITIONS`] of a home holding exactly 15 checkers: the same ranking
/// with five bars among 20 places (nothing borne off).
#[must_use]
pub fn full_index(home: &Home) -> usize {
    debug_assert_eq!(checkers(home), CHECKERS);
    usize::from(build::rank(build::pack(home), HOME - 1))
}

/// Every home of up to 15 checkers, at its [`index`].
#[must_use]
pub fn all_homes() -> Vec<Home> {
    let mut out = vec![[0; HOME]; POSITIONS];
    let mut home = [0u8; HOME];
    fill(&mut home, 0, usize::from(CHECKERS), &mut out);
    out
}

fn fill(home: &mut Home, point: usize, left: usize, out: &mut [Home]) {
    if point == HOME {
        out[index(home)] = *home;
        return;
    }
    for n in 0..=left {
        home[point] = n as u8;
        fill(home, point + 1, left - n, out);
    }
    home[point] = 0;
}

pub(crate) fn checkers(home: &Home) -> u8 {
    home.iter().sum()
}

/// The one-sided bear-off table (see the module's docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    spans: Vec<Span>,
    /// Every position's nonzero run of probabilities, back to back.
    probs: Vec<f32>,
    expected: Vec<f32>,
    /// Per full position ([`full_index`]): where its first-off distribution sits in `probs`.
    first_off: Vec<Span>,
}

impl Table {
    /// Builds the table (see [`build`] for how).
    #[must_use]
    pub fn build() -> Table {
        let built = build::build();
        Table {
            spans: built.spans,
            first_off: built.first_off,
            probs: built.probs,
            expected: built.expected,
        }
    }

    /// The expected number of rolls to bear off every checker of `home`.
    #[must_use]
    pub fn expected(&self, home: &Home) -> f32 {
        self.expected[index(home)]
    }

    /// The distribution of the rolls to bear off every checker of `home`: the fewest rolls with a
    /// nonzero probability `k`, and P(exactly `k`), P(exactly `k + 1`), ...
    #[must_use]
    pub fn rolls(&self, home: &Home) -> (usize, &[f32]) {
        self.run(self.spans[index(home)])
    }

    /// The distribution of the rolls to bear off the first checker of a full `home` (15
    /// checkers), as [`Table::rolls`] gives it; `None` for a home with fewer checkers.
    #[must_use]
    pub fn first_off(&self, home: &Home) -> Option<(usize, &[f32])> {
        (checkers(home) == CHECKERS).then(|| self.run(self.first_off[full_index(home)]))
    }

    /// The table's size in memory, in bytes.
    #[must_use]
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        (self.spans.len() + self.first_off.len()) * size_of::<Span>()
            + (self.probs.len() + self.expected.len()) * size_of::<f32>()
    }

    fn run(&self, s: Span) -> (usize, &[f32]) {
        (
            usize::from(s.first),
            &self.probs[s.start as usize..][..usize::from(s.len)],
        )
    }

    /// The race between `me`, about to roll, and `opp`, both bearing off alone: the probability I
    /// bear off first, and the gammons (a side that has borne nothing off yet, by its first-off
    /// distribution). No backgammon is possible: every checker is home. Neither home may be empty.
    ///
    /// ```
    /// use vrhcaby_bot::bearoff::table;
    /// // Two checkers on the 6-point against one on the 1-point: only 3-3, 4-4, 5-5 and 6-6 win.
    /// let e = table().estimate(&[0, 0, 0, 0, 0, 2], &[1, 0, 0, 0, 0, 0]);
    /// assert!((e.win - 4.0 / 36.0).abs() < 1e-6);
    /// ```
    #[must_use]
    pub fn estimate(&self, me: &Home, opp: &Home) -> Estimate {
        let mine = dense(self.rolls(me));
        let theirs = dense(self.rolls(opp));
        let their_tail = tail(&theirs);
        let opp_first = self.first_off(opp).map(|f| tail(&dense(f)));
        let my_first = self.first_off(me).map(|f| tail(&dense(f)));
        let mut win = 0.0;
        let mut win_gammon = 0.0;
        let mut lose_gammon = 0.0;
        for k in 1..MAX_ROLLS {
            // I finish on my k-th roll: the opponent has had k − 1 rolls.
            win += mine[k] * their_tail[k];
            if let Some(t) = &opp_first {
                win_gammon += mine[k] * t[k];
            }
            // The opponent finishes on its k-th roll: I have had k.
            if let Some(t) = &my_first {
                lose_gammon += theirs[k] * t[k + 1];
            }
        }
        let win = win.clamp(0.0, 1.0) as f32;
        // min and max rather than clamp with a bound known only at run time: clamp's check of
        // its bounds would pull float formatting into the worker's wasm.
        Estimate {
            win,
            win_gammon: (win_gammon as f32).max(0.0).min(win),
            win_backgammon: 0.0,
            lose_gammon: (lose_gammon as f32).max(0.0).min(1.0 - win),
            lose_backgammon: 0.0,
        }
    }
}

/// P(at least `k` rolls) at `k`, summed from the long end.
fn tail(d: &[f64; MAX_ROLLS]) -> [f64; MAX_ROLLS + 1] {
    let mut t = [0f64; MAX_ROLLS + 1];
    for k in (0..MAX_ROLLS).rev() {
        t[k] = t[k + 1] + d[k];
    }
    t
}

/// A distribution as [`Table::rolls`] gives it, spread out: P(exactly `k` rolls) at `k`.
fn dense((first, run): (usize, &[f32])) -> [f64; MAX_ROLLS] {
    let mut d = [0f64; MAX_ROLLS];
    for (k, &q) in run.iter().enumerate() {
        d[first + k] = f64::from(q);
    }
    d
}

/// The table, built on first use (once per process).
pub fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(Table::build)
}

/// The home of `side` if every checker it has left is on its home points (none on the bar).
#[must_use]
pub fn home(pos: &Position, side: Side) -> Option<Home> {
    home_of(pos.side(side))
}

/// [`home`] of one side's checkers in its own numbering.
#[must_use]
pub fn home_of(s: &[u8; 26]) -> Option<Home> {
    if s[BAR] > 0 || s[HOME + 1..BAR].iter().any(|&n| n > 0) {
        return None;
    }
    let mut h = [0; HOME];
    h.copy_from_slice(&s[1..=HOME]);
    debug_assert_eq!(checkers(&h) + s[OFF], CHECKERS);
    Some(h)
}

/// The exact race estimate for `side`, about to roll, when both sides have every checker home
/// (or off) and neither has finished; `None` otherwise.
#[must_use]
pub fn race_estimate(pos: &Position, side: Side) -> Option<Estimate> {
    race_estimate_of(pos.side(side), pos.side(!side))
}

/// [`race_estimate`] of the side on roll `x` against `y`, each in its own numbering.
#[must_use]
pub fn race_estimate_of(x: &[u8; 26], y: &[u8; 26]) -> Option<Estimate> {
    let me = home_of(x)?;
    let opp = home_of(y)?;
    if checkers(&me) == 0 || checkers(&opp) == 0 {
        return None;
    }
    Some(table().estimate(&me, &opp))
}
