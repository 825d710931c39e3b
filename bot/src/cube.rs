//! Cube decisions for standard backgammon (T4, T5): double, take, drop, beaver, and whether to
//! accept a resignation, from the evaluator's cubeless estimates.
//!
//! - **Money play**: Janowski's cubeful equities with a cube-life index `x` (Rick Janowski,
//!   "Take-Points in Money Games", 1993): with `W` and `L` the average points of a win and of a
//!   loss (gammons and backgammons included; single under the Jacoby rule while the cube is
//!   centred and unturned) and `p` the win chance, per unit of cube
//!   `E_own = p(W + L + x/2) − L`, `E_opp = E_own − x/2`, `E_centre = 4/(4 − x) · (E_own − x/4)`.
//!   Double when `min(2·E_opp, 1)` (take or drop) beats not doubling; take when `2·E_own ≥ −1`
//!   for the taker; beaver when the taker's `E_own > 0`. `x` is 0.68 with contact, 0.8 in a race.
//! - **Match play**: match-winning chances from the Kazaross-XG2 match equity table (published
//!   with GNU Backgammon; `data/met-kazaross-xg2.txt`), the cube dead after this decision: double
//!   when both the take and the drop give the doubler more than playing on; take when the take's
//!   chances are at least the drop's.

pub use vrhcaby_rules::decide::{CubeView, Decision, Question, Situation};
use vrhcaby_rules::{Kind, Position, Rules, Side};

use crate::eval::Estimate;
use crate::inputs::is_contact;

/// The table's text: see its header.
const MET_TEXT: &str = include_str!("../data/met-kazaross-xg2.txt");
/// The table's size: matches up to 25 points.
pub const MET_SIZE: usize = 25;

struct Met {
    pre: [[f32; MET_SIZE]; MET_SIZE],
    post: [f32; MET_SIZE],
}

/// The table, read from its text when the crate is compiled: the worker carries 2.6 KB of
/// numbers, not the text and a float parser (a malformed table fails the build).
static MET: Met = parse_met(MET_TEXT.as_bytes());

fn met() -> &'static Met {
    &MET
}

/// The end of the line that starts at `i` (the index of its `\n`, or the text's end).
const fn line_end(t: &[u8], mut i: usize) -> usize {
    while i < t.len() && t[i] != b'\n' {
        i += 1;
    }
    i
}

const fn skip_spaces(t: &[u8], mut i: usize, end: usize) -> usize {
    while i < end && (t[i] == b' ' || t[i] == b'\t' || t[i] == b'\r') {
        i += 1;
    }
    i
}

/// A word of digits with an optional decimal part, from `i`: its value and where it ends.
const fn number(t: &[u8], mut i: usize, end: usize) -> (f64, usize) {
    let (mut mantissa, mut scale, mut digits, mut fraction) = (0u64, 1u64, 0, false);
    while i < end && t[i] != b' ' && t[i] != b'\t' && t[i] != b'\r' {
        match t[i] {
            b'0'..=b'9' => {
                mantissa = mantissa * 10 + (t[i] - b'0') as u64;
                digits += 1;
                if fraction {
                    scale *= 10;
                }
            }
            b'.' if !fraction => fraction = true,
            _ => panic!("the match equity table has a malformed number"),
        }
        i += 1;
    }
    assert!(
        digits > 0 && digits <= 12,
        "the match equity table has a malformed number"
    );
    (mantissa as f64 / scale as f64, i)
}

/// `MET_SIZE` probabilities from `i`, each in 0..=1.
const fn row(t: &[u8], mut i: usize, end: usize) -> [f32; MET_SIZE] {
    let mut out = [0.0f32; MET_SIZE];
    let mut k = 0;
    while k < MET_SIZE {
        i = skip_spaces(t, i, end);
        let (v, next) = number(t, i, end);
        assert!(v <= 1.0, "a match equity above 1");
        out[k] = v as f32;
        i = next;
        k += 1;
    }
    assert!(
        skip_spaces(t, i, end) == end,
        "a match equity table row too long"
    );
    out
}

