//! "Someone sat down": the moment between a game with a stranger agreed and its board, on both
//! pages — never the friend screen. Plain DOM over the app (the app under it inert, focus on its
//! one button), so it costs the first load nothing; the link's events that come meanwhile are
//! held, in order, until it has shown [`SAT_MS`], so the game's first word, and so its first
//! clock, waits for both boards.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::net::webrtc::LinkEvent;
use crate::i18n::{self, Friend, Lang};
use crate::platform;

/// How long "Someone sat down" stays at least, from the moment a game with a stranger is
/// agreed: a link that opens sooner is held (its events kept, in order) until then.
const SAT_MS: i32 = 1_500;

thread_local! {
    /// When "Someone sat down" began (device time), while it shows.
    static SAT_AT: Cell<Option<f64>> = const { Cell::new(None) };
    /// The link's events held while "Someone sat down" shows (`Some` while held).
    static HELD: RefCell<Option<Vec<LinkEvent>>> = const { RefCell::new(None) };
}

/// A game with a stranger is agreed (`host`: at this player's table): "Someone sat down" over
/// whatever is shown until the board; its Cancel runs `cancel`.
pub fn show(lang: Lang, host: bool, cancel: impl Fn() + 'static) {
    hide();
    let doc = document();
    let title = i18n::friend(
        lang,
        if host {
            Friend::SatDown
        } else {
            Friend::YouSat
        },
    );
    let html = format!(
        r#"<div class="sat-down" data-testid="sat-down" role="alertdialog" aria-modal="true" aria-labelledby="sat-title"><div class="dialog"><h2 id="sat-title">{title}</h2><p>{}</p><button id="sat-cancel" data-testid="sat-cancel">{}</button></div></div>"#,
        i18n::friend(lang, Friend::GameStarting),
        i18n::t(lang, i18n::Key::Cancel),
    );
    let (Ok(el), Some(body)) = (doc.create_element("div"), doc.body()) else {
        return;
    };
    el.set_id("sat-down");
    el.set_inner_html(&html);
    let _ = body.append_child(&el);
    inert(true);
    if let Some(button) = doc.get_element_by_id("sat-cancel") {
        let cancel = Closure::<dyn FnMut()>::new(cancel);
        let _ = button.add_event_listener_with_callback("click", cancel.as_ref().unchecked_ref());
        cancel.forget();
        platform::focus(&button);
    }
    SAT_AT.with(|t| t.set(Some(js_sys::Date::now())));
}

/// The app under "Someone sat down" is inert while it shows.
fn inert(on: bool) {
    if let Some(app) = document().query_selector(".app").ok().flatten() {
        let _ = if on {
            app.set_attribute("inert", "")
        } else {
            app.remove_attribute("inert")
        };
    }
}

/// Whether "Someone sat down" shows.
pub fn showing() -> bool {
    SAT_AT.with(Cell::get).is_some()
}

/// "Someone sat down" goes (the board comes, or the player gave up).
pub fn hide() {
    if SAT_AT.with(Cell::take).is_some() {
        if let Some(el) = document().get_element_by_id("sat-down") {
            el.remove();
        }
        inert(false);
    }
}

/// The events held are dropped (the player gave up).
pub fn drop_held() {
    HELD.with(|h| h.borrow_mut().take());
}

/// A link event: handed to `pass` at once, or — an `Open` while "Someone sat down" has not shown
/// its time, and every event after it — held, in order, and handed over when that time is up.
pub fn hold(ev: LinkEvent, pass: impl Fn(LinkEvent) + 'static) {
    let since = SAT_AT.with(Cell::get).map(|at| js_sys::Date::now() - at);
    let left = since.map_or(0, |t| SAT_MS - t as i32);
    let hold = matches!(ev, LinkEvent::Open) && left > 0;
    let (now, started) = HELD.with(|h| {
        let mut h = h.borrow_mut();
        match h.as_mut() {
            Some(events) => {
                events.push(ev);
                (None, false)
            }
            None if hold => {
                *h = Some(vec![ev]);
                (None, true)
            }
            None => (Some(ev), false),
        }
    });
    if let Some(ev) = now {
        pass(ev);
    } else if started {
        set_timeout(
            move || {
                for ev in HELD.with(|h| h.borrow_mut().take()).unwrap_or_default() {
                    pass(ev);
                }
            },
            std::time::Duration::from_millis(left.unsigned_abs().into()),
        );
    }
}
