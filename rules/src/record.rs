//! The game record: the initial facts plus every accepted command with its time (and dice).
//! Replaying it gives exactly the live state; the first command the rules reject is named.

use std::cell::{Cell, RefCell};
use std::fmt;

use serde_json::value::RawValue;

use serde::{Deserialize, Serialize};

use crate::error::SetupError;

use crate::command::{Command, CommandError, Kind, Millis};
use crate::matchplay::MatchContext;
use crate::movegen::Rules;
use crate::position::{Position, Setup};
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
#[derive(Default, Serialize, Deserialize)]
struct FlatEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    t: Option<Millis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cmd: Option<String>,
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
            t: Some(e.t),
            cmd: Some(e.cmd.name().to_string()),
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
        let (Some(t), Some(name)) = (f.t, f.cmd.as_deref()) else {
            return Err("a command has a time \"t\" and a name \"cmd\"".into());
        };
        let need = |field: &str| format!("{name:?} needs the field {field:?}");
        let side = || f.side.ok_or_else(|| need("side"));
        let cmd = match name {
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
            name => standard_command(name, &f)?,
        };
        Ok(Entry { t, cmd })
    }
}

/// Standard backgammon's record commands (a build without it reads none of them).
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
    /// Malformed JSON or a record of the wrong shape is [`RecordError::Malformed`], naming the
    /// field; a command that cannot be read is [`RecordError::BadCommand`] (the first one).
    /// Strict JSON (integers where the record has them, nesting at most [`MAX_DEPTH`] deep,
    /// skipped fields included), a key at most once in an object; a key the record does not know is skipped (an exported
    /// record's `dice` and `analysis`).
    pub fn from_json(json: &str) -> Result<Record, RecordError> {
        if too_deep(json, MAX_DEPTH) {
            return Err(RecordError::Malformed(format!(
                "nested more than {MAX_DEPTH} deep"
            )));
        }
        let at = Cell::new("the record");
        let problem = RefCell::new(None);
        let mut de = serde_json::Deserializer::from_str(json);
        let read = serde::Deserializer::deserialize_map(
            &mut de,
            FieldsVisitor {
                at: &at,
                problem: &problem,
            },
        )
        .and_then(|fields| {
            at.set("the end of the text");
            de.end().map(|()| fields)
        });
        let fields = read.map_err(|_| {
            RecordError::Malformed(
                problem
                    .take()
                    .unwrap_or_else(|| format!("cannot read {}", at.get())),
            )
        })?;
        fields.check()
    }

    /// The record as JSON (one line): `format`, `version`, `rules`, then `position` and
    /// `created` when there are some, standard's `options` and `context`, and `commands`.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
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

/// How deep arrays and objects may nest in a record's text (a record needs 3; serde_json
/// skips an unknown field's value without a limit, so hostile text is refused before).
pub const MAX_DEPTH: usize = 64;

/// Whether `text`'s arrays and objects nest deeper than `max` (brackets in strings do not count).
fn too_deep(text: &str, max: usize) -> bool {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for b in text.bytes() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// The record's fields, by name (an error names the one that cannot be read).
const FIELDS: [&str; 8] = [
    "format", "version", "rules", "position", "created", "options", "context", "commands",
];

/// The record as it is written: the fields in [`FIELDS`]' order, those with nothing to say left
/// out (the context under the house rules).
impl Serialize for Record {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let standard = self.rules == Rules::Standard;
        let fields = 4
            + usize::from(self.position.is_some())
            + usize::from(self.created.is_some())
            + usize::from(self.options.is_some())
            + usize::from(standard);
        let mut o = serializer.serialize_struct("Record", fields)?;
        o.serialize_field("format", FORMAT)?;
        o.serialize_field("version", &VERSION)?;
        o.serialize_field("rules", &self.rules)?;
        if let Some(p) = self.position {
            o.serialize_field("position", &p.to_setup())?;
        }
        if let Some(c) = self.created {
            o.serialize_field("created", &c)?;
        }
        if let Some(options) = &self.options {
            o.serialize_field("options", options)?;
        }
        if standard {
            o.serialize_field("context", &self.context)?;
        }
        o.serialize_field("commands", &self.commands)?;
        o.end()
    }
}

