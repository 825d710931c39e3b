//! A peer-to-peer game on this device: the shared `PeerGame` from `vrhcaby-p2p` (the rules, the
//! fair dice, every check on the other device's messages, heartbeats, presence, shared time and
//! the deadlines this device holds the other to) and the little the app keeps around it: the
//! encoded messages waiting to be sent, the last warning, what the next notice must say, and the
//! saved form tagged with its kind; and the guest's game made from the host's first hello
//! ([`PeerSession::from_hello`]). The WebRTC link itself lives in `connection::link`.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use vrhcaby_p2p::{decode, encode, is_player_command, Act, Output as PeerOutput, PeerGame};
pub use vrhcaby_p2p::{Divergence, PeerError};
use vrhcaby_rules::{Command, Event, Game, Millis, Side};

use super::save::{Form, Kind, LoadError};
use super::series::Series;

/// The version of the app's wrapper around [`PeerGame::save`]: 2 is protocol v2 (two logs of
/// acts). Version 1 held one record of protocol v1, which cannot be continued.
pub const SAVE_VERSION: u32 = 2;

/// A peer game's changes that show nothing and send nothing are saved at most this long later.
pub const SAVE_BATCH_MS: Millis = 250;

pub use super::remote::Crossing;

#[derive(Debug)]
pub struct PeerSession {
    pg: PeerGame,
    /// Encoded messages for the other device, in order (sent after the save, S13).
    outbox: Vec<String>,
    /// The last problem with the other device's messages, shown as a warning.
    warning: Option<PeerError>,
    /// The saved form changed (a new act, a secret, a commitment received): save before sending.
    needs_save: bool,
    /// When (this device's clock) the game was last saved (see [`PeerSession::saves`]).
    last_save: Millis,
    /// Acts that crossed in flight since the last input: what the player is told.
    crossings: Vec<Crossing>,
    /// Where fresh dice secrets come from (the browser's crypto randomness; tests inject one).
    secrets: fn() -> [u8; 32],
    /// The series of games with this device's friend before this one, kept across rematches
    /// (each device counts the results both share).
    series: Series,
}

#[derive(Serialize, Deserialize)]
struct Saved<'a, S = Series> {
    version: u32,
    kind: &'a str,
    /// The peer game's own saved form ([`PeerGame::save`]): both logs, our secrets, the clock.
    #[serde(borrow)]
    game: &'a RawValue,
    /// The series before this game, once a rematch has started one (before the serde form, one
    /// string, `"4 3 w"`: still read).
    #[serde(skip_serializing_if = "Option::is_none")]
    series: Option<S>,
    /// What the page must know of this game without reading it whole (the protocol's code is
    /// in the connection's chunk): whether it is over, and whether it is an invitation nobody
    /// used (`save::PeerSummary`). Written, never read here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    summary: Option<Summary>,
}

#[derive(Serialize, Deserialize)]
struct Summary {
    over: bool,
    unused: bool,
}

/// Just enough of any saved peer game to tell its version.
#[derive(Deserialize)]
struct Version {
    version: u32,
}

impl PeerSession {
    /// The guest's game from the host's first message on the link, `text`: its saved game
    /// (`saved`, the peer slot's text) if it is this one, else a new game under the host's rules
    /// with the other seat, created `now` (the peer game takes its creation time from the hello).
    /// `None` when `text` is not a hello, or its options do not go together.
    #[must_use]
    pub fn from_hello(text: &str, saved: Option<&str>, now: Millis) -> Option<PeerSession> {
        let Ok(vrhcaby_p2p::Message::Hello {
            game_id,
            seat,
            options,
            ..
        }) = decode(text)
        else {
            return None;
        };
        let variant = match options {
            None => vrhcaby_rules::Variant::VRHCABY,
            Some(o) => vrhcaby_rules::Variant::standard(o).ok()?,
        };
        let saved = saved
            .and_then(|t| PeerSession::load(t).ok())
            .filter(|p| p.game_id() == game_id);
        Some(
            saved.unwrap_or_else(|| {
                PeerSession::new(PeerGame::new_under(game_id, !seat, variant, now))
            }),
        )
    }

