//! Small value types that cannot hold bad values: sides, dice, rolls, points, origins and targets.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::ValueError;

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

/// One die showing 1..=6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Die(u8);

impl Die {
    /// Every face, 1 to 6.
    pub const ALL: [Die; 6] = [Die(1), Die(2), Die(3), Die(4), Die(5), Die(6)];

    /// A die from its face value; `None` outside 1..=6.
    #[must_use]
    pub const fn new(value: u8) -> Option<Die> {
        if value >= 1 && value <= 6 {
            Some(Die(value))
        } else {
            None
        }
    }

    /// The face value, 1..=6.
    #[must_use]
    pub const fn value(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for Die {
    type Error = ValueError;
    fn try_from(value: u8) -> Result<Die, ValueError> {
        Die::new(value).ok_or(ValueError::Die(i64::from(value)))
    }
}

impl From<Die> for u8 {
    fn from(d: Die) -> u8 {
        d.0
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A roll of two dice; a double gives four moves of its value (R5).
///
/// ```
/// use vrhcaby_rules::{Die, Roll};
/// let roll = Roll::new(Die::new(3).unwrap(), Die::new(5).unwrap());
/// assert_eq!((roll.high().value(), roll.low().value()), (5, 3));
/// assert!(!roll.is_double());
/// assert_eq!(roll.dice().len(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "[u8; 2]", into = "[u8; 2]")]
pub struct Roll {
    high: Die,
    low: Die,
}

impl Roll {
    /// A roll from two dice in any order.
    #[must_use]
    pub fn new(a: Die, b: Die) -> Roll {
        if a >= b {
            Roll { high: a, low: b }
        } else {
            Roll { high: b, low: a }
        }
    }

    /// A roll from two face values; an error names a value outside 1..=6.
    pub fn from_values(a: u8, b: u8) -> Result<Roll, ValueError> {
        Ok(Roll::new(Die::try_from(a)?, Die::try_from(b)?))
    }

    /// The higher die (either, for a double).
    #[must_use]
    pub const fn high(self) -> Die {
        self.high
    }

    /// The lower die (either, for a double).
    #[must_use]
    pub const fn low(self) -> Die {
        self.low
    }

    /// Both dice show the same value.
    #[must_use]
    pub fn is_double(self) -> bool {
        self.high == self.low
    }

    /// The dice this roll gives to play: four for a double, otherwise two.
    #[must_use]
    pub fn dice(self) -> DiceLeft {
        if self.is_double() {
            DiceLeft::from_slice(&[self.high; 4])
        } else {
            DiceLeft::from_slice(&[self.high, self.low])
        }
    }
}

impl TryFrom<[u8; 2]> for Roll {
    type Error = ValueError;
    fn try_from([a, b]: [u8; 2]) -> Result<Roll, ValueError> {
        Roll::from_values(a, b)
    }
}

impl From<Roll> for [u8; 2] {
    fn from(r: Roll) -> [u8; 2] {
        [r.high.0, r.low.0]
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high, self.low)
    }
}

/// The dice still left to play in a turn (0 to 4), highest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DiceLeft {
    dice: [u8; 4],
    len: u8,
}

impl DiceLeft {
    /// No dice.
    pub const EMPTY: DiceLeft = DiceLeft {
        dice: [0; 4],
        len: 0,
    };

    /// The dice of a slice (at most four are kept), sorted highest first.
    #[must_use]
    pub fn from_slice(dice: &[Die]) -> DiceLeft {
        let mut out = DiceLeft::EMPTY;
        for d in dice.iter().take(4) {
            out.dice[out.len as usize] = d.value();
            out.len += 1;
        }
        out.dice[..out.len as usize].sort_unstable_by(|a, b| b.cmp(a));
        out
    }

    /// How many dice are left.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// No die is left.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The dice left, highest first.
    pub fn iter(&self) -> impl Iterator<Item = Die> + '_ {
        self.dice[..self.len as usize].iter().map(|&v| Die(v))
    }

    /// The distinct values left, lowest first (the order R15 prefers when bearing off).
    #[must_use]
    pub fn distinct_ascending(&self) -> ([Die; 2], usize) {
        let mut out = [Die(1); 2];
        let mut n = 0;
        for i in (0..self.len as usize).rev() {
            let d = Die(self.dice[i]);
            if n == 0 || out[n - 1] != d {
                if n == 2 {
                    break;
                }
                out[n] = d;
                n += 1;
            }
        }
        (out, n)
    }

    /// Whether a die of this value is left.
    #[must_use]
    pub fn contains(&self, die: Die) -> bool {
        self.iter().any(|d| d == die)
    }

    /// Removes one die of this value; `false` if there was none.
    pub fn remove(&mut self, die: Die) -> bool {
        let n = self.len as usize;
        match self.dice[..n].iter().position(|&v| v == die.value()) {
            Some(i) => {
                self.dice.copy_within(i + 1..n, i);
                self.dice[n - 1] = 0;
                self.len -= 1;
                true
            }
            None => false,
        }
    }

    /// The values as plain numbers, highest first.
    #[must_use]
    pub fn values(&self) -> Vec<u8> {
        self.dice[..self.len as usize].to_vec()
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
    fn dice_left_removes_one_of_a_value() {
        let mut d = Roll::from_values(4, 4).unwrap().dice();
        assert_eq!(d.len(), 4);
        assert!(d.remove(Die::new(4).unwrap()));
        assert_eq!(d.values(), vec![4, 4, 4]);
        assert!(!d.remove(Die::new(2).unwrap()));
        let mut d = Roll::from_values(2, 6).unwrap().dice();
        assert_eq!(d.values(), vec![6, 2]);
        assert_eq!(d.distinct_ascending(), ([Die(2), Die(6)], 2));
        d.remove(Die(6));
        assert_eq!(d.values(), vec![2]);
    }

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
