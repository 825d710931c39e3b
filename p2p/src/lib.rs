//! The peer-to-peer protocol of Vrhcáby: two devices, one game, over a reliable ordered channel
//! (a WebRTC DataChannel in the browser). Pure logic, no web dependency; see the README.

#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]

mod dice;
mod error;
mod merge;
mod message;
mod peer;

pub use dice::{
    commitment, dice_from_secrets, dice_pair_from_secrets, from_hex32, lot_from_secrets, to_hex,
};
pub use error::PeerError;
pub use merge::{merge, Merge};
pub use message::{
    decode, encode, record_hash, Message, CLOCK_TOLERANCE_MS, MAX_MESSAGE_LEN, VERSION,
};
pub use peer::PeerGame;
