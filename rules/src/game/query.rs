//! The game's queries for the UI, the CLI and the peer layer: phase, turn, dice, targets,
//! clocks, offers and the result.

use super::{CommandError, Game, Millis, Outcome, Phase, Reason, State, MOVE_TIME_MS};
use crate::position::Position;
use crate::record::Record;
use crate::types::{DiceLeft, Die, Move, Origin, Roll, Side};

impl Game {
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Every accepted command so far, with the initial facts: the game's record.
    #[must_use]
    pub fn record(&self) -> &Record {
        &self.record
    }

    #[must_use]
    pub fn phase(&self) -> Phase {
        match self.state {
            State::Lot => Phase::Lot,
            State::Rolling { .. } => Phase::Rolling,
            State::Moving { .. } => Phase::Moving,
            State::DrawOffered { .. } => Phase::DrawOffered,
            State::Over { .. } => Phase::Over,
        }
    }

    /// The side on turn: the roller, the mover, or during an offer the responder (S6).
    #[must_use]
    pub fn turn(&self) -> Option<Side> {
        match self.state {
            State::Rolling { side, .. } | State::Moving { side, .. } => Some(side),
            State::DrawOffered { offerer, .. } => Some(!offerer),
            State::Lot | State::Over { .. } => None,
        }
    }

    /// The side whose dice are on the board (the offerer's during an offer).
    #[must_use]
    pub fn dice_owner(&self) -> Option<Side> {
        match self.state {
            State::Moving { side, .. } => Some(side),
            State::DrawOffered { offerer, .. } => Some(offerer),
            _ => None,
        }
    }

    /// The dice left to play (the offerer's unfinished roll during an offer); none otherwise.
    #[must_use]
    pub fn dice_left(&self) -> DiceLeft {
        match self.state {
            State::Moving { dice, .. } | State::DrawOffered { dice, .. } => dice,
            _ => DiceLeft::EMPTY,
        }
    }

    /// The roll being played (the offerer's during an offer); `None` while rolling or when over.
    #[must_use]
    pub fn current_roll(&self) -> Option<Roll> {
        match self.state {
            State::Moving { .. } | State::DrawOffered { .. } => self.last_roll,
            _ => None,
        }
    }

    /// Each die of the roll being played (the offerer's during an offer), in display order —
    /// high then low, four for a double (its used dice last) — with whether it has been used.
    /// Empty while waiting for the lot or the dice, and when over.
    ///
    /// ```
    /// use vrhcaby_rules::{Command, Die, Game, Origin, Point, Roll, Side, Target};
    /// let mut game = Game::new();
    /// game.apply(Command::Start { first: Side::White }, 0).unwrap();
    /// game.apply(Command::Dice { dice: Roll::from_values(3, 5).unwrap() }, 0).unwrap();
    /// let d = |v| Die::new(v).unwrap();
    /// assert_eq!(game.dice_shown(), vec![(d(5), false), (d(3), false)]);
    /// let (from, to) = (Origin::Point(Point::new(8).unwrap()), Target::Point(Point::new(5).unwrap()));
    /// game.apply(Command::Move { side: Side::White, from, to }, 1_000).unwrap();
    /// assert_eq!(game.dice_shown(), vec![(d(5), false), (d(3), true)]);
    /// ```
    #[must_use]
    pub fn dice_shown(&self) -> Vec<(Die, bool)> {
        let Some(roll) = self.current_roll() else {
            return Vec::new();
        };
        let mut left = self.dice_left();
        if roll.is_double() {
            (0..4).map(|i| (roll.high(), i >= left.len())).collect()
        } else {
            [roll.high(), roll.low()]
                .into_iter()
                .map(|d| (d, !left.remove(d)))
                .collect()
        }
    }

