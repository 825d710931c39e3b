//! The cube decisions' tests: the match equity table, Janowski's take points, a play's cubeful
//! equity, match play, resignations and the computer's decisions.

use super::*;

fn est(win: f32, wg: f32, lg: f32) -> Estimate {
    Estimate {
        win,
        win_gammon: wg,
        win_backgammon: 0.0,
        lose_gammon: lg,
        lose_backgammon: 0.0,
    }
}

fn money() -> CubeView {
    CubeView {
        value: 1,
        mine: None,
        match_length: 0,
        score: (0, 0),
        crawford_done: false,
        jacoby: false,
        beavers: false,
    }
}

#[test]
fn the_table_reads_as_published() {
    // Kazaross-XG2: 2-away against 1-away 0.32264, 1-away against 2-away 0.67736 (pre),
    // post-Crawford 2-away trailer 0.48803.
    assert!((match_equity(2, 1, false) - 0.32264).abs() < 1e-6);
    assert!((match_equity(1, 2, false) - 0.67736).abs() < 1e-6);
    assert!((match_equity(2, 1, true) - 0.48803).abs() < 1e-6);
    assert!((match_equity(1, 2, true) - (1.0 - 0.48803)).abs() < 1e-6);
    assert!((match_equity(25, 25, false) - 0.5).abs() < 1e-6);
    assert_eq!(match_equity(0, 3, false), 1.0);
    // Symmetry of the pre-Crawford table.
    for a in 1..=25 {
        for b in 1..=25 {
            let s = match_equity(a, b, false) + match_equity(b, a, false);
            assert!((s - 1.0).abs() < 2e-3, "{a} {b}: {s}");
        }
    }
}

#[test]
fn janowski_take_points_are_the_known_ones() {
    // No gammons, a fully live cube (x = 1 would give 20%); at x = 0.68 the take point is
    // (L − ½)/(W + L + x/2) = 0.5 / 2.34 ≈ 21.4%.
    let pos = Position::start();
    let c = money();
    assert_eq!(answer(&pos, &est(0.22, 0.0, 0.0), &c), Answer::Take);
    assert_eq!(answer(&pos, &est(0.20, 0.0, 0.0), &c), Answer::Drop);
    // A clear favourite doubles, an even game does not.
    assert!(wants_double(&pos, &est(0.72, 0.0, 0.0), &c));
    assert!(!wants_double(&pos, &est(0.55, 0.0, 0.0), &c));
    // Too good: almost sure to win with many gammons, it plays on.
    assert!(!wants_double(&pos, &est(0.97, 0.6, 0.0), &c));
    // Beavers: a taker that is the favourite beavers.
    let b = CubeView { beavers: true, ..c };
    assert_eq!(answer(&pos, &est(0.6, 0.0, 0.0), &b), Answer::Beaver);
}

#[test]
fn a_plays_cubeful_equity_is_janowskis_inside_the_window_and_capped_outside() {
    let pos = Position::start();
    for mine in [None, Some(true), Some(false)] {
        let c = CubeView { mine, ..money() };
        // Inside the window: the no-double equity the cube decisions weigh.
        let e = est(0.5, 0.1, 0.08);
        let (no_double, _, _) = double_equities(&pos, &e, &c);
        assert!(
            (play_equity(&pos, &e, &c) - no_double).abs() < 1e-5,
            "{mine:?}"
        );
        // A game almost surely won without gammons: about the cash, 1.
        let won = play_equity(&pos, &est(0.999, 0.0, 0.0), &c);
        assert!((0.99..=1.01).contains(&won), "{mine:?}: {won}");
        // Too good to cash: playing on for the gammons is worth more than 1.
        assert!(
            play_equity(&pos, &est(0.99, 0.8, 0.0), &c) > 1.7,
            "{mine:?}"
        );
        // Monotone in the chance to win.
        let a = play_equity(&pos, &est(0.3, 0.0, 0.0), &c);
        let b = play_equity(&pos, &est(0.6, 0.0, 0.0), &c);
        assert!(a < b, "{mine:?}");
    }
    // A match to 1: gammons do not count, the equity is 2·win − 1.
    let one = CubeView {
        match_length: 1,
        ..money()
    };
    let e = est(0.7, 0.4, 0.0);
    assert!((play_equity(&pos, &e, &one) - 0.4).abs() < 1e-5);
}

#[test]
fn match_play_follows_the_table() {
    let pos = Position::start();
    // 2-away 2-away (match to 5 at 3–3) is a known double-and-take spot for a favourite.
    let c = CubeView {
        match_length: 5,
        score: (3, 3),
        ..money()
    };
    assert!(wants_double(&pos, &est(0.7, 0.0, 0.0), &c));
    assert!(!wants_double(&pos, &est(0.5, 0.0, 0.0), &c));
    // Post-Crawford, the trailer (4 away) doubles at once: it loses nothing by it.
    let post = CubeView {
        match_length: 5,
        score: (1, 4),
        crawford_done: true,
        ..money()
    };
    assert!(wants_double(&pos, &est(0.4, 0.0, 0.0), &post));
    // The leader there (1 away) takes with 60%: a drop leaves the trailer 3 away (0.677 for
    // the leader); a take wins the match 60% of the time and leaves the trailer 2 away
    // otherwise (0.6 + 0.4 · 0.512 ≈ 0.805).
    let leader = CubeView {
        match_length: 5,
        score: (4, 1),
        crawford_done: true,
        mine: None,
        ..money()
    };
    assert_eq!(answer(&pos, &est(0.6, 0.0, 0.0), &leader), Answer::Take);
}

#[test]
fn resignations_are_accepted_when_worth_playing_on() {
    let c = money();
    // A side nearly sure to win, rarely a gammon, accepts a single (playing on is worth
    // 0.97 + 0.02 − 0.02 = 0.97 < 1); one with many gammons does not.
    assert!(accepts_resign(&est(0.98, 0.01, 0.0), Kind::Single, &c));
    assert!(!accepts_resign(&est(0.99, 0.8, 0.0), Kind::Single, &c));
    assert!(accepts_resign(&est(0.99, 0.8, 0.0), Kind::Gammon, &c));
    // Under Jacoby (unturned cube) gammons do not count: a single is enough.
    let j = CubeView { jacoby: true, ..c };
    assert!(accepts_resign(&est(0.99, 0.8, 0.0), Kind::Single, &j));
}

#[test]
fn the_table_read_at_compile_time_holds_every_number_of_its_text_exactly() {
    let mut rows = 0;
    for line in MET_TEXT.lines().filter(|l| !l.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (row, values) = match words.as_slice() {
            ["pre", a, rest @ ..] => (&MET.pre[a.parse::<usize>().unwrap() - 1], rest),
            ["post", rest @ ..] => (&MET.post, rest),
            _ => continue,
        };
        assert_eq!(values.len(), MET_SIZE, "{line}");
        for (v, w) in row.iter().zip(values.iter()) {
            assert_eq!(*v, w.parse::<f32>().unwrap(), "{line}");
        }
        rows += 1;
    }
    assert_eq!(rows, MET_SIZE + 1);
    // Symmetric: a-away against b-away and b-away against a-away sum to 1.
    for a in 1..=MET_SIZE {
        for b in 1..=MET_SIZE {
            assert!((MET.pre[a - 1][b - 1] + MET.pre[b - 1][a - 1] - 1.0).abs() < 2e-5);
        }
    }
}
