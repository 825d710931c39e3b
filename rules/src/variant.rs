//! The variant a game is played under: the rule set and its options. [`crate::Game`],
//! [`crate::Record`] and every rule query the game makes go through it.
//!
//! The house rules (R1–R27) have no options. Standard backgammon (T1–T11) has the options of
//! [`Options`]: money play or a match, the cube and its agreements, and the clock (T10).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::command::Millis;
use crate::error::MoveError;
use crate::movegen::{self, Rules};
use crate::position::Position;
use crate::types::{DiceLeft, Move, Origin, Side, Target};

/// The longest match that can be agreed.
pub const MAX_MATCH_LENGTH: u8 = 25;
/// The most opening ties that can double the cube automatically (T11).
pub const MAX_AUTO_DOUBLES: u8 = 6;

/// The clock of a standard game (T10, T11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Clock {
    /// No clock (the default on one device and against the computer).
    #[default]
    None,
    /// The house clock: R16–R19 (60 s a move, "Don't wait", offline, ten hours).
    House,
    /// Each turn first spends `delay_ms`, then the reserve; an empty reserve loses (reason
    /// `timeout`). The reserve is per match in match play, per game in money play.
    DelayReserve { delay_ms: u32, reserve_ms: u32 },
}

/// A clock as written: its kind and the fields a kind may have. Read by hand because serde's
/// `deny_unknown_fields` does not reach the unit variants of an internally tagged enum: a
/// `{"kind":"house","delay_ms":1}` must be refused, naming the key, like any other.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClockFields {
    kind: ClockKind,
    delay_ms: Option<u32>,
    reserve_ms: Option<u32>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum ClockKind {
    None,
    House,
    DelayReserve,
}

impl<'de> Deserialize<'de> for Clock {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Clock, D::Error> {
        use serde::de::Error;
        let f = ClockFields::deserialize(d)?;
        match (f.kind, f.delay_ms, f.reserve_ms) {
            (ClockKind::DelayReserve, Some(delay_ms), Some(reserve_ms)) => {
                Ok(Clock::DelayReserve {
                    delay_ms,
                    reserve_ms,
                })
            }
            (ClockKind::DelayReserve, None, _) => Err(D::Error::missing_field("delay_ms")),
            (ClockKind::DelayReserve, _, None) => Err(D::Error::missing_field("reserve_ms")),
            (_, Some(_), _) => Err(D::Error::unknown_field("delay_ms", &["kind"])),
            (_, _, Some(_)) => Err(D::Error::unknown_field("reserve_ms", &["kind"])),
            (ClockKind::None, None, None) => Ok(Clock::None),
            (ClockKind::House, None, None) => Ok(Clock::House),
        }
    }
}

/// The options of standard backgammon. Jacoby, beavers (with raccoons) and automatic doubles
/// are money-play agreements (T8: never in a match); Crawford and Holland belong to matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// 0: money play; 1–25: a match to that many points.
    pub match_length: u8,
    /// The doubling cube is used (T4).
    pub cube: bool,
    /// The Crawford rule (T8), in a match.
    pub crawford: bool,
    /// The Holland rule (T8, announced), in a match after the Crawford game.
    pub holland: bool,
    /// The Jacoby rule (T6), in money play.
    pub jacoby: bool,
    /// Beavers and raccoons (T5), in money play.
    pub beavers: bool,
    /// Opening ties doubling the cube, at most this many (T1, T11), in money play.
    pub auto_doubles: u8,
    pub clock: Clock,
}

/// A match to 5 points with the cube and the Crawford rule, no clock.
const DEFAULT_OPTIONS: Options = Options {
    match_length: 5,
    cube: true,
    crawford: true,
    holland: false,
    jacoby: false,
    beavers: false,
    auto_doubles: 0,
    clock: Clock::None,
};

impl Default for Options {
    /// A match to 5 points with the cube and the Crawford rule, no clock.
    fn default() -> Options {
        DEFAULT_OPTIONS
    }
}

