//! One device's side of a game between two devices: its own log of acts and the other's, the
//! record folded from both (`fold`), the link as this device sees it, and the deadlines this
//! device holds the other side to (`judge`). Messages from the other device are checked in
//! `receive`; the saved form is in `save`.
//!
//! Nothing here talks to the network or reads a clock: every method takes this device's `now`
//! and returns an [`Output`] with the messages to send.

mod exchange;
mod judge;
mod link;
mod receive;
mod record;
mod save;
mod trust;

use vrhcaby_rules::{BySide, Command, Event, Game, Millis, Phase, Record, Side, Variant};

pub use crate::act::is_player_command;
use crate::act::{Act, Authored};
use crate::clock::ClockSync;
use crate::error::PeerError;
use crate::fold::{Fold, Void};
use crate::message::{Message, VERSION};
use receive::Recv;
pub use save::{next_game_id, rematch_id};

/// The other device counts as offline after this long without any message (heartbeats come
/// every second).
pub const OFFLINE_AFTER_MS: Millis = 5_000;
/// How often this device sends a heartbeat.
pub const HEARTBEAT_MS: Millis = 1_000;
/// A judgement about this device (offline, late with the dice) is taken only if this device
/// itself saw the link down within this much of its time.
pub const PRESENCE_TOLERANCE_MS: Millis = 15_000;
/// No real game comes near this many acts per device.
pub const MAX_ACTS: usize = 8_192;
/// Acts of ours the other device may act without having seen.
const MAX_CROSSING: usize = 512;
/// A gap this long between two ticks means this device was asleep.
const SLEEP_GAP_MS: Millis = 3_000;
/// The link-down spans kept for checking judgements about this device.
const MAX_DOWN: usize = 64;
/// While a game is on, a save is asked for at least this often, so that a reloaded page knows
/// until when it was open (its closed span starts there, not at the last act).
pub const ALIVE_SAVE_MS: Millis = 2_000;

/// What a call produced: events for the screen, messages to send, whether to save first.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub events: Vec<Event>,
    /// Messages for the other device, in order. Save first when `save` is set.
    pub send: Vec<Message>,
    /// The saved form changed (a new act, a new secret): save before sending.
    pub save: bool,
    /// The record changed before its end (two acts crossed): redraw from the game.
    pub rewound: bool,
    /// Acts of ours that became void because an act of the other side crossed them.
    pub crossed: Vec<Act>,
    /// Acts of the other device refused while time passed (they waited for our clock).
    pub refused: Vec<PeerError>,
}

impl Output {
    fn merge(&mut self, other: Output) {
        self.events.extend(other.events);
        self.send.extend(other.send);
        self.save |= other.save;
        self.rewound |= other.rewound;
        self.crossed.extend(other.crossed);
        self.refused.extend(other.refused);
    }
}

/// Why the two devices' records differ for good: act `n` of one device's log was refused by
/// the other (`code` names why, see [`PeerError::code`]). Both records are kept for export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    pub n: u32,
    /// This device refused the other's act (else the other refused ours).
    pub refused_by_us: bool,
    pub code: String,
}

/// The link as this device sees it.
#[derive(Clone, Debug, Default)]
struct Link {
    /// The channel is open (the app says so).
    up: bool,
    /// The other device was heard lately.
    present: bool,
    present_since: Millis,
    up_since: Millis,
    /// When the channel last closed (this device's clock).
    down_at: Millis,
    last_heard: Millis,
    last_beat: Millis,
    last_tick: Millis,
    /// When this device last woke from a sleep (no presence is judged right after), and its
    /// last tick before that sleep.
    awake_at: Millis,
    slept_from: Millis,
    /// The other device's last heartbeat (its clock) and when we got it (ours).
    echo: Option<(Millis, Millis)>,
    /// How many of our acts the other device says it holds.
    peer_have: u32,
    /// The place we last asked the other device to re-send from, and when.
    asked: Option<(u32, Millis)>,
    /// When our clock estimate became ready (this device's clock).
    ready_at: Millis,
    /// The other device's last hello on this channel named another game (it has moved on to a
    /// rematch or the next game): its acts, heartbeats and judgements are not for this game and
    /// are ignored until a hello for this game comes.
    other_game: bool,
    /// A hello for this game was heard since this game was made or loaded: no act of ours
    /// before it, so the other device cannot have made one of this game before it either.
    heard_game: bool,
    /// When this device began to hear the other at once (channel open, awake, heard lately).
    live_since: Millis,
    /// The other answered a heartbeat we sent on this channel: it had our hello, so what it
    /// re-sent for it has come (see `PeerGame::withheld`).
    settled: bool,
    /// Acts the other said it made that this device lacks: up to which, and since when (this
    /// device's clock) — on this channel.
    announced: Option<(u32, Millis)>,

