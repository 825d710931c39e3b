//! The board's view model: what the board shows, built from the game by asking the rules core.
//! Pure data, compared for equality so the DOM is touched only when something visible changed.

use vrhcaby_rules::{Game, Millis, Move, Phase, Position, Roll, Rules, Side, MOVE_TIME_MS};

/// What the board draws and which moves this device may make now.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    /// The rule set the game is played under (`data-rules`).
    pub rules: Rules,
    pub phase: Phase,
    pub turn: Option<Side>,
    /// The side whose seat the board is drawn from (its home bottom right).
    pub seat: Side,
    /// The side this device plays when the other is not here (`data-seat`).
    pub own: Option<Side>,
    pub position: Position,
    /// The side whose checkers this device may move now.
    pub mover: Option<Side>,
    /// The mover's legal single moves, as the rules core lists them.
    pub moves: Vec<Move>,
    /// The dice of the roll being played, and whether each is used.
    pub dice: Vec<(u8, bool)>,
    /// The running score of a series of games on this device, White's and Black's in half
    /// points (`data-series-*`); set by the game screen, `None` elsewhere.
    pub series: Option<(u32, u32)>,
    /// Standard rules: the cube's value and owner (`None`: no cube in this game).
    pub cube: Option<(u8, Option<Side>)>,
    /// Standard rules: the score before this game, White's and Black's, and the match length
    /// (0: money play).
    pub score: Option<(u16, u16, u8)>,
    /// Standard rules: this is the Crawford game.
    pub crawford: bool,
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView {
            rules: Rules::Vrhcaby,
            phase: Phase::Lot,
            turn: None,
            seat: Side::White,
            own: None,
            position: Position::start(),
            mover: None,
            moves: Vec::new(),
            dice: Vec::new(),
            series: None,
            cube: None,
            score: None,
            crawford: false,
        }
    }
}

/// The side the board is drawn from: the side played here in a peer or computer game; in
/// hot-seat the player with the dice or on turn when the board follows the turn, else White.
#[must_use]
pub fn seat_of(game: &Game, own: Option<Side>, follow_turn: bool) -> Side {
    own.or_else(|| {
        follow_turn
            .then(|| game.dice_owner().or(game.turn()))
            .flatten()
    })
    .unwrap_or(Side::White)
}

impl BoardView {
    /// The view of `game` for a device that controls the sides `controls` says, drawn from `seat`.
    #[must_use]
    pub fn build(
        game: &Game,
        controls: impl Fn(Side) -> bool,
        own: Option<Side>,
        seat: Side,
    ) -> BoardView {
        let mover = game
            .dice_owner()
            .filter(|m| controls(*m) && game.phase() == Phase::Moving);
        let standard = game.variant().is_standard();
        let options = game.variant().options();
        let cube = game.cube();
        BoardView {
            rules: game.variant().rules(),
            phase: game.phase(),
            turn: game.turn(),
            seat,
            own,
            position: *game.position(),
            mover,
            moves: if mover.is_some() {
                game.legal_moves()
            } else {
                Vec::new()
            },
            dice: game
                .dice_shown()
                .into_iter()
                .map(|(d, used)| (d.value(), used))
                .collect(),
            series: None,
            cube: (standard && options.cube).then_some((cube.value, cube.owner)),
            score: standard.then(|| {
                let score = game.context().score;
                (score.white, score.black, options.match_length)
            }),
            crawford: game.is_crawford(),
        }
    }
}

impl BoardView {
    /// Shows a roll that had no legal move (R10) while the next roll is awaited: the event said
    /// which dice fell; the game has moved on to the next turn and shows none.
    pub fn show_forfeited(&mut self, roll: Roll) {
        if self.phase == Phase::Rolling && self.dice.is_empty() {
            let (high, low) = (roll.high().value(), roll.low().value());
            let n = if roll.is_double() { 4 } else { 2 };
            self.dice = (0..n)
                .map(|i| (if i == 0 { high } else { low }, false))
                .collect();
        }
    }
}

/// The countdown ring: seconds left, the fraction of the 60 s left, whether a clock runs, and
/// whether the game is over (then the ring shows nothing: its 0 is no loss on time).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClockView {
    pub seconds: u32,
    pub fraction: f64,
    pub running: bool,
    pub over: bool,
    /// A game without a clock (standard rules, T10): nothing to show.
    pub untimed: bool,
}

