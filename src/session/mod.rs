//! A game on this device, as plain Rust (no web dependency, native tests): the rules core, who
//! plays each side (`seats`), and what the game needs done. Inputs come in ([`Input`]: a player's
//! intent, a tick, the automatic dice, a link event or a peer's message); the session decides and
//! says what must happen ([`Effect`]: send this, save, play a sound); the drivers do it.
//!
//! Hot-seat is two [`Seat::Here`] seats, a peer game one `Here` and one `Remote`, a game against
//! the computer one `Here` and one `Computer`. Nothing here asks "is this a peer game": the
//! questions are per side (`controls(side)`, `seat(side)`).

pub mod computer;
pub mod decide;
mod local;
pub mod save;
pub mod series;
pub mod tutor;
pub mod variants;

pub mod peer;
pub mod remote;

pub use computer::{Step, Task};
pub use local::{Computer, Dice, LocalGame};
pub use peer::{Crossing, Divergence, PeerError, PeerSession, SAVE_BATCH_MS};
pub use remote::Remote;
pub use save::{Kind, LoadError};

use crate::sound::Sound;

use vrhcaby_rules::{
    BySide, Command, CommandError, Event, Game, Millis, Origin, Phase, Side, Target, Variant,
};

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person at this device.
    Here,
    /// The computer, on this device.
    Computer,
    /// The other device of a peer-to-peer game.
    Remote,
}

/// What a person at this device wants. The session turns it into a command for the side this
/// device plays, or refuses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Move a checker of the side whose dice are on the board (the mover's numbering).
    Move {
        from: Origin,
        to: Target,
    },
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Resign {
        side: Side,
    },
    /// "Don't wait" (R17), for the waiting side.
    ClaimWin,
    Leave {
        side: Side,
    },
    /// Standard: roll now (rather than double) — the dice are thrown here; the side about to
    /// roll gives it.
    Roll,
    /// Standard: the side about to roll doubles.
    Double,
    /// Standard: the side answering a double takes, drops, beavers or raccoons.
    Take,
    Drop,
    Beaver,
    Raccoon,
    /// Standard: `side` offers to resign for `kind` (T7).
    OfferResign {
        side: Side,
        kind: vrhcaby_rules::Kind,
    },
    AcceptResign,
    RejectResign,
}

/// Something that happened to the peer link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkInput {
    Open,
    Message(String),
    Closed,
}

/// Every way into a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Intent(Intent),
    /// Time passing: timed events that are due happen (S3).
    Tick,
    /// The automatic lot or roll is due (local dice only; a peer game's dice come from the
    /// fair-dice exchange).
    Dice,
    Link(LinkInput),
    /// The computer's act for the side it plays (from the bot driver); refused for any other side.
    Computer(Intent),
}

/// What the drivers must do after an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A message for the peer.
    Send(String),
    /// The session changed: save it.
    Save,
    Sound(Sound),
    /// The running clock crossed a warning mark: this many seconds are left.
    Countdown(u32),
    /// The peer sent something this device refused (nothing changed).
    Warn(PeerError),
    /// Two acts crossed in flight and the record both devices agree on changed: tell the player.
    Crossed(Crossing),
}

/// What an accepted input did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub events: Vec<Event>,
    pub effects: Vec<Effect>,
}

/// Why an input was refused. The session is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// The rules core refused the command.
    Rules(CommandError),
    /// This device does not play that side.
    NotYours(Side),
    Peer(PeerError),
}

impl From<CommandError> for SessionError {
    fn from(e: CommandError) -> Self {
        SessionError::Rules(e)
    }
}

/// The seconds at which the running clock is announced.
const WARN_MARKS: [u32; 2] = [10, 5];

#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
enum Core {
    Local(LocalGame),
    Peer(Box<dyn Remote>),
}

/// A game on this device and who plays each side.
#[derive(Debug)]
pub struct Session {
    seats: BySide<Seat>,
    core: Core,
    /// The time of the last tick, for the countdown warnings.
    last_tick: Millis,
}

impl Session {
    /// Two people at this device; the lot and dice come from `dice`.
    #[must_use]
    pub fn hot_seat(dice: Dice) -> Session {
        Session::hot_seat_under(dice, Variant::VRHCABY)
    }

    /// Two people at this device playing under `variant`.
    #[must_use]
    pub fn hot_seat_under(dice: Dice, variant: Variant) -> Session {
        Session::local(LocalGame::under(dice, variant))
    }

    /// A person here against the computer, which plays `computer.side`.
    #[must_use]
    pub fn computer(dice: Dice, computer: Computer) -> Session {
        Session::computer_under(dice, computer, Variant::VRHCABY)
    }

