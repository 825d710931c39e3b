//! A game whose other side plays on another device, as the session sees it: the [`Remote`]
//! trait. Its one implementation is `peer::PeerSession` (the shared `PeerGame` of `vrhcaby-p2p`
//! and the little the app keeps around it); the session holds it as `Box<dyn Remote>`, made only
//! by the connection (`connection::link`, a wasm chunk) — so the whole peer-to-peer protocol
//! travels in that chunk, fetched when a friend's game is first opened, never in the first load
//! (issue 49 grew it past its budget; issue 52 asks it down).

use vrhcaby_rules::{Command, Event, Game, Millis, Side};

pub use vrhcaby_p2p::{Divergence, PeerError};

use super::series::Series;

/// What a crossing of two acts in flight did to this player (a peer game only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossing {
    /// Our Don't wait came too late: the other side's act was in time.
    ClaimTooLate,
    /// An act of ours is void: the other side's claim, resignation or a lapse came first.
    ActVoid,
    /// The record changed before its end (the board is redrawn from it).
    Rewound,
}

/// What the session asks of a game with another device (see `peer::PeerSession`, whose
/// methods these are).
pub trait Remote: std::fmt::Debug + Send + Sync {
    /// Standard: the next game of the match with the same device.
    fn next_game(&self, now: Millis) -> Option<Box<dyn Remote>>;
    /// The rematch with the same device once this game is over.
    fn rematch(&self, now: Millis) -> Option<Box<dyn Remote>>;
    fn can_rematch(&self) -> bool;
    /// The series' score as it stands: with this game's result once it is over.
    fn series_now(&self) -> Series;
    fn game(&self) -> &Game;
    fn seat(&self) -> Side;
    fn game_id(&self) -> &str;
    /// The game's time (shared by both devices) at this device's `now`.
    fn shared_now(&self, now: Millis) -> Millis;
    /// Whether the other device is connected and heard from lately.
    fn online(&self) -> bool;
    /// Whether the link is open.
    fn connected(&self) -> bool;
    /// Acts of ours the other device has not confirmed.
    fn unconfirmed(&self) -> usize;
    /// Why the two devices' records differ for good, if they do.
    fn divergence(&self) -> Option<&Divergence>;
    /// Whether our player may press Don't wait now (the grace included).
    fn can_claim(&self, now: Millis) -> bool;
    /// Whether an output saves now (see `PeerSession::saves`).
    fn saves(&mut self, now: Millis, shows: bool, sends: bool) -> bool;
    fn take_outbox(&mut self) -> Vec<String>;
    fn take_warning(&mut self) -> Option<PeerError>;
    fn take_crossings(&mut self) -> Vec<Crossing>;
    /// Standard: the player here rolls rather than doubles.
    fn roll(&mut self, now: Millis) -> Vec<Event>;
    /// This player's command.
    fn act(&mut self, cmd: Command, now: Millis) -> Result<Vec<Event>, PeerError>;
    fn tick(&mut self, now: Millis) -> Vec<Event>;
    fn on_open(&mut self, now: Millis) -> Vec<Event>;
    fn on_close(&mut self, now: Millis) -> Vec<Event>;
    fn receive(&mut self, text: &str, now: Millis) -> Vec<Event>;
    /// The saved form, tagged with its kind.
    fn save(&self) -> String;
    /// This device hosts (White) and the other device has never said a word.
    fn unheard_host(&self) -> bool;
    /// The proof of the game's dice so far (the exported record's `"dice"`).
    fn proofs(&self) -> vrhcaby_rules::proof::Proofs;
    /// The peer game itself, read only (tests look into it).
    fn peer_game(&self) -> &vrhcaby_p2p::PeerGame;
}
