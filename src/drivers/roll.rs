//! The automatic lot and rolls (R3, R4): whenever a game whose dice are thrown here waits for
//! them, they come after a short tumble. After a forfeited roll (R10) its dice first stay at rest
//! for a moment (the board shows them from the notice), so it can be read who rolled what.

use std::time::Duration;

use leptos::prelude::*;
use vrhcaby_rules::Phase;

use crate::session::Input;
use crate::state::{Dispatch, Notice, Screen};

/// How long the dice tumble before a roll lands, and how long a forfeited roll stays in view
/// before the next tumble.
pub const ROLL_DELAY: Duration = Duration::from_millis(450);
pub const FORFEIT_HOLD: Duration = Duration::from_millis(1500);

pub fn install(d: Dispatch) {
    // A roll is on its way (held or tumbling): no second one is started meanwhile.
    let pending = StoredValue::new(false);
    let tumble = move || {
        d.game.tumbling.set(true);
        set_timeout(
            move || {
                d.game.tumbling.set(false);
                pending.set_value(false);
                if d.nav.screen.get_untracked() == Screen::Game {
                    d.input(Input::Dice);
                }
            },
            ROLL_DELAY,
        );
    };
    Effect::new(move |_| {
        let waiting = d.game.session.with(|s| {
            s.as_ref().is_some_and(|s| {
                s.rolls_here() && matches!(s.game().phase(), Phase::Lot | Phase::Rolling)
            })
        });
        if !waiting || pending.get_value() || d.nav.screen.get() != Screen::Game {
            return;
        }
        pending.set_value(true);
        let forfeit_shown = matches!(
            d.notices.notice.get_untracked(),
            Some(Notice::Forfeit { .. })
        );
        set_timeout(
            tumble,
            if forfeit_shown {
                FORFEIT_HOLD
            } else {
                Duration::ZERO
            },
        );
    });
}
