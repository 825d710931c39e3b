//! Analysing the record in the replay viewer (`crate::analysis`): the computer's worker is asked
//! part by part (a few decisions each), so the page shows progress and never freezes, and a
//! cancel simply asks no more. A worker of its own (the rule set's), created when first needed.
//! The same op judges a "learn from your mistakes" puzzle's answer (`judge_puzzle`): the record
//! up to the puzzle's roll and the new play, analysed from the roll on.

use std::cell::RefCell;

use leptos::prelude::*;
use vrhcaby_protocol::{Answer, Ask, Reply};
use vrhcaby_rules::Record;

use super::worker::{worker_bin, Client, Handlers};
use crate::analysis::{Judged, State, Summary};
use crate::learn::Judging;
use crate::state::Dispatch;

/// The judge's depth on the page (DESIGN.md's `analyse`: 0, 1 or 2).
pub const DEPTH: u8 = 1;
/// Decisions a part: small enough to move the progress bar often.
const PART: usize = 2;

#[derive(Default)]
struct Run {
    client: Client,
    /// The rule set's worker for the record under analysis.
    bin: &'static str,
    /// The record under analysis (none before the first), and its length.
    record: Option<Record>,
    total: usize,
    /// The id of the part asked last: an answer to any other (of a cancelled or replaced run)
    /// is dropped.
    asked: Option<u32>,
    decisions: Vec<Judged>,
    /// The run judges a puzzle's answer, not the game.
    puzzle: bool,
}

thread_local! {
    static R: RefCell<Run> = RefCell::new(Run::default());
}

const HANDLERS: Handlers = Handlers {
    reply: on_answer,
    failed,
};

/// Starts analysing `record` (a running analysis stops).
pub fn start(d: Dispatch, record: &Record) {
    let total = record.commands.len();
    d.nav.analysis.set(State::Running { done: 0, total });
    begin(record, false);
    ask(d, 0);
}

/// Judges a puzzle's answer: `record` is the game up to the puzzle's roll and the new play, the
/// roll made by command `rolled_at`; the loss lands in `nav.puzzle`.
pub fn judge_puzzle(d: Dispatch, record: &Record, rolled_at: usize) {
    d.nav.puzzle.set(Judging::Waiting);
    begin(record, true);
    ask(d, rolled_at + 1);
}

/// A new run for `record` (an older run's answers are dropped), with the rule set's worker.
fn begin(record: &Record, puzzle: bool) {
    R.with(|r| {
        let mut r = r.borrow_mut();
        r.bin = worker_bin(record.variant().is_ok_and(|v| v.is_standard()));
        r.record = Some(record.clone());
        r.total = record.commands.len();
        r.asked = None;
        r.decisions.clear();
        r.puzzle = puzzle;
    });
}

/// Stops the analysis under way; what it found so far is dropped.
pub fn cancel(d: Dispatch) {
    R.with(|r| {
        let mut r = r.borrow_mut();
        r.asked = None;
        r.decisions.clear();
    });
    d.nav.analysis.set(State::Idle);
}

/// The worker failed: the run fails.
fn failed(d: Dispatch) {
    let puzzle = R.with(|r| {
        let mut r = r.borrow_mut();
        r.asked = None;
        r.puzzle
    });
    if puzzle {
        d.nav.puzzle.set(Judging::Failed);
    } else {
        d.nav.analysis.set(State::Failed(String::new()));
    }
}

/// Asks for the part from command `from`.
fn ask(d: Dispatch, from: usize) {
    let Some((client, bin, ask)) = R.with(|r| {
        let r = r.borrow();
        let ask = Ask::Analyse {
            record: r.record.clone()?,
            depth: DEPTH,
            from,
            most: PART,
        };
        Some((r.client.clone(), r.bin, ask))
    }) else {
        return;
    };
    match client.send(d, bin, ask, HANDLERS) {
        Some(id) => R.with(|r| r.borrow_mut().asked = Some(id)),
        None => failed(d),
    }
}

fn on_answer(d: Dispatch, reply: Reply) {
    let current = R.with(|r| r.borrow().asked);
    if reply.id.is_none() || reply.id != current {
        return; // an answer of a cancelled or replaced run
    }
    let puzzle = R.with(|r| r.borrow().puzzle);
    let (part, next, players) = match reply.answer {
        Answer::Analysis {
            decisions,
            next,
            players,
        } => (decisions, next, players),
        Answer::Error { message, .. } if !puzzle => {
            d.nav.analysis.set(State::Failed(message));
            return;
        }
        _ => {
            failed(d);
            return;
        }
    };
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
            (None, Some(from)) => ask(d, from),
            (None, None) => d.nav.puzzle.set(Judging::Failed),
        }
        return;
    }
    match next {
        Some(from) => {
            d.nav.analysis.set(State::Running { done: from, total });
            ask(d, from);
        }
        None => {
            let decisions = R.with(|r| std::mem::take(&mut r.borrow_mut().decisions));
            match players {
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
