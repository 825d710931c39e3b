//! A peer-to-peer game on this device: the shared `PeerGame` (rules + fair dice + protocol checks
//! from `vrhcaby-p2p`), the messages waiting to be sent, and what we know of the peer's presence.
//! The WebRTC link itself lives in `drivers::link` (it is not data); this is plain, testable state.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
pub use vrhcaby_p2p::PeerError;
use vrhcaby_p2p::{decode, encode, from_hex32, to_hex, Message, PeerGame};
use vrhcaby_rules::{Command, Event, Game, Millis, Record, Side};

use super::save::{Kind, LoadError};

/// The peer counts as offline after this long without any message (heartbeats come every second).
pub const OFFLINE_AFTER_MS: Millis = 5_000;
/// How often this side sends a heartbeat.
pub const HEARTBEAT_MS: Millis = 1_000;

#[derive(Debug)]
pub struct PeerSession {
    pub pg: PeerGame,
    /// Encoded messages for the peer, sent by the app after each change.
    pub outbox: Vec<String>,
    pub connected: bool,
    pub peer_online: bool,
    pub last_heard: Millis,
    last_beat: Millis,
    /// The last problem with the peer's messages, shown as a warning.
    pub warning: Option<PeerError>,
    /// A dice secret was committed or revealed since the last save: save now, so a reload
    /// finishes the same exchange.
    pub needs_save: bool,
    /// Where fresh dice secrets come from (the browser's crypto randomness; tests inject one).
    secrets: fn() -> [u8; 32],
}

#[derive(Serialize, Deserialize)]
struct Saved<'a> {
    version: u32,
    kind: &'a str,
    game_id: String,
    seat: Side,
    #[serde(borrow)]
    record: &'a RawValue,
    /// A dice secret already committed or revealed (roll index, hex secret, reveal time), so a
    /// reload finishes the same exchange instead of breaking its commitment.
    #[serde(default)]
    pending: Option<(u32, String, Option<Millis>)>,
}

impl PeerSession {
    #[must_use]
    pub fn new(pg: PeerGame) -> PeerSession {
        PeerSession {
            pg,
            outbox: Vec::new(),
            connected: false,
            peer_online: false,
            last_heard: 0,
            last_beat: 0,
            warning: None,
            needs_save: false,
            secrets: crate::platform::secret,
        }
    }

    /// The same, drawing dice secrets from `secrets` (for native tests).
    #[must_use]
    pub fn with_secrets(pg: PeerGame, secrets: fn() -> [u8; 32]) -> PeerSession {
        PeerSession {
            secrets,
            ..PeerSession::new(pg)
        }
    }

    #[must_use]
    pub fn game(&self) -> &Game {
        self.pg.game()
    }

    /// Whether the peer is connected and heard from lately.
    #[must_use]
    pub fn online(&self) -> bool {
        self.peer_online && self.connected
    }

    /// Why the game stopped for good (a broken dice commitment), if it did.
    #[must_use]
    pub fn halted(&self) -> Option<&PeerError> {
        self.pg.halted()
    }

    /// Whether a dice secret was committed since the last save; clears the flag.
    pub fn take_needs_save(&mut self) -> bool {
        std::mem::take(&mut self.needs_save)
    }

    /// Takes the messages waiting to be sent.
    pub fn take_outbox(&mut self) -> Vec<String> {
        std::mem::take(&mut self.outbox)
    }

    /// Takes the last warning about the peer's messages.
    pub fn take_warning(&mut self) -> Option<PeerError> {
        self.warning.take()
    }

    #[must_use]
    pub fn seat(&self) -> Side {
        self.pg.seat()
    }

    fn send(&mut self, m: &Message) {
        self.outbox.push(encode(m));
    }

    /// Runs the fair-dice exchange as far as it can go now.
    fn step(&mut self, now: Millis, events: &mut Vec<Event>) -> Result<(), PeerError> {
        let mut fresh = self.secrets;
        let (ev, msgs) = self.pg.step(now, &mut fresh)?;
        events.extend(ev);
        self.needs_save |= !msgs.is_empty();
        for m in &msgs {
            self.send(m);
        }
        Ok(())
    }

    fn observe(
        &mut self,
        cmd: Command,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), PeerError> {
        let (ev, msg) = self.pg.observe(cmd, now)?;
        events.extend(ev);
        if let Some(m) = msg {
            self.send(&m);
        }
        Ok(())
    }

