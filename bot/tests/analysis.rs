//! The analysis of a played game (`analysis`, DESIGN.md's `analyse`): a forced play is never
//! marked, the best play loses nothing, a deliberately bad play of a known position is marked,
//! luck over the 36 rolls sums to zero, the same record gets the same answer, cube decisions of
//! a standard game, and the CLI's answer.

use serde_json::Value;
use vrhcaby_bot::analysis::{analyse, luck_of_rolls, rating, Kind, Mark};
use vrhcaby_bot::cli::{self, BotOp};
use vrhcaby_bot::{Bot, Level};
use vrhcaby_rules::{
    Command, Game, Options, Origin, Point, Position, Record, Roll, Rules, Side, Target, Variant,
};

fn bot() -> Bot {
    Bot::builtin().expect("the built-in weights parse")
}

fn roll(a: u8, b: u8) -> Roll {
    Roll::from_values(a, b).expect("dice 1..=6")
}

fn pt(n: u8) -> Point {
    Point::new(n).expect("a point")
}

/// Plays `moves` for the side on turn, one command each.
fn play(g: &mut Game, t: &mut u64, moves: &[(u8, u8)]) {
    let side = g.dice_owner().expect("someone is moving");
    for &(from, to) in moves {
        *t += 1_000;
        let from = if from == 25 {
            Origin::Bar
        } else {
            Origin::Point(pt(from))
        };
        let to = if to == 0 {
            Target::Off
        } else {
            Target::Point(pt(to))
        };
        g.apply(Command::Move { side, from, to }, *t)
            .expect("a legal move");
    }
}

/// A house-rules game of `turns` rolls, each side playing `level`'s choice (seeded), starting
/// with White's 6-5 played badly (13/7 13/8: two blots in the outfield, 24/13 being best).
fn house_game(turns: usize, level: Level) -> Record {
    let mut b = bot();
    let mut g = Game::new();
    let mut t = 0;
    g.apply(Command::Start { first: Side::White }, t).unwrap();
    g.apply(Command::Dice { dice: roll(6, 5) }, t).unwrap();
    play(&mut g, &mut t, &[(13, 7), (13, 8)]);
    let mut dice = vrhcaby_rules::bench::SplitMix64::new(7);
    for _ in 0..turns {
        if g.result().is_some() {
            break;
        }
        let d = |x: u64| (x % 6) as u8 + 1;
        let r = roll(d(dice.next_u64()), d(dice.next_u64()));
        t += 1_000;
        g.apply(Command::Dice { dice: r }, t).unwrap();
        if let Some(side) = g.dice_owner() {
            let c = b.choose(g.position(), side, r, Rules::Vrhcaby, level, 3);
            let moves: Vec<(u8, u8)> = c
                .moves
                .iter()
                .map(|(o, t)| (o.index(), t.index()))
                .collect();
            play(&mut g, &mut t, &moves);
        }
    }
    g.record().clone()
}

#[test]
fn a_bad_opening_play_is_marked_and_the_best_play_loses_nothing() {
    let b = bot();
    let record = house_game(10, Level::Expert);
    for depth in [0, 1] {
        let a = analyse(&b, &record, depth).unwrap();
        let first = &a.decisions[0];
        assert_eq!(
            (first.side, first.kind, first.roll),
            (Side::White, Kind::Play, Some(roll(6, 5)))
        );
        assert!(!first.forced);
        assert!(
            first.loss >= 0.03,
            "13/7 13/8 loses {} at depth {depth}",
            first.loss
        );
        assert!(first.mark >= Some(Mark::Doubtful));
        // The best play's moves are one of the roll's plays, and it is not the play made.
        assert_eq!(first.best_moves.len(), 2);
        assert_ne!(first.best_moves, vec![(13, 7), (13, 8)]);
        for d in &a.decisions {
            assert!(
                d.loss >= 0.0 && (d.best - d.played - d.loss).abs() < 1e-5,
                "{d:?}"
            );
            assert_eq!(d.mark, if d.forced { None } else { Mark::of(d.loss) });
            if d.loss == 0.0 {
                assert_eq!(d.mark, None);
            }
        }
        // Every roll's play is one decision (the game's plays of a roll, in order).
        assert!(a.decisions.len() >= 8);
        let w = &a.players.white;
        assert!(w.decisions >= 1 && w.error_rate > 0.0);
        assert_eq!(w.rating(), rating(w.error_rate));
    }
}

