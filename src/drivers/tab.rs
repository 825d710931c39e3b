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
    /// Locks asked for with `steal` and not yet granted: their games are open already.
    static PENDING: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// How a claim turned out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This tab holds the game now.
    Held,
    /// Another tab holds it.
    Busy,
}

/// Whether this tab holds the game of `kind` (or has taken it over, the browser yet to answer).
#[must_use]
pub fn holds(kind: Kind) -> bool {
    let name = kind.lock_name();
    HELD.with(|h| h.borrow().iter().any(|(n, _)| *n == name))
        || PENDING.with(|p| p.borrow().contains(&name))
}

/// Claims the game of `kind` for this tab: only when no other tab holds it, or (`steal`) taking
/// it from the tab that does. `then` hears the outcome; `lost` is called if another tab takes
/// the game over later.
///
/// A steal is always granted, so its `then` runs at once and the lock is taken meanwhile (the
/// browser's answer came 70–110 ms later on the throttled phone, bench/FIGURES.md); until then
/// the game counts as held here, and another claim of it asks nothing more.
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
    let granted = if steal {
        PENDING.with(|p| p.borrow_mut().push(name));
        then(Claim::Held);
        Closure::once_into_js(move |_lock: JsValue| -> JsValue {
            if forget_pending(name) {
                hold(name)
            } else {
                // Released before the browser answered: let the lock go at once.
                JsValue::NULL
            }
        })
    } else {
        Closure::once_into_js(move |lock: JsValue| -> JsValue {
            if lock.is_null() {
                then(Claim::Busy);
                return JsValue::NULL;
            }
            let hold = hold(name);
            then(Claim::Held);
            hold
        })
    };
    let on_reject = Closure::once(move |_: JsValue| {
        // Stolen by another tab (the request's promise rejects), held or not yet granted: the
        // game is lost here.
        if forget_pending(name) || take(name).is_some() {
            lost();
        }
    });
    let call = request.call3(&locks, &name.into(), &options, &granted);
    match call.and_then(|p| p.dyn_into::<Promise>()) {
        Ok(p) => {
            let _ = p.catch(&on_reject);
        }
        Err(_) => {
            forget_pending(name);
        }
    }
    on_reject.forget();
}

/// Holds the lock `name` until released: a promise resolved only by `release`.
fn hold(name: &'static str) -> JsValue {
    Promise::new(&mut |resolve, _| {
        HELD.with(|h| h.borrow_mut().push((name, resolve)));
    })
    .into()
}

/// Forgets a steal not yet granted, saying whether there was one.
fn forget_pending(name: &str) -> bool {
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        let i = p.iter().position(|n| *n == name);
        i.map(|i| p.swap_remove(i)).is_some()
    })
}

/// Lets another tab open the game of `kind`.
pub fn release(kind: Kind) {
    if let Some(resolve) = take(kind.lock_name()) {
        let _ = resolve.call0(&JsValue::NULL);
    } else {
        // Not granted yet: the lock is let go as soon as it is.
        forget_pending(kind.lock_name());
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
