//! What the computer must do now in a game against it, as plain data (native tests), and how its
//! worker's answer becomes its moves. The bot driver (`drivers::bot`) asks the worker and plays.
//!
//! A reload in the middle of the computer's turn neither loses nor repeats a move: the question
//! is always asked about the position at the *start* of the turn with the whole roll (a request
//! the engine answers deterministically: same position, side, roll, level and the game's saved
//! seed give the same play), and the moves of that plan already in the record are skipped.

use vrhcaby_rules::{Command, Game, Millis, Origin, Phase, Position, Roll, Side, Target};

use super::{Intent, Session};

pub use vrhcaby_protocol::{MidRoll, Step};

/// What the computer has to decide now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// Choose its play for `roll` from `start` (the position when the roll landed); `done` are
    /// the moves of this roll already played.
    Play {
        side: Side,
        start: Position,
        roll: Roll,
        done: Vec<Step>,
    },
    /// Answer the person's draw offer.
    AnswerDraw {
        position: Position,
        offerer: Side,
        roll: Option<Roll>,
    },
    /// Standard: roll or double before its roll, answer a double, answer a resignation (the
    /// worker decides from the game's record: its `decide` op).
    Decide { side: Side },
}

/// The computer's own restraint on top of the rules (R23, R26, S7): after an offer of its own it
/// waits this many moves of the game (S1) before it offers again, so a declined offer is not
/// repeated every few turns.
pub const MOVES_BETWEEN_OFFERS: u32 = 24;

/// The position when the current roll landed and the moves played with it so far.
#[must_use]
pub fn turn_so_far(game: &Game) -> Option<(Position, Vec<Step>)> {
    let commands = &game.record().commands;
    let last_roll = commands
        .iter()
        .rposition(|e| matches!(e.cmd, Command::Dice { .. } | Command::Opening { .. }))?;
    let done = commands[last_roll + 1..]
        .iter()
        .filter_map(|e| match e.cmd {
            Command::Move { from, to, .. } => Some((from.index(), to.index())),
            _ => None,
        })
        .collect();
    let mut record = game.record().clone();
    record.commands.truncate(last_roll + 1);
    let start = *record.replay().ok()?.position();
    Some((start, done))
}

impl Session {
    /// What the computer must decide now, if anything.
    #[must_use]
    pub fn computer_task(&self) -> Option<Task> {
        let side = self.computer_seat()?.side;
        let g = self.game();
        match g.phase() {
            Phase::Moving if g.dice_owner() == Some(side) => {
                let roll = g.current_roll()?;
                let (start, done) = turn_so_far(g)?;
                Some(Task::Play {
                    side,
                    start,
                    roll,
                    done,
                })
            }
            Phase::DrawOffered if g.turn() == Some(side) => Some(Task::AnswerDraw {
                position: *g.position(),
                offerer: !side,
                roll: g.current_roll(),
            }),
            // Its roll waits for its choice only when it may double (else the dice come).
            Phase::Rolling if g.turn() == Some(side) && self.awaits_roll_choice() => {
                Some(Task::Decide { side })
            }
            Phase::Doubled | Phase::ResignOffered if g.turn() == Some(side) => {
                Some(Task::Decide { side })
            }
            _ => None,
        }
    }
}

impl Session {
    /// Whether the computer, about to play its roll (before its first move of it), may offer a
    /// draw at `now` (game time): the rules let it (`Game::can_offer_draw`) and it has not offered
    /// within the last [`MOVES_BETWEEN_OFFERS`] moves. Whether it *wants* to is the engine's call.
    #[must_use]
    pub fn computer_may_offer(&self, now: Millis) -> bool {
        let Some(side) = self.computer_seat().map(|c| c.side) else {
            return false;
        };
        let g = self.game();
        if g.phase() != Phase::Moving || g.dice_owner() != Some(side) {
            return false;
        }
        if !turn_so_far(g).is_some_and(|(_, done)| done.is_empty())
            || g.can_offer_draw(now).is_err()
        {
            return false;
        }
        let commands = &g.record().commands;
        let Some(last) = commands
            .iter()
            .rposition(|e| matches!(e.cmd, Command::OfferDraw { side: s } if s == side))
        else {
            return true;
        };
        let since = commands[last..]
            .iter()
            .filter(|e| matches!(e.cmd, Command::Move { .. }))
            .count();
        since >= MOVES_BETWEEN_OFFERS as usize
    }
}

