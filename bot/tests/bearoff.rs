//! The bear-off table: its index, its move generator against the rules crate's `PlayGenerator`
//! under both rule sets, its numbers against a brute-force expectimax on the rules crate's plays,
//! and the evaluator answering all-home races from it.

use std::collections::{BTreeSet, HashMap};

use vrhcaby_bot::bearoff::{
    self, all_homes, for_each_after, full_index, index, table, Home, Table, FULL_POSITIONS,
    POSITIONS,
};
use vrhcaby_bot::eval::EvalScratch;
use vrhcaby_bot::{Bot, Evaluator};
use vrhcaby_rules::{plays, Position, Roll, Rules, Setup, Side, CHECKERS};

/// Black's checkers, all in its own home (White's 19..=24): out of White's way, never finished.
const BLACK_HOME: [u8; 6] = [3, 3, 3, 2, 2, 2];

/// The 21 rolls (high, low) and their weights out of 36.
fn rolls() -> Vec<(u8, u8, f64)> {
    (1..=6u8)
        .flat_map(|h| (1..=h).map(move |l| (h, l, if h == l { 1.0 } else { 2.0 })))
        .collect()
}

fn side_counts(home: &Home, rest: [u8; 6]) -> Vec<i64> {
    let mut c = vec![0i64; 26];
    for p in 1..=6 {
        c[p] = i64::from(home[p - 1]);
        c[24 + 1 - p] = i64::from(rest[p - 1]);
    }
    c[0] = i64::from(CHECKERS) - c.iter().sum::<i64>();
    c
}

/// White bearing off `home`; Black (far away) with `black` in its own home.
fn position(white: &Home, black: &Home) -> Position {
    let white = side_counts(white, [0; 6]);
    let mut b = side_counts(black, [0; 6]);
    if b[0] == i64::from(CHECKERS) {
        b = side_counts(&BLACK_HOME, [0; 6]);
    }
    Position::from_setup(&Setup { white, black: b }).expect("a valid test position")
}

fn home_of(pos: &Position) -> Home {
    std::array::from_fn(|k| pos.count(Side::White, k + 1))
}

fn checkers(h: &Home) -> u8 {
    h.iter().sum()
}

#[test]
fn the_index_numbers_every_home_once() {
    let homes = all_homes();
    assert_eq!(homes.len(), POSITIONS);
    let mut seen = vec![false; FULL_POSITIONS];
    for (i, h) in homes.iter().enumerate() {
        assert!(checkers(h) <= CHECKERS);
        assert_eq!(index(h), i, "{h:?}");
        if checkers(h) == CHECKERS {
            let j = full_index(h);
            assert!(!seen[j], "{h:?}");
            seen[j] = true;
        }
    }
    assert!(seen.iter().all(|&s| s), "every full home has a full index");
    assert_eq!(index(&[0; 6]), 0);
    let distinct: BTreeSet<Home> = homes.into_iter().collect();
    assert_eq!(distinct.len(), POSITIONS);
}

/// The homes to check the generator on: every home of up to 4 checkers, and a spread sample.
fn sample() -> Vec<Home> {
    all_homes()
        .into_iter()
        .enumerate()
        .filter(|(i, h)| checkers(h) > 0 && (checkers(h) <= 4 || i % 173 == 0))
        .map(|(_, h)| h)
        .collect()
}

#[test]
fn the_generator_reaches_what_the_rules_crate_reaches_under_both_rule_sets() {
    let mut checked = 0;
    for home in sample() {
        let pos = position(&home, &[0; 6]);
        for (high, low, _) in rolls() {
            let roll = Roll::from_values(high, low).expect("dice");
            let mut ours = BTreeSet::new();
            for_each_after(&home, high, low, |after| {
                ours.insert(*after);
            });
            for rules in [Rules::Vrhcaby, Rules::Standard] {
                let theirs: BTreeSet<Home> = plays(&pos, Side::White, roll, rules)
                    .iter()
                    .map(|p| home_of(&p.position))
                    .collect();
                assert_eq!(ours, theirs, "{home:?} {high}-{low} {rules:?}");
            }
            checked += 1;
        }
    }
    assert!(checked > 6_000, "{checked}");
}

