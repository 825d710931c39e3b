//! The JSON-lines CLI's request handling (the `vrhcaby` binary only does I/O): one request in,
//! one answer out, and a bad request gets `{"error": ...}`.

use serde::Deserialize;
use serde_json::{json, Value};

use crate::game::{Command, Game, Millis, Phase};
use crate::movegen::{legal_moves, standard_legal_moves, PlayGenerator, Rules};
use crate::position::{Position, Setup};
use crate::record::Record;
use crate::types::{DiceLeft, Die, Roll, Side};

/// The operations the CLI answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Legal,
    Plays,
    Replay,
    /// A standard match's games as a Jellyfish `.mat` file.
    Mat,
    /// Every roll of a game between two devices recomputed from its dice proof.
    Verify,
}

impl Op {
    #[must_use]
    pub fn parse(name: &str) -> Option<Op> {
        match name {
            "legal" => Some(Op::Legal),
            "plays" => Some(Op::Plays),
            "replay" => Some(Op::Replay),
            "mat" => Some(Op::Mat),
            "verify" => Some(Op::Verify),
            _ => None,
        }
    }
}

#[derive(Deserialize)]
struct MoveRequest {
    position: Setup,
    turn: Side,
    dice: Vec<i64>,
    #[serde(default)]
    rules: Rules,
}

#[derive(Deserialize)]
struct ReplayRequest {
    record: Box<serde_json::value::RawValue>,
    #[serde(default)]
    now: Option<Millis>,
}

#[derive(Deserialize)]
struct MatRequest {
    records: Vec<Box<serde_json::value::RawValue>>,
}

#[derive(Deserialize)]
struct VerifyRequest {
    record: Box<serde_json::value::RawValue>,
    /// The proof, when it is not the record's own `"dice"` field.
    #[serde(default)]
    dice: Option<crate::proof::Proofs>,
}

/// The record's own `"dice"` field, if it has one.
#[derive(Deserialize)]
struct WithDice {
    #[serde(default)]
    dice: Option<crate::proof::Proofs>,
}

/// Every roll of a record recomputed from its proof (DESIGN.md's `verify`).
fn verify_answer(req: VerifyRequest) -> Value {
    let record = match Record::from_json(req.record.get()) {
        Ok(r) => r,
        Err(e) => return error(e),
    };
    let proofs = match req.dice {
        Some(p) => p,
        None => match serde_json::from_str::<WithDice>(req.record.get()) {
            Ok(WithDice { dice: Some(p) }) => p,
            Ok(WithDice { dice: None }) => {
                return error(
                    "the record has no dice proof (only a game between two devices has one)",
                )
            }
            Err(e) => return error(format!("the record's dice proof cannot be read: {e}")),
        },
    };
    let rolls = crate::proof::verify(&record, &proofs);
    // The record itself through the rules core (issue 49: a record with a move its roll does
    // not allow still got ok), and its ending against the proof.
    let (replayed, ending) = match record.replay() {
        Ok(game) => (
            json!({ "ok": true }),
            match crate::proof::ending_problem(&game, &rolls) {
                None => json!({ "ok": true }),
                Some(problem) => json!({ "ok": false, "problem": problem }),
            },
        ),
        Err(e) => {
            let mut r = json!({ "ok": false, "error": e.to_string() });
            if let Some(index) = e.index() {
                r["index"] = json!(index);
            }
            (r, json!({ "ok": false, "problem": "not_replayed" }))
        }
    };
    let ok = rolls.iter().all(|v| v.ok) && replayed["ok"] == true && ending["ok"] == true;
    json!({ "game": proofs.game, "ok": ok, "rolls": rolls, "record": replayed, "ending": ending })
}

/// The `.mat` file of a standard match's games, in order (DESIGN.md's `mat`).
fn mat_answer(req: &MatRequest) -> Value {
    let records: Result<Vec<Record>, String> = req
        .records
        .iter()
        .enumerate()
        .map(|(i, r)| Record::from_json(r.get()).map_err(|e| format!("record {i}: {e}")))
        .collect();
    match records.and_then(|rs| crate::mat::match_file(&rs).map_err(|e| e.to_string())) {
        Ok(text) => json!({ "mat": text }),
        Err(e) => error(e),
    }
}

fn error(message: impl std::fmt::Display) -> Value {
    json!({ "error": message.to_string() })
}

/// Answers one request line of `op` with one JSON value.
#[must_use]
pub fn answer(op: Op, line: &str) -> Value {
    match op {
        Op::Legal | Op::Plays => match serde_json::from_str::<MoveRequest>(line) {
            Ok(req) => moves_answer(op, &req).unwrap_or_else(error),
            Err(e) => error(format!("bad request: {e}")),
        },
        Op::Replay => match serde_json::from_str::<ReplayRequest>(line) {
            Ok(req) => replay_answer(req),
            Err(e) => error(format!("bad request: {e}")),
        },
        Op::Mat => match serde_json::from_str::<MatRequest>(line) {
            Ok(req) => mat_answer(&req),
            Err(e) => error(format!("bad request: {e}")),
        },
        Op::Verify => match serde_json::from_str::<VerifyRequest>(line) {
            Ok(req) => verify_answer(req),
            Err(e) => error(format!("bad request: {e}")),
        },
    }
}

