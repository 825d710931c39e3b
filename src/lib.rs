//! Vrhcáby in the browser: a Leptos app over the `vrhcaby-rules` state machine.
//! `main.rs` only mounts [`app::App`]; everything lives here so browser tests can mount it.
//!
//! Layered bottom to top; a module imports only from the layers below it (ARCHITECTURE.md):
//! - leaves every layer may use: `platform` (the browser's calls), `sound`, `chunks` (the lazy
//!   chunks' loader);
//! - plain Rust with native tests: `session` (one game and who plays each side), the pure
//!   models `analysis`, `dice_stats`, `history`, `learn`; `i18n` (the words, errors translated
//!   from `session`'s types);
//! - `state` (contexts, dispatch) → `drivers` (side effects) → `connection` (the link to another
//!   device, the open tables; its entry a split point) → `board`, `panel`, `screens` (the view)
//!   → `app` (composes them).

pub mod analysis;
pub mod app;
pub mod board;
pub mod chunks;
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