/// What a hint would be asked about now, if one may be asked: for the person to move (in a game
/// on this device or against the computer), at any point of their roll.
#[must_use]
pub fn hint_question(s: &Session) -> Option<MidRoll> {
    let g = s.game();
    if g.phase() != Phase::Moving || s.remote().is_some() {
        return None;
    }
    let side = g.dice_owner()?;
    if !s.controls(side) || g.legal_moves().is_empty() {
        return None;
    }
    let (start, _) = turn_so_far(g)?;
    Some(MidRoll {
        start,
        current: *g.position(),
        side,
        roll: g.current_roll()?,
        left: g.dice_left().iter().collect(),
        rules: g.variant().rules(),
    })
}

/// The moves of `plan` still to play when `done` are played; `None` when `done` is not the
/// plan's beginning (the record and the plan disagree: ask again from the current position).
#[must_use]
pub fn remaining<'a>(plan: &'a [Step], done: &[Step]) -> Option<&'a [Step]> {
    plan.strip_prefix(done)
}

/// The intent for one step.
#[must_use]
pub fn step_intent((from, to): Step) -> Option<Intent> {
    Some(Intent::Move {
        from: Origin::from_index(i64::from(from)).ok()?,
        to: Target::from_index(i64::from(to)).ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Computer, Dice, Input, Seat, SessionError};
    use vrhcaby_rules::{SeededDice, Side};

    fn game_vs(side: Side, seed: u64) -> Session {
        Session::computer(
            Dice::Seeded(SeededDice::new(seed)),
            Computer {
                side,
                level: "expert".into(),
                seed: 7,
            },
        )
    }

    /// Throws dice until someone must move.
    fn until_moving(s: &mut Session, t: &mut u64) {
        while s.game().phase() != Phase::Moving {
            *t += 10;
            s.handle(Input::Dice, *t).unwrap();
        }
    }

    #[test]
    fn the_person_cannot_move_for_the_computer_and_the_computer_only_for_itself() {
        for seed in 0..20 {
            let mut s = game_vs(Side::Black, seed);
            assert_eq!(s.seat(Side::Black), Seat::Computer);
            assert_eq!(s.kind(), crate::session::Kind::Bot);
            let mut t = 0;
            until_moving(&mut s, &mut t);
            let mover = s.game().dice_owner().unwrap();
            let m = s.game().legal_moves()[0];
            let intent = Intent::Move {
                from: m.from,
                to: m.to,
            };
            if mover == Side::Black {
                assert_eq!(
                    s.handle(Input::Intent(intent), t),
                    Err(SessionError::NotYours(Side::Black))
                );
                assert!(s.computer_task().is_some());
                assert!(s.handle(Input::Computer(intent), t).is_ok());
            } else {
                assert!(s.computer_task().is_none());
                assert_eq!(
                    s.handle(Input::Computer(intent), t),
                    Err(SessionError::NotYours(Side::White))
                );
                assert!(s.handle(Input::Intent(intent), t).is_ok());
            }
        }
    }

    #[test]
    fn a_reload_mid_turn_continues_the_same_plan() {
        // Find a seed where the computer (White) moves first, then play one of its moves.
        for seed in 0..40 {
            let mut s = game_vs(Side::White, seed);
            let mut t = 0;
            until_moving(&mut s, &mut t);
            let Some(Task::Play {
                start,
                roll,
                done,
                side,
            }) = s.computer_task()
            else {
                continue;
            };
            assert_eq!(side, Side::White);
            assert!(done.is_empty());
            assert_eq!(&start, s.game().position());
            let m = s.game().legal_moves()[0];
            let step = (m.from.index(), m.to.index());
            s.handle(Input::Computer(step_intent(step).unwrap()), t + 1)
                .unwrap();
            let text = s.save();
            let back = Session::load(&text, Dice::Seeded(SeededDice::new(0))).unwrap();
            assert_eq!(back.seat(Side::White), Seat::Computer);
            assert_eq!(back.computer_seat(), s.computer_seat());
            if back.game().phase() != Phase::Moving {
                continue; // the move ended the turn
            }
            let Some(Task::Play {
                start: s2,
                roll: r2,
                done: d2,
                ..
            }) = back.computer_task()
            else {
                panic!("the computer is still to move");
            };
            assert_eq!(s2, start);
            assert_eq!(r2, roll);
            assert_eq!(d2, vec![step]);
            let plan = vec![step, (1, 0)];
            assert_eq!(remaining(&plan, &d2), Some(&plan[1..]));
            assert_eq!(remaining(&plan[1..], &d2), None);
            return;
        }
        panic!("no seed had the computer move first");
    }

    /// Plays the first legal move of whoever is to move (the computer's through `Input::Computer`).
    fn one_move(s: &mut Session, computer: Side, t: u64) {
        let m = s.game().legal_moves()[0];
        let intent = Intent::Move {
            from: m.from,
            to: m.to,
        };
        let input = if s.game().dice_owner() == Some(computer) {
            Input::Computer(intent)
        } else {
            Input::Intent(intent)
        };
        s.handle(input, t).unwrap();
    }

    #[test]
    fn the_computer_may_offer_only_when_the_rules_let_it_and_not_again_soon() {
        let computer = Side::Black;
        let mut s = game_vs(computer, 3);
        let mut t = 0;
        let mut offered_at = None;
        let mut checked_restraint = false;
        while s.game().phase() != Phase::Over && s.game().moves_played() < 200 {
            until_moving(&mut s, &mut t);
            if s.game().phase() == Phase::Over {
                break;
            }
            t += 10;
            let g = s.game();
            let at_start = turn_so_far(g).is_some_and(|(_, done)| done.is_empty());
            let computers_turn = g.dice_owner() == Some(computer);
            let may = s.computer_may_offer(t);
            if !computers_turn || !at_start || g.can_offer_draw(t).is_err() {
                assert!(
                    !may,
                    "only at the start of its own turn, when the rules allow"
                );
            } else if let Some(at) = offered_at {
                let since = g.moves_played() - at;
                assert_eq!(
                    may,
                    since >= MOVES_BETWEEN_OFFERS,
                    "{since} moves since its offer"
                );
                checked_restraint |= since < MOVES_BETWEEN_OFFERS;
            } else {
                assert!(may);
                // Offer; the person declines; the computer's turn comes back unplayed.
                s.handle(Input::Computer(Intent::OfferDraw), t).unwrap();
                assert_eq!(s.game().phase(), Phase::DrawOffered);
                assert!(!s.computer_may_offer(t));
                s.handle(Input::Intent(Intent::DeclineDraw), t + 1).unwrap();
                t += 1;
                assert_eq!(s.game().dice_owner(), Some(computer));
                assert!(!s.computer_may_offer(t), "not again at once (R26)");
                offered_at = Some(s.game().moves_played());
            }
            one_move(&mut s, computer, t);
        }
        assert!(offered_at.is_some() && checked_restraint);
    }

    #[test]
    fn a_hint_is_asked_from_where_the_person_is_with_the_dice_left() {
        let mut s = Session::hot_seat(Dice::Seeded(SeededDice::new(5)));
        let mut t = 0;
        until_moving(&mut s, &mut t);
        let start = *s.game().position();
        let q = hint_question(&s).expect("the person to move may ask");
        assert_eq!((q.start, q.current), (start, start));
        assert_eq!(q.left.len(), s.game().dice_left().iter().count());
        let m = s.game().legal_moves()[0];
        s.handle(
            Input::Intent(Intent::Move {
                from: m.from,
                to: m.to,
            }),
            t + 1,
        )
        .unwrap();
        if let Some(q) = hint_question(&s) {
            assert_eq!(q.start, start, "the roll's start, not where the person is");
            assert_eq!(&q.current, s.game().position());
            assert!(q.left.iter().all(|d| q.roll.dice().contains(*d)));
        }
        assert_eq!(step_intent((25, 22)).map(|_| ()), Some(()));
        assert_eq!(step_intent((26, 0)), None);
    }
}
