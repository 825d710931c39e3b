//! The computer opponent: a Web Worker (`worker/`, built by Trunk next to the page) created only
//! when a computer game or a hint first needs it, so its code and weights are not in the first
//! load. Whenever the computer has something to decide (`Session::computer_task`), this asks the
//! worker and plays the answer as the computer's own commands (`Input::Computer`), one move at a
//! time after a short human-like pause, so each glides like a person's and its clock runs like a
//! person's. A reload in the middle of its turn asks again about the turn's start position and
//! skips the moves already in the record (see `session::computer`). The hint is the strongest
//! level's play for the person's roll, asked the same way.

use std::cell::RefCell;
use std::time::Duration;

use leptos::prelude::*;
use vrhcaby_rules::{Position, Roll, Side};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use crate::session::computer::{
    draw_request, hint_question, hint_request, mid_roll_request, offer_request, play_request_under,
    remaining, step_intent, Answer, HintQuestion, Step, Task,
};
use crate::session::decide::{decide_request, decision_intent};
use crate::session::{Input, Intent};
use crate::state::{Dispatch, Hint, Screen};

/// The worker's loader script for a rule set, next to the page (Trunk's `data-loader-shim`): the
/// standard-backgammon worker is the same worker with standard backgammon's net inside; each comes
/// built twice, its net's forward pass in wasm SIMD where the browser validates it (the same
/// answers, bit for bit, a decision about 1.5× sooner), else scalar.
pub fn worker_url(standard: bool) -> &'static str {
    match (standard, simd()) {
        (false, false) => "./bot_worker_loader.js",
        (true, false) => "./bot_worker_standard_loader.js",
        (false, true) => "./bot_worker_simd_loader.js",
        (true, true) => "./bot_worker_standard_simd_loader.js",
    }
}

/// The smallest module that needs wasm's 128-bit SIMD: one function returning a `v128.const`.
/// `public/sw.js` asks the same question to cache the workers this browser will load.
const SIMD_PROBE: [u8; 43] = [
    0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, // magic, version
    1, 5, 1, 0x60, 0, 1, 0x7b, // types: () -> v128
    3, 2, 1, 0, // one function of type 0
    10, 0x16, 1, 0x14, 0, 0xfd, 0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0x0b, // its body: no locals, v128.const 0, end
];

/// Whether this browser's WebAssembly validates SIMD (asked once).
fn simd() -> bool {
    thread_local! {
        static SIMD: bool = js_sys::WebAssembly::validate(&js_sys::Uint8Array::from(&SIMD_PROBE[..]).into())
            .unwrap_or(false);
    }
    SIMD.with(|s| *s)
}

/// The pause before the computer's first move of a roll (ms, a range), and between its moves.
const FIRST_PAUSE: (u64, u64) = (600, 1200);
const NEXT_PAUSE: u64 = 500;
/// The pause before it answers a draw offer.
const DRAW_PAUSE: u64 = 900;
/// How long the worker may take to load (its wasm and weights) before it counts as failed.
const LOAD_TIMEOUT_MS: u64 = 30_000;
/// The level the hint uses (its search; the key of a hint question).
const HINT_LEVEL: &str = "strongest";

/// What a question to the worker was about.
#[derive(Clone, PartialEq, Eq)]
enum Question {
    /// The play for (turn's start position, side, roll, level).
    Play(String),
    Draw(String),
    /// Whether to offer a draw before playing (R23, R26, S7 and its own restraint allowing it).
    Offer(String),
    Hint(String),
    /// The tutor's question: the command that rolled, the record length after the move.
    Tutor(usize, usize),
    /// Standard: the computer's cube or resignation decision (record length and side).
    Decide(String),
}

#[derive(Default)]
struct Worker_ {
    worker: Option<Worker>,
    /// Which worker it is (its loader's URL).
    url: &'static str,
    /// Standard decisions by their question.
    acts: Vec<(Question, String)>,
    ready: bool,
    /// Posted before the worker was ready.
    queue: Vec<String>,
    next_id: u32,
    asked: Vec<(u32, Question)>,
    /// Questions in flight (not asked twice).
    in_flight: Vec<Question>,
    /// Plans by their question.
    plans: Vec<(Question, Vec<Step>)>,
    /// Answers to draw offers (accept?) and to whether to offer one (offer?).
    draws: Vec<(Question, bool)>,
    /// The record length a scheduled act was planned for (one at a time).
    scheduled: Option<usize>,
}

