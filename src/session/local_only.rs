//! The local-only build (the start page, kept small for the first load) has no peer-to-peer
//! play: `PeerSession`, `PeerError` and `Divergence` have no values here, so every path that
//! would use one is compiled away. A saved peer game continues on the full app under `peer/`.

use vrhcaby_rules::{Command, Event, Game, Millis, Side};

use super::save::LoadError;

/// No peer error exists in this build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeerError {}

/// No crossing exists in this build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossing {}

/// No divergence exists in this build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Divergence {}

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
    pub fn shared_now(&self, _: Millis) -> Millis {
        match *self {}
    }
    pub fn online(&self) -> bool {
        match *self {}
    }
    pub fn connected(&self) -> bool {
        match *self {}
    }
    pub fn unconfirmed(&self) -> usize {
        match *self {}
    }
    pub fn divergence(&self) -> Option<&Divergence> {
        match *self {}
    }
    pub fn can_claim(&self, _: Millis) -> bool {
        match *self {}
    }
    pub fn take_needs_save(&mut self) -> bool {
        match *self {}
    }
    pub fn take_outbox(&mut self) -> Vec<String> {
        match *self {}
    }
    pub fn take_warning(&mut self) -> Option<PeerError> {
        match *self {}
    }
    pub fn take_crossings(&mut self) -> Vec<Crossing> {
        match *self {}
    }
    pub fn act(&mut self, _: Command, _: Millis) -> Result<Vec<Event>, PeerError> {
        match *self {}
    }
    pub fn tick(&mut self, _: Millis) -> Vec<Event> {
        match *self {}
    }
    pub fn roll(&mut self, _: Millis) -> Vec<Event> {
        match *self {}
    }
    pub fn next_game(&self, _: Millis) -> Option<PeerSession> {
        match *self {}
    }
    pub fn rematch(&self, _: Millis) -> Option<PeerSession> {
        match *self {}
    }
    pub fn can_rematch(&self) -> bool {
        match *self {}
    }
    pub fn series_now(&self) -> super::series::Series {
        match *self {}
    }
    pub fn on_open(&mut self, _: Millis) -> Vec<Event> {
        match *self {}
    }
    pub fn on_close(&mut self, _: Millis) -> Vec<Event> {
        match *self {}
    }
    pub fn receive(&mut self, _: &str, _: Millis) -> Vec<Event> {
        match *self {}
    }
    pub fn save(&self) -> String {
        match *self {}
    }
    /// A saved peer game continues on the peer page.
    pub fn load(_: &str) -> Result<PeerSession, LoadError> {
        Err(LoadError::ElsewherePage)
    }
}
