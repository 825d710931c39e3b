//! A series of games between the same two players on this device (hot-seat, or a person and the
//! computer): the running score, kept across rematches. Player "a" is the one who played White in
//! the series' first game; a rematch may keep the seats or swap them. A win is 1, a draw ½ each
//! (counted in half points).

use serde::{Deserialize, Serialize};
use vrhcaby_rules::{Outcome, Side};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Series {
    /// Half points of player "a" and of player "b".
    pub a: u32,
    pub b: u32,
    /// Whether player "a" plays White in the current game.
    pub a_white: bool,
}

impl Default for Series {
    fn default() -> Series {
        Series {
            a: 0,
            b: 0,
            a_white: true,
        }
    }
}

impl Series {
    /// The half points of whoever plays `side` in the current game.
    #[must_use]
    pub fn half_points(&self, side: Side) -> u32 {
        if (side == Side::White) == self.a_white {
            self.a
        } else {
            self.b
        }
    }

    /// The score with the result of the current game (played in the current seating) added.
    #[must_use]
    pub fn with(mut self, outcome: Outcome) -> Series {
        let (white, black) = match outcome {
            Outcome::White => (2, 0),
            Outcome::Black => (0, 2),
            Outcome::Draw => (1, 1),
        };
        if self.a_white {
            self.a += white;
            self.b += black;
        } else {
            self.a += black;
            self.b += white;
        }
        self
    }

    /// The series for the rematch after a game that ended with `outcome`: its result counted,
    /// and the seats swapped when the players chose so.
    #[must_use]
    pub fn rematch(self, outcome: Outcome, swap: bool) -> Series {
        let mut next = self.with(outcome);
        if swap {
            next.a_white = !next.a_white;
        }
        next
    }

    /// Whether any game of the series has been counted.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.a == 0 && self.b == 0
    }

    /// The series if it could be real: a score is at most a few thousand games, anything larger
    /// is a corrupted save.
    #[must_use]
    pub fn checked(self) -> Option<Series> {
        (self.a < 1 << 24 && self.b < 1 << 24).then_some(self)
    }

    /// The one-string form of saves before the serde form (`"4 3 w"`), read for their migration.
    #[must_use]
    pub fn decode(text: &str) -> Option<Series> {
        let mut parts = text.split(' ');
        let a = parts.next()?.parse().ok()?;
        let b = parts.next()?.parse().ok()?;
        let a_white = match parts.next()? {
            "w" => true,
            "b" => false,
            _ => return None,
        };
        parts
            .next()
            .is_none()
            .then_some(Series { a, b, a_white })?
            .checked()
    }
}

/// Half points as a score: `3` or `2.5`.
#[must_use]
pub fn points_text(half_points: u32) -> String {
    if half_points % 2 == 0 {
        (half_points / 2).to_string()
    } else {
        format!("{}.5", half_points / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_follow_the_players_through_swapped_seats() {
        let s = Series::default();
        assert_eq!(
            (s.half_points(Side::White), s.half_points(Side::Black)),
            (0, 0)
        );
        // Game 1: White (player a) wins; rematch with the seats swapped.
        let s = s.rematch(Outcome::White, true);
        assert_eq!((s.a, s.b, s.a_white), (2, 0, false));
        assert_eq!(s.half_points(Side::Black), 2, "player a now plays Black");
        // Game 2: a draw; seats kept. Game 3 shown while over: White (player b) won.
        let s = s.rematch(Outcome::Draw, false);
        assert_eq!((s.a, s.b), (3, 1));
        let shown = s.with(Outcome::White);
        assert_eq!(
            (
                shown.half_points(Side::White),
                shown.half_points(Side::Black)
            ),
            (3, 3)
        );
        assert_eq!(
            (points_text(3), points_text(4)),
            ("1.5".to_owned(), "2".to_owned())
        );
    }

    #[test]
    fn the_saved_form_round_trips_and_rejects_garbage() {
        let s = Series {
            a: 7,
            b: 4,
            a_white: false,
        };
        assert_eq!(Series::decode("7 4 b"), Some(s));
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<Series>(&text).unwrap(), s);
        let huge = Series { a: 1 << 24, ..s };
        assert_eq!(huge.checked(), None);
        for bad in [
            "",
            "1 2",
            "1 2 x",
            "a 2 w",
            "1 2 w 3",
            "99999999999 1 w",
            "-1 0 w",
        ] {
            assert_eq!(Series::decode(bad), None, "{bad:?}");
        }
    }
}