/// A record read where it is a field of something else (a save, a message): checked as
/// [`Record::from_json`] checks it, its error in words. serde_json's deserializer only (each
/// command is kept as its raw text until it is read), never inside a `flatten` or an internally
/// tagged enum.
impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Record, D::Error> {
        let at = Cell::new("the record");
        let problem = RefCell::new(None);
        let fields = deserializer.deserialize_map(FieldsVisitor {
            at: &at,
            problem: &problem,
        })?;
        fields.check().map_err(serde::de::Error::custom)
    }
}

/// A record's fields as read, before they are checked.
#[derive(Default)]
struct Fields {
    format: Option<String>,
    version: Option<u32>,
    rules: Rules,
    position: Option<Setup>,
    created: Option<Millis>,
    options: Option<Options>,
    context: Option<MatchContext>,
    /// Each command's text, read one by one so an unreadable one is named by its index.
    commands: Option<Vec<Box<RawValue>>>,
}

impl Fields {
    /// The record the fields make: its format and version known, its position valid, each
    /// command readable.
    fn check(self) -> Result<Record, RecordError> {
        let (Some(format), Some(version), Some(raw_commands)) =
            (self.format, self.version, self.commands)
        else {
            return Err(RecordError::Malformed(
                "a record has a format, a version and commands".into(),
            ));
        };
        if format != FORMAT || version != VERSION {
            return Err(RecordError::UnknownVersion { format, version });
        }
        let position = self
            .position
            .map(|s| Position::from_setup(&s))
            .transpose()
            .map_err(RecordError::Position)?;
        let commands = raw_commands
            .iter()
            .enumerate()
            .map(|(index, raw)| {
                read_entry(raw.get()).map_err(|message| RecordError::BadCommand { index, message })
            })
            .collect::<Result<Vec<Entry>, _>>()?;
        let standard = self.rules == Rules::Standard;
        Ok(Record {
            rules: self.rules,
            position,
            created: self.created,
            options: standard.then(|| self.options.unwrap_or_default()),
            context: if standard {
                self.context.unwrap_or_default()
            } else {
                MatchContext::default()
            },
            commands,
        })
    }
}

/// Reads a record's object key by key: the field being read kept in `at` (an error names it),
/// a key seen twice refused, a key the record does not know skipped, and why standard's options
/// or context could not be read in `problem` (naming a key they do not know: a misspelt option
/// would otherwise be dropped without a word).
struct FieldsVisitor<'c> {
    at: &'c Cell<&'static str>,
    problem: &'c RefCell<Option<String>>,
}

impl FieldsVisitor<'_> {
    fn strict<'de, T: Deserialize<'de>, A: serde::de::MapAccess<'de>>(
        &self,
        map: &mut A,
        field: &str,
    ) -> Result<T, A::Error> {
        map.next_value().inspect_err(|e| {
            let text = e.to_string();
            let unknown = text
                .strip_prefix("unknown field `")
                .and_then(|rest| rest.split('`').next());
            *self.problem.borrow_mut() = Some(match unknown {
                Some(key) => format!("unknown key {key:?} in {field}"),
                None => format!("cannot read {field}"),
            });
        })
    }
}

impl<'de> serde::de::Visitor<'de> for FieldsVisitor<'_> {
    type Value = Fields;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a game record")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
        use serde::de::{Error, IgnoredAny};
        let mut f = Fields::default();
        let mut seen = std::collections::BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            let field = FIELDS.iter().find(|f| **f == key).copied();
            self.at.set(field.unwrap_or("a field"));
            if !seen.insert(key) {
                return Err(A::Error::custom("a key twice in the record"));
            }
            match field {
                Some("format") => f.format = Some(map.next_value()?),
                Some("version") => f.version = Some(map.next_value()?),
                Some("rules") => f.rules = map.next_value()?,
                Some("position") => f.position = map.next_value()?,
                Some("created") => f.created = map.next_value()?,
                Some("options") => f.options = Some(self.strict(&mut map, "options")?),
                Some("context") => f.context = Some(self.strict(&mut map, "context")?),
                Some("commands") => f.commands = Some(map.next_value()?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(f)
    }
}

/// One command of a record (see [`Entry`]): a key at most once, its fields as the record
/// writes them.
fn read_entry(text: &str) -> Result<Entry, String> {
    let flat: FlatEntry =
        serde_json::from_str(text).map_err(|_| String::from("not a command of a record"))?;
    Entry::try_from(flat)
}