    /// Hellos heard in the current second (rate limit): (second, count).
    hellos: (Millis, u32),
    /// When a save was last asked for to keep the moment this page was open (see `tick`).
    alive_saved: Millis,
}

/// The deadlines this device holds the other side to, by its own clock (S15).
#[derive(Clone, Debug, Default)]
struct Judge {
    /// The other side's move clock: its deadline (shared time) and when this device saw it start.
    clock: Option<(Millis, Millis)>,
    offline_judged: Option<Millis>,
    /// The dice exchange: its roll index and when this device saw it fall due.
    exchange: Option<(u32, Millis)>,
    late_judged: Option<u32>,
    /// When this device got the other's commitment for a roll.
    their_commit: Option<(u32, Millis)>,
    /// Our move clock as our own act started it: its deadline (shared time) and when we made
    /// the act (this device's clock).
    own_start: Option<(Millis, Millis)>,
}

/// One device's side of a game between two devices.
#[derive(Clone, Debug)]
pub struct PeerGame {
    game_id: String,
    seat: Side,
    /// The game's rules and start position (an empty record).
    head: Record,
    logs: BySide<Vec<Authored>>,
    /// Our dice secrets by roll index (the current and the one before).
    secrets: Vec<(u32, [u8; 32])>,
    /// The fold up to the first act of ours the other device has not acknowledged.
    base: Fold,
    /// The fold of everything.
    cur: Fold,
    clock: ClockSync,
    link: Link,
    /// When each of our acts was last sent (this device's clock; 0 = not since loading).
    sent: Vec<Millis>,
    /// When each of our acts was first sent over an open channel (0 = not yet since loading).
    first_up: Vec<Millis>,
    /// When this game was made on this device (its clock; `None` after a load).
    born: Option<Millis>,
    /// What the other device's messages bound of its later acts (S20, see `link::Mark`): a
    /// frontier along which `made`, `at` and `have` all grow. Saved: it survives silences,
    /// closes and reloads.
    marks: Vec<link::Mark>,
    /// The most of our acts the other device has said it holds (its acts' `seen`, its
    /// heartbeats' `have`): it only grows, and is saved.
    holds: u32,
    /// Spans (shared time) when this device did not hear the other; the end is `None` while on.
    down: Vec<(Millis, Option<Millis>)>,
    /// Silences that ended in a close (shared time: the last message heard, the close): the
    /// network went away before this device noticed (see `disconnected`).
    quiet: Vec<(Millis, Millis)>,
    judge: Judge,
    /// The other device's acts we refused, kept for export.
    refused: Vec<(u32, Authored)>,
    divergence: Option<Divergence>,
    /// Messages owed to the other device after a refusal (see [`PeerGame::take_queued`]).
    queued: Vec<Message>,
    /// The other device's acts stamped a little ahead of our clock, waiting for it.
    /// (index, act, when this device first had it if its clock was synchronised then)
    deferred: std::collections::VecDeque<(u32, Authored, Recv)>,
    /// The other device's acts that came after a gap, waiting for it to fill.
    early: std::collections::BTreeMap<u32, Authored>,
    /// Standard: the roll the player here chose to throw (not saved: after a reload the
    /// player chooses again).
    roll_chosen: Option<u32>,
}

