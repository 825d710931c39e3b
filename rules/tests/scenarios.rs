//! Rule scenarios read from data: every `tests/scenarios/*.json` file holds scenarios that hold the
//! rules core to `RULES.md` (R1–R27, S1–S14). The format is described in `tests/scenarios/README.md`.
//!
//! Four kinds of scenario:
//! - `legal`: a position, the side to move and the dice left → the exact set of single legal moves,
//!   asked through the CLI handler (`cli::answer(Op::Legal, ..)`, the contract's shape);
//! - `plays`: a position, the side, a roll and a rule set → the distinct complete turns (a count and
//!   expected resulting positions), asked through `cli::answer(Op::Plays, ..)`;
//! - `game`: record commands with their times, each expected to be accepted or rejected with a named
//!   error, and state checks in the CLI `replay` shape (`cli::state_json`) at chosen times;
//! - `setup`: a start position → valid, or the named error (S11).
//!
//! Expected values come from the rules, worked out by hand; the runner never asks the code under
//! test what the answer should be. `expectations_can_fail` mutates every expectation and checks
//! that each mutation makes its scenario fail.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};
use vrhcaby_rules::cli::{self, Op};
use vrhcaby_rules::{
    Command, CommandError, Entry, Event, Game, MatchContext, MoveError, Options, Origin, Phase,
    Position, Roll, Setup, SetupError, Side, Target, Variant,
};

type Res<T = ()> = Result<T, String>;

/// The start position of R2 in the contract's format (each side in its own numbering).
const START_SIDE: [i64; 26] = [
    0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0,
];

const COMMON_KEYS: [&str; 4] = ["name", "rules", "description", "kind"];
const RULE_COUNT: u32 = 27;
/// S1–S14: S15 and S16 (each device's clock, reconnection) belong to the peer layer.
const SETTLED_COUNT: u32 = 14;
/// T1–T11: standard backgammon.
const STANDARD_COUNT: u32 = 11;

/// Keys a game step may carry besides the record command itself.
const STEP_KEYS: [&str; 5] = ["reject", "expect", "events", "unchanged", "note"];
/// Keys of the record command JSON (`Entry`).
const COMMAND_KEYS: [&str; 8] = ["t", "cmd", "first", "dice", "side", "from", "to", "kind"];
const CHECK_KEYS: [&str; 22] = [
    "match_length",
    "crawford",
    "can_double",
    "points",
    "kind",
    "seconds_left_null",
    "status",
    "result",
    "reason",
    "phase",
    "turn",
    "dice",
    "seconds_left",
    "can_offer_draw",
    "can_claim",
    "position",
    "forfeits",
    "moves_played",
    "legal",
    "dice_owner",
    "late",
    "roll_due_since",
];

#[derive(Clone, Debug)]
struct Scenario {
    file: String,
    name: String,
    rules: Vec<String>,
    body: Map<String, Value>,
}

impl Scenario {
    fn label(&self) -> String {
        format!("{} › {} [{}]", self.file, self.name, self.rules.join(", "))
    }
}

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("scenarios")
}

fn is_rule_tag(tag: &str) -> bool {
    let number = |prefix: char, max: u32| {
        tag.strip_prefix(prefix)
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| (1..=max).contains(&n) && tag == format!("{prefix}{n}"))
    };
    number('R', RULE_COUNT) || number('S', SETTLED_COUNT) || number('T', STANDARD_COUNT)
}

/// Reads every scenario file; a malformed file or scenario panics with its name.
fn load() -> Vec<Scenario> {
    let dir = scenario_dir();
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no scenario files in {}", dir.display());
    let mut names = BTreeSet::new();
    let mut out = Vec::new();
    for path in files {
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let value: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: not JSON: {e}"));
        let top = value
            .as_object()
            .unwrap_or_else(|| panic!("{file}: the top level must be an object"));
        for key in top.keys() {
            assert!(
                key == "about" || key == "scenarios",
                "{file}: unknown top-level key {key:?}"
            );
        }
        let list = top
            .get("scenarios")
            .and_then(Value::as_array)
            .unwrap_or_else(|| panic!("{file}: \"scenarios\" must be an array"));
        assert!(!list.is_empty(), "{file}: no scenarios");
        for (index, s) in list.iter().enumerate() {
            let body = s
                .as_object()
                .unwrap_or_else(|| panic!("{file}: scenario {index} is not an object"))
                .clone();
            let name = body
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_else(|| panic!("{file}: scenario {index} has no name"))
                .to_string();
            assert!(
                names.insert(name.clone()),
                "{file}: scenario name {name:?} is used twice"
            );
            let rules: Vec<String> = body
                .get("rules")
                .and_then(Value::as_array)
                .unwrap_or_else(|| panic!("{file} › {name}: \"rules\" must be an array"))
                .iter()
                .map(|r| {
                    r.as_str()
                        .filter(|r| is_rule_tag(r))
                        .unwrap_or_else(|| panic!("{file} › {name}: bad rule tag {r}"))
                        .to_string()
                })
                .collect();
            assert!(!rules.is_empty(), "{file} › {name}: names no rule");
            let described = body
                .get("description")
                .and_then(Value::as_str)
                .is_some_and(|d| !d.trim().is_empty());
            assert!(described, "{file} › {name}: needs a description");
            out.push(Scenario {
                file: file.clone(),
                name,
                rules,
                body,
            });
        }
    }
    out
}

