//! Time: the timed events (an offer's lapse R25, an offline mover R18, an empty reserve T10, ten
//! hours R19), when they are due, and the clocks' deadlines.

use super::{Event, Game, Millis, Outcome, Reason, State, INACTIVITY_MS, MOVE_TIME_MS};
use crate::types::Side;
use crate::variant::Clock;

/// A timed event, in S3's order for events due at the same time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Timed {
    /// The offer's answer time ran out (R25).
    Lapse,
    /// The offline mover's time ran out (R18).
    OfflineLoss,
    /// A delay-plus-reserve clock's reserve ran out (T10).
    ReserveOut,
    /// Ten hours without a move (R19).
    Inactivity,
}

impl Game {
    /// When the mover's time runs out: the house clock's 60 s from `clock`, or the delay plus
    /// the reserve left; `None` without a clock.
    pub(super) fn move_deadline(&self, side: Side, clock: Millis) -> Option<Millis> {
        match self.variant.clock() {
            Clock::None => None,
            Clock::House => Some(clock.saturating_add(MOVE_TIME_MS)),
            Clock::DelayReserve { delay_ms, .. } => Some(
                clock
                    .saturating_add(Millis::from(delay_ms))
                    .saturating_add(self.reserve[side]),
            ),
        }
    }

    /// A delay-plus-reserve clock: `side`'s turn that began at `clock` ends at `now`; what it
    /// took beyond the delay comes off the reserve.
    pub(super) fn charge_reserve(&mut self, side: Side, clock: Millis, now: Millis) {
        if let Some((delay, _)) = self.variant.delay_reserve() {
            let spent = now.saturating_sub(clock).saturating_sub(delay);
            self.reserve[side] = self.reserve[side].saturating_sub(spent);
        }
    }

    /// The earliest timed event still to happen if no command comes, given that everything due
    /// by `cursor` has happened; ties in S3's order (lapse, offline, reserve, 10 hours). The one
    /// place that decides when a timed event is due: [`Game::advance`] and [`Game::next_due`]
    /// use it.
    pub(super) fn next_timed(&self, cursor: Millis) -> Option<(Millis, Timed)> {
        let lapse = match self.state {
            State::DrawOffered { at, .. } => Some((at.saturating_add(MOVE_TIME_MS), Timed::Lapse)),
            _ => None,
        };
        let clock = self.variant.clock();
        // R18 looks at the instant the clock runs out (S5): a mover already late when the
        // offline came (its deadline not after the last command) does not lose by it.
        let offline = match self.state {
            State::Moving { side, clock: c, .. }
                if clock == Clock::House
                    && self.offline[side]
                    && c.saturating_add(MOVE_TIME_MS) > cursor =>
            {
                Some((c.saturating_add(MOVE_TIME_MS), Timed::OfflineLoss))
            }
            _ => None,
        };
        let reserve = match (self.state, clock) {
            (State::Moving { side, clock: c, .. }, Clock::DelayReserve { .. }) => {
                self.move_deadline(side, c).map(|t| (t, Timed::ReserveOut))
            }
            _ => None,
        };
        let inactivity = match self.state {
            _ if clock == Clock::None => None,
            State::Rolling { .. }
            | State::Moving { .. }
            | State::DrawOffered { .. }
            | State::Doubled { .. }
            | State::ResignOffered { .. } => Some((
                self.last_move_at.saturating_add(INACTIVITY_MS),
                Timed::Inactivity,
            )),
            // A game between two devices counts R19 from its creation before the lot (S14).
            State::Lot => self
                .created
                .map(|c| (c.saturating_add(INACTIVITY_MS), Timed::Inactivity)),
            State::Over { .. } => None,
        };
        [lapse, offline, reserve, inactivity]
            .into_iter()
            .flatten()
            .min()
    }

    /// Timed events due by `now`, earliest first; ties in S3's order.
    pub(super) fn advance(&mut self, now: Millis, events: &mut Vec<Event>) {
        let mut cursor = self.seen.unwrap_or(0);
        while let Some((t, kind)) = self.next_timed(cursor).filter(|&(t, _)| t <= now) {
            cursor = t;
            match (kind, self.state) {
                (Timed::Lapse, State::DrawOffered { offerer, dice, at }) => {
                    self.state = State::Moving {
                        side: offerer,
                        dice,
                        clock: at.saturating_add(MOVE_TIME_MS),
                    };
                    events.push(Event::DrawLapsed { offerer });
                }
                (Timed::OfflineLoss, State::Moving { side, .. }) => {
                    self.finish(Outcome::win(!side), Reason::TimeoutOffline, events);
                }
                (Timed::ReserveOut, State::Moving { side, .. }) => {
                    self.reserve[side] = 0;
                    self.finish(Outcome::win(!side), Reason::Timeout, events);
                }
                _ => {
                    // A side late for the dice exchange is the side on turn for R19 (S14);
                    // before the lot with nobody late the game is a draw.
                    let outcome = match (self.state, self.late) {
                        (State::Lot | State::Rolling { .. }, Some(late)) => Outcome::win(!late),
                        (State::Lot, None) => Outcome::Draw,
                        _ => Outcome::win(!self.turn().unwrap_or(Side::White)),
                    };
                    self.finish(outcome, Reason::Inactivity, events);
                }
            }
        }
    }

    /// When the next timed event (an offer's lapse R25, an offline mover's time R18, an empty
    /// reserve T10, ten hours R19) happens if no other command comes: the earliest `t` at which
    /// `apply(Command::Tick, t)` returns events. `None` when over or when nothing is pending,
    /// and before the lot of a game on one device; before the lot of a game between two devices,
    /// R19's ten hours from its creation (S14). Never before [`Game::last_time`]. A late dice
    /// exchange is not a timed event: the peer layer reports it with [`crate::Command::DiceLate`].
    ///
    /// ```
    /// use vrhcaby_rules::{Command, Game, Roll, Side, INACTIVITY_MS};
    /// let mut game = Game::new();
    /// assert_eq!(game.next_due(), None);
    /// game.apply(Command::Start { first: Side::White }, 1_000).unwrap();
    /// assert_eq!(game.next_due(), Some(1_000 + INACTIVITY_MS)); // R19
    /// let due = game.next_due().unwrap();
    /// assert!(game.clone().apply(Command::Tick, due - 1).unwrap().is_empty());
    /// assert!(!game.apply(Command::Tick, due).unwrap().is_empty());
    /// assert_eq!(game.next_due(), None); // over
    /// ```
    #[must_use]
    pub fn next_due(&self) -> Option<Millis> {
        self.next_timed(self.seen.unwrap_or(0)).map(|(t, _)| t)
    }
}