#[test]
fn a_forced_play_is_never_marked() {
    // White's last checker is on the bar (14 borne off); Black holds White's 19..=24 but 20: with
    // 5-5 it enters on 20 and runs on, one play only.
    let mut white = [0i64; 26];
    white[25] = 1;
    white[0] = 14;
    let mut black = [0i64; 26];
    for p in [1, 2, 3, 4, 6] {
        black[p] = 2; // Black's 1..=6 but 5 = White's 24..=19 but 20
    }
    black[13] = 5;
    let pos = Position::from_setup(&vrhcaby_rules::Setup {
        white: white.to_vec(),
        black: black.to_vec(),
    })
    .unwrap();
    let mut g = Game::from_position(pos).unwrap();
    g.apply(Command::Start { first: Side::White }, 0).unwrap();
    g.apply(Command::Dice { dice: roll(5, 5) }, 0).unwrap();
    let mut t = 0;
    // bar/20, then 20/15, 15/10, 10/5: the only play.
    play(&mut g, &mut t, &[(25, 20), (20, 15), (15, 10), (10, 5)]);
    let a = analyse(&bot(), g.record(), 1).unwrap();
    let d = &a.decisions[0];
    assert!(d.forced, "{d:?}");
    assert_eq!((d.loss, d.mark), (0.0, None));
    assert_eq!(a.players.white.decisions, 0, "a forced play is not counted");
    assert_eq!(a.players.white.error_rate, 0.0);
}

#[test]
fn luck_over_the_36_rolls_sums_to_zero() {
    let mut b = bot();
    let start = *Game::new().position();
    for rules in [Rules::Vrhcaby, Rules::Standard] {
        let lucks = luck_of_rolls(&b, &start, Side::White, rules);
        assert_eq!(lucks.len(), 21);
        let total: f32 = lucks.iter().map(|(_, w, l)| w * l).sum();
        assert!(total.abs() < 1e-3, "{rules:?}: {total}");
        // Not all equal: some rolls are lucky, some not.
        assert!(lucks.iter().any(|l| l.2 > 0.01) && lucks.iter().any(|l| l.2 < -0.01));
    }
    // The per-game luck adds up the decisions' luck.
    let record = house_game(8, Level::Intermediate);
    let a = analyse(&b, &record, 0).unwrap();
    let white: f32 = a
        .decisions
        .iter()
        .filter(|d| d.side == Side::White)
        .filter_map(|d| d.luck)
        .sum();
    assert!((white - a.players.white.luck).abs() < 1e-4);
    let _ = &mut b;
}

