//! Analysing the record in the replay viewer (`crate::analysis`): the computer's worker is asked
//! part by part (a few decisions each), so the page shows progress and never freezes, and a
//! cancel simply asks no more. A worker of its own (the rule set's), created when first needed.
//! The same op judges a "learn from your mistakes" puzzle's answer (`judge_puzzle`): the record
//! up to the puzzle's roll and the new play, analysed from the roll on.

use std::cell::RefCell;

use leptos::prelude::*;
use vrhcaby_rules::Record;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use crate::analysis::{judged, players, Judged, State, Summary};
use crate::learn::Judging;
use crate::state::Dispatch;

/// The judge's depth on the page (DESIGN.md's `analyse`: 0, 1 or 2).
pub const DEPTH: u8 = 1;
/// Decisions a part: small enough to move the progress bar often.
const PART: usize = 2;

#[derive(Default)]
struct Run {
    worker: Option<(Worker, &'static str)>,
    ready: bool,
    /// Posted before the worker was ready.
    queue: Option<String>,
    /// The record under analysis, as JSON, and its length.
    record: String,
    total: usize,
    /// Each start or cancel makes a new run; answers of an older one are dropped.
    run: u32,
    decisions: Vec<Judged>,
    /// The run judges a puzzle's answer, not the game.
    puzzle: bool,
}

thread_local! {
    static R: RefCell<Run> = RefCell::new(Run::default());
}

/// Starts analysing `record` (a running analysis stops).
pub fn start(d: Dispatch, record: &Record) {
    let total = record.commands.len();
    d.nav.analysis.set(State::Running { done: 0, total });
    if !begin(d, record, false) {
        d.nav.analysis.set(State::Failed(String::new()));
        return;
    }
    ask(0);
}

/// Judges a puzzle's answer: `record` is the game up to the puzzle's roll and the new play, the
/// roll made by command `rolled_at`; the loss lands in `nav.puzzle`.
pub fn judge_puzzle(d: Dispatch, record: &Record, rolled_at: usize) {
    d.nav.puzzle.set(Judging::Waiting);
    if !begin(d, record, true) {
        d.nav.puzzle.set(Judging::Failed);
        return;
    }
    ask(rolled_at + 1);
}

/// A new run for `record` (an older run's answers are dropped), with the rule set's worker.
fn begin(d: Dispatch, record: &Record, puzzle: bool) -> bool {
    let url = super::bot::worker_url(record.variant().is_ok_and(|v| v.is_standard()));
    R.with(|r| {
        let mut r = r.borrow_mut();
        r.run = r.run.wrapping_add(1);
        r.record = record.to_json();
        r.total = record.commands.len();
        r.decisions.clear();
        r.puzzle = puzzle;
        if r.worker.as_ref().is_some_and(|(_, u)| *u != url) {
            if let Some((old, _)) = r.worker.take() {
                old.terminate();
            }
            r.ready = false;
        }
    });
    R.with(|r| r.borrow().worker.is_some()) || spawn(d, url)
}

/// Stops the analysis under way; what it found so far is dropped.
pub fn cancel(d: Dispatch) {
    R.with(|r| {
        let mut r = r.borrow_mut();
        r.run = r.run.wrapping_add(1);
        r.decisions.clear();
    });
    d.nav.analysis.set(State::Idle);
}

fn spawn(d: Dispatch, url: &'static str) -> bool {
    let Ok(worker) = Worker::new(url) else {
        return false;
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        if let Some(text) = ev.data().as_string() {
            on_answer(d, &text);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
        R.with(|r| {
            let mut r = r.borrow_mut();
            if let Some((w, _)) = r.worker.take() {
                w.terminate();
            }
            r.ready = false;
        });
        if R.with(|r| r.borrow().puzzle) {
            d.nav.puzzle.set(Judging::Failed);
        } else {
            d.nav.analysis.set(State::Failed(String::new()));
        }
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    R.with(|r| r.borrow_mut().worker = Some((worker, url)));
    true
}

/// Asks for the part from command `from`.
fn ask(from: usize) {
    R.with(|r| {
        let mut r = r.borrow_mut();
        let text = format!(
            r#"{{"id":{},"op":"analyse","record":{},"depth":{DEPTH},"from":{from},"most":{PART}}}"#,
            r.run, r.record
        );
        match (&r.worker, r.ready) {
            (Some((w, _)), true) => {
                let _ = w.post_message(&JsValue::from_str(&text));
            }
            _ => r.queue = Some(text),
        }
    });
}

fn on_answer(d: Dispatch, text: &str) {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(text) else {
        return;
    };
    if v.get("ready").and_then(serde_json::Value::as_bool) == Some(true) {
        R.with(|r| {
            let mut r = r.borrow_mut();
            r.ready = true;
            if let (Some(text), Some((w, _))) = (r.queue.take(), &r.worker) {
                let _ = w.post_message(&JsValue::from_str(&text));
            }
        });
        return;
    }
    let current = R.with(|r| r.borrow().run);
    if v.get("id").and_then(serde_json::Value::as_u64) != Some(u64::from(current)) {
        return; // an answer of a cancelled or replaced run
    }
    let puzzle = R.with(|r| r.borrow().puzzle);
    if let Some(e) = v.get("error").and_then(serde_json::Value::as_str) {
        if puzzle {
            d.nav.puzzle.set(Judging::Failed);
        } else {
            d.nav.analysis.set(State::Failed(e.to_owned()));
        }
        return;
    }
    let part: Vec<Judged> = v
        .get("decisions")
        .and_then(serde_json::Value::as_array)
        .map(|ds| ds.iter().filter_map(judged).collect())
        .unwrap_or_default();
    let next = v
        .get("next")
        .and_then(serde_json::Value::as_u64)
        .and_then(|n| usize::try_from(n).ok());
    let total = R.with(|r| {
        let mut r = r.borrow_mut();
        r.decisions.extend(part);
        r.total
    });
    if puzzle {
        // The first decision from the roll on is the puzzle's play.
        let judged = R.with(|r| {
            r.borrow()
                .decisions
                .iter()
                .find(|j| j.kind == "play")
                .cloned()
        });
        match (judged, next) {
            (Some(j), _) => d.nav.puzzle.set(Judging::Loss(j.loss)),
            (None, Some(from)) => ask(from),
            (None, None) => d.nav.puzzle.set(Judging::Failed),
        }
        return;
    }
    match next {
        Some(from) => {
            d.nav.analysis.set(State::Running { done: from, total });
            ask(from);
        }
        None => {
            let decisions = R.with(|r| std::mem::take(&mut r.borrow_mut().decisions));
            match v.get("players").and_then(players) {
                Some(players) => {
                    keep(d, &decisions, &players);
                    d.nav.analysis.set(State::Done { decisions, players });
                }
                None => d.nav.analysis.set(State::Failed(String::new())),
            }
        }
    }
}

/// A finished analysis is kept with the game in "My games" (when the game is there).
fn keep(d: Dispatch, decisions: &[Judged], players: &vrhcaby_rules::BySide<Summary>) {
    let Some(record) = d.nav.replay.get_untracked() else {
        return;
    };
    let text = crate::analysis::to_json(decisions, players, DEPTH).to_string();
    crate::drivers::history::keep_analysis(&record, text);
}