/// Reads the table's text: `#` comments, 25 lines `pre a` and one line `post`, each of 25 numbers.
const fn parse_met(t: &[u8]) -> Met {
    let mut m = Met {
        pre: [[0.0; MET_SIZE]; MET_SIZE],
        post: [0.0; MET_SIZE],
    };
    let (mut seen, mut post) = (0u32, false);
    let mut i = 0;
    while i < t.len() {
        let end = line_end(t, i);
        let at = skip_spaces(t, i, end);
        if at == end || t[at] == b'#' {
            // A blank line or a comment.
        } else if end - at > 5 && t[at] == b'p' && t[at + 1] == b'r' && t[at + 2] == b'e' {
            let (a, next) = number(t, skip_spaces(t, at + 3, end), end);
            let a = a as usize;
            assert!(
                a >= 1 && a <= MET_SIZE && seen & (1 << a) == 0,
                "a match equity table row twice or out of range"
            );
            seen |= 1 << a;
            m.pre[a - 1] = row(t, next, end);
        } else if end - at > 5
            && t[at] == b'p'
            && t[at + 1] == b'o'
            && t[at + 2] == b's'
            && t[at + 3] == b't'
            && !post
        {
            post = true;
            m.post = row(t, at + 4, end);
        } else {
            panic!("the match equity table has a line it does not know");
        }
        i = end + 1;
    }
    assert!(
        seen.count_ones() as usize == MET_SIZE && post,
        "the match equity table misses a row"
    );
    m
}

/// An answer to a double.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Take,
    Drop,
    Beaver,
}

/// The chance that the side needing `a` points wins against the side needing `b`, `post` once
/// the Crawford game is behind (a 1-away side against a trailer).
#[must_use]
pub fn match_equity(a: u16, b: u16, post: bool) -> f32 {
    let m = met();
    match (a, b) {
        (0, _) => 1.0,
        (_, 0) => 0.0,
        (1, 1) => 0.5,
        (1, b) if post => 1.0 - m.post[usize::from(b.min(25)) - 1],
        (a, 1) if post => m.post[usize::from(a.min(25)) - 1],
        (a, b) => m.pre[usize::from(a.min(25)) - 1][usize::from(b.min(25)) - 1],
    }
}

/// The outcomes of a game for the side of `e`: (probability, points it wins, negative for a
/// loss), per unit of cube.
fn outcomes(e: &Estimate) -> [(f32, i32); 6] {
    let lose = 1.0 - e.win;
    [
        (e.win - e.win_gammon, 1),
        (e.win_gammon - e.win_backgammon, 2),
        (e.win_backgammon, 3),
        (lose - e.lose_gammon, -1),
        (e.lose_gammon - e.lose_backgammon, -2),
        (e.lose_backgammon, -3),
    ]
}

/// The cube view's arithmetic (a trait: the view is the rules crate's).
trait ViewMath {
    fn money(&self) -> bool;
    fn after(&self, points: i32) -> f32;
    fn mwc(&self, e: &Estimate, v: u8) -> f32;
    fn emg(&self, mwc: f32) -> f32;
}

impl ViewMath for CubeView {
    fn money(&self) -> bool {
        self.match_length == 0
    }

    /// The match-winning chance once a game is won (or lost, `points` < 0) for `points`.
    fn after(&self, points: i32) -> f32 {
        let n = i32::from(self.match_length);
        let me = i32::from(self.score.0) + points.max(0);
        let opp = i32::from(self.score.1) + (-points).max(0);
        let (a, b) = ((n - me).max(0) as u16, (n - opp).max(0) as u16);
        // Post-Crawford once the Crawford game has been, or when this game makes the next one
        // Crawford and that is played after (its table value is the pre-Crawford one).
        let post = self.crawford_done;
        match_equity(a, b, post && (a == 1 || b == 1))
    }

    /// The match-winning chance of playing the game out at cube value `v` (the cube dead).
    fn mwc(&self, e: &Estimate, v: u8) -> f32 {
        outcomes(e)
            .iter()
            .map(|&(p, k)| p * self.after(k * i32::from(v)))
            .sum()
    }

