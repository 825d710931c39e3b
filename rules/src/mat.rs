//! A standard match as a Jellyfish `.mat` text file, the format GNU Backgammon, eXtreme Gammon
//! and BGBlitz import. Written from the format as those programs write and read it: a header
//! (` 5 point match`), then per game ` Game n`, the score before it, and numbered lines of two
//! columns — White's actions on the left, Black's on the right, in turn: a roll with its moves
//! one die at a time in the mover's numbering (`52: 13/8 6/4*`, the bar `25`, off `0`), a double
//! (` Doubles => 2`), its answer (` Takes`, ` Drops`); then ` Wins n points` under the winner.

use crate::command::{Event, Reason};
use crate::game::Game;
use crate::record::{Record, RecordError};
use crate::types::{Move, Roll, Side};

/// Why a set of records is not a match file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatError {
    /// A game's record cannot be replayed.
    Record { game: usize, error: RecordError },
    /// A game is not a game of a standard match (house rules, or money play).
    NotAMatch { game: usize },
    /// A game does not follow the one before it (its score is not where that one left it).
    NotNext { game: usize },
}

impl std::fmt::Display for MatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatError::Record { game, error } => write!(f, "game {game}: {error}"),
            MatError::NotAMatch { game } => {
                write!(f, "game {game} is not a game of a standard match")
            }
            MatError::NotNext { game } => {
                write!(f, "game {game} does not follow the game before it")
            }
        }
    }
}

impl std::error::Error for MatError {}

/// The width of a column of moves (after the move number, `%3d) `).
const COLUMN: usize = 28;

/// One cell of a game's columns: whose it is and what it says.
type Cell = (Side, String);

/// The `.mat` text of a match's games, in order: each game's record, the last one possibly not
/// over. Each game must be the one that follows the one before it (`Game::next_context`).
pub fn match_file(games: &[Record]) -> Result<String, MatError> {
    let mut out = String::new();
    let mut before: Option<Game> = None;
    for (i, record) in games.iter().enumerate() {
        let options = record.options.filter(|o| o.match_length > 0);
        let Some(options) = options else {
            return Err(MatError::NotAMatch { game: i });
        };
        if let Some(prev) = &before {
            if prev.next_context() != Some(record.context) {
                return Err(MatError::NotNext { game: i });
            }
        } else {
            out.push_str("; [Crawford \"");
            out.push_str(if options.crawford { "On" } else { "Off" });
            out.push_str("\"]\n\n ");
            push_number(&mut out, u32::from(options.match_length));
            out.push_str(" point match\n");
        }
        let mut cells: Vec<Cell> = Vec::new();
        let game = record
            .replay_events(|events| cells_of(&events, &mut cells))
            .map_err(|error| MatError::Record { game: i, error })?;
        out.push_str("\n Game ");
        push_number(&mut out, i as u32 + 1);
        out.push('\n');
        let mut header = String::from(" White : ");
        push_number(&mut header, u32::from(record.context.score[Side::White]));
        pad(&mut header, 32);
        header.push_str("Black : ");
        push_number(&mut header, u32::from(record.context.score[Side::Black]));
        out.push_str(&header);
        out.push('\n');
        push_lines(&mut out, &cells);
        if let (Some((outcome, _)), Some(score)) = (game.result(), game.score()) {
            if let Some(winner) = outcome.winner() {
                let mut line = String::new();
                pad(
                    &mut line,
                    if winner == Side::White { 5 } else { 5 + COLUMN },
                );
                line.push_str(" Wins ");
                push_number(&mut line, u32::from(score.points));
                line.push_str(if score.points == 1 {
                    " point"
                } else {
                    " points"
                });
                out.push_str(&line);
                out.push('\n');
            }
        }
        before = Some(game);
    }
    Ok(out)
}

/// The cells a batch of events adds: a roll starts its mover's cell and the moves join it; a
/// double, a take and a drop are cells of their own.
fn cells_of(events: &[Event], cells: &mut Vec<Cell>) {
    for event in events {
        match *event {
            Event::Rolled { side, roll } => cells.push((side, roll_text(roll))),
            Event::Moved { side, mv, hit } => {
                if let Some((s, text)) = cells.last_mut() {
                    if *s == side {
                        push_step(text, mv, hit);
                    }
                }
            }
            Event::Doubled { by, value } => cells.push((by, doubles(" Doubles => ", value))),
            Event::Beavered { by, value } | Event::Raccooned { by, value } => {
                cells.push((by, doubles(" Beavers => ", value)));
            }
            Event::Taken { by, .. } => cells.push((by, " Takes".into())),
            Event::GameOver {
                outcome,
                reason: Reason::Dropped,
            } => {
                if let Some(winner) = outcome.winner() {
                    cells.push((!winner, " Drops".into()));
                }
            }
            _ => {}
        }
    }
}

fn roll_text(roll: Roll) -> String {
    let mut t = String::new();
    t.push(char::from(b'0' + roll.high().value()));
    t.push(char::from(b'0' + roll.low().value()));
    t.push(':');
    t
}

fn doubles(what: &str, value: u8) -> String {
    let mut t = String::from(what);
    push_number(&mut t, u32::from(value));
    t
}

/// ` 13/8*`: one die's move in the mover's numbering (25 the bar, 0 off).
fn push_step(text: &mut String, mv: Move, hit: bool) {
    text.push(' ');
    push_number(text, u32::from(mv.from.index()));
    text.push('/');
    push_number(text, u32::from(mv.to.index()));
    if hit {
        text.push('*');
    }
}

/// The cells laid out in numbered lines, White's on the left and Black's on the right.
fn push_lines(out: &mut String, cells: &[Cell]) {
    let mut n = 0;
    let mut i = 0;
    while i < cells.len() {
        n += 1;
        let mut line = String::new();
        let number = n.to_string();
        pad(&mut line, 3 - number.len().min(3));
        line.push_str(&number);
        line.push_str(") ");
        if cells[i].0 == Side::White {
            line.push_str(&cells[i].1);
            i += 1;
        }
        if i < cells.len() && cells[i].0 == Side::Black {
            // A long cell (four moves with hits) runs past the column: a space still parts them.
            line.push(' ');
            pad(&mut line, 5 + COLUMN);
            line.push_str(&cells[i].1);
            i += 1;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

fn pad(s: &mut String, to: usize) {
    while s.chars().count() < to {
        s.push(' ');
    }
}

fn push_number(s: &mut String, n: u32) {
    s.push_str(&n.to_string());
}
