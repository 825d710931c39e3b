//! Positions: the unchecked [`Setup`] that JSON hands you and the always-valid [`Position`].

use serde::{Deserialize, Serialize};

use crate::error::SetupError;
use crate::types::Side;

/// Checkers per side (R1).
pub const CHECKERS: u8 = 15;
/// Index of the bar in a side's 26-slot array.
pub const BAR: usize = 25;
/// Index of the borne-off checkers in a side's 26-slot array.
pub const OFF: usize = 0;

/// An unchecked position, exactly as the position JSON gives it: `{"white":[26 ints],"black":[26 ints]}`,
/// each side in its own numbering (0 = off, 1..24 = points, 25 = bar). It may be nonsense;
/// [`Position::from_setup`] checks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub white: Vec<i64>,
    pub black: Vec<i64>,
}

/// A valid position: 15 checkers a side (on points, on the bar or borne off) and no point
/// shared by both colours. It can only be made by [`Position::from_setup`], [`Position::start`]
/// or by playing legal moves.
///
/// ```
/// use vrhcaby_rules::{Position, Setup, Side};
/// let start = Position::start();
/// assert_eq!(start.pip_count(Side::White), 167);
/// let setup: Setup = serde_json::from_str(r#"{"white":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],
///                                             "black":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]}"#).unwrap();
/// assert_eq!(Position::from_setup(&setup).unwrap(), start);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) sides: [[u8; 26]; 2],
}

impl Position {
    /// The start position of R2: for each side 2 on 24, 5 on 13, 3 on 8, 5 on 6.
    #[must_use]
    pub fn start() -> Position {
        let mut side = [0u8; 26];
        side[24] = 2;
        side[13] = 5;
        side[8] = 3;
        side[6] = 5;
        Position { sides: [side; 2] }
    }

    /// Checks an unchecked setup. A finished position (15 borne off) is accepted here; a game
    /// cannot start from one (see [`crate::Game::from_position`]).
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut sides = [[0u8; 26]; 2];
        for side in Side::ALL {
            let raw = match side {
                Side::White => &setup.white,
                Side::Black => &setup.black,
            };
            if raw.len() != 26 {
                return Err(SetupError::WrongLength {
                    side,
                    len: raw.len(),
                });
            }
            let mut total: i64 = 0;
            for (index, &count) in raw.iter().enumerate() {
                if !(0..=i64::from(CHECKERS)).contains(&count) {
                    return Err(SetupError::BadCount { side, index, count });
                }
                total += count;
                sides[side.index()][index] = count as u8;
            }
            if total != i64::from(CHECKERS) {
                return Err(SetupError::WrongTotal { side, total });
            }
        }
        for p in 1..=24usize {
            if sides[0][p] > 0 && sides[1][25 - p] > 0 {
                return Err(SetupError::SharedPoint {
                    white_point: p as u8,
                });
            }
        }
        Ok(Position { sides })
    }

    /// The position as unchecked position JSON data.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            white: self.sides[0].iter().map(|&c| i64::from(c)).collect(),
            black: self.sides[1].iter().map(|&c| i64::from(c)).collect(),
        }
    }

    /// A side's 26 counts in its own numbering (0 = off, 1..24 = points, 25 = bar).
    #[must_use]
    pub fn side(&self, side: Side) -> &[u8; 26] {
        &self.sides[side.index()]
    }

    /// Checkers of `side` on its own point `point` (1..=24), on the bar (25) or off (0).
    #[must_use]
    pub fn count(&self, side: Side, index: usize) -> u8 {
        self.sides[side.index()].get(index).copied().unwrap_or(0)
    }

    /// Checkers of `side` on the bar.
    #[must_use]
    pub fn bar(&self, side: Side) -> u8 {
        self.sides[side.index()][BAR]
    }

    /// Checkers of `side` borne off.
    #[must_use]
    pub fn off(&self, side: Side) -> u8 {
        self.sides[side.index()][OFF]
    }

    /// The pip count: how many points `side` still has to travel (the bar counts 25).
    #[must_use]
    pub fn pip_count(&self, side: Side) -> u32 {
        self.sides[side.index()]
            .iter()
            .enumerate()
            .map(|(i, &c)| i as u32 * u32::from(c))
            .sum()
    }

    /// `side` has borne off all 15 checkers (R20).
    #[must_use]
    pub fn is_finished(&self, side: Side) -> bool {
        self.off(side) == CHECKERS
    }

    /// Who stands on White's point `white_point` (1..=24) and how many.
    #[must_use]
    pub fn at_white_point(&self, white_point: u8) -> Option<(Side, u8)> {
        let p = usize::from(white_point);
        if !(1..=24).contains(&p) {
            return None;
        }
        if self.sides[0][p] > 0 {
            Some((Side::White, self.sides[0][p]))
        } else if self.sides[1][25 - p] > 0 {
            Some((Side::Black, self.sides[1][25 - p]))
        } else {
            None
        }
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Raw<'a> {
            white: &'a [u8; 26],
            black: &'a [u8; 26],
        }
        Raw {
            white: &self.sides[0],
            black: &self.sides[1],
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let setup = Setup::deserialize(d)?;
        Position::from_setup(&setup).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(white: &[i64], black: &[i64]) -> Setup {
        Setup {
            white: white.to_vec(),
            black: black.to_vec(),
        }
    }

    #[test]
    fn bad_setups_get_clear_errors() {
        let good = Position::start().to_setup();
        let mut s = good.clone();
        s.white.pop();
        assert_eq!(
            Position::from_setup(&s),
            Err(SetupError::WrongLength {
                side: Side::White,
                len: 25
            })
        );
        let mut s = good.clone();
        s.black[3] = -1;
        s.black[6] += 1;
        assert!(matches!(
            Position::from_setup(&s),
            Err(SetupError::BadCount { count: -1, .. })
        ));
        let mut s = good.clone();
        s.white[1] = 1;
        assert_eq!(
            Position::from_setup(&s),
            Err(SetupError::WrongTotal {
                side: Side::White,
                total: 16
            })
        );
        // White's 19 is Black's 6, where Black has 5 checkers.
        let mut s = good.clone();
        s.white[6] -= 1;
        s.white[19] = 1;
        assert_eq!(
            Position::from_setup(&s),
            Err(SetupError::SharedPoint { white_point: 19 })
        );
        let mut w = [0i64; 26];
        w[0] = 15;
        let mut b = [0i64; 26];
        b[1] = 15;
        assert!(Position::from_setup(&setup(&w, &b)).is_ok());
    }

    #[test]
    fn json_round_trip() {
        let p = Position::start();
        let json = serde_json::to_string(&p).unwrap();
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(p, back);
        assert!(serde_json::from_str::<Position>(r#"{"white":[1],"black":[]}"#).is_err());
        assert_eq!(p.at_white_point(19), Some((Side::Black, 5)));
        assert_eq!(p.at_white_point(6), Some((Side::White, 5)));
        assert_eq!(p.at_white_point(3), None);
    }
}