fn run(s: &Scenario) -> Res {
    match s.body.get("kind").and_then(Value::as_str) {
        Some("legal") => run_legal(&s.body),
        Some("plays") => run_plays(&s.body),
        Some("game") => run_game(&s.body),
        Some("setup") => run_setup(&s.body),
        other => Err(format!("unknown kind {other:?}")),
    }
}

// ---- Small helpers --------------------------------------------------------------------------

fn allow(body: &Map<String, Value>, keys: &[&str]) -> Res {
    for key in body.keys() {
        if !COMMON_KEYS.contains(&key.as_str()) && !keys.contains(&key.as_str()) {
            return Err(format!("unknown key {key:?} for this kind"));
        }
    }
    Ok(())
}

fn field<'a>(body: &'a Map<String, Value>, key: &str) -> Res<&'a Value> {
    body.get(key).ok_or_else(|| format!("missing {key:?}"))
}

fn side_of(v: &Value) -> Res<Side> {
    serde_json::from_value(v.clone()).map_err(|e| format!("bad side {v}: {e}"))
}

/// One side's 26 counts: an array as given (possibly nonsense, for S11), or an object with keys
/// "1".."24", "bar" and "off" (missing keys are 0).
fn side_counts(v: &Value) -> Res<Value> {
    match v {
        Value::Array(_) => Ok(v.clone()),
        Value::Object(map) => {
            let mut counts = vec![0i64; 26];
            for (key, count) in map {
                let index = match key.as_str() {
                    "off" => 0,
                    "bar" => 25,
                    p => p
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=24).contains(n))
                        .ok_or_else(|| format!("bad point key {p:?}"))?,
                };
                counts[index] = count
                    .as_i64()
                    .ok_or_else(|| format!("bad count {count} at {key:?}"))?;
            }
            Ok(json!(counts))
        }
        _ => Err(format!("bad side position {v}")),
    }
}

/// A position in the contract's JSON: `"start"`, or `{"white": side, "black": side}`.
fn position_json(v: &Value) -> Res<Value> {
    if v.as_str() == Some("start") {
        return Ok(json!({ "white": START_SIDE, "black": START_SIDE }));
    }
    let map = v.as_object().ok_or_else(|| format!("bad position {v}"))?;
    for key in map.keys() {
        if key != "white" && key != "black" {
            return Err(format!("bad position key {key:?}"));
        }
    }
    Ok(json!({
        "white": side_counts(map.get("white").ok_or("position without white")?)?,
        "black": side_counts(map.get("black").ok_or("position without black")?)?,
    }))
}

fn position_of(v: &Value) -> Res<Position> {
    let setup: Setup = serde_json::from_value(position_json(v)?).map_err(|e| e.to_string())?;
    Position::from_setup(&setup).map_err(|e| format!("invalid position {v}: {e}"))
}

/// A position as compact text, for failure messages.
fn show(p: &Position) -> String {
    let side = |s: Side| {
        let counts = p.side(s);
        let mut parts = Vec::new();
        for i in (1..=24).rev() {
            if counts[i] > 0 {
                parts.push(format!("{i}:{}", counts[i]));
            }
        }
        if counts[25] > 0 {
            parts.push(format!("bar:{}", counts[25]));
        }
        if counts[0] > 0 {
            parts.push(format!("off:{}", counts[0]));
        }
        format!("{s}{{{}}}", parts.join(" "))
    };
    format!("{} {}", side(Side::White), side(Side::Black))
}

type MoveTriple = (i64, i64, i64);

/// Expected moves, each `{"from":13,"to":8,"die":5}` or `[13, 8, 5]`.
fn move_triples(v: &Value) -> Res<Vec<MoveTriple>> {
    let list = v.as_array().ok_or("moves must be an array")?;
    let mut out = Vec::new();
    for m in list {
        let get = |k: &str, i: usize| {
            m.get(k)
                .or_else(|| m.get(i))
                .and_then(Value::as_i64)
                .ok_or_else(|| format!("bad move {m}"))
        };
        out.push((get("from", 0)?, get("to", 1)?, get("die", 2)?));
    }
    let mut sorted = out.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != out.len() {
        return Err(format!("expected moves list a move twice: {v}"));
    }
    Ok(sorted)
}

