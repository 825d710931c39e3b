//! The automatic lot and rolls (R3, R4; standard's opening roll, T1): whenever a game whose
//! dice are thrown here waits for them, they come after a short tumble (unless the player about
//! to roll may double: then the roll waits for their choice, `Intent::Roll` or `Intent::Double`); after a forfeited roll (R10) its dice stay at rest for
//! the longer delay (the board shows them from the notice), so it can be read who rolled what.

use std::time::Duration;

use leptos::prelude::*;
use vrhcaby_rules::Phase;

use crate::session::Input;
use crate::state::{Dispatch, Notice, Screen};

/// How long the dice tumble before a roll lands, and how long a forfeited roll stays in view.
pub const ROLL_DELAY: Duration = Duration::from_millis(450);
pub const FORFEIT_DELAY: Duration = Duration::from_millis(1500);

pub fn install(d: Dispatch) {
    Effect::new(move |_| {
        let waiting = d.game.session.with(|s| {
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
                if d.nav.screen.get_untracked() == Screen::Game {
                    d.input(Input::Dice);
                }
            },
            if forfeit_shown {
                FORFEIT_DELAY
            } else {
                ROLL_DELAY
            },
        );
    });
}
