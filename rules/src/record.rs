//! The game record: the initial facts plus every accepted command with its time (and dice).
//! Replaying it gives exactly the live state; the first command the rules reject is named.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::SetupError;
use crate::json::{push_int, push_key, push_str, Reader};

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
            name => standard_command(name, &f)?,
        };
        Ok(Entry { t: f.t, cmd })
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
    pub fn from_json(json: &str) -> Result<Record, RecordError> {
        let mut fields = Fields::default();
        let mut r = Reader::new(json);
        let mut at = "the record";
        r.object(|r, key| {
            at = FIELDS
                .iter()
                .find(|f| **f == key)
                .copied()
                .unwrap_or("a field");
            fields.read(r, key)
        })
        .and_then(|()| {
            at = "the end of the text";
            r.end()
        })
        .ok_or_else(|| {
            RecordError::Malformed(
                fields
                    .problem
                    .take()
                    .unwrap_or_else(|| format!("cannot read {at}")),
            )
        })?;
        let (Some(format), Some(version), Some(raw_commands)) =
            (fields.format, fields.version, fields.commands)
        else {
            return Err(RecordError::Malformed(
                "a record has a format, a version and commands".into(),
            ));
        };
        if format != FORMAT || version != VERSION {
            return Err(RecordError::UnknownVersion { format, version });
        }
        let position = fields
            .position
            .map(|s| Position::from_setup(&s))
            .transpose()
            .map_err(RecordError::Position)?;
        let commands = raw_commands
            .iter()
            .enumerate()
            .map(|(index, text)| {
                read_entry(text).map_err(|message| RecordError::BadCommand { index, message })
            })
            .collect::<Result<Vec<Entry>, _>>()?;
        let standard = fields.rules == Rules::Standard;
        Ok(Record {
            rules: fields.rules,
            position,
            created: fields.created,
            options: standard.then(|| fields.options.unwrap_or_default()),
            context: if standard {
                fields.context.unwrap_or_default()
            } else {
                MatchContext::default()
            },
            commands,
        })
    }

    /// The record as JSON (one line): `format`, `version`, `rules`, then `position` and
    /// `created` when there are some, standard's `options` and `context`, and `commands`.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut o = String::with_capacity(80 + 48 * self.commands.len());
        o.push('{');
        push_key(&mut o, "format");
        push_str(&mut o, FORMAT);
        push_key(&mut o, "version");
        push_int(&mut o, i128::from(VERSION));
        push_key(&mut o, "rules");
        push_str(&mut o, self.rules.name());
        if let Some(p) = self.position {
            let s = p.to_setup();
            push_key(&mut o, "position");
            o.push('{');
            for (key, counts) in [("white", &s.white), ("black", &s.black)] {
                push_key(&mut o, key);
                push_ints(&mut o, counts.iter().map(|&n| i128::from(n)));
            }
            o.push('}');
        }
        if let Some(c) = self.created {
            push_key(&mut o, "created");
            push_int(&mut o, i128::from(c));
        }
        {
            if let Some(options) = self.options {
                push_key(&mut o, "options");
                o.push_str(&serde_json::to_string(&options).unwrap_or_default());
            }
            if self.rules == Rules::Standard {
                push_key(&mut o, "context");
                o.push_str(&serde_json::to_string(&self.context).unwrap_or_default());
            }
        }
        push_key(&mut o, "commands");
        o.push('[');
        for (i, e) in self.commands.iter().enumerate() {
            if i > 0 {
                o.push(',');
            }
            write_entry(&mut o, *e);
        }
        o.push_str("]}");
        o
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

/// The record's fields, by name (an error names the one that cannot be read).
const FIELDS: [&str; 8] = [
    "format", "version", "rules", "position", "created", "options", "context", "commands",
];

/// A record's fields as read, before they are checked.
#[derive(Default)]
struct Fields<'a> {
    format: Option<String>,
    version: Option<u32>,
    rules: Rules,
    position: Option<Setup>,
    created: Option<Millis>,
    options: Option<Options>,
    context: Option<MatchContext>,
    /// Each command's text, read one by one so an unreadable one is named by its index.
    commands: Option<Vec<&'a str>>,
    /// Why a field could not be read, when there is more to say than its name.
    problem: Option<String>,
}

