//! The CLI's `bot` and `eval` requests (DESIGN.md's contract): one JSON request in, one JSON
//! answer out, a bad request gets `{"error": ...}`. The rules crate's `vrhcaby` binary serves them
//! (it compiles this crate in; see `rules/src/bin/vrhcaby.rs`), and so does the Web Worker.

use serde::Deserialize;
use serde_json::{json, Value};
use vrhcaby_rules::{Position, Roll, Rules, Setup, Side};

use crate::{Bot, Level};

/// The requests this crate answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotOp {
    Bot,
    Eval,
    Analyse,
}

impl BotOp {
    #[must_use]
    pub fn parse(name: &str) -> Option<BotOp> {
        match name {
            "bot" => Some(BotOp::Bot),
            "eval" => Some(BotOp::Eval),
            "analyse" => Some(BotOp::Analyse),
            _ => None,
        }
    }
}

#[derive(Deserialize)]
struct BotRequest {
    position: Setup,
    turn: Side,
    dice: Vec<i64>,
    #[serde(default)]
    rules: Rules,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    seed: Option<i64>,
}

#[derive(Deserialize)]
struct AnalyseRequest {
    record: Box<serde_json::value::RawValue>,
    #[serde(default)]
    depth: Option<i64>,
}

#[derive(Deserialize)]
struct EvalRequest {
    position: Setup,
    turn: Side,
    #[serde(default)]
    rules: Rules,
}

fn error(message: impl std::fmt::Display) -> Value {
    json!({ "error": message.to_string() })
}

/// Answers one request line of `op` with one JSON value.
pub fn answer(bot: &mut Bot, op: BotOp, line: &str) -> Value {
    let result = match op {
        BotOp::Bot => serde_json::from_str::<BotRequest>(line)
            .map_err(|e| format!("bad request: {e}"))
            .and_then(|req| bot_answer(bot, &req)),
        BotOp::Eval => serde_json::from_str::<EvalRequest>(line)
            .map_err(|e| format!("bad request: {e}"))
            .and_then(|req| eval_answer(bot, &req)),
        BotOp::Analyse => match serde_json::from_str::<AnalyseRequest>(line) {
            Ok(req) => return analyse_answer(bot, &req),
            Err(e) => Err(format!("bad request: {e}")),
        },
    };
    result.unwrap_or_else(error)
}

/// Rounds an equity for the answer (4 decimals).
/// Rounds a figure of the analysis for its answer (4 decimals); the Web Worker rounds the same.
#[must_use]
pub fn round4(x: f32) -> f64 {
    (f64::from(x) * 1e4).round() / 1e4
}

fn analyse_answer(bot: &Bot, req: &AnalyseRequest) -> Value {
    let depth = match req.depth {
        None => crate::analysis::MAX_DEPTH,
        Some(d) if (0..=i64::from(crate::analysis::MAX_DEPTH)).contains(&d) => d as u8,
        Some(d) => return error(format!("depth is 0, 1 or 2, not {d}")),
    };
    let record = match vrhcaby_rules::Record::from_json(req.record.get()) {
        Ok(r) => r,
        Err(e) => return error(e),
    };
    match crate::analysis::analyse(bot, &record, depth) {
        Ok(a) => analysis_json(&a),
        Err(e) => match e.index() {
            Some(index) => json!({ "error": e.to_string(), "index": index }),
            None => error(e),
        },
    }
}

/// The analysis as DESIGN.md's `analyse` answer.
#[must_use]
pub fn analysis_json(a: &crate::analysis::Analysis) -> Value {
    let decisions: Vec<Value> = a.decisions.iter().map(decision_json).collect();
    json!({
        "decisions": decisions,
        "players": players_json(&a.players),
    })
}

/// The players' summaries as in the `analyse` answer.
#[must_use]
pub fn players_json(players: &vrhcaby_rules::BySide<crate::analysis::Player>) -> Value {
    let player = |p: &crate::analysis::Player| {
        json!({
            "decisions": p.decisions,
            "error_rate": round4(p.error_rate),
            "luck": round4(p.luck),
            "rating": p.rating(),
        })
    };
    json!({ "white": player(&players.white), "black": player(&players.black) })
}

/// One decision as in the `analyse` answer.
#[must_use]
pub fn decision_json(d: &crate::analysis::Decision) -> Value {
    {
        {
            let mut v = json!({
                "index": d.index,
                "side": d.side,
                "kind": d.kind.name(),
                "played": round4(d.played),
                "best": round4(d.best),
                "loss": round4(d.loss),
                "mark": d.mark.map(crate::analysis::Mark::name),
                "forced": d.forced,
                "luck": d.luck.map(round4),
            });
            if let Some(roll) = d.roll {
                v["roll"] = json!([roll.high().value(), roll.low().value()]);
                v["best_moves"] = json!(d.best_moves);
            }
            v
        }
    }
}

/// Rounds a probability for the answer (6 decimals).
fn round6(x: f32) -> f64 {
    (f64::from(x) * 1e6).round() / 1e6
}

fn bot_answer(bot: &mut Bot, req: &BotRequest) -> Result<Value, String> {
    let position = Position::from_setup(&req.position).map_err(|e| e.to_string())?;
    if Side::ALL.iter().any(|&s| position.is_finished(s)) {
        return Err("the game is over in this position".into());
    }
    let roll = match req.dice[..] {
        [a, b] => {
            let die = |v: i64| u8::try_from(v).map_err(|_| format!("a die shows 1 to 6, not {v}"));
            Roll::from_values(die(a)?, die(b)?).map_err(|e| e.to_string())?
        }
        _ => {
            return Err(format!(
                "bot needs a roll of two dice, not {}",
                req.dice.len()
            ))
        }
    };
    let level = match &req.level {
        None => Level::default(),
        Some(name) => Level::parse(name).ok_or_else(|| {
            let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
            format!(
                "unknown level {name:?}; the levels are {}",
                names.join(", ")
            )
        })?,
    };
    let seed = match req.seed {
        None => 0,
        Some(n) if (0..1 << 31).contains(&n) => n as u32,
        Some(n) => return Err(format!("seed must be 0 ≤ n < 2^31, not {n}")),
    };
    let choice = bot.choose(&position, req.turn, roll, req.rules, level, seed);
    let moves: Vec<[u8; 2]> = choice
        .moves
        .iter()
        .map(|(o, t)| [o.index(), t.index()])
        .collect();
    Ok(json!({
        "moves": moves,
        "position": choice.position,
        "win": round6(choice.estimate.win),
    }))
}

fn eval_answer(bot: &mut Bot, req: &EvalRequest) -> Result<Value, String> {
    let position = Position::from_setup(&req.position).map_err(|e| e.to_string())?;
    let e = bot.eval_for(&position, req.turn, req.rules);
    Ok(match req.rules {
        Rules::Vrhcaby => json!({ "win": round6(e.win) }),
        Rules::Standard => json!({
            "win": round6(e.win),
            "gammon": round6(e.win_gammon),
            "backgammon": round6(e.win_backgammon),
            "lose_gammon": round6(e.lose_gammon),
            "lose_backgammon": round6(e.lose_backgammon),
            "equity": round6(e.equity()),
        }),
    })
}
