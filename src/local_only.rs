//! The local-only build (the start page, kept small for the first load): the peer-to-peer parts
//! are replaced by stand-ins that open the full app on `peer/`, where they live. `PeerSession`
//! has no values here, so every path that would use one is compiled away.

pub mod peer {
    use vrhcaby_rules::{Command, Event, Game, Millis, Side};

    /// No peer game exists in this build.
    #[derive(Debug)]
    pub enum PeerSession {}

    impl PeerSession {
        pub fn game(&self) -> &Game {
            match *self {}
        }
        pub fn seat(&self) -> Side {
            match *self {}
        }
        pub fn online(&self) -> bool {
            match *self {}
        }
        pub fn halted(&self) -> Option<String> {
            match *self {}
        }
        pub fn take_needs_save(&mut self) -> bool {
            match *self {}
        }
        pub fn act(&mut self, _: Command, _: Millis) -> Result<Vec<Event>, String> {
            match *self {}
        }
        pub fn tick(&mut self, _: Millis) -> Result<Vec<Event>, String> {
            match *self {}
        }
        pub fn save(&self) -> String {
            match *self {}
        }
        /// A saved peer game continues on the peer page.
        pub fn load(_: &str) -> Result<PeerSession, String> {
            super::link::open_peer_page("");
            Err("this game continues on the peer-to-peer page".into())
        }
    }
}

pub mod link {
    use crate::app::Ctx;
    pub use crate::invite::{clear_invitation_from_url, invitation_in_url, Stage};

    /// Opens the full app (with peer-to-peer play) on `peer/`, keeping `fragment`.
    pub fn open_peer_page(fragment: &str) {
        if let Some(w) = web_sys::window() {
            let _ = w.location().assign(&format!("./peer/{fragment}"));
        }
    }

    pub fn flush(_: Ctx) {}

    pub fn close() {}

    pub fn invite(_: Ctx) {
        open_peer_page("#invite");
    }

    pub fn join(_: Ctx, invitation: String) {
        open_peer_page(&format!("#join={invitation}"));
    }
}

pub mod friend {
    use leptos::prelude::*;

    #[component]
    pub fn FriendScreen() -> impl IntoView {}
}
