//! The game's queries for the UI, the CLI and the peer layer: phase, turn, dice, targets,
//! clocks, offers and the result.

use super::{
    CommandError, DoubleBar, Game, Kind, Millis, Outcome, Phase, Reason, Score, State,
    MOVES_BETWEEN_OFFERS, MOVE_TIME_MS,
};
use crate::cube::{Cube, Offer};
use crate::matchplay::MatchContext;
use crate::position::Position;
use crate::record::Record;
use crate::types::{BySide, DiceLeft, Die, Move, Origin, Roll, Side};
use crate::variant::Clock;

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
            State::Lot if self.variant.is_standard() => Phase::Opening,
            State::Lot => Phase::Lot,
            State::Rolling { .. } => Phase::Rolling,
            State::Moving { .. } => Phase::Moving,
            State::DrawOffered { .. } => Phase::DrawOffered,
            State::Over { .. } => Phase::Over,
            State::Doubled { .. } => Phase::Doubled,
            State::ResignOffered { .. } => Phase::ResignOffered,
        }
    }

    /// The side on turn: the roller, the mover, during an offer the responder (S6), during a
    /// double the side that answers it.
    #[must_use]
    pub fn turn(&self) -> Option<Side> {
        match self.state {
            State::Rolling { side, .. } | State::Moving { side, .. } => Some(side),
            State::DrawOffered { offerer, .. } => Some(!offerer),
            State::Doubled { offer } => Some(offer.answerer()),
            State::ResignOffered { by, .. } => Some(!by),
            State::Lot | State::Over { .. } => None,
        }
    }

    /// The state whose dice are on the board: the game's, or the one a resignation paused.
    fn dice_state(&self) -> State {
        match (self.state, self.resume) {
            (State::ResignOffered { .. }, Some(paused)) => paused,
            (state, _) => state,
        }
    }

    /// The side whose dice are on the board (the offerer's during an offer).
    #[must_use]
    pub fn dice_owner(&self) -> Option<Side> {
        match self.dice_state() {
            State::Moving { side, .. } => Some(side),
            State::DrawOffered { offerer, .. } => Some(offerer),
            _ => None,
        }
    }

    /// The dice left to play (the offerer's unfinished roll during an offer, the mover's during
    /// a resignation offer); none otherwise.
    #[must_use]
    pub fn dice_left(&self) -> DiceLeft {
        match self.dice_state() {
            State::Moving { dice, .. } | State::DrawOffered { dice, .. } => dice,
            _ => DiceLeft::EMPTY,
        }
    }

    /// The roll being played (the offerer's during an offer); `None` while rolling or when over.
    #[must_use]
    pub fn current_roll(&self) -> Option<Roll> {
        match self.dice_state() {
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

    /// The rest of the roll when it can be played only one way: every order of the legal moves
    /// from here ends in the same position (the page's auto-play option). The moves are one such
    /// order, each legal in turn. `None` when the player has a choice, or nothing to move.
    #[must_use]
    pub fn only_play(&self) -> Option<Vec<Move>> {
        let State::Moving { side, dice, .. } = self.state else {
            return None;
        };
        let mut only = OnlyPlay::default();
        let mut path = Vec::new();
        only.walk(self, self.position, side, dice, &mut path);
        match only {
            OnlyPlay {
                choice: false,
                first: Some(moves),
                ..
            } if !moves.is_empty() => Some(moves),
            _ => None,
        }
    }

    /// The legal moves from one origin: the targets to light up when it is selected.
    #[must_use]
    pub fn targets_from(&self, from: Origin) -> Vec<Move> {
        let mut moves = self.legal_moves();
        moves.retain(|m| m.from == from);
        moves
    }

    /// When the running clock runs out: the mover's, or the answer time of an offer. `None`
    /// without a clock (standard rules, T10) and while nothing is timed.
    #[must_use]
    pub fn deadline(&self) -> Option<Millis> {
        match self.state {
            State::Moving { side, clock, .. } => self.move_deadline(side, clock),
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
            (_, None) => match (self.variant.delay_reserve(), self.turn()) {
                (Some((delay, _)), Some(side)) => delay.saturating_add(self.reserve[side]),
                _ => MOVE_TIME_MS,
            },
        }
    }

    /// Whether a clock is running in this game (always under the house rules; T10's setting
    /// under the standard rules).
    #[must_use]
    pub fn has_clock(&self) -> bool {
        self.variant.clock() != Clock::None
    }

    /// Whether the side on turn may offer a draw at `now`, and why not (R23, R26, S7).
    pub fn can_offer_draw(&self, now: Millis) -> Result<(), CommandError> {
        if self.variant.is_standard() {
            // No draws in standard backgammon (T9).
            return Err(CommandError::NotInRules {
                command: "offer_draw",
            });
        }
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
            State::Moving { side, clock, .. }
                if self.variant.clock() == Clock::House
                    && now >= clock.saturating_add(MOVE_TIME_MS) =>
            {
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

    /// Standard: the cube (centred at 1 under the house rules).
    #[must_use]
    pub fn cube(&self) -> Cube {
        self.cube
    }

    /// Standard: what this game started from (the score before it, Crawford, the reserve).
    #[must_use]
    pub fn context(&self) -> MatchContext {
        self.context
    }

    /// Standard: whether the Jacoby rule counts gammons single now (money play, agreed, the cube
    /// not yet turned; automatic doubles do not turn it, T11).
    #[must_use]
    pub fn jacoby_active(&self) -> bool {
        let o = self.variant.options();
        self.variant.is_standard() && o.is_money() && o.jacoby && !self.cube.turned
    }

    /// Standard: what a win of `kind` scores now — the cube's value times 1, 2 or 3, single
    /// while the Jacoby rule applies (T6, T7).
    #[must_use]
    pub fn points_for(&self, kind: Kind) -> u16 {
        let multiplier = if self.jacoby_active() {
            1
        } else {
            kind.multiplier()
        };
        u16::from(self.cube.value) * multiplier
    }

    /// Standard: whether this is the Crawford game (T8).
    #[must_use]
    pub fn is_crawford(&self) -> bool {
        self.context.crawford == crate::matchplay::Crawford::This
    }

    /// Standard: whether the side on turn may double now, and why not (T4, T8, T11).
    pub fn can_double(&self) -> Result<Side, DoubleBar> {
        if !self.variant.is_standard() {
            return Err(DoubleBar::NoCube);
        }
        let side = match self.state {
            State::Rolling { side, .. } => side,
            _ => return Err(DoubleBar::NotBeforeRoll),
        };
        self.double_bar(side).map(|()| side)
    }

    /// Standard: the double waiting for its answer.
    #[must_use]
    pub fn pending_double(&self) -> Option<Offer> {
        match self.state {
            State::Doubled { offer } => Some(offer),
            _ => None,
        }
    }

    /// Standard: whether beavers (raccoons) are agreed and the answerer may raise now.
    #[must_use]
    pub fn may_raise(&self) -> bool {
        self.variant.options().beavers
            && self
                .pending_double()
                .is_some_and(|o| o.may_raise(self.cube))
    }

    /// Standard: the resignation waiting for its answer: who offered it and for what.
    #[must_use]
    pub fn resign_offer(&self) -> Option<(Side, Kind)> {
        match self.state {
            State::ResignOffered { by, kind, .. } => Some((by, kind)),
            _ => None,
        }
    }

    /// What the finished game scored: standard rules' points and kind (T6, T7); under the house
    /// rules 1 for a win, 0 for a draw.
    #[must_use]
    pub fn score(&self) -> Option<Score> {
        self.score
    }

    /// Standard, delay-plus-reserve clock: each side's reserve left (the running turn not yet
    /// charged).
    #[must_use]
    pub fn reserve_left(&self) -> BySide<Millis> {
        self.reserve
    }

    /// Standard: the context the next game of the match (or of money play) starts from, once
    /// this one is over; `None` while it is on.
    #[must_use]
    pub fn next_context(&self) -> Option<MatchContext> {
        let (outcome, _) = self.result()?;
        let points = self.score.map_or(0, |s| s.points);
        let reserve = self.variant.delay_reserve().map(|_| self.reserve);
        Some(
            self.context
                .after(&self.variant.options(), outcome.winner(), points, reserve),
        )
    }

    /// Standard: the context of the next game, when one follows this finished game (the match
    /// is not over, or money play); `None` while the game is on, when the match is over and
    /// under the house rules. A rematch follows only where this is `None`.
    #[must_use]
    pub fn next_game_context(&self) -> Option<MatchContext> {
        self.next_context()
            .filter(|c| self.variant.is_standard() && !c.is_over(&self.variant.options()))
    }

    /// Whether `side` may double now, and why not (T4, T8, T11).
    pub(super) fn double_bar(&self, side: Side) -> Result<(), DoubleBar> {
        use crate::matchplay::Crawford;
        let o = self.variant.options();
        if !o.cube || !self.variant.is_standard() {
            return Err(DoubleBar::NoCube);
        }
        if !matches!(self.state, State::Rolling { side: s, .. } if s == side) {
            return Err(DoubleBar::NotBeforeRoll);
        }
        if self.context.crawford == Crawford::This {
            return Err(DoubleBar::Crawford);
        }
        if self.cube.owner.is_some_and(|owner| owner != side) {
            return Err(DoubleBar::NotOwner);
        }
        if !self.cube.may_double(side) {
            return Err(DoubleBar::AtMax);
        }
        let score = self.context.score;
        let trailer = score[side] < score[!side];
        if o.holland
            && self.context.crawford == Crawford::After
            && trailer
            && Side::ALL.iter().any(|&s| self.rolls[s] < 2)
        {
            return Err(DoubleBar::Holland);
        }
        Ok(())
    }

    /// The mover's dice, if `side` may move now.
    pub(super) fn mover_dice(&self, side: Side) -> Result<(Side, DiceLeft), CommandError> {
        match self.state {
            State::Moving {
                side: mover, dice, ..
            } if mover == side => Ok((mover, dice)),
            State::Moving { .. } => Err(CommandError::NotYourTurn { side }),
            _ => Err(CommandError::NotMoving {
                phase: self.phase(),
            }),
        }
    }

    pub(super) fn check_offer(&self, side: Side, now: Millis) -> Result<(), CommandError> {
        let State::Moving { clock, .. } = self.state else {
            return Err(CommandError::NotMoving {
                phase: self.phase(),
            });
        };
        self.mover_dice(side)?;
        if now >= clock.saturating_add(MOVE_TIME_MS) {
            return Err(CommandError::DrawAfterTimeout);
        }
        if self.moves_played < MOVES_BETWEEN_OFFERS {
            return Err(CommandError::DrawTooEarly {
                needed: MOVES_BETWEEN_OFFERS - self.moves_played,
            });
        }
        if let Some(at) = self.last_offer[side] {
            let since = self.moves_played - at;
            if since < MOVES_BETWEEN_OFFERS {
                return Err(CommandError::DrawTooSoon {
                    needed: MOVES_BETWEEN_OFFERS - since,
                });
            }
        }
        Ok(())
    }
}

/// The search behind [`Game::only_play`]: depth first over the legal moves, stopping at the
/// second distinct end.
#[derive(Default)]
struct OnlyPlay {
    end: Option<Position>,
    first: Option<Vec<Move>>,
    choice: bool,
}

impl OnlyPlay {
    fn walk(
        &mut self,
        game: &Game,
        pos: Position,
        side: Side,
        dice: DiceLeft,
        path: &mut Vec<Move>,
    ) {
        let moves = if dice.is_empty() {
            Vec::new()
        } else {
            game.variant.legal_moves(&pos, side, &dice)
        };
        if moves.is_empty() {
            match self.end {
                None => {
                    self.end = Some(pos);
                    self.first = Some(path.clone());
                }
                Some(end) if end != pos => self.choice = true,
                Some(_) => {}
            }
            return;
        }
        for mv in moves {
            if self.choice {
                return;
            }
            let mut left = dice;
            left.remove(mv.die);
            path.push(mv);
            self.walk(
                game,
                crate::movegen::apply_move(&pos, side, mv).0,
                side,
                left,
                path,
            );
            path.pop();
        }
    }
}
