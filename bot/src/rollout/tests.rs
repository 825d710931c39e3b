//! Rollouts: exact where the result is known, the same per seed, unbiased against the exact
//! bear-off table, and training that moves the net towards its labels.

use vrhcaby_rules::bench::self_play_sample;
use vrhcaby_rules::Setup;

use crate::train::train_on;

use super::*;

fn pos(white: [u8; 26], black: [u8; 26]) -> Position {
    Position::from_setup(&Setup {
        white: white.iter().map(|&n| i64::from(n)).collect(),
        black: black.iter().map(|&n| i64::from(n)).collect(),
    })
    .expect("a legal position")
}

/// `n` positions of seeded house-rules self-play, each with its side on roll.
fn positions(n: usize, seed: u64) -> Vec<(Position, Side)> {
    self_play_sample(n, seed, Rules::Vrhcaby)
        .into_iter()
        .map(|(p, s, _)| (p, s))
        .collect()
}

fn ev() -> Evaluator {
    Evaluator::builtin().expect("built-in weights")
}

#[test]
fn a_finished_game_is_its_result_and_a_home_race_ends_at_once_at_the_table() {
    let ev = ev();
    let mut roller = Roller::new();
    let plan = Plan {
        trials: 36,
        truncate: 0,
    };
    // White has borne off all 15; Black none, one on White's home board: a backgammon.
    let mut w = [0u8; 26];
    w[0] = 15;
    let mut b = [0u8; 26];
    b[6] = 14;
    b[20] = 1;
    let done = pos(w, b);
    let e = roller.rollout(&ev, &done, Side::Black, Rules::Standard, plan, 1);
    assert_eq!(e, Estimate::finished(&done, Side::Black).unwrap());
    assert_eq!((e.win, e.lose_gammon, e.lose_backgammon), (0.0, 1.0, 1.0));
}

#[test]
fn the_same_seed_gives_the_same_label_and_another_seed_another() {
    let ev = ev();
    let sample = positions(40, 3);
    // Truncated, so that a debug build runs it quickly; the seeds are what is under test.
    let plan = Plan {
        trials: 12,
        truncate: 6,
    };
    let a = label(&ev, Rules::Vrhcaby, &sample, plan, 77);
    let b = label(&ev, Rules::Vrhcaby, &sample, plan, 77);
    assert_eq!(a, b);
    // Labelling a part alone gives the same labels (each position's seed is its own).
    let part = label(&ev, Rules::Vrhcaby, &sample[10..20], plan, 87);
    assert_eq!(&a[10..20], &part[..]);
    let c = label(&ev, Rules::Vrhcaby, &sample, plan, 78);
    assert_ne!(a, c);
    for (_, _, o) in &a {
        assert!(o.iter().all(|v| (0.0..=1.0).contains(v)), "{o:?}");
    }
}

#[test]
fn a_race_a_roll_from_the_table_rolls_out_to_the_mean_over_the_36_first_rolls() {
    // White: a checker on its 7 and one on its 3 (any roll brings the 7 home); Black: ten
    // checkers home. Truncated after one ply, 36 trials are the 36 first rolls once each: the rollout is
    // the mean over them of the table's value after the net's play (or the net's, where a
    // checker stayed out), seen from White.
    let ev = ev();
    let mut w = [0u8; 26];
    w[0] = 13;
    w[7] = 1;
    w[3] = 1;
    let mut b = [0u8; 26];
    b[0] = 5;
    b[1..=6].copy_from_slice(&[2, 2, 2, 2, 1, 1]);
    let p = pos(w, b);
    let plan = Plan {
        trials: 36,
        truncate: 1,
    };
    let got = Roller::new().rollout(&ev, &p, Side::White, Rules::Vrhcaby, plan, 5);
    let mut from_table = 0;
    let mut gen = PlayGenerator::new();
    let mut scratch = EvalScratch::default();
    let mut want = 0.0f64;
    for i in 0..36 {
        let (after, _) = best_play(
            &ev,
            &mut gen,
            &mut scratch,
            &p,
            Side::White,
            roll36(i),
            Rules::Vrhcaby,
            0.0,
            &mut SplitMix64::new(0),
        );
        let e = match Estimate::finished(&after, Side::Black)
            .or_else(|| bearoff::race_estimate(&after, Side::Black))
        {
            Some(e) => {
                from_table += 1;
                e
            }
            None => ev.evaluate(&after, Side::Black, &mut scratch),
        };
        want += f64::from(e.flip().win) / 36.0;
    }
    assert_eq!(from_table, 36, "every roll brings the last checker home");
    assert!(
        (f64::from(got.win) - want).abs() < 1e-5,
        "{} {want}",
        got.win
    );
}

