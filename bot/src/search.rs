//! The search: 0-ply (the net on each play's result), 1-ply (the average over the opponent's 21
//! rolls of its best reply) and a pruned 2-ply (the best few plays at 1-ply looked at one roll
//! deeper). Plays always come from the rules core's generator; replies inside the look-ahead are
//! picked at 0-ply, like gnubg's.

use vrhcaby_rules::{Play, PlayGenerator, Position, Roll, Rules, Side};

use crate::eval::{Estimate, EvalScratch, Evaluator};

/// The 21 distinct rolls and how many of the 36 each stands for.
#[must_use]
pub fn rolls21() -> [(Roll, f32); 21] {
    let mut out = [(
        Roll::new(vrhcaby_rules::Die::ALL[0], vrhcaby_rules::Die::ALL[0]),
        0.0,
    ); 21];
    let mut k = 0;
    for a in 0..6 {
        for b in a..6 {
            let roll = Roll::new(vrhcaby_rules::Die::ALL[a], vrhcaby_rules::Die::ALL[b]);
            out[k] = (roll, if a == b { 1.0 } else { 2.0 });
            k += 1;
        }
    }
    out
}

/// How deep and how wide to look: the budget of a decision. It counts plays, not time, so the
/// same request always gets the same answer on any machine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// 0, 1 or 2.
    pub ply: u8,
    /// Plays kept for 1-ply: at most this many, each within `margin1` of the best at 0-ply.
    pub keep1: usize,
    pub margin1: f32,
    /// Plays kept for 2-ply: at most this many, each within `margin2` of the best at 1-ply.
    pub keep2: usize,
    pub margin2: f32,
    /// Further plays for 2-ply, next in the 1-ply order and within `wide_margin2` of the best:
    /// each taken only if the decision's evaluations so far plus what the last play at 2-ply cost
    /// stay within `evals` (a count, not a clock, so every machine gives the same answer; the
    /// quiet positions, most of a game, get the wider look and the costly ones, many plays a
    /// roll, stay narrow).
    pub wide2: usize,
    pub wide_margin2: f32,
    pub evals: u64,
}

impl Budget {
    pub const ZERO_PLY: Budget = Budget {
        ply: 0,
        keep1: 0,
        margin1: 0.0,
        keep2: 0,
        margin2: 0.0,
        wide2: 0,
        wide_margin2: 0.0,
        evals: 0,
    };
    pub const ONE_PLY: Budget = Budget {
        ply: 1,
        keep1: 8,
        margin1: 0.16,
        keep2: 0,
        margin2: 0.0,
        wide2: 0,
        wide_margin2: 0.0,
        evals: 0,
    };
    /// The pruned 2-ply: the best two plays at 1-ply within 0.04 (the strongest level until
    /// [`Budget::STRONGEST`]; the match runner's `ply2`).
    pub const TWO_PLY: Budget = Budget {
        ply: 2,
        keep1: 8,
        margin1: 0.16,
        keep2: 2,
        margin2: 0.04,
        wide2: 0,
        wide_margin2: 0.0,
        evals: 0,
    };
    /// The strongest level: 2-ply for the best four plays at 1-ply within 0.08. Judged play by play
    /// by gnubg 2-ply (`bin/judge`), it loses about half as much as [`Budget::TWO_PLY`]'s best two
    /// within 0.04, at about twice the time (`bot/FIGURES.md`).
    pub const STRONGEST: Budget = Budget {
        keep2: 4,
        margin2: 0.08,
        ..Budget::TWO_PLY
    };
    /// The pruned 2-ply widened to up to 6 plays within 0.10 while the decision stays under
    /// [`WIDE_EVALS`] evaluations: an experiment (the match runner's `ply2wide`), not a level —
    /// against the pruned 2-ply it scored 47.9% over 800 games; judged play by play it loses less
    /// than [`Budget::TWO_PLY`] and more than [`Budget::STRONGEST`] (`bot/FIGURES.md`).
    pub const WIDE_TWO_PLY: Budget = Budget {
        wide2: 4,
        wide_margin2: 0.10,
        evals: WIDE_EVALS,
        ..Budget::TWO_PLY
    };
}

/// The evaluations under which [`Budget::WIDE_TWO_PLY`] takes one more play to 2-ply (in the Web
/// Worker a median 67.5 ms and a p95 of 361 ms a decision; `bot/FIGURES.md`).
pub const WIDE_EVALS: u64 = 50_000;

/// One play with what the search thinks of it.
#[derive(Clone, Debug)]
pub struct Scored {
    /// Index into the generator's `plays` for the same position, side, roll and rules.
    pub index: usize,
    /// The mover's estimate after the play, at `ply`.
    pub estimate: Estimate,
    pub ply: u8,
    /// The value the choice was made on (the score plus any level noise).
    pub key: f32,
}

/// A search's reusable state: a play generator per ply and the evaluation buffers.
#[derive(Clone, Debug)]
pub struct Searcher {
    gens: Vec<PlayGenerator>,
    scratch: EvalScratch,
    /// Evaluations made so far (for the figures).
    pub evaluations: u64,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new()
    }
}

impl Searcher {
    #[must_use]
    pub fn new() -> Searcher {
        Searcher {
            gens: (0..4).map(|_| PlayGenerator::new()).collect(),
            scratch: EvalScratch::default(),
            evaluations: 0,
        }
    }

    /// The estimate for `side`, about to roll, at `depth` plies of look-ahead (0: the net).
    pub fn on_roll(
        &mut self,
        ev: &Evaluator,
        pos: &Position,
        side: Side,
        depth: u8,
        rules: Rules,
    ) -> Estimate {
        let Searcher {
            gens,
            scratch,
            evaluations,
        } = self;
        on_roll(ev, gens, scratch, evaluations, pos, side, depth, rules)
    }

