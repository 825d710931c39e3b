//! The game record: the initial facts plus every accepted command with its time (and dice).
//! Replaying it gives exactly the live state; the first command the rules reject is named.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::SetupError;
use serde_json::value::RawValue;

use crate::command::{Command, CommandError, Kind, Millis};
use crate::matchplay::MatchContext;
use crate::movegen::Rules;
use crate::position::{Position, Setup};
#[cfg(feature = "standard")]
use crate::types::Die;
use crate::types::{Origin, Roll, Side, Target};
use crate::variant::{Options, Variant};

/// The record format's name, stored in every record.
pub const FORMAT: &str = "vrhcaby-record";
/// The current record version.
pub const VERSION: u32 = 1;

/// One accepted command and the time it was applied. In JSON one flat object:
/// `{"t":4100,"cmd":"move","side":"white","from":24,"to":18}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "FlatEntry", into = "FlatEntry")]
pub struct Entry {
    pub t: Millis,
    pub cmd: Command,
}

/// The JSON shape of an [`Entry`]: every field a command may carry, each optional.
#[derive(Serialize, Deserialize)]
struct FlatEntry {
    t: Millis,
    cmd: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    first: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    dice: Option<[u8; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    side: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<Kind>,
}

impl From<Entry> for FlatEntry {
    fn from(e: Entry) -> FlatEntry {
        let mut f = FlatEntry {
            t: e.t,
            cmd: e.cmd.name().to_string(),
            first: None,
            dice: None,
            side: e.cmd.side(),
            from: None,
            to: None,
            kind: None,
        };
        match e.cmd {
            Command::Start { first } => f.first = Some(first),
            Command::Dice { dice } => f.dice = Some(dice.into()),
            Command::Opening { white, black } => f.dice = Some([white.value(), black.value()]),
            Command::OfferResign { kind, .. } => f.kind = Some(kind),
            Command::Move { from, to, .. } => {
                f.from = Some(i64::from(from.index()));
                f.to = Some(i64::from(to.index()));
            }
            _ => {}
        }
        f
    }
}

impl TryFrom<FlatEntry> for Entry {
    type Error = String;
    fn try_from(f: FlatEntry) -> Result<Entry, String> {
        let need = |field: &str| format!("{:?} needs the field {field:?}", f.cmd);
        let side = || f.side.ok_or_else(|| need("side"));
        let cmd = match f.cmd.as_str() {
            "start" => Command::Start {
                first: f.first.ok_or_else(|| need("first"))?,
            },
            "dice" => {
                let [a, b] = f.dice.ok_or_else(|| need("dice"))?;
                Command::Dice {
                    dice: Roll::from_values(a, b).map_err(|e| e.to_string())?,
                }
            }
            "move" => Command::Move {
                side: side()?,
                from: Origin::from_index(f.from.ok_or_else(|| need("from"))?)
                    .map_err(|e| e.to_string())?,
                to: Target::from_index(f.to.ok_or_else(|| need("to"))?)
                    .map_err(|e| e.to_string())?,
            },
            "offer_draw" => Command::OfferDraw { side: side()? },
            "accept_draw" => Command::AcceptDraw { side: side()? },
            "decline_draw" => Command::DeclineDraw { side: side()? },
            "resign" => Command::Resign { side: side()? },
            "claim_win" => Command::ClaimWin { side: side()? },
            "leave" => Command::Leave { side: side()? },
            "tick" => Command::Tick,
            "offline" => Command::Offline { side: side()? },
            "online" => Command::Online { side: side()? },
            "bad_dice" => Command::BadDice { side: side()? },
            "dice_late" => Command::DiceLate { side: side()? },
            #[cfg(feature = "standard")]
            name => standard_command(name, &f)?,
            #[cfg(not(feature = "standard"))]
            other => return Err(format!("unknown command {other:?}")),
        };
        Ok(Entry { t: f.t, cmd })
    }
}

/// Standard backgammon's record commands (a build without it reads none of them).
#[cfg(feature = "standard")]
fn standard_command(name: &str, f: &FlatEntry) -> Result<Command, String> {
    let need = |field: &str| format!("{name:?} needs the field {field:?}");
    let side = || f.side.ok_or_else(|| need("side"));
    Ok(match name {
        "opening" => {
            let [w, b] = f.dice.ok_or_else(|| need("dice"))?;
            let die = |v: u8| Die::new(v).ok_or_else(|| format!("a die shows 1 to 6, not {v}"));
            Command::Opening {
                white: die(w)?,
                black: die(b)?,
            }
        }
        "double" => Command::Double { side: side()? },
        "take" => Command::Take { side: side()? },
        "drop" => Command::Drop { side: side()? },
        "beaver" => Command::Beaver { side: side()? },
        "raccoon" => Command::Raccoon { side: side()? },
        "offer_resign" => Command::OfferResign {
            side: side()?,
            kind: f.kind.ok_or_else(|| need("kind"))?,
        },
        "accept_resign" => Command::AcceptResign { side: side()? },
        "reject_resign" => Command::RejectResign { side: side()? },
        other => return Err(format!("unknown command {other:?}")),
    })
}

/// A game's record (see the README for the JSON format).
///
/// ```
/// use vrhcaby_rules::{Command, Game, Record, Roll, Side};
/// let mut game = Game::new();
/// game.apply(Command::Start { first: Side::Black }, 1_000).unwrap();
/// game.apply(Command::Dice { dice: Roll::from_values(3, 1).unwrap() }, 1_000).unwrap();
/// let json = game.record().to_json();
/// let replayed = Record::from_json(&json).unwrap().replay().unwrap();
/// assert_eq!(replayed, game);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub rules: Rules,
    /// The start position; `None` is the standard start of R2.
    pub position: Option<Position>,
    /// When a game between two devices was created (S14: the lot's dice exchange and R19 before
    /// the lot count from it). `None` for a game on one device. JSON `"created"`, omitted when `None`.
    pub created: Option<Millis>,
    /// Standard: the options agreed (`None` under the house rules; a standard record without
    /// them has the defaults, [`Options::default`]). JSON `"options"`.
    pub options: Option<Options>,
    /// Standard: what the game starts from (the score before it, Crawford, the reserve).
    /// JSON `"context"`, omitted under the house rules.
    pub context: MatchContext,
    pub commands: Vec<Entry>,
}

