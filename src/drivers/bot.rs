//! The computer opponent: a Web Worker (`worker/`, built by Trunk next to the page) created only
//! when a computer game or a hint first needs it, so its code and weights are not in the first
//! load. Whenever the computer has something to decide (`Session::computer_task`), this asks the
//! worker and plays the answer as the computer's own commands (`Input::Computer`), one move at a
//! time after a short human-like pause, so each glides like a person's and its clock runs like a
//! person's. A reload in the middle of its turn asks again about the turn's start position and
//! skips the moves already in the record (see `session::computer`). The hint is the strongest
//! level's play for the person's roll, asked the same way, and so is the tutor's question
//! (`drivers::tutor` asks through [`ask_tutor`] and hears its answer; this driver does not know
//! it). The worker is spoken to through `drivers::worker`'s client in the protocol crate's types.

use std::cell::RefCell;
use std::time::Duration;

use leptos::prelude::*;
use vrhcaby_protocol::{Answer, Ask, Decision, MidRoll, Reply};
use vrhcaby_rules::{Position, Roll, Side};

use super::worker::{worker_bin, Client, Handlers};
use crate::session::computer::{hint_question, remaining, step_intent, Step, Task};
use crate::session::decide::decision_intent;
use crate::session::{Input, Intent};
use crate::state::{Dispatch, Hint, Screen};

/// The pause before the computer's first move of a roll (ms, a range), and between its moves.
const FIRST_PAUSE: (u64, u64) = (600, 1200);
const NEXT_PAUSE: u64 = 500;
/// The pause before it answers a draw offer.
const DRAW_PAUSE: u64 = 900;
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
    client: Client,
    /// Standard decisions by their question.
    acts: Vec<(Question, Option<Decision>)>,
    asked: Vec<(u32, Question)>,
    /// Questions in flight (not asked twice).
    in_flight: Vec<Question>,
    /// Plans by their question.
    plans: Vec<(Question, Vec<Step>)>,
    /// Answers to draw offers (accept?) and to whether to offer one (offer?).
    draws: Vec<(Question, bool)>,
    /// The record length a scheduled act was planned for (one at a time).
    scheduled: Option<usize>,
    /// Who hears the tutor's answers (`drivers::tutor`, which asks).
    tutor: Option<TutorAnswer>,
}

/// What hears the tutor's answer to the move that left the record `at` long, in the roll
/// rolled at command `rolled_at`: (rolled_at, at, the loss, the moves from where the person is to
/// the best play still reachable, the roll's best play).
pub type TutorAnswer = fn(Dispatch, usize, usize, f64, Vec<Step>, Vec<Step>);

thread_local! {
    static W: RefCell<Worker_> = RefCell::new(Worker_::default());
}

const HANDLERS: Handlers = Handlers {
    reply: on_answer,
    failed,
};

fn key_of(start: &Position, side: Side, roll: Roll, level: &str, seed: u32) -> String {
    format!(
        "{}|{}|{}{}|{level}|{seed}",
        serde_json::to_string(start).unwrap_or_default(),
        side.name(),
        roll.high().value(),
        roll.low().value()
    )
}

/// Asks the worker `ask` (the rule set's worker, made first if needed), unless `question` is
/// in flight already.
fn post(d: Dispatch, question: Question, ask: Ask) {
    let standard = d
        .game
        .session
        .with_untracked(|s| s.as_ref().is_some_and(|s| s.game().variant().is_standard()));
    let bin = worker_bin(standard);
    let client = W.with(|w| {
        let mut w = w.borrow_mut();
        if w.in_flight.contains(&question) {
            return None;
        }
        if w.client.bin().is_some_and(|b| b != bin) {
            // The other rule set's worker is replaced (a game of one kind at a time): what was
            // asked of it is never answered.
            w.asked.clear();
            w.in_flight.clear();
        }
        Some(w.client.clone())
    });
    let Some(client) = client else {
        return;
    };
    match client.send(d, bin, ask, HANDLERS) {
        Some(id) => W.with(|w| {
            let mut w = w.borrow_mut();
            w.asked.push((id, question.clone()));
            w.in_flight.push(question);
        }),
        None => failed(d),
    }
}

/// The worker failed: every question in flight is dropped, and the page says so and offers
/// [`retry`].
fn failed(d: Dispatch) {
    W.with(|w| {
        let mut w = w.borrow_mut();
        w.client.stop();
        w.asked.clear();
        w.in_flight.clear();
        w.scheduled = None;
    });
    d.game.bot_failed.set(true);
}

