//! Standard backgammon's own commands (T1–T11): the opening roll, the cube, resigning with a
//! value, and what a finished game scores.

use super::State;
use super::{Command, CommandError, Event, Game, Kind, Millis, Outcome, Reason, Score};
use crate::cube::{Cube, Offer, Stage};
use crate::types::{Roll, Side};

impl Game {
    /// Runs a command the standard rules treat their own way; `None` for the commands both rule
    /// sets share (moves, leaving, presence, ticks, claims, the peer layer's dice reports).
    pub(super) fn execute_standard(
        &mut self,
        cmd: Command,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Option<Result<(), CommandError>> {
        let not_here = || {
            Some(Err(CommandError::NotInRules {
                command: cmd.name(),
            }))
        };
        match cmd {
            // No lot and no immediate resignation (T1, T7); no draws (T9).
            Command::Start { .. }
            | Command::Resign { .. }
            | Command::OfferDraw { .. }
            | Command::AcceptDraw { .. }
            | Command::DeclineDraw { .. } => not_here(),
            Command::Opening { white, black } => Some(self.opening(white, black, now, events)),
            Command::Dice { dice } => Some(self.standard_roll(dice, now, events)),
            Command::Double { side } => Some(self.double(side, now, events)),
            Command::Take { side } => Some(self.take(side, now, events)),
            Command::Drop { side } => Some(self.drop_double(side, events)),
            Command::Beaver { side } | Command::Raccoon { side } => {
                Some(self.raise(side, matches!(cmd, Command::Raccoon { .. }), events))
            }
            Command::OfferResign { side, kind } => Some(self.offer_resign(side, kind, now, events)),
            Command::AcceptResign { side } | Command::RejectResign { side } => {
                Some(self.answer_resign(
                    side,
                    matches!(cmd, Command::AcceptResign { .. }),
                    now,
                    events,
                ))
            }
            _ => None,
        }
    }

    fn opening(
        &mut self,
        white: crate::types::Die,
        black: crate::types::Die,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), CommandError> {
        if self.state != State::Lot {
            return Err(CommandError::AlreadyStarted);
        }
        self.late = None;
        if white == black {
            let o = self.variant.options();
            if o.cube && self.ties < o.auto_doubles && self.cube.may_double(Side::White) {
                self.cube.value *= 2;
                self.ties += 1;
            }
            events.push(Event::OpeningTie {
                die: white,
                cube: self.cube.value,
            });
            return Ok(());
        }
        let first = if white > black {
            Side::White
        } else {
            Side::Black
        };
        self.last_move_at = now;
        events.push(Event::Started { first });
        self.state = State::Rolling {
            side: first,
            since: now,
        };
        self.standard_roll(Roll::new(white, black), now, events)
    }

    /// The dice for the side to roll (T2, T3): a roll with no legal move is lost; there is no
    /// draw by forfeits (T3, T9).
    fn standard_roll(
        &mut self,
        roll: Roll,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), CommandError> {
        let State::Rolling { side, .. } = self.state else {
            return Err(match self.state {
                State::Lot => CommandError::NotStarted,
                _ => CommandError::NoRollExpected,
            });
        };
        self.late = None;
        self.rolls[side] = self.rolls[side].saturating_add(1);
        events.push(Event::Rolled { side, roll });
        self.last_roll = Some(roll);
        let dice = roll.dice();
        if self.variant.has_legal_move(&self.position, side, &dice) {
            self.state = State::Moving {
                side,
                dice,
                clock: now,
            };
        } else {
            events.push(Event::Forfeited { side, in_a_row: 1 });
            self.pass_turn(side, now, events);
        }
        Ok(())
    }

    fn double(
        &mut self,
        side: Side,
        _now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), CommandError> {
        if matches!(
            self.state,
            State::Doubled { .. } | State::ResignOffered { .. }
        ) {
            return Err(CommandError::AnswerPending);
        }
        self.double_bar(side).map_err(CommandError::CannotDouble)?;
        let offer = Offer {
            doubler: side,
            stage: Stage::Double,
        };
        events.push(Event::Doubled {
            by: side,
            value: offer.value_offered(self.cube),
        });
        self.state = State::Doubled { offer };
        Ok(())
    }

    /// The double waiting for `side`'s answer.
    fn offer_for(&self, side: Side) -> Result<Offer, CommandError> {
        match self.state {
            State::Doubled { offer } if offer.answerer() == side => Ok(offer),
            State::Doubled { .. } => Err(CommandError::NotYourTurn { side }),
            _ => Err(CommandError::NoDouble),
        }
    }

    fn take(
        &mut self,
        side: Side,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), CommandError> {
        let offer = self.offer_for(side)?;
        let value = offer.value_offered(self.cube);
        self.cube = Cube {
            value,
            // The cube belongs to the side that took the original double (T11).
            owner: Some(!offer.doubler),
            turned: true,
        };
        events.push(Event::Taken { by: side, value });
        self.state = State::Rolling {
            side: offer.doubler,
            since: now,
        };
        Ok(())
    }

    fn drop_double(&mut self, side: Side, events: &mut Vec<Event>) -> Result<(), CommandError> {
        let offer = self.offer_for(side)?;
        let score = Score {
            points: u16::from(offer.value_dropped(self.cube)),
            kind: Kind::Single,
        };
        self.finish_scored(Outcome::win(!side), Reason::Dropped, score, events);
        Ok(())
    }

    /// A beaver (`raccoon` false) or a raccoon (T5).
    fn raise(
        &mut self,
        side: Side,
        raccoon: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), CommandError> {
        let offer = self.offer_for(side)?;
        let stage = if raccoon {
            Stage::Beaver
        } else {
            Stage::Double
        };
        if !self.variant.options().beavers || offer.stage != stage || !offer.may_raise(self.cube) {
            return Err(CommandError::CannotBeaver);
        }
        let next = Offer {
            doubler: offer.doubler,
            stage: if raccoon {
                Stage::Raccoon
            } else {
                Stage::Beaver
            },
        };
        let value = next.value_offered(self.cube);
        events.push(if raccoon {
            Event::Raccooned { by: side, value }
        } else {
            Event::Beavered { by: side, value }
        });
        self.state = State::Doubled { offer: next };
        Ok(())
    }

    fn offer_resign(
        &mut self,
        side: Side,
        kind: Kind,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), CommandError> {
        // Also a mover whose time has run out (T11): a refused offer gives the time it waited
        // back to nobody, so the mover is exactly as late as before and the claim stays open.
        match self.state {
            State::Rolling { .. } | State::Moving { .. } => {}
            State::Doubled { .. } | State::ResignOffered { .. } => {
                return Err(CommandError::AnswerPending)
            }
            _ => {
                return Err(CommandError::NotMoving {
                    phase: self.phase(),
                })
            }
        }
        self.resume = Some(self.state);
        self.state = State::ResignOffered {
            by: side,
            kind,
            at: now,
        };
        events.push(Event::ResignOffered { by: side, kind });
        Ok(())
    }

    fn answer_resign(
        &mut self,
        side: Side,
        accept: bool,
        now: Millis,
        events: &mut Vec<Event>,
    ) -> Result<(), CommandError> {
        let State::ResignOffered { by, kind, at } = self.state else {
            return Err(CommandError::NoResignOffer);
        };
        if side == by {
            return Err(CommandError::NotYourTurn { side });
        }
        if accept {
            // The turn an accepted offer ends is charged up to the offer (T10, T11): the
            // reserve belongs to the match.
            if let Some(State::Moving { side, clock, .. }) = self.resume.take() {
                self.charge_reserve(side, clock, at);
            }
            let score = Score {
                points: self.points_for(kind),
                kind,
            };
            self.finish_scored(Outcome::win(side), Reason::ResignAccepted, score, events);
            return Ok(());
        }
        // Play goes on where it stood; the offer's time is nobody's (T11).
        let paused = now.saturating_sub(at);
        self.state = match self.resume.take() {
            Some(State::Moving { side, dice, clock }) => State::Moving {
                side,
                dice,
                clock: clock.saturating_add(paused),
            },
            Some(State::Rolling { side, since }) => State::Rolling {
                side,
                since: since.saturating_add(paused),
            },
            // An offer is only made while rolling or moving.
            other => other.unwrap_or(State::Lot),
        };
        events.push(Event::ResignRejected { by: side });
        Ok(())
    }

    /// What a game ended by `reason` scores. House rules: 1 for a win, 0 for a draw. Standard:
    /// bearing off scores the cube times single, gammon or backgammon (T6); a forfeit scores a
    /// backgammon times the cube in money play (no Jacoby) and the rest of the match in a match
    /// (T7, T11). Drops and accepted resignations are scored where they happen.
    pub(super) fn score_of(&self, outcome: Outcome, reason: Reason) -> Score {
        let single = |points| Score {
            points,
            kind: Kind::Single,
        };
        let Some(winner) = outcome.winner() else {
            return single(0);
        };
        if !self.variant.is_standard() {
            return single(1);
        }
        let o = self.variant.options();
        if reason.is_forfeit() {
            return if o.is_money() {
                Score {
                    points: u16::from(self.cube.value) * 3,
                    kind: Kind::Backgammon,
                }
            } else {
                single(u16::from(o.match_length).saturating_sub(self.context.score[winner]))
            };
        }
        let kind = self.win_kind(winner);
        Score {
            points: self.points_for(kind),
            kind,
        }
    }

    /// The kind of `winner`'s win by bearing off in the position now (T6).
    fn win_kind(&self, winner: Side) -> Kind {
        let loser = !winner;
        let pos = &self.position;
        if pos.off(loser) > 0 {
            Kind::Single
        } else if pos.bar(loser) > 0 || (19..=24).any(|p| pos.count(loser, p) > 0) {
            Kind::Backgammon
        } else {
            Kind::Gammon
        }
    }
}
