//! Vrhcáby in the browser: a Leptos app over the `vrhcaby-rules` state machine.
//! `main.rs` only mounts [`app::App`]; everything lives here so browser tests can mount it.

pub mod app;
pub mod board;
pub mod controls;
pub mod friend;
pub mod i18n;
pub mod layout;
pub mod link;
pub mod net;
pub mod peer;
pub mod platform;
pub mod session;
pub mod sound;

/// Mounts the app on the page's body.
pub fn start() {
    console_error_panic_hook::set_once();
    platform::register_service_worker();
    leptos::mount::mount_to_body(app::App);
}