/// After a failure: a fresh worker is created by the next question, asked at once.
pub fn retry(d: Dispatch) {
    d.game.bot_failed.set(false);
    d.game.bot_answers.update(|n| *n = n.wrapping_add(1));
}

fn on_answer(d: Dispatch, reply: Reply) {
    let mut hint = None;
    let mut tutor = None;
    W.with(|w| {
        let mut w = w.borrow_mut();
        let Some(at) = reply
            .id
            .and_then(|id| w.asked.iter().position(|(i, _)| *i == id))
        else {
            return;
        };
        let (_, q) = w.asked.swap_remove(at);
        w.in_flight.retain(|x| *x != q);
        // An error, or an answer of another kind than asked: a play or a draw answer falls back
        // as before (any legal move, no draw); a hint or the tutor says nothing.
        match (&q, reply.answer) {
            (Question::Play(_), Answer::Play { moves, .. }) => w.plans.push((q, moves)),
            (Question::Play(_), _) => w.plans.push((q, Vec::new())),
            (Question::Hint(_), Answer::Hint { moves }) => hint = Some(moves),
            (Question::Tutor(rolled_at, at), Answer::Tutor { loss, moves, best }) => {
                tutor = w
                    .tutor
                    .map(|then| (then, *rolled_at, *at, loss, moves, best));
            }
            (Question::Draw(_), Answer::Accept(accept)) => w.draws.push((q, accept)),
            (Question::Offer(_), Answer::Offer(offer)) => w.draws.push((q, offer)),
            (Question::Draw(_) | Question::Offer(_), _) => w.draws.push((q, false)),
            (Question::Decide(_), Answer::Decide(act)) => w.acts.push((q, Some(act))),
            (Question::Decide(_), _) => w.acts.push((q, None)),
            _ => {}
        }
    });
    if let Some((then, rolled_at, at, loss, moves, best)) = tutor {
        then(d, rolled_at, at, loss, moves, best);
    }
    if let Some(steps) = hint {
        // Only while the roll it was asked for is still unplayed.
        let now = d.game.session.with_untracked(|s| {
            s.as_ref()
                .and_then(|s| hint_question(s).map(|q| (q.side, s.game().record().commands.len())))
        });
        if let Some((side, len)) = now {
            // Said in words too: the arrows are for the eyes (the live region reads this).
            d.notices.announce.set(crate::i18n::hint_words(
                d.settings.lang.get_untracked(),
                &steps,
            ));
            show_hint(d, Some(len), Hint { side, steps });
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
                        post(
                            d,
                            q,
                            Ask::WantsDraw {
                                position: start,
                                turn: side,
                                roll,
                            },
                        );
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
                let ask = Ask::Play {
                    position: start,
                    turn: side,
                    roll,
                    level,
                    seed: seed & 0x7fff_ffff,
                    rules,
                };
                post(d, q, ask);
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
                w.acts.iter().find(|(k, _)| *k == q).map(|(_, a)| *a)
            });
            match act {
                None => {
                    let request = d.game.session.with_untracked(|s| {
                        s.as_ref()
                            .and_then(|s| vrhcaby_protocol::Situation::of(s.game(), side))
                    });
                    if let Some(request) = request {
                        post(d, q, Ask::Decide(request));
                    }
                }
                Some(act) => {
                    if let Some(act) = act {
                        let intent = decision_intent(act);
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
                None => post(
                    d,
                    q,
                    Ask::AcceptsDraw {
                        position,
                        offerer,
                        roll,
                    },
                ),
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
    post(d, key, Ask::Hint(q));
}

/// Shows `hint` on the game's board for the roll at record length `at` (an answer to Hint, or
/// the tutor's "show the best play"): the game's hint has this one writer — the replay viewer and
/// the puzzles hand their boards hints of their own — and it goes with the next change of the
/// game (`install`).
pub fn show_hint(d: Dispatch, at: Option<usize>, hint: Hint) {
    d.game.hint_at.set(at);
    d.game.hint.set(Some(hint));
}

/// Asks the tutor's question about the person's move (for `drivers::tutor`, whose `then` hears
/// the answer).
pub fn ask_tutor(d: Dispatch, q: MidRoll, rolled_at: usize, at: usize, then: TutorAnswer) {
    W.with(|w| w.borrow_mut().tutor = Some(then));
    post(d, Question::Tutor(rolled_at, at), Ask::Tutor(q));
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