pub(super) fn void_error(v: Void, a: &Authored) -> PeerError {
    match v {
        Void::Rules(e) => PeerError::Rejected(e),
        Void::NotTheirs => PeerError::NotAllowedFromPeer("this act"),
        Void::NoEffect => PeerError::PresenceUnseen { t: a.t },
        Void::Dice => PeerError::BadDiceMessage {
            roll: match a.act {
                Act::Commit { roll, .. } | Act::Reveal { roll, .. } | Act::Roll { roll } => roll,
                Act::Cmd(_) => 0,
            },
        },
    }
}

impl PeerGame {
    /// A new game under the house rules for the player of `seat`, made on this device at
    /// `now` (the lot's exchange falls due then, S14; the record's creation time is the first
    /// commitment to the lot, which both devices fold alike).
    #[must_use]
    pub fn new(game_id: String, seat: Side, now: Millis) -> PeerGame {
        PeerGame::new_under(game_id, seat, Variant::VRHCABY, now)
    }

    /// A new game under `variant` (standard backgammon with its options: the opening roll is
    /// thrown by the same exchange as the lot, and a tie by the next one).
    #[must_use]
    pub fn new_under(game_id: String, seat: Side, variant: Variant, now: Millis) -> PeerGame {
        let head = Record::for_variant(variant, None);
        let game = Game::with_variant(variant, None).unwrap_or_default();
        let mut pg = PeerGame::with_game(game_id, seat, head, BySide::default(), game);
        pg.born = Some(now);
        pg.refresh(now);
        pg
    }

    /// Standard: the player here chose to roll rather than double: this roll's exchange may
    /// start (while the cube is theirs to turn, this device holds its commitment back).
    pub fn choose_roll(&mut self) {
        self.roll_chosen = Some(self.cur.roll);
    }

    /// The game of `head` (its rules and start position) with both logs folded.
    fn build(
        game_id: String,
        seat: Side,
        head: Record,
        logs: BySide<Vec<Authored>>,
    ) -> Result<PeerGame, PeerError> {
        let game = fresh_game(&head)?;
        Ok(PeerGame::with_game(game_id, seat, head, logs, game))
    }

    fn with_game(
        game_id: String,
        seat: Side,
        head: Record,
        logs: BySide<Vec<Authored>>,
        game: Game,
    ) -> PeerGame {
        let fold = Fold::new(game);
        let mut pg = PeerGame {
            game_id,
            seat,
            head,
            sent: vec![0; logs[seat].len()],
            first_up: vec![0; logs[seat].len()],
            born: None,
            marks: Vec::new(),
            holds: 0,
            logs,
            secrets: Vec::new(),
            base: fold.clone(),
            cur: fold,
            clock: ClockSync::default(),
            link: Link::default(),
            down: Vec::new(),
            quiet: Vec::new(),
            judge: Judge::default(),
            refused: Vec::new(),
            divergence: None,
            queued: Vec::new(),
            deferred: Default::default(),
            early: Default::default(),
            roll_chosen: None,
        };
        pg.refold(None);
        pg
    }

