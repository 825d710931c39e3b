//! Vrhcáby in the browser: a Leptos app over the `vrhcaby-rules` state machine.
//! `main.rs` only mounts [`app::App`]; everything lives here so browser tests can mount it.
//!
//! Layered bottom to top; a module imports only from the layers below it:
//! `session` (plain Rust) → `state` (contexts, dispatch) → `drivers` (side effects) → `board`,
//! `panel`, `screens` (the view) → `app` (composes them). `i18n`, `platform`, `sound`, `invite`
//! and `net` are leaves every layer may use.

#[cfg(feature = "viewer")]
pub mod analysis;
pub mod app;
pub mod board;
pub mod drivers;
pub mod history;
pub mod i18n;
pub mod invite;
#[cfg(feature = "viewer")]
pub mod learn;
pub mod net;
pub mod panel;
pub mod platform;
pub mod screens;
pub mod session;
pub mod sound;
pub mod state;

/// Mounts the app on the page's body.
pub fn start() {
    // A panic's message and stack in the console on the full app. The start page keeps its first
    // load small (the hook and the panic sites' messages it keeps cost 0.9 KB gzipped): a panic
    // there shows in the console as a `RuntimeError: unreachable`.
    #[cfg(feature = "peer")]
    console_error_panic_hook::set_once();
    platform::register_service_worker(if cfg!(feature = "peer") {
        "../sw.js"
    } else {
        "./sw.js"
    });
    leptos::mount::mount_to_body(app::App);
}