impl<'a> Fields<'a> {
    /// Reads the value of `key` (an unknown key's value is skipped).
    fn read(&mut self, r: &mut Reader<'a>, key: &str) -> Option<()> {
        match key {
            "format" => {
                self.format = Some(r.string()?);
            }
            "version" => {
                self.version = Some(r.uint()?);
            }
            "rules" => {
                self.rules = Rules::parse(&r.string()?)?;
            }
            "position" => {
                if !r.null() {
                    self.position = Some(read_setup(r)?);
                }
            }
            "created" => {
                if !r.null() {
                    self.created = Some(r.uint()?);
                }
            }
            // A build without standard backgammon keeps no options (it replays none of its
            // games); with it, the options and context are read by their own serde form.
            "options" => {
                self.options = Some(self.strict(r.raw()?, "options")?);
            }
            "context" => {
                self.context = Some(self.strict(r.raw()?, "context")?);
            }
            "commands" => {
                let mut list = Vec::new();
                r.array(|r| {
                    list.push(r.raw()?);
                    Some(())
                })?;
                self.commands = Some(list);
            }
            _ => {
                r.raw()?;
            }
        }
        Some(())
    }
}

impl Fields<'_> {
    /// Reads `field` (the options or the context) by its serde form, which refuses a key it
    /// does not know: a misspelt option would otherwise be dropped without a word. The
    /// problem names the key.
    fn strict<T: serde::de::DeserializeOwned>(&mut self, raw: &str, field: &str) -> Option<T> {
        serde_json::from_str(raw)
            .map_err(|e| {
                let text = e.to_string();
                let unknown = text
                    .strip_prefix("unknown field `")
                    .and_then(|rest| rest.split('`').next());
                self.problem = Some(match unknown {
                    Some(key) => format!("unknown key {key:?} in {field}"),
                    None => format!("cannot read {field}"),
                });
            })
            .ok()
    }
}

/// A position JSON (`{"white":[26 ints],"black":[26 ints]}`), not yet checked.
fn read_setup(r: &mut Reader<'_>) -> Option<Setup> {
    let (mut white, mut black) = (None, None);
    r.object(|r, key| {
        let side = match key {
            "white" => &mut white,
            "black" => &mut black,
            _ => return r.raw().map(drop),
        };
        let mut counts = Vec::new();
        r.array(|r| {
            counts.push(r.uint()?);
            Some(())
        })?;
        *side = Some(counts);
        Some(())
    })?;
    Some(Setup {
        white: white?,
        black: black?,
    })
}

fn read_side(r: &mut Reader<'_>) -> Option<Option<Side>> {
    if r.null() {
        return Some(None);
    }
    let name = r.string()?;
    Side::ALL.into_iter().find(|s| s.name() == name).map(Some)
}

/// One command of a record (see [`Entry`]).
fn read_entry(text: &str) -> Result<Entry, String> {
    let mut f = FlatEntry::default();
    let (mut t, mut cmd) = (None, None);
    let mut r = Reader::new(text);
    r.object(|r, key| {
        match key {
            "t" => t = Some(r.uint()?),
            "cmd" => cmd = Some(r.string()?),
            "first" => f.first = read_side(r)?,
            "side" => f.side = read_side(r)?,
            "dice" if r.null() => {}
            "dice" => {
                let mut d = Vec::new();
                r.array(|r| {
                    d.push(r.uint::<u8>()?);
                    Some(())
                })?;
                f.dice = Some(<[u8; 2]>::try_from(d).ok()?);
            }
            "from" if r.null() => {}
            "from" => f.from = Some(r.uint()?),
            "to" if r.null() => {}
            "to" => f.to = Some(r.uint()?),
            "kind" if r.null() => {}
            "kind" => {
                let name = r.string()?;
                f.kind = Some(Kind::ALL.into_iter().find(|k| k.name() == name)?);
            }
            _ => r.raw().map(drop)?,
        }
        Some(())
    })
    .and_then(|()| r.end())
    .ok_or_else(|| String::from("not a command of a record"))?;
    let (Some(t), Some(cmd)) = (t, cmd) else {
        return Err("a command has a time \"t\" and a name \"cmd\"".into());
    };
    f.t = t;
    f.cmd = cmd;
    Entry::try_from(f)
}

fn write_entry(o: &mut String, e: Entry) {
    let f = FlatEntry::from(e);
    o.push('{');
    push_key(o, "t");
    push_int(o, i128::from(f.t));
    push_key(o, "cmd");
    push_str(o, &f.cmd);
    if let Some(s) = f.first {
        push_key(o, "first");
        push_str(o, s.name());
    }
    if let Some(dice) = f.dice {
        push_key(o, "dice");
        push_ints(o, dice.into_iter().map(i128::from));
    }
    if let Some(s) = f.side {
        push_key(o, "side");
        push_str(o, s.name());
    }
    for (key, n) in [("from", f.from), ("to", f.to)] {
        if let Some(n) = n {
            push_key(o, key);
            push_int(o, i128::from(n));
        }
    }
    if let Some(k) = f.kind {
        push_key(o, "kind");
        push_str(o, k.name());
    }
    o.push('}');
}

fn push_ints(o: &mut String, values: impl Iterator<Item = i128>) {
    o.push('[');
    for (i, n) in values.enumerate() {
        if i > 0 {
            o.push(',');
        }
        push_int(o, n);
    }
    o.push(']');
}
