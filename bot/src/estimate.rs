//! What a side can expect from a position ([`Estimate`]): the nets' outputs, exact results of
//! finished games and the bear-off table's answers all come as one.

use std::ops::{Add, Mul};

use vrhcaby_rules::{Position, Rules, Side, BAR, CHECKERS, OFF};

use crate::net::OUTPUTS;

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
