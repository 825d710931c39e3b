//! The browser's address and history follow the app's screens (issue 50): each screen opened
//! from another is a history entry (its name in the fragment: `#how-to-play`, `#tables`, …), so
//! the phone's Back goes to the screen before — a game's Back to the menu, the game kept — and
//! never off the page but from the start screen; a screen opened by itself (a shared address, a
//! reload) stands on an entry of the start screen. Every screen opens scrolled to its top.
//!
//! The entries this page made are mirrored in `STACK` (the history state of each is its index
//! there; `AT` is the one shown, the entries after it are the way Forward): going to a screen on
//! the way back goes back to it (`history.go`), so the way back is never longer than the way in.

use std::cell::RefCell;

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::state::{Dispatch, Screen};

thread_local! {
    /// The screens of this page's entries, and the index of the one shown.
    static STACK: RefCell<(Vec<Screen>, usize)> = const { RefCell::new((Vec::new(), 0)) };
}

/// The fragment that names each screen that has one (the others keep the start screen's
/// address: what they show is this device's own, not something to share or reload into).
const NAMES: [(Screen, &str); 5] = [
    (Screen::HowTo, "#how-to-play"),
    (Screen::Lobby, "#tables"),
    (Screen::Computer, "#computer"),
    (Screen::History, "#history"),
    (Screen::Game, "#game"),
];

/// The screen the address names (`#how-to-play`, `#tables`), to open on load; not the game,
/// which opens by itself when it is the one in progress.
#[must_use]
pub fn screen_in_url() -> Option<Screen> {
    let hash = web_sys::window()?.location().hash().ok()?;
    NAMES
        .iter()
        .find(|(s, n)| *n == hash && *s != Screen::Game)
        .map(|(s, _)| *s)
}

fn history() -> Option<web_sys::History> {
    web_sys::window()?.history().ok()
}

/// The address of `screen`'s entry, relative to the page's: its fragment, or none (an empty
/// reference is the page's own address without a fragment, query kept).
fn url(screen: Screen) -> &'static str {
    NAMES
        .iter()
        .find(|(s, _)| *s == screen)
        .map_or("", |(_, n)| n)
}

/// Installs the driver: the entry the page opened on becomes the start screen's; the screens
/// follow the history from then on. Called once the app has chosen its first screen (any
/// invitation in the fragment read).
pub fn install(d: Dispatch) {
    let Some(h) = history() else { return };
    // The app puts every screen at its top itself (the browser would restore an old offset).
    let _ = js_sys::Reflect::set(&h, &"scrollRestoration".into(), &"manual".into());
    let _ = h.replace_state_with_url(&JsValue::from_f64(0.0), "", Some(url(Screen::Start)));
    STACK.with(|s| *s.borrow_mut() = (vec![Screen::Start], 0));
    let screen = d.nav.screen;
    let shown = std::cell::Cell::new(screen.get_untracked());
    Effect::new(move |_| {
        let now = screen.get();
        if shown.replace(now) != now {
            if let Some(w) = web_sys::window() {
                w.scroll_to_with_x_and_y(0.0, 0.0);
            }
        }
        follow(now);
    });
    let back = window_event_listener_untyped("popstate", move |_| {
        let at = history()
            .and_then(|h| h.state().ok())
            .and_then(|s| s.as_f64())
            .map_or(0, |n| n as usize);
        let shown = STACK.with(|s| {
            let (stack, now) = &mut *s.borrow_mut();
            *now = at.min(stack.len().saturating_sub(1));
            stack.get(*now).copied().unwrap_or(Screen::Start)
        });
        // Forward to a game that is no longer here: the start screen.
        let shown = if shown == Screen::Game && d.game.session.with_untracked(Option::is_none) {
            Screen::Start
        } else {
            shown
        };
        if screen.get_untracked() != shown {
            screen.set(shown);
        }
    });
    std::mem::forget(back);
}

/// A screen the app went to: back to it if it is in the history, else a new entry (a game
/// takes the place of the screen that led to it: its Back goes where that one's would).
fn follow(screen: Screen) {
    let Some(h) = history() else { return };
    STACK.with(|s| {
        let (stack, now) = &mut *s.borrow_mut();
        if stack.get(*now) == Some(&screen) {
            return;
        }
        if let Some(k) = stack[..*now].iter().position(|x| *x == screen) {
            let _ = h.go_with_delta(k as i32 - *now as i32);
            *now = k;
            return;
        }
        let way_in = matches!(
            stack.get(*now),
            Some(Screen::Friend | Screen::Computer | Screen::Lobby)
        );
        if screen == Screen::Game && way_in {
            stack[*now] = screen;
            let _ =
                h.replace_state_with_url(&JsValue::from_f64(*now as f64), "", Some(url(screen)));
        } else {
            *now += 1;
            stack.truncate(*now);
            stack.push(screen);
            let _ = h.push_state_with_url(&JsValue::from_f64(*now as f64), "", Some(url(screen)));
        }
    });
}
