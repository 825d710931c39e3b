//! Rollouts, and supervised training on them: a position's value as the mean result of games
//! played out from it by the net at 0-ply (both sides), the targets of the nets' next generation.
//!
//! Variance reduction: the first roll is stratified (trial `t` starts with the `t mod 36`-th of the
//! 36 rolls, so every batch of 36 trials sees each first roll once; the later rolls are seeded per
//! trial), and a trial ends as soon as its value is known exactly — a finished game, or a race with
//! every checker of both sides home, which the evaluator answers from the bear-off table (exact
//! for the win; the gammons as the table's one-sided distributions give them).
//! A trial may also be truncated after `truncate` plies, its value then the net's estimate there.
//! Every number comes from the seed, so a label is the same on every run.

use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Die, PlayGenerator, Position, Roll, Rules, Side};

use crate::bearoff;
use crate::eval::{Estimate, EvalScratch, Evaluator};
use crate::net::OUTPUTS;
use crate::search::Searcher;
use crate::train::best_play;

/// How to roll a position out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Trials per position (a multiple of 36 stratifies the first roll fully).
    pub trials: usize,
    /// Plies after which a trial stops at the net's estimate (0: played to the end).
    pub truncate: u32,
}

/// A game longer than this many plies stops at the net's estimate (never reached in practice).
const MAX_PLIES: u32 = 2_000;

/// The 36 rolls in a fixed order (each ordered pair once).
fn roll36(i: usize) -> Roll {
    Roll::new(Die::ALL[i % 36 / 6], Die::ALL[i % 6])
}

/// Reusable state for rollouts.
#[derive(Debug, Default)]
pub struct Roller {
    gen: PlayGenerator,
    scratch: EvalScratch,
}

impl Roller {
    #[must_use]
    pub fn new() -> Roller {
        Roller::default()
    }

    /// The value of `pos` for `side`, about to roll, by `plan.trials` trials from `seed`: the
    /// mean of the trials' results (each exact, or the net's estimate where a trial stopped).
    pub fn rollout(
        &mut self,
        ev: &Evaluator,
        pos: &Position,
        side: Side,
        rules: Rules,
        plan: Plan,
        seed: u64,
    ) -> Estimate {
        if let Some(e) = Estimate::finished(pos, side) {
            return e;
        }
        let trials = plan.trials.max(1);
        let mut total = Estimate::default();
        for t in 0..trials {
            let mut rng = SplitMix64::new(seed ^ (t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            total = total + self.trial(ev, pos, side, rules, plan.truncate, roll36(t), &mut rng);
        }
        total * (1.0 / trials as f32)
    }

    /// One trial from `pos` with `side` on roll and its first roll `first`, for `side`.
    #[allow(clippy::too_many_arguments)]
    fn trial(
        &mut self,
        ev: &Evaluator,
        pos: &Position,
        side: Side,
        rules: Rules,
        truncate: u32,
        first: Roll,
        rng: &mut SplitMix64,
    ) -> Estimate {
        let (mut pos, mut mover) = (*pos, side);
        let mut roll = first;
        for ply in 1..=MAX_PLIES {
            let (after, _) = best_play(
                ev,
                &mut self.gen,
                &mut self.scratch,
                &pos,
                mover,
                roll,
                rules,
                0.0,
                rng,
            );
            pos = after;
            mover = !mover;
            // `mover` is now on roll at `pos`.
            let known =
                Estimate::finished(&pos, mover).or_else(|| bearoff::race_estimate(&pos, mover));
            let value = match known {
                Some(e) => Some(e),
                None if (truncate > 0 && ply >= truncate) || ply == MAX_PLIES => {
                    Some(ev.evaluate(&pos, mover, &mut self.scratch))
                }
                None => None,
            };
            if let Some(e) = value {
                return if mover == side { e } else { e.flip() };
            }
            roll = rng.roll();
        }
        unreachable!("the loop returns at MAX_PLIES")
    }
}

/// `positions` (each with its side on roll) labelled by rollouts of `ev`: the `i`-th with the seed
/// `seed + i`, so any part of a sample can be labelled again alone.
pub fn label(
    ev: &Evaluator,
    rules: Rules,
    positions: &[(Position, Side)],
    plan: Plan,
    seed: u64,
) -> Vec<(Position, Side, [f32; OUTPUTS])> {
    let mut roller = Roller::new();
    positions
        .iter()
        .enumerate()
        .map(|(i, &(p, s))| {
            let e = roller.rollout(ev, &p, s, rules, plan, seed.wrapping_add(i as u64));
            (p, s, e.outputs())
        })
        .collect()
}

/// `positions` (each with its side on roll) labelled by `ev`'s look-ahead of `depth` plies
/// (`Searcher::on_roll`: 1 is the mean over the 21 rolls of the best reply at 0-ply, 2 the same one
/// roll deeper): the search's judgement distilled into its net's next generation.
pub fn label_by_search(
    ev: &Evaluator,
    rules: Rules,
    positions: &[(Position, Side)],
    depth: u8,
) -> Vec<(Position, Side, [f32; OUTPUTS])> {
    let mut searcher = Searcher::new();
    positions
        .iter()
        .map(|&(p, s)| (p, s, searcher.on_roll(ev, &p, s, depth, rules).outputs()))
        .collect()
}

/// How far apart the two look-aheads judge `pos` for `side`, about to roll: the 1-ply and the
/// pruned 2-ply scores' absolute difference (the net's error shows where they disagree).
pub fn dispute(
    searcher: &mut Searcher,
    ev: &Evaluator,
    pos: &Position,
    side: Side,
    rules: Rules,
) -> f32 {
    let one = searcher.on_roll(ev, pos, side, 1, rules).score(rules);
    let two = searcher.on_roll(ev, pos, side, 2, rules).score(rules);
    (two - one).abs()
}

/// The `keep` positions of `pool` the 1- and 2-ply judges disagree on most ([`dispute`]), in the
/// pool's order, with the mean dispute of those kept and of the whole pool. Ties keep the earlier.
pub fn most_disputed(
    ev: &Evaluator,
    rules: Rules,
    pool: &[(Position, Side)],
    keep: usize,
) -> (Vec<(Position, Side)>, f32, f32) {
    let mut searcher = Searcher::new();
    let disputes: Vec<f32> = pool
        .iter()
        .map(|(p, s)| dispute(&mut searcher, ev, p, *s, rules))
        .collect();
    let mut order: Vec<usize> = (0..pool.len()).collect();
    order.sort_by(|&a, &b| disputes[b].total_cmp(&disputes[a]));
    order.truncate(keep);
    order.sort_unstable();
    let mean = |sum: f32, n: usize| sum / n.max(1) as f32;
    let kept_mean = mean(order.iter().map(|&i| disputes[i]).sum(), order.len());
    let pool_mean = mean(disputes.iter().sum(), disputes.len());
    (
        order.into_iter().map(|i| pool[i]).collect(),
        kept_mean,
        pool_mean,
    )
}

#[cfg(test)]
mod tests;
