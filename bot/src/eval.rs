//! The evaluator: the contact and race nets behind one call, and what they estimate.

use vrhcaby_rules::{After, Position, Rules, Side};

use crate::bearoff;
pub use crate::estimate::Estimate;
use crate::inputs::{encode_of, Inputs};
use crate::net::{Net, Scratch};
use crate::weights::{self, WeightsError};

/// The trained weights shipped with the crate (see `weights.rs` for the format).
pub const BUILTIN_WEIGHTS: &[u8] = include_bytes!("../weights/house.bin");

/// Standard backgammon's trained weights (the `standard-net` feature; the house rules' Web
/// Worker goes without them).
#[cfg(feature = "standard-net")]
pub const STANDARD_WEIGHTS: &[u8] = include_bytes!("../weights/standard.bin");

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

    /// The built-in evaluator of `rules`: standard backgammon's own net where it is built in
    /// (`standard-net`), else the house rules' net.
    pub fn builtin_for(rules: Rules) -> Result<Evaluator, WeightsError> {
        match rules {
            Rules::Standard => Evaluator::builtin_standard().unwrap_or_else(Evaluator::builtin),
            Rules::Vrhcaby => Evaluator::builtin(),
        }
    }

    /// The evaluator of a weights file on disk (`Err`: why it cannot be read, in words).
    pub fn from_file(path: &str) -> Result<Evaluator, String> {
        std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| Evaluator::from_bytes(&b).map_err(|e| e.to_string()))
    }

    /// The evaluator of the weights file at `path` if given, else the built-in one of `rules`
    /// (the benchmarks' and trainers' `--weights` / `--init`).
    pub fn from_file_or_builtin(path: Option<&str>, rules: Rules) -> Result<Evaluator, String> {
        match path {
            Some(path) => Evaluator::from_file(path),
            None => Evaluator::builtin_for(rules).map_err(|e| e.to_string()),
        }
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
