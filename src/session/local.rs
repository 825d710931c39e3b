//! A game whose dice are thrown on this device (hot-seat, and against the computer): the `Game`,
//! its dice source, and the saved form.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use vrhcaby_rules::{
    Command, CommandError, DiceSource, Event, Game, Millis, Phase, Record, SeededDice, Side,
    Variant,
};

use super::save::{Form, Kind, LoadError};
use super::series::Series;

/// The save format's version for a local game. Version 1 wrote the computer's seat and the
/// series each as one string (`"black beginner 123"`, `"4 3 w"`); it is still read.
pub const SAVE_VERSION: u32 = 2;

/// Where the lot and the dice come from: a seeded sequence (`?seed=N`, tests), continued exactly
/// after a reload, or any other source (the browser's crypto randomness).
pub enum Dice {
    Seeded(SeededDice),
    Other(Box<dyn DiceSource + Send + Sync>),
}

impl std::fmt::Debug for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Dice::Seeded(s) => write!(f, "Seeded({})", s.state()),
            Dice::Other(_) => f.write_str("Other"),
        }
    }
}

impl Dice {
    fn source(&mut self) -> &mut dyn DiceSource {
        match self {
            Dice::Seeded(s) => s,
            Dice::Other(o) => o.as_mut(),
        }
    }
}

/// The computer's seat in a game against it: its side, its level (the CLI's name) and the seed
/// of its choices (saved, so a reload asks the same questions and gets the same answers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Computer {
    pub side: Side,
    pub level: String,
    pub seed: u32,
}

impl Computer {
    /// The one-string form of version 1 saves (`"black beginner 123"`), read for their migration.
    #[must_use]
    pub fn decode(text: &str) -> Option<Computer> {
        let mut parts = text.split(' ');
        let side = match parts.next()? {
            "white" => Side::White,
            "black" => Side::Black,
            _ => return None,
        };
        let level = parts.next()?.to_owned();
        let seed = parts.next()?.parse().ok()?;
        Some(Computer { side, level, seed })
    }
}

/// A game with its dice on this device.
#[derive(Debug)]
pub struct LocalGame {
    pub game: Game,
    dice: Dice,
    /// Against the computer: its seat (saved as kind `bot`).
    pub computer: Option<Computer>,
    /// The series this game belongs to (the score before it), kept across rematches.
    pub series: Series,
}

/// The saved form.
#[derive(Serialize, Deserialize)]
struct Saved<'a, C = Computer, S = Series> {
    version: u32,
    kind: &'a str,
    /// The record's JSON.
    #[serde(borrow)]
    record: &'a RawValue,
    /// The seeded dice source's state, to continue a `?seed=` game exactly.
    #[serde(skip_serializing_if = "Option::is_none")]
    rng: Option<u64>,
    /// Against the computer: its seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    computer: Option<C>,
    /// The series before this game, once a rematch has started one.
    #[serde(skip_serializing_if = "Option::is_none")]
    series: Option<S>,
}

impl LocalGame {
    #[must_use]
    pub fn new(dice: Dice) -> LocalGame {
        LocalGame::under(dice, Variant::VRHCABY)
    }

    /// A new game under `variant` (standard: the first game of a match, or of money play).
    #[must_use]
    pub fn under(dice: Dice, variant: Variant) -> LocalGame {
        LocalGame {
            // A fresh game from the start position: always valid.
            game: Game::with_variant(variant, None).unwrap_or_default(),
            dice,
            computer: None,
            series: Series::default(),
        }
    }

    /// Standard: the next game of the match (or of money play) once this one is over; `None`
    /// before, when the match is over, and under the house rules.
    #[must_use]
    pub fn next_game(&self, dice: Dice) -> Option<LocalGame> {
        let variant = self.game.variant();
        let context = self.game.next_game_context()?;
        Some(LocalGame {
            game: Game::with_context(variant, context, None).ok()?,
            dice,
            computer: self.computer.clone(),
            series: self.series,
        })
    }

    /// A new game against the computer.
    #[must_use]
    pub fn against(dice: Dice, computer: Computer) -> LocalGame {
        LocalGame {
            computer: Some(computer),
            ..LocalGame::new(dice)
        }
    }