fn dice_of(values: &[i64]) -> Result<Vec<Die>, String> {
    values
        .iter()
        .map(|&v| {
            u8::try_from(v)
                .ok()
                .and_then(Die::new)
                .ok_or_else(|| format!("a die shows 1 to 6, not {v}"))
        })
        .collect()
}

fn moves_answer(op: Op, req: &MoveRequest) -> Result<Value, String> {
    let position = Position::from_setup(&req.position).map_err(|e| e.to_string())?;
    let dice = dice_of(&req.dice)?;
    if op == Op::Plays {
        let [a, b] = dice[..] else {
            return Err(format!(
                "plays needs a roll of two dice, not {}",
                dice.len()
            ));
        };
        let roll = Roll::new(a, b);
        let plays = PlayGenerator::new().plays(&position, req.turn, roll, req.rules);
        let plays: Vec<Value> = plays
            .iter()
            .map(|p| {
                let moves: Vec<[u8; 2]> = p
                    .moves
                    .iter()
                    .map(|(o, t)| [o.index(), t.index()])
                    .collect();
                json!({ "moves": moves, "position": p.position })
            })
            .collect();
        return Ok(json!({ "plays": plays }));
    }
    let valid = match dice.len() {
        1 | 2 => true,
        3 | 4 => dice.iter().all(|d| *d == dice[0]),
        _ => false,
    };
    if !valid {
        return Err(format!(
            "dice left must be one or two values, or up to four equal values of a double, not {:?}",
            req.dice
        ));
    }
    let left = DiceLeft::from_slice(&dice);
    let moves = match req.rules {
        Rules::Vrhcaby => legal_moves(&position, req.turn, &left),
        // Compulsory dice (T3): only the first moves of maximal plays.
        Rules::Standard => standard_legal_moves(&position, req.turn, &left),
    };
    let moves: Vec<Value> = moves
        .iter()
        .map(|m| json!({ "from": m.from.index(), "to": m.to.index(), "die": m.die.value() }))
        .collect();
    Ok(json!({ "moves": moves }))
}

fn replay_answer(req: ReplayRequest) -> Value {
    let record = match Record::from_json(req.record.get()) {
        Ok(r) => r,
        Err(e) => return error_with_index(&e),
    };
    let mut game = match record.replay() {
        Ok(g) => g,
        Err(e) => return error_with_index(&e),
    };
    let last = game.last_time().unwrap_or(0);
    let now = req.now.unwrap_or(last);
    // Time passes to `now` (nothing can run out before the lot of a game on one device, where a
    // tick is refused; a game between two devices is on from its creation).
    if !matches!(game.phase(), Phase::Lot | Phase::Opening) || game.created().is_some() {
        if let Err(e) = game.apply(Command::Tick, now) {
            return error(format!("now: {e}"));
        }
    }
    state_json(&game, now)
}

fn error_with_index(e: &crate::record::RecordError) -> Value {
    match e.index() {
        Some(index) => json!({ "error": e.to_string(), "index": index }),
        None => error(e),
    }
}

/// The state of a game at `now`, in the CLI's `replay` shape.
#[must_use]
pub fn state_json(game: &Game, now: Millis) -> Value {
    let result = game.result();
    let mut state = json!({
        "status": if result.is_some() { "over" } else { "playing" },
        "result": result.map(|(o, _)| o),
        "reason": result.map(|(_, r)| r.name()),
        "phase": game.phase().name(),
        "position": game.position(),
        "turn": game.turn(),
        "dice": game.dice_left().values(),
        // Without a clock (standard rules, T10) there is no time to count.
        "seconds_left": game.has_clock().then(|| game.seconds_left(now)),
        "can_offer_draw": game.can_offer_draw(now).is_ok(),
        "can_claim": game.claimant(now).is_some(),
    });
    if game.variant().is_standard() {
        let cube = game.cube();
        let context = game.context();
        let extra = json!({
            "cube": { "value": cube.value, "owner": cube.owner },
            "score": context.score,
            "match_length": game.variant().options().match_length,
            "crawford": game.is_crawford(),
            "can_double": game.can_double().is_ok(),
        });
        let over = game
            .score()
            .filter(|_| result.is_some())
            .map(|s| json!({ "points": s.points, "kind": s.kind.name() }));
        if let Value::Object(state) = &mut state {
            for part in [Some(extra), over].into_iter().flatten() {
                if let Value::Object(part) = part {
                    state.extend(part);
                }
            }
        }
    }
    state
}
