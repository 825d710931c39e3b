//! The STUN/TURN servers a link is made with: the player's list (one `URL [user password]` a
//! line, stored in `localStorage`) or the default public STUN servers.

use crate::platform;

const ICE_KEY: &str = "vrhcaby.ice";
/// Public STUN servers used unless the player sets others.
pub const DEFAULT_ICE: &str = "stun:stun.l.google.com:19302\nstun:stun.cloudflare.com:3478";

/// The ICE servers: the player's list (one URL a line) or the default.
#[must_use]
pub fn ice_servers() -> String {
    platform::load(ICE_KEY).unwrap_or_else(|| DEFAULT_ICE.to_string())
}

pub fn set_ice_servers(text: &str) {
    platform::store(ICE_KEY, text);
}

/// The servers in a list's text: one a line, `URL [user password]`.
#[must_use]
pub fn ice_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}
