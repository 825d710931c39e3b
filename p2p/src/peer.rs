//! One device's view of a game between two devices: its own commands and observations here,
//! the dice exchange in `exchange`, messages from the other device in `receive`.

mod exchange;
mod receive;

use vrhcaby_rules::{Command, Entry, Event, Game, Millis, Record, Side};

use crate::error::PeerError;
use crate::message::{record_hash, Message, VERSION};

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
}