    /// A person here against the computer under `variant`.
    #[must_use]
    pub fn computer_under(dice: Dice, computer: Computer, variant: Variant) -> Session {
        let mut game = LocalGame::under(dice, variant);
        game.computer = Some(computer);
        Session::local(game)
    }

    fn local(game: LocalGame) -> Session {
        let mut seats = BySide::new(Seat::Here, Seat::Here);
        if let Some(c) = &game.computer {
            seats[c.side] = Seat::Computer;
        }
        Session {
            seats,
            core: Core::Local(game),
            last_tick: 0,
        }
    }

    /// Standard: the next game of the match (or of money play) once this one is over, with the
    /// same players and seats (between two devices: the same link, see `PeerGame::next_game`);
    /// `None` before and when the match is over.
    #[must_use]
    pub fn next_game(&self, dice: Dice, device_now: Millis) -> Option<Session> {
        match &self.core {
            Core::Local(l) => l.next_game(dice).map(Session::local),
            Core::Peer(p) => p.next_game(device_now).map(Session::peer),
        }
    }

    /// Standard: whether the roll waits for the player here to choose between rolling and
    /// doubling (the cube is theirs to turn); otherwise the dice are thrown by themselves.
    #[must_use]
    pub fn awaits_roll_choice(&self) -> bool {
        let g = self.game();
        g.phase() == Phase::Rolling
            && g.can_double()
                .is_ok_and(|side| self.seats[side] != Seat::Remote)
    }

    /// The rematch of a finished game: a new game of the same series. On this device (hot-seat
    /// or against the computer) the seats are kept or swapped; between two devices each keeps
    /// its seat and the new game's lot comes from a new fair-dice exchange, once both players
    /// press Rematch (see `PeerGame::rematch`). `None` for a game not over (or a standard
    /// match's game that a next game follows, between two devices).
    #[must_use]
    pub fn rematch(&self, dice: Dice, swap: bool, device_now: Millis) -> Option<Session> {
        match &self.core {
            Core::Local(l) => l.rematch(dice, swap).map(Session::local),
            Core::Peer(p) => p.rematch(device_now).map(Session::peer),
        }
    }

    /// Whether the finished game can be followed by a rematch (see [`Session::rematch`]).
    #[must_use]
    pub fn offers_rematch(&self) -> bool {
        match &self.core {
            Core::Local(l) => l.game.result().is_some(),
            Core::Peer(p) => p.can_rematch(),
        }
    }

    /// The running score of the series (with this game's result once it is over).
    #[must_use]
    pub fn series(&self) -> Option<series::Series> {
        Some(match &self.core {
            Core::Local(l) => l.series_now(),
            Core::Peer(p) => p.series_now(),
        })
    }

    /// The computer's seat, in a game against it.
    #[must_use]
    pub fn computer_seat(&self) -> Option<&Computer> {
        match &self.core {
            Core::Local(l) => l.computer.as_ref(),
            Core::Peer(_) => None,
        }
    }

    /// One side of a peer-to-peer game: this device plays the peer game's seat.
    #[must_use]
    pub fn peer(p: Box<dyn Remote>) -> Session {
        let here = p.seat();
        let mut seats = BySide::new(Seat::Remote, Seat::Remote);
        seats[here] = Seat::Here;
        Session {
            seats,
            core: Core::Peer(p),
            last_tick: 0,
        }
    }

    #[must_use]
    pub fn game(&self) -> &Game {
        match &self.core {
            Core::Local(l) => &l.game,
            Core::Peer(p) => p.game(),
        }
    }

    #[must_use]
    pub fn seats(&self) -> BySide<Seat> {
        self.seats
    }

    #[must_use]
    pub fn seat(&self, side: Side) -> Seat {
        self.seats[side]
    }

    /// May this device act for `side`?
    #[must_use]
    pub fn controls(&self, side: Side) -> bool {
        self.seats[side] == Seat::Here
    }

    /// The one side played here when the other is not (a peer or computer game); `None` in
    /// hot-seat, where both are.
    #[must_use]
    pub fn own_side(&self) -> Option<Side> {
        match (self.controls(Side::White), self.controls(Side::Black)) {
            (true, false) => Some(Side::White),
            (false, true) => Some(Side::Black),
            _ => None,
        }
    }

    /// Which kind of game this is, for the save slot and the start screen.
    #[must_use]
    pub fn kind(&self) -> Kind {
        if self.seats.iter().any(|(_, s)| *s == Seat::Remote) {
            Kind::Peer
        } else if self.seats.iter().any(|(_, s)| *s == Seat::Computer) {
            Kind::Bot
        } else {
            Kind::Local
        }
    }

