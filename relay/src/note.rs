//! What the two sides say to each other through the relays.

use serde::{Deserialize, Serialize};

/// Which side of the invitation a device is: the host made it (and makes every offer), the guest
/// opened it (and answers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Host,
    Guest,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum What {
    /// The host's WebRTC offer (`code`), named `offer`.
    Offer,
    /// The guest's answer (`code`) to the offer named `offer`.
    Answer,
    /// The guest is in the room without a link: the host offers (again).
    Knock,
}

/// One note, as sealed inside an event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Note {
    /// The sending page's own random name (a new one on every load).
    pub from: String,
    pub role: Role,
    pub what: What,
    /// The offer's name (an offer and its answer); empty in a knock.
    pub offer: String,
    /// The sender's clock in ms; strictly increasing from one page.
    pub at: u64,
    /// The signalling code (`net::signal` in the page); empty in a knock.
    pub code: String,
    /// The guest's own random token, kept with its saved room: once a game's link has opened,
    /// the host hears only the guest with this token (not anyone else who has the link).
    #[serde(default)]
    pub token: String,
}
