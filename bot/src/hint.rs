//! The hint in the middle of a roll: the strongest play of the whole roll among those the moves
//! already made can still reach, and the moves from here to it.

use std::collections::HashSet;

use vrhcaby_rules::{
    apply_move, legal_moves, plays, DiceLeft, Origin, Position, Roll, Rules, Side, Target,
};

use crate::{Bot, Level};

/// Every distinct position that completing the roll from `pos` with the dice `left` can end in
/// (one move at a time, as the game accepts them; S10: bearing off the 15th checker ends it), with
/// one way to get there.
#[must_use]
pub fn completions(
    pos: &Position,
    side: Side,
    left: &DiceLeft,
) -> Vec<(Position, Vec<(Origin, Target)>)> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut path = Vec::new();
    walk(pos, side, *left, &mut path, &mut seen, &mut out);
    out
}

fn walk(
    pos: &Position,
    side: Side,
    left: DiceLeft,
    path: &mut Vec<(Origin, Target)>,
    seen: &mut HashSet<(Position, DiceLeft)>,
    out: &mut Vec<(Position, Vec<(Origin, Target)>)>,
) {
    if !seen.insert((*pos, left)) {
        return;
    }
    let moves = if pos.is_finished(side) {
        Vec::new()
    } else {
        legal_moves(pos, side, &left)
    };
    if moves.is_empty() {
        if !out.iter().any(|(p, _)| p == pos) {
            out.push((*pos, path.clone()));
        }
        return;
    }
    for m in moves {
        let (next, _) = apply_move(pos, side, m);
        let mut rest = left;
        rest.remove(m.die);
        path.push((m.from, m.to));
        walk(&next, side, rest, path, seen, out);
        path.pop();
    }
}

impl Bot {
    /// The hint for `side`'s `roll` played from `start` (the position when the roll landed), now
    /// at `current` with the dice `left`: the play the strongest level would choose among the
    /// roll's plays still reachable from `current`, as the moves from `current` to it (none when
    /// nothing is left to move). At the start of the roll it is exactly the strongest level's play.
    pub fn hint_rest(
        &mut self,
        start: &Position,
        current: &Position,
        side: Side,
        roll: Roll,
        left: &DiceLeft,
    ) -> Vec<(Origin, Target)> {
        self.hint_rest_under(start, current, side, roll, left, Rules::Vrhcaby)
    }

    /// [`Bot::hint_rest`] under `rules`. Under standard rules every path to one of the roll's
    /// (maximal) plays is made of compulsory-legal moves, so the moves returned are legal.
    pub fn hint_rest_under(
        &mut self,
        start: &Position,
        current: &Position,
        side: Side,
        roll: Roll,
        left: &DiceLeft,
        rules: Rules,
    ) -> Vec<(Origin, Target)> {
        let reachable = completions(current, side, left);
        let all = plays(start, side, roll, rules);
        let ok: Vec<bool> = all
            .iter()
            .map(|p| reachable.iter().any(|(r, _)| *r == p.position))
            .collect();
        // Unreachable plays are pushed far below every reachable one, so no search keeps them.
        let ev = match (rules, &self.standard) {
            (Rules::Standard, Some(s)) => s,
            _ => &self.evaluator,
        };
        let (plays, best) = self.searcher.choose(
            ev,
            start,
            side,
            roll,
            rules,
            Level::Strongest.budget(),
            |i| {
                if ok.get(i).copied().unwrap_or(false) {
                    0.0
                } else {
                    -1000.0
                }
            },
        );
        let target = plays.get(best.index).map(|p| p.position);
        reachable
            .iter()
            .find(|(p, _)| Some(*p) == target)
            .or(reachable.first())
            .map(|(_, path)| path.clone())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Level;

    /// Plays `moves` for White from `pos`, each checked legal; the roll must be finished after.
    fn play_out(pos: &Position, left: &DiceLeft, moves: &[(Origin, Target)]) -> Position {
        let (mut pos, mut left) = (*pos, *left);
        for (from, to) in moves {
            let m = legal_moves(&pos, Side::White, &left)
                .into_iter()
                .find(|m| m.from == *from && m.to == *to)
                .expect("each step of the hint is legal");
            pos = apply_move(&pos, Side::White, m).0;
            left.remove(m.die);
        }
        assert!(
            legal_moves(&pos, Side::White, &left).is_empty(),
            "the hint finishes the roll"
        );
        pos
    }

    #[test]
    fn at_the_start_of_the_roll_the_hint_is_the_strongest_play() {
        let mut bot = Bot::builtin().unwrap();
        let start = Position::start();
        for (a, b) in [(3, 1), (6, 5), (4, 4), (2, 1)] {
            let roll = Roll::from_values(a, b).unwrap();
            let hint = bot.hint_rest(&start, &start, Side::White, roll, &roll.dice());
            let choice = bot.choose(
                &start,
                Side::White,
                roll,
                Rules::Vrhcaby,
                Level::Strongest,
                0,
            );
            assert_eq!(
                play_out(&start, &roll.dice(), &hint),
                choice.position,
                "{a}-{b}"
            );
        }
    }

    #[test]
    fn mid_roll_the_hint_completes_a_play_of_the_roll_from_where_the_player_is() {
        let mut bot = Bot::builtin().unwrap();
        let start = Position::start();
        for (a, b) in [(6, 5), (3, 3), (5, 2)] {
            let roll = Roll::from_values(a, b).unwrap();
            let all = plays(&start, Side::White, roll, Rules::Vrhcaby);
            let dice = roll.dice();
            for first in legal_moves(&start, Side::White, &dice) {
                let (current, _) = apply_move(&start, Side::White, first);
                let mut left = dice;
                left.remove(first.die);
                let hint = bot.hint_rest(&start, &current, Side::White, roll, &left);
                // Playing the hint from here is legal move by move and ends in one of the roll's plays.
                let mut pos = current;
                let mut l = left;
                for (from, to) in &hint {
                    let m = legal_moves(&pos, Side::White, &l)
                        .into_iter()
                        .find(|m| m.from == *from && m.to == *to)
                        .expect("each step of the hint is legal");
                    pos = apply_move(&pos, Side::White, m).0;
                    l.remove(m.die);
                }
                assert!(
                    legal_moves(&pos, Side::White, &l).is_empty(),
                    "the hint finishes the roll"
                );
                assert!(all.iter().any(|p| p.position == pos));
            }
        }
    }
}
