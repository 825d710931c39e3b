//! The automatic lot and rolls (R3, R4; standard's opening roll, T1), and the auto-play option: whenever a game whose
//! dice are thrown here waits for them, they come after a short tumble (unless the player about
//! to roll may double: then the roll waits for their choice, `Intent::Roll` or `Intent::Double`); after a forfeited roll (R10) its dice stay at rest for
//! the longer delay (the board shows them from the notice), so it can be read who rolled what.

use std::time::Duration;

use leptos::prelude::*;
use vrhcaby_rules::Phase;

use crate::session::{Input, Intent};
use crate::state::{Dispatch, Notice, Screen};

/// How long a forfeited roll stays in view (the tumble's length is a setting, `Motion`).
pub const FORFEIT_DELAY: Duration = Duration::from_millis(1500);

pub fn install(d: Dispatch) {
    // Standard, auto-roll chosen: the player here who may double rolls as if they chose to.
    let auto_roll = move |d: Dispatch| {
        d.settings.auto_roll.get()
            && d.game.session.with(|s| {
                s.as_ref().is_some_and(|s| {
                    s.awaits_roll_choice() && s.game().turn().is_some_and(|t| s.controls(t))
                })
            })
    };
    Effect::new(move |_| {
        let auto = auto_roll(d);
        let waiting = auto
            || d.game.session.with(|s| {
                s.as_ref().is_some_and(|s| {
                    s.rolls_here()
                        && matches!(
                            s.game().phase(),
                            Phase::Lot | Phase::Opening | Phase::Rolling
                        )
                        && !s.awaits_roll_choice()
                })
            });
        if !waiting || d.game.tumbling.get_untracked() || d.nav.screen.get() != Screen::Game {
            return;
        }
        d.game.tumbling.set(true);
        let forfeit_shown = matches!(
            d.notices.notice.get_untracked(),
            Some(Notice::Forfeit { .. })
        );
        set_timeout(
            move || {
                d.game.tumbling.set(false);
                if d.nav.screen.get_untracked() != Screen::Game {
                    return;
                }
                // Looked at again now: the player may have turned auto-roll off meanwhile.
                if auto && untrack(|| auto_roll(d)) {
                    d.input(Input::Intent(Intent::Roll));
                } else {
                    d.input(Input::Dice);
                }
            },
            if forfeit_shown {
                FORFEIT_DELAY
            } else {
                Duration::from_millis(d.settings.motion.get_untracked().tumble_ms())
            },
        );
    });
    // The auto-play option: a roll that can be played only one way plays itself, one move a
    // glide apart (`Session::auto_move`; the turn's state is checked again when the move is due).
    Effect::new(move |_| {
        if !d.settings.auto_play.get() || d.nav.screen.get() != Screen::Game {
            return;
        }
        let next = |d: Dispatch| {
            d.game.session.with_untracked(|s| {
                s.as_ref()
                    .and_then(|s| s.auto_move().map(|m| (s.game().record().commands.len(), m)))
            })
        };
        // Tracked: any change to the session looks again.
        d.game.session.track();
        let Some(due) = next(d) else {
            return;
        };
        set_timeout(
            move || {
                if d.settings.auto_play.get_untracked() && next(d) == Some(due) {
                    d.input(Input::Intent(due.1));
                }
            },
            Duration::from_millis(d.settings.motion.get_untracked().glide_ms() + 300),
        );
    });
}
