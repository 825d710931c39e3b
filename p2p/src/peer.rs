//! One device's view of a game between two devices.

use vrhcaby_rules::{Command, Entry, Event, Game, Millis, Phase, Record, Side};

use crate::dice::{commitment, dice_from_secrets, from_hex32, lot_from_secrets, to_hex};
use crate::error::PeerError;
use crate::merge::{merge, Merge};
use crate::message::{record_hash, Message, CLOCK_TOLERANCE_MS, VERSION};

/// The commit–reveal exchange for one roll index (the lot is index 0, then every roll).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Exchange {
    index: u32,
    /// Our secret, drawn when we commit.
    mine: Option<[u8; 32]>,
    commit_sent: bool,
    /// The time stamp of our reveal, fixed when we first reveal.
    my_reveal: Option<Millis>,
    reveal_sent: bool,
    their_commit: Option<[u8; 32]>,
    /// Their secret (already checked against their commitment) and its time stamp.
    their_reveal: Option<([u8; 32], Millis)>,
}

/// One side's view of a peer-to-peer game: the rules machine, this device's seat, the game id,
/// the fair-dice exchange and the connection as this device sees it.
///
/// Nothing here talks to the network: every method returns the messages to send.
#[derive(Clone, Debug)]
pub struct PeerGame {
    game: Game,
    seat: Side,
    game_id: String,
    exchange: Exchange,
    /// The last completed exchange, to recognise (and re-send) its messages after a reconnect.
    previous: Option<Exchange>,
    /// A commitment for the next roll that arrived before this device finished the current one.
    early_commit: Option<(u32, [u8; 32])>,
    /// Whether the channel is up, as told by `observe(Online/Offline)` and Hello.
    link_up: bool,
    halted: Option<PeerError>,
}

type Output = (Vec<Event>, Vec<Message>);

fn nothing() -> Output {
    (Vec::new(), Vec::new())
}

/// Start and Dice entries in the record: the index of the next roll (0 = the lot).
fn roll_index(commands: &[Entry]) -> u32 {
    let n = commands
        .iter()
        .filter(|e| matches!(e.cmd, Command::Start { .. } | Command::Dice { .. }))
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn is_player_command(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::Move { .. }
            | Command::OfferDraw { .. }
            | Command::AcceptDraw { .. }
            | Command::DeclineDraw { .. }
            | Command::Resign { .. }
            | Command::ClaimWin { .. }
            | Command::Leave { .. }
    )
}

/// The earliest time `≤ upto` at which a tick changes the game (an offer lapses, an offline
/// mover's time runs out, ten hours pass), if any: the rules core's [`Game::next_due`]. Both
/// devices find the same time from the same record, so a tick recorded at exactly that time is
/// the same entry on both. Nothing is due before the lot (a tick there is refused).
fn due_tick(game: &Game, upto: Millis) -> Option<Millis> {
    game.next_due().filter(|&t| t <= upto)
}

/// Records every tick due by `upto`, each at its exact due time.
fn flush_ticks(game: &mut Game, upto: Millis) -> Vec<Event> {
    let mut events = Vec::new();
    while let Some(t) = due_tick(game, upto) {
        match game.apply(Command::Tick, t) {
            Ok(e) => events.extend(e),
            Err(_) => break,
        }
    }
    events
}

impl PeerGame {
    /// A new game (the standard start, waiting for the lot) for the player of `seat`.
    #[must_use]
    pub fn new(game_id: String, seat: Side) -> PeerGame {
        PeerGame::with_game(game_id, seat, Game::new())
    }

    /// Resumes a saved game: the record is replayed.
    pub fn from_record(
        game_id: String,
        seat: Side,
        record: &Record,
    ) -> Result<PeerGame, PeerError> {
        let game = record.replay().map_err(PeerError::Record)?;
        Ok(PeerGame::with_game(game_id, seat, game))
    }

    fn with_game(game_id: String, seat: Side, game: Game) -> PeerGame {
        let exchange = Exchange {
            index: roll_index(&game.record().commands),
            ..Exchange::default()
        };
        PeerGame {
            game,
            seat,
            game_id,
            exchange,
            previous: None,
            early_commit: None,
            link_up: true,
            halted: None,
        }
    }

    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
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

