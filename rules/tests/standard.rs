//! Standard backgammon beyond single scenarios: the options and contexts that cannot be agreed,
//! records with options, and properties of whole matches played at random (a match always ends
//! with exactly one player at N or more; a game scores the cube times 1, 2 or 3, or a forfeit;
//! the Crawford game happens at most once and only right after a player first reaches N − 1).

use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{
    BySide, Clock, Command, ContextError, Crawford, Die, Game, Kind, MatchContext, Options,
    OptionsError, Phase, Reason, Record, SetupError, Side, Variant,
};

#[test]
fn options_that_do_not_go_together_are_refused() {
    let m = Options::match_to(5);
    let money = Options::money();
    let cases = [
        (
            Options { jacoby: true, ..m },
            OptionsError::MoneyOnly("the Jacoby rule"),
        ),
        (
            Options { beavers: true, ..m },
            OptionsError::MoneyOnly("beavers"),
        ),
        (
            Options {
                auto_doubles: 1,
                ..m
            },
            OptionsError::MoneyOnly("automatic doubles"),
        ),
        (
            Options {
                crawford: true,
                ..money
            },
            OptionsError::MatchOnly("the Crawford rule"),
        ),
        (
            Options {
                holland: true,
                ..money
            },
            OptionsError::MatchOnly("the Holland rule"),
        ),
        (
            Options {
                holland: true,
                crawford: false,
                ..m
            },
            OptionsError::HollandNeedsCrawford,
        ),
        (
            Options {
                match_length: 26,
                ..m
            },
            OptionsError::MatchTooLong(26),
        ),
        (
            Options {
                auto_doubles: 7,
                ..money
            },
            OptionsError::TooManyAutoDoubles(7),
        ),
        (
            Options {
                jacoby: true,
                cube: false,
                ..money
            },
            OptionsError::NeedsCube("the Jacoby rule"),
        ),
        (
            Options {
                clock: Clock::DelayReserve {
                    delay_ms: 12_000,
                    reserve_ms: 0,
                },
                ..m
            },
            OptionsError::NoReserve,
        ),
    ];
    for (options, error) in cases {
        assert_eq!(Variant::standard(options), Err(error), "{options:?}");
    }
    for ok in [m, money, Options::match_to(1), Options::match_to(25)] {
        assert!(Variant::standard(ok).is_ok(), "{ok:?}");
    }
}

#[test]
fn contexts_that_cannot_come_about_are_refused() {
    let five = Variant::standard(Options::match_to(5)).unwrap();
    let ctx = |w, b, crawford| MatchContext {
        score: BySide::new(w, b),
        crawford,
        reserve: None,
    };
    let refused = [
        (ctx(5, 1, Crawford::Before), ContextError::MatchOver),
        (ctx(2, 1, Crawford::This), ContextError::Crawford),
        (ctx(4, 4, Crawford::This), ContextError::Crawford),
        (ctx(3, 3, Crawford::After), ContextError::Crawford),
    ];
    for (c, e) in refused {
        assert_eq!(
            Game::with_context(five, c, None).err(),
            Some(SetupError::Context(e)),
            "{c:?}"
        );
    }
    for c in [
        ctx(4, 1, Crawford::This),
        ctx(4, 4, Crawford::After),
        ctx(3, 2, Crawford::Before),
    ] {
        assert!(Game::with_context(five, c, None).is_ok(), "{c:?}");
    }
    let money = Variant::standard(Options::money()).unwrap();
    assert!(Game::with_context(money, ctx(9, 3, Crawford::Before), None).is_ok());
    assert!(Game::with_context(money, ctx(0, 0, Crawford::This), None).is_err());
    // A record carries its context, and a bad one is refused when replayed.
    let json = r#"{"format":"vrhcaby-record","version":1,"rules":"standard","options":{"match_length":3},"context":{"score":{"white":3,"black":0}},"commands":[]}"#;
    assert!(Record::from_json(json).unwrap().replay().is_err());
}

