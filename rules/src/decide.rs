//! Standard backgammon's decisions other than a play (T4, T5, T9), as plain data read from a
//! game: what a side is asked now — roll or double, a double to answer, a resignation to
//! answer — and the cube as that side sees it. One shape for every reader: the computer
//! (`vrhcaby-bot`'s `cube`), the worker's request (`vrhcaby-protocol`'s `Ask::Decide`) and the
//! page's session, so the worker needs no game of its own.

use serde::{Deserialize, Serialize};

use crate::cube::Stage;
use crate::game::{Game, Kind, Phase};
use crate::matchplay::Crawford;
use crate::position::Position;
use crate::types::Side;

/// The cube as the side deciding sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CubeView {
    /// The cube's value now (while a double waits for its answer: before that step).
    pub value: u8,
    /// `Some(true)`: the deciding side owns it; `Some(false)`: the opponent; `None`: centred.
    pub mine: Option<bool>,
    /// 0: money play; else the match length.
    pub match_length: u8,
    /// The score before this game: the deciding side's, the opponent's.
    pub score: (u16, u16),
    /// The Crawford game has been played (or is being played): the next games are post-Crawford.
    pub crawford_done: bool,
    /// Money play: the Jacoby rule is agreed and the cube has not been turned.
    pub jacoby: bool,
    /// Money play: beavers are agreed.
    pub beavers: bool,
}

impl CubeView {
    /// The cube of `game` as `me` sees it now.
    #[must_use]
    pub fn of(game: &Game, me: Side) -> CubeView {
        let cube = game.cube();
        let o = game.variant().options();
        let c = game.context();
        CubeView {
            value: cube.value,
            mine: cube.owner.map(|s| s == me),
            match_length: o.match_length,
            score: (c.score[me], c.score[!me]),
            crawford_done: c.crawford != Crawford::Before,
            jacoby: game.jacoby_active(),
            beavers: o.is_money() && o.beavers,
        }
    }
}

/// What a side is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// Before its roll: roll, or double when `may_double` (the rules' `can_double`).
    Roll { may_double: bool },
    /// A double waits for its answer at `stage` (the cube's value before the step is the view's;
    /// `raise`: a beaver or raccoon is agreed and possible).
    Answer { stage: Stage, raise: bool },
    /// The opponent offers to resign `kind`.
    Resign { kind: Kind },
}

/// A decision waiting for a side, with all it depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Situation {
    pub position: Position,
    /// The side deciding.
    pub me: Side,
    /// The side about to roll, or with the dice (whose estimate counts).
    pub roller: Side,
    pub question: Question,
    pub cube: CubeView,
}

impl Situation {
    /// What `me` is asked in `game` now, if anything (standard backgammon only; a play is not a
    /// decision of this kind). The rules core says what is allowed.
    #[must_use]
    pub fn of(game: &Game, me: Side) -> Option<Situation> {
        if !game.variant().is_standard() || game.turn() != Some(me) {
            return None;
        }
        let mut cube = CubeView::of(game, me);
        let (question, roller) = match game.phase() {
            Phase::Rolling => (
                Question::Roll {
                    may_double: game.can_double().is_ok_and(|s| s == me),
                },
                me,
            ),
            Phase::Doubled => {
                let offer = game.pending_double()?;
                // The value before this step: what the view's take and drop are counted from.
                cube.value = offer.value_offered(game.cube()) / 2;
                (
                    Question::Answer {
                        stage: offer.stage,
                        raise: game.may_raise(),
                    },
                    offer.doubler,
                )
            }
            Phase::ResignOffered => {
                let (by, kind) = game.resign_offer()?;
                (Question::Resign { kind }, game.dice_owner().unwrap_or(by))
            }
            _ => return None,
        };
        Some(Situation {
            position: *game.position(),
            me,
            roller,
            question,
            cube,
        })
    }
}

/// A side's answer to its [`Situation`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    Roll,
    Double,
    Take,
    Drop,
    Beaver,
    AcceptResign,
    RejectResign,
}

impl Decision {
    /// Its name (the CLI's and the worker's).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Decision::Roll => "roll",
            Decision::Double => "double",
            Decision::Take => "take",
            Decision::Drop => "drop",
            Decision::Beaver => "beaver",
            Decision::AcceptResign => "accept_resign",
            Decision::RejectResign => "reject_resign",
        }
    }
}
