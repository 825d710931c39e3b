//! The match runner: 1-point games under the house or the standard rules between two players, the same dice for
//! both seats (each deal played twice with the seats swapped), the win rate with its 95% interval
//! and the time per move.

use std::time::Instant;

use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Position, Rules, Side, FORFEITS_FOR_DRAW};

use crate::players::Player;

/// A game longer than this many turns is scored a draw (never seen; a guard against a loop).
const MAX_TURNS: usize = 5_000;

/// How a game ended, for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

/// Decision times of one player, in nanoseconds.
#[derive(Clone, Debug, Default)]
pub struct Times(pub Vec<u64>);

impl Times {
    /// (mean, median, p95) in milliseconds.
    #[must_use]
    pub fn summary_ms(&self) -> (f64, f64, f64) {
        if self.0.is_empty() {
            return (0.0, 0.0, 0.0);
        }
        let mut v = self.0.clone();
        v.sort_unstable();
        let ms = |ns: u64| ns as f64 / 1e6;
        let mean = v.iter().sum::<u64>() as f64 / v.len() as f64 / 1e6;
        (
            mean,
            ms(v[v.len() / 2]),
            ms(v[(v.len() * 95 / 100).min(v.len() - 1)]),
        )
    }
}

/// One game from the start position, White first, the rolls from `dice`; `seed` feeds the
/// players' per-decision seeds. Under the standard rules the first roll is the opening roll's
/// (never a double: ties are rolled again, T1) and there is no draw by forfeits.
pub fn play_game(
    white: &mut dyn Player,
    black: &mut dyn Player,
    rules: Rules,
    dice: u64,
    seed: u32,
    times: &mut [Times; 2],
) -> GameResult {
    let mut rng = SplitMix64::new(dice);
    let mut pos = Position::start();
    let mut side = Side::White;
    let mut forfeits = 0;
    for turn in 0..MAX_TURNS {
        let mut roll = rng.roll();
        while turn == 0 && rules == Rules::Standard && roll.is_double() {
            roll = rng.roll();
        }
        let player: &mut dyn Player = match side {
            Side::White => white,
            Side::Black => black,
        };
        let start = Instant::now();
        let after = player.play(
            &pos,
            side,
            roll,
            rules,
            seed.wrapping_mul(7919).wrapping_add(turn as u32),
        );
        times[side.index()]
            .0
            .push(start.elapsed().as_nanos() as u64);
        // R27: five rolls in a row without a legal move end the game as a draw.
        forfeits = if after == pos { forfeits + 1 } else { 0 };
        if forfeits >= FORFEITS_FOR_DRAW && rules == Rules::Vrhcaby {
            return GameResult::Draw;
        }
        pos = after;
        if pos.off(side) == 15 {
            return match side {
                Side::White => GameResult::WhiteWins,
                Side::Black => GameResult::BlackWins,
            };
        }
        side = !side;
    }
    GameResult::Draw
}

/// The result of a match, for player `a`.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub a: String,
    pub b: String,
    pub games: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    /// Per deal, a's score over its two games (0, ¼, ½, ¾ or 1 with draws).
    pub deal_scores: Vec<f64>,
    pub times_a: Times,
    pub times_b: Times,
}

impl Report {
    /// a's score per game (a draw counts ½) and the half-width of its 95% interval, from the
    /// spread of the deal scores (the two games of a deal share their dice, so they are one sample).
    #[must_use]
    pub fn rate(&self) -> (f64, f64) {
        let n = self.deal_scores.len() as f64;
        if n < 2.0 {
            return (self.deal_scores.first().copied().unwrap_or(0.0), 1.0);
        }
        let mean = self.deal_scores.iter().sum::<f64>() / n;
        let var = self
            .deal_scores
            .iter()
            .map(|s| (s - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0);
        (mean, 1.96 * (var / n).sqrt())
    }

    #[must_use]
    pub fn json(&self) -> serde_json::Value {
        let (rate, ci) = self.rate();
        let t = |t: &Times| {
            let (mean, median, p95) = t.summary_ms();
            serde_json::json!({ "mean_ms": round3(mean), "median_ms": round3(median), "p95_ms": round3(p95), "moves": t.0.len() })
        };
        serde_json::json!({
            "a": self.a, "b": self.b, "games": self.games,
            "a_wins": self.wins, "a_losses": self.losses, "draws": self.draws,
            "a_score": round3(rate), "ci95": round3(ci),
            "interval": [round3(rate - ci), round3(rate + ci)],
            "time_a": t(&self.times_a), "time_b": t(&self.times_b),
        })
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// `deals` deals, each played twice with the seats swapped; deal `k`'s dice come from `seed` and `k`.
/// `progress` is called after each deal.
pub fn run(
    a: &mut dyn Player,
    b: &mut dyn Player,
    rules: Rules,
    deals: usize,
    seed: u64,
    mut progress: impl FnMut(&Report),
) -> Report {
    let mut report = Report {
        a: a.name(),
        b: b.name(),
        ..Report::default()
    };
    let mut seeds = SplitMix64::new(seed);
    for k in 0..deals {
        let dice = seeds.next_u64();
        let mut score = 0.0;
        for a_white in [true, false] {
            let mut t = [Times::default(), Times::default()];
            let result = if a_white {
                play_game(a, b, rules, dice, k as u32, &mut t)
            } else {
                play_game(b, a, rules, dice, k as u32, &mut t)
            };
            let [tw, tb] = t;
            let (ta, tb) = if a_white { (tw, tb) } else { (tb, tw) };
            report.times_a.0.extend(ta.0);
            report.times_b.0.extend(tb.0);
            report.games += 1;
            let a_won = match result {
                GameResult::Draw => None,
                GameResult::WhiteWins => Some(a_white),
                GameResult::BlackWins => Some(!a_white),
            };
            match a_won {
                Some(true) => {
                    report.wins += 1;
                    score += 0.5;
                }
                Some(false) => report.losses += 1,
                None => {
                    report.draws += 1;
                    score += 0.25;
                }
            }
        }
        report.deal_scores.push(score);
        progress(&report);
    }
    report
}
