//! A game's moves in backgammon notation, one entry per turn: the roll, then each checker's path in
//! the mover's numbering — `65: 24/18 13/8*`, `bar/22`, `6/off`, `13/8(2)` for two checkers moved
//! alike, `24/18*/13` for one checker that hit on the way (an intermediate point is written only
//! when it hit), origins from the highest. A roll with no legal move is written with no moves.

use std::fmt;

use crate::game::Event;
use crate::record::{Record, RecordError};
use crate::types::{Move, Roll, Side};

/// One turn of the move list: who rolled what, and the checker moves they played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnNotation {
    pub side: Side,
    pub roll: Roll,
    /// The moves in the order played, each with whether it hit.
    pub moves: Vec<(Move, bool)>,
}

/// The move list of a record: every roll in order (the lot's roll is the starter's first roll).
pub fn move_list(record: &Record) -> Result<Vec<TurnNotation>, RecordError> {
    let mut turns: Vec<TurnNotation> = Vec::new();
    record.replay_events(|events| {
        for event in events {
            match event {
                Event::Rolled { side, roll } => turns.push(TurnNotation {
                    side,
                    roll,
                    moves: Vec::new(),
                }),
                Event::Moved { side, mv, hit } => {
                    if let Some(turn) = turns.last_mut().filter(|t| t.side == side) {
                        turn.moves.push((mv, hit));
                    }
                }
                _ => {}
            }
        }
    })?;
    Ok(turns)
}

/// Writes a point number, `bar` (index 25) or `off` (index 0). By hand: the page's first load
/// reads this, and `Display` with `format!` costs it kilobytes.
fn push_spot(out: &mut String, index: u8) {
    match index {
        0 => out.push_str("off"),
        25.. => out.push_str("bar"),
        n => {
            if n >= 10 {
                out.push(char::from(b'0' + n / 10));
            }
            out.push(char::from(b'0' + n % 10));
        }
    }
}

impl TurnNotation {
    /// The moves alone (`24/18 13/8*`), empty when none.
    #[must_use]
    pub fn moves_text(&self) -> String {
        // Each checker's path: its origin, then the points it reached with whether it hit there.
        // A turn has at most 4 moves, so at most 4 paths of at most 4 steps.
        let mut paths: Vec<(u8, Vec<(u8, bool)>)> = Vec::new();
        for (mv, hit) in &self.moves {
            let (from, to) = (mv.from.index(), mv.to.index());
            let continues = paths.iter().rposition(|(_, steps)| {
                steps
                    .last()
                    .is_some_and(|&(end, _)| end == from && end != 0)
            });
            match continues {
                Some(i) if from != 25 => paths[i].1.push((to, *hit)),
                _ => {
                    // Highest origin first (the bar above every point), the order played among
                    // equals: inserted in place (a slice sort costs the page kilobytes).
                    let at = paths
                        .iter()
                        .position(|(f, _)| *f < from)
                        .unwrap_or(paths.len());
                    paths.insert(at, (from, vec![(to, *hit)]));
                }
            }
        }
        // Equal paths are written once with their count: `13/8(2)`.
        let mut texts: Vec<(String, u8)> = Vec::new();
        for (from, steps) in &paths {
            let mut t = String::new();
            push_spot(&mut t, *from);
            for (i, &(to, hit)) in steps.iter().enumerate() {
                if hit || i + 1 == steps.len() {
                    t.push('/');
                    push_spot(&mut t, to);
                    if hit {
                        t.push('*');
                    }
                }
            }
            match texts.iter_mut().find(|(x, _)| *x == t) {
                Some((_, n)) => *n += 1,
                None => texts.push((t, 1)),
            }
        }
        let mut out = String::new();
        for (t, n) in texts {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&t);
            if n > 1 {
                out.push('(');
                out.push(char::from(b'0' + n));
                out.push(')');
            }
        }
        out
    }

    /// `65: 24/18 13/8*`; a roll with no legal move is just `65:`.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = String::new();
        out.push(char::from(b'0' + self.roll.high().value()));
        out.push(char::from(b'0' + self.roll.low().value()));
        out.push(':');
        let moves = self.moves_text();
        if !moves.is_empty() {
            out.push(' ');
            out.push_str(&moves);
        }
        out
    }
}

impl fmt::Display for TurnNotation {
    /// [`TurnNotation::text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}