#[test]
fn a_standard_record_keeps_its_options_and_context() {
    let options = Options {
        clock: Clock::DelayReserve {
            delay_ms: 12_000,
            reserve_ms: 600_000,
        },
        ..Options::match_to(7)
    };
    let context = MatchContext {
        score: BySide::new(3, 5),
        crawford: Crawford::Before,
        reserve: Some(BySide::new(400_000, 250_000)),
    };
    let v = Variant::standard(options).unwrap();
    let mut g = Game::with_context(v, context, None).unwrap();
    let d = |n| Die::new(n).unwrap();
    g.apply(
        Command::Opening {
            white: d(2),
            black: d(2),
        },
        0,
    )
    .unwrap();
    g.apply(
        Command::Opening {
            white: d(4),
            black: d(2),
        },
        10,
    )
    .unwrap();
    assert_eq!(g.reserve_left(), BySide::new(400_000, 250_000));
    let json = g.record().to_json();
    let record = Record::from_json(&json).unwrap();
    assert_eq!(record.options, Some(options));
    assert_eq!(record.context, context);
    assert_eq!(record.replay().unwrap(), g);
    // White leaves: Black needs 2 to reach 7; the reserve carries over to the next game.
    g.apply(Command::Leave { side: Side::White }, 5_000)
        .unwrap();
    let next = g.next_context().unwrap();
    assert_eq!(next.score, BySide::new(3, 7));
    assert_eq!(next.reserve, Some(BySide::new(400_000, 250_000)));
    assert_eq!(g.score().map(|s| s.points), Some(2));
}

