//! Small value types that cannot hold bad values: sides, dice, rolls, points, origins and targets.

mod dice;

use std::fmt;

use serde::{Deserialize, Serialize};

pub use dice::{DiceLeft, Die, Roll};

/// One of the two players. White and Black each number the points from their own side (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// The lowercase name used in JSON (`"white"` / `"black"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl std::ops::Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        self.opponent()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value for each side, White's and Black's: indexed by [`Side`].
///
/// ```
/// use vrhcaby_rules::{BySide, Side};
/// let mut pips = BySide::new(167, 160);
/// pips[Side::Black] += 7;
/// assert_eq!(pips, BySide::from_fn(|_| 167));
/// assert_eq!(pips.map(|p| p * 2).get(Side::White), &334);
/// let sides: Vec<Side> = pips.iter().map(|(side, _)| side).collect();
/// assert_eq!(sides, Side::ALL);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BySide<T> {
    pub white: T,
    pub black: T,
}

impl<T> BySide<T> {
    #[must_use]
    pub const fn new(white: T, black: T) -> BySide<T> {
        BySide { white, black }
    }

    /// Each side's value from `f(side)`, White first.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        let white = f(Side::White);
        let black = f(Side::Black);
        BySide { white, black }
    }

    #[must_use]
    pub const fn get(&self, side: Side) -> &T {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }

    /// Each value changed by `f`, White first.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        let white = f(self.white);
        let black = f(self.black);
        BySide { white, black }
    }

    /// Both sides and their values, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        [(Side::White, &self.white), (Side::Black, &self.black)].into_iter()
    }
}

impl<T> std::ops::Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        self.get(side)
    }
}

impl<T> std::ops::IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        self.get_mut(side)
    }
}

/// A point 1..=24 in the numbering of the side that moves (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// A point from its number; `None` outside 1..=24.
    #[must_use]
    pub const fn new(n: u8) -> Option<Point> {
        if n >= 1 && n <= 24 {
            Some(Point(n))
        } else {
            None
        }
    }

    /// Its number, 1..=24.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The same point in the other side's numbering (`25 − p`).
    #[must_use]
    pub const fn mirror(self) -> Point {
        Point(25 - self.0)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a moving checker comes from: the bar or a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "i64", into = "u8")]
pub enum Origin {
    Point(Point),
    Bar,
}

impl Origin {
    /// The index in the mover's numbering: 1..=24 for points, 25 for the bar.
    #[must_use]
    pub const fn index(self) -> u8 {
        match self {
            Origin::Point(p) => p.0,
            Origin::Bar => 25,
        }
    }

    /// An origin from its index (1..=24 a point, 25 the bar).
    pub fn from_index(n: i64) -> Result<Origin, ValueError> {
        match n {
            25 => Ok(Origin::Bar),
            1..=24 => Ok(Origin::Point(Point(n as u8))),
            _ => Err(ValueError::Origin(n)),
        }
    }
}

impl TryFrom<i64> for Origin {
    type Error = ValueError;
    fn try_from(n: i64) -> Result<Origin, ValueError> {
        Origin::from_index(n)
    }
}

impl From<Origin> for u8 {
    fn from(o: Origin) -> u8 {
        o.index()
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Point(p) => write!(f, "{p}"),
            Origin::Bar => f.write_str("bar"),
        }
    }
}

/// Where a moving checker lands: a point, or off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "i64", into = "u8")]
pub enum Target {
    Off,
    Point(Point),
}

impl Target {
    /// The index in the mover's numbering: 1..=24 for points, 0 for off.
    #[must_use]
    pub const fn index(self) -> u8 {
        match self {
            Target::Point(p) => p.0,
            Target::Off => 0,
        }
    }

    /// A target from its index (1..=24 a point, 0 off).
    pub fn from_index(n: i64) -> Result<Target, ValueError> {
        match n {
            0 => Ok(Target::Off),
            1..=24 => Ok(Target::Point(Point(n as u8))),
            _ => Err(ValueError::Target(n)),
        }
    }
}

impl TryFrom<i64> for Target {
    type Error = ValueError;
    fn try_from(n: i64) -> Result<Target, ValueError> {
        Target::from_index(n)
    }
}

impl From<Target> for u8 {
    fn from(t: Target) -> u8 {
        t.index()
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Point(p) => write!(f, "{p}"),
            Target::Off => f.write_str("off"),
        }
    }
}

/// One checker moved by one die, in the mover's numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Origin,
    pub to: Target,
    pub die: Die,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{} ({})", self.from, self.to, self.die)
    }
}

/// One move of a complete turn with its die and whether it hit a blot (R7), in the mover's
/// numbering: what [`crate::Play::steps`] lists and a [`crate::Event::Moved`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub from: Origin,
    pub to: Target,
    pub die: Die,
    pub hit: bool,
}

impl Step {
    /// The move without the hit.
    #[must_use]
    pub const fn to_move(self) -> Move {
        Move {
            from: self.from,
            to: self.to,
            die: self.die,
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_move())?;
        if self.hit {
            f.write_str("*")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_out_of_range_are_refused() {
        assert!(Die::new(0).is_none());
        assert!(Die::new(7).is_none());
        assert!(Point::new(25).is_none());
        assert!(Origin::from_index(0).is_err());
        assert!(Target::from_index(25).is_err());
        assert_eq!(Origin::from_index(25).unwrap(), Origin::Bar);
        assert_eq!(Point::new(3).unwrap().mirror().number(), 22);
    }
}

/// A number that does not name a die, point, origin or target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueError {
    Die(i64),
    Origin(i64),
    Target(i64),
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueError::Die(v) => write!(f, "a die shows 1 to 6, not {v}"),
            ValueError::Origin(v) => {
                write!(
                    f,
                    "a move starts on a point 1 to 24 or the bar (25), not {v}"
                )
            }
            ValueError::Target(v) => {
                write!(f, "a move ends on a point 1 to 24 or off (0), not {v}")
            }
        }
    }
}

impl std::error::Error for ValueError {}