    /// Set after a fair-dice violation: every later call is refused; the record is kept.
    #[must_use]
    pub fn halted(&self) -> Option<&PeerError> {
        self.halted.as_ref()
    }

    /// Whether this device believes the channel is up.
    #[must_use]
    pub fn is_connected(&self) -> bool {
        self.link_up
    }

    /// The index of the roll being (or next to be) thrown: 0 is the lot.
    #[must_use]
    pub fn roll_index(&self) -> u32 {
        self.exchange.index
    }

    /// Our secret for the current roll, once committed, and the time stamp of our reveal, once
    /// revealed. Save it with the record: after a reload, [`PeerGame::restore_secret`] keeps
    /// the commitment the other device already holds.
    #[must_use]
    pub fn pending_secret(&self) -> Option<(u32, [u8; 32], Option<Millis>)> {
        self.exchange
            .mine
            .map(|s| (self.exchange.index, s, self.exchange.my_reveal))
    }

    /// Puts back a secret saved by [`PeerGame::pending_secret`] (only for the current roll and
    /// before a new one is drawn). Returns whether it was taken.
    pub fn restore_secret(
        &mut self,
        roll: u32,
        secret: [u8; 32],
        revealed_at: Option<Millis>,
    ) -> bool {
        self.sync_exchange();
        if roll != self.exchange.index || self.exchange.mine.is_some() {
            return false;
        }
        self.exchange.mine = Some(secret);
        self.exchange.my_reveal = revealed_at;
        self.exchange.commit_sent = false;
        self.exchange.reveal_sent = false;
        true
    }

    /// The first message on every (re)connection.
    #[must_use]
    pub fn hello(&self) -> Message {
        Message::Hello {
            version: VERSION,
            game_id: self.game_id.clone(),
            seat: self.seat,
            record_len: self.game.record().commands.len(),
            record_hash: record_hash(self.game.record()),
        }
    }

    /// Our whole record, for the other device to merge.
    #[must_use]
    pub fn sync(&self) -> Message {
        Message::Sync {
            record: self.game.record().to_json(),
        }
    }

    /// The dice messages we have sent for the last completed roll and the current one, again
    /// (after a reconnect some may have been lost; the other device ignores exact duplicates).
    pub fn resend(&mut self) -> Vec<Message> {
        let mut out = Vec::new();
        if let Some(prev) = &self.previous {
            out.extend(self.dice_messages(prev));
        }
        let current = self.dice_messages(&self.exchange);
        self.exchange.commit_sent = self.exchange.mine.is_some();
        self.exchange.reveal_sent = self.exchange.my_reveal.is_some();
        out.extend(current);
        out
    }

    fn dice_messages(&self, ex: &Exchange) -> Vec<Message> {
        let mut out = Vec::new();
        if let Some(secret) = ex.mine {
            out.push(self.commit_message(ex.index, &secret));
            if let Some(t) = ex.my_reveal {
                out.push(Message::Reveal {
                    roll: ex.index,
                    secret: to_hex(&secret),
                    t,
                });
            }
        }
        out
    }

    fn commit_message(&self, roll: u32, secret: &[u8; 32]) -> Message {
        Message::Commit {
            roll,
            hash: to_hex(&commitment(&self.game_id, roll, self.seat, secret)),
        }
    }

    fn peer(&self) -> Side {
        !self.seat
    }

    fn last(&self) -> Millis {
        self.game.last_time().unwrap_or(0)
    }

    fn check(&self) -> Result<(), PeerError> {
        match self.halted {
            Some(_) => Err(PeerError::Halted),
            None => Ok(()),
        }
    }

    /// The connection is down and the other device is the one that records meanwhile.
    fn frozen(&self) -> bool {
        !self.link_up && !self.game.is_offline(self.peer())
    }

    /// Moves the exchange on when the record has a new Start or Dice entry.
    fn sync_exchange(&mut self) {
        let index = roll_index(&self.game.record().commands);
        if index != self.exchange.index {
            let old = std::mem::replace(
                &mut self.exchange,
                Exchange {
                    index,
                    ..Exchange::default()
                },
            );
            if old.index < index {
                self.previous = Some(old);
            }
            if let Some((roll, hash)) = self.early_commit.take() {
                if roll == index {
                    self.exchange.their_commit = Some(hash);
                }
            }
        }
    }

