//! What makes a dialog modal: it takes focus when it opens, keeps Tab inside, and gives focus
//! back where it was when it closes; while one is open the game screen under it is inert
//! ([`Modals`]). The dialog's markup (role, `aria-modal`, its name) stays with the dialog; the
//! backdrop is CSS (`.modal`); Escape is the game screen's, where it is a cancel.

use std::cell::RefCell;
use std::time::Duration;

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};

use crate::platform::focus;

/// How many modal dialogs are open: the game screen is inert while any is.
#[derive(Clone, Copy)]
pub struct Modals(pub RwSignal<u32>);

thread_local! {
    /// Where focus was before the first of a chain of dialogs opened (a confirmation, then the
    /// result): it goes back there when the last one closes.
    static OPENER: RefCell<Option<Element>> = const { RefCell::new(None) };
}

/// What Tab can reach in a dialog: its enabled buttons and the checked radio of a group.
const TABBABLE: &str = "button:not([disabled]),input:checked";
const OPEN: &str = "[aria-modal=true]";

fn active() -> Option<Element> {
    document().active_element()
}

/// Call inside the dialog's view (its lifetime is the dialog's) with the dialog's `node_ref`;
/// hand the returned handler to its `on:keydown`.
pub fn modal(node: NodeRef<Div>) -> impl Fn(KeyboardEvent) + Copy + 'static {
    let open = use_context::<Modals>().map(|m| m.0);
    if let Some(open) = open {
        open.update(|n| *n += 1);
    }
    let opener = active().filter(|el| el.closest(OPEN).ok().flatten().is_none());
    if opener.is_some() {
        OPENER.with(|o| *o.borrow_mut() = opener);
    }
    node.on_load(|el| {
        let first = el
            .query_selector("[data-autofocus]")
            .ok()
            .flatten()
            .or_else(|| el.query_selector(TABBABLE).ok().flatten());
        if !first.is_some_and(|f| focus(&f)) {
            let _ = el.focus();
        }
    });
    on_cleanup(move || {
        if let Some(open) = open {
            let _ = open.try_update(|n| *n = n.saturating_sub(1));
        }
        // Once the screen under it is no longer inert, unless another dialog took over.
        set_timeout(
            || {
                if document().query_selector(OPEN).ok().flatten().is_some() {
                    return;
                }
                let back = OPENER.with(|o| o.borrow_mut().take());
                if !back.is_some_and(|el| el.is_connected() && focus(&el)) {
                    // Gone or disabled now: the board's tab stop.
                    if let Some(el) = document()
                        .query_selector("svg.board [tabindex=\"0\"]")
                        .ok()
                        .flatten()
                    {
                        focus(&el);
                    }
                }
            },
            Duration::ZERO,
        );
    });
    move |ev: KeyboardEvent| {
        if ev.key() != "Tab" {
            return;
        }
        let Some(dialog) = node.get_untracked() else {
            return;
        };
        let Ok(list) = dialog.query_selector_all(TABBABLE) else {
            return;
        };
        let at = |i: u32| list.get(i).and_then(|n| n.dyn_into::<Element>().ok());
        let (first, last) = (at(0), at(list.length().saturating_sub(1)));
        let now = active();
        let inside = now
            .as_ref()
            .is_some_and(|el| dialog.contains(Some(el.as_ref())));
        let wrap_to = if !inside {
            first
        } else if ev.shift_key() && now == first {
            last
        } else if !ev.shift_key() && now == last {
            first
        } else {
            return;
        };
        ev.prevent_default();
        if let Some(el) = wrap_to {
            focus(&el);
        }
    }
}
