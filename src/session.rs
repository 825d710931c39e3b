//! The local (hot-seat) session: one `Game`, the dice source, and the saved form. The session
//! decides nothing about the rules; it feeds the game commands and dice and keeps its record.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Command, CommandError, Event, Game, Millis, Phase, Record, Side};

/// The save format's version.
pub const SAVE_VERSION: u32 = 1;

/// A hot-seat game on this device.
#[derive(Clone, Debug)]
pub struct LocalSession {
    pub game: Game,
    rng: SplitMix64,
    /// A `?seed=N` game: its dice continue the same sequence after a reload.
    seeded: bool,
}

#[derive(Serialize, Deserialize)]
struct Saved {
    version: u32,
    kind: String,
    record: Box<RawValue>,
    /// The seeded dice source's state, to continue a `?seed=` game exactly.
    #[serde(default)]
    rng: Option<u64>,
}

/// Why a saved game cannot be continued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError(pub String);

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl LocalSession {
    /// A new game. `seed` makes the lot and every roll deterministic; otherwise `entropy` seeds them.
    #[must_use]
    pub fn new(seed: Option<u64>, entropy: u64) -> LocalSession {
        LocalSession {
            game: Game::new(),
            rng: SplitMix64::new(seed.unwrap_or(entropy)),
            seeded: seed.is_some(),
        }
    }

    /// Draws the lot and starts the game (R3).
    pub fn start(&mut self, now: Millis) -> Result<Vec<Event>, CommandError> {
        let first = self.rng.side();
        self.game.apply(Command::Start { first }, now)
    }

    /// Rolls the dice the machine is waiting for (R4).
    pub fn roll(&mut self, now: Millis) -> Result<Vec<Event>, CommandError> {
        if self.game.phase() != Phase::Rolling {
            return Err(CommandError::NoRollExpected);
        }
        let dice = self.rng.roll();
        self.game.apply(Command::Dice { dice }, now)
    }

    /// Applies a player's command; on error nothing changes.
    pub fn apply(&mut self, cmd: Command, now: Millis) -> Result<Vec<Event>, CommandError> {
        self.game.apply(cmd, now)
    }

    /// The saved form: the game record plus, for a seeded game, the dice source's state.
    #[must_use]
    pub fn save(&self) -> String {
        let Ok(record) = RawValue::from_string(self.game.record().to_json()) else {
            return String::new();
        };
        let saved = Saved {
            version: SAVE_VERSION,
            kind: "local".into(),
            record,
            rng: self.seeded.then(|| self.rng.state()),
        };
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// Continues a saved game. Anything unreadable — bad JSON, an unknown version, a record the
    /// rules reject — is a clear error; nothing is lost (the caller keeps the saved text).
    pub fn load(text: &str, entropy: u64) -> Result<LocalSession, LoadError> {
        let saved: Saved =
            serde_json::from_str(text).map_err(|e| LoadError(format!("not a saved game ({e})")))?;
        if saved.version != SAVE_VERSION || saved.kind != "local" {
            return Err(LoadError(format!(
                "unknown saved game version {} ({})",
                saved.version, saved.kind
            )));
        }
        let record = Record::from_json(saved.record.get()).map_err(|e| LoadError(e.to_string()))?;
        let game = record.replay().map_err(|e| LoadError(e.to_string()))?;
        Ok(LocalSession {
            game,
            rng: SplitMix64::new(saved.rng.unwrap_or(entropy)),
            seeded: saved.rng.is_some(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seeded_game_saves_and_continues_with_the_same_dice() {
        let mut a = LocalSession::new(Some(7), 0);
        a.start(1_000).unwrap();
        a.roll(1_000).unwrap();
        let saved = a.save();
        let mut b = LocalSession::load(&saved, 99).unwrap();
        assert_eq!(a.game, b.game);
        // Play the same legal moves on both to the end of the turn, then roll: the dice must agree.
        let side = a.game.turn().unwrap();
        while a.game.phase() != Phase::Rolling {
            let mv = a.game.legal_moves()[0];
            for s in [&mut a, &mut b] {
                s.apply(
                    Command::Move {
                        side,
                        from: mv.from,
                        to: mv.to,
                    },
                    3_000,
                )
                .unwrap();
            }
        }
        a.roll(4_000).unwrap();
        b.roll(4_000).unwrap();
        assert_eq!(a.game.current_roll(), b.game.current_roll());
    }

    #[test]
    fn broken_saves_are_clear_errors() {
        assert!(LocalSession::load("{", 0).is_err());
        assert!(LocalSession::load("null", 0).is_err());
        let e = LocalSession::load(r#"{"version":9,"kind":"local","record":{},"rng":null}"#, 0)
            .unwrap_err();
        assert!(e.0.contains("version 9"), "{e}");
        let bad_record = r#"{"version":1,"kind":"local","record":{"format":"vrhcaby-record","version":1,"commands":[{"t":0,"cmd":"dice","dice":[1,2]}]}}"#;
        let e = LocalSession::load(bad_record, 0).unwrap_err();
        assert!(e.0.contains("command 0"), "{e}");
    }

    #[test]
    fn the_clock_never_goes_back() {
        let mut s = LocalSession::new(Some(1), 0);
        s.start(5_000).unwrap();
        let s = Session::Local(s);
        assert_eq!(s.now(1_000), 5_000);
        assert_eq!(s.now(6_000), 6_000);
    }
}

/// The game on this device: hot-seat, or one side of a peer-to-peer game. (One value per app,
/// so the variants' sizes do not matter.)
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Session {
    Local(LocalSession),
    Peer(crate::peer::PeerSession),
}

impl Session {
    #[must_use]
    pub fn game(&self) -> &Game {
        match self {
            Session::Local(s) => &s.game,
            Session::Peer(p) => p.game(),
        }
    }

    /// This device's seat in a peer-to-peer game; `None` in hot-seat (both seats are here).
    #[must_use]
    pub fn seat(&self) -> Option<Side> {
        match self {
            Session::Local(_) => None,
            Session::Peer(p) => Some(p.seat()),
        }
    }

    #[must_use]
    pub fn peer(&self) -> Option<&crate::peer::PeerSession> {
        match self {
            Session::Peer(p) => Some(p),
            Session::Local(_) => None,
        }
    }

    /// Whether this device may act for `side` (hot-seat: always; peer: only its own seat).
    #[must_use]
    pub fn controls(&self, side: Side) -> bool {
        self.seat().is_none_or(|s| s == side)
    }

    /// The clock to use: the device's time, never before the last command (S2), so a device
    /// clock that jumps back cannot make commands fail.
    #[must_use]
    pub fn now(&self, device_now: Millis) -> Millis {
        device_now.max(self.game().last_time().unwrap_or(0))
    }

    /// A player's command from this device.
    pub fn act(&mut self, cmd: Command, now: Millis) -> Result<Vec<Event>, String> {
        match self {
            Session::Local(s) => s.apply(cmd, now).map_err(|e| e.to_string()),
            Session::Peer(p) => p.act(cmd, now),
        }
    }

    /// Time passing: timed events that are due (S3); for a peer game also heartbeats, presence and
    /// the dice exchange. Returns no events when nothing changed.
    pub fn tick(&mut self, now: Millis) -> Result<Vec<Event>, String> {
        match self {
            Session::Local(s) => {
                let mut probe = s.game.clone();
                match probe.apply(Command::Tick, now) {
                    Ok(events) if !events.is_empty() => {
                        s.game = probe;
                        Ok(events)
                    }
                    _ => Ok(Vec::new()),
                }
            }
            Session::Peer(p) => p.tick(now),
        }
    }

    /// Whether the session changed in a way worth saving although no event happened (a dice
    /// secret committed in a peer game); clears the flag.
    pub fn take_needs_save(&mut self) -> bool {
        match self {
            Session::Local(_) => false,
            Session::Peer(p) => p.take_needs_save(),
        }
    }

    #[must_use]
    pub fn save(&self) -> String {
        match self {
            Session::Local(s) => s.save(),
            Session::Peer(p) => p.save(),
        }
    }

    /// Reads whichever kind of game was saved.
    pub fn load(text: &str, entropy: u64) -> Result<Session, LoadError> {
        if text.contains("\"kind\":\"peer\"") {
            return crate::peer::PeerSession::load(text)
                .map(Session::Peer)
                .map_err(LoadError);
        }
        LocalSession::load(text, entropy).map(Session::Local)
    }
}
