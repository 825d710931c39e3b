//! What makes a dialog modal: while it is open the rest of the screen's `<main>` is inert
//! (neither clickable nor focusable); it takes focus when it opens, keeps Tab inside, and gives
//! focus back where it was when it closes. The dialog's markup (role, `aria-modal`, its name)
//! stays with the dialog; the backdrop is CSS (`.modal`); Escape is the game screen's, where it
//! is a cancel. Plain DOM calls, no reactive state: it is in the first load.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};

use crate::platform::focus;

/// What Tab can reach in a dialog: its enabled buttons, the checked radio of a shown group, and
/// its checkboxes.
const TABBABLE: &str =
    "button:not([disabled]),:not(.hidden)>label>input:checked,label>input[type=checkbox]";
const OPEN: &str = "[aria-modal=true]";
/// Marks the element focused before the first of a chain of dialogs opened (a confirmation,
/// then the result).
const OPENER: &str = "data-opener";

fn find(sel: &str) -> Option<Element> {
    document().query_selector(sel).ok().flatten()
}

/// Call where the dialog is built (its owner's cleanup is the dialog's closing); the screen's
/// `<main>` has `on:keydown=trap`.
pub fn modal() {
    // (One in a dialog that goes with it is gone by then: the board's tab stop stands in.)
    if let Some(el) = document()
        .active_element()
        .filter(|_| find("[data-opener]").is_none())
    {
        let _ = el.set_attribute(OPENER, "");
    }
    set_timeout(settle, Duration::ZERO);
    on_cleanup(|| set_timeout(settle, Duration::ZERO));
}

/// Once the dialogs have come or gone: with one open, the rest of the screen is inert and focus
/// is in the dialog (on its first button or chosen side); with none, the screen is live again
/// and focus goes back where it was, or (gone or disabled now) to the board's tab stop.
fn settle() {
    let dialog = find(OPEN);
    if let Ok(list) = document().query_selector_all("main>:not([aria-modal])") {
        for el in (0..list.length()).filter_map(|i| list.get(i)?.dyn_into::<Element>().ok()) {
            let _ = match dialog {
                Some(_) => el.set_attribute("inert", ""),
                None => el.remove_attribute("inert"),
            };
        }
    }
    match dialog {
        Some(dialog) => {
            if let Ok(Some(first)) = dialog.query_selector(TABBABLE) {
                focus(&first);
            }
        }
        None => {
            let opener = find("[data-opener]");
            if let Some(el) = &opener {
                let _ = el.remove_attribute(OPENER);
            }
            if !opener.is_some_and(|el| focus(&el)) {
                if let Some(el) = find("svg.board [tabindex=\"0\"]") {
                    focus(&el);
                }
            }
        }
    }
}

/// Keeps Tab in the open dialog: from its last stop to its first, and back with Shift. (On the
/// screen's `<main>`, which holds the dialogs: keys bubble up to it.)
pub fn trap(ev: KeyboardEvent) {
    let Some(list) = (ev.key() == "Tab")
        .then(|| find(OPEN))
        .flatten()
        .and_then(|dialog| dialog.query_selector_all(TABBABLE).ok())
    else {
        return;
    };
    let at = |i: u32| list.get(i).and_then(|n| n.dyn_into().ok());
    let (first, last) = (at(0), at(list.length().saturating_sub(1)));
    let wrap_to = match (ev.shift_key(), document().active_element()) {
        (true, now) if now == first => last,
        (false, now) if now == last => first,
        _ => return,
    };
    ev.prevent_default();
    if let Some(el) = wrap_to {
        focus(&el);
    }
}
