//! The computer opponent in a Web Worker. Each message is one JSON text of DESIGN.md's `bot`
//! request (`{position, turn, dice, level, seed}`, exactly the CLI's), optionally with an `id`;
//! the answer is the CLI's answer text (`{moves, position, win}` or `{error}`) with the same `id`
//! added, posted back as a string. Built by Trunk as `data-type="worker"` (see index.html); the
//! page creates the worker only when a computer game or a hint needs it.

use std::cell::RefCell;

use js_sys::JsString;
use vrhcaby_bot::cli::{answer, BotOp};
use vrhcaby_bot::Bot;
use vrhcaby_rules::{DiceLeft, Die, Position, Roll, Setup, Side};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

thread_local! {
    static BOT: RefCell<Option<Bot>> = const { RefCell::new(None) };
    /// The analysis under way: its decisions so far (a request from command 0 starts anew).
    static ANALYSIS: RefCell<Vec<vrhcaby_bot::analysis::Decision>> = const { RefCell::new(Vec::new()) };
}

/// The bot of this worker: the house rules' net, or in the standard worker standard
/// backgammon's only (each worker carries one net: the house net is not linked into it).
fn this_workers_bot() -> Result<Bot, vrhcaby_bot::WeightsError> {
    #[cfg(feature = "standard-net")]
    return vrhcaby_bot::eval::Evaluator::builtin_standard()
        .unwrap_or(Err(vrhcaby_bot::WeightsError::TooShort))
        .map(Bot::new);
    #[cfg(not(feature = "standard-net"))]
    Bot::builtin()
}

#[cfg(feature = "standard-net")]
const WRONG_RULES: &str = "this worker plays standard backgammon only";
#[cfg(not(feature = "standard-net"))]
const WRONG_RULES: &str = "this worker plays the house rules only";

/// Whether a request is for the rules of this worker's net: its `rules`, or its record's
/// (`analyse`); the cube's `decide` is standard backgammon's; the draw offers, without either,
/// belong to the house rules. The house worker answers everything but the cube (`decide`), as it
/// always has (a standard request there gets the house net's answer; the page asks the standard
/// worker).
fn plays_these_rules(text: &str) -> bool {
    if cfg!(not(feature = "standard-net")) {
        return true;
    }
    let Ok(v) = serde_json::from_str::<serde_json::Value>(text) else {
        return true; // the op's own parse answers the error
    };
    if v.get("op").and_then(|o| o.as_str()) == Some("decide") {
        return true;
    }
    let rules = v
        .get("rules")
        .or_else(|| v.get("record").and_then(|r| r.get("rules")));
    rules.and_then(|r| r.as_str()) == Some("standard")
}

/// Answers one request text (also used natively by the tests).
fn respond(text: &str) -> String {
    let id = serde_id(text);
    let mut value = BOT.with(|b| {
        let mut b = b.borrow_mut();
        if b.is_none() {
            *b = this_workers_bot().ok();
        }
        match b.as_mut() {
            Some(_) if !plays_these_rules(text) => serde_json::json!({ "error": WRONG_RULES }),
            Some(bot) if op(text).as_deref() == Some("accepts_draw") => draw_answer(bot, text),
            Some(bot) if op(text).as_deref() == Some("wants_draw") => offer_answer(bot, text),
            Some(bot) if op(text).as_deref() == Some("hint") => hint_answer(bot, text),
            Some(bot) if op(text).as_deref() == Some("tutor") => tutor_answer(bot, text),
            Some(bot) if op(text).as_deref() == Some("decide") => decide_answer(bot, text),
            Some(bot) if op(text).as_deref() == Some("analyse") => analyse_answer(bot, text),
            Some(bot) => answer(bot, BotOp::Bot, text),
            None => serde_json::json!({ "error": "the built-in weights do not parse" }),
        }
    });
    if let (Some(id), Some(obj)) = (id, value.as_object_mut()) {
        obj.insert("id".into(), id);
    }
    value.to_string()
}

