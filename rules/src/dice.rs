//! Where a game on one device gets its lot and rolls. The rules machine never rolls: the caller
//! draws from a [`DiceSource`] and sends `Start` and `Dice` commands. (Between two devices the
//! dice come from a commit–reveal exchange instead; see the p2p crate.)

use crate::bench::SplitMix64;
use crate::types::{Die, Roll, Side};

/// A source of lots and rolls.
pub trait DiceSource {
    /// The next roll of two dice (R4).
    fn roll(&mut self) -> Roll;
    /// The lot: who starts (R3).
    fn lot(&mut self) -> Side;
    /// Standard backgammon's opening roll (T1): White's die and Black's. Each ordered pair
    /// comes with probability 1/36: a roll's two dice, handed out by a lot.
    fn opening(&mut self) -> (Die, Die) {
        let roll = self.roll();
        match self.lot() {
            Side::White => (roll.high(), roll.low()),
            Side::Black => (roll.low(), roll.high()),
        }
    }
}

/// Deterministic dice from a `u64` seed (SplitMix64): the same seed gives the same lot and rolls,
/// and [`SeededDice::state`] / [`SeededDice::from_state`] continue the sequence after a reload.
/// Not for fair dice between peers.
///
/// It is exactly the sequence of `bench::SplitMix64::new(seed)` drawing `side()` for the lot and
/// `roll()` for each roll, so games seeded before this type existed keep their dice.
///
/// ```
/// use vrhcaby_rules::{DiceSource, SeededDice};
/// let mut a = SeededDice::new(7);
/// let lot = a.lot();
/// let first = a.roll();
/// let mut b = SeededDice::from_state(a.state()); // saved, reloaded
/// let mut again = SeededDice::new(7);
/// assert_eq!((again.lot(), again.roll()), (lot, first));
/// assert_eq!(b.roll(), again.roll());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeededDice(SplitMix64);

impl SeededDice {
    /// A fresh sequence from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> SeededDice {
        SeededDice(SplitMix64::new(seed))
    }

    /// The state to save: [`SeededDice::from_state`] continues from here.
    #[must_use]
    pub fn state(&self) -> u64 {
        self.0.state()
    }

    /// Continues a sequence saved by [`SeededDice::state`].
    #[must_use]
    pub fn from_state(state: u64) -> SeededDice {
        SeededDice(SplitMix64::new(state))
    }
}

impl DiceSource for SeededDice {
    fn roll(&mut self) -> Roll {
        self.0.roll()
    }

    fn lot(&mut self) -> Side {
        self.0.side()
    }
}

impl DiceSource for SplitMix64 {
    fn roll(&mut self) -> Roll {
        SplitMix64::roll(self)
    }

    fn lot(&mut self) -> Side {
        self.side()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sequence the app drew before `SeededDice`: `SplitMix64::new(seed)`, `side()` for the
    /// lot, then `roll()` for every roll. Old seeded games must keep their dice.
    #[test]
    fn seeded_dice_repeat_the_old_sequence() {
        for seed in [0, 1, 7, 2026, u64::MAX] {
            let mut old = SplitMix64::new(seed);
            let mut new = SeededDice::new(seed);
            assert_eq!(new.lot(), old.side());
            for _ in 0..200 {
                assert_eq!(new.roll(), old.roll());
                assert_eq!(new.state(), old.state());
            }
            let mut resumed = SeededDice::from_state(new.state());
            for _ in 0..50 {
                assert_eq!(resumed.roll(), old.roll());
            }
        }
    }

    #[test]
    fn a_fixed_seed_gives_fixed_dice() {
        // Pinned values: a change to the sequence would change every seeded game.
        let mut d = SeededDice::new(7);
        assert_eq!(d.lot(), Side::Black);
        let rolls: Vec<[u8; 2]> = (0..4).map(|_| d.roll().into()).collect();
        assert_eq!(rolls, vec![[1, 1], [5, 4], [5, 4], [6, 1]]);
    }
}
