//! The doubling cube (T4, T5, T11): its value, its owner, and a double's answer under way.

use serde::{Deserialize, Serialize};

use crate::types::Side;

/// The cube's highest value (T4).
pub const CUBE_MAX: u8 = 64;

/// The cube: its value (1, 2, 4, … 64) and who owns it (`None`: in the middle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cube {
    pub value: u8,
    pub owner: Option<Side>,
    /// Whether a double has been taken in this game (the Jacoby rule; automatic doubles of the
    /// opening roll do not count, T11).
    pub turned: bool,
}

impl Default for Cube {
    fn default() -> Cube {
        Cube::CENTRED
    }
}

impl Cube {
    /// The cube at the start of a game: 1, in the middle.
    pub const CENTRED: Cube = Cube {
        value: 1,
        owner: None,
        turned: false,
    };

    /// Whether `side` holds the right to double: the cube is in the middle or its own, and one
    /// more double stays within 64 (T4, T11).
    #[must_use]
    pub fn may_double(&self, side: Side) -> bool {
        self.owner.is_none_or(|o| o == side) && self.value < CUBE_MAX
    }
}

/// The step of a double under way (T5): the double, then possibly a beaver, then a raccoon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    Double,
    Beaver,
    Raccoon,
}

impl Stage {
    /// How many times this step has doubled the cube's value.
    #[must_use]
    pub const fn steps(self) -> u8 {
        match self {
            Stage::Double => 1,
            Stage::Beaver => 2,
            Stage::Raccoon => 3,
        }
    }
}

/// A double waiting for its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Offer {
    pub doubler: Side,
    pub stage: Stage,
}

impl Offer {
    /// Who answers now: the taker for a double and a raccoon, the doubler for a beaver.
    #[must_use]
    pub fn answerer(&self) -> Side {
        match self.stage {
            Stage::Double | Stage::Raccoon => !self.doubler,
            Stage::Beaver => self.doubler,
        }
    }

    /// The value the cube will have if the answer is a take.
    #[must_use]
    pub fn value_offered(&self, cube: Cube) -> u8 {
        cube.value << self.stage.steps()
    }

    /// What a drop loses: the value before this step (T4, T11).
    #[must_use]
    pub fn value_dropped(&self, cube: Cube) -> u8 {
        cube.value << (self.stage.steps() - 1)
    }

    /// Whether the answerer may raise once more (beaver after a double, raccoon after a beaver)
    /// within 64, when beavers are agreed.
    #[must_use]
    pub fn may_raise(&self, cube: Cube) -> bool {
        self.stage != Stage::Raccoon && self.value_offered(cube) < CUBE_MAX
    }
}
