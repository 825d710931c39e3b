//! The sources of input and the carriers of effects, each the only place its side effect
//! happens: the clock tick, the automatic lot and roll, storage and the one-tab lock, sound, game
//! files, and the computer's worker (the connection to a friend is `connection`). Each is installed once by `App` (in Effects and listeners, never in a
//! constructor or `Default`).

pub mod address;
pub mod analysis;
pub mod bot;
pub mod clock;
pub mod history;
pub mod records;
pub mod roll;
pub mod storage;
pub mod tab;
pub mod tutor;
pub mod worker;

use leptos::prelude::GetUntracked;

use crate::session::Effect;
use crate::sound;
use crate::state::Dispatch;

/// Installs every driver.
pub fn install(d: Dispatch) {
    d.on_effect(|d, e| {
        if let Effect::Sound(cue) = e {
            if !d.settings.muted.get_untracked() {
                sound::play(*cue);
            }
        }
    });
    storage::install(d);
    clock::install(d);
    roll::install(d);
    history::install(d);
    bot::install(d);
    tutor::install(d);
}
