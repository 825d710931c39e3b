//! The computer opponent in a Web Worker. Each message is one JSON text of DESIGN.md's `bot`
//! request (`{position, turn, dice, level, seed}`, exactly the CLI's), optionally with an `id`;
//! the answer is the CLI's answer text (`{moves, position, win}` or `{error}`) with the same `id`
//! added, posted back as a string. Built by Trunk as `data-type="worker"` (see index.html); the
//! page creates the worker only when a computer game or a hint needs it.

use std::cell::RefCell;

use js_sys::JsString;
use vrhcaby_bot::cli::{answer, BotOp};
use vrhcaby_bot::Bot;
use vrhcaby_rules::{Position, Roll, Setup, Side};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

thread_local! {
    static BOT: RefCell<Option<Bot>> = const { RefCell::new(None) };
}

/// Answers one request text (also used natively by the tests).
fn respond(text: &str) -> String {
    let id = serde_id(text);
    let mut value = BOT.with(|b| {
        let mut b = b.borrow_mut();
        if b.is_none() {
            *b = Bot::builtin().ok();
        }
        match b.as_mut() {
            Some(bot) if is_draw_question(text) => draw_answer(bot, text),
            Some(bot) => answer(bot, BotOp::Bot, text),
            None => serde_json::json!({ "error": "the built-in weights do not parse" }),
        }
    });
    if let (Some(id), Some(obj)) = (id, value.as_object_mut()) {
        obj.insert("id".into(), id);
    }
    value.to_string()
}

fn is_draw_question(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v.get("op").and_then(|o| o.as_str()) == Some("accepts_draw"))
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
    let ask = match serde_json::from_str::<Ask>(text) {
        Ok(a) => a,
        Err(e) => return serde_json::json!({ "error": format!("bad request: {e}") }),
    };
    let position = match Position::from_setup(&ask.position) {
        Ok(p) => p,
        Err(e) => return serde_json::json!({ "error": e.to_string() }),
    };
    let roll = ask.dice.and_then(|[a, b]| Roll::from_values(a, b).ok());
    serde_json::json!({ "accept": bot.accepts_draw(&position, ask.offerer, roll) })
}

/// The request's `id`, if it has one (echoed so the page can match answers to requests).
fn serde_id(text: &str) -> Option<serde_json::Value> {
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    v.get("id").cloned()
}

fn main() {
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

#[cfg(test)]
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
    }
}