    /// Every play of the roll with its 0-ply estimate, in the generator's order.
    pub fn plays(
        &mut self,
        ev: &Evaluator,
        pos: &Position,
        side: Side,
        roll: Roll,
        rules: Rules,
    ) -> (Vec<Play>, Vec<Estimate>) {
        let plays = self.gens[0].plays(pos, side, roll, rules);
        let estimates = plays
            .iter()
            .map(|p| {
                self.evaluations += 1;
                ev.after_play(&p.position, side, &mut self.scratch)
            })
            .collect();
        (plays, estimates)
    }

    /// Picks a play within `budget`; `noise(i)` is added to play `i`'s 0-ply score (0 for none).
    /// Returns the plays and the choice.
    #[allow(clippy::too_many_arguments)]
    pub fn choose(
        &mut self,
        ev: &Evaluator,
        pos: &Position,
        side: Side,
        roll: Roll,
        rules: Rules,
        budget: Budget,
        mut noise: impl FnMut(usize) -> f32,
    ) -> (Vec<Play>, Scored) {
        let (plays, estimates) = self.plays(ev, pos, side, roll, rules);
        let mut scored: Vec<Scored> = estimates
            .iter()
            .enumerate()
            .map(|(index, e)| Scored {
                index,
                estimate: *e,
                ply: 0,
                key: e.score(rules) + noise(index),
            })
            .collect();
        let start = self.evaluations;
        for ply in 1..=budget.ply {
            let (keep, margin) = if ply == 1 {
                (budget.keep1, budget.margin1)
            } else {
                (budget.keep2, budget.margin2)
            };
            let wide = ply == 2 && budget.wide2 > 0;
            let list = if wide {
                shortlist(
                    &scored,
                    1,
                    keep + budget.wide2,
                    budget.wide_margin2.max(margin),
                )
            } else {
                shortlist(&scored, ply - 1, keep, margin)
            };
            if list.len() <= 1 {
                break;
            }
            // The narrow list is a prefix of the wide one (the same order, a smaller margin).
            let best_key = scored[list[0]].key;
            let cores = list
                .iter()
                .take(keep)
                .filter(|&&i| scored[i].key >= best_key - margin)
                .count();
            if cores <= 1 && wide && self.evaluations - start >= budget.evals {
                break;
            }
            let mut last = 0;
            for (k, i) in list.into_iter().enumerate() {
                let core = k < keep && scored[i].key >= best_key - margin;
                // One more play only if, costing what the last one cost, it still fits.
                if !core && self.evaluations - start + last > budget.evals {
                    break;
                }
                let before = self.evaluations;
                let after = plays[i].position;
                let estimate = match Estimate::finished(&after, side) {
                    Some(e) => e,
                    None => self.on_roll(ev, &after, !side, ply, rules).flip(),
                };
                scored[i] = Scored {
                    index: i,
                    estimate,
                    ply,
                    key: estimate.score(rules),
                };
                last = self.evaluations - before;
            }
        }
        let deepest = scored.iter().map(|s| s.ply).max().unwrap_or(0);
        let best = scored
            .iter()
            .filter(|s| s.ply == deepest)
            .fold(None::<&Scored>, |b, s| match b {
                Some(b) if b.key >= s.key => Some(b),
                _ => Some(s),
            })
            .cloned()
            .unwrap_or(Scored {
                index: 0,
                estimate: estimates.first().copied().unwrap_or_default(),
                ply: 0,
                key: 0.0,
            });
        (plays, best)
    }
}

/// The indices of the plays at `ply` worth looking at deeper: the best `keep`, within `margin`.
fn shortlist(scored: &[Scored], ply: u8, keep: usize, margin: f32) -> Vec<usize> {
    let mut at: Vec<&Scored> = scored.iter().filter(|s| s.ply == ply).collect();
    // Stable: equal keys keep the generator's order, so the choice is deterministic.
    at.sort_by(|a, b| b.key.total_cmp(&a.key));
    let Some(best) = at.first().map(|s| s.key) else {
        return Vec::new();
    };
    at.iter()
        .take(keep)
        .filter(|s| s.key >= best - margin)
        .map(|s| s.index)
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn on_roll(
    ev: &Evaluator,
    gens: &mut [PlayGenerator],
    scratch: &mut EvalScratch,
    evaluations: &mut u64,
    pos: &Position,
    side: Side,
    depth: u8,
    rules: Rules,
) -> Estimate {
    if let Some(e) = Estimate::finished(pos, side) {
        return e;
    }
    let Some((gen, rest)) = gens.split_first_mut().filter(|_| depth > 0) else {
        *evaluations += 1;
        return ev.evaluate(pos, side, scratch);
    };
    let mut total = Estimate::default();
    for (roll, weight) in rolls21() {
        let mut best: Option<(f32, Position, Estimate)> = None;
        gen.for_each_after(pos, side, roll, rules, |after| {
            *evaluations += 1;
            let e = ev.after(&after, scratch);
            let score = e.score(rules);
            if best.as_ref().is_none_or(|b| score > b.0) {
                best = Some((score, after.to_position(), e));
            }
        });
        let (_, after, e) = best.unwrap_or((0.0, *pos, ev.after_play(pos, side, scratch)));
        let value = if depth == 1 || Estimate::finished(&after, side).is_some() {
            e
        } else {
            on_roll(
                ev,
                rest,
                scratch,
                evaluations,
                &after,
                !side,
                depth - 1,
                rules,
            )
            .flip()
        };
        total = total + value * weight;
    }
    total * (1.0 / 36.0)
}
