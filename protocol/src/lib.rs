//! The messages between the page and the computer's Web Worker (`worker/`), typed once for both
//! sides: the page posts a [`Request`] (an id and what it asks), the worker posts back a
//! [`Reply`] (the same id and the answer). Each travels as JSON text (`postMessage` of a string),
//! written and read by serde on both sides, so a field renamed on one side is a compile error on
//! the other, not a silent `None`.
//!
//! The worker answers the questions of a game against the computer (its play, its draw offers
//! and answers, standard backgammon's cube and resignation decisions), the person's hint and the
//! tutor's question about a move, and an analysis of a record part by part. Positions and rolls
//! are the rules crate's own types, checked as they are read: a request with an impossible
//! position or roll never reaches the engine.

pub mod files;

use serde::{Deserialize, Serialize};
pub use vrhcaby_rules::decide::{CubeView, Decision, Question, Situation};
use vrhcaby_rules::{BySide, Die, Position, Record, Roll, Rules, Side};

/// One step of a play in the mover's numbering: (origin index 1–25, target index 0–24).
pub type Step = (u8, u8);

/// What the page asks, with the id its [`Reply`] carries back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u32,
    pub ask: Ask,
}

/// The questions the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ask {
    /// The computer's play for `roll` from `position` (DESIGN.md's `bot` request): the same
    /// position, side, roll, level and seed always give the same play, so a reload in the middle
    /// of its turn asks again and continues the same plan.
    Play {
        position: Position,
        turn: Side,
        roll: Roll,
        /// A level's name (`bot`'s `level`).
        level: String,
        seed: u32,
        rules: Rules,
    },
    /// The strongest play of the roll still reachable from where the person is in it.
    Hint(MidRoll),
    /// How much the best play still reachable loses against the roll's best.
    Tutor(MidRoll),
    /// Would the computer, on turn with `roll`, offer a draw (it is behind)?
    WantsDraw {
        position: Position,
        turn: Side,
        roll: Roll,
    },
    /// Does the computer accept the draw `offerer` offers (`roll`: the offerer's dice, if thrown)?
    AcceptsDraw {
        position: Position,
        offerer: Side,
        roll: Option<Roll>,
    },
    /// Standard backgammon: the computer's cube or resignation decision, read by the page from
    /// its rules core (`Situation::of`), so the worker needs no game of its own.
    Decide(Situation),
    /// The decisions of `record` (DESIGN.md's record JSON, as a field: a request whose record
    /// cannot be read is no request) from command `from` on, at most `most` of them, judged at
    /// `depth` (DESIGN.md's `analyse`); a part from command 0 starts a new analysis, and the
    /// last part brings each player's summary.
    Analyse {
        record: Record,
        depth: u8,
        from: usize,
        most: usize,
    },
}

impl Ask {
    /// The rules the question is about, where it says (`None`: the house rules' draw offers, or
    /// an analysis, whose record says).
    #[must_use]
    pub fn rules(&self) -> Option<Rules> {
        match self {
            Ask::Play { rules, .. } => Some(*rules),
            Ask::Hint(q) | Ask::Tutor(q) => Some(q.rules),
            Ask::Decide(_) => Some(Rules::Standard),
            Ask::WantsDraw { .. } | Ask::AcceptsDraw { .. } => Some(Rules::Vrhcaby),
            Ask::Analyse { .. } => None,
        }
    }
}

/// A question in the middle of a roll (the hint's and the tutor's): the roll's start, where the
/// mover is now, the roll and the dice left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MidRoll {
    pub start: Position,
    pub current: Position,
    pub side: Side,
    pub roll: Roll,
    pub left: Vec<Die>,
    pub rules: Rules,
}

/// The worker's answer to the request `id` (`None`: its ready signal, or a request so spoiled
/// that its id could not be read).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    pub id: Option<u32>,
    pub answer: Answer,
}

/// The worker's answers, one for each [`Ask`], and two of its own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Sent once when the worker's wasm has loaded: the page may have posted before, and waits
    /// for this.
    Ready,
    /// [`Ask::Play`]: the moves in order, the position they leave, and the engine's win
    /// estimate there (DESIGN.md's `bot` answer). The page plays the moves; the position is for
    /// the worker's own tests, and a reader skips it (`None`), which keeps the page's reading
    /// code small.
    Play {
        moves: Vec<Step>,
        #[serde(skip_deserializing)]
        position: Option<Position>,
        win: f64,
    },
    /// [`Ask::Hint`]: the moves from where the person is.
    Hint { moves: Vec<Step> },
    /// [`Ask::Tutor`]: the loss against the roll's best, the moves from where the person is to
    /// the best play still reachable, and the roll's best play from its start.
    Tutor {
        loss: f64,
        moves: Vec<Step>,
        best: Vec<Step>,
    },
    /// [`Ask::WantsDraw`].
    Offer(bool),
    /// [`Ask::AcceptsDraw`].
    Accept(bool),
    /// [`Ask::Decide`].
    Decide(Decision),
    /// [`Ask::Analyse`]: a part's decisions, the command the next part starts from (`None`:
    /// done), and with the last part each player's summary over the whole game.
    Analysis {
        decisions: Vec<Judged>,
        next: Option<usize>,
        players: Option<BySide<Summary>>,
    },
    /// The request could not be answered: why, in the engine's words, and the record command the
    /// rules refused (an analysis of a broken record).
    Error {
        message: String,
        index: Option<usize>,
    },
}