/// Brute force on the rules crate's plays: the distribution of rolls to bear off `home` (or, with
/// `first`, its first checker), playing each roll to the lowest expected rolls (ties to the lower
/// index, as the table does), and that expectation.
fn brute(
    home: Home,
    first: bool,
    rules: Rules,
    memo: &mut HashMap<Home, (f64, Vec<f64>)>,
) -> (f64, Vec<f64>) {
    let done = if first {
        checkers(&home) < CHECKERS
    } else {
        checkers(&home) == 0
    };
    if done {
        return (0.0, vec![1.0]);
    }
    if let Some(v) = memo.get(&home) {
        return v.clone();
    }
    let pos = position(&home, &[0; 6]);
    let mut e = 1.0;
    let mut dist = vec![0.0];
    for (high, low, w) in rolls() {
        let roll = Roll::from_values(high, low).expect("dice");
        let mut best: Option<(f64, usize, Vec<f64>)> = None;
        for play in plays(&pos, Side::White, roll, rules) {
            let after = home_of(&play.position);
            let (v, d) = brute(after, first, rules, memo);
            let key = (v, index(&after));
            if best.as_ref().is_none_or(|b| key < (b.0, b.1)) {
                best = Some((v, key.1, d));
            }
        }
        let (v, _, d) = best.expect("a bear-off roll always has a play");
        e += w / 36.0 * v;
        dist.resize(dist.len().max(d.len() + 1), 0.0);
        for (k, q) in d.iter().enumerate() {
            dist[k + 1] += w / 36.0 * q;
        }
    }
    memo.insert(home, (e, dist.clone()));
    (e, dist)
}

fn assert_same(home: &Home, (first, run): (usize, &[f32]), brute: &[f64]) {
    for (k, &q) in brute.iter().enumerate() {
        let ours = k
            .checked_sub(first)
            .and_then(|j| run.get(j))
            .map_or(0.0, |&x| f64::from(x));
        assert!((ours - q).abs() < 1e-6, "{home:?} roll {k}: {ours} vs {q}");
    }
}

#[test]
fn the_table_matches_brute_force_on_small_positions() {
    let t = table();
    for rules in [Rules::Vrhcaby, Rules::Standard] {
        let mut memo = HashMap::new();
        for home in all_homes().into_iter().filter(|h| checkers(h) <= 4) {
            let (e, dist) = brute(home, false, rules, &mut memo);
            assert!((f64::from(t.expected(&home)) - e).abs() < 1e-5, "{home:?}");
            assert_same(&home, t.rolls(&home), &dist);
        }
    }
    // Known by hand: one checker on the 1-point takes one roll; two on the 6-point finish in one
    // roll only with 3-3, 4-4, 5-5 or 6-6.
    assert_eq!(t.rolls(&[1, 0, 0, 0, 0, 0]), (1, &[1.0f32][..]));
    let (first, run) = t.rolls(&[0, 0, 0, 0, 0, 2]);
    assert_eq!(first, 1);
    assert!((run[0] - 4.0 / 36.0).abs() < 1e-7);
}

#[test]
fn the_first_checker_off_matches_brute_force() {
    let t = table();
    let mut memo = HashMap::new();
    // Homes whose first checker can take up to 9 rolls to come off, yet only a few thousand
    // positions to search (brute force in a debug build); and two that always take one.
    for home in [
        [2, 0, 0, 0, 13, 0],
        [0, 13, 0, 2, 0, 0],
        [0, 0, 0, 12, 3, 0],
        [15, 0, 0, 0, 0, 0],
    ] {
        let (_, dist) = brute(home, true, Rules::Vrhcaby, &mut memo);
        let run = t.first_off(&home).expect("a full home");
        assert_same(&home, run, &dist);
    }
    assert!(t.first_off(&[0, 0, 0, 0, 0, 14]).is_none());
}

