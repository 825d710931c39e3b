//! Dice: one die, a roll of two, and the dice still left to play in a turn.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::ValueError;

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
}
