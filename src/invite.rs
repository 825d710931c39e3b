//! What the page knows of invitations before the connection's chunk is loaded: the connection
//! stage and the `#join=` and `#answer=` fragments.

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
    /// The host shows this one link and waits: the friend's device connects through the relays.
    Room(String),
    /// The guest opened a link and is connecting through the relays.
    Joining,
    /// The guest's device reaches no relay: it needs the host's invitation code.
    NoRelay,
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

/// A one-link invitation in this page's address: `#room=SECRET&relays=…[&ice=…]`.
#[must_use]
pub fn room_in_url() -> Option<(String, Vec<String>, Option<String>)> {
    let hash = web_sys::window()?.location().hash().ok()?;
    parse_room(hash.strip_prefix('#')?)
}

/// Reads `room=SECRET&relays=A,B&ice=TEXT` (values URI-encoded).
#[must_use]
pub fn parse_room(fragment: &str) -> Option<(String, Vec<String>, Option<String>)> {
    let mut secret = None;
    let mut relays = Vec::new();
    let mut ice = None;
    for part in fragment.split('&') {
        let (k, v) = part.split_once('=')?;
        let v = js_sys::decode_uri_component(v).ok()?.as_string()?;
        match k {
            "room" => secret = vrhcaby_relay::parse_secret(&v).map(|_| v),
            "relays" => {
                relays = v
                    .split(',')
                    .map(str::trim)
                    .filter(|u| !u.is_empty())
                    .map(String::from)
                    .collect()
            }
            "ice" => ice = Some(v).filter(|v| !v.trim().is_empty()),
            _ => {}
        }
    }
    Some((secret?, relays, ice))
}

/// The fragment of a one-link invitation.
#[must_use]
pub fn room_fragment(secret: &str, relays: &[String], ice: Option<&str>) -> String {
    let enc = |s: &str| String::from(js_sys::encode_uri_component(s));
    let mut f = format!("room={secret}&relays={}", enc(&relays.join(",")));
    if let Some(ice) = ice {
        f.push_str("&ice=");
        f.push_str(&enc(ice));
    }
    f
}
