//! One tab per game: a game of each kind is held by one tab at a time through the Web Locks API
//! (one lock per kind). A tab that opens a game held elsewhere is told so and may take it over;
//! the tab it was taken from loses the lock and stops playing (and saving) that game. Where the
//! API is missing the game simply opens.

use std::cell::RefCell;
use std::rc::Rc;

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
    if steal {
        if let Some(boot) = take_boot_lock(name) {
            adopt(name, &boot, then, lost);
            return;
        }
    }
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

/// The lock the painted start screen took when New game was tapped before the app was ready
/// (index.html: `window.vrhcabyLock`, `{ name, held, done }`), if it is for `name`; taken off the
/// page either way.
fn take_boot_lock(name: &str) -> Option<Object> {
    let w = web_sys::window()?;
    let key = JsValue::from_str("vrhcabyLock");
    let lock = Reflect::get(&w, &key).ok()?.dyn_into::<Object>().ok()?;
    let _ = Reflect::delete_property(&w, &key);
    let named = Reflect::get(&lock, &"name".into()).ok()?.as_string();
    (named.as_deref() == Some(name)).then_some(lock)
}

/// Lets go of the start screen's lock if the app did not take it over (it opened something else:
/// an invitation in the address, say), so this tab does not hold a game it does not play.
pub fn drop_boot_lock() {
    let Some(lock) = web_sys::window()
        .and_then(|w| Reflect::get(&w, &"vrhcabyLock".into()).ok())
        .and_then(|l| l.dyn_into::<Object>().ok())
    else {
        return;
    };
    let Some(name) = Reflect::get(&lock, &"name".into())
        .ok()
        .and_then(|n| n.as_string())
    else {
        return;
    };
    let Some(lock) = take_boot_lock(&name) else {
        return;
    };
    if let Some(held) = Reflect::get(&lock, &"held".into())
        .ok()
        .and_then(|p| p.dyn_into::<Promise>().ok())
    {
        let release = Closure::once(move |release: JsValue| {
            if let Ok(release) = release.dyn_into::<Function>() {
                let _ = release.call0(&JsValue::NULL);
            }
        });
        let _ = held.then(&release);
        release.forget();
    }
}

/// Takes over the start screen's lock (a steal, so it is granted): `held` resolves with the
/// function that releases it, `done` rejects if another tab takes the game over. Asking again
/// would have waited for the browser's answer (45–90 ms on the throttled phone); if that lock
/// fails before it is granted, the game opens as where the API is missing.
fn adopt(
    name: &'static str,
    boot: &Object,
    then: impl FnOnce(Claim) + 'static,
    lost: impl FnOnce() + 'static,
) {
    type Then = Box<dyn FnOnce(Claim)>;
    let then: Rc<RefCell<Option<Then>>> = Rc::new(RefCell::new(Some(Box::new(then))));
    let promise = |key: &str| {
        Reflect::get(boot, &key.into())
            .ok()
            .and_then(|p| p.dyn_into::<Promise>().ok())
    };
    let (Some(held), Some(done)) = (promise("held"), promise("done")) else {
        if let Some(then) = then.borrow_mut().take() {
            then(Claim::Held);
        }
        return;
    };
    let on_grant = {
        let then = Rc::clone(&then);
        Closure::once(move |release: JsValue| {
            if let Ok(release) = release.dyn_into::<Function>() {
                HELD.with(|h| h.borrow_mut().push((name, release)));
            }
            if let Some(then) = then.borrow_mut().take() {
                then(Claim::Held);
            }
        })
    };
    let on_reject = Closure::once(move |_: JsValue| {
        if take(name).is_some() {
            lost();
        } else if let Some(then) = then.borrow_mut().take() {
            then(Claim::Held);
        }
    });
    let _ = held.then(&on_grant);
    let _ = done.catch(&on_reject);
    on_grant.forget();
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