/// `{"op":"analyse", record, depth, from, most}` → `{"decisions":[...],"next":i|null}` (each
/// decision as the CLI's `analyse` writes it, with its `turn`: the roll in the move list), and
/// with the last part `players` over the whole game. The page asks part after part, so it can
/// show progress and stop; a part from command 0 starts a new analysis.
fn analyse_answer(bot: &Bot, text: &str) -> serde_json::Value {
    #[derive(serde::Deserialize)]
    struct Req {
        record: Box<serde_json::value::RawValue>,
        depth: u8,
        from: usize,
        most: usize,
    }
    let req: Req = match ask(text) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let record = match vrhcaby_rules::Record::from_json(req.record.get()) {
        Ok(r) => r,
        Err(e) => return serde_json::json!({ "error": e.to_string() }),
    };
    let part =
        vrhcaby_bot::analysis::analyse_part(bot, &record, req.depth, req.from, req.most.max(1));
    let (decisions, next) = match part {
        Ok(p) => p,
        Err(e) => return serde_json::json!({ "error": e.to_string(), "index": e.index() }),
    };
    let json: Vec<serde_json::Value> = decisions
        .iter()
        .map(|d| {
            let mut v = vrhcaby_bot::cli::decision_json(d);
            v["turn"] = serde_json::json!(d.turn);
            v
        })
        .collect();
    ANALYSIS.with(|a| {
        let mut a = a.borrow_mut();
        if req.from == 0 {
            a.clear();
        }
        a.extend(decisions);
        let mut answer = serde_json::json!({ "decisions": json, "next": next });
        if next.is_none() {
            answer["players"] = vrhcaby_bot::cli::players_json(&vrhcaby_bot::analysis::players(&a));
        }
        answer
    })
}

/// A page-only request parsed, or its error answer.
fn ask<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, serde_json::Value> {
    serde_json::from_str(text)
        .map_err(|e| serde_json::json!({ "error": format!("bad request: {e}") }))
}

/// A request's position checked, or its error answer.
fn position(setup: &Setup) -> Result<Position, serde_json::Value> {
    Position::from_setup(setup).map_err(|e| serde_json::json!({ "error": e.to_string() }))
}

/// A request's roll checked, or its error answer.
fn roll(dice: [u8; 2]) -> Result<Roll, serde_json::Value> {
    Roll::from_values(dice[0], dice[1]).map_err(|e| serde_json::json!({ "error": e.to_string() }))
}

/// A hint's or the tutor's question: the roll's start, where the mover is now, the roll, the
/// dice left, the rules.
struct MidRoll {
    start: Position,
    current: Position,
    side: Side,
    roll: Roll,
    left: DiceLeft,
    rules: vrhcaby_rules::Rules,
}

/// `{position (the roll's start), current, turn, dice (the roll), left (the dice left), rules}`
/// checked, or its error answer.
fn mid_roll(text: &str) -> Result<MidRoll, serde_json::Value> {
    #[derive(serde::Deserialize)]
    struct Ask {
        position: Setup,
        current: Setup,
        turn: Side,
        dice: [u8; 2],
        left: Vec<u8>,
        #[serde(default)]
        rules: vrhcaby_rules::Rules,
    }
    let ask = ask::<Ask>(text)?;
    let roll = roll(ask.dice)?;
    let left: Option<Vec<Die>> = ask.left.iter().map(|&v| Die::new(v)).collect();
    let Some(left) = left.filter(|l| l.len() <= 4 && l.iter().all(|d| roll.dice().contains(*d)))
    else {
        return Err(serde_json::json!({ "error": "the dice left are not of the roll" }));
    };
    Ok(MidRoll {
        start: position(&ask.position)?,
        current: position(&ask.current)?,
        side: ask.turn,
        roll,
        left: DiceLeft::from_slice(&left),
        rules: ask.rules,
    })
}