thread_local! {
    static W: RefCell<Worker_> = RefCell::new(Worker_::default());
}

fn key_of(start: &Position, side: Side, roll: Roll, level: &str, seed: u32) -> String {
    format!(
        "{}|{}|{}{}|{level}|{seed}",
        serde_json::to_string(start).unwrap_or_default(),
        side.name(),
        roll.high().value(),
        roll.low().value()
    )
}

/// Posts `text` to the worker, creating it first if needed.
fn post(d: Dispatch, question: Question, make: impl FnOnce(u32) -> String) {
    W.with(|w| {
        let mut w = w.borrow_mut();
        if w.in_flight.contains(&question) {
            return;
        }
        let standard = d
            .game
            .session
            .with_untracked(|s| s.as_ref().is_some_and(|s| s.game().variant().is_standard()));
        let url = worker_url(standard);
        if w.worker.is_some() && w.url != url {
            // The other rule set's worker: replaced (a game of one kind at a time).
            if let Some(old) = w.worker.take() {
                old.terminate();
            }
            w.ready = false;
            w.queue.clear();
            w.asked.clear();
            w.in_flight.clear();
        }
        if w.worker.is_none() {
            w.url = url;
            match Worker::new(url) {
                Ok(worker) => {
                    let on_message =
                        Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
                            if let Some(text) = ev.data().as_string() {
                                on_answer(d, &text);
                            }
                        });
                    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
                    on_message.forget();
                    // A script that does not load, or a wasm that traps: the worker is broken.
                    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| failed(d));
                    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
                    on_error.forget();
                    w.worker = Some(worker);
                    // Not ready in time (a wasm that never loads): broken too.
                    set_timeout(
                        move || {
                            if W.with(|w| !w.borrow().ready) {
                                failed(d);
                            }
                        },
                        Duration::from_millis(LOAD_TIMEOUT_MS),
                    );
                }
                Err(_) => {
                    drop(w);
                    failed(d);
                    return;
                }
            }
        }
        w.next_id = w.next_id.wrapping_add(1);
        let id = w.next_id;
        let text = make(id);
        w.asked.push((id, question.clone()));
        w.in_flight.push(question);
        if w.ready {
            if let Some(worker) = &w.worker {
                let _ = worker.post_message(&JsValue::from_str(&text));
            }
        } else {
            w.queue.push(text);
        }
    });
}

/// The worker failed: it is dropped with every question in flight, and the page says so and
/// offers [`retry`].
fn failed(d: Dispatch) {
    W.with(|w| {
        let mut w = w.borrow_mut();
        if let Some(worker) = w.worker.take() {
            worker.terminate();
        }
        let plans = std::mem::take(&mut w.plans);
        let draws = std::mem::take(&mut w.draws);
        *w = Worker_ {
            plans,
            draws,
            next_id: w.next_id,
            ..Worker_::default()
        };
    });
    d.game.bot_failed.set(true);
}

/// After a failure: a fresh worker is created by the next question, asked at once.
pub fn retry(d: Dispatch) {
    d.game.bot_failed.set(false);
    d.game.bot_answers.update(|n| *n = n.wrapping_add(1));
}