fn compare_moves(what: &str, expected: &[MoveTriple], actual: Vec<MoveTriple>) -> Res {
    let mut sorted = actual.clone();
    sorted.sort_unstable();
    let fmt = |ms: &[MoveTriple]| {
        ms.iter()
            .map(|(f, t, d)| format!("{f}/{t}({d})"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    if sorted != expected {
        return Err(format!(
            "{what}: expected [{}], got [{}]",
            fmt(expected),
            fmt(&actual)
        ));
    }
    Ok(())
}

// ---- legal ----------------------------------------------------------------------------------

fn run_legal(body: &Map<String, Value>) -> Res {
    allow(
        body,
        &["position", "turn", "dice", "moves", "error", "ruleset"],
    )?;
    let request = json!({
        "position": position_json(field(body, "position")?)?,
        "turn": field(body, "turn")?,
        "dice": field(body, "dice")?,
        "rules": body.get("ruleset").cloned().unwrap_or(json!("vrhcaby")),
    });
    let answer = cli::answer(Op::Legal, &request.to_string());
    if body.get("error") == Some(&Value::Bool(true)) {
        if body.contains_key("moves") {
            return Err("a legal scenario expects either moves or an error".into());
        }
        return match answer.get("error").and_then(Value::as_str) {
            Some(_) => Ok(()),
            None => Err(format!("expected an error, got {answer}")),
        };
    }
    if body.contains_key("error") {
        return Err("\"error\" must be true when given".into());
    }
    let expected = move_triples(field(body, "moves")?)?;
    let actual = answer
        .get("moves")
        .ok_or_else(|| format!("expected moves, got {answer}"))?;
    compare_moves("legal moves", &expected, move_triples_raw(actual)?)
}

/// The CLI's moves as given (duplicates kept, so that a duplicate fails the comparison).
fn move_triples_raw(v: &Value) -> Res<Vec<MoveTriple>> {
    let list = v.as_array().ok_or("moves must be an array")?;
    list.iter()
        .map(|m| {
            let get = |k: &str| {
                m.get(k)
                    .and_then(Value::as_i64)
                    .ok_or_else(|| format!("bad move in the answer {m}"))
            };
            Ok((get("from")?, get("to")?, get("die")?))
        })
        .collect()
}

// ---- plays ----------------------------------------------------------------------------------

fn run_plays(body: &Map<String, Value>) -> Res {
    allow(
        body,
        &[
            "position", "turn", "dice", "ruleset", "count", "plays", "exact", "absent",
        ],
    )?;
    let ruleset = body
        .get("ruleset")
        .cloned()
        .unwrap_or_else(|| json!("vrhcaby"));
    let start = position_of(field(body, "position")?)?;
    let turn = side_of(field(body, "turn")?)?;
    let dice = field(body, "dice")?;
    let request = json!({
        "position": position_json(field(body, "position")?)?,
        "turn": turn,
        "dice": dice,
        "rules": ruleset,
    });
    let answer = cli::answer(Op::Plays, &request.to_string());
    let list = answer
        .get("plays")
        .and_then(Value::as_array)
        .ok_or_else(|| format!("expected plays, got {answer}"))?;
    let mut got: Vec<(Vec<(Origin, Target)>, Position)> = Vec::new();
    for play in list {
        let position: Position = serde_json::from_value(play["position"].clone())
            .map_err(|e| format!("bad play position {}: {e}", play["position"]))?;
        let moves = play["moves"]
            .as_array()
            .ok_or_else(|| format!("bad play {play}"))?
            .iter()
            .map(|m| {
                let o = Origin::from_index(m[0].as_i64().unwrap_or(-1));
                let t = Target::from_index(m[1].as_i64().unwrap_or(-1));
                match (o, t) {
                    (Ok(o), Ok(t)) => Ok((o, t)),
                    _ => Err(format!("bad move {m} in play {play}")),
                }
            })
            .collect::<Res<Vec<_>>>()?;
        got.push((moves, position));
    }
    let positions: BTreeSet<String> = got.iter().map(|(_, p)| show(p)).collect();
    if positions.len() != got.len() {
        return Err(format!(
            "plays are not distinct by position: {} plays, {} positions",
            got.len(),
            positions.len()
        ));
    }
    let listing = || positions.iter().cloned().collect::<Vec<_>>().join("\n    ");
    if let Some(count) = body.get("count") {
        let count = count.as_u64().ok_or("count must be a number")?;
        if got.len() as u64 != count {
            return Err(format!(
                "expected {count} plays, got {}:\n    {}",
                got.len(),
                listing()
            ));
        }
    }
    let mut expected = BTreeSet::new();
    if let Some(list) = body.get("plays") {
        for p in list.as_array().ok_or("plays must be an array")? {
            let p = show(&position_of(p)?);
            if !positions.contains(&p) {
                return Err(format!(
                    "expected the play reaching {p}; the plays are:\n    {}",
                    listing()
                ));
            }
            expected.insert(p);
        }
    }
    if body.get("exact").and_then(Value::as_bool) == Some(true) && expected != positions {
        return Err(format!(
            "expected exactly {} plays, got:\n    {}",
            expected.len(),
            listing()
        ));
    }
    if let Some(list) = body.get("absent") {
        for p in list.as_array().ok_or("absent must be an array")? {
            let p = show(&position_of(p)?);
            if positions.contains(&p) {
                return Err(format!("the play reaching {p} must not be there"));
            }
        }
    }
    if ruleset == json!("vrhcaby") {
        let roll = roll_of(dice)?;
        for (moves, position) in &got {
            play_is_a_complete_turn(start, turn, roll, moves, *position)?;
        }
        let reachable = complete_turns(start, turn, roll)?;
        if reachable != positions {
            return Err(format!(
                "plays differ from the turns reachable move by move through the game:\n  game: {}\n  plays: {}",
                reachable.iter().cloned().collect::<Vec<_>>().join(" | "),
                listing()
            ));
        }
    }
    Ok(())
}

fn roll_of(dice: &Value) -> Res<Roll> {
    match dice.as_array().map(Vec::as_slice) {
        Some([a, b]) => {
            let v = |x: &Value| x.as_u64().and_then(|x| u8::try_from(x).ok()).unwrap_or(0);
            Roll::from_values(v(a), v(b)).map_err(|e| e.to_string())
        }
        _ => Err(format!("a roll is two dice, not {dice}")),
    }
}

fn game_at_roll(start: Position, turn: Side, roll: Roll) -> Res<Game> {
    let mut game = Game::from_position(start).map_err(|e| e.to_string())?;
    game.apply(Command::Start { first: turn }, 0)
        .map_err(|e| e.to_string())?;
    game.apply(Command::Dice { dice: roll }, 0)
        .map_err(|e| e.to_string())?;
    Ok(game)
}

/// Each play, replayed move by move through the game, is accepted and ends the turn (R9).
fn play_is_a_complete_turn(
    start: Position,
    turn: Side,
    roll: Roll,
    moves: &[(Origin, Target)],
    position: Position,
) -> Res {
    let mut game = game_at_roll(start, turn, roll)?;
    for &(from, to) in moves {
        game.apply(
            Command::Move {
                side: turn,
                from,
                to,
            },
            0,
        )
        .map_err(|e| format!("play {moves:?}: the game rejects {from}/{to}: {e}"))?;
    }
    if *game.position() != position {
        return Err(format!(
            "play {moves:?} reaches {} in the game, not {}",
            show(game.position()),
            show(&position)
        ));
    }
    if game.phase() == Phase::Moving {
        return Err(format!(
            "play {moves:?} is not a complete turn: the game still has dice {:?} to play",
            game.dice_left().values()
        ));
    }
    Ok(())
}

/// Every position at which the turn ends, following the game's legal moves one by one.
fn complete_turns(start: Position, turn: Side, roll: Roll) -> Res<BTreeSet<String>> {
    let mut out = BTreeSet::new();
    let mut stack = vec![game_at_roll(start, turn, roll)?];
    let mut steps = 0usize;
    while let Some(game) = stack.pop() {
        steps += 1;
        if steps > 200_000 {
            return Err("too many move sequences to follow".into());
        }
        if game.phase() != Phase::Moving {
            out.insert(show(game.position()));
            continue;
        }
        for mv in game.legal_moves() {
            let mut next = game.clone();
            next.apply(
                Command::Move {
                    side: turn,
                    from: mv.from,
                    to: mv.to,
                },
                0,
            )
            .map_err(|e| format!("the game rejects its own legal move {mv}: {e}"))?;
            stack.push(next);
        }
    }
    Ok(out)
}

// ---- setup ----------------------------------------------------------------------------------

fn setup_error_name(e: &SetupError) -> &'static str {
    match e {
        SetupError::WrongLength { .. } => "wrong_length",
        SetupError::BadCount { .. } => "bad_count",
        SetupError::WrongTotal { .. } => "wrong_total",
        SetupError::SharedPoint { .. } => "shared_point",
        SetupError::Finished { .. } => "finished",
        SetupError::Context(_) => "context",
    }
}

fn run_setup(body: &Map<String, Value>) -> Res {
    allow(body, &["position", "expect"])?;
    let expect = field(body, "expect")?
        .as_str()
        .ok_or("expect must be a string")?;
    let raw = position_json(field(body, "position")?)?;
    let got = match serde_json::from_value::<Setup>(raw.clone()) {
        Err(_) => "error",
        Ok(setup) => match Position::from_setup(&setup) {
            Err(e) => setup_error_name(&e),
            Ok(p) => match Game::from_position(p) {
                Err(e) => setup_error_name(&e),
                Ok(_) => "valid",
            },
        },
    };
    let matches = got == expect || (expect == "error" && got != "valid");
    if !matches {
        return Err(format!("expected {expect}, got {got}"));
    }
    // The CLI replays a record starting from this position: an error without an index, or a game.
    let record =
        json!({ "format": "vrhcaby-record", "version": 1, "position": raw, "commands": [] });
    let answer = cli::answer(Op::Replay, &json!({ "record": record }).to_string());
    match (expect, answer.get("error")) {
        ("valid", None) if answer["status"] == "playing" => Ok(()),
        ("valid", _) => Err(format!("the CLI replay of a valid start gives {answer}")),
        (_, Some(_)) if answer.get("index").is_none() => Ok(()),
        _ => Err(format!("the CLI replay of an invalid start gives {answer}")),
    }
}

// ---- game -----------------------------------------------------------------------------------

fn move_error_name(e: &MoveError) -> &'static str {
    match e {
        MoveError::NoChecker { .. } => "no_checker",
        MoveError::MustEnter { .. } => "must_enter",
        MoveError::NoDie { .. } => "no_die",
        MoveError::Blocked { .. } => "blocked",
        MoveError::CannotBearOff { .. } => "cannot_bear_off",
        MoveError::NotMaximal { .. } => "not_maximal",
    }
}

fn error_json(e: &CommandError) -> Value {
    match e {
        CommandError::TimeWentBack { last, now } => {
            json!({ "kind": "time_went_back", "last": last, "now": now })
        }
        CommandError::GameOver => json!({ "kind": "game_over" }),
        CommandError::NotStarted => json!({ "kind": "not_started" }),
        CommandError::AlreadyStarted => json!({ "kind": "already_started" }),
        CommandError::NoRollExpected => json!({ "kind": "no_roll_expected" }),
        CommandError::NotYourTurn { side } => json!({ "kind": "not_your_turn", "side": side }),
        CommandError::NotMoving { phase } => json!({ "kind": "not_moving", "phase": phase.name() }),
        CommandError::IllegalMove(m) => {
            json!({ "kind": "illegal_move", "move_error": move_error_name(m) })
        }
        CommandError::DrawTooEarly { needed } => {
            json!({ "kind": "draw_too_early", "needed": needed })
        }
        CommandError::DrawTooSoon { needed } => {
            json!({ "kind": "draw_too_soon", "needed": needed })
        }
        CommandError::DrawAfterTimeout => json!({ "kind": "draw_after_timeout" }),
        CommandError::NoOffer => json!({ "kind": "no_offer" }),
        CommandError::CannotClaim => json!({ "kind": "cannot_claim" }),
        CommandError::NotLate => json!({ "kind": "not_late" }),
        CommandError::AlreadyLate => json!({ "kind": "already_late" }),
        CommandError::NotInRules { command } => {
            json!({ "kind": "not_in_rules", "command": command })
        }
        CommandError::CannotDouble(bar) => json!({ "kind": "cannot_double", "bar": bar.name() }),
        CommandError::NoDouble => json!({ "kind": "no_double" }),
        CommandError::CannotBeaver => json!({ "kind": "cannot_beaver" }),
        CommandError::NoResignOffer => json!({ "kind": "no_resign_offer" }),
        CommandError::AnswerPending => json!({ "kind": "answer_pending" }),
    }
}

fn event_json(e: &Event) -> Value {
    match *e {
        Event::Started { first } => json!({ "event": "started", "first": first }),
        Event::Rolled { side, roll } => json!({ "event": "rolled", "side": side, "dice": roll }),
        Event::Forfeited { side, in_a_row } => {
            json!({ "event": "forfeited", "side": side, "in_a_row": in_a_row })
        }
        Event::Moved { side, mv, hit } => json!({
            "event": "moved", "side": side, "from": mv.from.index(), "to": mv.to.index(),
            "die": mv.die.value(), "hit": hit,
        }),
        Event::TurnPassed { to } => json!({ "event": "turn_passed", "to": to }),
        Event::DrawOffered { by } => json!({ "event": "draw_offered", "by": by }),
        Event::DrawDeclined { by } => json!({ "event": "draw_declined", "by": by }),
        Event::DrawLapsed { offerer } => json!({ "event": "draw_lapsed", "offerer": offerer }),
        Event::Presence { side, online } => {
            json!({ "event": "presence", "side": side, "online": online })
        }
        Event::DiceLate { side } => json!({ "event": "dice_late", "side": side }),
        Event::GameOver { outcome, reason } => {
            json!({ "event": "game_over", "result": outcome, "reason": reason.name() })
        }
        Event::OpeningTie { die, cube } => {
            json!({ "event": "opening_tie", "die": die.value(), "cube": cube })
        }
        Event::Doubled { by, value } => json!({ "event": "doubled", "by": by, "value": value }),
        Event::Beavered { by, value } => json!({ "event": "beavered", "by": by, "value": value }),
        Event::Raccooned { by, value } => {
            json!({ "event": "raccooned", "by": by, "value": value })
        }
        Event::Taken { by, value } => json!({ "event": "taken", "by": by, "value": value }),
        Event::ResignOffered { by, kind } => {
            json!({ "event": "resign_offered", "by": by, "kind": kind.name() })
        }
        Event::ResignRejected { by } => json!({ "event": "resign_rejected", "by": by }),
    }
}

/// `expected` is a string (matched against `kind_key`) or an object whose fields must all be
/// equal in `actual`.
fn subset_match(expected: &Value, actual: &Value, kind_key: &str) -> bool {
    match expected {
        Value::String(s) => actual.get(kind_key) == Some(&Value::String(s.clone())),
        Value::Object(map) => map.iter().all(|(k, v)| actual.get(k) == Some(v)),
        _ => false,
    }
}

fn sorted_numbers(v: &Value) -> Option<Vec<i64>> {
    let mut out = v
        .as_array()?
        .iter()
        .map(Value::as_i64)
        .collect::<Option<Vec<_>>>()?;
    out.sort_unstable();
    Some(out)
}

/// A copy of the game with time passed to `t`, as the CLI's replay does: a tick, except before
/// the lot of a game on one device (where a tick is refused and nothing can run out).
fn pass_time(game: &Game, t: u64) -> Res<Game> {
    let mut now = game.clone();
    if !matches!(now.phase(), Phase::Lot | Phase::Opening) || now.created().is_some() {
        now.apply(Command::Tick, t).map_err(|e| e.to_string())?;
    }
    Ok(now)
}

/// The state at `t` (time passed first, as the CLI's replay does) against the expected fields.
fn check_state(game: &Game, t: u64, check: &Value) -> Res {
    let check = check.as_object().ok_or("a check must be an object")?;
    let now = pass_time(game, t).map_err(|e| format!("cannot look at t={t}: {e}"))?;
    let state = cli::state_json(&now, t);
    let mut problems = Vec::new();
    for (key, expected) in check {
        let (ok, got) = match key.as_str() {
            "dice" => {
                let got = state["dice"].clone();
                (
                    sorted_numbers(expected).is_some()
                        && sorted_numbers(expected) == sorted_numbers(&got),
                    got,
                )
            }
            "position" => {
                let want = position_of(expected)?;
                (want == *now.position(), json!(show(now.position())))
            }
            "forfeits" => {
                let got = json!(now.forfeits_in_a_row());
                (*expected == got, got)
            }
            "moves_played" => {
                let got = json!(now.moves_played());
                (*expected == got, got)
            }
            "dice_owner" => {
                let got = json!(now.dice_owner());
                (*expected == got, got)
            }
            "late" => {
                let got = json!(now.late());
                (*expected == got, got)
            }
            "roll_due_since" => {
                let got = json!(now.roll_due_since());
                (*expected == got, got)
            }
            "cube_value" => {
                let got = state["cube"]["value"].clone();
                (*expected == got, got)
            }
            "cube_owner" => {
                let got = state["cube"]["owner"].clone();
                (*expected == got, got)
            }
            "score_white" | "score_black" => {
                let got = state["score"][&key[6..]].clone();
                (*expected == got, got)
            }
            "next_white" | "next_black" | "next_crawford" => {
                let next = now
                    .next_context()
                    .map(|c| serde_json::to_value(c).unwrap_or_default());
                let got = match (key.as_str(), next) {
                    (_, None) => Value::Null,
                    ("next_crawford", Some(c)) => c["crawford"].clone(),
                    (k, Some(c)) => c["score"][&k[5..]].clone(),
                };
                (*expected == got, got)
            }
            "next_reserve_white" | "next_reserve_black" => {
                let got = now.next_context().map_or(Value::Null, |c| {
                    let side = if key.ends_with("white") {
                        Side::White
                    } else {
                        Side::Black
                    };
                    json!(c.reserve.map(|r| r[side]))
                });
                (*expected == got, got)
            }
            "reserve_white" | "reserve_black" => {
                let side = if key == "reserve_white" {
                    Side::White
                } else {
                    Side::Black
                };
                let got = json!(now.reserve_left()[side]);
                (*expected == got, got)
            }
            "seconds_left_null" => {
                let got = json!(state["seconds_left"].is_null());
                (*expected == got, got)
            }
            "legal" => {
                let want = move_triples(expected)?;
                let got: Vec<MoveTriple> = now
                    .legal_moves()
                    .iter()
                    .map(|m| {
                        (
                            i64::from(m.from.index()),
                            i64::from(m.to.index()),
                            i64::from(m.die.value()),
                        )
                    })
                    .collect();
                match compare_moves("legal", &want, got.clone()) {
                    Ok(()) => (true, Value::Null),
                    Err(_) => (false, json!(got)),
                }
            }
            k if CHECK_KEYS.contains(&k) && k != "seconds_left_null" => {
                let got = state.get(k).cloned().unwrap_or(Value::Null);
                (*expected == got, got)
            }
            k => return Err(format!("unknown check key {k:?}")),
        };
        if !ok {
            problems.push(format!("{key}: expected {expected}, got {got}"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("at t={t}: {}", problems.join("; ")))
    }
}

fn run_game(body: &Map<String, Value>) -> Res {
    allow(
        body,
        &[
            "position", "created", "steps", "ruleset", "options", "context",
        ],
    )?;
    let position = body.get("position").map(position_of).transpose()?;
    let variant = match body.get("ruleset").and_then(Value::as_str) {
        None | Some("vrhcaby") => Variant::VRHCABY,
        Some("standard") => {
            let options: Options = match body.get("options") {
                Some(o) => {
                    serde_json::from_value(o.clone()).map_err(|e| format!("options: {e}"))?
                }
                None => Options::default(),
            };
            Variant::standard(options).map_err(|e| format!("options: {e}"))?
        }
        Some(other) => return Err(format!("unknown ruleset {other:?}")),
    };
    let context: MatchContext = match body.get("context") {
        Some(c) => serde_json::from_value(c.clone()).map_err(|e| format!("context: {e}"))?,
        None => MatchContext::default(),
    };
    let mut game = Game::with_context(variant, context, position)
        .map_err(|e| format!("the start is refused: {e}"))?;
    if let Some(created) = body.get("created") {
        let created = created.as_u64().ok_or("created must be a time in ms")?;
        game.set_created(created).map_err(|e| e.to_string())?;
    }
    let steps = field(body, "steps")?
        .as_array()
        .ok_or("steps must be an array")?;
    let mut last_t = 0;
    for (i, step) in steps.iter().enumerate() {
        let obj = step
            .as_object()
            .ok_or_else(|| format!("step {i} is not an object"))?;
        let t = obj
            .get("t")
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("step {i} has no time t"))?;
        last_t = last_t.max(t);
        let at = |e: String| format!("step {i} {step}: {e}");
        if let Some(check) = obj.get("check") {
            if let Some(k) = obj
                .keys()
                .find(|k| !["t", "check", "note"].contains(&k.as_str()))
            {
                return Err(at(format!("a check step has no key {k:?}")));
            }
            check_state(&game, t, check).map_err(at)?;
            continue;
        }
        if let Some(k) = obj
            .keys()
            .find(|k| !STEP_KEYS.contains(&k.as_str()) && !COMMAND_KEYS.contains(&k.as_str()))
        {
            return Err(at(format!("unknown step key {k:?}")));
        }
        let command: Map<String, Value> = obj
            .iter()
            .filter(|(k, _)| COMMAND_KEYS.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let entry: Entry = serde_json::from_value(Value::Object(command))
            .map_err(|e| at(format!("not a record command: {e}")))?;
        let before = game.clone();
        let result = game.apply(entry.cmd, entry.t);
        let unchanged = obj.get("unchanged") == Some(&Value::Bool(true));
        match (result, obj.get("reject")) {
            (Ok(events), None) => {
                if let Some(expected) = obj.get("events") {
                    let expected = expected.as_array().ok_or("events must be an array")?;
                    let actual: Vec<Value> = events.iter().map(event_json).collect();
                    let same = expected.len() == actual.len()
                        && expected
                            .iter()
                            .zip(&actual)
                            .all(|(e, a)| subset_match(e, a, "event"));
                    if !same {
                        return Err(at(format!(
                            "expected events {}, got {}",
                            Value::Array(expected.clone()),
                            Value::Array(actual)
                        )));
                    }
                }
            }
            (Ok(events), Some(r)) => {
                let events: Vec<Value> = events.iter().map(event_json).collect();
                return Err(at(format!(
                    "expected a rejection {r}, but it was accepted with events {}",
                    Value::Array(events)
                )));
            }
            (Err(_), None) if unchanged => {}
            (Err(e), None) => {
                return Err(at(format!(
                    "rejected ({e}: {}), expected it accepted",
                    error_json(&e)
                )));
            }
            (Err(e), Some(r)) => {
                if obj.contains_key("events") {
                    return Err(at("a rejected command has no events".into()));
                }
                let got = error_json(&e);
                if !subset_match(r, &got, "kind") {
                    return Err(at(format!("expected the rejection {r}, got {got} ({e})")));
                }
                if game != before {
                    return Err(at("a rejected command changed the game".into()));
                }
            }
        }
        if unchanged && game != before {
            return Err(at("the command changed the game".into()));
        }
        if let Some(check) = obj.get("expect") {
            check_state(&game, t, check).map_err(at)?;
        }
    }
    // The record of the accepted commands replays (through the CLI) to the same state.
    let record: Value = serde_json::from_str(&game.record().to_json())
        .map_err(|e| format!("the record is not JSON: {e}"))?;
    let answer = cli::answer(
        Op::Replay,
        &json!({ "record": record, "now": last_t }).to_string(),
    );
    let now = pass_time(&game, last_t).map_err(|e| format!("cannot tick at the end: {e}"))?;
    let live = cli::state_json(&now, last_t);
    if answer != live {
        return Err(format!(
            "the CLI replay of the record gives {answer}, the live game {live}"
        ));
    }
    Ok(())
}

// ---- Tests ----------------------------------------------------------------------------------

#[test]
fn scenarios_hold() {
    let scenarios = load();
    let failures: Vec<String> = scenarios
        .iter()
        .filter_map(|s| run(s).err().map(|e| format!("{}\n    {e}", s.label())))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        scenarios.len(),
        failures.join("\n")
    );
}

#[test]
fn every_rule_has_a_scenario() {
    let scenarios = load();
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for s in &scenarios {
        for r in &s.rules {
            *count.entry(r.clone()).or_default() += 1;
        }
    }
    let all: Vec<String> = (1..=RULE_COUNT)
        .map(|n| format!("R{n}"))
        .chain((1..=SETTLED_COUNT).map(|n| format!("S{n}")))
        .chain((1..=STANDARD_COUNT).map(|n| format!("T{n}")))
        .collect();
    let table: Vec<String> = all
        .iter()
        .map(|r| format!("{r}: {}", count.get(r).copied().unwrap_or(0)))
        .collect();
    println!(
        "{} scenarios; per rule: {}",
        scenarios.len(),
        table.join(", ")
    );
    let missing: Vec<&String> = all.iter().filter(|r| !count.contains_key(*r)).collect();
    assert!(missing.is_empty(), "rules without a scenario: {missing:?}");
}

/// Variants of a scenario with one expectation changed; each must make the scenario fail.
fn mutations(s: &Scenario) -> Vec<(String, Map<String, Value>)> {
    let mut out = Vec::new();
    let body = &s.body;
    let mut with = |what: String, key: &str, value: Value| {
        let mut b = body.clone();
        b.insert(key.to_string(), value);
        out.push((what, b));
    };
    match body.get("kind").and_then(Value::as_str) {
        Some("legal") => {
            if let Some(Value::Array(moves)) = body.get("moves") {
                if !moves.is_empty() {
                    with("drop a move".into(), "moves", json!(moves[1..]));
                }
                let mut more = moves.clone();
                more.push(json!({ "from": 24, "to": 0, "die": 6 }));
                with("add a move".into(), "moves", json!(more));
            }
            if body.contains_key("error") {
                with("expect moves".into(), "error", json!(false));
            }
        }
        Some("plays") => {
            if let Some(n) = body.get("count").and_then(Value::as_u64) {
                with("count + 1".into(), "count", json!(n + 1));
            }
            if let Some(Value::Array(plays)) = body.get("plays") {
                if plays.len() > 1 && body.get("exact") == Some(&json!(true)) {
                    with("drop a play".into(), "plays", json!(plays[1..]));
                }
                if let Some(p) = plays.first() {
                    let mut absent = body
                        .get("absent")
                        .and_then(Value::as_array)
                        .cloned()
                        .unwrap_or_default();
                    absent.push(p.clone());
                    with("expected play absent".into(), "absent", json!(absent));
                }
            }
        }
        Some("setup") => {
            let other = if body.get("expect") == Some(&json!("valid")) {
                "error"
            } else {
                "valid"
            };
            with(format!("expect {other}"), "expect", json!(other));
        }
        Some("game") => {
            let steps = body
                .get("steps")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            for (i, step) in steps.iter().enumerate() {
                let Some(obj) = step.as_object() else {
                    continue;
                };
                let mut variant = |what: String, new_step: Map<String, Value>| {
                    let mut new_steps = steps.clone();
                    new_steps[i] = Value::Object(new_step);
                    let mut b = body.clone();
                    b.insert("steps".into(), Value::Array(new_steps));
                    out.push((format!("step {i}: {what}"), b));
                };
                for key in ["check", "expect"] {
                    let Some(Value::Object(check)) = obj.get(key) else {
                        continue;
                    };
                    for (field, value) in check {
                        if field == "position" {
                            continue;
                        }
                        let changed = match value {
                            Value::Bool(b) => json!(!b),
                            Value::Number(n) => json!(n.as_u64().unwrap_or(0) + 1),
                            Value::String(s) => json!(format!("{s}?")),
                            Value::Null => json!("not null"),
                            Value::Array(a) if field == "dice" => {
                                let mut a = a.clone();
                                a.push(json!(7));
                                json!(a)
                            }
                            Value::Array(a) => {
                                let mut a = a.clone();
                                a.push(json!([24, 0, 6]));
                                json!(a)
                            }
                            Value::Object(_) => continue,
                        };
                        let mut new_check = check.clone();
                        new_check.insert(field.clone(), changed);
                        let mut new_step = obj.clone();
                        new_step.insert(key.into(), Value::Object(new_check));
                        variant(format!("{key}.{field}"), new_step);
                    }
                }
                if obj.contains_key("reject") {
                    let mut new_step = obj.clone();
                    new_step.remove("reject");
                    variant("expect accepted".into(), new_step.clone());
                    new_step.insert("reject".into(), json!("no_such_error"));
                    variant("another rejection".into(), new_step);
                } else if obj.contains_key("cmd") && obj.get("unchanged") != Some(&json!(true)) {
                    let mut new_step = obj.clone();
                    new_step.insert("reject".into(), json!("not_your_turn"));
                    variant("expect a rejection".into(), new_step);
                }
                if let Some(Value::Array(events)) = obj.get("events") {
                    let mut new_step = obj.clone();
                    let mut more = events.clone();
                    more.push(json!("no_such_event"));
                    new_step.insert("events".into(), json!(more));
                    variant("add an event".into(), new_step);
                }
            }
        }
        _ => {}
    }
    out
}

#[test]
fn expectations_can_fail() {
    let mut unchecked = Vec::new();
    let mut tried = 0;
    for s in load() {
        for (what, body) in mutations(&s) {
            tried += 1;
            let variant = Scenario { body, ..s.clone() };
            if run(&variant).is_ok() {
                unchecked.push(format!("{} with {what}", s.label()));
            }
        }
    }
    assert!(tried > 0, "no mutations tried");
    assert!(
        unchecked.is_empty(),
        "these changed expectations still pass (the expectation is not checked):\n{}",
        unchecked.join("\n")
    );
}
