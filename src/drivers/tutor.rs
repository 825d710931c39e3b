//! The tutor (`session::tutor`, a setting): after each move of a person here in a game on this
//! device or against the computer, the computer's worker is asked how much the roll now loses;
//! the first loss of a roll that reaches the "bad" threshold is said (once a roll) and shown until
//! the person's next move.

use std::cell::RefCell;

use leptos::prelude::*;
use vrhcaby_rules::Command;

use crate::session::computer::Step;
use crate::session::tutor::{tutor_question, Warning, Watch};
use crate::state::Dispatch;

thread_local! {
    static WATCH: RefCell<Watch> = RefCell::new(Watch::default());
    /// The game (its first command's time) and record length last asked about: the session
    /// changes on every tick, the question is asked once a move.
    static ASKED: RefCell<Option<(u64, usize)>> = const { RefCell::new(None) };
}

pub fn install(d: Dispatch) {
    Effect::new(move |_| {
        let on = d.settings.tutor.get();
        let asked = d.game.session.with(|s| {
            let s = s.as_ref()?;
            let len = s.game().record().commands.len();
            // A later move of the side warned ends the warning (the new one is asked below).
            let moved = |side| {
                matches!(s.game().record().commands.last().map(|e| e.cmd),
                    Some(Command::Move { side: m, .. }) if m == side)
            };
            if d.game
                .tutor
                .with_untracked(|w| w.as_ref().is_some_and(|w| len != w.at && moved(w.side)))
            {
                d.game.tutor.set(None);
            }
            let first = s.game().record().commands.first().map_or(0, |e| e.t);
            Some((tutor_question(s)?, (first, len)))
        });
        if !on {
            if d.game.tutor.with_untracked(Option::is_some) {
                d.game.tutor.set(None);
            }
            return;
        }
        if let Some(((q, rolled_at), key)) = asked {
            if ASKED.with(|a| a.replace(Some(key))) != Some(key) {
                crate::drivers::bot::ask_tutor(d, q, rolled_at, key.1, on_answer);
            }
        }
    });
}

/// The worker's answer for the move that left the record `at` long, in the roll rolled at
/// command `rolled_at`.
fn on_answer(
    d: Dispatch,
    rolled_at: usize,
    at: usize,
    loss: f64,
    rest: Vec<Step>,
    best: Vec<Step>,
) {
    let now = d.game.session.with_untracked(|s| {
        s.as_ref().and_then(|s| {
            let g = s.game();
            match g.record().commands.get(at.checked_sub(1)?)?.cmd {
                Command::Move { side, .. } => Some((
                    side,
                    g.record().commands.len(),
                    g.record().commands.first().map_or(0, |e| e.t),
                    g.variant().is_standard(),
                )),
                _ => None,
            }
        })
    });
    // Only while that move is still the last one and the tutor is on.
    let Some((side, len, game, standard)) = now.filter(|&(_, len, _, _)| len == at) else {
        return;
    };
    if !d.settings.tutor.get_untracked()
        || !WATCH.with(|w| w.borrow_mut().should_warn((game, rolled_at), loss))
    {
        return;
    }
    d.notices.announce.set(crate::i18n::tutor_warning(
        d.settings.lang.get_untracked(),
        loss,
        &best,
        standard,
    ));
    d.game.tutor.set(Some(Warning {
        side,
        loss,
        rest,
        best,
        at: len,
        standard,
    }));
}