    /// Every legal single move now (empty unless a side is moving).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        match self.state {
            State::Moving { side, dice, .. } => {
                self.variant.legal_moves(&self.position, side, &dice)
            }
            _ => Vec::new(),
        }
    }

    /// The legal moves from one origin: the targets to light up when it is selected.
    #[must_use]
    pub fn targets_from(&self, from: Origin) -> Vec<Move> {
        let mut moves = self.legal_moves();
        moves.retain(|m| m.from == from);
        moves
    }

    /// When the running clock runs out: the mover's, or the answer time of an offer.
    #[must_use]
    pub fn deadline(&self) -> Option<Millis> {
        match self.state {
            State::Moving { clock, .. } => Some(clock.saturating_add(MOVE_TIME_MS)),
            State::DrawOffered { at, .. } => Some(at.saturating_add(MOVE_TIME_MS)),
            _ => None,
        }
    }

    /// The running clock's time left at `now`, rounded up to whole seconds: 60 while waiting for
    /// the dice, 0 when over or when the time has run out.
    #[must_use]
    pub fn seconds_left(&self, now: Millis) -> u32 {
        self.millis_left(now).div_ceil(1000) as u32
    }

    /// The running clock's time left at `now` in milliseconds (see [`Game::seconds_left`]).
    #[must_use]
    pub fn millis_left(&self, now: Millis) -> Millis {
        match (self.state, self.deadline()) {
            (State::Over { .. }, _) => 0,
            (_, Some(deadline)) => deadline.saturating_sub(now),
            (_, None) => MOVE_TIME_MS,
        }
    }

    /// Whether the side on turn may offer a draw at `now`, and why not (R23, R26, S7).
    pub fn can_offer_draw(&self, now: Millis) -> Result<(), CommandError> {
        match self.state {
            State::Moving { side, .. } => self.check_offer(side, now),
            _ => Err(CommandError::NotMoving {
                phase: self.phase(),
            }),
        }
    }

    /// The side that may press "Don't wait" at `now`, if any (R17, S8): the waiting side once
    /// the mover's time has run out, or the other side of a side late for the dice exchange
    /// (S14, before the lot too).
    #[must_use]
    pub fn claimant(&self, now: Millis) -> Option<Side> {
        match self.state {
            State::Moving { side, clock, .. } if now >= clock.saturating_add(MOVE_TIME_MS) => {
                Some(!side)
            }
            State::Lot | State::Rolling { .. } => self.late.map(|late| !late),
            _ => None,
        }
    }

    /// The side late for the dice exchange under way (S14: its part was missing after 60 s),
    /// until the lot or the roll comes; `None` otherwise, and once the game is over.
    #[must_use]
    pub fn late(&self) -> Option<Side> {
        match self.state {
            State::Lot | State::Rolling { .. } => self.late,
            _ => None,
        }
    }

    /// When the dice exchange under way fell due (S14): while rolling, the time of the command
    /// that made the roll due (the start, the move ending the turn, the forfeited roll); before
    /// the lot, the game's creation time (`None` for a game on one device); otherwise `None`.
    /// The exchange is late at `roll_due_since() + MOVE_TIME_MS`.
    #[must_use]
    pub fn roll_due_since(&self) -> Option<Millis> {
        match self.state {
            State::Rolling { since, .. } => Some(since),
            State::Lot => self.created,
            _ => None,
        }
    }

    /// When the game between two devices was created ([`Game::set_created`]); `None` for a
    /// game on one device.
    #[must_use]
    pub fn created(&self) -> Option<Millis> {
        self.created
    }

    /// The result and its reason once the game is over.
    #[must_use]
    pub fn result(&self) -> Option<(Outcome, Reason)> {
        match self.state {
            State::Over { outcome, reason } => Some((outcome, reason)),
            _ => None,
        }
    }

    /// Accepted checker moves in the game (S1).
    #[must_use]
    pub fn moves_played(&self) -> u32 {
        self.moves_played
    }

    /// Forfeited rolls in a row so far (R27).
    #[must_use]
    pub fn forfeits_in_a_row(&self) -> u8 {
        self.forfeits
    }

    /// Whether `side` is known to be offline.
    #[must_use]
    pub fn is_offline(&self, side: Side) -> bool {
        self.offline[side]
    }

    /// The time of the last accepted command, ticks included (nothing earlier is accepted).
    #[must_use]
    pub fn last_time(&self) -> Option<Millis> {
        self.seen
    }
}