    /// A match winning chance as an equivalent money equity at the cube's value:
    /// `2·(mwc − lose) / (win − lose) − 1`, `win` and `lose` a single game won and lost.
    fn emg(&self, mwc: f32) -> f32 {
        let v = i32::from(self.value);
        let (win, lose) = (self.after(v), self.after(-v));
        if win > lose {
            2.0 * (mwc - lose) / (win - lose) - 1.0
        } else {
            0.0
        }
    }
}

/// Janowski's `(p, W, L, x)` for the side of `e`; gammons single when `single`.
fn janowski(e: &Estimate, contact: bool, single: bool) -> (f32, f32, f32, f32) {
    let p = e.win.clamp(1e-4, 1.0 - 1e-4);
    let (w, l) = if single {
        (1.0, 1.0)
    } else {
        (
            (e.win + e.win_gammon + e.win_backgammon) / p,
            ((1.0 - e.win) + e.lose_gammon + e.lose_backgammon) / (1.0 - p),
        )
    };
    (p, w, l, if contact { 0.68 } else { 0.8 })
}

fn e_own((p, w, l, x): (f32, f32, f32, f32)) -> f32 {
    p * (w + l + x / 2.0) - l
}

fn e_opp(j: (f32, f32, f32, f32)) -> f32 {
    e_own(j) - j.3 / 2.0
}

fn e_centre(j: (f32, f32, f32, f32)) -> f32 {
    4.0 / (4.0 - j.3) * (e_own(j) - j.3 / 4.0)
}

/// Whether the side of `e` (about to roll in `pos`) doubles, given that the rules let it.
#[must_use]
pub fn wants_double(pos: &Position, e: &Estimate, cube: &CubeView) -> bool {
    if cube.money() {
        let contact = is_contact(pos);
        let now = janowski(e, contact, cube.jacoby && cube.mine.is_none());
        let no_double = match cube.mine {
            Some(true) => e_own(now),
            _ => e_centre(now),
        };
        // Once doubled the cube is turned: gammons count.
        let take = 2.0 * e_opp(janowski(e, contact, false));
        take.min(1.0) > no_double
    } else {
        let v = cube.value;
        let no_double = cube.mwc(e, v);
        let take = cube.mwc(e, v.saturating_mul(2));
        let drop = cube.after(i32::from(v));
        take.min(drop) > no_double
    }
}

/// The equities of the side of `e` (about to roll in `pos`, the cube as `cube`) per unit of the
/// cube's value now: not doubling, doubling and being taken, doubling and being dropped. Money
/// play: Janowski's, as [`wants_double`] weighs them. A match: match winning chances as an
/// equivalent money equity, `2·(mwc − lose) / (win − lose) − 1`, `win` and `lose` being a single
/// game won and lost at the cube's value. For the analysis of a game's cube decisions.
#[must_use]
pub fn double_equities(pos: &Position, e: &Estimate, cube: &CubeView) -> (f32, f32, f32) {
    if cube.money() {
        let contact = is_contact(pos);
        let now = janowski(e, contact, cube.jacoby && cube.mine.is_none());
        let no_double = match cube.mine {
            Some(true) => e_own(now),
            Some(false) => e_opp(now),
            None => e_centre(now),
        };
        let take = 2.0 * e_opp(janowski(e, contact, false));
        (no_double, take, 1.0)
    } else {
        let v = cube.value;
        (
            cube.emg(cube.mwc(e, v)),
            cube.emg(cube.mwc(e, v.saturating_mul(2))),
            cube.emg(cube.after(i32::from(v))),
        )
    }
}

/// The equity of the side of `e` after its play (the opponent to roll in `pos`), per unit of the
/// cube's value, the cube as `cube` (that side's view). Money play: Janowski's cubeful equity by
/// who owns the cube (gammons single while the Jacoby rule holds a centred cube: [`double_equities`]'s
/// no-double), where a side that may double could cash instead at most that cash (±1), or the
/// game played on for its gammons where that is worth more. A match: the match winning chance
/// of the game played out at the cube's value as an equivalent money equity. For the analysis of
/// a standard game's plays.
#[must_use]
pub fn play_equity(pos: &Position, e: &Estimate, cube: &CubeView) -> f32 {
    if !cube.money() {
        return cube.emg(cube.mwc(e, cube.value));
    }
    let j = janowski(e, is_contact(pos), cube.jacoby && cube.mine.is_none());
    let (p, w, l, _) = j;
    // Played out with the cube dead.
    let dead = p * (w + l) - l;
    let (e, i_may_double, they_may_double) = match cube.mine {
        Some(true) => (e_own(j), true, false),
        Some(false) => (e_opp(j), false, true),
        None => (e_centre(j), true, true),
    };
    if i_may_double && e > 1.0 {
        dead.max(1.0)
    } else if they_may_double && e < -1.0 {
        dead.min(-1.0)
    } else {
        e
    }
}