/// Why options cannot be agreed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsError {
    MatchTooLong(u8),
    /// A money-play agreement (Jacoby, beavers, automatic doubles) in a match (T8).
    MoneyOnly(&'static str),
    /// A match agreement (Crawford, Holland) in money play.
    MatchOnly(&'static str),
    /// A cube agreement without the cube.
    NeedsCube(&'static str),
    TooManyAutoDoubles(u8),
    /// The Holland rule follows the Crawford game, so it needs the Crawford rule.
    HollandNeedsCrawford,
    /// A delay-plus-reserve clock needs a reserve.
    NoReserve,
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::MatchTooLong(n) => {
                write!(f, "a match is 1 to {MAX_MATCH_LENGTH} points, not {n}")
            }
            OptionsError::MoneyOnly(what) => write!(f, "{what} applies only in money play"),
            OptionsError::MatchOnly(what) => write!(f, "{what} applies only in a match"),
            OptionsError::NeedsCube(what) => write!(f, "{what} needs the doubling cube"),
            OptionsError::TooManyAutoDoubles(n) => {
                write!(f, "automatic doubles are 0 to {MAX_AUTO_DOUBLES}, not {n}")
            }
            OptionsError::HollandNeedsCrawford => {
                f.write_str("the Holland rule needs the Crawford rule")
            }
            OptionsError::NoReserve => f.write_str("a delay-plus-reserve clock needs a reserve"),
        }
    }
}

impl std::error::Error for OptionsError {}

impl Options {
    /// Money play: no match; the cube on, no other agreement.
    #[must_use]
    pub fn money() -> Options {
        Options {
            match_length: 0,
            crawford: false,
            ..Options::default()
        }
    }

    /// A match to `n` points with the cube and the Crawford rule.
    #[must_use]
    pub fn match_to(n: u8) -> Options {
        Options {
            match_length: n,
            ..Options::default()
        }
    }

    /// Whether this is money play.
    #[must_use]
    pub const fn is_money(&self) -> bool {
        self.match_length == 0
    }

    /// Checks that the options go together (T5, T8, T11).
    pub fn check(&self) -> Result<(), OptionsError> {
        if self.match_length > MAX_MATCH_LENGTH {
            return Err(OptionsError::MatchTooLong(self.match_length));
        }
        if self.auto_doubles > MAX_AUTO_DOUBLES {
            return Err(OptionsError::TooManyAutoDoubles(self.auto_doubles));
        }
        let money_only = [
            (self.jacoby, "the Jacoby rule"),
            (self.beavers, "beavers"),
            (self.auto_doubles > 0, "automatic doubles"),
        ];
        let match_only = [
            (self.crawford, "the Crawford rule"),
            (self.holland, "the Holland rule"),
        ];
        for (on, what) in money_only {
            if on && !self.is_money() {
                return Err(OptionsError::MoneyOnly(what));
            }
            if on && !self.cube {
                return Err(OptionsError::NeedsCube(what));
            }
        }
        for (on, what) in match_only {
            if on && self.is_money() {
                return Err(OptionsError::MatchOnly(what));
            }
            if on && !self.cube {
                return Err(OptionsError::NeedsCube(what));
            }
        }
        if self.holland && !self.crawford {
            return Err(OptionsError::HollandNeedsCrawford);
        }
        if let Clock::DelayReserve { reserve_ms: 0, .. } = self.clock {
            return Err(OptionsError::NoReserve);
        }
        Ok(())
    }
}

