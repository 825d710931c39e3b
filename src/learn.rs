//! "Learn from your mistakes" (pure, native tests): after an analysis, a player's bad and very
//! bad plays become puzzles — the board at that roll, the player plays it again, and the worker's
//! judge (the same `analyse` op, on the record up to the roll and the new play) says how it
//! compares with the best play and with the play made in the game.

use vrhcaby_rules::{Command, Event, Game, Millis, Origin, Record, Side, Target};

use crate::analysis::Judged;

/// A loss this small is the best play (equal plays differ by rounding only).
const SAME: f64 = 1e-4;
/// Below this loss a play is not marked at all (GNU Backgammon's "doubtful" threshold).
const DOUBTFUL: f64 = 0.03;

/// One puzzle: a roll a player played badly.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// The record command that rolled (the board is the record up to it).
    pub rolled_at: usize,
    pub side: Side,
    /// What the play made in the game lost, and its mark.
    pub game_loss: f64,
    pub mark: String,
    /// The best play's moves (mover's numbering).
    pub best: Vec<(u8, u8)>,
}

/// The puzzles of `decisions` in the record's order: every unforced play marked bad or very bad,
/// of `side` only when given (the side played here).
#[must_use]
pub fn puzzles(record: &Record, decisions: &[Judged], side: Option<Side>) -> Vec<Puzzle> {
    decisions
        .iter()
        .filter(|d| d.kind == "play" && !d.forced && side.is_none_or(|s| s == d.side))
        .filter(|d| matches!(d.mark.as_deref(), Some("bad" | "very_bad")))
        .filter_map(|d| {
            let rolled_at = record.commands[..=d.index.min(record.commands.len().checked_sub(1)?)]
                .iter()
                .rposition(|e| matches!(e.cmd, Command::Dice { .. } | Command::Opening { .. }))?;
            Some(Puzzle {
                rolled_at,
                side: d.side,
                game_loss: d.loss,
                mark: d.mark.clone().unwrap_or_default(),
                best: d.best_moves.clone(),
            })
        })
        .collect()
}

/// The game at the puzzle's roll: the record replayed up to and with the command that rolled.
#[must_use]
pub fn board_of(record: &Record, p: &Puzzle) -> Option<Game> {
    let mut part = record.clone();
    part.commands.truncate(p.rolled_at + 1);
    part.replay().ok()
}

/// Plays one move of the puzzle's roll (a second after the last command, so no clock runs out):
/// its events, or `None` when the game refuses it.
pub fn play(game: &mut Game, side: Side, from: Origin, to: Target) -> Option<Vec<Event>> {
    let t: Millis = game.record().commands.last().map_or(0, |e| e.t) + 1_000;
    game.apply(Command::Move { side, from, to }, t).ok()
}

/// The roll is played: the side no longer has the dice.
#[must_use]
pub fn played(game: &Game, side: Side) -> bool {
    !(game.phase() == vrhcaby_rules::Phase::Moving && game.dice_owner() == Some(side))
}

/// The judge's answer to the puzzle being played.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Judging {
    #[default]
    Idle,
    /// Asked; the worker is judging.
    Waiting,
    /// The play's loss against the best.
    Loss(f64),
    /// The worker could not judge it.
    Failed,
}

/// How a puzzle's answer compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The best play (or one as good).
    Best,
    /// Not the best, but losing less than the least mark.
    Good,
    /// Better than the play made in the game, still marked.
    Better,
    /// No better than in the game.
    NotBetter,
}

impl Verdict {
    #[must_use]
    pub fn of(loss: f64, game_loss: f64) -> Verdict {
        if loss < SAME {
            Verdict::Best
        } else if loss < DOUBTFUL {
            Verdict::Good
        } else if loss < game_loss - SAME {
            Verdict::Better
        } else {
            Verdict::NotBetter
        }
    }

    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Better => "better",
            Verdict::NotBetter => "not-better",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vrhcaby_rules::{Point, Roll};

    fn judged(index: usize, side: Side, mark: Option<&str>, forced: bool) -> Judged {
        Judged {
            index,
            side,
            kind: "play".into(),
            turn: 0,
            played: 0.0,
            best: 0.1,
            loss: 0.1,
            mark: mark.map(str::to_owned),
            forced,
            luck: None,
            best_moves: vec![(24, 13)],
        }
    }

    #[test]
    fn puzzles_are_the_bad_plays_of_the_side_at_their_roll() {
        let mut g = Game::new();
        g.apply(Command::Start { first: Side::White }, 0).unwrap();
        g.apply(
            Command::Dice {
                dice: Roll::from_values(6, 5).unwrap(),
            },
            10,
        )
        .unwrap();
        let pt = |n| Origin::Point(Point::new(n).unwrap());
        let to = |n| Target::Point(Point::new(n).unwrap());
        assert!(play(&mut g, Side::White, pt(13), to(7)).is_some());
        assert!(!played(&g, Side::White));
        assert!(
            play(&mut g, Side::White, pt(13), to(12)).is_none(),
            "a refused move changes nothing"
        );
        assert!(play(&mut g, Side::White, pt(13), to(8)).is_some());
        assert!(played(&g, Side::White));
        let record = g.record().clone();
        let ds = vec![
            judged(3, Side::White, Some("very_bad"), false),
            judged(3, Side::White, Some("doubtful"), false),
            judged(3, Side::White, Some("bad"), true),
            judged(3, Side::Black, Some("bad"), false),
        ];
        let all = puzzles(&record, &ds, None);
        assert_eq!(all.len(), 2, "doubtful and forced plays are no puzzles");
        assert_eq!((all[0].rolled_at, all[0].side), (1, Side::White));
        assert_eq!(puzzles(&record, &ds, Some(Side::Black)).len(), 1);
        // The board of the puzzle is the roll before its first move.
        let b = board_of(&record, &all[0]).unwrap();
        assert_eq!(b.dice_owner(), Some(Side::White));
        assert_eq!(b.position(), &vrhcaby_rules::Position::start());
        assert_eq!(b.record().commands.len(), 2);
    }

    #[test]
    fn verdicts() {
        assert_eq!(Verdict::of(0.0, 0.1), Verdict::Best);
        assert_eq!(Verdict::of(0.02, 0.1), Verdict::Good);
        assert_eq!(Verdict::of(0.07, 0.1), Verdict::Better);
        assert_eq!(Verdict::of(0.1, 0.1), Verdict::NotBetter);
        assert_eq!(Verdict::of(0.2, 0.1), Verdict::NotBetter);
    }
}