    #[must_use]
    pub fn kind(&self) -> Kind {
        if self.computer.is_some() {
            Kind::Bot
        } else {
            Kind::Local
        }
    }

    /// The next game of the series after this one is over (`None` before): the same players, the
    /// seats kept or swapped (`swap`; against the computer the person changes colour), this
    /// game's result counted.
    #[must_use]
    pub fn rematch(&self, dice: Dice, swap: bool) -> Option<LocalGame> {
        let (outcome, _) = self.game.result()?;
        let computer = self.computer.clone().map(|mut c| {
            if swap {
                c.side = !c.side;
            }
            c
        });
        Some(LocalGame {
            // A new game (standard: a new match) under the same rules and options.
            game: Game::with_variant(self.game.variant(), None).unwrap_or_default(),
            dice,
            computer,
            series: self.series.rematch(outcome, swap),
        })
    }

    /// The series' score as it stands: with this game's result once it is over.
    #[must_use]
    pub fn series_now(&self) -> Series {
        match self.game.result() {
            Some((outcome, _)) => self.series.with(outcome),
            None => self.series,
        }
    }

    /// Draws the lot (R3) or throws the roll (R4) the game waits for; nothing when it waits for
    /// neither.
    pub fn throw(&mut self, now: Millis) -> Result<Vec<Event>, CommandError> {
        let cmd = match self.game.phase() {
            Phase::Lot => Command::Start {
                first: self.dice.source().lot(),
            },
            Phase::Opening => {
                let (white, black) = self.dice.source().opening();
                Command::Opening { white, black }
            }
            Phase::Rolling => Command::Dice {
                dice: self.dice.source().roll(),
            },
            _ => return Ok(Vec::new()),
        };
        self.game.apply(cmd, now)
    }

    /// Time passing: applies a tick only when a timed event is due (S3).
    pub fn tick(&mut self, now: Millis) -> Result<Vec<Event>, CommandError> {
        match self.game.next_due() {
            Some(due) if due <= now => self.game.apply(Command::Tick, now),
            _ => Ok(Vec::new()),
        }
    }

    /// The saved form: the game record plus, for a seeded game, the dice source's state.
    #[must_use]
    pub fn save(&self) -> String {
        let Ok(record) = RawValue::from_string(self.game.record().to_json()) else {
            return String::new();
        };
        serde_json::to_string(&Saved {
            version: SAVE_VERSION,
            kind: self.kind().name(),
            record: &record,
            rng: match &self.dice {
                Dice::Seeded(s) => Some(s.state()),
                Dice::Other(_) => None,
            },
            computer: self.computer.clone(),
            series: (self.series != Series::default()).then_some(self.series),
        })
        .unwrap_or_default()
    }

    /// Continues a saved game; `dice` serves an unseeded game (a seeded one continues its own).
    pub fn load(text: &str, dice: Dice) -> Result<LocalGame, LoadError> {
        let saved: Saved<'_, Form<Computer>, Form<Series>> =
            serde_json::from_str(text).map_err(|_| LoadError::Unreadable)?;
        let computer = match saved.computer {
            None => None,
            Some(form) => Some(form.read(Computer::decode).ok_or(LoadError::Unreadable)?),
        };
        let kind_ok = match &computer {
            None => saved.kind == Kind::Local.name(),
            Some(_) => saved.kind == Kind::Bot.name(),
        };
        if !(1..=SAVE_VERSION).contains(&saved.version) || !kind_ok {
            return Err(LoadError::UnknownVersion {
                version: saved.version,
            });
        }
        let series = match saved.series {
            None => Series::default(),
            Some(form) => form
                .read(Series::decode)
                .and_then(Series::checked)
                .ok_or(LoadError::Unreadable)?,
        };
        let record = Record::from_json(saved.record.get()).map_err(LoadError::Record)?;
        let game = record.replay().map_err(LoadError::Record)?;
        Ok(LocalGame {
            game,
            dice: match saved.rng {
                Some(state) => Dice::Seeded(SeededDice::from_state(state)),
                None => dice,
            },
            computer,
            series,
        })
    }
}