#[test]
fn truncated_trials_stop_at_the_net_and_training_moves_the_net_towards_its_labels() {
    let ev0 = ev();
    let sample = positions(200, 9);
    let plan = Plan {
        trials: 36,
        truncate: 2,
    };
    let labelled = label(&ev0, Rules::Vrhcaby, &sample, plan, 1);
    let mut ev = ev0.clone();
    let errors = train_on(&mut ev, &labelled, 4, 0.05, &mut SplitMix64::new(2));
    assert_eq!(errors.len(), 4);
    assert!(errors[3] < errors[0], "{errors:?}");
    assert_ne!(ev, ev0);
}

#[test]
fn the_most_disputed_positions_are_kept_in_the_pools_order() {
    let ev = ev();
    let pool = positions(6, 5);
    let mut searcher = Searcher::new();
    let disputes: Vec<f32> = pool
        .iter()
        .map(|(p, s)| dispute(&mut searcher, &ev, p, *s, Rules::Vrhcaby))
        .collect();
    assert!(disputes.iter().all(|d| d.is_finite() && *d >= 0.0));
    // The judges do disagree somewhere, or the choice would be no choice.
    assert!(disputes.iter().any(|&d| d > 0.001), "{disputes:?}");
    let (kept, kept_mean, pool_mean) = most_disputed(&ev, Rules::Vrhcaby, &pool, 3);
    assert_eq!(kept.len(), 3);
    // Which were kept, by their place in the pool (the sample has no repeats).
    let at: Vec<usize> = kept
        .iter()
        .map(|k| pool.iter().position(|p| p == k).expect("from the pool"))
        .collect();
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "the pool's order: {at:?}"
    );
    let least_kept = at
        .iter()
        .map(|&i| disputes[i])
        .fold(f32::INFINITY, f32::min);
    for (i, &d) in disputes.iter().enumerate() {
        if !at.contains(&i) {
            assert!(d <= least_kept, "{i}: {d} dropped, {least_kept} kept");
        }
    }
    let mean = at.iter().map(|&i| disputes[i]).sum::<f32>() / 3.0;
    assert!((kept_mean - mean).abs() < 1e-6);
    assert!(kept_mean >= pool_mean);
    // Keeping more than the pool keeps it all.
    assert_eq!(
        most_disputed(&ev, Rules::Vrhcaby, &pool[..2], 9).0,
        &pool[..2]
    );
}

#[test]
fn labels_by_search_are_the_look_aheads_estimates() {
    let ev = ev();
    let sample = positions(4, 9);
    let one = label_by_search(&ev, Rules::Vrhcaby, &sample, 1);
    let zero = label_by_search(&ev, Rules::Vrhcaby, &sample, 0);
    let mut searcher = Searcher::new();
    let mut scratch = EvalScratch::default();
    for (k, &(p, s)) in sample.iter().enumerate() {
        assert_eq!((one[k].0, one[k].1), (p, s));
        let e = searcher.on_roll(&ev, &p, s, 1, Rules::Vrhcaby);
        assert_eq!(one[k].2, e.outputs());
        assert_eq!(zero[k].2, ev.evaluate(&p, s, &mut scratch).outputs());
    }
    // The look-ahead is not the net: somewhere in the sample the 1-ply label differs.
    assert!(one.iter().zip(&zero).any(|(a, b)| a.2 != b.2));
}
