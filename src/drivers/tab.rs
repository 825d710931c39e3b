//! One tab per game: a game of each kind is held by one tab at a time through the Web Locks API
//! (one lock per kind). A tab that opens a game held elsewhere is told so and may take it over;
//! the tab it was taken from loses the lock and stops playing (and saving) that game. Where the
//! API is missing the game simply opens.

use std::cell::RefCell;

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::session::Kind;

thread_local! {
    /// Releases a held lock (resolves the promise that holds it).
    static HELD: RefCell<Vec<(&'static str, Function)>> = const { RefCell::new(Vec::new()) };
}

/// How a claim turned out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This tab holds the game now.
    Held,
    /// Another tab holds it.
    Busy,
}

/// Whether this tab holds the game of `kind`.
#[must_use]
pub fn holds(kind: Kind) -> bool {
    HELD.with(|h| h.borrow().iter().any(|(n, _)| *n == kind.lock_name()))
}

/// Claims the game of `kind` for this tab: only when no other tab holds it, or (`steal`) taking
/// it from the tab that does. `then` hears the outcome; `lost` is called if another tab takes
/// the game over later.
pub fn claim(
    kind: Kind,
    steal: bool,
    then: impl FnOnce(Claim) + 'static,
    lost: impl FnOnce() + 'static,
) {
    if holds(kind) {
        then(Claim::Held);
        return;
    }
    let name = kind.lock_name();
    let locks = web_sys::window()
        .and_then(|w| Reflect::get(&w.navigator(), &"locks".into()).ok())
        .filter(|l| !l.is_undefined() && !l.is_null());
    let request = locks.as_ref().and_then(|l| {
        Reflect::get(l, &"request".into())
            .ok()
            .and_then(|f| f.dyn_into::<Function>().ok())
    });
    let (Some(locks), Some(request)) = (locks, request) else {
        then(Claim::Held);
        return;
    };
    let options = Object::new();
    let key = if steal { "steal" } else { "ifAvailable" };
    let _ = Reflect::set(&options, &key.into(), &JsValue::TRUE);
    let granted = Closure::once_into_js(move |lock: JsValue| -> JsValue {
        if lock.is_null() {
            then(Claim::Busy);
            return JsValue::NULL;
        }
        // Hold the lock until released: a promise resolved only by `release`.
        let hold = Promise::new(&mut |resolve, _| {
            HELD.with(|h| h.borrow_mut().push((name, resolve)));
        });
        then(Claim::Held);
        hold.into()
    });
    let on_reject = Closure::once(move |_: JsValue| {
        // Stolen by another tab (the request's promise rejects): forget the lock.
        if take(name).is_some() {
            lost();
        }
    });
    let call = request.call3(&locks, &name.into(), &options, &granted);
    if let Ok(p) = call.and_then(|p| p.dyn_into::<Promise>()) {
        let _ = p.catch(&on_reject);
    }
    on_reject.forget();
}

/// Lets another tab open the game of `kind`.
pub fn release(kind: Kind) {
    if let Some(resolve) = take(kind.lock_name()) {
        let _ = resolve.call0(&JsValue::NULL);
    }
}

/// Forgets a held lock, returning its release function.
fn take(name: &str) -> Option<Function> {
    HELD.with(|h| {
        let mut h = h.borrow_mut();
        let i = h.iter().position(|(n, _)| *n == name)?;
        Some(h.swap_remove(i).1)
    })
}
