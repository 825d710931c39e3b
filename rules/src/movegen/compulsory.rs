//! Standard backgammon's compulsory dice (T3, T11): of the single legal moves, only those that
//! begin a maximal play are legal. A play must use as many dice as it can; when only one die of
//! two different ones can be used, the higher one if it can be. Bearing off the last checker
//! with one die is not maximal when another play uses both (GNU Backgammon's reading).

use super::{apply_move, check_move, legal_moves};
use crate::error::MoveError;
use crate::position::Position;
use crate::types::{DiceLeft, Move, Origin, Side, Target};

/// The most dice `side` can still use from `pos` with `dice` (a finished side uses no more).
fn max_dice(pos: &Position, side: Side, dice: &DiceLeft) -> usize {
    if dice.is_empty() || pos.is_finished(side) {
        return 0;
    }
    let mut best = 0;
    for mv in legal_moves(pos, side, dice) {
        let (after, _) = apply_move(pos, side, mv);
        let mut rest = *dice;
        rest.remove(mv.die);
        best = best.max(1 + max_dice(&after, side, &rest));
        if best == dice.len() {
            break;
        }
    }
    best
}

/// Every single legal move under compulsory dice: the first moves of the maximal plays.
///
/// ```
/// use vrhcaby_rules::{standard_legal_moves, DiceLeft, Die, Position, Side};
/// // From the start with 6-5 every play uses both dice: the 6s 24/18, 13/7, 8/2 and the 5s
/// // 13/8, 8/3 (24/19 and 6/1 are blocked).
/// let start = Position::start();
/// let roll = DiceLeft::from_slice(&[Die::new(6).unwrap(), Die::new(5).unwrap()]);
/// assert_eq!(standard_legal_moves(&start, Side::White, &roll).len(), 5);
/// ```
#[must_use]
pub fn standard_legal_moves(pos: &Position, side: Side, dice: &DiceLeft) -> Vec<Move> {
    let mut scored: Vec<(Move, usize)> = legal_moves(pos, side, dice)
        .into_iter()
        .map(|mv| {
            let (after, _) = apply_move(pos, side, mv);
            let mut rest = *dice;
            rest.remove(mv.die);
            (mv, 1 + max_dice(&after, side, &rest))
        })
        .collect();
    let best = scored.iter().map(|&(_, n)| n).max().unwrap_or(0);
    scored.retain(|&(_, n)| n == best);
    let (distinct, n) = dice.distinct_ascending();
    if best == 1 && dice.len() == 2 && n == 2 {
        // Either die but not both: the higher one, when it can be played (T3).
        let high = distinct[1];
        if scored.iter().any(|(mv, _)| mv.die == high) {
            scored.retain(|(mv, _)| mv.die == high);
        }
    }
    scored.into_iter().map(|(mv, _)| mv).collect()
}

/// Checks a move under compulsory dice and says which die it uses.
pub fn standard_check_move(
    pos: &Position,
    side: Side,
    from: Origin,
    to: Target,
    dice: &DiceLeft,
) -> Result<Move, MoveError> {
    // The plain checks first, so a move that is illegal anyway gets its own reason.
    check_move(pos, side, from, to, dice)?;
    standard_legal_moves(pos, side, dice)
        .into_iter()
        .find(|m| m.from == from && m.to == to)
        .ok_or(MoveError::NotMaximal { from, to })
}
