//! Vrhcáby in the browser: a Leptos app over the `vrhcaby-rules` state machine.
//! `main.rs` only mounts [`app::App`]; everything lives here so browser tests can mount it.

pub mod app;
pub mod board;
pub mod controls;
pub mod i18n;
pub mod invite;
pub mod layout;
pub mod net;
pub mod platform;
pub mod session;
pub mod sound;

// Peer-to-peer play (the default feature). The start page is built without it, so its first
// load stays small; "Play with a friend" opens the full app on `peer/`.
#[cfg(feature = "peer")]
pub mod friend;
#[cfg(feature = "peer")]
pub mod link;
#[cfg(feature = "peer")]
pub mod peer;

#[cfg(not(feature = "peer"))]
mod local_only;
#[cfg(not(feature = "peer"))]
pub use local_only::{friend, link, peer};

/// Mounts the app on the page's body.
pub fn start() {
    console_error_panic_hook::set_once();
    platform::register_service_worker(if cfg!(feature = "peer") {
        "../sw.js"
    } else {
        "./sw.js"
    });
    leptos::mount::mount_to_body(app::App);
}
