//! The peer-to-peer protocol of Vrhcáby: two devices, one game, over a reliable ordered channel
//! (a WebRTC DataChannel in the browser). Pure logic, no web dependency; see the README.

#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]

mod act;
mod clock;
mod dice;
mod error;
mod fold;
mod message;
mod peer;

pub use act::{judged, Act, Authored};
pub use clock::{ClockSync, Sample, MAX_OFFSET_MS, MAX_UNCERTAINTY_MS};
pub use dice::{
    commitment, dice_from_secrets, dice_pair_from_secrets, from_hex32, lot_from_secrets, to_hex,
};
pub use error::PeerError;
pub use fold::GRACE_MS;
pub use message::{decode, encode, Message, MAX_MESSAGE_LEN, VERSION};
pub use peer::{
    is_player_command, next_game_id, rematch_id, Divergence, Output, PeerGame, HEARTBEAT_MS,
    MAX_ACTS, OFFLINE_AFTER_MS, PRESENCE_TOLERANCE_MS,
};
