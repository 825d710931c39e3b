#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]

pub mod analysis;
pub mod bearoff;
pub mod cli;
/// Standard backgammon's cube decisions (with its net: the house rules' worker goes without).
#[cfg(feature = "standard-net")]
pub mod cube;
/// A money-play match with the cube (a benchmark).
#[cfg(feature = "standard-net")]
pub mod cubematch;
pub mod estimate;
pub mod eval;
pub mod hint;
pub mod inputs;
pub mod labels;
pub mod level;
pub mod matches;
pub mod net;
pub mod players;
pub mod pubeval;
pub mod rollout;
pub mod search;
pub mod train;
pub mod tutor;
pub mod weights;

use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Origin, Position, Roll, Rules, Side, Target};

pub use eval::{Estimate, Evaluator};
pub use level::Level;
pub use search::{Budget, Searcher};
pub use weights::WeightsError;

/// The computer's win estimate below which it accepts a draw offer: a draw is worth ½.
pub const ACCEPT_BELOW: f32 = 0.5;
/// The win estimate below which the computer, behind, offers a draw (when the rules let it).
pub const OFFER_BELOW: f32 = 0.3;

/// The computer's complete turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// Index into `PlayGenerator::plays` (or `vrhcaby_rules::plays`) for the same request.
    pub index: usize,
    /// The moves of that play (none for a roll with no legal move), in the mover's numbering.
    pub moves: Vec<(Origin, Target)>,
    pub position: Position,
    /// The mover's estimate after the play (its win is the `win` of the CLI's `bot`).
    pub estimate: Estimate,
    /// The ply the estimate comes from.
    pub ply: u8,
}

/// The computer player: an evaluator and a search. One per thread or worker; not `Sync` state.
#[derive(Clone, Debug)]
pub struct Bot {
    /// The house rules' net (and every rule set's without its own).
    pub evaluator: Evaluator,
    /// Standard backgammon's net (compulsory dice, gammons), when built in.
    pub standard: Option<Evaluator>,
    pub searcher: Searcher,
}

impl Bot {
    #[must_use]
    pub fn new(evaluator: Evaluator) -> Bot {
        Bot {
            evaluator,
            standard: None,
            searcher: Searcher::new(),
        }
    }

    /// The bot with the weights built into the crate (standard backgammon's too, with the
    /// `standard-net` feature).
    pub fn builtin() -> Result<Bot, WeightsError> {
        let mut bot = Evaluator::builtin().map(Bot::new)?;
        bot.standard = Evaluator::builtin_standard().transpose()?;
        Ok(bot)
    }

    /// The net for `rules`.
    #[must_use]
    pub fn evaluator_for(&self, rules: Rules) -> &Evaluator {
        match (rules, &self.standard) {
            (Rules::Standard, Some(s)) => s,
            _ => &self.evaluator,
        }
    }

    /// The estimate for `side`, about to roll (0-ply), by the net for `rules`.
    pub fn eval_for(&mut self, pos: &Position, side: Side, rules: Rules) -> Estimate {
        let ev = match (rules, &self.standard) {
            (Rules::Standard, Some(s)) => s,
            _ => &self.evaluator,
        };
        self.searcher.on_roll(ev, pos, side, 0, rules)
    }

    /// The play of `level` for `side` with `roll`. The same arguments always give the same play;
    /// `seed` only matters to the levels with noise.
    pub fn choose(
        &mut self,
        pos: &Position,
        side: Side,
        roll: Roll,
        rules: Rules,
        level: Level,
        seed: u32,
    ) -> Choice {
        self.choose_within(pos, side, roll, rules, level.budget(), level.noise(), seed)
    }