fn on_answer(d: Dispatch, text: &str) {
    let Some(answer) = Answer::parse(text) else {
        return;
    };
    let mut hint = None;
    let mut tutor = None;
    W.with(|w| {
        let mut w = w.borrow_mut();
        if answer.ready {
            w.ready = true;
            let queue = std::mem::take(&mut w.queue);
            if let Some(worker) = &w.worker {
                for t in queue {
                    let _ = worker.post_message(&JsValue::from_str(&t));
                }
            }
            return;
        }
        let Some(at) = answer
            .id
            .and_then(|id| w.asked.iter().position(|(i, _)| *i == id))
        else {
            return;
        };
        let (_, q) = w.asked.swap_remove(at);
        w.in_flight.retain(|x| *x != q);
        match &q {
            Question::Play(_) => {
                w.plans.push((q, answer.moves.clone().unwrap_or_default()));
            }
            Question::Hint(_) => hint = Some(answer.moves.clone().unwrap_or_default()),
            Question::Tutor(rolled_at, at) => tutor = Some((*rolled_at, *at)),
            Question::Draw(_) => {
                w.draws.push((q, answer.accept.unwrap_or(false)));
            }
            Question::Offer(_) => {
                w.draws.push((q, answer.offer.unwrap_or(false)));
            }
            Question::Decide(_) => {
                w.acts.push((q, answer.act.clone().unwrap_or_default()));
            }
        }
    });
    if let Some((rolled_at, at)) = tutor {
        crate::drivers::tutor::on_answer(d, rolled_at, at, &answer);
    }
    if let Some(steps) = hint {
        // Only while the roll it was asked for is still unplayed.
        let now = d.game.session.with_untracked(|s| {
            s.as_ref()
                .and_then(|s| hint_question(s).map(|q| (q.side, s.game().record().commands.len())))
        });
        if let Some((side, len)) = now {
            d.game.hint_at.set(Some(len));
            // Said in words too: the arrows are for the eyes (the live region reads this).
            d.notices.announce.set(crate::i18n::hint_words(
                d.settings.lang.get_untracked(),
                &steps,
            ));
            d.game.hint.set(Some(Hint { side, steps }));
        }
    }
    // Something to play now: run the step.
    d.game.bot_answers.update(|n| *n = n.wrapping_add(1));
}

/// `?botpause=MS` sets every pause of the computer (tests and demos); otherwise the defaults.
fn pause_override() -> Option<u64> {
    crate::platform::query_param("botpause").and_then(|v| v.parse().ok())
}

/// The pause before the first move of a roll: between the bounds, varying with the position.
fn first_pause(len: usize) -> u64 {
    if let Some(ms) = pause_override() {
        return ms;
    }
    let (lo, hi) = FIRST_PAUSE;
    lo + (len as u64 * 2_654_435_761 % (hi - lo + 1))
}

/// Runs `act` after `ms` if the game has not changed meanwhile.
fn later(d: Dispatch, len: usize, ms: u64, act: Intent) {
    let already = W.with(|w| {
        let mut w = w.borrow_mut();
        if w.scheduled == Some(len) {
            true
        } else {
            w.scheduled = Some(len);
            false
        }
    });
    if already {
        return;
    }
    set_timeout(
        move || {
            W.with(|w| w.borrow_mut().scheduled = None);
            let same = d.game.session.with_untracked(|s| {
                s.as_ref()
                    .is_some_and(|s| s.game().record().commands.len() == len)
            });
            if same && d.nav.screen.get_untracked() == Screen::Game {
                d.input(Input::Computer(act));
            } else {
                d.game.bot_answers.update(|n| *n = n.wrapping_add(1));
            }
        },
        Duration::from_millis(ms),
    );
}

