//! Vrhcáby in the browser: a Leptos app over the `vrhcaby-rules` state machine.
//! `main.rs` only mounts [`app::App`]; everything lives here so browser tests can mount it.
//!
//! Layered bottom to top; a module imports only from the layers below it:
//! `session` (plain Rust) → `state` (contexts, dispatch) → `drivers` (side effects) → `board`,
//! `panel`, `screens` (the view) → `app` (composes them). `i18n`, `platform`, `sound`, `invite`
//! and `net` are leaves every layer may use.

pub mod analysis;
pub mod app;
pub mod board;
pub mod connection;
pub mod dice_stats;
pub mod drivers;
pub mod history;
pub mod i18n;
pub mod learn;
pub mod panel;
pub mod platform;
pub mod screens;
pub mod session;
pub mod sound;
pub mod state;

/// Mounts the app on the page's body.
pub fn start() {
    // A panic's message and stack in the console.
    console_error_panic_hook::set_once();
    platform::register_service_worker("./sw.js");
    // The app removes the painted start screen when its first screen is decided (in the same task
    // as the mount, or when this tab's claim on the game it opens is answered): never two start
    // screens at once, never none.
    leptos::mount::mount_to_body(app::App);
}
