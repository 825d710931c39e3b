//! The tutor (a setting, off by default; games on one device and against the computer): after
//! each move of a person here, the worker's `tutor` op says how much the best play the rest of
//! the roll can still reach loses against the roll's best; the page speaks once a roll, at the
//! move that lost the choice (the loss reached the analysis's "bad" threshold), and says nothing
//! more about that roll (a later checker of the same roll does not repeat it). House rules
//! forbid take-backs (S12): it tells and offers the best continuation, it never plays.

use vrhcaby_rules::{Command, Phase, Roll};

use super::computer::{turn_so_far, MidRoll, Step};
use super::{Kind, Session};

/// The loss (equity) at which the tutor speaks: GNU Backgammon's "bad".
pub const BAD: f64 = 0.06;

/// The tutor's question after the last command, when it was a move of a person here in a game on
/// this device or against the computer: the roll's start, where the mover is now and the dice
/// left (none once the roll is played), and the index of the command that rolled (the roll's key).
#[must_use]
pub fn tutor_question(s: &Session) -> Option<(MidRoll, usize)> {
    if s.kind() == Kind::Peer {
        return None;
    }
    let g = s.game();
    let last = g.record().commands.last()?;
    let Command::Move { side, .. } = last.cmd else {
        return None;
    };
    if !s.controls(side) {
        return None;
    }
    let commands = &g.record().commands;
    let rolled_at = commands
        .iter()
        .rposition(|e| matches!(e.cmd, Command::Dice { .. } | Command::Opening { .. }))?;
    let roll = match commands[rolled_at].cmd {
        Command::Dice { dice } => dice,
        Command::Opening { white, black } => Roll::new(white, black),
        _ => return None,
    };
    let (start, _) = turn_so_far(g)?;
    let still_moving = g.phase() == Phase::Moving && g.dice_owner() == Some(side);
    let left = if still_moving {
        g.dice_left().iter().collect()
    } else {
        Vec::new()
    };
    Some((
        MidRoll {
            start,
            current: *g.position(),
            side,
            roll,
            left,
            rules: g.variant().rules(),
        },
        rolled_at,
    ))
}

/// What the tutor says: the loss so far in the roll, the rest of the best reachable play (when
/// the roll is still being played), the roll's best play.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    pub side: vrhcaby_rules::Side,
    pub loss: f64,
    pub rest: Vec<Step>,
    pub best: Vec<Step>,
    /// The record length it was said at (a later move of the side ends it).
    pub at: usize,
    /// Standard rules (the loss said in points a game; under the house rules in winning chances).
    pub standard: bool,
}

/// The tutor's memory of a roll: whether it has spoken about it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Watch {
    roll: Option<(u64, usize)>,
    warned: bool,
}

impl Watch {
    /// Whether an answer of `loss` for the roll `(game, index)` — the game's first command's time
    /// and the index of the command that rolled — is worth a warning: the loss has reached
    /// [`BAD`] and nothing was said of this roll yet (once a roll).
    pub fn should_warn(&mut self, roll: (u64, usize), loss: f64) -> bool {
        if self.roll != Some(roll) {
            *self = Watch {
                roll: Some(roll),
                warned: false,
            };
        }
        if !self.warned && loss >= BAD {
            self.warned = true;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tutor_speaks_once_a_roll() {
        let mut w = Watch::default();
        assert!(!w.should_warn((0, 3), 0.02), "a small loss is not told");
        assert!(w.should_warn((0, 3), 0.07), "a bad one is");
        assert!(
            !w.should_warn((0, 3), 0.07),
            "the same loss is not told twice"
        );
        assert!(!w.should_warn((0, 3), 0.10));
        assert!(
            !w.should_warn((0, 3), 0.30),
            "nor a larger one later in the same roll"
        );
        // The same index in the next game is another roll.
        assert!(w.should_warn((5000, 3), 0.07));
        // A new roll starts afresh.
        assert!(!w.should_warn((5000, 9), 0.05));
        assert!(w.should_warn((5000, 9), 0.06));
    }
}
