//! The commands a game takes, the events it emits, and how it ends or stands (its phase).

use serde::{Deserialize, Serialize};

use crate::types::{Move, Origin, Roll, Side, Target};

mod error;
pub use error::CommandError;

/// Milliseconds on the caller's clock. They never go back (S2).
pub type Millis = u64;

/// What a player (or the caller, for dice, ticks and presence) asks the machine to do.
/// In a record each command is one flat JSON object (see [`crate::Entry`] and the README).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// The lot's winner starts (R3).
    Start {
        first: Side,
    },
    /// The roll for the side the machine is waiting on (R4).
    Dice {
        dice: Roll,
    },
    /// One checker moved by one die (R5); the die is implied (R15 for bearing off).
    Move {
        side: Side,
        from: Origin,
        to: Target,
    },
    OfferDraw {
        side: Side,
    },
    AcceptDraw {
        side: Side,
    },
    DeclineDraw {
        side: Side,
    },
    Resign {
        side: Side,
    },
    /// "Don't wait" (R17): the waiting side claims the win when the mover's time has run out.
    ClaimWin {
        side: Side,
    },
    Leave {
        side: Side,
    },
    /// Lets time pass; timed events due by now happen (S3).
    Tick,
    /// A peer's connection dropped (R18).
    Offline {
        side: Side,
    },
    Online {
        side: Side,
    },
    /// Two devices (S13): `side`'s dice reveal did not match its commitment; `side` loses
    /// (reason `bad_dice`). Accepted whenever the game is not over, before the lot too.
    BadDice {
        side: Side,
    },
    /// Two devices (S14): the dice exchange's 60 s ran out with `side`'s part missing; `side` is
    /// late (as a mover whose time ran out: R17–R19). Accepted in the Lot phase of a game with a
    /// creation time from `created + 60 s`, and while rolling from 60 s after the roll fell due;
    /// once per exchange.
    DiceLate {
        side: Side,
    },
}

impl Command {
    /// The name of the command in a record (`"move"`, `"offer_draw"`, …).
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Command::Start { .. } => "start",
            Command::Dice { .. } => "dice",
            Command::Move { .. } => "move",
            Command::OfferDraw { .. } => "offer_draw",
            Command::AcceptDraw { .. } => "accept_draw",
            Command::DeclineDraw { .. } => "decline_draw",
            Command::Resign { .. } => "resign",
            Command::ClaimWin { .. } => "claim_win",
            Command::Leave { .. } => "leave",
            Command::Tick => "tick",
            Command::Offline { .. } => "offline",
            Command::Online { .. } => "online",
            Command::BadDice { .. } => "bad_dice",
            Command::DiceLate { .. } => "dice_late",
        }
    }

    /// The side that acts, if a player does.
    #[must_use]
    pub fn side(&self) -> Option<Side> {
        match *self {
            Command::Move { side, .. }
            | Command::OfferDraw { side }
            | Command::AcceptDraw { side }
            | Command::DeclineDraw { side }
            | Command::Resign { side }
            | Command::ClaimWin { side }
            | Command::Leave { side }
            | Command::Offline { side }
            | Command::Online { side }
            | Command::BadDice { side }
            | Command::DiceLate { side } => Some(side),
            Command::Start { .. } | Command::Dice { .. } | Command::Tick => None,
        }
    }
}

/// How a finished game came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    White,
    Black,
    Draw,
}

impl Outcome {
    #[must_use]
    pub fn win(side: Side) -> Outcome {
        match side {
            Side::White => Outcome::White,
            Side::Black => Outcome::Black,
        }
    }

    /// The winner, or `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::White => Some(Side::White),
            Outcome::Black => Some(Side::Black),
            Outcome::Draw => None,
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    BoreOff,
    Resigned,
    Left,
    TimeoutClaimed,
    TimeoutOffline,
    Inactivity,
    DrawAgreed,
    DrawForfeits,
    /// Two devices: a dice reveal did not match its commitment (S13); its sender loses.
    BadDice,
}

impl Reason {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Reason::BoreOff => "bore_off",
            Reason::Resigned => "resigned",
            Reason::Left => "left",
            Reason::TimeoutClaimed => "timeout_claimed",
            Reason::TimeoutOffline => "timeout_offline",
            Reason::Inactivity => "inactivity",
            Reason::DrawAgreed => "draw_agreed",
            Reason::DrawForfeits => "draw_forfeits",
            Reason::BadDice => "bad_dice",
        }
    }
}

/// The phase, as queries and the CLI name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Not started: waiting for the lot (R3).
    Lot,
    /// Waiting for the dice of the side on turn (R4).
    Rolling,
    Moving,
    DrawOffered,
    Over,
}

impl Phase {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Phase::Lot => "lot",
            Phase::Rolling => "rolling",
            Phase::Moving => "moving",
            Phase::DrawOffered => "draw-offered",
            Phase::Over => "over",
        }
    }
}

/// What happened, in order, as the result of one command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Started {
        first: Side,
    },
    Rolled {
        side: Side,
        roll: Roll,
    },
    /// The roll had no legal move (R10); `in_a_row` counts toward R27.
    Forfeited {
        side: Side,
        in_a_row: u8,
    },
    Moved {
        side: Side,
        mv: Move,
        hit: bool,
    },
    /// The turn ended by itself (R9); the machine waits for `to`'s dice.
    TurnPassed {
        to: Side,
    },
    DrawOffered {
        by: Side,
    },
    DrawDeclined {
        by: Side,
    },
    /// Nobody answered within 60 s (R25).
    DrawLapsed {
        offerer: Side,
    },
    Presence {
        side: Side,
        online: bool,
    },
    /// Two devices (S14): `side`'s part of the dice exchange is missing after 60 s; it is late.
    DiceLate {
        side: Side,
    },
    GameOver {
        outcome: Outcome,
        reason: Reason,
    },
}