#[derive(Serialize, Deserialize)]
struct RawRecord {
    format: String,
    version: u32,
    #[serde(default)]
    rules: Rules,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<Setup>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    created: Option<Millis>,
    #[cfg(feature = "standard")]
    #[serde(default)]
    options: Option<Options>,
    #[cfg(feature = "standard")]
    #[serde(default)]
    context: Option<MatchContext>,
    /// Read one by one, so an unreadable command is named by its index.
    commands: Vec<Box<RawValue>>,
}

#[derive(Serialize)]
struct RecordOut<'a> {
    format: &'a str,
    version: u32,
    rules: Rules,
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<Setup>,
    #[serde(skip_serializing_if = "Option::is_none")]
    created: Option<Millis>,
    #[cfg(feature = "standard")]
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<Options>,
    #[cfg(feature = "standard")]
    #[serde(skip_serializing_if = "Option::is_none")]
    context: Option<MatchContext>,
    commands: &'a [Entry],
}

/// Why a record cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not JSON, or not shaped like a record.
    Malformed(String),
    /// Not a Vrhcáby record, or a version this build does not know.
    UnknownVersion { format: String, version: u32 },
    /// Standard options that do not go together.
    Options(crate::variant::OptionsError),
    /// The start position is invalid (S11).
    Position(SetupError),
    /// Command `index` cannot be read.
    BadCommand { index: usize, message: String },
    /// Command `index` breaks a rule.
    Rejected { index: usize, error: CommandError },
}

