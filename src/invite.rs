//! What both builds know of invitations: the connection stage and the `#join=` fragment.

/// Where the connection stands, for the friend screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    Idle,
    /// Making the invitation (gathering network candidates).
    Preparing,
    /// The host shows this invitation link and waits for the answer code.
    Invited(String),
    /// The guest shows this answer code and waits for the host.
    Answered(String),
    Connecting,
    Connected,
    /// The devices could not reach each other.
    Failed,
}

/// The invitation in this page's address, if it was opened from one.
#[must_use]
pub fn invitation_in_url() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix("#join=")
        .filter(|c| !c.is_empty())
        .map(String::from)
}

/// Removes the invitation from the address bar (a reload should not join again).
pub fn clear_invitation_from_url() {
    if let Some(w) = web_sys::window() {
        if let (Ok(history), Ok(href)) = (w.history(), w.location().href()) {
            let base = href.split('#').next().unwrap_or_default().to_string();
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&base));
        }
    }
}
