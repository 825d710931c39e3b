//! A fixed-seed sample of (position, side, roll) from random self-play, for the move-generation
//! benchmark (`vrhcaby bench`) and for property tests. Timing is left to the caller so the same
//! code can be measured natively and in a browser.

use crate::movegen::{PlayGenerator, Rules};
use crate::position::Position;
use crate::types::{Die, Roll, Side};

/// A small, fast, seedable generator (SplitMix64). Not for fair dice between peers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    #[must_use]
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The internal state, to save and later resume the same sequence with [`SplitMix64::new`].
    #[must_use]
    pub fn state(&self) -> u64 {
        self.0
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` without modulo bias (rejection sampling). `n` must not be 0.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }

    pub fn die(&mut self) -> Die {
        Die::ALL[self.below(6) as usize]
    }

    pub fn roll(&mut self) -> Roll {
        Roll::new(self.die(), self.die())
    }

    pub fn side(&mut self) -> Side {
        if self.below(2) == 0 {
            Side::White
        } else {
            Side::Black
        }
    }
}

/// `n` (position, side on roll, roll) triples from random self-play under `rules`: each turn picks
/// uniformly among the distinct resulting positions; a finished game starts a new one.
#[must_use]
pub fn self_play_sample(n: usize, seed: u64, rules: Rules) -> Vec<(Position, Side, Roll)> {
    let mut rng = SplitMix64::new(seed);
    let mut gen = PlayGenerator::new();
    let mut out = Vec::with_capacity(n);
    let mut pos = Position::start();
    let mut side = rng.side();
    while out.len() < n {
        let roll = rng.roll();
        out.push((pos, side, roll));
        let count = gen.count(&pos, side, roll, rules);
        let pick = rng.below(count as u64) as usize;
        pos = gen
            .nth_position(pick, &pos, side)
            .unwrap_or_else(Position::start);
        if pos.is_finished(side) {
            pos = Position::start();
            side = rng.side();
        } else {
            side = !side;
        }
    }
    out
}

/// Enumerates every complete turn of every sample entry; returns the total number of plays
/// (so the work cannot be optimised away).
pub fn enumerate_all(
    gen: &mut PlayGenerator,
    sample: &[(Position, Side, Roll)],
    rules: Rules,
) -> usize {
    sample
        .iter()
        .map(|(p, s, r)| gen.count(p, *s, *r, rules))
        .sum()
}
