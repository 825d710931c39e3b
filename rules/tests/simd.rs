//! The `simd` feature's read-out of a generated play's two sides (wasm only) gives exactly what the
//! scalar read-out gives, on every play of positions from self-play in both rule sets.
//! Run by the test command in the workers' own cargo profile: `cargo test --profile worker
//! --target wasm32-unknown-unknown -p vrhcaby-rules --features simd --test simd`.
#![cfg(all(target_arch = "wasm32", feature = "simd"))]

use vrhcaby_rules::bench::self_play_sample;
use vrhcaby_rules::{PlayGenerator, Rules, BAR, OFF};
use wasm_bindgen_test::wasm_bindgen_test;

#[wasm_bindgen_test]
fn simd_sides_equal_scalar_sides() {
    for rules in [Rules::Vrhcaby, Rules::Standard] {
        let mut gen = PlayGenerator::new();
        let (mut plays, mut hits, mut off) = (0usize, 0usize, 0usize);
        for (pos, side, roll) in self_play_sample(20_000, 7, rules) {
            gen.for_each_after(&pos, side, roll, rules, |after| {
                let (mover, opponent) = after.sides();
                assert_eq!(
                    (mover, opponent),
                    after.sides_scalar(),
                    "{rules:?} {side:?} {roll:?} from {pos:?}"
                );
                plays += 1;
                hits += usize::from(opponent[BAR] > pos.side(!side)[BAR]);
                off += usize::from(opponent[OFF] > 0 || mover[OFF] > 0);
            });
        }
        // The sample reaches the lanes a slip would most likely miss: hits and borne-off checkers.
        assert!(
            plays > 300_000 && hits > 10_000 && off > 10_000,
            "{plays} {hits} {off}"
        );
    }
}
