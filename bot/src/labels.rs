//! Standard-backgammon positions for a teacher's labels (issue 51; `label/README.md`): our own
//! engine's self-play with exploration noise, each position written in GNU Backgammon's board
//! layout with its position id and its class as gnubg defines them, deduplicated by the board
//! seen from the side on roll. The teacher (gnubg 2-ply, `label/label.py`) runs elsewhere; nothing
//! of it is in this crate.

use std::collections::HashSet;

use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{PlayGenerator, Position, Roll, Rules, Side};

use crate::eval::{EvalScratch, Evaluator};
use crate::players::GnubgPlayer;

/// A board in gnubg's layout, for the side on roll: `[opponent, on roll]`, each side's 25 counts
/// in its own numbering, index 0..23 the points 1..24, 24 the bar (borne-off checkers are not
/// listed). The same layout as `bench/gnubg_eval.py` and the match runner ([`GnubgPlayer::board`]).
pub type Board = [[u8; 25]; 2];

/// The board of `pos` for `on_roll` in gnubg's layout.
#[must_use]
pub fn board(pos: &Position, on_roll: Side) -> Board {
    GnubgPlayer::board(pos, on_roll)
}

/// gnubg's position id of a board in its layout: for `board[0]` then `board[1]`, for each of the
/// 25 slots, as many 1-bits as checkers and a 0-bit; the 80 bits packed from the lowest bit of the
/// first byte up, then base64 (no padding), 14 characters. The opening is `4HPwATDgc/ABMA`.
#[must_use]
pub fn position_id(board: &Board) -> String {
    let mut bytes = [0u8; 10];
    let mut bit = 0usize;
    for side in board {
        for &n in side {
            for _ in 0..n {
                bytes[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(14);
    for chunk in bytes.chunks(3) {
        let v = chunk
            .iter()
            .enumerate()
            .fold(0u32, |v, (i, &b)| v | u32::from(b) << (16 - 8 * i));
        for k in 0..=chunk.len() {
            out.push(char::from(B64[(v >> (18 - 6 * k)) as usize & 63]));
        }
    }
    out
}

/// gnubg's classes of a standard position, as its evaluator picks a net (`ClassifyPosition` in
/// gnubg's `eval.c`, checked against `gnubg.classify` of the PyPI `gnubg` 1.1.0a16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Contact, neither side crashed.
    Contact,
    /// Contact, one side crashed (see [`classify`]).
    Crashed,
    /// No contact, some checker not yet home.
    Race,
    /// No contact, every checker of both sides home or off (gnubg's bear-off databases; our
    /// bear-off table).
    Bearoff,
}

impl Class {
    pub const ALL: [Class; 4] = [Class::Contact, Class::Crashed, Class::Race, Class::Bearoff];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Class::Contact => "contact",
            Class::Crashed => "crashed",
            Class::Race => "race",
            Class::Bearoff => "bearoff",
        }
    }
}

/// The class of a board in gnubg's layout, `None` when a side has no checker left (game over).
///
/// With `back(s)` the highest slot (0..=24, the bar 24) holding a checker of side `s`: contact
/// when `back(0) + back(1) > 22` (some checker of one side is behind one of the other's).
/// In contact the position is *crashed* when either side, with `tot` its checkers not borne off
/// and `b0`, `b1` those on its 1- and 2-points, has
/// - `tot ≤ 6`, or
/// - `b0 ≥ 2` and (`tot ≤ 6 + b0`, or `b1 ≥ 2` and `1 + tot − b0 − b1 ≤ 6`), or
/// - `b0 ≤ 1` and `tot ≤ 5 + b1`;
///
/// that is, at most about six checkers still in play beside those buried deep in its home board.
/// Without contact: bear-off when both sides have every checker on their six home points (or
/// off), else race.
#[must_use]
pub fn classify(board: &Board) -> Option<Class> {
    let back = |s: &[u8; 25]| (0..25).rev().find(|&i| s[i] > 0);
    let (opp, me) = (back(&board[0])?, back(&board[1])?);
    if opp + me > 22 {
        let crashed = board.iter().any(|s| {
            let tot: i32 = s.iter().map(|&n| i32::from(n)).sum();
            let (b0, b1) = (i32::from(s[0]), i32::from(s[1]));
            if tot <= 6 {
                true
            } else if b0 > 1 {
                tot <= 6 + b0 || (b1 > 1 && 1 + tot - b0 - b1 <= 6)
            } else {
                tot <= 5 + b1
            }
        });
        Some(if crashed {
            Class::Crashed
        } else {
            Class::Contact
        })
    } else if opp < 6 && me < 6 {
        Some(Class::Bearoff)
    } else {
        Some(Class::Race)
    }
}

/// How the self-play explores: with probability `epsilon` a uniformly random legal play, else a
/// play drawn with probability ∝ exp(equity / `temperature`) over the 0-ply cubeless equities
/// of all legal plays (`temperature` 0: the best play).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Explore {
    pub epsilon: f64,
    pub temperature: f64,
}