#[test]
fn the_same_record_gets_the_same_answer() {
    let b = bot();
    let record = house_game(4, Level::Beginner);
    let one = analyse(&b, &record, 2).unwrap();
    let two = analyse(&bot(), &record, 2).unwrap();
    assert_eq!(one, two);
    // The CLI's answer is the same text for the same request, twice.
    let line = format!(r#"{{"record":{},"depth":1}}"#, record.to_json());
    let mut c = bot();
    let x = cli::answer(&mut c, BotOp::Analyse, &line);
    let y = cli::answer(&mut c, BotOp::Analyse, &line);
    assert_eq!(x, y);
    assert!(
        x["decisions"].as_array().is_some_and(|d| !d.is_empty()),
        "{x}"
    );
    for d in x["decisions"].as_array().unwrap() {
        for key in [
            "index", "side", "kind", "played", "best", "loss", "mark", "forced", "luck",
        ] {
            assert!(d.get(key).is_some(), "{key} in {d}");
        }
        if d["kind"] == "play" {
            assert!(d["roll"].is_array() && d["best_moves"].is_array());
        }
    }
    for side in ["white", "black"] {
        let p = &x["players"][side];
        assert!(
            p["decisions"].is_u64() && p["error_rate"].is_f64() && p["rating"].is_string(),
            "{p}"
        );
    }
}

/// A standard game under `options` after White's opening 3-1 played 8/5 6/5, and its last time.
fn standard_opening(options: Options) -> (Game, u64) {
    let v = Variant::standard(options).unwrap();
    let mut g = Game::with_variant(v, None).unwrap();
    let mut t = 0;
    g.apply(
        Command::Opening {
            white: vrhcaby_rules::Die::new(3).unwrap(),
            black: vrhcaby_rules::Die::new(1).unwrap(),
        },
        t,
    )
    .unwrap();
    play(&mut g, &mut t, &[(8, 5), (6, 5)]);
    (g, t)
}

#[test]
fn cube_decisions_of_a_standard_game() {
    let b = bot();
    let (mut g, mut t) = standard_opening(Options::money());
    // Black doubles at once (far too early) and White takes (right).
    t += 1_000;
    g.apply(Command::Double { side: Side::Black }, t).unwrap();
    t += 1_000;
    g.apply(Command::Take { side: Side::White }, t).unwrap();
    t += 1_000;
    g.apply(Command::Dice { dice: roll(4, 2) }, t).unwrap();
    play(&mut g, &mut t, &[(8, 4), (6, 4)]);
    // White, owning the cube, rolls without doubling (right): a no-double decision.
    t += 1_000;
    g.apply(Command::Dice { dice: roll(6, 1) }, t).unwrap();
    let a = analyse(&b, g.record(), 1).unwrap();
    let kinds: Vec<(Side, Kind)> = a.decisions.iter().map(|d| (d.side, d.kind)).collect();
    assert_eq!(
        kinds,
        vec![
            (Side::White, Kind::Play),
            (Side::Black, Kind::Double),
            (Side::White, Kind::Take),
            (Side::Black, Kind::Play),
            (Side::White, Kind::NoDouble),
        ]
    );
    let double = &a.decisions[1];
    assert!(
        double.loss >= 0.06,
        "doubling after the opening loses: {double:?}"
    );
    let take = &a.decisions[2];
    assert_eq!(take.loss, 0.0, "taking is right: {take:?}");
    assert_eq!(a.decisions[4].loss, 0.0, "not doubling is right");
    assert!(
        a.decisions[0].luck.is_none(),
        "the opening roll has no luck of its own"
    );
    assert!(a.decisions[3].luck.is_some());
}

#[test]
fn the_cli_refuses_a_rejected_record_and_a_bad_depth() {
    let mut c = bot();
    let bad = r#"{"record":{"format":"vrhcaby-record","version":1,"commands":[{"t":0,"cmd":"start","first":"white"},{"t":1,"cmd":"move","side":"white","from":24,"to":18}]}}"#;
    let v: Value = cli::answer(&mut c, BotOp::Analyse, bad);
    assert_eq!(v["index"], 1, "{v}");
    assert!(v["error"].is_string());
    let v = cli::answer(
        &mut c,
        BotOp::Analyse,
        r#"{"record":{"format":"vrhcaby-record","version":1,"commands":[]},"depth":3}"#,
    );
    assert!(
        v["error"].as_str().is_some_and(|e| e.contains("depth")),
        "{v}"
    );
    let v = cli::answer(&mut c, BotOp::Analyse, "not json");
    assert!(v["error"].is_string());
    // An empty game has nothing to judge.
    let v = cli::answer(
        &mut c,
        BotOp::Analyse,
        r#"{"record":{"format":"vrhcaby-record","version":1,"commands":[]}}"#,
    );
    assert_eq!(v["decisions"].as_array().map(Vec::len), Some(0), "{v}");
}

#[test]
fn an_analysis_in_parts_is_the_whole_analysis() {
    let b = bot();
    let record = house_game(10, Level::Intermediate);
    let whole = analyse(&b, &record, 1).unwrap();
    let mut parts = Vec::new();
    let mut from = Some(0);
    let mut steps = 0;
    while let Some(f) = from {
        let (mut d, next) = vrhcaby_bot::analysis::analyse_part(&b, &record, 1, f, 3).unwrap();
        assert!(d.len() <= 3);
        parts.append(&mut d);
        from = next;
        steps += 1;
    }
    assert!(steps > 2, "it took several parts");
    assert_eq!(parts, whole.decisions);
    assert_eq!(vrhcaby_bot::analysis::players(&parts), whole.players);
    // Each play's turn is its roll in the move list.
    let turns = vrhcaby_rules::notation::move_list(&record).unwrap();
    for d in &whole.decisions {
        assert_eq!(Some(turns[d.turn].roll), d.roll);
        assert_eq!(turns[d.turn].side, d.side);
    }
}

#[test]
fn a_roll_with_no_legal_move_is_a_forced_play_with_its_luck() {
    // White's checker on the bar faces Black's closed board (White's 19..=24): no roll enters.
    let mut white = [0i64; 26];
    white[25] = 1;
    white[6] = 14;
    let mut black = [0i64; 26];
    black[1..=6].fill(2);
    black[13] = 3;
    let pos = Position::from_setup(&vrhcaby_rules::Setup {
        white: white.to_vec(),
        black: black.to_vec(),
    })
    .unwrap();
    let mut g = Game::from_position(pos).unwrap();
    g.apply(Command::Start { first: Side::White }, 0).unwrap();
    g.apply(Command::Dice { dice: roll(6, 4) }, 1_000).unwrap();
    assert_eq!(g.dice_owner(), None, "the turn has passed");
    let a = analyse(&bot(), g.record(), 1).unwrap();
    let d = &a.decisions[0];
    assert_eq!(
        (d.side, d.kind, d.roll, d.index),
        (Side::White, Kind::Play, Some(roll(6, 4)), 1)
    );
    assert!(d.forced && d.best_moves.is_empty() && d.mark.is_none() && d.loss == 0.0);
    // Dancing on a closed board is no luck at all: every roll dances alike.
    let luck = d.luck.expect("the roll's luck is counted");
    assert!(luck.abs() < 1e-5, "{luck}");
    assert!((a.players.white.luck - luck).abs() < 1e-6);
}

#[test]
fn in_a_one_point_match_a_plays_equity_is_its_winning_chance() {
    // Gammons do not count in a 1-point match: every play is judged by 2·win − 1 (its match
    // winning chance as equity), while money play counts them, cubeful.
    let mut b = bot();
    for (options, one_point) in [(Options::match_to(1), true), (Options::money(), false)] {
        let (g, _) = standard_opening(options);
        let a = analyse(&b, g.record(), 0).unwrap();
        let d = &a.decisions[0];
        let e = b
            .eval_for(g.position(), Side::Black, Rules::Standard)
            .flip();
        let plain = 2.0 * e.win - 1.0;
        if one_point {
            assert!((d.played - plain).abs() < 1e-4, "{} vs {plain}", d.played);
        } else {
            assert!(
                (d.played - plain).abs() > 1e-4,
                "money play counts gammons and the cube"
            );
            assert!(d.played.abs() < 1.0);
        }
    }
}
