//! A game whose dice are thrown on this device (hot-seat, and against the computer): the `Game`,
//! its dice source, and the saved form.

use vrhcaby_rules::json::{push_int, push_key, push_str, Reader};
use vrhcaby_rules::{
    Command, CommandError, DiceSource, Event, Game, Millis, Phase, Record, SeededDice, Side,
    Variant,
};

use super::save::{Kind, LoadError};
use super::series::Series;

/// The save format's version for a local game.
pub const SAVE_VERSION: u32 = 1;

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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Computer {
    pub side: Side,
    pub level: String,
    pub seed: u32,
}

impl Computer {
    /// The saved form, one string (`"black beginner 123"`): a derived serde form would grow the
    /// start page's first load, which reads every save.
    #[must_use]
    pub fn encode(&self) -> String {
        format!("{} {} {}", self.side.name(), self.level, self.seed)
    }

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

/// The saved form, read and written by hand (`vrhcaby_rules::json`): the start page reads every
/// save, and serde_json would grow its first load.
struct Saved<'a> {
    version: u32,
    kind: String,
    /// The record's JSON.
    record: &'a str,
    /// The seeded dice source's state, to continue a `?seed=` game exactly.
    rng: Option<u64>,
    /// Against the computer: its seat (`Computer::encode`).
    computer: Option<String>,
    /// The series before this game (`Series::encode`), once a rematch has started one.
    series: Option<String>,
}

impl<'a> Saved<'a> {
    fn read(text: &'a str) -> Option<Saved<'a>> {
        let mut r = Reader::new(text);
        let (mut version, mut kind, mut record) = (None, None, None);
        let (mut rng, mut computer, mut series) = (None, None, None);
        let optional = |r: &mut Reader<'_>, into: &mut Option<String>| {
            if !r.null() {
                *into = Some(r.string()?);
            }
            Some(())
        };
        r.object(|r, key| {
            match key {
                "version" => version = Some(r.uint()?),
                "kind" => kind = Some(r.string()?),
                "record" => record = Some(r.raw()?),
                "rng" if r.null() => {}
                "rng" => rng = Some(r.uint()?),
                "computer" => optional(r, &mut computer)?,
                "series" => optional(r, &mut series)?,
                _ => r.raw().map(drop)?,
            }
            Some(())
        })?;
        r.end()?;
        Some(Saved {
            version: version?,
            kind: kind?,
            record: record?,
            rng,
            computer,
            series,
        })
    }

    fn write(&self) -> String {
        let mut o = String::with_capacity(self.record.len() + 96);
        o.push('{');
        push_key(&mut o, "version");
        push_int(&mut o, i128::from(self.version));
        push_key(&mut o, "kind");
        push_str(&mut o, &self.kind);
        push_key(&mut o, "record");
        o.push_str(self.record);
        if let Some(state) = self.rng {
            push_key(&mut o, "rng");
            push_int(&mut o, i128::from(state));
        }
        for (key, value) in [("computer", &self.computer), ("series", &self.series)] {
            if let Some(v) = value {
                push_key(&mut o, key);
                push_str(&mut o, v);
            }
        }
        o.push('}');
        o
    }
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
        let record = self.game.record().to_json();
        Saved {
            version: SAVE_VERSION,
            kind: self.kind().name().into(),
            record: &record,
            rng: match &self.dice {
                Dice::Seeded(s) => Some(s.state()),
                Dice::Other(_) => None,
            },
            computer: self.computer.as_ref().map(Computer::encode),
            series: (self.series != Series::default()).then(|| self.series.encode()),
        }
        .write()
    }

    /// Continues a saved game; `dice` serves an unseeded game (a seeded one continues its own).
    pub fn load(text: &str, dice: Dice) -> Result<LocalGame, LoadError> {
        let saved = Saved::read(text).ok_or(LoadError::Unreadable)?;
        let computer = match &saved.computer {
            None => None,
            Some(text) => Some(Computer::decode(text).ok_or(LoadError::Unreadable)?),
        };
        let kind_ok = match &computer {
            None => saved.kind == Kind::Local.name(),
            Some(_) => saved.kind == Kind::Bot.name(),
        };
        if saved.version != SAVE_VERSION || !kind_ok {
            return Err(LoadError::UnknownVersion {
                version: saved.version,
            });
        }
        let series = match &saved.series {
            None => Series::default(),
            Some(text) => Series::decode(text).ok_or(LoadError::Unreadable)?,
        };
        let record = Record::from_json(saved.record).map_err(LoadError::Record)?;
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
