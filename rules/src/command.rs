//! The commands a game takes, the events it emits, and how it ends or stands (its phase).

use serde::{Deserialize, Serialize};

use crate::types::{Die, Move, Origin, Roll, Side, Target};

mod error;
pub use error::{CommandError, DoubleBar};

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
    /// Standard (T1): the opening roll, one die each; the higher starts with both numbers,
    /// equal dice are rolled again.
    Opening {
        white: Die,
        black: Die,
    },
    /// Standard (T4): the side about to roll doubles.
    Double {
        side: Side,
    },
    /// Standard (T4, T5): the answerer takes the double (or the beaver, or the raccoon).
    Take {
        side: Side,
    },
    /// Standard (T4, T5): the answerer drops and loses the value before this step.
    Drop {
        side: Side,
    },
    /// Standard (T5): the taker redoubles at once, keeping the cube.
    Beaver {
        side: Side,
    },
    /// Standard (T5): the doubler answers a beaver by redoubling once more.
    Raccoon {
        side: Side,
    },
    /// Standard (T7): `side` offers to resign the game for `kind` times the cube.
    OfferResign {
        side: Side,
        kind: Kind,
    },
    AcceptResign {
        side: Side,
    },
    RejectResign {
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
            Command::Opening { .. } => "opening",
            Command::Double { .. } => "double",
            Command::Take { .. } => "take",
            Command::Drop { .. } => "drop",
            Command::Beaver { .. } => "beaver",
            Command::Raccoon { .. } => "raccoon",
            Command::OfferResign { .. } => "offer_resign",
            Command::AcceptResign { .. } => "accept_resign",
            Command::RejectResign { .. } => "reject_resign",
        }
    }

    /// Whether the command exists only in standard backgammon (the opening roll, the cube,
    /// resigning with a value and its answer).
    #[must_use]
    pub fn is_standard(&self) -> bool {
        matches!(
            self,
            Command::Opening { .. }
                | Command::Double { .. }
                | Command::Take { .. }
                | Command::Drop { .. }
                | Command::Beaver { .. }
                | Command::Raccoon { .. }
                | Command::OfferResign { .. }
                | Command::AcceptResign { .. }
                | Command::RejectResign { .. }
        )
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
            | Command::DiceLate { side }
            | Command::Double { side }
            | Command::Take { side }
            | Command::Drop { side }
            | Command::Beaver { side }
            | Command::Raccoon { side }
            | Command::OfferResign { side, .. }
            | Command::AcceptResign { side }
            | Command::RejectResign { side } => Some(side),
            Command::Start { .. }
            | Command::Dice { .. }
            | Command::Opening { .. }
            | Command::Tick => None,
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

/// How big a standard win is (T6, T7): single, gammon or backgammon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Single,
    Gammon,
    Backgammon,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Single, Kind::Gammon, Kind::Backgammon];

    /// The multiple of the cube it scores (before the Jacoby rule).
    #[must_use]
    pub const fn multiplier(self) -> u16 {
        match self {
            Kind::Single => 1,
            Kind::Gammon => 2,
            Kind::Backgammon => 3,
        }
    }

    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Gammon => "gammon",
            Kind::Backgammon => "backgammon",
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
    /// Standard: a double (beaver, raccoon) was dropped (T4).
    Dropped,
    /// Standard: a resignation was accepted (T7).
    ResignAccepted,
    /// Standard: a delay-plus-reserve clock's reserve ran out (T10).
    Timeout,
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
            Reason::Dropped => "dropped",
            Reason::ResignAccepted => "resign_accepted",
            Reason::Timeout => "timeout",
        }
    }

    /// Whether a standard game ended this way scores as a forfeit (T7, T11): leaving, a time
    /// loss of any kind, ten hours, or a dice exchange that failed.
    #[must_use]
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            Reason::Left
                | Reason::TimeoutClaimed
                | Reason::TimeoutOffline
                | Reason::Inactivity
                | Reason::BadDice
                | Reason::Timeout
        )
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
    /// Standard: waiting for the opening roll (T1).
    Opening,
    /// Standard: a double (beaver, raccoon) awaits its answer.
    Doubled,
    /// Standard: a resignation awaits its answer.
    ResignOffered,
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
            Phase::Opening => "opening",
            Phase::Doubled => "doubled",
            Phase::ResignOffered => "resign-offered",
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
    /// Standard (T1): the opening dice were equal (both show `die`); the cube stands at `cube`
    /// (doubled by an automatic double, when agreed).
    OpeningTie {
        die: Die,
        cube: u8,
    },
    /// Standard: `by` doubled (or beavered, or raccooned) to `value`.
    Doubled {
        by: Side,
        value: u8,
    },
    Beavered {
        by: Side,
        value: u8,
    },
    Raccooned {
        by: Side,
        value: u8,
    },
    /// Standard: `by` took; the cube is now `value`, owned by the taker of the double.
    Taken {
        by: Side,
        value: u8,
    },
    ResignOffered {
        by: Side,
        kind: Kind,
    },
    ResignRejected {
        by: Side,
    },
}
