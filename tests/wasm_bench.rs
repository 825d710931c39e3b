//! The move-generation benchmark compiled to wasm and run in headless Chromium (not part of the
//! test command; run it with `./scripts/bench.sh`). It prints the same figures as the native
//! `vrhcaby bench` and checks that wasm enumerates exactly the same plays.
#![cfg(target_arch = "wasm32")]

use vrhcaby_rules::bench::{enumerate_all, self_play_sample};
use vrhcaby_rules::{PlayGenerator, Rules};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

#[wasm_bindgen_test]
fn wasm_move_generation_speed() {
    const SAMPLES: usize = 100_000;
    const RUNS: usize = 7;
    for rules in [Rules::Standard, Rules::Vrhcaby] {
        let sample = self_play_sample(SAMPLES, 2026, rules);
        let mut gen = PlayGenerator::new();
        let total = enumerate_all(&mut gen, &sample, rules);
        let mut ns: Vec<f64> = (0..RUNS)
            .map(|_| {
                let t0 = now();
                assert_eq!(enumerate_all(&mut gen, &sample, rules), total);
                (now() - t0) * 1e6 / SAMPLES as f64
            })
            .collect();
        ns.sort_by(f64::total_cmp);
        console_log!(
            "wasm {rules:?}: median {:.0} ns/roll (min {:.0}, max {:.0}), {:.2} plays/roll over {SAMPLES} rolls",
            ns[RUNS / 2],
            ns[0],
            ns[RUNS - 1],
            total as f64 / SAMPLES as f64
        );
        // What a search pays to be handed the plays (as `vrhcaby bench --feed`): counting against
        // `for_each_after` with each play's two sides read out, in alternating rounds.
        let (mut count, mut feed) = (Vec::new(), Vec::new());
        for _ in 0..RUNS {
            let t0 = now();
            assert_eq!(enumerate_all(&mut gen, &sample, rules), total);
            count.push((now() - t0) * 1e6 / SAMPLES as f64);
            let t0 = now();
            let mut fed = 0usize;
            for (p, s, r) in &sample {
                gen.for_each_after(p, *s, *r, rules, |after| {
                    std::hint::black_box(after.sides());
                    fed += 1;
                });
            }
            feed.push((now() - t0) * 1e6 / SAMPLES as f64);
            assert_eq!(fed, total);
        }
        count.sort_by(f64::total_cmp);
        feed.sort_by(f64::total_cmp);
        console_log!(
            "wasm {rules:?} feed: count {:.0} ns/roll, for_each_after with sides {:.0} ns/roll, ratio {:.2}",
            count[RUNS / 2],
            feed[RUNS / 2],
            feed[RUNS / 2] / count[RUNS / 2]
        );
    }
}