/// A playable rule set with its options. It can only be made for rules this build can play
/// and for options that go together, so a [`crate::Game`] is always playable.
///
/// ```
/// use vrhcaby_rules::{Options, Rules, Variant};
/// assert_eq!(Variant::default(), Variant::VRHCABY);
/// assert_eq!(Variant::vrhcaby().rules(), Rules::Vrhcaby);
/// assert_eq!(Variant::for_rules(Rules::Vrhcaby), Some(Variant::VRHCABY));
/// let standard = Variant::standard(Options::match_to(7)).unwrap();
/// assert_eq!(standard.rules(), Rules::Standard);
/// assert_eq!(standard.options().match_length, 7);
/// let bad = Options { jacoby: true, ..Options::match_to(7) };
/// assert!(Variant::standard(bad).is_err()); // Jacoby is for money play
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Variant {
    rules: Rules,
    /// Standard backgammon's options; the house rules' variant holds the defaults, unused.
    options: Options,
}

impl Variant {
    /// The house rules of `RULES.md` (R1–R27): no options.
    pub const VRHCABY: Variant = Variant {
        rules: Rules::Vrhcaby,
        options: DEFAULT_OPTIONS,
    };

    /// The house rules (the same as [`Variant::VRHCABY`]).
    #[must_use]
    pub const fn vrhcaby() -> Variant {
        Variant::VRHCABY
    }

    /// Standard backgammon with `options`, if they go together.
    pub fn standard(options: Options) -> Result<Variant, OptionsError> {
        options.check()?;
        Ok(Variant {
            rules: Rules::Standard,
            options,
        })
    }

    /// The variant for `rules` with its default options (standard: a match to 5, cube and
    /// Crawford, no clock).
    #[must_use]
    pub fn for_rules(rules: Rules) -> Option<Variant> {
        match rules {
            Rules::Vrhcaby => Some(Variant::VRHCABY),
            Rules::Standard => Variant::standard(Options::default()).ok(),
        }
    }

    /// The rule set: the record's `rules` and the [`crate::PlayGenerator`]'s argument.
    #[must_use]
    pub const fn rules(self) -> Rules {
        self.rules
    }

    /// Whether this is standard backgammon.
    #[must_use]
    pub fn is_standard(self) -> bool {
        self.rules == Rules::Standard
    }

    /// Standard backgammon's options (meaningless under the house rules).
    #[must_use]
    pub const fn options(self) -> Options {
        self.options
    }

    /// The clock: the house clock under the house rules, the chosen one under standard rules.
    #[must_use]
    pub fn clock(self) -> Clock {
        match self.rules {
            Rules::Vrhcaby => Clock::House,
            Rules::Standard => self.options.clock,
        }
    }

    /// The delay and the full reserve of a delay-plus-reserve clock.
    #[must_use]
    pub fn delay_reserve(self) -> Option<(Millis, Millis)> {
        match self.clock() {
            Clock::DelayReserve {
                delay_ms,
                reserve_ms,
            } => Some((Millis::from(delay_ms), Millis::from(reserve_ms))),
            _ => None,
        }
    }

    /// Every single legal move of `side` for the dice left (see [`crate::legal_moves`]; under
    /// standard rules only the first moves of maximal plays, T3).
    #[must_use]
    pub fn legal_moves(self, pos: &Position, side: Side, dice: &DiceLeft) -> Vec<Move> {
        match self.rules {
            Rules::Standard => movegen::standard_legal_moves(pos, side, dice),
            _ => movegen::legal_moves(pos, side, dice),
        }
    }

    /// Whether `side` has any legal move with the dice left (R9, R10; under standard rules a
    /// play of at least one die exists exactly when a single move does).
    #[must_use]
    pub fn has_legal_move(self, pos: &Position, side: Side, dice: &DiceLeft) -> bool {
        movegen::has_legal_move(pos, side, dice)
    }

    /// Checks a move given as origin and target and says which die it uses (R15 when bearing off;
    /// under standard rules also T3).
    pub fn check_move(
        self,
        pos: &Position,
        side: Side,
        from: Origin,
        to: Target,
        dice: &DiceLeft,
    ) -> Result<Move, MoveError> {
        match self.rules {
            Rules::Standard => movegen::standard_check_move(pos, side, from, to, dice),
            _ => movegen::check_move(pos, side, from, to, dice),
        }
    }
}