#[test]
fn a_key_the_record_does_not_know_is_refused_by_name() {
    let record = |options: &str, context: &str| {
        format!(
            r#"{{"format":"vrhcaby-record","version":1,"rules":"standard","options":{options},"context":{context},"commands":[]}}"#
        )
    };
    let ok_options = r#"{"match_length":0,"crawford":false,"beavers":true}"#;
    let ok_context = r#"{"score":{"white":0,"black":0}}"#;
    let read = Record::from_json(&record(ok_options, ok_context)).unwrap();
    assert!(read.options.is_some_and(|o| o.beavers));
    let cases = [
        // "beaver" for "beavers": without the check, a game with no beavers and no word.
        (
            r#"{"match_length":0,"crawford":false,"beaver":true}"#,
            ok_context,
            "\"beaver\" in options",
        ),
        (
            r#"{"match_length":3,"clock":{"kind":"delay_reserve","delay_ms":1,"reserve_ms":2,"reserve":3}}"#,
            ok_context,
            "\"reserve\" in options",
        ),
        (
            r#"{"match_length":3,"clock":{"kind":"house","delay_ms":1}}"#,
            ok_context,
            "\"delay_ms\" in options",
        ),
        (
            ok_options,
            r#"{"score":{"white":0,"black":0},"crawfrod":"before"}"#,
            "\"crawfrod\" in context",
        ),
        (
            ok_options,
            r#"{"score":{"white":0,"black":0,"blue":1}}"#,
            "\"blue\" in context",
        ),
    ];
    for (options, context, named) in cases {
        let err = Record::from_json(&record(options, context)).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains(&format!("unknown key {named}")),
            "{options} {context}: {text}"
        );
    }
    // A value of the wrong type is still refused, naming the field.
    let err = Record::from_json(&record(r#"{"cube":"yes"}"#, ok_context)).unwrap_err();
    assert!(err.to_string().contains("cannot read options"), "{err}");
}

/// One random game from `context`: random moves, and cube actions and resignations at random.
/// Returns the finished game.
fn random_game(v: Variant, context: MatchContext, rng: &mut SplitMix64) -> Game {
    let mut g = Game::with_context(v, context, None).unwrap();
    let mut t = 0;
    let die = |rng: &mut SplitMix64| Die::new(rng.below(6) as u8 + 1).unwrap();
    for _ in 0..5_000 {
        t += 1;
        let cmd = match g.phase() {
            Phase::Opening => Command::Opening {
                white: die(rng),
                black: die(rng),
            },
            Phase::Rolling => {
                let side = g.turn().unwrap();
                if g.can_double().is_ok() && rng.below(8) == 0 {
                    Command::Double { side }
                } else if rng.below(200) == 0 {
                    let kind =
                        [Kind::Single, Kind::Gammon, Kind::Backgammon][rng.below(3) as usize];
                    Command::OfferResign { side, kind }
                } else {
                    let (a, b) = (die(rng), die(rng));
                    Command::Dice {
                        dice: vrhcaby_rules::Roll::new(a, b),
                    }
                }
            }
            Phase::Doubled => {
                let side = g.turn().unwrap();
                match rng.below(10) {
                    0..=2 => Command::Drop { side },
                    3 if g.may_raise() => match g.pending_double().map(|o| o.stage) {
                        Some(vrhcaby_rules::Stage::Double) => Command::Beaver { side },
                        _ => Command::Raccoon { side },
                    },
                    _ => Command::Take { side },
                }
            }
            Phase::ResignOffered => {
                let side = g.turn().unwrap();
                if rng.below(2) == 0 {
                    Command::AcceptResign { side }
                } else {
                    Command::RejectResign { side }
                }
            }
            Phase::Moving => {
                let side = g.turn().unwrap();
                if rng.below(2_000) == 0 {
                    Command::Leave { side }
                } else {
                    let moves = g.legal_moves();
                    let mv = moves[rng.below(moves.len() as u64) as usize];
                    Command::Move {
                        side,
                        from: mv.from,
                        to: mv.to,
                    }
                }
            }
            Phase::Over => return g,
            other => panic!("no {other:?} in a standard game"),
        };
        let before = g.clone();
        if let Err(e) = g.apply(cmd, t) {
            panic!("{cmd:?} refused: {e} in {:?}", before.phase());
        }
    }
    panic!("a random game did not end");
}

#[test]
fn random_matches_end_properly() {
    let mut rng = SplitMix64::new(7);
    for m in 0..120 {
        let n = [1u8, 2, 3, 5, 7][m % 5];
        let options = Options {
            holland: m % 3 == 0 && n > 1,
            ..Options::match_to(n)
        };
        let v = Variant::standard(options).unwrap();
        let mut context = MatchContext::default();
        let mut crawford_games = 0;
        let mut reached_n1 = false;
        let mut games = 0;
        while !context.is_over(&options) {
            games += 1;
            assert!(games < 200, "a match to {n} never ends");
            let g = random_game(v, context, &mut rng);
            let (outcome, reason) = g.result().unwrap();
            let winner = outcome.winner().expect("no draws in standard games");
            let score = g.score().unwrap();
            let cube = u16::from(g.cube().value);
            if g.is_crawford() {
                crawford_games += 1;
                assert_eq!(g.cube().value, 1, "no doubling in the Crawford game");
            }
            match reason {
                r if r.is_forfeit() => {
                    assert_eq!(score.points, u16::from(n) - context.score[winner]);
                }
                Reason::Dropped => {
                    assert!(score.points == cube * 2 / 2 || score.points * 2 == cube * 2)
                }
                _ => assert_eq!(score.points, cube * score.kind.multiplier()),
            }
            let next = g.next_context().unwrap();
            // The Crawford game comes right after the first game that brings a player to N − 1.
            let now_n1 = Side::ALL.iter().any(|&s| next.score[s] + 1 == u16::from(n));
            if next.crawford == Crawford::This {
                assert!(!reached_n1 && now_n1 && n > 1);
            }
            reached_n1 |= now_n1;
            context = next;
        }
        assert!(crawford_games <= 1, "{crawford_games} Crawford games");
        let at_n: Vec<Side> = Side::ALL
            .into_iter()
            .filter(|&s| context.score[s] >= u16::from(n))
            .collect();
        assert_eq!(
            at_n.len(),
            1,
            "exactly one player at N or more: {:?}",
            context.score
        );
        assert_eq!(context.winner(&options), Some(at_n[0]));
    }
}

#[test]
fn random_money_games_score_cube_times_one_two_or_three() {
    let mut rng = SplitMix64::new(11);
    let options = Options {
        beavers: true,
        jacoby: true,
        auto_doubles: 2,
        ..Options::money()
    };
    let v = Variant::standard(options).unwrap();
    let mut context = MatchContext::default();
    let mut total = 0u32;
    for _ in 0..150 {
        let g = random_game(v, context, &mut rng);
        let score = g.score().unwrap();
        let cube = u16::from(g.cube().value);
        let (outcome, reason) = g.result().unwrap();
        match reason {
            // A drop loses the value before its step: the double, the beaver or the raccoon.
            Reason::Dropped => assert!(
                [cube, cube * 2, cube * 4].contains(&score.points),
                "dropped for {} with the cube at {cube}",
                score.points
            ),
            _ => assert!(
                [cube, cube * 2, cube * 3].contains(&score.points),
                "{reason:?}: {} points with the cube at {cube}",
                score.points
            ),
        }
        total += u32::from(score.points);
        let next = g.next_context().unwrap();
        let w = outcome.winner().unwrap();
        assert_eq!(next.score[w], context.score[w] + score.points);
        assert_eq!(next.crawford, Crawford::Before);
        assert!(!next.is_over(&options), "money play never ends");
        context = next;
    }
    assert_eq!(total, u32::from(context.score.white + context.score.black));
}