    fn commit_game(&mut self, game: Game) {
        self.game = game;
        self.sync_exchange();
    }

    /// This device's player acts. The command's side must be our seat; it is applied at
    /// `max(now, last time)` after any clock event due by then, and the returned message is
    /// sent to the other device.
    pub fn local(&mut self, cmd: Command, now: Millis) -> Result<(Vec<Event>, Message), PeerError> {
        self.check()?;
        if !is_player_command(&cmd) {
            return Err(PeerError::NotAPlayerCommand(cmd.name()));
        }
        if cmd.side() != Some(self.seat) {
            return Err(PeerError::WrongSide { side: cmd.side() });
        }
        if self.frozen() {
            return Err(PeerError::Disconnected);
        }
        let t = now.max(self.last());
        let mut game = self.game.clone();
        let mut events = flush_ticks(&mut game, t);
        let seq = game.record().commands.len();
        events.extend(game.apply(cmd, t)?);
        self.commit_game(game);
        Ok((
            events,
            Message::Command {
                seq,
                entry: Entry { t, cmd },
            },
        ))
    }

    /// This device's own observations: `Tick` (every clock event due by `now` is recorded at its
    /// exact due time; nothing is applied when nothing is due), `Offline { peer }` and
    /// `Online { peer }` when the channel drops or comes back.
    ///
    /// While the channel is down exactly one device records: the one whose peer is on turn
    /// (it records `Offline { peer }`, its ticks and its player's commands); the other device
    /// records nothing until the channel is back, and then adopts the record by Sync. Presence
    /// entries therefore never travel live (the message is `None`); a tick's message is the
    /// last tick entry (the other device derives the same ticks itself).
    pub fn observe(
        &mut self,
        cmd: Command,
        now: Millis,
    ) -> Result<(Vec<Event>, Option<Message>), PeerError> {
        self.check()?;
        let peer = self.peer();
        match cmd {
            Command::Tick => {
                if self.frozen() {
                    return Ok((Vec::new(), None));
                }
                let len = self.game.record().commands.len();
                let mut game = self.game.clone();
                let events = flush_ticks(&mut game, now);
                let new_len = game.record().commands.len();
                if new_len == len {
                    return Ok((Vec::new(), None));
                }
                let entry = game.record().commands[new_len - 1];
                self.commit_game(game);
                let msg = self.link_up.then_some(Message::Command {
                    seq: new_len - 1,
                    entry,
                });
                Ok((events, msg))
            }
            Command::Offline { side } | Command::Online { side } => {
                if side != peer {
                    return Err(PeerError::WrongSide { side: Some(side) });
                }
                let online = matches!(cmd, Command::Online { .. });
                self.link_up = online;
                let record = if online {
                    self.game.is_offline(peer)
                } else {
                    !self.game.is_offline(peer) && self.game.turn() == Some(peer)
                };
                if !record || self.game.result().is_some() {
                    return Ok((Vec::new(), None));
                }
                let t = now.max(self.last());
                let mut game = self.game.clone();
                let mut events = flush_ticks(&mut game, t);
                if game.result().is_none() {
                    events.extend(game.apply(cmd, t)?);
                }
                self.commit_game(game);
                Ok((events, None))
            }
            _ => Err(PeerError::NotAPlayerCommand(cmd.name())),
        }
    }