    /// The auto-play option's next move: the roll's side is played here and the rest of its roll
    /// can be played only one way (`Game::only_play`). Never a choice the rules give the player.
    #[must_use]
    pub fn auto_move(&self) -> Option<Intent> {
        let game = self.game();
        if game.phase() != Phase::Moving || !game.dice_owner().is_some_and(|s| self.controls(s)) {
            return None;
        }
        let mv = *game.only_play()?.first()?;
        Some(Intent::Move {
            from: mv.from,
            to: mv.to,
        })
    }

    /// Whether this device throws the dice itself (and so the automatic roll applies).
    #[must_use]
    pub fn rolls_here(&self) -> bool {
        matches!(self.core, Core::Local(_))
    }

    /// An invitation nobody has used yet: a game this device hosts (White) that the other
    /// device has never said a word in and that has not begun. Shown as an invitation waiting,
    /// never as a game that dropped.
    #[must_use]
    pub fn unused_invitation(&self) -> bool {
        self.remote()
            .is_some_and(|p| p.unheard_host() && self.game().record().commands.is_empty())
    }

    /// The peer game, when the other side plays on another device.
    #[must_use]
    pub fn remote(&self) -> Option<&dyn Remote> {
        match &self.core {
            Core::Peer(p) => Some(p.as_ref()),
            Core::Local(_) => None,
        }
    }

    /// The game's time at the device's time `device_now`: every rules query that takes a time
    /// (time left, Don't wait, draw offers, the ring) gets this. A game on one device runs on the
    /// device's clock; a peer game on the time both devices share (`PeerGame::shared_now`).
    /// Never before the last command (S2), so a device clock that jumps back cannot make
    /// commands fail.
    #[must_use]
    pub fn game_time(&self, device_now: Millis) -> Millis {
        let t = match &self.core {
            Core::Local(_) => device_now,
            Core::Peer(p) => p.shared_now(device_now),
        };
        t.max(self.game().last_time().unwrap_or(0))
    }

    /// Whether the player here may press Don't wait at `device_now`, and for which side: in a
    /// peer game by this device's own clock with the connection's grace (`PeerGame::can_claim`),
    /// else whenever the rules allow it.
    #[must_use]
    pub fn claimant(&self, device_now: Millis) -> Option<Side> {
        let side = match &self.core {
            Core::Local(_) => self.game().claimant(self.game_time(device_now)),
            Core::Peer(p) => p.can_claim(device_now).then(|| p.seat()),
        };
        side.filter(|&s| self.controls(s))
    }

    /// The command an intent stands for, if this device may give it now (`now`: game time).
    fn command(&self, intent: Intent, now: Millis, by: Seat) -> Result<Command, SessionError> {
        let g = self.game();
        let turn = || g.turn().ok_or(CommandError::NotMoving { phase: g.phase() });
        let cmd = match intent {
            Intent::Move { from, to } => Command::Move {
                side: g
                    .dice_owner()
                    .ok_or(CommandError::NotMoving { phase: g.phase() })?,
                from,
                to,
            },
            Intent::OfferDraw => Command::OfferDraw { side: turn()? },
            Intent::AcceptDraw => Command::AcceptDraw { side: turn()? },
            Intent::DeclineDraw => Command::DeclineDraw { side: turn()? },
            Intent::Resign { side } => Command::Resign { side },
            Intent::Leave { side } => Command::Leave { side },
            Intent::Double => Command::Double { side: turn()? },
            Intent::Take => Command::Take { side: turn()? },
            Intent::Drop => Command::Drop { side: turn()? },
            Intent::Beaver => Command::Beaver { side: turn()? },
            Intent::Raccoon => Command::Raccoon { side: turn()? },
            Intent::OfferResign { side, kind } => Command::OfferResign { side, kind },
            Intent::AcceptResign => Command::AcceptResign { side: turn()? },
            Intent::RejectResign => Command::RejectResign { side: turn()? },
            // Rolling is the dice thrown here for the side about to roll (see `handle`).
            Intent::Roll => {
                let side = turn()?;
                if g.phase() != Phase::Rolling {
                    return Err(CommandError::NoRollExpected.into());
                }
                return if self.seats[side] == by {
                    Ok(Command::Tick)
                } else {
                    Err(SessionError::NotYours(side))
                };
            }
            Intent::ClaimWin => match &self.core {
                // The peer game decides by this device's clock (S15); it refuses an early claim.
                Core::Peer(p) => Command::ClaimWin { side: p.seat() },
                // Several seats may be here (hot-seat): claim for the one that may.
                Core::Local(_) => Command::ClaimWin {
                    side: g.claimant(now).ok_or(CommandError::CannotClaim)?,
                },
            },
        };
        match cmd.side() {
            Some(side) if self.seats[side] != by => Err(SessionError::NotYours(side)),
            _ => Ok(cmd),
        }
    }

