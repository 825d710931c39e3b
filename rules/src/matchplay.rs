//! Match play (T8) and the running score of money play: what a game starts from (the score, the
//! Crawford state, the clock's reserve) and what the next game starts from once it is over.

use serde::{Deserialize, Serialize};

use crate::command::Millis;
pub use crate::error::ContextError;
use crate::types::{BySide, Side};
use crate::variant::Options;

/// Where the Crawford rule stands at a game's start (T8, T11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Crawford {
    /// No game has yet brought a player to exactly N − 1 (or there is no Crawford rule).
    #[default]
    Before,
    /// This is the Crawford game: no doubling.
    This,
    /// Post-Crawford: the cube is back (and the Holland rule applies, if announced).
    After,
}

/// What a game of standard backgammon starts from: the score before it (a match's, or money
/// play's running total), the Crawford state and the clock's reserve left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MatchContext {
    pub score: BySide<u16>,
    pub crawford: Crawford,
    /// A delay-plus-reserve clock's reserve left at the start (in a match it carries over from
    /// game to game); `None`: the full reserve.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserve: Option<BySide<Millis>>,
}

impl MatchContext {
    /// Whether a game can start from this context under `options`.
    pub fn check(&self, options: &Options) -> Result<(), ContextError> {
        let n = u16::from(options.match_length);
        if options.is_money() {
            return if self.crawford == Crawford::Before {
                Ok(())
            } else {
                Err(ContextError::Crawford)
            };
        }
        if self.score.iter().any(|(_, &s)| s >= n) {
            return Err(ContextError::MatchOver);
        }
        let someone_at_n1 = self.score.iter().any(|(_, &s)| s + 1 == n);
        match self.crawford {
            Crawford::Before => Ok(()),
            Crawford::This | Crawford::After if !options.crawford || n < 2 => {
                Err(ContextError::Crawford)
            }
            // The Crawford game is played with the leader at N − 1 and the trailer below.
            Crawford::This if someone_at_n1 && self.score.iter().any(|(_, &s)| s + 1 < n) => Ok(()),
            Crawford::After if someone_at_n1 => Ok(()),
            _ => Err(ContextError::Crawford),
        }
    }

    /// Whether a match with this score is over (never in money play).
    #[must_use]
    pub fn is_over(&self, options: &Options) -> bool {
        !options.is_money()
            && self
                .score
                .iter()
                .any(|(_, &s)| s >= u16::from(options.match_length))
    }

    /// The match's winner, once it is over.
    #[must_use]
    pub fn winner(&self, options: &Options) -> Option<Side> {
        if !self.is_over(options) {
            return None;
        }
        Side::ALL
            .into_iter()
            .find(|&s| self.score[s] >= u16::from(options.match_length))
    }

    /// The context after a game this one started won by `winner` for `points` (`None`: a game
    /// that never began, ended with no points), with the reserve left at its end.
    ///
    /// ```
    /// use vrhcaby_rules::{BySide, Crawford, MatchContext, Options, Side};
    /// let five = Options::match_to(5);
    /// let c = MatchContext { score: BySide::new(2, 1), ..MatchContext::default() };
    /// let next = c.after(&five, Some(Side::White), 2, None);
    /// assert_eq!(next.score, BySide::new(4, 1));
    /// assert_eq!(next.crawford, Crawford::This); // White is at N − 1 for the first time
    /// let after = next.after(&five, Some(Side::Black), 1, None);
    /// assert_eq!(after.crawford, Crawford::After);
    /// ```
    #[must_use]
    pub fn after(
        &self,
        options: &Options,
        winner: Option<Side>,
        points: u16,
        reserve: Option<BySide<Millis>>,
    ) -> MatchContext {
        let mut score = self.score;
        if let Some(w) = winner {
            score[w] = score[w].saturating_add(points);
        }
        let n = u16::from(options.match_length);
        let crawford = match self.crawford {
            Crawford::This => Crawford::After,
            Crawford::After => Crawford::After,
            Crawford::Before
                if options.crawford
                    && n >= 2
                    && winner.is_some_and(|w| score[w] + 1 == n && self.score[w] + 1 != n) =>
            {
                Crawford::This
            }
            Crawford::Before => Crawford::Before,
        };
        MatchContext {
            score,
            crawford,
            // The reserve carries over in a match; money play starts each game full (T11).
            reserve: if options.is_money() { None } else { reserve },
        }
    }
}