    /// Drives the fair dice. Call it after every `local`, `observe` and `receive` (and on a
    /// timer is harmless): it returns the Commit / Reveal messages due, and once both secrets
    /// are known and verified it applies Start (the lot) or Dice at the later reveal time.
    pub fn step(
        &mut self,
        now: Millis,
        fresh: &mut dyn FnMut() -> [u8; 32],
    ) -> Result<Output, PeerError> {
        self.check()?;
        self.sync_exchange();
        if !self.link_up || !matches!(self.game.phase(), Phase::Lot | Phase::Rolling) {
            return Ok(nothing());
        }
        let mut msgs = Vec::new();
        let index = self.exchange.index;
        let secret = match self.exchange.mine {
            Some(s) => s,
            None => {
                let s = fresh();
                self.exchange.mine = Some(s);
                self.exchange.commit_sent = false;
                s
            }
        };
        if !self.exchange.commit_sent {
            msgs.push(self.commit_message(index, &secret));
            self.exchange.commit_sent = true;
        }
        // Our secret is revealed only once the other device is bound by its commitment.
        if self.exchange.their_commit.is_none() {
            return Ok((Vec::new(), msgs));
        }
        let my_t = match self.exchange.my_reveal {
            Some(t) => t,
            None => {
                let t = now.max(self.last());
                self.exchange.my_reveal = Some(t);
                self.exchange.reveal_sent = false;
                t
            }
        };
        if !self.exchange.reveal_sent {
            msgs.push(Message::Reveal {
                roll: index,
                secret: to_hex(&secret),
                t: my_t,
            });
            self.exchange.reveal_sent = true;
        }
        Ok((self.complete_roll(), msgs))
    }

    /// Applies the lot or the roll once both secrets are out (ours sent, theirs verified),
    /// at the later of the two reveal times. Returns the events (none if not complete yet).
    fn complete_roll(&mut self) -> Vec<Event> {
        let ex = &self.exchange;
        let (Some(mine), Some(my_t), Some((theirs, their_t))) =
            (ex.mine, ex.my_reveal, ex.their_reveal)
        else {
            return Vec::new();
        };
        if !matches!(self.game.phase(), Phase::Lot | Phase::Rolling) {
            return Vec::new();
        }
        let cmd = self.exchange_command(&mine, &theirs);
        let t = my_t.max(their_t).max(self.last());
        let mut game = self.game.clone();
        let mut events = flush_ticks(&mut game, t);
        if matches!(game.phase(), Phase::Lot | Phase::Rolling) {
            match game.apply(cmd, t) {
                Ok(e) => events.extend(e),
                // Cannot happen with equal records: leave the game as it was.
                Err(_) => return Vec::new(),
            }
        }
        self.commit_game(game);
        events
    }

    /// Start (the lot, roll index 0) or Dice from both secrets.
    fn exchange_command(&self, mine: &[u8; 32], theirs: &[u8; 32]) -> Command {
        let (white, black) = match self.seat {
            Side::White => (mine, theirs),
            Side::Black => (theirs, mine),
        };
        if self.exchange.index == 0 {
            Command::Start {
                first: lot_from_secrets(&self.game_id, white, black),
            }
        } else {
            Command::Dice {
                dice: dice_from_secrets(&self.game_id, self.exchange.index, white, black),
            }
        }
    }

    /// A message from the other device. Everything is checked; on an error nothing changes
    /// (except that a reveal that does not match its commitment halts the game).
    pub fn receive(&mut self, msg: Message, now: Millis) -> Result<Output, PeerError> {
        self.check()?;
        self.sync_exchange();
        match msg {
            Message::Hello {
                version,
                game_id,
                seat,
                record_len,
                record_hash: hash,
            } => {
                if version != VERSION {
                    return Err(PeerError::Version {
                        ours: VERSION,
                        theirs: version,
                    });
                }
                if game_id != self.game_id {
                    return Err(PeerError::WrongGame {
                        ours: self.game_id.clone(),
                        theirs: game_id,
                    });
                }
                if seat == self.seat {
                    return Err(PeerError::SameSeat(seat));
                }
                self.link_up = true;
                let mut msgs = self.resend();
                if record_len != self.game.record().commands.len()
                    || hash != record_hash(self.game.record())
                {
                    msgs.push(self.sync());
                }
                Ok((Vec::new(), msgs))
            }
            Message::Command { seq, entry } => {
                let (game, events) = self.receive_command(seq, entry, now)?;
                if let Some(game) = game {
                    self.commit_game(game);
                }
                Ok((events, Vec::new()))
            }
            Message::Commit { roll, hash } => {
                self.receive_commit(roll, &hash)?;
                Ok(nothing())
            }
            Message::Reveal { roll, secret, t } => {
                self.receive_reveal(roll, &secret, t, now)?;
                // If we have revealed too, the roll is complete now: the other device may
                // already be sending messages about the next one.
                Ok((self.complete_roll(), Vec::new()))
            }
            Message::Heartbeat { .. } => Ok(nothing()),
            Message::Sync { record } => self.receive_sync(&record),
        }
    }