impl Default for ClockView {
    fn default() -> Self {
        ClockView {
            seconds: 60,
            fraction: 1.0,
            running: false,
            over: false,
            untimed: false,
        }
    }
}

impl ClockView {
    #[must_use]
    pub fn build(game: &Game, now: Millis) -> ClockView {
        ClockView {
            seconds: game.seconds_left(now),
            // A reserve longer than a minute shows a full ring until under a minute is left.
            fraction: (game.millis_left(now) as f64 / MOVE_TIME_MS as f64).min(1.0),
            running: matches!(game.phase(), Phase::Moving | Phase::DrawOffered),
            over: game.phase() == Phase::Over,
            untimed: !game.has_clock(),
        }
    }
}

/// A game after the lot and the first roll (for the board's tests).
#[cfg(test)]
pub(crate) fn started(first: Side, dice: (u8, u8)) -> Game {
    use vrhcaby_rules::{Command, Roll};
    let mut g = Game::new();
    g.apply(Command::Start { first }, 0).unwrap();
    g.apply(
        Command::Dice {
            dice: Roll::from_values(dice.0, dice.1).unwrap(),
        },
        0,
    )
    .unwrap();
    g
}

#[cfg(test)]
mod tests {
    use vrhcaby_rules::Command;

    use super::*;

    #[test]
    fn the_mover_here_gets_the_cores_legal_moves() {
        let g = started(Side::White, (6, 5));
        let v = BoardView::build(&g, |_| true, None, Side::White);
        assert_eq!(v.mover, Some(Side::White));
        assert_eq!(v.moves, g.legal_moves());
        assert_eq!(v.dice, vec![(6, false), (5, false)]);
        assert_eq!(v.phase, Phase::Moving);
    }

    #[test]
    fn a_side_played_elsewhere_has_no_moves_here() {
        let g = started(Side::White, (6, 5));
        let v = BoardView::build(&g, |s| s == Side::Black, Some(Side::Black), Side::Black);
        assert_eq!(v.mover, None);
        assert!(v.moves.is_empty());
        assert_eq!(v.own, Some(Side::Black));
        // The dice are still shown.
        assert_eq!(v.dice.len(), 2);
    }

    #[test]
    fn used_dice_come_from_the_core() {
        let mut g = started(Side::Black, (3, 3));
        let mv = g.legal_moves()[0];
        g.apply(
            Command::Move {
                side: Side::Black,
                from: mv.from,
                to: mv.to,
            },
            10,
        )
        .unwrap();
        let v = BoardView::build(&g, |_| true, None, Side::Black);
        assert_eq!(v.dice.len(), 4);
        assert_eq!(v.dice.iter().filter(|d| d.1).count(), 1);
    }

    #[test]
    fn the_seat_follows_the_turn_only_in_hot_seat() {
        let g = started(Side::Black, (2, 1));
        assert_eq!(seat_of(&g, None, true), Side::Black);
        assert_eq!(seat_of(&g, None, false), Side::White);
        assert_eq!(seat_of(&g, Some(Side::White), true), Side::White);
        assert_eq!(seat_of(&Game::new(), None, true), Side::White);
    }

    #[test]
    fn the_clock_counts_down_from_the_deadline() {
        let g = started(Side::White, (4, 2));
        let c = ClockView::build(&g, 30_000);
        assert_eq!(c.seconds, 30);
        assert!((c.fraction - 0.5).abs() < 1e-9);
        assert!(c.running);
        let idle = ClockView::build(&Game::new(), 0);
        assert!(!idle.running);
        assert_eq!(idle.seconds, 60);
        assert!(!idle.over);
        let mut over = started(Side::White, (4, 2));
        over.apply(Command::Resign { side: Side::White }, 1_000)
            .unwrap();
        let c = ClockView::build(&over, 2_000);
        assert!(c.over && !c.running);
        assert_eq!(
            c.seconds, 0,
            "data-seconds-left keeps the core's 0 when over"
        );
        assert!(!c.untimed);
        // Standard backgammon without a clock (T10): the ring is not shown.
        let std = vrhcaby_rules::Variant::standard(vrhcaby_rules::Options::money()).unwrap();
        let mut g = Game::with_variant(std, None).unwrap();
        g.apply(
            Command::Opening {
                white: vrhcaby_rules::Die::new(5).unwrap(),
                black: vrhcaby_rules::Die::new(2).unwrap(),
            },
            0,
        )
        .unwrap();
        let c = ClockView::build(&g, 500_000);
        assert!(c.untimed && c.running);
    }
}
