//! The clock: every 200 ms it refreshes `now` (the ring is computed from the game's deadline, so
//! it is right after the tab sleeps) and lets timed events happen (S3); it also follows the
//! window's orientation.

use std::time::Duration;

use leptos::prelude::*;

use crate::platform;
use crate::session::Input;
use crate::state::Dispatch;

pub const TICK: Duration = Duration::from_millis(200);

pub fn install(d: Dispatch) {
    let handle = set_interval_with_handle(
        move || {
            d.game.now.set(platform::now_ms());
            d.input(Input::Tick);
        },
        TICK,
    );
    if let Ok(handle) = handle {
        on_cleanup(move || handle.clear());
    }
    let resize = window_event_listener(leptos::ev::resize, move |_| {
        d.settings.portrait.set(platform::is_portrait());
    });
    on_cleanup(move || resize.remove());
}
