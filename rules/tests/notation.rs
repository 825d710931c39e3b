//! The move list in backgammon notation, on hand-made games.

use vrhcaby_rules::notation::move_list;
use vrhcaby_rules::{Command, Game, Origin, Point, Position, Roll, Setup, Side, Target};

fn pt(n: u8) -> Point {
    Point::new(n).unwrap()
}

fn mv(side: Side, from: u8, to: u8) -> Command {
    Command::Move {
        side,
        from: if from == 25 {
            Origin::Bar
        } else {
            Origin::Point(pt(from))
        },
        to: if to == 0 {
            Target::Off
        } else {
            Target::Point(pt(to))
        },
    }
}

fn roll(a: u8, b: u8) -> Command {
    Command::Dice {
        dice: Roll::from_values(a, b).unwrap(),
    }
}

/// Plays `commands` from `position` (the standard start if `None`), White first; the move list.
fn list(position: Option<Position>, commands: &[Command]) -> Vec<String> {
    let mut g = match position {
        Some(p) => Game::from_position(p).unwrap(),
        None => Game::new(),
    };
    g.apply(Command::Start { first: Side::White }, 0).unwrap();
    for (i, c) in commands.iter().enumerate() {
        g.apply(*c, 10 * (i as u64 + 1)).unwrap();
    }
    move_list(g.record())
        .unwrap()
        .iter()
        .map(|t| format!("{:?} {t}", t.side))
        .collect()
}

#[test]
fn turns_with_chains_and_doubles() {
    use Side::{Black, White};
    let got = list(
        None,
        &[
            roll(6, 5),
            mv(White, 24, 18),
            mv(White, 18, 13),
            roll(4, 2),
            mv(Black, 8, 4),
            mv(Black, 6, 4),
            roll(3, 3),
            mv(White, 13, 10),
            mv(White, 13, 10),
            mv(White, 8, 5),
            mv(White, 8, 5),
        ],
    );
    assert_eq!(
        got,
        vec![
            "White 65: 24/13",
            "Black 42: 8/4 6/4",
            "White 33: 13/10(2) 8/5(2)",
        ]
    );
}

#[test]
fn a_hit_on_the_way_entering_from_the_bar_bearing_off_and_a_roll_with_no_move() {
    use Side::{Black, White};
    // White: 2 on its 24, 13 borne off... a race-free position made by hand: White has a checker
    // on the bar, one on 6 and 13 off; Black has a blot on its 19 (White's 6 is free) and a blot
    // on its 4 (White's 21).
    let white = {
        let mut w = [0u8; 26];
        w[0] = 12;
        w[6] = 1;
        w[2] = 1;
        w[25] = 1;
        w
    };
    let black = {
        let mut b = [0u8; 26];
        b[0] = 13;
        b[4] = 1; // White's 21
        b[12] = 1; // White's 13
        b
    };
    let setup = Setup {
        white: white.iter().map(|&n| i64::from(n)).collect(),
        black: black.iter().map(|&n| i64::from(n)).collect(),
    };
    let position = Position::from_setup(&setup).unwrap();
    let got = list(
        Some(position),
        &[
            roll(4, 4),
            mv(White, 25, 21),
            mv(White, 21, 17),
            mv(White, 17, 13),
            mv(White, 13, 9),
        ],
    );
    assert_eq!(got, vec!["White 44: bar/21*/13*/9"]);
    // Bearing off the last two: 6/off 2/off, the higher origin first whatever the order played.
    let mut w = [0i64; 26];
    w[0] = 13;
    w[6] = 1;
    w[2] = 1;
    let mut b = [0i64; 26];
    b[1] = 15;
    let home = Position::from_setup(&Setup {
        white: w.to_vec(),
        black: b.to_vec(),
    })
    .unwrap();
    let got = list(Some(home), &[roll(6, 2), mv(White, 2, 0), mv(White, 6, 0)]);
    assert_eq!(got, vec!["White 62: 6/off 2/off"]);
    // A roll with no legal move: White on the bar against Black's closed home board.
    let mut w = [0i64; 26];
    w[0] = 14;
    w[25] = 1;
    let mut b = [0i64; 26];
    b[0] = 3;
    b[1..=6].fill(2);
    let closed = Position::from_setup(&Setup {
        white: w.to_vec(),
        black: b.to_vec(),
    })
    .unwrap();
    let got = list(
        Some(closed),
        &[roll(6, 5), roll(2, 1), mv(Black, 6, 4), mv(Black, 6, 5)],
    );
    assert_eq!(got, vec!["White 65:", "Black 21: 6/4 6/5"]);
}