fn moves_json(moves: &[(vrhcaby_rules::Origin, vrhcaby_rules::Target)]) -> Vec<[u8; 2]> {
    moves.iter().map(|(o, t)| [o.index(), t.index()]).collect()
}

/// `{"op":"hint", position (the roll's start), current, turn, dice (the roll), left (the dice
/// left)}` → `{"moves": [[o,t],…]}` from `current` (`Bot::hint_rest`: the strongest play of the
/// roll still reachable).
fn hint_answer(bot: &mut Bot, text: &str) -> serde_json::Value {
    let q = match mid_roll(text) {
        Ok(q) => q,
        Err(e) => return e,
    };
    let moves = bot.hint_rest_under(&q.start, &q.current, q.side, q.roll, &q.left, q.rules);
    serde_json::json!({ "moves": moves_json(&moves) })
}

/// `{"op":"tutor", …the hint's fields}` → `{"loss":x,"moves":[[o,t],…],"best":[[o,t],…]}`
/// (`Bot::tutor`): how much the best play still reachable loses against the roll's best, the
/// moves from `current` to it, and the roll's best play from its start.
fn tutor_answer(bot: &Bot, text: &str) -> serde_json::Value {
    let q = match mid_roll(text) {
        Ok(q) => q,
        Err(e) => return e,
    };
    let t = bot.tutor(&q.start, &q.current, q.side, q.roll, &q.left, q.rules);
    serde_json::json!({ "loss": t.loss, "moves": moves_json(&t.rest), "best": moves_json(&t.best) })
}

/// `{"op":"decide", position, me, roller, ask: "roll"|"answer"|"resign", may_double, stage:
/// "double"|"beaver"|"raccoon", raise, kind, cube, mine: true|false|null, match_length, score:
/// [mine, theirs], crawford_done, jacoby, beavers}` → `{"act": "roll"|"double"|"take"|"drop"|
/// "beaver"|"accept_resign"|"reject_resign"}`: the computer's standard-backgammon decision
/// (`Bot::decide_on`). The page fills it in from its rules core (`session::computer`). Only the
/// standard worker answers it.
#[cfg(feature = "standard-net")]
fn decide_answer(bot: &mut Bot, text: &str) -> serde_json::Value {
    use vrhcaby_bot::cube::{Ask, CubeView, Situation};
    use vrhcaby_rules::{Kind, Stage};
    #[derive(serde::Deserialize)]
    struct Req {
        position: Setup,
        me: Side,
        roller: Side,
        ask: String,
        #[serde(default)]
        may_double: bool,
        #[serde(default)]
        stage: Option<String>,
        #[serde(default)]
        raise: bool,
        #[serde(default)]
        kind: Option<Kind>,
        cube: u8,
        mine: Option<bool>,
        match_length: u8,
        score: (u16, u16),
        #[serde(default)]
        crawford_done: bool,
        #[serde(default)]
        jacoby: bool,
        #[serde(default)]
        beavers: bool,
    }
    let req = match ask::<Req>(text) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let pos = match position(&req.position) {
        Ok(p) => p,
        Err(e) => return e,
    };
    let ask = match (req.ask.as_str(), req.stage.as_deref(), req.kind) {
        ("roll", _, _) => Ask::Roll {
            may_double: req.may_double,
        },
        ("answer", Some(stage), _) => Ask::Answer {
            stage: match stage {
                "beaver" => Stage::Beaver,
                "raccoon" => Stage::Raccoon,
                _ => Stage::Double,
            },
            raise: req.raise,
        },
        ("resign", _, Some(kind)) => Ask::Resign { kind },
        _ => return serde_json::json!({ "error": "bad request: an unknown question" }),
    };
    if req.cube == 0 || req.cube > 64 || usize::from(req.match_length) > vrhcaby_bot::cube::MET_SIZE
    {
        return serde_json::json!({ "error": "bad request: the cube or the match length" });
    }
    let s = Situation {
        position: pos,
        me: req.me,
        roller: req.roller,
        ask,
        cube: CubeView {
            value: req.cube,
            mine: req.mine,
            match_length: req.match_length,
            score: req.score,
            crawford_done: req.crawford_done,
            jacoby: req.jacoby,
            beavers: req.beavers,
        },
    };
    serde_json::json!({ "act": bot.decide_on(&s).name() })
}

