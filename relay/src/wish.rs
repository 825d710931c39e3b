//! What a player wishes to play, as an open table says it in clear (`table`) and the page and
//! the relay worker say it to each other (`talk`).

use serde::{Deserialize, Serialize};

/// The rules a table is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    House,
    Standard,
}

/// The owner's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Cs,
    En,
}

/// What the owner of a table wants to play: all a table says in clear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Wish {
    pub rules: Rules,
    /// The match's length in points (standard rules), 0 for a single game.
    pub length: u8,
    /// Played on the clock.
    pub clock: bool,
    pub lang: Lang,
}

impl Wish {
    /// Whether a table with `self` suits a player who wishes `other`: the same game (the
    /// language is shown, not filtered on).
    #[must_use]
    pub fn fits(&self, other: &Wish) -> bool {
        self.rules == other.rules && self.length == other.length && self.clock == other.clock
    }

    /// A wish a table may carry: the house rules have no match; a standard match is at most
    /// 25 points.
    #[must_use]
    pub fn valid(&self) -> bool {
        match self.rules {
            Rules::House => self.length == 0,
            Rules::Standard => self.length <= 25,
        }
    }
}
