//! The connection to a friend's device, in one place: `invite` (what the page knows of
//! invitations: the stage and the address's fragments), `link` (the one WebRTC link and its
//! wiring to the session), `room` (the relay worker and this side's negotiation), `handover` (an
//! answer handed over between tabs), `ice` (the STUN/TURN servers), `net` (compact SDP codes, QR
//! codes, the peer connection). Imports run one way: `link` uses `room`, `handover` uses `link`,
//! and nothing below imports this entry (`room` hands its acts to `link` through
//! `room::Hooks`; `link` and `handover` get the entry points they call from `install`).
//!
//! This file is the connection's entry, and its split point: with the `split` feature (the
//! page's release build, `scripts/build.sh`) each function of `load` is a split point
//! (`crate::chunks`): the build step (`xtask/`) moves the code only these reach, with the
//! friend screen (`screens::lazy::friend`), into one wasm chunk fetched the first time a friend
//! is invited, joined or found again, or a game with another device is continued. Without the feature (tests, clippy, native builds) they are
//! called at once. The public functions here take the place of `link`'s own for every caller
//! outside that chunk.

pub mod handover;
pub mod ice;
pub mod invite;
pub mod link;
pub mod lobby;
pub mod net;
mod port;
pub mod room;
mod sat;

use std::future::Future;

use leptos::prelude::Set;

use crate::chunks::{run, split_point, Unavailable};
use crate::state::{Dispatch, LinkState, Screen, Stage};

/// The connection's listeners for the page's life: the session's messages out and a peer game
/// back into its room (`link`), an answer handed over by another tab (`handover`).
pub fn install(d: Dispatch) {
    link::install(d, resume, restore);
    handover::install(d, connect);
}

/// A connection step whose chunk could not be fetched: the friend screen, as a failed
/// connection with its button to invite again (if that screen's chunk, the same one, cannot
/// arrive either, `screens::lazy::show` says so and offers a second try and a way back).
fn connect_or_say(
    d: Dispatch,
    task: impl Future<Output = Result<(), Unavailable>> + 'static,
) -> bool {
    run(task, move |result| {
        if result.is_err() {
            d.nav.link.set(LinkState::Offline);
            d.nav.stage.set(Stage::Failed);
            d.nav.screen.set(Screen::Friend);
        }
    })
}

/// A step the player asked for from outside a game (the start screen, an invitation or answer
/// in the address): while its chunk is on its way, the friend screen says it is getting ready,
/// in place of the screen it was asked from.
fn meanwhile_preparing(d: Dispatch, ready: bool) {
    if !ready {
        d.nav.stage.set(Stage::Preparing);
        d.nav.screen.set(Screen::Friend);
    }
}

/// Invite a friend (`link::invite`), from the start screen.
pub fn invite(d: Dispatch) {
    let ready = connect_or_say(d, load::invite(d));
    meanwhile_preparing(d, ready);
}

/// Find the friend again from a game whose link is down (`link::invite` too): the game stays on
/// the screen meanwhile.
pub fn reconnect(d: Dispatch) {
    connect_or_say(d, load::invite(d));
}

/// Answer an invitation (`link::join`).
pub fn join(d: Dispatch, invitation: String) {
    let ready = connect_or_say(d, load::join(d, invitation));
    meanwhile_preparing(d, ready);
}

/// Enter a friend's room (`link::join_room`).
pub fn join_room(d: Dispatch, secret: String, relays: Vec<String>, ice: Option<String>) {
    let ready = connect_or_say(d, load::join_room(d, secret, relays, ice));
    meanwhile_preparing(d, ready);
}

/// A peer game continued on this device: back into its room (`link::resume`).
pub fn resume(d: Dispatch) {
    run(load::resume(d), |_| {});
}

/// A saved game with another device opened (`link::restore`: read where the protocol's code
/// is, in this chunk).
pub fn restore(d: Dispatch, text: String) {
    connect_or_say(d, load::restore(d, text));
}

/// The host takes the guest's answer (`link::connect`).
pub fn connect(d: Dispatch, answer: String) {
    connect_or_say(d, load::connect(d, answer));
}

/// Hand an answer link to the tab that waits for it (`handover::hand_over`).
pub fn hand_over(d: Dispatch, code: String) {
    let ready = connect_or_say(d, load::hand_over(d, code));
    meanwhile_preparing(d, ready);
}

mod load {
    use super::{handover, link, split_point};
    use crate::state::Dispatch;

    split_point!(friend: invite(d: Dispatch) -> () => link::invite(d));
    split_point!(friend: join(d: Dispatch, invitation: String) -> () => link::join(d, invitation));
    split_point!(friend: join_room(d: Dispatch, secret: String, relays: Vec<String>, ice: Option<String>)
        -> () => link::join_room(d, secret, relays, ice));
    split_point!(friend: resume(d: Dispatch) -> () => link::resume(d));
    split_point!(friend: restore(d: Dispatch, text: String) -> () => link::restore(d, text));
    split_point!(friend: connect(d: Dispatch, answer: String) -> () => link::connect(d, answer));
    split_point!(friend: hand_over(d: Dispatch, code: String) -> () => handover::hand_over(d, code));
}