/// One judged decision: DESIGN.md's `analyse` decision (its fields and names), with its roll in
/// the move list (`turn`). Also the form an analysis is kept in with a saved game and in an
/// exported record's `analysis` field.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Judged {
    /// The record command that made it.
    pub index: usize,
    pub side: Side,
    /// `play`, `double`, `no_double`, `take`, `drop`, `beaver`.
    pub kind: String,
    /// The roll in the move list it belongs to.
    pub turn: usize,
    pub played: f64,
    pub best: f64,
    pub loss: f64,
    /// `doubtful`, `bad`, `very_bad`.
    pub mark: Option<String>,
    pub forced: bool,
    pub luck: Option<f64>,
    /// The best play's moves (mover's numbering), for a play.
    #[serde(default)]
    pub best_moves: Vec<Step>,
}

/// A player's summary over a game (DESIGN.md's `analyse` `players`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub decisions: u64,
    pub error_rate: f64,
    pub luck: f64,
    pub rating: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug>(v: &T) {
        let text = serde_json::to_string(v).unwrap();
        assert_eq!(&serde_json::from_str::<T>(&text).unwrap(), v, "{text}");
    }

    #[test]
    fn every_request_and_answer_reads_back_as_written() {
        let roll = Roll::from_values(6, 5).unwrap();
        let mid = MidRoll {
            start: Position::start(),
            current: Position::start(),
            side: Side::Black,
            roll,
            left: vec![Die::new(5).unwrap()],
            rules: Rules::Standard,
        };
        for ask in [
            Ask::Play {
                position: Position::start(),
                turn: Side::White,
                roll,
                level: "expert".into(),
                seed: 7,
                rules: Rules::Vrhcaby,
            },
            Ask::Hint(mid.clone()),
            Ask::Tutor(mid),
            Ask::WantsDraw {
                position: Position::start(),
                turn: Side::White,
                roll,
            },
            Ask::AcceptsDraw {
                position: Position::start(),
                offerer: Side::Black,
                roll: None,
            },
            Ask::Decide(Situation {
                position: Position::start(),
                me: Side::Black,
                roller: Side::White,
                question: Question::Answer {
                    stage: vrhcaby_rules::Stage::Beaver,
                    raise: true,
                },
                cube: CubeView {
                    value: 2,
                    mine: None,
                    match_length: 5,
                    score: (1, 3),
                    crawford_done: true,
                    jacoby: false,
                    beavers: false,
                },
            }),
            Ask::Analyse {
                record: Record::from_json(
                    r#"{"format":"vrhcaby-record","version":1,"commands":[]}"#,
                )
                .unwrap(),
                depth: 1,
                from: 0,
                most: 2,
            },
        ] {
            round_trip(&Request { id: 9, ask });
        }
        let judged = Judged {
            index: 3,
            side: Side::White,
            kind: "play".into(),
            turn: 0,
            played: -0.2,
            best: -0.05,
            loss: 0.15,
            mark: Some("very_bad".into()),
            forced: false,
            luck: None,
            best_moves: vec![(24, 18), (18, 13)],
        };
        for answer in [
            Answer::Ready,
            Answer::Play {
                moves: vec![(8, 5), (6, 5)],
                position: None,
                win: 0.51,
            },
            Answer::Tutor {
                loss: 0.08,
                moves: vec![],
                best: vec![(24, 13)],
            },
            Answer::Offer(true),
            Answer::Decide(Decision::AcceptResign),
            Answer::Analysis {
                decisions: vec![judged],
                next: None,
                players: Some(BySide::new(Summary::default(), Summary::default())),
            },
            Answer::Error {
                message: "the game is over".into(),
                index: Some(4),
            },
        ] {
            round_trip(&Reply {
                id: Some(2),
                answer,
            });
        }
    }

    #[test]
    fn an_impossible_position_or_roll_is_refused_as_it_is_read() {
        let good = serde_json::to_string(&Request {
            id: 1,
            ask: Ask::WantsDraw {
                position: Position::start(),
                turn: Side::White,
                roll: Roll::from_values(2, 1).unwrap(),
            },
        })
        .unwrap();
        assert!(serde_json::from_str::<Request>(&good).is_ok());
        for bad in [
            good.replace("[2,1]", "[7,1]"),
            good.replacen("[0,0,0,0,0,0,5", "[0,0,0,0,0,0,9", 1),
            good.replace("wants_draw", "wants_a_pony"),
        ] {
            assert!(serde_json::from_str::<Request>(&bad).is_err(), "{bad}");
        }
    }

    /// The decision's fields are DESIGN.md's `analyse` answer's: an answer of the CLI reads.
    #[test]
    fn a_decision_of_the_cli_reads_as_judged() {
        let cli = r#"{"index":3,"side":"white","kind":"play","turn":0,"played":-0.2,"best":-0.05,
            "loss":0.15,"mark":null,"forced":false,"luck":0.1,"roll":[6,5],"best_moves":[[24,18],[18,13]]}"#;
        let j: Judged = serde_json::from_str(cli).unwrap();
        assert_eq!((j.index, j.side, j.luck), (3, Side::White, Some(0.1)));
        assert_eq!(j.best_moves, vec![(24, 18), (18, 13)]);
        assert!(serde_json::from_str::<Judged>(&cli.replace("\"white\"", "\"red\"")).is_err());
    }
}