    /// The play within an explicit budget and noise (standard deviation on the win estimate).
    #[allow(clippy::too_many_arguments)]
    pub fn choose_within(
        &mut self,
        pos: &Position,
        side: Side,
        roll: Roll,
        rules: Rules,
        budget: Budget,
        noise: f32,
        seed: u32,
    ) -> Choice {
        let key = decision_key(pos, side, roll, seed);
        // Noise is on the score's scale: equity spans twice the win's range.
        let scale = match rules {
            Rules::Vrhcaby => noise,
            Rules::Standard => 2.0 * noise,
        };
        let ev = match (rules, &self.standard) {
            (Rules::Standard, Some(s)) => s,
            _ => &self.evaluator,
        };
        let (mut plays, best) = self
            .searcher
            .choose(ev, pos, side, roll, rules, budget, |i| {
                if scale == 0.0 {
                    0.0
                } else {
                    scale * normal(key ^ (i as u64).wrapping_mul(0xA24B_AED4_963E_E407))
                }
            });
        let play = plays.swap_remove(best.index);
        Choice {
            index: best.index,
            moves: play.moves,
            position: play.position,
            estimate: best.estimate,
            ply: best.ply,
        }
    }

    /// The estimate for `side`, about to roll (0-ply).
    pub fn eval(&mut self, pos: &Position, side: Side) -> Estimate {
        self.searcher
            .on_roll(&self.evaluator, pos, side, 0, Rules::Vrhcaby)
    }

    /// The estimate for `me` while `offerer` is on turn and has offered a draw: with its full
    /// `roll` still to play (its best play at 0-ply), or mid-turn (`None`: the position as if it
    /// were about to roll, an approximation).
    pub fn estimate_during_offer(
        &mut self,
        pos: &Position,
        offerer: Side,
        roll: Option<Roll>,
    ) -> Estimate {
        match roll {
            Some(roll) => {
                let (_, estimates) =
                    self.searcher
                        .plays(&self.evaluator, pos, offerer, roll, Rules::Vrhcaby);
                estimates
                    .into_iter()
                    .max_by(|a, b| a.win.total_cmp(&b.win))
                    .unwrap_or_default()
                    .flip()
            }
            None => self.eval(pos, offerer).flip(),
        }
    }

    /// Whether the computer accepts a draw offered by `offerer`: when a draw (worth ½) is worth
    /// more to it than playing on, i.e. its win estimate is below [`ACCEPT_BELOW`].
    pub fn accepts_draw(&mut self, pos: &Position, offerer: Side, roll: Option<Roll>) -> bool {
        self.estimate_during_offer(pos, offerer, roll).win < ACCEPT_BELOW
    }

    /// Whether the computer (`me`, on turn with `roll`) would offer a draw: when it is behind, its
    /// best play's win estimate below [`OFFER_BELOW`]. The caller checks that the rules let it
    /// (R23, R26, S7: `Game::can_offer_draw`).
    pub fn wants_draw(&mut self, pos: &Position, me: Side, roll: Roll) -> bool {
        let (_, estimates) = self
            .searcher
            .plays(&self.evaluator, pos, me, roll, Rules::Vrhcaby);
        estimates.iter().map(|e| e.win).fold(0.0, f32::max) < OFFER_BELOW
    }
}

/// Whether the computer presses "Don't wait" (R17) when the person is late: only when the person
/// turned that on; by default it waits, like a patient friend (R19 still ends a game left for 10 h).
#[must_use]
pub fn claims_when_late(person_allowed_it: bool) -> bool {
    person_allowed_it
}

/// A key for one decision: the same position, side, roll and seed always give the same key.
#[must_use]
pub fn decision_key(pos: &Position, side: Side, roll: Roll, seed: u32) -> u64 {
    let mut bytes = Vec::with_capacity(60);
    for s in [side, !side] {
        bytes.extend_from_slice(pos.side(s));
    }
    bytes.extend_from_slice(&[roll.high().value(), roll.low().value()]);
    bytes.extend_from_slice(&seed.to_le_bytes());
    SplitMix64::new(weights::fnv1a64(&bytes)).next_u64()
}

/// A standard normal number from a key (Marsaglia's polar method on SplitMix64 draws: a point
/// of the unit disc, no trigonometry, so the worker carries no `cos` and its tables).
#[must_use]
pub fn normal(key: u64) -> f32 {
    let mut rng = SplitMix64::new(key);
    let mut uniform = || ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 52) as f64 - 1.0;
    loop {
        let (u, v) = (uniform(), uniform());
        let s = u * u + v * v;
        if s < 1.0 && s > 0.0 {
            return (u * (-2.0 * s.ln() / s).sqrt()) as f32;
        }
    }
}
