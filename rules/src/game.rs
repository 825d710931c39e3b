//! The game state machine: commands in, events out, time passed in (R3–R27, S1–S14).

mod query;
mod replay;
mod standard;
mod timing;

use crate::cube::{Cube, Offer};
use crate::error::SetupError;
use crate::matchplay::MatchContext;
use crate::movegen::apply_move;
use crate::position::Position;
use crate::record::{Entry, Record};
use crate::types::{BySide, DiceLeft, Roll, Side};
use crate::variant::Variant;

pub use crate::command::{
    Command, CommandError, DoubleBar, Event, Kind, Millis, Outcome, Phase, Reason,
};

/// The move clock and the answer time for a draw offer (R16, R25).
pub const MOVE_TIME_MS: Millis = 60_000;
/// Ten hours without a move ends the game (R19).
pub const INACTIVITY_MS: Millis = 10 * 60 * 60 * 1000;
/// Moves that must be played in the game before a first offer, and between one player's offers (R23, R26).
pub const MOVES_BETWEEN_OFFERS: u32 = 4;
/// Forfeited rolls in a row that end the game as a draw (R27).
pub const FORFEITS_FOR_DRAW: u8 = 5;
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// A build without standard backgammon never makes its two states.
enum State {
    Lot,
    Rolling {
        side: Side,
        /// When the roll fell due: the command that put the game here (the start, the move
        /// that ended the turn, the forfeited roll). The dice exchange's 60 s run from it (S14).
        since: Millis,
    },
    Moving {
        side: Side,
        dice: DiceLeft,
        /// When the running 60 s began (the roll, the last move, a decline or a lapse).
        clock: Millis,
    },
    DrawOffered {
        offerer: Side,
        dice: DiceLeft,
        at: Millis,
    },
    Over {
        outcome: Outcome,
        reason: Reason,
    },
    /// Standard: a double (beaver, raccoon) waits for its answer; untimed (T11).
    Doubled {
        offer: Offer,
    },
    /// Standard: a resignation waits for its answer; the state it paused is `Game::resume`.
    ResignOffered {
        by: Side,
        kind: Kind,
        at: Millis,
    },
}

/// What a finished game scores (standard rules; under the house rules a win is 1, a draw 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    pub points: u16,
    pub kind: Kind,
}

/// A game of Vrhcáby. Always consistent: it changes only through [`Game::apply`], which either
/// applies a command completely or rejects it and changes nothing.
///
/// ```
/// use vrhcaby_rules::{Command, Game, Origin, Phase, Point, Roll, Side, Target};
/// let mut game = Game::new();
/// game.apply(Command::Start { first: Side::White }, 0).unwrap();
/// game.apply(Command::Dice { dice: Roll::from_values(6, 5).unwrap() }, 0).unwrap();
/// let mv = Command::Move { side: Side::White, from: Origin::Point(Point::new(24).unwrap()),
///                          to: Target::Point(Point::new(18).unwrap()) };
/// game.apply(mv, 1_500).unwrap();
/// assert_eq!(game.phase(), Phase::Moving);
/// assert_eq!(game.seconds_left(2_000), 60);
/// // Black may not move now: rejected, nothing changes.
/// let bad = Command::Move { side: Side::Black, from: Origin::Point(Point::new(24).unwrap()),
///                           to: Target::Point(Point::new(19).unwrap()) };
/// assert!(game.apply(bad, 2_000).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    /// The rule set and its options; every rule query goes through it.
    variant: Variant,
    position: Position,
    state: State,
    /// Accepted checker moves in the whole game (S1).
    moves_played: u32,
    /// `moves_played` at each player's last draw offer (R26).
    last_offer: BySide<Option<u32>>,
    /// Forfeited rolls in a row (R27).
    forfeits: u8,
    /// The last move, or the start (R19).
    last_move_at: Millis,
    /// The last accepted command's time, ticks included: nothing earlier is accepted (S2).
    /// Not part of the game's state (a replay cannot know the ticks that changed nothing).
    seen: Option<Millis>,
    offline: BySide<bool>,
    /// The side late for the dice exchange under way (S14), until the lot or the roll comes.
    late: Option<Side>,
    /// When a game between two devices was created (S14); a copy of the record's `created`.
    created: Option<Millis>,
    /// The last roll, for showing which dice are used.
    last_roll: Option<Roll>,
    /// Standard: the cube.
    cube: Cube,
    /// Standard: what this game starts from (score, Crawford, reserve); the record's copy.
    context: MatchContext,
    /// Standard: the state a pending resignation paused.
    resume: Option<State>,
    /// Standard, delay-plus-reserve clock: each side's reserve left.
    reserve: BySide<Millis>,
    /// Standard: each side's rolls in this game (the opening counts for its starter): Holland.
    rolls: BySide<u8>,
    /// Standard: opening ties so far (automatic doubles, T1).
    ties: u8,
    /// What the finished game scored.
    score: Option<Score>,
    record: Record,
}