/// The house rules' worker has no standard decisions.
#[cfg(not(feature = "standard-net"))]
fn decide_answer(_: &mut Bot, _: &str) -> serde_json::Value {
    serde_json::json!({ "error": WRONG_RULES })
}

/// The request's `op` beside the CLI's `bot` request: `accepts_draw`, `wants_draw` or `hint`.
fn op(text: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    Some(v.get("op")?.as_str()?.to_owned())
}

/// `{"op":"wants_draw", position, turn, dice}` → `{"offer": bool}` (`Bot::wants_draw`: the
/// computer, on turn with that roll, is behind). The page asks only when the rules let it offer.
fn offer_answer(bot: &mut Bot, text: &str) -> serde_json::Value {
    #[derive(serde::Deserialize)]
    struct Ask {
        position: Setup,
        turn: Side,
        dice: [u8; 2],
    }
    let answer = |ask: Ask| -> Result<bool, serde_json::Value> {
        Ok(bot.wants_draw(&position(&ask.position)?, ask.turn, roll(ask.dice)?))
    };
    match ask::<Ask>(text).and_then(answer) {
        Ok(offer) => serde_json::json!({ "offer": offer }),
        Err(e) => e,
    }
}

/// `{"op":"accepts_draw", position, offerer, dice|null}` → `{"accept": bool}` (`Bot::accepts_draw`).
fn draw_answer(bot: &mut Bot, text: &str) -> serde_json::Value {
    #[derive(serde::Deserialize)]
    struct Ask {
        position: Setup,
        offerer: Side,
        #[serde(default)]
        dice: Option<[u8; 2]>,
    }
    let answer = |ask: Ask| -> Result<bool, serde_json::Value> {
        let roll = ask.dice.and_then(|d| roll(d).ok());
        Ok(bot.accepts_draw(&position(&ask.position)?, ask.offerer, roll))
    };
    match ask::<Ask>(text).and_then(answer) {
        Ok(accept) => serde_json::json!({ "accept": accept }),
        Err(e) => e,
    }
}

/// The request's `id`, if it has one (echoed so the page can match answers to requests).
fn serde_id(text: &str) -> Option<serde_json::Value> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    v.get("id").cloned()
}

pub fn main() {
    let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else {
        return;
    };
    let reply = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        let text = ev.data().as_string().unwrap_or_default();
        let _ = reply.post_message(&JsString::from(respond(&text)));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Ready: the page may have posted before the wasm loaded; it waits for this.
    let _ = scope.post_message(&JsString::from("{\"ready\":true}"));
}

#[cfg(all(test, not(feature = "standard-net")))]
mod tests {
    use super::respond;