    /// The game: the record folded from both devices' acts.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.cur.game
    }

    /// This device's player.
    #[must_use]
    pub fn seat(&self) -> Side {
        self.seat
    }

    #[must_use]
    pub fn game_id(&self) -> &str {
        &self.game_id
    }

    /// When the game was created (shared time): the first commitment to the lot.
    #[must_use]
    pub fn created(&self) -> Option<Millis> {
        self.cur.game.created()
    }

    /// Both logs (White's, Black's), for export and tests.
    #[must_use]
    pub fn logs(&self) -> &BySide<Vec<Authored>> {
        &self.logs
    }

    /// Shared time at this device's `now`: what the game's clocks and stamps use.
    #[must_use]
    pub fn shared_now(&self, now: Millis) -> Millis {
        self.clock.shared(now)
    }

    /// The estimated offset of the other device's clock (ms ahead of ours).
    #[must_use]
    pub fn clock_offset(&self) -> i64 {
        self.clock.offset()
    }

    /// Whether the channel is open.
    #[must_use]
    pub fn is_connected(&self) -> bool {
        self.link.up
    }

    /// Whether the other device is connected and heard from lately.
    #[must_use]
    pub fn peer_present(&self) -> bool {
        self.link.up && self.link.present
    }

    /// Acts of ours the other device has not confirmed yet (shown as "not receiving").
    #[must_use]
    pub fn unconfirmed(&self) -> usize {
        let acked = self.acked().max(self.link.peer_have as usize);
        self.logs[self.seat].len().saturating_sub(acked)
    }

    /// Why the two records differ for good, if they do.
    #[must_use]
    pub fn divergence(&self) -> Option<&Divergence> {
        self.divergence.as_ref()
    }

    /// The other device's acts this device refused (for export with the record).
    #[must_use]
    pub fn refused(&self) -> &[(u32, Authored)] {
        &self.refused
    }

    /// When (shared time) our act `i` first went out over a channel this device had not seen
    /// closed — what S17 counts as sent over an open link — if it has.
    #[must_use]
    pub fn first_sent(&self, i: usize) -> Option<Millis> {
        self.first_up
            .get(i)
            .copied()
            .filter(|&at| at != 0)
            .map(|at| self.clock.shared(at))
    }

    /// The index of the roll being (or next to be) thrown: 0 is the lot.
    #[must_use]
    pub fn roll_index(&self) -> u32 {
        self.cur.roll
    }

    fn peer(&self) -> Side {
        !self.seat
    }

    /// How many of our acts the other device has acknowledged in its own acts (binding: its
    /// later acts cannot have seen fewer).
    fn acked(&self) -> usize {
        self.logs[self.peer()].last().map_or(0, |a| a.seen as usize)
    }

    /// The first message on every (re)connection.
    #[must_use]
    pub fn hello(&self) -> Message {
        Message::Hello {
            version: VERSION,
            game_id: self.game_id.clone(),
            seat: self.seat,
            have: u32::try_from(self.logs[self.peer()].len()).unwrap_or(u32::MAX),
            options: self.head.options,
        }
    }

    /// The latest time we know of: the record's last, or either log's last stamp.
    fn latest_stamp(&self) -> Millis {
        let mut t = self.cur.game.last_time().unwrap_or(0);
        for side in Side::ALL {
            if let Some(last) = self.logs[side].last() {
                t = t.max(last.t);
            }
        }
        t
    }

    /// The stamp for a new act of ours: now in shared time, never before anything we know.
    fn stamp(&self, now: Millis) -> Millis {
        self.clock.shared(now).max(self.latest_stamp())
    }

    /// Appends `author`'s act that comes after everything known (it has seen every act of the
    /// other log): it must take effect at the end of the fold, or nothing changes.
    fn append(&mut self, author: Side, a: Authored) -> Result<Vec<Event>, PeerError> {
        let mut trial = self.cur.clone();
        trial.events.clear();
        trial
            .apply(author, &a, &self.game_id)
            .map_err(|v| void_error(v, &a))?;
        trial.pos[author] += 1;
        self.logs[author].push(a);
        let events = std::mem::take(&mut trial.events);
        self.cur = trial;
        Ok(events)
    }

    /// Appends an act of ours stamped `t`: it must take effect where it lands (at the end).
    fn author_at(&mut self, act: Act, t: Millis, now: Millis) -> Result<Output, PeerError> {
        if self.logs[self.seat].len() >= MAX_ACTS {
            return Err(PeerError::TooLong);
        }
        let seen = u32::try_from(self.logs[self.peer()].len()).unwrap_or(u32::MAX);
        let a = Authored { t, seen, act };
        let events = self.append(self.seat, a)?;
        let n = u32::try_from(self.logs[self.seat].len() - 1).unwrap_or(u32::MAX);
        let mut out = Output {
            events,
            save: true,
            ..Output::default()
        };
        self.new_slot();
        if self.link.up {
            out.send.push(Message::Act { n, act: a });
            self.sent_now(n as usize, now);
        }
        // Our act started (or restarted) our own move clock: when, by our own clock.
        let g = &self.cur.game;
        if g.phase() == Phase::Moving && g.turn() == Some(self.seat) {
            if let Some(d) = g.deadline() {
                if self.judge.own_start.map(|(dd, _)| dd) != Some(d) {
                    self.judge.own_start = Some((d, now));
                }
            }
        }
        self.refresh(now);
        Ok(out)
    }

    fn author(&mut self, act: Act, now: Millis) -> Result<Output, PeerError> {
        let t = self.stamp(now);
        self.author_at(act, t, now)
    }

    /// This device's player acts (never refused for a missing link: it is sent once the link
    /// is back, S16). A claim waits for the other side's time plus the grace on this device.
    pub fn local(&mut self, cmd: Command, now: Millis) -> Result<Output, PeerError> {
        if !is_player_command(&cmd) {
            return Err(PeerError::NotAPlayerCommand(cmd.name()));
        }
        if cmd.side() != Some(self.seat) {
            return Err(PeerError::WrongSide { side: cmd.side() });
        }
        if matches!(cmd, Command::ClaimWin { .. }) && !self.can_claim(now) {
            return Err(PeerError::NotLateYet);
        }
        self.author(Act::Cmd(cmd), now)
    }

    /// Whether our player may press Don't wait now: the rules allow it and, for a move clock,
    /// 60 s plus the grace have passed on this device since it saw the clock start (S15).
    #[must_use]
    pub fn can_claim(&self, now: Millis) -> bool {
        let g = &self.cur.game;
        let t = self.clock.shared(now);
        if g.claimant(t.max(g.last_time().unwrap_or(0))) != Some(self.seat) {
            return false;
        }
        match g.phase() {
            Phase::Moving => self.judge.clock.is_some_and(|(d, at)| {
                Some(d) == g.deadline()
                    && now >= at.saturating_add(vrhcaby_rules::MOVE_TIME_MS + crate::GRACE_MS)
            }),
            _ => true,
        }
    }

    /// Time passing: heartbeats, the other device's presence, the clock events due, the
    /// deadlines this device holds the other side to, and the dice.
    pub fn tick(&mut self, now: Millis, fresh: &mut dyn FnMut() -> [u8; 32]) -> Output {
        let mut out = Output::default();
        self.wake_check(now);
        self.link.last_tick = now;
        let heard = self.link.last_heard.max(self.link.awake_at);
        if self.link.present && (!self.link.up || now.saturating_sub(heard) >= OFFLINE_AFTER_MS) {
            self.end_live();
        }
        if self.link.up && now >= self.link.last_beat.saturating_add(HEARTBEAT_MS) {
            let beat = self.heartbeat(now);
            out.send.push(beat);
        }
        out.merge(self.flush_deferred(now));
        let t = self.clock.shared(now);
        if self.cur.game.next_due().is_some_and(|d| d <= t) {
            if let Ok(o) = self.author(Act::Cmd(Command::Tick), now) {
                out.merge(o);
            }
        }
        out.merge(self.judge(now));
        out.merge(self.step(now, fresh));
        out.send.extend(self.resend_parts(now));
        if self.cur.game.result().is_none()
            && now >= self.link.alive_saved.saturating_add(ALIVE_SAVE_MS)
        {
            self.link.alive_saved = now;
            out.save = true;
        }
        out
    }

    /// Notes when this device saw the other side's clock or a dice exchange start.
    fn refresh(&mut self, now: Millis) {
        let g = &self.cur.game;
        match g.phase() {
            Phase::Moving if g.turn() == Some(self.peer()) => {
                if let Some(d) = g.deadline() {
                    if self.judge.clock.map(|(dd, _)| dd) != Some(d) {
                        self.judge.clock = Some((d, now));
                    }
                }
            }
            Phase::Lot | Phase::Rolling => {
                let k = self.cur.roll;
                if self.judge.exchange.map(|(kk, _)| kk) != Some(k) {
                    self.judge.exchange = Some((k, now));
                }
                let theirs = self.cur.parts.commit[self.peer()].is_some();
                if theirs && self.judge.their_commit.map(|(kk, _)| kk) != Some(k) {
                    self.judge.their_commit = Some((k, now));
                }
            }
            _ => {}
        }
    }
}

fn fresh_game(head: &Record) -> Result<Game, PeerError> {
    let mut record = head.clone();
    record.commands.clear();
    record.created = None;
    record.replay().map_err(PeerError::Record)
}