    /// Handles one input at the device's time. On error nothing changed. A peer game gets the
    /// device's time (it keeps its own shared time); the rules and the warnings get game time.
    /// When the session must be saved, `Effect::Save` comes before every `Effect::Send` (S13:
    /// our secret and the other's commitment are on disk before we reveal).
    pub fn handle(&mut self, input: Input, device_now: Millis) -> Result<Output, SessionError> {
        let now = self.game_time(device_now);
        let mut out = Output::default();
        let by = if matches!(input, Input::Computer(_)) {
            Seat::Computer
        } else {
            Seat::Here
        };
        match input {
            Input::Intent(intent) | Input::Computer(intent) => {
                let cmd = self.command(intent, now, by)?;
                out.events = match (&mut self.core, intent) {
                    (Core::Local(l), Intent::Roll) => l.throw(now)?,
                    // A peer game's dice come from the exchange, which the choice starts.
                    (Core::Peer(p), Intent::Roll) => p.roll(device_now),
                    (Core::Local(l), _) => l.game.apply(cmd, now)?,
                    (Core::Peer(p), _) => p.act(cmd, device_now).map_err(SessionError::Peer)?,
                };
            }
            Input::Dice => {
                // A roll that waits for the player's choice (double or roll) is not thrown by
                // itself.
                if !self.awaits_roll_choice() {
                    if let Core::Local(l) = &mut self.core {
                        out.events = l.throw(now)?;
                    }
                }
            }
            Input::Tick => {
                let before = self.last_tick.max(self.game().last_time().unwrap_or(0));
                let was = self.game().seconds_left(before);
                out.events = match &mut self.core {
                    Core::Local(l) => l.tick(now)?,
                    Core::Peer(p) => p.tick(device_now),
                };
                let now = self.game_time(device_now);
                self.last_tick = now;
                let g = self.game();
                if matches!(g.phase(), Phase::Moving | Phase::DrawOffered) {
                    let left = g.seconds_left(now);
                    for mark in WARN_MARKS {
                        if was > mark && left <= mark && left > 0 {
                            out.effects.push(Effect::Countdown(left));
                            out.effects.push(Effect::Sound(Sound::Warning));
                        }
                    }
                }
            }
            Input::Link(link) => {
                if let Core::Peer(p) = &mut self.core {
                    out.events = match link {
                        LinkInput::Open => p.on_open(device_now),
                        LinkInput::Closed => p.on_close(device_now),
                        LinkInput::Message(text) => p.receive(&text, device_now),
                    };
                }
            }
        }
        for ev in &out.events {
            match ev {
                Event::Rolled { .. } => out.effects.push(Effect::Sound(Sound::Dice)),
                Event::Moved { hit, .. } => {
                    out.effects
                        .push(Effect::Sound(if *hit { Sound::Hit } else { Sound::Move }))
                }
                _ => {}
            }
        }
        let mut save = !out.events.is_empty();
        let mut sends = Vec::new();
        if let Core::Peer(p) = &mut self.core {
            if let Some(w) = p.take_warning() {
                out.effects.push(Effect::Warn(w));
            }
            out.effects
                .extend(p.take_crossings().into_iter().map(Effect::Crossed));
            sends = p.take_outbox();
            save = p.saves(device_now, save, !sends.is_empty());
        }
        // Save first, then send (S13).
        if save {
            out.effects.push(Effect::Save);
        }
        out.effects.extend(sends.into_iter().map(Effect::Send));
        Ok(out)
    }

    /// The saved form, tagged with its kind (see [`save`]).
    #[must_use]
    pub fn save(&self) -> String {
        match &self.core {
            Core::Local(l) => l.save(),
            Core::Peer(p) => p.save(),
        }
    }

    /// Reads a saved game on this device (hot-seat or against the computer). Anything
    /// unreadable is a clear error; the caller keeps the saved text. A game with another device
    /// is read by [`Session::load_peer`], which only the connection calls (it holds the whole
    /// peer-to-peer protocol: a wasm chunk of its own); here it is [`LoadError::Elsewhere`].
    pub fn load(text: &str, dice: Dice) -> Result<Session, LoadError> {
        match save::kind_of(text) {
            Some(Kind::Peer) => Err(LoadError::Elsewhere),
            _ => LocalGame::load(text, dice).map(Session::local),
        }
    }

    /// Reads a saved game with another device (see [`PeerSession::load`]).
    pub fn load_peer(text: &str) -> Result<Session, LoadError> {
        PeerSession::load(text).map(|p| Session::peer(p.boxed()))
    }
}

#[cfg(test)]
mod tests;
