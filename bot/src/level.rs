//! The levels: how deep the computer looks and how much noise it adds to its estimates.

use std::fmt;

use crate::search::Budget;

/// The documented levels, weakest first (the CLI's `level` and the page's `bot-level`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Level {
    /// 0-ply with large noise on its estimates: plays plausible but often second-best moves, like
    /// a person who is still learning (seeded, so a position and a seed always get the same play).
    Beginner,
    /// 0-ply with small noise: mostly right, slips when plays are close.
    Intermediate,
    /// 0-ply, no noise: the net's best play (under 5 ms).
    Expert,
    /// Pruned 2-ply look-ahead (the best 8 plays at 1-ply, the best 2 of those at 2-ply).
    #[default]
    Strongest,
}

impl Level {
    pub const ALL: [Level; 4] = [
        Level::Beginner,
        Level::Intermediate,
        Level::Expert,
        Level::Strongest,
    ];

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Intermediate => "intermediate",
            Level::Expert => "expert",
            Level::Strongest => "strongest",
        }
    }

    #[must_use]
    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// Standard deviation of the noise added to each play's win estimate (0: none).
    #[must_use]
    pub fn noise(self) -> f32 {
        match self {
            Level::Beginner => 0.05,
            Level::Intermediate => 0.02,
            Level::Expert | Level::Strongest => 0.0,
        }
    }

    #[must_use]
    pub fn budget(self) -> Budget {
        match self {
            Level::Beginner | Level::Intermediate | Level::Expert => Budget::ZERO_PLY,
            Level::Strongest => Budget::STRONGEST,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