/// A uniform draw in [0, 1).
fn unit(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// One recorded position: before `side` rolls `roll` (the roll the game then played).
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub board: Board,
    pub class: Class,
    /// The game's seed (its dice and noise come from it alone).
    pub seed: u64,
    /// The game's number in this run (0-based).
    pub game: u64,
    /// Plies played before this position (0: the opening position).
    pub ply: u32,
    pub roll: Roll,
    /// Distinct legal plays of `roll` here.
    pub plays: usize,
}

impl Record {
    /// The JSON line of the positions file.
    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "board": self.board,
            "id": position_id(&self.board),
            "class": self.class.name(),
            "seed": self.seed,
            "game": self.game,
            "ply": self.ply,
            "dice": self.roll,
            "plays": self.plays,
        })
    }
}

/// Standard self-play games by an evaluator at 0-ply with exploration, both sides, from the
/// opening (its first roll never a double, T1) to the last checker borne off.
#[derive(Debug)]
pub struct SelfPlay<'a> {
    ev: &'a Evaluator,
    explore: Explore,
    gen: PlayGenerator,
    scratch: EvalScratch,
}

/// A game longer than this many plies is cut (never seen; a guard against a loop).
const MAX_PLIES: u32 = 5_000;

impl<'a> SelfPlay<'a> {
    #[must_use]
    pub fn new(ev: &'a Evaluator, explore: Explore) -> SelfPlay<'a> {
        SelfPlay {
            ev,
            explore,
            gen: PlayGenerator::new(),
            scratch: EvalScratch::default(),
        }
    }

    /// Plays the game of `seed` (its number `game` in the run) and calls `f` with every position
    /// before a roll, in order (game over positions are not positions).
    pub fn game(&mut self, seed: u64, game: u64, mut f: impl FnMut(Record)) {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Position::start();
        let mut side = Side::White;
        for ply in 0..MAX_PLIES {
            let mut roll = rng.roll();
            while ply == 0 && roll.is_double() {
                roll = rng.roll();
            }
            let b = board(&pos, side);
            let plays = self.gen.plays(&pos, side, roll, Rules::Standard);
            if let Some(class) = classify(&b) {
                f(Record {
                    board: b,
                    class,
                    seed,
                    game,
                    ply,
                    roll,
                    plays: plays.len(),
                });
            }
            let pick = if plays.len() < 2 {
                0
            } else if unit(&mut rng) < self.explore.epsilon {
                rng.below(plays.len() as u64) as usize
            } else {
                let eq: Vec<f64> = plays
                    .iter()
                    .map(|p| {
                        f64::from(
                            self.ev
                                .after_play(&p.position, side, &mut self.scratch)
                                .equity(),
                        )
                    })
                    .collect();
                let best =
                    eq.iter()
                        .enumerate()
                        .fold((0, f64::MIN), |b, (i, &e)| if e > b.1 { (i, e) } else { b });
                if self.explore.temperature <= 0.0 {
                    best.0
                } else {
                    let w: Vec<f64> = eq
                        .iter()
                        .map(|e| ((e - best.1) / self.explore.temperature).exp())
                        .collect();
                    let mut r = unit(&mut rng) * w.iter().sum::<f64>();
                    w.iter()
                        .position(|&x| {
                            r -= x;
                            r < 0.0
                        })
                        .unwrap_or(best.0)
                }
            };
            pos = plays.get(pick).map_or(pos, |p| p.position);
            if pos.off(side) == 15 {
                return;
            }
            side = !side;
        }
    }
}

/// What a run of [`generate`] keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct Filter {
    /// Keep each new position with this probability (1: all; below 1 spreads a small set over
    /// more games, for the held-out benchmark).
    pub keep: f64,
    /// Keep only positions whose roll has at least this many distinct plays (2 for a move-choice
    /// benchmark; 0: all).
    pub min_plays: usize,
}