    /// The game after the peer's command (`None`: unchanged) and its events.
    fn receive_command(
        &self,
        seq: usize,
        entry: Entry,
        now: Millis,
    ) -> Result<(Option<Game>, Vec<Event>), PeerError> {
        let max = now.saturating_add(CLOCK_TOLERANCE_MS);
        let len = self.game.record().commands.len();
        if seq < len {
            return self.resolve_earlier(seq, entry, max);
        }
        if entry.t > max {
            return Err(PeerError::TimeOutOfRange {
                t: entry.t,
                min: self.last(),
                max,
            });
        }
        let mut game = self.game.clone();
        let mut events = Vec::new();
        if seq > len {
            // The other device recorded clock events first; derive them here too.
            events = flush_ticks(&mut game, entry.t);
            let len = game.record().commands.len();
            if seq < len {
                return if game.record().commands[seq] == entry {
                    Ok((Some(game), events))
                } else {
                    Err(PeerError::Diverged { seq })
                };
            }
            if seq > len {
                return Err(PeerError::OutOfOrder { seq, len });
            }
        }
        events.extend(self.apply_peer(&mut game, seq, entry, max)?);
        Ok((Some(game), events))
    }

    /// A command for a place we have already filled.
    fn resolve_earlier(
        &self,
        seq: usize,
        entry: Entry,
        max: Millis,
    ) -> Result<(Option<Game>, Vec<Event>), PeerError> {
        let record = self.game.record();
        let ours = record.commands[seq];
        if ours == entry {
            return Ok((None, Vec::new())); // a duplicate or a replay
        }
        // Their player's command came before the clock events we recorded there: those events
        // did not happen; take the command instead (the other device keeps it too).
        if entry.cmd != Command::Tick
            && record.commands[seq..]
                .iter()
                .all(|e| e.cmd == Command::Tick)
            && entry.t < ours.t
        {
            let prefix = Record {
                rules: record.rules,
                position: record.position,
                commands: record.commands[..seq].to_vec(),
            };
            let mut game = prefix.replay().map_err(PeerError::Record)?;
            let events = self.apply_peer(&mut game, seq, entry, max)?;
            return Ok((Some(game), events));
        }
        // Their clock event came after our player's earlier command: it did not happen, and
        // the other device drops it when our command arrives.
        if entry.cmd == Command::Tick && ours.cmd != Command::Tick && ours.t < entry.t {
            return Ok((None, Vec::new()));
        }
        Err(PeerError::Diverged { seq })
    }

    /// Checks and applies the peer's entry at the end of `game`'s record.
    fn apply_peer(
        &self,
        game: &mut Game,
        seq: usize,
        entry: Entry,
        max: Millis,
    ) -> Result<Vec<Event>, PeerError> {
        let min = game.last_time().unwrap_or(0);
        let out_of_range = entry.t < min || entry.t > max;
        match entry.cmd {
            Command::Start { .. }
            | Command::Dice { .. }
            | Command::Offline { .. }
            | Command::Online { .. } => {
                return Err(PeerError::NotAllowedFromPeer(entry.cmd.name()));
            }
            Command::Tick => {
                if out_of_range {
                    return Err(PeerError::TimeOutOfRange {
                        t: entry.t,
                        min,
                        max,
                    });
                }
                if due_tick(game, entry.t) != Some(entry.t) {
                    return Err(PeerError::BadTick { t: entry.t });
                }
            }
            _ => {
                if entry.cmd.side() != Some(self.peer()) {
                    return Err(PeerError::WrongSide {
                        side: entry.cmd.side(),
                    });
                }
                if out_of_range {
                    return Err(PeerError::TimeOutOfRange {
                        t: entry.t,
                        min,
                        max,
                    });
                }
                // The sender records every clock event due by its command first.
                if due_tick(game, entry.t).is_some() {
                    return Err(PeerError::Diverged { seq });
                }
            }
        }
        Ok(game.apply(entry.cmd, entry.t)?)
    }

    /// A message for a roll already thrown: fine if it repeats what we had, else an error.
    /// (Without the data to compare, a stale message is ignored: it cannot change anything.)
    fn stale(&self, roll: u32, same: impl Fn(&Exchange) -> bool) -> Result<(), PeerError> {
        match &self.previous {
            Some(prev) if prev.index == roll && !same(prev) => Err(PeerError::WrongRoll {
                roll,
                current: self.exchange.index,
            }),
            _ => Ok(()),
        }
    }

