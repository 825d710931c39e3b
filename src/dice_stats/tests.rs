use vrhcaby_rules::{Command, Game, Outcome, Phase, Roll, Side};

use super::*;

/// A game of `kind` whose turns were played with `rolls` in order (White first), each with its
/// first legal moves, then resigned.
fn game(kind: &str, me: Option<Side>, rolls: &[(u8, u8)]) -> Played {
    let mut g = Game::new();
    let mut now = 1_000;
    g.apply(Command::Start { first: Side::White }, now).unwrap();
    for &(a, b) in rolls {
        now += 100;
        let dice = Roll::from_values(a, b).unwrap();
        g.apply(Command::Dice { dice }, now).unwrap();
        while g.phase() == Phase::Moving {
            let side = g.dice_owner().unwrap();
            let Some(mv) = g.legal_moves().first().copied() else {
                break;
            };
            now += 100;
            g.apply(
                Command::Move {
                    side,
                    from: mv.from,
                    to: mv.to,
                },
                now,
            )
            .unwrap();
        }
    }
    let loser = g.turn().unwrap_or(Side::White);
    g.apply(Command::Resign { side: loser }, now + 100).unwrap();
    Played {
        ended: now + 100,
        kind: kind.into(),
        level: (kind == "bot").then(|| "expert".into()),
        me,
        outcome: Outcome::White,
        reason: "resigned".into(),
        points: 1,
        moves: g.moves_played(),
        record: g.record().to_json(),
        analysis: None,
    }
}

#[test]
fn each_players_rolls_are_counted_as_theirs() {
    let rolls = [(6, 5), (3, 3), (2, 1), (4, 4)];
    let games = [
        game("bot", Some(Side::White), &rolls),
        game("peer", Some(Side::Black), &rolls),
        game("local", None, &rolls),
    ];
    let t = tallies(&games);
    let whose: Vec<&Whose> = t.iter().map(|(w, _)| w).collect();
    assert_eq!(
        whose,
        [
            &Whose::Me,
            &Whose::Computer("expert".into()),
            &Whose::Friend,
            &Whose::HotSeat
        ]
    );
    // Against the computer White (me) rolled 65 and 21, the computer 33 and 44; with the friend
    // I was Black: 33 and 44 mine.
    let me = &t[0].1;
    assert_eq!((me.rolls, me.doubles), (4, 2));
    assert_eq!(me.faces, [1, 1, 2, 2, 1, 1]);
    let computer = &t[1].1;
    assert_eq!((computer.rolls, computer.doubles), (2, 2));
    assert_eq!(computer.faces, [0, 0, 2, 2, 0, 0]);
    let friend = &t[2].1;
    assert_eq!((friend.rolls, friend.doubles), (2, 0));
    assert_eq!(friend.faces, [1, 1, 0, 0, 1, 1]);
    // On one device both sides' rolls are the hot seat's.
    assert_eq!((t[3].1.rolls, t[3].1.doubles), (4, 2));
    // No games, no tallies; a spoiled record is left out.
    assert!(tallies(&[]).is_empty());
    let mut spoiled = game("bot", Some(Side::White), &rolls);
    spoiled.record = "{".into();
    assert!(tallies(&[spoiled]).is_empty());
}

#[test]
fn the_tails_agree_with_the_tables() {
    // Critical values of chi-square (any statistics table): p = 0.05 and p = 0.001.
    for (x, p) in [(3.841_459, 0.05), (10.827_566, 0.001), (0.454_936, 0.5)] {
        assert!(
            (chi2_upper_1(x) - p).abs() < 1e-6,
            "df 1 at {x}: {}",
            chi2_upper_1(x)
        );
    }
    for (x, p) in [
        (11.070_498, 0.05),
        (20.515_006, 0.001),
        (4.351_460, 0.5),
        (1.145_476, 0.95),
    ] {
        assert!(
            (chi2_upper_5(x) - p).abs() < 1e-6,
            "df 5 at {x}: {}",
            chi2_upper_5(x)
        );
    }
    assert_eq!(chi2_upper_5(0.0), 1.0);
    assert_eq!(chi2_upper_5(1e6), 0.0);
    assert_eq!(chi2_upper_1(f64::NAN), 1.0);
}

#[test]
fn fair_counts_are_usual_and_loaded_ones_are_not() {
    // Too few rolls: the test says nothing.
    let few = Tally {
        rolls: 10,
        doubles: 2,
        faces: [4, 3, 3, 3, 4, 3],
    };
    assert_eq!(Verdict::of(few.faces_test()), Verdict::TooFew);
    assert_eq!(Verdict::of(few.doubles_test()), Verdict::TooFew);
    // 600 rolls, faces near 200 each, 100 doubles: usual.
    let fair = Tally {
        rolls: 600,
        doubles: 103,
        faces: [195, 207, 201, 198, 204, 195],
    };
    assert_eq!(Verdict::of(fair.faces_test()), Verdict::Usual);
    assert_eq!(Verdict::of(fair.doubles_test()), Verdict::Usual);
    // Sixes one and a half times as often: very unusual; 130 doubles of 600 where 100 are
    // expected: unusual (chi-square 30²/100 + 30²/500 = 10.8, p ≈ 0.0010).
    let loaded = Tally {
        rolls: 600,
        doubles: 130,
        faces: [180, 180, 180, 180, 180, 300],
    };
    assert_eq!(Verdict::of(loaded.faces_test()), Verdict::VeryUnusual);
    assert_eq!(Verdict::of(loaded.doubles_test()), Verdict::Unusual);
    let t = loaded.doubles_test().unwrap();
    assert!((t.chi2 - 10.8).abs() < 1e-9, "{t:?}");
    assert!((fair.doubles_share() - 103.0 / 600.0).abs() < 1e-12);
    assert_eq!(Tally::default().doubles_share(), 0.0);
}