/// Counts of a run of [`generate`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub games: u64,
    pub seen: u64,
    pub kept: u64,
    pub duplicates: u64,
    pub excluded: u64,
    /// Kept positions by class, in the order of [`Class::ALL`].
    pub by_class: [u64; 4],
}

/// Plays the games of seeds `seed`, `seed + 1`, … until `n` positions are kept, and calls `out`
/// with each: new boards only (`seen` holds the boards already kept; `exclude` boards never to
/// keep, e.g. the held-out set), filtered by `filter` (its draws from a generator seeded by
/// `seed`, apart from the games' own).
pub fn generate(
    selfplay: &mut SelfPlay<'_>,
    seed: u64,
    n: u64,
    filter: &Filter,
    seen: &mut HashSet<Board>,
    exclude: &HashSet<Board>,
    mut out: impl FnMut(&Record),
) -> Counts {
    let mut counts = Counts::default();
    let mut pick = SplitMix64::new(seed ^ 0x05EE_D0F1_ABE1);
    while counts.kept < n {
        let game = counts.games;
        selfplay.game(seed.wrapping_add(game), game, |r| {
            counts.seen += 1;
            if counts.kept >= n || r.plays < filter.min_plays {
                return;
            }
            if exclude.contains(&r.board) {
                counts.excluded += 1;
                return;
            }
            if seen.contains(&r.board) {
                counts.duplicates += 1;
                return;
            }
            if filter.keep < 1.0 && unit(&mut pick) >= filter.keep {
                return;
            }
            seen.insert(r.board);
            counts.kept += 1;
            counts.by_class[Class::ALL.iter().position(|&c| c == r.class).unwrap_or(0)] += 1;
            out(&r);
        });
        counts.games += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(points: &[(usize, u8)]) -> [u8; 25] {
        let mut s = [0u8; 25];
        for &(i, n) in points {
            s[i] = n;
        }
        s
    }

    fn start() -> [u8; 25] {
        side(&[(5, 5), (7, 3), (12, 5), (23, 2)])
    }

    #[test]
    fn the_opening_has_gnubgs_position_id() {
        let b = board(&Position::start(), Side::White);
        assert_eq!(b, [start(), start()]);
        assert_eq!(position_id(&b), "4HPwATDgc/ABMA");
        assert_eq!(board(&Position::start(), Side::Black), b);
    }

    // The ids and classes below are gnubg's own answers (`gnubg.positionid`, `gnubg.classify` of
    // the PyPI gnubg 1.1.0a16: 10 contact, 9 crashed, 8 race, 6 and 4 its bear-off databases).
    /// Checkers on gnubg slots: (slot, count).
    type Points = &'static [(usize, u8)];

    const CASES: [(&str, Points, Points, Class); 11] = [
        ("4HPwATA4AAAYAA", &[], &[(3, 3), (24, 2)], Class::Crashed),
        (
            "4HPwATAPwAE4AA",
            &[],
            &[(0, 4), (10, 3), (20, 3)],
            Class::Crashed,
        ),
        (
            "4HPwATAH4AE4AA",
            &[],
            &[(0, 3), (10, 4), (20, 3)],
            Class::Contact,
        ),
        (
            "4HPwATANAIAHAA",
            &[],
            &[(0, 1), (1, 2), (20, 4)],
            Class::Crashed,
        ),
        (
            "4HPwATANAIAPAA",
            &[],
            &[(0, 1), (1, 2), (20, 5)],
            Class::Contact,
        ),
        (
            "4HPwATA7AAAeAA",
            &[],
            &[(0, 2), (1, 3), (20, 4)],
            Class::Crashed,
        ),
        (
            "4HPwATA7AAB+AA",
            &[],
            &[(0, 2), (1, 3), (20, 6)],
            Class::Contact,
        ),
        (
            "4B/8AQDgH/wBAA",
            &[(5, 8), (10, 7)],
            &[(5, 8), (10, 7)],
            Class::Race,
        ),
        (
            "+PMPAAD/fwAAAA",
            &[(5, 8), (3, 7)],
            &[(0, 15)],
            Class::Bearoff,
        ),
        ("4AAAMAAAAAAAAA", &[(5, 3)], &[(0, 2)], Class::Bearoff),
        (
            "4P8PAAABAAD+fw",
            &[(5, 15)],
            &[(0, 1), (24, 14)],
            Class::Contact,
        ),
    ];

    #[test]
    fn ids_and_classes_agree_with_gnubg() {
        for (id, opp, me, class) in CASES {
            let opp = if opp.is_empty() { start() } else { side(opp) };
            let b = [opp, side(me)];
            assert_eq!(position_id(&b), id);
            assert_eq!(classify(&b), Some(class), "{id}");
        }
        // The crashed side may be either: the opponent's crash counts too.
        let b = [side(&[(0, 1), (1, 2), (20, 4)]), start()];
        assert_eq!(position_id(&b), "DQCAB+Bz8AEwAA");
        assert_eq!(classify(&b), Some(Class::Crashed));
        assert_eq!(classify(&[start(), [0; 25]]), None);
    }

    #[test]
    fn generation_is_reproducible_new_and_whole_games() {
        let ev = Evaluator::builtin_for(Rules::Standard).unwrap();
        let explore = Explore {
            epsilon: 0.05,
            temperature: 0.02,
        };
        let filter = Filter {
            keep: 1.0,
            min_plays: 0,
        };
        let run = |n, exclude: &HashSet<Board>| {
            let mut sp = SelfPlay::new(&ev, explore);
            let mut seen = HashSet::new();
            let mut recs = Vec::new();
            let counts = generate(&mut sp, 7, n, &filter, &mut seen, exclude, |r| {
                recs.push(r.clone());
            });
            (recs, counts)
        };
        let (a, counts) = run(600, &HashSet::new());
        assert_eq!(a.len(), 600);
        assert_eq!(a, run(600, &HashSet::new()).0);
        let unique: HashSet<Board> = a.iter().map(|r| r.board).collect();
        assert_eq!(unique.len(), a.len());
        assert_eq!(counts.kept, 600);
        assert_eq!(counts.by_class.iter().sum::<u64>(), 600);
        // Whole games: each starts at the opening and goes on to a bear-off position.
        assert_eq!(a[0].ply, 0);
        assert_eq!(a[0].board, [start(), start()]);
        assert!(!a[0].roll.is_double());
        assert!(counts.games >= 2 && counts.by_class[0] > 0 && counts.by_class[3] > 0);
        for r in &a {
            assert_eq!(classify(&r.board), Some(r.class));
            assert!(r
                .board
                .iter()
                .all(|s| s.iter().map(|&n| u32::from(n)).sum::<u32>() <= 15));
        }
        // An excluded board is never kept.
        let exclude: HashSet<Board> = a[..50].iter().map(|r| r.board).collect();
        let (b, counts) = run(600, &exclude);
        assert!(counts.excluded > 0);
        assert!(b.iter().all(|r| !exclude.contains(&r.board)));
    }

    #[test]
    fn exploration_changes_the_games() {
        let ev = Evaluator::builtin_for(Rules::Standard).unwrap();
        let greedy = Explore {
            epsilon: 0.0,
            temperature: 0.0,
        };
        let noisy = Explore {
            epsilon: 0.5,
            temperature: 0.0,
        };
        let plies = |explore| {
            let mut v = Vec::new();
            SelfPlay::new(&ev, explore).game(3, 0, |r| v.push(r.board));
            v
        };
        let (g, n) = (plies(greedy), plies(noisy));
        assert_eq!(g, plies(greedy));
        assert_ne!(g, n);
        assert_eq!(g[0], n[0]);
    }
}