    #[test]
    fn answers_a_request_with_its_id() {
        let req = r#"{"id":7,"position":{"white":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],"black":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]},"turn":"white","dice":[3,1],"level":"expert","seed":1}"#;
        let a: serde_json::Value = serde_json::from_str(&respond(req)).unwrap();
        assert_eq!(a["id"], 7);
        assert_eq!(a["moves"].as_array().unwrap().len(), 2);
        assert_eq!(respond(req), respond(req));
        let bad: serde_json::Value = serde_json::from_str(&respond("{")).unwrap();
        assert!(bad["error"].is_string());
        let draw = r#"{"id":2,"op":"accepts_draw","position":{"white":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],"black":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]},"offerer":"white","dice":null}"#;
        let a: serde_json::Value = serde_json::from_str(&respond(draw)).unwrap();
        assert!(a["accept"].is_boolean(), "{a}");
        assert_eq!(a["id"], 2);
        // Far behind in a race (White has 15 on its 6-point, Black 15 on its 1-point): it offers;
        // at the start it does not.
        let behind = r#"{"id":3,"op":"wants_draw","position":{"white":[0,0,0,0,0,0,15,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"black":[0,15,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]},"turn":"white","dice":[2,1]}"#;
        let a: serde_json::Value = serde_json::from_str(&respond(behind)).unwrap();
        assert_eq!(
            (a["offer"].as_bool(), a["id"].as_i64()),
            (Some(true), Some(3)),
            "{a}"
        );
        let start = draw.replace("accepts_draw", "wants_draw").replace(
            r#""offerer":"white","dice":null"#,
            r#""turn":"white","dice":[3,1]"#,
        );
        let a: serde_json::Value = serde_json::from_str(&respond(&start)).unwrap();
        assert_eq!(a["offer"].as_bool(), Some(false), "{a}");
        let s = r#"{"white":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],"black":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]}"#;
        let c = r#"{"white":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,1,0,0,0,0,0,1,0],"black":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]}"#;
        let hint = format!(
            r#"{{"id":9,"op":"hint","position":{s},"current":{c},"turn":"white","dice":[6,5],"left":[5]}}"#
        );
        let a: serde_json::Value = serde_json::from_str(&respond(&hint)).unwrap();
        assert_eq!(a["id"], 9);
        assert_eq!(a["moves"].as_array().map(Vec::len), Some(1), "{a}");
        let a: serde_json::Value =
            serde_json::from_str(&respond(&hint.replace(r#""left":[5]"#, r#""left":[4]"#)))
                .unwrap();
        assert!(a["error"].is_string(), "{a}");
        // The tutor: 13/7 13/8 for 6-5 at the start loses against the best, said with the best.
        let done = r#"{"white":[0,0,0,0,0,0,5,1,4,0,0,0,0,3,0,0,0,0,0,0,0,0,0,0,2,0],"black":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]}"#;
        let tutor = format!(
            r#"{{"id":4,"op":"tutor","position":{s},"current":{done},"turn":"white","dice":[6,5],"left":[]}}"#
        );
        let a: serde_json::Value = serde_json::from_str(&respond(&tutor)).unwrap();
        assert_eq!(a["id"], 4);
        assert!(a["loss"].as_f64().is_some_and(|l| l >= 0.03), "{a}");
        assert_eq!(a["moves"].as_array().map(Vec::len), Some(0), "{a}");
        assert_eq!(a["best"].as_array().map(Vec::len), Some(2), "{a}");
        let a: serde_json::Value =
            serde_json::from_str(&respond(&tutor.replace(r#""left":[]"#, r#""left":[3]"#)))
                .unwrap();
        assert!(a["error"].is_string(), "{a}");
        let bad = behind.replace("[2,1]", "[7,1]");
        let a: serde_json::Value = serde_json::from_str(&respond(&bad)).unwrap();
        assert!(a["error"].is_string(), "{a}");
    }
}

#[cfg(all(test, not(feature = "standard-net")))]
mod analysis_tests {
    use super::respond;

    /// White's 6-5 as 13/7 13/8, Black's 3-1 as 8/5 6/5, White's 4-2 as 8/4 6/4.
    const RECORD: &str = r#"{"format":"vrhcaby-record","version":1,"commands":[{"t":0,"cmd":"start","first":"white"},{"t":0,"cmd":"dice","dice":[6,5]},{"t":1,"cmd":"move","side":"white","from":13,"to":7},{"t":2,"cmd":"move","side":"white","from":13,"to":8},{"t":3,"cmd":"dice","dice":[3,1]},{"t":4,"cmd":"move","side":"black","from":8,"to":5},{"t":5,"cmd":"move","side":"black","from":6,"to":5},{"t":6,"cmd":"dice","dice":[4,2]},{"t":7,"cmd":"move","side":"white","from":8,"to":4},{"t":8,"cmd":"move","side":"white","from":6,"to":4}]}"#;

    #[test]
    fn an_analysis_part_by_part_ends_with_the_players() {
        let mut from = serde_json::json!(0);
        let mut decisions = Vec::new();
        let mut last = serde_json::Value::Null;
        while let Some(f) = from.as_u64() {
            let req = format!(
                r#"{{"id":4,"op":"analyse","record":{RECORD},"depth":0,"from":{f},"most":1}}"#
            );
            last = serde_json::from_str(&respond(&req)).unwrap();
            assert_eq!(last["id"], 4, "{last}");
            decisions.extend(last["decisions"].as_array().unwrap().clone());
            from = last["next"].clone();
        }
        assert_eq!(decisions.len(), 3);
        let turns: Vec<u64> = decisions
            .iter()
            .map(|d| d["turn"].as_u64().unwrap())
            .collect();
        assert_eq!(turns, vec![0, 1, 2]);
        assert!(decisions[0]["mark"].is_string(), "{}", decisions[0]);
        assert_eq!(last["players"]["white"]["decisions"], 2, "{last}");
        // The same as the CLI's analyse.
        let mut bot = vrhcaby_bot::Bot::builtin().unwrap();
        let cli = vrhcaby_bot::cli::answer(
            &mut bot,
            vrhcaby_bot::cli::BotOp::Analyse,
            &format!(r#"{{"record":{RECORD},"depth":0}}"#),
        );
        assert_eq!(cli["players"], last["players"]);
        assert_eq!(cli["decisions"][0]["loss"], decisions[0]["loss"]);
        let bad =
            respond(r#"{"op":"analyse","record":{"format":"x"},"depth":0,"from":0,"most":1}"#);
        assert!(bad.contains("error"), "{bad}");
    }
}

/// `cargo test -p vrhcaby-worker --features standard-net`: the standard worker.
#[cfg(all(test, feature = "standard-net"))]
mod standard_tests {
    use super::respond;

    const START: &str = r#"{"white":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],"black":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]}"#;

    #[test]
    fn plays_standard_backgammon_with_its_own_net_and_refuses_the_house_rules() {
        let req = format!(
            r#"{{"id":5,"position":{START},"turn":"white","dice":[6,4],"level":"expert","seed":3,"rules":"standard"}}"#
        );
        let a: serde_json::Value = serde_json::from_str(&respond(&req)).unwrap();
        assert_eq!(a["id"], 5);
        // The same play and estimate as the CLI's, which holds both nets and picks the standard one.
        let mut bot = vrhcaby_bot::Bot::builtin().unwrap();
        let cli = vrhcaby_bot::cli::answer(&mut bot, vrhcaby_bot::cli::BotOp::Bot, &req);
        assert_eq!(a["moves"], cli["moves"], "{a} {cli}");
        assert_eq!(a["win"], cli["win"], "{a} {cli}");
        // The house net is not in this worker: a house request is refused, not answered by the
        // wrong net.
        for house in [
            req.replace(r#","rules":"standard""#, ""),
            req.replace(r#""rules":"standard""#, r#""rules":"vrhcaby""#),
            format!(
                r#"{{"id":6,"op":"accepts_draw","position":{START},"offerer":"white","dice":null}}"#
            ),
        ] {
            let a: serde_json::Value = serde_json::from_str(&respond(&house)).unwrap();
            assert_eq!(
                a["error"], "this worker plays standard backgammon only",
                "{house}"
            );
        }
        let bad: serde_json::Value = serde_json::from_str(&respond("{")).unwrap();
        assert!(bad["error"].is_string());
    }
}
