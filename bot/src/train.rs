//! The trainer: TD(λ) self-play under the house or the standard rules, then optional rounds of re-training on
//! positions labelled by the net's own 1-ply look-ahead. Everything comes from one seed.
//!
//! TD(λ) is done in its forward view at the end of each game: every position's target is its
//! λ-return (the outcome, and the values the net gave the later positions of the same game, each
//! seen from the side on roll), and the net takes one cross-entropy gradient step towards it.
//! With λ = 0 this is TD(0); with λ = 1, learning from the outcome alone.

use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{PlayGenerator, Position, Rules, Side};

use crate::eval::{Estimate, EvalScratch, Evaluator};
use crate::inputs::{encode, Inputs, INPUTS};
use crate::net::{Net, Scratch, OUTPUTS};
use crate::players::{BotPlayer, PubevalPlayer, RandomPlayer};
use crate::{matches, Budget};

/// A game of self-play longer than this is dropped (it never happens in practice).
const MAX_TURNS: usize = 2_000;

/// A uniform number in −1..1.
pub fn uniform(rng: &mut SplitMix64) -> f32 {
    ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
}

/// A fresh evaluator with small random weights.
#[must_use]
pub fn fresh(contact_hidden: usize, race_hidden: usize, seed: u64) -> Evaluator {
    let mut rng = SplitMix64::new(seed);
    let contact = Net::random(INPUTS, contact_hidden, || uniform(&mut rng));
    let race = Net::random(INPUTS, race_hidden, || uniform(&mut rng));
    Evaluator { contact, race }
}

/// Reusable state for self-play.
#[derive(Debug, Default)]
pub struct SelfPlay {
    gen: PlayGenerator,
    scratch: EvalScratch,
    inputs: Inputs,
    net: Scratch,
    states: Vec<(Position, Side, [f32; OUTPUTS])>,
    /// The rules self-play follows: their plays, and what a play is chosen by (the win under
    /// the house rules, the cubeless equity with gammons under the standard rules).
    rules: Rules,
}

/// The best play at 0-ply for `side` under `rules` (the position after it and the mover's
/// estimate), with an optional uniform noise of up to ±`noise` on each play's score from `rng`.
#[allow(clippy::too_many_arguments)]
pub fn best_play(
    ev: &Evaluator,
    gen: &mut PlayGenerator,
    scratch: &mut EvalScratch,
    pos: &Position,
    side: Side,
    roll: vrhcaby_rules::Roll,
    rules: Rules,
    noise: f32,
    rng: &mut SplitMix64,
) -> (Position, Estimate) {
    // The generator's own board goes to the evaluator (no `Position` built but for a new best),
    // in the plays' order: the same plays, scores and noise draws as `for_each` gives.
    let mut best: Option<(f32, Position, Estimate)> = None;
    gen.for_each_after(pos, side, roll, rules, |after| {
        let e = ev.after(&after, scratch);
        let key = e.score(rules)
            + if noise > 0.0 {
                noise * uniform(rng)
            } else {
                0.0
            };
        if best.as_ref().is_none_or(|b| key > b.0) {
            best = Some((key, after.to_position(), e));
        }
    });
    best.map_or_else(
        || (*pos, ev.after_play(pos, side, scratch)),
        |(_, p, e)| (p, e),
    )
}

impl SelfPlay {
    /// Self-play under `rules`.
    #[must_use]
    pub fn new(rules: Rules) -> SelfPlay {
        SelfPlay {
            rules,
            ..SelfPlay::default()
        }
    }

    /// Plays one game of self-play at 0-ply and trains `ev` on it with TD(λ). Returns the number
    /// of positions trained on (0 if the game was dropped).
    pub fn game(
        &mut self,
        ev: &mut Evaluator,
        rng: &mut SplitMix64,
        alpha: f32,
        lambda: f32,
    ) -> usize {
        self.states.clear();
        let mut pos = Position::start();
        let mut side = if rng.next_u64() & 1 == 0 {
            Side::White
        } else {
            Side::Black
        };
        let mut value = ev.evaluate(&pos, side, &mut self.scratch).outputs();
        let outcome = loop {
            if self.states.len() >= MAX_TURNS {
                return 0;
            }
            self.states.push((pos, side, value));
            let roll = rng.roll();
            let (after, est) = best_play(
                ev,
                &mut self.gen,
                &mut self.scratch,
                &pos,
                side,
                roll,
                self.rules,
                0.0,
                rng,
            );
            if let Some(done) = Estimate::finished(&after, side) {
                break done.outputs();
            }
            pos = after;
            side = !side;
            value = est.flip().outputs();
        };
        // λ-returns backwards; each state's target is seen from its own side on roll.
        let mut target = outcome;
        for t in (0..self.states.len()).rev() {
            let (p, s, _) = self.states[t];
            encode(&p, s, &mut self.inputs);
            let net = if self.inputs.contact {
                &mut ev.contact
            } else {
                &mut ev.race
            };
            net.train(&self.inputs, &target, alpha, &mut self.net);
            if t > 0 {
                let v = self.states[t].2;
                let mixed: [f32; OUTPUTS] =
                    std::array::from_fn(|k| (1.0 - lambda) * v[k] + lambda * target[k]);
                target = Estimate::from_outputs(mixed).flip().outputs();
            }
        }
        self.states.len()
    }

