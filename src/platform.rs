//! The few things the app needs from the browser: time, randomness, storage, the URL.
//! Every call tolerates a missing API (private mode, old browsers) instead of panicking.

use vrhcaby_rules::{DiceSource, Die, Millis, Roll, Side};

/// Milliseconds since the epoch (`Date.now()`), so saved times mean the same after a reload.
#[must_use]
pub fn now_ms() -> Millis {
    js_sys::Date::now().max(0.0) as Millis
}

/// 64 random bits from `crypto.getRandomValues`, falling back to `Math.random`.
#[must_use]
pub fn entropy() -> u64 {
    let mut bytes = [0u8; 8];
    let filled = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .and_then(|c| c.get_random_values_with_u8_array(&mut bytes).ok())
        .is_some();
    if filled {
        u64::from_le_bytes(bytes)
    } else {
        let hi = (js_sys::Math::random() * 4_294_967_296.0) as u64;
        let lo = (js_sys::Math::random() * 4_294_967_296.0) as u64;
        (hi << 32) | lo
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

#[must_use]
pub fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

/// Saves a value; returns whether it was stored.
pub fn store(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// A query parameter of the page URL (`?seed=42` → `Some("42")`).
#[must_use]
pub fn query_param(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    search
        .trim_start_matches('?')
        .split('&')
        .filter_map(|kv| kv.split_once('=').or(Some((kv, ""))))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
}

/// The `?seed=N` of a deterministic game, if any.
#[must_use]
pub fn seed() -> Option<u64> {
    query_param("seed").and_then(|s| s.parse().ok())
}

/// Whether a media query matches now.
#[must_use]
pub fn media(query: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.match_media(query).ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Whether the window is taller than wide (the board is then drawn on its side).
#[must_use]
pub fn is_portrait() -> bool {
    media("(orientation: portrait)")
}

/// Draws the page in a theme (`"auto"`: light or dark as the system prefers), as the inline
/// script in `index.html` does before the first paint.
pub fn show_theme(code: &str) {
    let name = match code {
        "auto" if media("(prefers-color-scheme: light)") => "light",
        "auto" => "dark",
        other => other,
    };
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("data-theme", name);
    }
}

/// Registers the service worker (at `script`, relative to the page) that makes the game playable
/// offline after the first visit.
/// The button of the painted start screen (index.html) tapped before the app was ready, taken
/// once: its `data-testid`.
#[must_use]
pub fn take_boot_tap() -> Option<String> {
    let w = web_sys::window()?;
    let key = wasm_bindgen::JsValue::from_str("vrhcabyTap");
    let tap = js_sys::Reflect::get(&w, &key).ok()?.as_string();
    let _ = js_sys::Reflect::delete_property(&w, &key);
    tap
}

/// Adds a screen's own styles to the page once (`id` names them): a screen in a chunk of its own
/// brings its styles with it, so they cost the first load nothing.
pub fn add_style(id: &str, css: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if doc.get_element_by_id(id).is_some() {
        return;
    }
    if let (Ok(el), Ok(Some(head))) = (doc.create_element("style"), doc.query_selector("head")) {
        el.set_id(id);
        el.set_text_content(Some(css));
        let _ = head.append_child(&el);
    }
}

/// Removes the painted start screen: the app has taken its place.
pub fn remove_boot_screen() {
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
}

pub fn register_service_worker(script: &str) {
    if let Some(w) = web_sys::window() {
        let nav = w.navigator();
        if js_sys::Reflect::has(&nav, &"serviceWorker".into()).unwrap_or(false) {
            let _ = nav.service_worker().register(script);
        }
    }
}

/// 32 random bytes from `crypto.getRandomValues`: a fair-dice secret. (Falls back to four
/// `entropy()` draws where the API is missing.)
#[must_use]
pub fn secret() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    let filled = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .and_then(|c| c.get_random_values_with_u8_array(&mut bytes).ok())
        .is_some();
    if !filled {
        for chunk in bytes.chunks_mut(8) {
            chunk.copy_from_slice(&entropy().to_le_bytes());
        }
    }
    bytes
}

/// Fair dice from `crypto.getRandomValues`: each die from one random byte, bytes of 252 and over
/// thrown away so every face is equally likely.
#[derive(Clone, Copy, Debug, Default)]
pub struct CryptoDice;

impl CryptoDice {
    fn die() -> Die {
        loop {
            for b in entropy().to_le_bytes() {
                if b < 252 {
                    return Die::ALL[usize::from(b % 6)];
                }
            }
        }
    }
}

impl DiceSource for CryptoDice {
    fn roll(&mut self) -> Roll {
        Roll::new(Self::die(), Self::die())
    }

    fn lot(&mut self) -> Side {
        if entropy() & 1 == 0 {
            Side::White
        } else {
            Side::Black
        }
    }
}

/// Focuses an HTML or SVG element and says whether it took the focus (a disabled or inert
/// element does not).
pub fn focus(el: &web_sys::Element) -> bool {
    use wasm_bindgen::JsCast;
    // `focus` is called on the object itself, so an SVG element's works too.
    let _ = el.unchecked_ref::<web_sys::HtmlElement>().focus();
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .as_ref()
        == Some(el)
}

/// The browser's language (`navigator.language`, e.g. `cs-CZ`), if it says one.
#[must_use]
pub fn browser_language() -> Option<String> {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .filter(|l| !l.is_empty())
}

/// Copies `text` to the clipboard (the invitation, the answer code, a position's XGID).
/// Whether the browser has a share sheet (the Web Share API).
#[must_use]
pub fn can_share() -> bool {
    web_sys::window()
        .is_some_and(|w| js_sys::Reflect::has(&w.navigator(), &"share".into()).unwrap_or(false))
}

/// Opens the share sheet with a link (a cancelled share is no error).
pub fn share(url: &str) {
    if let Some(w) = web_sys::window() {
        let data = web_sys::ShareData::new();
        data.set_url(url);
        let _ = w.navigator().share_with_data(&data);
    }
}

pub fn copy(text: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// Removes the invitation from the address bar (a reload should not join again).
pub fn clear_fragment() {
    if let Some(w) = web_sys::window() {
        if let (Ok(history), Ok(href)) = (w.history(), w.location().href()) {
            let base = href.split('#').next().unwrap_or_default().to_string();
            // The entry keeps its state (`drivers::address` numbers its entries).
            let state = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
            let _ = history.replace_state_with_url(&state, "", Some(&base));
        }
    }
}
