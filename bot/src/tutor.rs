//! The tutor (a setting of the page): after each single move of a roll, how much the best play
//! the rest of the roll can still reach loses against the roll's best play, judged as the
//! analysis judges plays, and the moves from here to the best reachable play. House rules forbid
//! take-backs (S12), so the tutor speaks of what can still be reached; it never plays.
//!
//! Equity is cubeless (standard rules: money equity with gammons; the tutor is asked without
//! the cube), at 1-ply pruned like the analysis; deterministic.

use vrhcaby_rules::{DiceLeft, Origin, Position, Roll, Rules, Side, Target};

use crate::analysis::Judge;
use crate::hint::completions;
use crate::Bot;

/// The judge's depth for the tutor: one roll of look-ahead, quick enough between two moves.
pub const TUTOR_DEPTH: u8 = 1;

/// What the tutor says of the roll so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Tutor {
    /// The roll's best play's equity minus the best still reachable, never negative.
    pub loss: f32,
    /// The moves from `current` to the best play still reachable (none when the roll is done).
    pub rest: Vec<(Origin, Target)>,
    /// The roll's best play from its start.
    pub best: Vec<(Origin, Target)>,
}

impl Bot {
    /// The tutor for `side`'s `roll` played from `start`, now at `current` with the dice `left`.
    #[must_use]
    pub fn tutor(
        &self,
        start: &Position,
        current: &Position,
        side: Side,
        roll: Roll,
        left: &DiceLeft,
        rules: Rules,
    ) -> Tutor {
        let reachable = completions(current, side, left);
        let mut judge = Judge::new(self, rules);
        let plays = vrhcaby_rules::plays(start, side, roll, rules);
        let can_reach: Vec<bool> = plays
            .iter()
            .map(|p| reachable.iter().any(|(r, _)| *r == p.position))
            .collect();
        // The best reachable play at 0-ply is judged as deep as the best.
        let (_, zero) = judge.judge_plays(start, side, roll, 0, None);
        let must = best_of(&zero, |i| can_reach[i]);
        let (_, scores) = judge.judge_plays(start, side, roll, TUTOR_DEPTH, must);
        let deepest = scores.iter().map(|s| s.1).max().unwrap_or(0);
        let at_depth = |i: usize| scores[i].1 == deepest;
        let best = best_of(&scores, at_depth);
        let reach = best_of(&scores, |i| at_depth(i) && can_reach[i]);
        let (Some(b), Some(r)) = (best, reach) else {
            return Tutor {
                loss: 0.0,
                rest: Vec::new(),
                best: Vec::new(),
            };
        };
        let target = plays[r].position;
        Tutor {
            loss: (scores[b].0 - scores[r].0).max(0.0),
            rest: reachable
                .into_iter()
                .find(|(p, _)| *p == target)
                .map(|(_, path)| path)
                .unwrap_or_default(),
            best: plays[b].moves.clone(),
        }
    }
}

/// The index of the highest score among those `keep` admits (the first of equals).
fn best_of(scores: &[(f32, u8)], keep: impl Fn(usize) -> bool) -> Option<usize> {
    (0..scores.len())
        .filter(|&i| keep(i))
        .fold(None, |b: Option<usize>, i| match b {
            Some(b) if scores[b].0 >= scores[i].0 => Some(b),
            _ => Some(i),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use vrhcaby_rules::{apply_move, legal_moves, Die, Point};

    fn bot() -> Bot {
        Bot::builtin().expect("the built-in weights parse")
    }

    fn roll(a: u8, b: u8) -> Roll {
        Roll::from_values(a, b).expect("dice")
    }

    /// Plays `from → to` with the die that makes it, from `pos`.
    fn step(pos: &Position, left: &mut DiceLeft, from: u8, to: u8) -> Position {
        let side = Side::White;
        let m = legal_moves(pos, side, left)
            .into_iter()
            .find(|m| {
                m.from == Origin::Point(Point::new(from).unwrap())
                    && m.to == Target::Point(Point::new(to).unwrap())
            })
            .expect("a legal move");
        left.remove(m.die);
        apply_move(pos, side, m).0
    }

    #[test]
    fn a_bad_first_move_is_told_with_the_best_reachable_rest_and_a_good_one_is_not() {
        let b = bot();
        let start = Position::start();
        let r = roll(6, 5);
        let full = DiceLeft::from_slice(&[Die::new(6).unwrap(), Die::new(5).unwrap()]);
        // At the start nothing is lost, and the rest is the whole best play.
        let t0 = b.tutor(&start, &start, Side::White, r, &full, Rules::Vrhcaby);
        assert_eq!(t0.loss, 0.0);
        assert_eq!(t0.rest, t0.best);
        assert_eq!(t0.best.len(), 2);
        // 24/18 keeps 18/13 (the best, 24/13) in reach: nothing lost.
        let mut left = full;
        let run = step(&start, &mut left, 24, 18);
        let t1 = b.tutor(&start, &run, Side::White, r, &left, Rules::Vrhcaby);
        assert!(t1.loss < 1e-6, "{t1:?}");
        assert_eq!(t1.rest.len(), 1);
        // 13/7 then 13/8: two outfield blots, clearly worse, and said so once the roll is done.
        let mut left = full;
        let a = step(&start, &mut left, 13, 7);
        let done = step(&a, &mut left, 13, 8);
        let t2 = b.tutor(&start, &done, Side::White, r, &left, Rules::Vrhcaby);
        assert!(t2.loss >= 0.03, "{t2:?}");
        assert!(t2.rest.is_empty());
        // The same question, the same answer.
        assert_eq!(
            t2,
            b.tutor(&start, &done, Side::White, r, &left, Rules::Vrhcaby)
        );
    }
}