    #[must_use]
    pub fn new(pg: PeerGame) -> PeerSession {
        PeerSession {
            pg,
            outbox: Vec::new(),
            warning: None,
            needs_save: false,
            last_save: 0,
            crossings: Vec::new(),
            secrets: crate::platform::secret,
            series: Series::default(),
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

    /// This session, drawing its dice secrets from `secrets` from now on (native tests).
    #[must_use]
    pub fn drawing(self, secrets: fn() -> [u8; 32]) -> PeerSession {
        PeerSession { secrets, ..self }
    }

    /// Standard: the next game of the match with the same device (see `PeerGame::next_game`).
    #[must_use]
    pub fn next_game(&self, now: Millis) -> Option<PeerSession> {
        self.pg.next_game(now).map(|pg| PeerSession {
            secrets: self.secrets,
            series: self.series,
            ..PeerSession::new(pg)
        })
    }

    /// The rematch with the same device once this game is over (see `PeerGame::rematch`): its
    /// result counts in the series, each device keeps its seat.
    #[must_use]
    pub fn rematch(&self, now: Millis) -> Option<PeerSession> {
        let (outcome, _) = self.game().result()?;
        self.pg.rematch(now).map(|pg| PeerSession {
            secrets: self.secrets,
            series: self.series.rematch(outcome, false),
            ..PeerSession::new(pg)
        })
    }

    #[must_use]
    pub fn can_rematch(&self) -> bool {
        self.pg.can_rematch()
    }

    /// The series' score as it stands: with this game's result once it is over.
    #[must_use]
    pub fn series_now(&self) -> Series {
        match self.game().result() {
            Some((outcome, _)) => self.series.with(outcome),
            None => self.series,
        }
    }

    /// The peer game (read only: every change goes through this session).
    #[must_use]
    pub fn peer_game(&self) -> &PeerGame {
        &self.pg
    }

    #[must_use]
    pub fn game(&self) -> &Game {
        self.pg.game()
    }

    #[must_use]
    pub fn seat(&self) -> Side {
        self.pg.seat()
    }

    #[must_use]
    pub fn game_id(&self) -> &str {
        self.pg.game_id()
    }

    /// The game's time (shared by both devices) at this device's `now`.
    #[must_use]
    pub fn shared_now(&self, now: Millis) -> Millis {
        self.pg.shared_now(now)
    }

    /// Whether the other device is connected and heard from lately.
    #[must_use]
    pub fn online(&self) -> bool {
        self.pg.peer_present()
    }

    /// Whether the data channel is open.
    #[must_use]
    pub fn connected(&self) -> bool {
        self.pg.is_connected()
    }

    /// Our acts the other device has not confirmed yet.
    #[must_use]
    pub fn unconfirmed(&self) -> usize {
        self.pg.unconfirmed()
    }

    /// Why the two devices' records differ for good, if they do.
    #[must_use]
    pub fn divergence(&self) -> Option<&Divergence> {
        self.pg.divergence()
    }

    /// Whether our player may press Don't wait now (by this device's clock, with the grace).
    #[must_use]
    pub fn can_claim(&self, now: Millis) -> bool {
        self.pg.can_claim(now)
    }

    /// Whether an output saves now: always if it `shows` something; else only if the saved
    /// form changed and the output `sends` something (saved first, S13) or the last save is
    /// `SAVE_BATCH_MS` old — so a flood of the other's acts costs one save a batch, not one an
    /// act. Notes the save.
    pub fn saves(&mut self, now: Millis, shows: bool, sends: bool) -> bool {
        let due = sends || now >= self.last_save.saturating_add(SAVE_BATCH_MS);
        let save = shows || (self.needs_save && due);
        if save {
            self.needs_save = false;
            self.last_save = now;
        }
        save
    }

    /// Takes the messages waiting to be sent.
    pub fn take_outbox(&mut self) -> Vec<String> {
        std::mem::take(&mut self.outbox)
    }

    /// Takes the last warning about the other device's messages.
    pub fn take_warning(&mut self) -> Option<PeerError> {
        self.warning.take()
    }

    /// Takes what crossed in flight since the last call.
    pub fn take_crossings(&mut self) -> Vec<Crossing> {
        std::mem::take(&mut self.crossings)
    }

    /// Keeps what a call produced: its messages (encoded), the save flag and the crossings;
    /// returns its events.
    fn absorb(&mut self, out: PeerOutput) -> Vec<Event> {
        self.needs_save |= out.save;
        self.outbox.extend(out.send.iter().map(encode));
        // Acts of the other device that waited for our clock and were then refused.
        if let Some(e) = out.refused.last() {
            self.warning = Some(e.clone());
        }
        // Only our player's own acts are worth a word; a void tick or judgement is not.
        let told = self.crossings.len();
        for act in &out.crossed {
            match act {
                Act::Cmd(Command::ClaimWin { .. }) => self.crossings.push(Crossing::ClaimTooLate),
                Act::Cmd(cmd) if cmd.side() == Some(self.pg.seat()) && is_player_command(cmd) => {
                    self.crossings.push(Crossing::ActVoid);
                }
                _ => {}
            }
        }
        if out.rewound && self.crossings.len() == told {
            self.crossings.push(Crossing::Rewound);
        }
        out.events
    }

    /// Runs the fair-dice exchange as far as it can go now.
    fn step(&mut self, now: Millis, events: &mut Vec<Event>) {
        let mut fresh = self.secrets;
        let out = self.pg.step(now, &mut fresh);
        events.extend(self.absorb(out));
    }

    /// This player's command (played also while the link is down: it is sent once it is back).
    /// Standard: the player here rolls rather than doubles: this roll's dice exchange starts.
    pub fn roll(&mut self, now: Millis) -> Vec<Event> {
        self.pg.choose_roll();
        let mut events = Vec::new();
        self.step(now, &mut events);
        events
    }

    pub fn act(&mut self, cmd: Command, now: Millis) -> Result<Vec<Event>, PeerError> {
        let out = self.pg.local(cmd, now)?;
        let mut events = self.absorb(out);
        self.step(now, &mut events);
        Ok(events)
    }

    /// Time passing: heartbeats, presence, timed events, judgements and the dice.
    pub fn tick(&mut self, now: Millis) -> Vec<Event> {
        let mut fresh = self.secrets;
        let out = self.pg.tick(now, &mut fresh);
        self.absorb(out)
    }

    /// The link opened: introduce ourselves (hello and a heartbeat).
    pub fn on_open(&mut self, now: Millis) -> Vec<Event> {
        let out = self.pg.connected(now);
        let mut events = self.absorb(out);
        self.step(now, &mut events);
        events
    }

    /// The link closed.
    pub fn on_close(&mut self, now: Millis) -> Vec<Event> {
        let out = self.pg.disconnected(now);
        self.absorb(out)
    }

    /// A message from the other device. A bad one is refused (shown as a warning) and changes
    /// nothing, but what the refusal owes the other device (a `diverged` answer, a hello asking
    /// for lost acts) is still sent.
    pub fn receive(&mut self, text: &str, now: Millis) -> Vec<Event> {
        let mut events = Vec::new();
        match decode(text).and_then(|msg| self.pg.receive(msg, now)) {
            Ok(out) => events = self.absorb(out),
            Err(e) => {
                // A lost message is asked for again by itself: nothing to tell the player.
                if !matches!(e, PeerError::OutOfOrder { .. }) {
                    self.warning = Some(e);
                }
                // A refusal for good is saved (both records are kept for export).
                self.needs_save |= self.pg.divergence().is_some();
                let owed = self.pg.take_queued();
                self.outbox.extend(owed.iter().map(encode));
            }
        }
        self.step(now, &mut events);
        events
    }

    /// The saved form: the kind's tag around the peer game's own saved form.
    #[must_use]
    pub fn save(&self) -> String {
        let Ok(game) = RawValue::from_string(self.pg.save()) else {
            return String::new();
        };
        use super::remote::Remote as _;
        let summary = Summary {
            over: self.game().result().is_some(),
            unused: self.unheard_host() && self.game().record().commands.is_empty(),
        };
        serde_json::to_string(&Saved {
            version: SAVE_VERSION,
            kind: Kind::Peer.name(),
            game: &game,
            series: (!self.series.is_empty()).then_some(self.series),
            summary: Some(summary),
        })
        .unwrap_or_default()
    }

    /// This game as the session holds it.
    #[must_use]
    pub fn boxed(self) -> Box<dyn super::remote::Remote> {
        Box::new(self)
    }

    /// Reads a saved peer game (see [`PeerSession::save`]). A game saved under protocol v1
    /// cannot be continued: [`LoadError::OldPeerGame`].
    pub fn load(text: &str) -> Result<PeerSession, LoadError> {
        let version = serde_json::from_str::<Version>(text)
            .map_err(|_| LoadError::Unreadable)?
            .version;
        if version == 1 {
            return Err(LoadError::OldPeerGame);
        }
        let saved: Saved<'_, Form<Series>> =
            serde_json::from_str(text).map_err(|_| LoadError::Unreadable)?;
        if saved.version != SAVE_VERSION || saved.kind != Kind::Peer.name() {
            return Err(LoadError::UnknownVersion {
                version: saved.version,
            });
        }
        let pg = PeerGame::load(saved.game.get()).map_err(LoadError::Peer)?;
        let series = match saved.series {
            Some(form) => form
                .read(Series::decode)
                .and_then(Series::checked)
                .ok_or(LoadError::Unreadable)?,
            None => Series::default(),
        };
        Ok(PeerSession {
            series,
            ..PeerSession::new(pg)
        })
    }
}

impl super::remote::Remote for PeerSession {
    fn next_game(&self, now: Millis) -> Option<Box<dyn super::remote::Remote>> {
        PeerSession::next_game(self, now).map(|p| Box::new(p) as Box<dyn super::remote::Remote>)
    }
    fn rematch(&self, now: Millis) -> Option<Box<dyn super::remote::Remote>> {
        PeerSession::rematch(self, now).map(|p| Box::new(p) as Box<dyn super::remote::Remote>)
    }
    fn can_rematch(&self) -> bool {
        PeerSession::can_rematch(self)
    }
    fn series_now(&self) -> Series {
        PeerSession::series_now(self)
    }
    fn game(&self) -> &Game {
        PeerSession::game(self)
    }
    fn seat(&self) -> Side {
        PeerSession::seat(self)
    }
    fn game_id(&self) -> &str {
        PeerSession::game_id(self)
    }
    fn shared_now(&self, now: Millis) -> Millis {
        PeerSession::shared_now(self, now)
    }
    fn online(&self) -> bool {
        PeerSession::online(self)
    }
    fn connected(&self) -> bool {
        PeerSession::connected(self)
    }
    fn unconfirmed(&self) -> usize {
        PeerSession::unconfirmed(self)
    }
    fn divergence(&self) -> Option<&Divergence> {
        PeerSession::divergence(self)
    }
    fn can_claim(&self, now: Millis) -> bool {
        PeerSession::can_claim(self, now)
    }
    fn saves(&mut self, now: Millis, shows: bool, sends: bool) -> bool {
        PeerSession::saves(self, now, shows, sends)
    }
    fn take_outbox(&mut self) -> Vec<String> {
        PeerSession::take_outbox(self)
    }
    fn take_warning(&mut self) -> Option<PeerError> {
        PeerSession::take_warning(self)
    }
    fn take_crossings(&mut self) -> Vec<Crossing> {
        PeerSession::take_crossings(self)
    }
    fn roll(&mut self, now: Millis) -> Vec<Event> {
        PeerSession::roll(self, now)
    }
    fn act(&mut self, cmd: Command, now: Millis) -> Result<Vec<Event>, PeerError> {
        PeerSession::act(self, cmd, now)
    }
    fn tick(&mut self, now: Millis) -> Vec<Event> {
        PeerSession::tick(self, now)
    }
    fn on_open(&mut self, now: Millis) -> Vec<Event> {
        PeerSession::on_open(self, now)
    }
    fn on_close(&mut self, now: Millis) -> Vec<Event> {
        PeerSession::on_close(self, now)
    }
    fn receive(&mut self, text: &str, now: Millis) -> Vec<Event> {
        PeerSession::receive(self, text, now)
    }
    fn save(&self) -> String {
        PeerSession::save(self)
    }
    fn unheard_host(&self) -> bool {
        let pg = &self.pg;
        pg.seat() == Side::White && pg.logs()[Side::Black].is_empty()
    }
    fn proofs(&self) -> vrhcaby_rules::proof::Proofs {
        self.pg.proofs()
    }
    fn peer_game(&self) -> &PeerGame {
        &self.pg
    }
}