    /// This player's command.
    pub fn act(&mut self, cmd: Command, now: Millis) -> Result<Vec<Event>, PeerError> {
        let (mut events, msg) = self.pg.local(cmd, now)?;
        self.send(&msg);
        self.step(now, &mut events)?;
        Ok(events)
    }

    /// Time passing: heartbeats, the peer's presence (R18), timed events, and the dice.
    pub fn tick(&mut self, now: Millis) -> Result<Vec<Event>, PeerError> {
        let mut events = Vec::new();
        if self.connected && now >= self.last_beat + HEARTBEAT_MS {
            self.last_beat = now;
            self.send(&Message::Heartbeat { t: now });
        }
        let silent = now.saturating_sub(self.last_heard) >= OFFLINE_AFTER_MS;
        if self.peer_online && (silent || !self.connected) {
            self.peer_online = false;
            let peer = !self.seat();
            self.observe(Command::Offline { side: peer }, now, &mut events)?;
        }
        self.observe(Command::Tick, now, &mut events)?;
        self.step(now, &mut events)?;
        Ok(events)
    }

    /// The link opened: the peer is back; introduce ourselves.
    pub fn on_open(&mut self, now: Millis) -> Vec<Event> {
        self.connected = true;
        self.peer_online = true;
        self.last_heard = now;
        let mut events = Vec::new();
        let peer = !self.seat();
        if let Err(e) = self.observe(Command::Online { side: peer }, now, &mut events) {
            self.warning = Some(e);
        }
        let hello = self.pg.hello();
        self.send(&hello);
        events
    }

    /// The link closed: the peer is offline from now on.
    pub fn on_close(&mut self, now: Millis) -> Vec<Event> {
        self.connected = false;
        let mut events = Vec::new();
        if self.peer_online {
            self.peer_online = false;
            let peer = !self.seat();
            if let Err(e) = self.observe(Command::Offline { side: peer }, now, &mut events) {
                self.warning = Some(e);
            }
        }
        events
    }

    /// A message from the peer. A bad one is refused (shown as a warning) and changes nothing.
    pub fn receive(&mut self, text: &str, now: Millis) -> Vec<Event> {
        self.last_heard = now;
        let mut events = Vec::new();
        if !self.peer_online && self.connected {
            self.peer_online = true;
            let peer = !self.seat();
            if let Err(e) = self.observe(Command::Online { side: peer }, now, &mut events) {
                self.warning = Some(e);
            }
        }
        let result = decode(text).and_then(|msg| self.pg.receive(msg, now));
        match result {
            Ok((ev, replies)) => {
                events.extend(ev);
                for m in &replies {
                    self.send(m);
                }
            }
            Err(e) => self.warning = Some(e),
        }
        if let Err(e) = self.step(now, &mut events) {
            self.warning = Some(e);
        }
        events
    }

    /// The saved form: the game id, this device's seat and the record.
    #[must_use]
    pub fn save(&self) -> String {
        let record = self.game().record().to_json();
        let Ok(raw) = RawValue::from_string(record) else {
            return String::new();
        };
        serde_json::to_string(&Saved {
            version: 1,
            kind: Kind::Peer.name(),
            game_id: self.pg.game_id().to_string(),
            seat: self.seat(),
            record: &raw,
            pending: self
                .pg
                .pending_secret()
                .map(|(i, secret, t)| (i, to_hex(&secret), t)),
        })
        .unwrap_or_default()
    }

    /// Reads a saved peer game (see [`PeerSession::save`]).
    pub fn load(text: &str) -> Result<PeerSession, LoadError> {
        let saved: Saved<'_> = serde_json::from_str(text).map_err(|_| LoadError::Unreadable)?;
        if saved.version != 1 || saved.kind != Kind::Peer.name() {
            return Err(LoadError::UnknownVersion {
                version: saved.version,
            });
        }
        let record = Record::from_json(saved.record.get()).map_err(LoadError::Record)?;
        let mut pg =
            PeerGame::from_record(saved.game_id, saved.seat, &record).map_err(LoadError::Peer)?;
        if let Some((index, hex, t)) = saved.pending {
            if let Some(secret) = from_hex32(&hex) {
                pg.restore_secret(index, secret, t);
            }
        }
        Ok(PeerSession::new(pg))
    }
}