/// How the side of `e` answers a double of the cube from `cube.value` (its view: `e` is its
/// estimate with the doubler about to roll).
#[must_use]
pub fn answer(pos: &Position, e: &Estimate, cube: &CubeView) -> Answer {
    if cube.money() {
        let own = e_own(janowski(e, is_contact(pos), false));
        if cube.beavers && own > 0.0 {
            Answer::Beaver
        } else if 2.0 * own >= -1.0 {
            Answer::Take
        } else {
            Answer::Drop
        }
    } else {
        let v = cube.value;
        let take = cube.mwc(e, v.saturating_mul(2));
        let drop = cube.after(-i32::from(v));
        if take >= drop {
            Answer::Take
        } else {
            Answer::Drop
        }
    }
}

/// Whether the side of `e` accepts the opponent's resignation of `kind` at the cube's value:
/// when it is worth at least what playing on is (cubeless, the Jacoby rule counted).
#[must_use]
pub fn accepts_resign(e: &Estimate, kind: Kind, cube: &CubeView) -> bool {
    let offered = if cube.jacoby { 1 } else { kind.multiplier() };
    if cube.money() {
        let single = cube.jacoby;
        let play_on: f32 = outcomes(e)
            .iter()
            .map(|&(p, k)| p * if single { k.signum() as f32 } else { k as f32 })
            .sum();
        f32::from(offered) >= play_on
    } else {
        let v = i32::from(cube.value);
        cube.after(i32::from(kind.multiplier()) * v) >= cube.mwc(e, cube.value)
    }
}

#[cfg(test)]
mod tests;

impl crate::Bot {
    /// The computer's decision in a standard game's [`Situation`].
    pub fn decide_on(&mut self, s: &Situation) -> Decision {
        use vrhcaby_rules::Stage;
        let pos = s.position;
        let view = s.cube;
        let e_me = |bot: &mut crate::Bot| {
            if s.roller == s.me {
                bot.eval_for(&pos, s.me, Rules::Standard)
            } else {
                bot.eval_for(&pos, s.roller, Rules::Standard).flip()
            }
        };
        match s.question {
            Question::Roll { may_double } => {
                let e = e_me(self);
                if may_double && wants_double(&pos, &e, &view) {
                    Decision::Double
                } else {
                    Decision::Roll
                }
            }
            Question::Answer { stage, raise } => {
                let e = e_me(self);
                let decision = if stage == Stage::Beaver {
                    // The computer doubled and was beavered: the opponent will own the cube at
                    // 4v, a drop loses 2v. Take when 4·E_opp ≥ −2 (it never raccoons).
                    let j = janowski(&e, is_contact(&pos), false);
                    if 2.0 * e_opp(j) >= -1.0 {
                        Answer::Take
                    } else {
                        Answer::Drop
                    }
                } else {
                    let at = CubeView {
                        beavers: view.beavers && raise && stage == Stage::Double,
                        ..view
                    };
                    answer(&pos, &e, &at)
                };
                match decision {
                    Answer::Take => Decision::Take,
                    Answer::Drop => Decision::Drop,
                    Answer::Beaver => Decision::Beaver,
                }
            }
            Question::Resign { kind } => {
                let e = e_me(self);
                if accepts_resign(&e, kind, &view) {
                    Decision::AcceptResign
                } else {
                    Decision::RejectResign
                }
            }
        }
    }

    /// The computer's cube or resignation decision for `me` in `game` (standard rules), if one
    /// is its to make now ([`Situation::of`]).
    pub fn decide(&mut self, game: &vrhcaby_rules::Game, me: Side) -> Option<Decision> {
        Situation::of(game, me).map(|s| self.decide_on(&s))
    }
}
