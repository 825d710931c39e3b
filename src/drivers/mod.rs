//! The sources of input and the carriers of effects, each the only place its side effect
//! happens: the clock tick, the automatic lot and roll, storage and the one-tab lock, sound, game
//! files, and the peer link. Each is installed once by `App` (in Effects and listeners, never in a
//! constructor or `Default`).

#[cfg(all(feature = "viewer", feature = "computer"))]
pub mod analysis;
#[cfg(feature = "computer")]
pub mod bot;
pub mod clock;
pub mod history;
#[cfg(feature = "viewer")]
pub mod records;
pub mod roll;
pub mod storage;
pub mod tab;
#[cfg(feature = "computer")]
pub mod tutor;

#[cfg(feature = "peer")]
pub mod handover;
#[cfg(feature = "peer")]
pub mod link;
#[cfg(not(feature = "peer"))]
#[path = "link_stub.rs"]
pub mod link;

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
    link::install(d);
    #[cfg(feature = "peer")]
    handover::install(d);
    clock::install(d);
    roll::install(d);
    history::install(d);
    #[cfg(feature = "computer")]
    bot::install(d);
    #[cfg(feature = "computer")]
    tutor::install(d);
}
