//! The dice from two secrets are fair: every ordered outcome about equally often, the lot balanced.

mod common;

use common::secret;
use vrhcaby_p2p::{
    commitment, dice_from_secrets, dice_pair_from_secrets, from_hex32, lot_from_secrets, to_hex,
};
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Roll, Side};

/// The p = 0.001 critical value of chi-square with 35 degrees of freedom.
const CHI2_35_P001: f64 = 66.62;

#[test]
fn ordered_outcomes_are_uniform() {
    let mut rng = SplitMix64::new(0x5EED);
    let n = 100_000u32;
    let mut cells = [0u32; 36];
    for roll in 0..n {
        let (w, b) = (secret(&mut rng), secret(&mut rng));
        let [a, c] = dice_pair_from_secrets("dist", roll + 1, &w, &b);
        cells[usize::from(a.value() - 1) * 6 + usize::from(c.value() - 1)] += 1;
        if roll < 100 {
            assert_eq!(dice_from_secrets("dist", roll + 1, &w, &b), Roll::new(a, c));
        }
    }
    assert!(
        cells.iter().all(|&c| c > 0),
        "every ordered outcome appears"
    );
    let expected = f64::from(n) / 36.0;
    let chi2: f64 = cells
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum();
    assert!(
        chi2 < CHI2_35_P001,
        "chi-square {chi2:.2} ≥ {CHI2_35_P001}: {cells:?}"
    );
}

#[test]
fn the_lot_is_balanced() {
    let mut rng = SplitMix64::new(42);
    let n = 100_000u32;
    let white = (0..n)
        .filter(|_| {
            let (w, b) = (secret(&mut rng), secret(&mut rng));
            lot_from_secrets("lot", &w, &b) == Side::White
        })
        .count();
    // Binomial(n, 1/2): mean n/2, sd = sqrt(n)/2 ≈ 158; allow 4 sd (p ≈ 6e-5).
    let sd = f64::from(n).sqrt() / 2.0;
    let off = (white as f64 - f64::from(n) / 2.0).abs();
    assert!(off < 4.0 * sd, "White won {white} of {n} lots");
}

#[test]
fn both_secrets_and_the_context_matter() {
    let (w, b) = ([1u8; 32], [2u8; 32]);
    let base = dice_pair_from_secrets("g", 1, &w, &b);
    let mut differs = [false; 4];
    for k in 0..64u8 {
        let mut w2 = w;
        w2[usize::from(k % 32)] ^= k | 1;
        differs[0] |= dice_pair_from_secrets("g", 1, &w2, &b) != base;
        let mut b2 = b;
        b2[usize::from(k % 32)] ^= k | 1;
        differs[1] |= dice_pair_from_secrets("g", 1, &w, &b2) != base;
        differs[2] |= dice_pair_from_secrets("g", 1 + u32::from(k) + 1, &w, &b) != base;
        differs[3] |= dice_pair_from_secrets(&format!("g{k}"), 1, &w, &b) != base;
    }
    assert_eq!(differs, [true; 4]);
    // Deterministic.
    assert_eq!(dice_pair_from_secrets("g", 1, &w, &b), base);
}

#[test]
fn commitments_bind_everything() {
    let s = [5u8; 32];
    let c = commitment("g", 2, Side::White, &s);
    assert_ne!(c, commitment("g", 2, Side::Black, &s));
    assert_ne!(c, commitment("g", 3, Side::White, &s));
    assert_ne!(c, commitment("h", 2, Side::White, &s));
    let mut s2 = s;
    s2[31] ^= 1;
    assert_ne!(c, commitment("g", 2, Side::White, &s2));
    assert_eq!(from_hex32(&to_hex(&c)), Some(c));
    assert_eq!(from_hex32(&to_hex(&c).to_uppercase()), Some(c));
    assert_eq!(from_hex32("00"), None);
}