    /// Positions from self-play at 0-ply with noise `noise` (for re-labelling), `n` of them.
    pub fn sample_positions(
        &mut self,
        ev: &Evaluator,
        rng: &mut SplitMix64,
        n: usize,
        noise: f32,
    ) -> Vec<(Position, Side)> {
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            let mut pos = Position::start();
            let mut side = Side::White;
            for _ in 0..MAX_TURNS {
                out.push((pos, side));
                let roll = rng.roll();
                let (after, _) = best_play(
                    ev,
                    &mut self.gen,
                    &mut self.scratch,
                    &pos,
                    side,
                    roll,
                    self.rules,
                    noise,
                    rng,
                );
                if Estimate::finished(&after, side).is_some() || out.len() >= n {
                    break;
                }
                pos = after;
                side = !side;
            }
        }
        out
    }
}

/// One round of re-training: label `positions` with `ev`'s 1-ply look-ahead, then train `epochs`
/// passes over them (in a seeded random order). Returns the mean squared change of the win.
pub fn relabel_round(
    ev: &mut Evaluator,
    rules: Rules,
    positions: &[(Position, Side)],
    epochs: usize,
    alpha: f32,
    rng: &mut SplitMix64,
) -> f64 {
    let mut searcher = crate::Searcher::new();
    let labelled: Vec<(Position, Side, [f32; OUTPUTS])> = positions
        .iter()
        .map(|&(p, s)| (p, s, searcher.on_roll(ev, &p, s, 1, rules).outputs()))
        .collect();
    let errors = train_on(ev, &labelled, epochs, alpha, rng);
    errors.first().copied().unwrap_or(0.0)
}

/// Supervised training: `epochs` passes over `labelled` in a seeded random order, one
/// cross-entropy step towards each label. Returns the mean squared error of the win before
/// each pass.
pub fn train_on(
    ev: &mut Evaluator,
    labelled: &[(Position, Side, [f32; OUTPUTS])],
    epochs: usize,
    alpha: f32,
    rng: &mut SplitMix64,
) -> Vec<f64> {
    let mut order: Vec<usize> = (0..labelled.len()).collect();
    let mut inputs = Inputs::default();
    let mut scratch = Scratch::default();
    let mut errors = Vec::with_capacity(epochs);
    for _ in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut sq = 0.0f64;
        for &i in &order {
            let (p, s, target) = &labelled[i];
            encode(p, *s, &mut inputs);
            let net = if inputs.contact {
                &mut ev.contact
            } else {
                &mut ev.race
            };
            let out = net.train(&inputs, target, alpha, &mut scratch);
            sq += f64::from((out[0] - target[0]).powi(2));
        }
        errors.push(sq / labelled.len().max(1) as f64);
    }
    errors
}

/// The win rates of `ev` at 0-ply against pubeval and a random player over `deals` deals each.
#[must_use]
pub fn benchmark(ev: &Evaluator, deals: usize, seed: u64) -> ((f64, f64), (f64, f64)) {
    let mut me = BotPlayer {
        bot: crate::Bot::new(ev.clone()),
        label: "net".into(),
        budget: Budget::ZERO_PLY,
        noise: 0.0,
    };
    let vs_pub = matches::run(
        &mut me,
        &mut PubevalPlayer::default(),
        Rules::Vrhcaby,
        deals,
        seed,
        |_| {},
    )
    .rate();
    let vs_random = matches::run(
        &mut me,
        &mut RandomPlayer::new(seed),
        Rules::Vrhcaby,
        deals / 4 + 1,
        seed,
        |_| {},
    )
    .rate();
    (vs_pub, vs_random)
}