#[test]
fn every_best_play_is_the_best_of_all_the_plays() {
    // The table's expectations satisfy E(x) = 1 + Σ P(roll) · min over every play of E(after),
    // with every play from the full enumeration (`for_each_after`).
    let t = table();
    for home in all_homes().into_iter().step_by(13).skip(1) {
        let mut e = 1.0;
        for (high, low, w) in rolls() {
            let mut best = f64::INFINITY;
            for_each_after(&home, high, low, |after| {
                best = best.min(f64::from(t.expected(after)));
            });
            e += w / 36.0 * best;
        }
        let ours = f64::from(t.expected(&home));
        assert!((ours - e).abs() < 1e-4 * ours, "{home:?}: {ours} vs {e}");
        let (_, run) = t.rolls(&home);
        let total: f64 = run.iter().map(|&q| f64::from(q)).sum();
        assert!((total - 1.0).abs() < 1e-5, "{home:?}: {total}");
    }
}

#[test]
fn the_table_is_the_same_every_time() {
    assert_eq!(&Table::build(), table());
}

#[test]
fn the_evaluator_answers_all_home_races_from_the_table() {
    let ev = Evaluator::builtin().expect("weights");
    let mut s = EvalScratch::default();
    let t = table();
    let me = [1, 2, 0, 3, 0, 1];
    let opp = [0, 2, 2, 0, 1, 0];
    let pos = position(&me, &opp);
    let exact = t.estimate(&me, &opp);
    assert_eq!(ev.evaluate(&pos, Side::White, &mut s), exact);
    assert_eq!(bearoff::race_estimate(&pos, Side::White), Some(exact));
    assert_eq!(Bot::new(ev.clone()).eval(&pos, Side::White), exact);
    // Black on roll: its own numbering.
    assert_eq!(
        ev.evaluate(&pos, Side::Black, &mut s),
        t.estimate(&opp, &me)
    );
    // A checker of Black's outside its home: the net answers.
    let mut setup = pos.to_setup();
    setup.black[2] -= 1;
    setup.black[7] += 1;
    let outside = Position::from_setup(&setup).expect("valid");
    assert_eq!(bearoff::race_estimate(&outside, Side::White), None);
    assert_ne!(ev.evaluate(&outside, Side::White, &mut s), exact);
    // Standard's evaluator too.
    if let Some(std) = Evaluator::builtin_standard() {
        let std = std.expect("weights");
        assert_eq!(std.evaluate(&pos, Side::White, &mut s), exact);
    }
}

#[test]
fn race_probabilities_follow_from_the_distributions() {
    let t = table();
    // The opponent finishes with its first roll: I win only by finishing with mine.
    let e = t.estimate(&[0, 0, 0, 0, 0, 2], &[1, 0, 0, 0, 0, 0]);
    assert!((e.win - 4.0 / 36.0).abs() < 1e-6, "{}", e.win);
    assert_eq!(e.lose_gammon, 0.0);
    // My last checker goes with any roll: a sure win, a gammon against 15 checkers not yet off.
    let e = t.estimate(&[1, 0, 0, 0, 0, 0], &[0, 0, 0, 0, 0, 15]);
    assert_eq!((e.win, e.win_gammon, e.win_backgammon), (1.0, 1.0, 0.0));
    // Full homes both: no one wins a gammon unless the other has nothing off after many rolls.
    let e = t.estimate(&[0, 0, 0, 0, 0, 15], &[0, 0, 0, 0, 0, 15]);
    assert!(e.win > 0.5 && e.win < 0.7, "{}", e.win);
    assert!(e.win_gammon < 1e-6 && e.lose_gammon < 1e-6);
    // One roll deeper: my loss after each roll's best play for the race, the opponent then on
    // roll, is at most my loss playing by the table throughout, and not far below it.
    let (me, opp) = ([0, 3, 0, 2, 0, 0], [1, 1, 1, 1, 1, 0]);
    let mine = t.estimate(&me, &opp);
    let mut after = 0.0;
    for (high, low, w) in rolls() {
        let mut best = f32::INFINITY;
        for_each_after(&me, high, low, |a| {
            let lose = if checkers(a) == 0 {
                0.0
            } else {
                t.estimate(&opp, a).win
            };
            best = best.min(lose);
        });
        after += w as f32 / 36.0 * best;
    }
    let loss = 1.0 - mine.win;
    assert!(
        after <= loss + 1e-5 && loss - after < 0.01,
        "{loss} {after}"
    );
}