/// One look at what the computer must do.
fn step(d: Dispatch) {
    let Some((task, len, level, seed, may_offer, rules)) = d.game.session.with_untracked(|s| {
        let s = s.as_ref()?;
        let c = s.computer_seat()?;
        Some((
            s.computer_task()?,
            s.game().record().commands.len(),
            c.level.clone(),
            c.seed,
            s.computer_may_offer(s.game_time(crate::platform::now_ms())),
            s.game().variant().rules(),
        ))
    }) else {
        return;
    };
    match task {
        Task::Play {
            side,
            start,
            roll,
            done,
        } => {
            if may_offer {
                // Behind? Offer a draw before playing (asked once per turn's start position).
                let q = Question::Offer(key_of(&start, side, roll, "offer", seed));
                let offer = W.with(|w| {
                    let w = w.borrow();
                    w.draws.iter().find(|(k, _)| *k == q).map(|(_, a)| *a)
                });
                match offer {
                    None => {
                        post(d, q, |id| offer_request(id, &start, side, roll));
                        return;
                    }
                    Some(true) => {
                        let pause = first_pause(len);
                        later(d, len, pause, Intent::OfferDraw);
                        return;
                    }
                    Some(false) => {}
                }
            }
            let q = Question::Play(key_of(&start, side, roll, &level, seed));
            let plan = W.with(|w| {
                let w = w.borrow();
                w.plans
                    .iter()
                    .find(|(k, _)| *k == q)
                    .map(|(_, p)| p.clone())
            });
            let Some(plan) = plan else {
                post(d, q, |id| {
                    play_request_under(id, &start, side, roll, &level, seed, rules)
                });
                return;
            };
            let next = match remaining(&plan, &done) {
                Some([next, ..]) => step_intent(*next),
                // The record left the plan (or it is used up): any legal move keeps the game going.
                _ => d.game.session.with_untracked(|s| {
                    s.as_ref()
                        .and_then(|s| s.game().legal_moves().first().copied())
                        .map(|m| Intent::Move {
                            from: m.from,
                            to: m.to,
                        })
                }),
            };
            if let Some(intent) = next {
                let pause = if done.is_empty() {
                    first_pause(len)
                } else {
                    pause_override().unwrap_or(NEXT_PAUSE)
                };
                later(d, len, pause, intent);
            }
        }
        Task::Decide { side } => {
            let q = Question::Decide(format!("{len}|{}", side.name()));
            let act = W.with(|w| {
                let w = w.borrow();
                w.acts.iter().find(|(k, _)| *k == q).map(|(_, a)| a.clone())
            });
            match act {
                None => {
                    let request = d.game.session.with_untracked(|s| {
                        s.as_ref().and_then(|s| decide_request(0, s.game(), side))
                    });
                    if let Some(request) = request {
                        // The request with its id (`{"id":0,…}` → `{"id":n,…}`).
                        post(d, q, move |id| {
                            request.replacen(r#""id":0"#, &format!(r#""id":{id}"#), 1)
                        });
                    }
                }
                Some(act) => {
                    if let Some(intent) = decision_intent(&act) {
                        later(d, len, pause_override().unwrap_or(DRAW_PAUSE), intent);
                    }
                }
            }
        }
        Task::AnswerDraw {
            position,
            offerer,
            roll,
        } => {
            let q = Question::Draw(format!(
                "{}|{}|{len}",
                serde_json::to_string(&position).unwrap_or_default(),
                offerer.name(),
            ));
            let answer = W.with(|w| {
                let w = w.borrow();
                w.draws.iter().find(|(k, _)| *k == q).map(|(_, a)| *a)
            });
            match answer {
                None => post(d, q, |id| draw_request(id, &position, offerer, roll)),
                Some(accept) => later(
                    d,
                    len,
                    pause_override().unwrap_or(DRAW_PAUSE),
                    if accept {
                        Intent::AcceptDraw
                    } else {
                        Intent::DeclineDraw
                    },
                ),
            }
        }
    }
}

/// Asks for the hint: the strongest play for the roll of the person to move, from where they are
/// in it (it stays on the board until they move).
pub fn ask_hint(d: Dispatch) {
    let Some(q) = d
        .game
        .session
        .with_untracked(|s| hint_question(s.as_ref()?))
    else {
        return;
    };
    let key = Question::Hint(format!(
        "{}|{}",
        key_of(&q.start, q.side, q.roll, HINT_LEVEL, 0),
        serde_json::to_string(&q.current).unwrap_or_default()
    ));
    post(d, key, |id| hint_request(id, &q));
}

/// Asks the tutor's question about the person's move (`drivers::tutor`).
pub fn ask_tutor(d: Dispatch, q: &HintQuestion, rolled_at: usize, at: usize) {
    post(d, Question::Tutor(rolled_at, at), |id| {
        mid_roll_request(id, "tutor", q)
    });
}

pub fn install(d: Dispatch) {
    Effect::new(move |_| {
        d.game.bot_answers.track();
        let on_game = d.nav.screen.get() == Screen::Game;
        // Any change of the game: the hint goes (it is for one roll, until the person moves).
        let len = d
            .game
            .session
            .with(|s| s.as_ref().map(|s| s.game().record().commands.len()));
        if d.game.hint.with_untracked(Option::is_some) && d.game.hint_at.get_untracked() != len {
            d.game.hint.set(None);
        }
        if on_game && !d.game.bot_failed.get() {
            step(d);
        }
    });
}