impl RecordError {
    /// The index of the first bad command, if a command is to blame.
    #[must_use]
    pub fn index(&self) -> Option<usize> {
        match self {
            RecordError::BadCommand { index, .. } | RecordError::Rejected { index, .. } => {
                Some(*index)
            }
            _ => None,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Malformed(m) => write!(f, "not a game record: {m}"),
            RecordError::UnknownVersion { format, version } => write!(
                f,
                "unknown record format {format:?} version {version} (this build reads {FORMAT:?} version {VERSION})"
            ),
            RecordError::Options(e) => write!(f, "bad options: {e}"),
            RecordError::Position(e) => write!(f, "bad start position: {e}"),
            RecordError::BadCommand { index, message } => {
                write!(f, "command {index} cannot be read: {message}")
            }
            RecordError::Rejected { index, error } => write!(f, "command {index} rejected: {error}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    /// An empty record of a game on one device (`created` is `None`).
    #[must_use]
    pub fn new(rules: Rules, position: Option<Position>) -> Record {
        Record {
            rules,
            position,
            created: None,
            options: None,
            context: MatchContext::default(),
            commands: Vec::new(),
        }
    }

    /// An empty record of a game on one device under `variant` (its options in the record).
    #[must_use]
    pub fn for_variant(variant: Variant, position: Option<Position>) -> Record {
        Record {
            options: variant.is_standard().then(|| variant.options()),
            ..Record::new(variant.rules(), position)
        }
    }

    /// Reads a record from JSON; the commands are parsed but not yet checked against the rules.
    pub fn from_json(json: &str) -> Result<Record, RecordError> {
        let raw: RawRecord =
            serde_json::from_str(json).map_err(|e| RecordError::Malformed(e.to_string()))?;
        if raw.format != FORMAT || raw.version != VERSION {
            return Err(RecordError::UnknownVersion {
                format: raw.format,
                version: raw.version,
            });
        }
        let position = raw
            .position
            .map(|s| Position::from_setup(&s))
            .transpose()
            .map_err(RecordError::Position)?;
        let commands = raw
            .commands
            .iter()
            .enumerate()
            .map(|(index, v)| {
                serde_json::from_str(v.get()).map_err(|e| RecordError::BadCommand {
                    index,
                    message: e.to_string(),
                })
            })
            .collect::<Result<Vec<Entry>, _>>()?;
        let standard = raw.rules == Rules::Standard;
        #[cfg(feature = "standard")]
        let (options, context) = (raw.options, raw.context);
        // A build without standard backgammon keeps no options (it replays none of its games).
        #[cfg(not(feature = "standard"))]
        let (options, context) = (None::<Options>, None::<MatchContext>);
        Ok(Record {
            rules: raw.rules,
            position,
            created: raw.created,
            options: standard.then(|| options.unwrap_or_default()),
            context: if standard {
                context.unwrap_or_default()
            } else {
                MatchContext::default()
            },
            commands,
        })
    }

    /// The record as JSON (one line).
    #[must_use]
    pub fn to_json(&self) -> String {
        let out = RecordOut {
            format: FORMAT,
            version: VERSION,
            rules: self.rules,
            position: self.position.map(|p| p.to_setup()),
            created: self.created,
            #[cfg(feature = "standard")]
            options: self.options,
            #[cfg(feature = "standard")]
            context: (self.rules == Rules::Standard).then_some(self.context),
            commands: &self.commands,
        };
        serde_json::to_string(&out).unwrap_or_default()
    }

    /// The variant the record's game is played under: the house rules, or standard backgammon
    /// with the record's options ([`RecordError::Options`] if they do not go together).
    pub fn variant(&self) -> Result<Variant, RecordError> {
        match self.rules {
            Rules::Vrhcaby => Ok(Variant::VRHCABY),
            Rules::Standard => {
                Variant::standard(self.options.unwrap_or_default()).map_err(RecordError::Options)
            }
        }
    }

    /// The time of the last command, if any.
    #[must_use]
    pub fn last_time(&self) -> Option<Millis> {
        self.commands.last().map(|e| e.t)
    }
}
