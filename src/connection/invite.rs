//! What the page knows of invitations before the connection's chunk is loaded: the `#join=`,
//! `#answer=` and `#room=` fragments of its address.

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
