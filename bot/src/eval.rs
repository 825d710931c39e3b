//! The evaluator: the contact and race nets behind one call, and what they estimate.

use std::ops::{Add, Mul};

use vrhcaby_rules::{After, Position, Rules, Side, BAR, CHECKERS, OFF};

use crate::bearoff;
use crate::inputs::{encode_of, Inputs};
use crate::net::{Net, Scratch, OUTPUTS};
use crate::weights::{self, WeightsError};

/// The trained weights shipped with the crate (see `weights.rs` for the format).
pub const BUILTIN_WEIGHTS: &[u8] = include_bytes!("../weights/house.bin");

/// Standard backgammon's trained weights (the `standard-net` feature; the house rules' Web
/// Worker goes without them).
#[cfg(feature = "standard-net")]
pub const STANDARD_WEIGHTS: &[u8] = include_bytes!("../weights/standard.bin");

/// What a side can expect from a position, as probabilities. Gammons include backgammons.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    pub win: f32,
    pub win_gammon: f32,
    pub win_backgammon: f32,
    pub lose_gammon: f32,
    pub lose_backgammon: f32,
}

impl Estimate {
    #[must_use]
    pub fn from_outputs(o: [f32; OUTPUTS]) -> Estimate {
        let win = o[0];
        Estimate {
            win,
            // A gammon is a kind of win, a backgammon a kind of gammon.
            win_gammon: o[1].min(win),
            win_backgammon: o[2].min(o[1]).min(win),
            lose_gammon: o[3].min(1.0 - win),
            lose_backgammon: o[4].min(o[3]).min(1.0 - win),
        }
    }

    #[must_use]
    pub fn outputs(&self) -> [f32; OUTPUTS] {
        [
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        ]
    }

    /// The same estimate seen by the other side.
    #[must_use]
    pub fn flip(self) -> Estimate {
        Estimate {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }

    /// Cubeless money equity: +1 a win, +2 a gammon, +3 a backgammon, and the same lost.
    #[must_use]
    pub fn equity(&self) -> f32 {
        2.0 * self.win - 1.0 + self.win_gammon + self.win_backgammon
            - self.lose_gammon
            - self.lose_backgammon
    }

    /// What a search maximises: the win under the house rules (every win is worth 1), the equity
    /// under standard rules.
    #[must_use]
    pub fn score(&self, rules: Rules) -> f32 {
        match rules {
            Rules::Vrhcaby => self.win,
            Rules::Standard => self.equity(),
        }
    }

    /// The result of a finished game for `side`, or `None` while it is on.
    #[must_use]
    pub fn finished(pos: &Position, side: Side) -> Option<Estimate> {
        Estimate::finished_of(pos.side(side), pos.side(!side))
    }

    /// [`Estimate::finished`] for the side `x` against `y`, each in its own numbering.
    #[must_use]
    pub fn finished_of(x: &[u8; 26], y: &[u8; 26]) -> Option<Estimate> {
        for (winner, loser, flip) in [(x, y, false), (y, x, true)] {
            if winner[OFF] == CHECKERS {
                let gammon = loser[OFF] == 0;
                // Backgammon: the loser still has a checker on the bar or in the winner's home.
                let back = gammon && (loser[BAR] > 0 || loser[19..=24].iter().any(|&n| n > 0));
                let e = Estimate {
                    win: 1.0,
                    win_gammon: f32::from(u8::from(gammon)),
                    win_backgammon: f32::from(u8::from(back)),
                    lose_gammon: 0.0,
                    lose_backgammon: 0.0,
                };
                return Some(if flip { e.flip() } else { e });
            }
        }
        None
    }
}

impl Add for Estimate {
    type Output = Estimate;
    fn add(self, o: Estimate) -> Estimate {
        Estimate {
            win: self.win + o.win,
            win_gammon: self.win_gammon + o.win_gammon,
            win_backgammon: self.win_backgammon + o.win_backgammon,
            lose_gammon: self.lose_gammon + o.lose_gammon,
            lose_backgammon: self.lose_backgammon + o.lose_backgammon,
        }
    }
}

impl Mul<f32> for Estimate {
    type Output = Estimate;
    fn mul(self, k: f32) -> Estimate {
        Estimate {
            win: self.win * k,
            win_gammon: self.win_gammon * k,
            win_backgammon: self.win_backgammon * k,
            lose_gammon: self.lose_gammon * k,
            lose_backgammon: self.lose_backgammon * k,
        }
    }
}

/// Reusable buffers for evaluations.
#[derive(Clone, Debug, Default)]
pub struct EvalScratch {
    pub inputs: Inputs,
    pub net: Scratch,
}

/// The two nets: one for positions with contact, one for races.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluator {
    pub contact: Net,
    pub race: Net,
}

impl Evaluator {
    /// The evaluator of a weights file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Evaluator, WeightsError> {
        let [contact, race] = weights::parse(bytes)?;
        Ok(Evaluator { contact, race })
    }

    /// The evaluator of the weights built into the crate.
    pub fn builtin() -> Result<Evaluator, WeightsError> {
        Evaluator::from_bytes(BUILTIN_WEIGHTS)
    }

    /// Standard backgammon's built-in evaluator, when built in (`standard-net`).
    pub fn builtin_standard() -> Option<Result<Evaluator, WeightsError>> {
        #[cfg(feature = "standard-net")]
        return Some(Evaluator::from_bytes(STANDARD_WEIGHTS));
        #[cfg(not(feature = "standard-net"))]
        None
    }

    /// The weights file of this evaluator (quantised: a round trip changes the weights slightly).
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        weights::serialize(&[&self.contact, &self.race])
    }

    /// The net for a position (contact or race).
    #[must_use]
    pub fn net(&self, contact: bool) -> &Net {
        if contact {
            &self.contact
        } else {
            &self.race
        }
    }

    /// The estimate for `side`, about to roll: exact for a finished game and, from the bear-off
    /// table, for a race with every checker of both sides home (or off); else the net's.
    pub fn evaluate(&self, pos: &Position, side: Side, s: &mut EvalScratch) -> Estimate {
        self.evaluate_of(pos.side(side), pos.side(!side), s)
    }

    /// [`Evaluator::evaluate`] for the side `x` about to roll against `y`, each in its own
    /// numbering.
    pub fn evaluate_of(&self, x: &[u8; 26], y: &[u8; 26], s: &mut EvalScratch) -> Estimate {
        if let Some(e) = Estimate::finished_of(x, y) {
            return e;
        }
        if let Some(e) = bearoff::race_estimate_of(x, y) {
            return e;
        }
        encode_of(x, y, &mut s.inputs);
        let out = self.net(s.inputs.contact).forward(&s.inputs, &mut s.net);
        Estimate::from_outputs(out)
    }

    /// The estimate for `mover` of the position after its play (the opponent about to roll).
    pub fn after_play(&self, after: &Position, mover: Side, s: &mut EvalScratch) -> Estimate {
        self.evaluate(after, !mover, s).flip()
    }

    /// [`Evaluator::after_play`] of a play as the generator hands it over
    /// (`PlayGenerator::for_each_after`): no `Position` built.
    pub fn after(&self, after: &After<'_>, s: &mut EvalScratch) -> Estimate {
        let (mover, opponent) = after.sides();
        self.evaluate_of(&opponent, &mover, s).flip()
    }
}
