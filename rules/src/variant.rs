//! The variant a game is played under: the rule set and its options. [`crate::Game`],
//! [`crate::Record`] and every rule query the game makes go through it.
//!
//! Only the house rules can be played today; the options of other variants (match length, the
//! doubling cube, …) will live here, so the game's API does not change when they come.

use crate::error::MoveError;
use crate::movegen::{self, Rules};
use crate::position::Position;
use crate::types::{DiceLeft, Move, Origin, Side, Target};

/// A playable rule set with its options. It can only be made for rules this build can play
/// ([`Variant::for_rules`]), so a [`crate::Game`] is always playable.
///
/// ```
/// use vrhcaby_rules::{Rules, Variant};
/// assert_eq!(Variant::default(), Variant::VRHCABY);
/// assert_eq!(Variant::vrhcaby().rules(), Rules::Vrhcaby);
/// assert_eq!(Variant::for_rules(Rules::Vrhcaby), Some(Variant::VRHCABY));
/// assert_eq!(Variant::for_rules(Rules::Standard), None); // not playable yet
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Variant {
    rules: Rules,
}

impl Variant {
    /// The house rules of `RULES.md` (R1–R27): no options.
    pub const VRHCABY: Variant = Variant {
        rules: Rules::Vrhcaby,
    };

    /// The house rules (the same as [`Variant::VRHCABY`]).
    #[must_use]
    pub const fn vrhcaby() -> Variant {
        Variant::VRHCABY
    }

    /// The variant for `rules` with its default options, or `None` for rules this build can
    /// generate turns for but not play a game under (standard backgammon, for now).
    #[must_use]
    pub const fn for_rules(rules: Rules) -> Option<Variant> {
        match rules {
            Rules::Vrhcaby => Some(Variant::VRHCABY),
            Rules::Standard => None,
        }
    }

    /// The rule set: the record's `rules` and the [`crate::PlayGenerator`]'s argument.
    #[must_use]
    pub const fn rules(self) -> Rules {
        self.rules
    }

    /// Every single legal move of `side` for the dice left (see [`crate::legal_moves`]).
    #[must_use]
    pub fn legal_moves(self, pos: &Position, side: Side, dice: &DiceLeft) -> Vec<Move> {
        match self.rules {
            // A variant is only ever made for the house rules (see `for_rules`); another rule
            // set gets its own single-move queries here when it becomes playable.
            Rules::Vrhcaby | Rules::Standard => movegen::legal_moves(pos, side, dice),
        }
    }

    /// Whether `side` has any legal move with the dice left (R9, R10).
    #[must_use]
    pub fn has_legal_move(self, pos: &Position, side: Side, dice: &DiceLeft) -> bool {
        match self.rules {
            Rules::Vrhcaby | Rules::Standard => movegen::has_legal_move(pos, side, dice),
        }
    }

    /// Checks a move given as origin and target and says which die it uses (R15 when bearing off).
    pub fn check_move(
        self,
        pos: &Position,
        side: Side,
        from: Origin,
        to: Target,
        dice: &DiceLeft,
    ) -> Result<Move, MoveError> {
        match self.rules {
            Rules::Vrhcaby | Rules::Standard => movegen::check_move(pos, side, from, to, dice),
        }
    }
}