    fn receive_commit(&mut self, roll: u32, hash: &str) -> Result<(), PeerError> {
        let h = from_hex32(hash).ok_or_else(|| {
            PeerError::Malformed("a dice commitment must be 64 hex digits".to_string())
        })?;
        let current = self.exchange.index;
        if roll == current.saturating_add(1) {
            // The other device finished the current roll first (its reveal to us may still be
            // on the way, or lost and about to be re-sent): keep the commitment for later.
            self.early_commit = Some((roll, h));
            return Ok(());
        }
        if roll > current {
            return Err(PeerError::WrongRoll { roll, current });
        }
        if roll < current {
            return self.stale(roll, |ex| ex.their_commit == Some(h));
        }
        let ex = &mut self.exchange;
        match ex.their_commit {
            Some(c) if c == h => Ok(()),
            // Once we have revealed, a new commitment would let them pick the dice.
            Some(_) if ex.my_reveal.is_some() => Err(PeerError::CommitChanged { roll }),
            _ => {
                ex.their_commit = Some(h);
                ex.their_reveal = None;
                Ok(())
            }
        }
    }

    fn receive_reveal(
        &mut self,
        roll: u32,
        secret: &str,
        t: Millis,
        now: Millis,
    ) -> Result<(), PeerError> {
        let s = from_hex32(secret).ok_or_else(|| {
            PeerError::Malformed("a dice secret must be 64 hex digits".to_string())
        })?;
        let current = self.exchange.index;
        if roll > current {
            return Err(PeerError::WrongRoll { roll, current });
        }
        if roll < current {
            return self.stale(roll, |ex| ex.their_reveal == Some((s, t)));
        }
        let Some(c) = self.exchange.their_commit else {
            return Err(PeerError::RevealBeforeCommit { roll });
        };
        if commitment(&self.game_id, roll, self.peer(), &s) != c {
            self.halted = Some(PeerError::DiceMismatch);
            return Err(PeerError::DiceMismatch);
        }
        if let Some(known) = self.exchange.their_reveal {
            return if known == (s, t) {
                Ok(())
            } else {
                Err(PeerError::RevealChanged { roll })
            };
        }
        let max = now.saturating_add(CLOCK_TOLERANCE_MS);
        if t > max {
            return Err(PeerError::TimeOutOfRange {
                t,
                min: self.last(),
                max,
            });
        }
        self.exchange.their_reveal = Some((s, t));
        Ok(())
    }

    fn receive_sync(&mut self, json: &str) -> Result<Output, PeerError> {
        let theirs = Record::from_json(json).map_err(PeerError::Record)?;
        match merge(self.game.record(), &theirs)? {
            Merge::Same | Merge::KeepOurs => Ok(nothing()),
            Merge::AdoptTheirs(game) => {
                self.check_synced_dice(&theirs)?;
                self.commit_game(*game);
                Ok(nothing())
            }
        }
    }

    /// Every Start or Dice entry that their record adds must be the one our exchange gives:
    /// dice never come from a record alone.
    fn check_synced_dice(&self, theirs: &Record) -> Result<(), PeerError> {
        let ours = &self.game.record().commands;
        let common = ours
            .iter()
            .zip(&theirs.commands)
            .take_while(|(a, b)| a == b)
            .count();
        let mut index = roll_index(&theirs.commands[..common]);
        for (seq, e) in theirs.commands.iter().enumerate().skip(common) {
            if !matches!(e.cmd, Command::Start { .. } | Command::Dice { .. }) {
                continue;
            }
            let ex = &self.exchange;
            let ok = match (index == ex.index, ex.mine, ex.my_reveal, ex.their_reveal) {
                (true, Some(mine), Some(my_t), Some((their, their_t))) => {
                    e.cmd == self.exchange_command(&mine, &their) && e.t >= my_t.max(their_t)
                }
                _ => false,
            };
            if !ok {
                return Err(PeerError::DiceUnverified { seq });
            }
            index += 1;
        }
        Ok(())
    }
}
