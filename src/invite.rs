//! What both builds know of invitations: the connection stage and the `#join=` and `#answer=`
//! fragments.

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
    /// This tab was opened from an answer link and handed the answer to the host's tab
    /// (`drivers::handover`): `taken` is `None` while no tab has said it took it, `Some(false)`
    /// when none did (the code is shown to paste by hand).
    HandedOver {
        code: String,
        taken: Option<bool>,
    },
}

/// The invitation in this page's address, if it was opened from one.
#[must_use]
pub fn invitation_in_url() -> Option<String> {
    fragment("#join=")
}

/// The guest's answer in this page's address, if it was opened from an answer link.
#[must_use]
pub fn answer_in_url() -> Option<String> {
    fragment("#answer=")
}

fn fragment(prefix: &str) -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix(prefix)
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