/// Two games are equal when their states are: the time of a last tick that changed nothing is
/// not compared, so a replayed record equals the live game that wrote it.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.variant == other.variant
            && self.position == other.position
            && self.state == other.state
            && self.moves_played == other.moves_played
            && self.last_offer == other.last_offer
            && self.forfeits == other.forfeits
            && self.last_move_at == other.last_move_at
            && self.offline == other.offline
            && self.late == other.late
            && self.created == other.created
            && self.last_roll == other.last_roll
            && self.cube == other.cube
            && self.context == other.context
            && self.resume == other.resume
            && self.reserve == other.reserve
            && self.rolls == other.rolls
            && self.ties == other.ties
            && self.score == other.score
            && self.record == other.record
    }
}

impl Eq for Game {}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A new game under the house rules from the start position (R2), waiting for the lot.
    #[must_use]
    pub fn new() -> Game {
        Game::fresh(Variant::VRHCABY, None)
    }

    /// A new game under the house rules from a given position (S11: valid and not already
    /// finished). Shorthand for [`Game::with_variant`]`(Variant::VRHCABY, Some(position))`.
    pub fn from_position(position: Position) -> Result<Game, SetupError> {
        Game::with_variant(Variant::VRHCABY, Some(position))
    }

    /// A new game under `variant`, from `position` (`None`: the start of R2), waiting for the
    /// lot. A given position must not be finished already (S11).
    ///
    /// ```
    /// use vrhcaby_rules::{Game, Rules, Variant};
    /// let game = Game::with_variant(Variant::VRHCABY, None).unwrap();
    /// assert_eq!(game, Game::new());
    /// assert_eq!(game.variant().rules(), Rules::Vrhcaby);
    /// assert_eq!(game.record().rules, Rules::Vrhcaby);
    /// ```
    pub fn with_variant(variant: Variant, position: Option<Position>) -> Result<Game, SetupError> {
        Game::with_context(variant, MatchContext::default(), position)
    }

    /// A new game under `variant` starting from `context` (standard rules: the score before it,
    /// the Crawford state, the reserve left), from `position` (`None`: the start of R2).
    pub fn with_context(
        variant: Variant,
        context: MatchContext,
        position: Option<Position>,
    ) -> Result<Game, SetupError> {
        if let Some(position) = position {
            for side in Side::ALL {
                if position.is_finished(side) {
                    return Err(SetupError::Finished { side });
                }
            }
        }
        // (A build without standard backgammon plays none of its games: no context to check.)
        if variant.is_standard() {
            context
                .check(&variant.options())
                .map_err(SetupError::Context)?;
        }
        let mut game = Game::fresh(variant, position);
        if variant.is_standard() {
            game.context = context;
            game.record.context = context;
            if let Some((_, full)) = variant.delay_reserve() {
                game.reserve = context.reserve.unwrap_or(BySide::new(full, full));
            }
        }
        Ok(game)
    }

    fn fresh(variant: Variant, position: Option<Position>) -> Game {
        Game {
            variant,
            position: position.unwrap_or_else(Position::start),
            state: State::Lot,
            moves_played: 0,
            last_offer: BySide::default(),
            forfeits: 0,
            last_move_at: 0,
            seen: None,
            offline: BySide::default(),
            late: None,
            created: None,
            last_roll: None,
            cube: Cube::CENTRED,
            context: MatchContext::default(),
            resume: None,
            reserve: BySide::default(),
            rolls: BySide::default(),
            ties: 0,
            score: None,
            record: Record::for_variant(variant, position),
        }
    }

    /// The rule set and options this game is played under.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Marks the game as one between two devices, created at `t` (S14): from then on it is on
    /// before the lot too — ticks, resigning, leaving, presence, `DiceLate` and claims are
    /// accepted in the Lot phase, the lot's dice exchange is late from `t + 60 s`, and R19's ten
    /// hours before the lot count from `t`. Sets the record's `created`. `t` is not a command:
    /// the two devices' first stamps may come before it (their clocks are only synchronised
    /// once linked), so it does not bound the times of commands (S2 counts commands).
    ///
    /// Allowed only while the record has no commands; otherwise
    /// [`CommandError::AlreadyStarted`] and nothing changes.
    ///
    /// ```
    /// use vrhcaby_rules::{Command, Game, Phase, Reason, Side, INACTIVITY_MS};
    /// let mut game = Game::new();
    /// game.set_created(5_000).unwrap();
    /// assert_eq!(game.created(), Some(5_000));
    /// assert_eq!(game.next_due(), Some(5_000 + INACTIVITY_MS));
    /// game.apply(Command::Tick, 5_000 + INACTIVITY_MS).unwrap();
    /// assert_eq!(game.result().map(|(_, r)| r), Some(Reason::Inactivity)); // a draw (S14)
    /// assert!(game.set_created(0).is_err());
    /// ```
    pub fn set_created(&mut self, t: Millis) -> Result<(), CommandError> {
        if !self.record.commands.is_empty() {
            return Err(CommandError::AlreadyStarted);
        }
        self.created = Some(t);
        self.record.created = Some(t);
        Ok(())
    }

    /// Makes room for `additional` more record entries (a replay knows how many will come).
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.record.commands.reserve(additional);
    }

    /// Applies one command at time `now`. Timed events due at or before `now` happen first (S3).
    /// On error nothing changes.
    ///
    /// Before the lot of a game on one device every command but `Start` and `BadDice` is
    /// refused ([`CommandError::NotStarted`]), a `Tick` too: before the lot no time can run out.
    /// A game between two devices ([`Game::set_created`]) is on from its creation: before the lot
    /// it also takes `Tick`, `Resign`, `Leave`, `Offline`, `Online`, `DiceLate` and `ClaimWin`.
    pub fn apply(&mut self, cmd: Command, now: Millis) -> Result<Vec<Event>, CommandError> {
        if let Some(last) = self.seen {
            if now < last {
                return Err(CommandError::TimeWentBack { last, now });
            }
        }
        // Transactional without copying the record: the command runs on a copy of the small
        // state (the record left behind, empty), which replaces ours only once it is accepted.
        let mut next = Game {
            record: Record::new(self.record.rules, None),
            ..*self
        };
        let mut events = Vec::new();
        next.advance(now, &mut events);
        next.execute(cmd, now, &mut events)?;
        // A tick that changed nothing is not part of the game's record; it still moves time on.
        next.seen = Some(now);
        let empty = Record::new(self.record.rules, None);
        next.record = std::mem::replace(&mut self.record, empty);
        if cmd != Command::Tick || !events.is_empty() {
            next.record.commands.push(Entry { t: now, cmd });
        }
        *self = next;
        Ok(events)
    }

    /// Ends the game; a standard game scores by its reason (see [`Game::score_of`]).
    fn finish(&mut self, outcome: Outcome, reason: Reason, events: &mut Vec<Event>) {
        let score = self.score_of(outcome, reason);
        self.finish_scored(outcome, reason, score, events);
    }

    fn finish_scored(
        &mut self,
        outcome: Outcome,
        reason: Reason,
        score: Score,
        events: &mut Vec<Event>,
    ) {
        self.state = State::Over { outcome, reason };
        self.resume = None;
        self.score = Some(score);
        events.push(Event::GameOver { outcome, reason });
    }

    /// The turn passes to the opponent, who rolls next (R9).
    fn pass_turn(&mut self, from: Side, now: Millis, events: &mut Vec<Event>) {
        self.state = State::Rolling {
            side: !from,
            since: now,
        };
        events.push(Event::TurnPassed { to: !from });
    }

    fn execute(
        &mut self,
        cmd: Command,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), CommandError> {
        match (self.state, cmd) {
            // A tick after the end changes nothing (S9).
            (State::Over { .. }, Command::Tick) => return Ok(()),
            (State::Over { .. }, _) => return Err(CommandError::GameOver),
            (
                State::Lot,
                Command::Start { .. } | Command::Opening { .. } | Command::BadDice { .. },
            ) => {}
            // A game between two devices is on from its creation (S14).
            (
                State::Lot,
                Command::Tick
                | Command::Resign { .. }
                | Command::Leave { .. }
                | Command::Offline { .. }
                | Command::Online { .. }
                | Command::DiceLate { .. }
                | Command::ClaimWin { .. },
            ) if self.created.is_some() => {}
            (State::Lot, _) => return Err(CommandError::NotStarted),
            _ => {}
        }
        if self.variant.is_standard() {
            if let Some(done) = self.execute_standard(cmd, now, events) {
                return done;
            }
        }
        // A build without standard backgammon replays none of its games.
        match cmd {
            Command::Tick => Ok(()),
            Command::Resign { side } => {
                self.finish(Outcome::win(!side), Reason::Resigned, events);
                Ok(())
            }
            Command::Leave { side } => {
                self.finish(Outcome::win(!side), Reason::Left, events);
                Ok(())
            }
            Command::Offline { side } | Command::Online { side } => {
                let online = matches!(cmd, Command::Online { .. });
                self.offline[side] = !online;
                events.push(Event::Presence { side, online });
                Ok(())
            }
            Command::Start { first } => {
                if self.state != State::Lot {
                    return Err(CommandError::AlreadyStarted);
                }
                self.state = State::Rolling {
                    side: first,
                    since: now,
                };
                self.late = None;
                self.last_move_at = now;
                events.push(Event::Started { first });
                Ok(())
            }
            Command::Dice { dice: roll } => {
                let State::Rolling { side, .. } = self.state else {
                    return Err(CommandError::NoRollExpected);
                };
                self.late = None;
                events.push(Event::Rolled { side, roll });
                self.last_roll = Some(roll);
                let dice = roll.dice();
                if self.variant.has_legal_move(&self.position, side, &dice) {
                    self.forfeits = 0;
                    self.state = State::Moving {
                        side,
                        dice,
                        clock: now,
                    };
                } else {
                    self.forfeits += 1;
                    events.push(Event::Forfeited {
                        side,
                        in_a_row: self.forfeits,
                    });
                    if self.forfeits >= FORFEITS_FOR_DRAW {
                        self.finish(Outcome::Draw, Reason::DrawForfeits, events);
                    } else {
                        self.pass_turn(side, now, events);
                    }
                }
                Ok(())
            }
            Command::Move { side, from, to } => {
                let (mover, mut dice) = self.mover_dice(side)?;
                let State::Moving { clock, .. } = self.state else {
                    return Err(CommandError::NotMoving {
                        phase: self.phase(),
                    });
                };
                let mv = self
                    .variant
                    .check_move(&self.position, mover, from, to, &dice)?;
                let (position, hit) = apply_move(&self.position, mover, mv);
                self.position = position;
                dice.remove(mv.die);
                self.moves_played += 1;
                self.last_move_at = now;
                events.push(Event::Moved { side, mv, hit });
                if self.position.is_finished(side) {
                    // The last turn of a game spends the clock too (T10, T11).
                    self.charge_reserve(side, clock, now);
                    self.finish(Outcome::win(side), Reason::BoreOff, events);
                } else if dice.is_empty()
                    || !self.variant.has_legal_move(&self.position, side, &dice)
                {
                    self.charge_reserve(side, clock, now);
                    self.pass_turn(side, now, events);
                } else {
                    // The house clock restarts at every move (R16); a delay-plus-reserve clock
                    // counts the whole turn (T10).
                    let clock = if self.variant.delay_reserve().is_some() {
                        clock
                    } else {
                        now
                    };
                    self.state = State::Moving { side, dice, clock };
                }
                Ok(())
            }
            Command::OfferDraw { side } => {
                self.check_offer(side, now)?;
                let State::Moving { dice, .. } = self.state else {
                    return Err(CommandError::NotMoving {
                        phase: self.phase(),
                    });
                };
                self.last_offer[side] = Some(self.moves_played);
                self.state = State::DrawOffered {
                    offerer: side,
                    dice,
                    at: now,
                };
                events.push(Event::DrawOffered { by: side });
                Ok(())
            }
            Command::AcceptDraw { side } | Command::DeclineDraw { side } => {
                let State::DrawOffered { offerer, dice, .. } = self.state else {
                    return Err(CommandError::NoOffer);
                };
                if side == offerer {
                    return Err(CommandError::NotYourTurn { side });
                }
                if matches!(cmd, Command::AcceptDraw { .. }) {
                    self.finish(Outcome::Draw, Reason::DrawAgreed, events);
                } else {
                    self.state = State::Moving {
                        side: offerer,
                        dice,
                        clock: now,
                    };
                    events.push(Event::DrawDeclined { by: side });
                }
                Ok(())
            }
            Command::ClaimWin { side } => {
                if self.claimant(now) != Some(side) {
                    return Err(CommandError::CannotClaim);
                }
                self.finish(Outcome::win(side), Reason::TimeoutClaimed, events);
                Ok(())
            }
            Command::BadDice { side } => {
                self.finish(Outcome::win(!side), Reason::BadDice, events);
                Ok(())
            }
            Command::DiceLate { side } => {
                let since = match self.state {
                    State::Rolling { since, .. } => since,
                    // Only a game with a creation time gets here before the lot.
                    State::Lot => self.created.ok_or(CommandError::NotStarted)?,
                    _ => return Err(CommandError::NoRollExpected),
                };
                if self.late.is_some() {
                    return Err(CommandError::AlreadyLate);
                }
                if now < since.saturating_add(MOVE_TIME_MS) {
                    return Err(CommandError::NotLate);
                }
                self.late = Some(side);
                events.push(Event::DiceLate { side });
                // R18 at the instant the time runs out (S5, S14): offline then loses at once.
                if self.offline[side] {
                    self.finish(Outcome::win(!side), Reason::TimeoutOffline, events);
                }
                Ok(())
            }
            // Standard backgammon's own commands (`Command::is_standard`).
            _ => Err(CommandError::NotInRules {
                command: cmd.name(),
            }),
        }
    }
}
