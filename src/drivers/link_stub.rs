//! The local-only build's stand-in for the peer link: "Play with a friend" and invitations open
//! the full app on `peer/`, where peer-to-peer play lives.

pub use crate::invite::{clear_invitation_from_url, invitation_in_url, Stage};
use crate::state::Dispatch;

/// Opens the full app (with peer-to-peer play) on `peer/`, keeping `fragment`.
pub fn open_peer_page(fragment: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign(&format!("./peer/{fragment}"));
    }
}

pub fn install(_: Dispatch) {}

pub fn invite(_: Dispatch) {
    open_peer_page("#invite");
}

pub fn join(_: Dispatch, invitation: String) {
    open_peer_page(&format!("#join={invitation}"));
}

pub fn connect(_: Dispatch, _: String) {}

pub fn close() {}
