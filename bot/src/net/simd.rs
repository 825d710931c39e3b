//! The net's forward pass with wasm's 128-bit SIMD (four f32 lanes at once): compiled only for
//! wasm with the `simd` feature, the Web Worker the page loads where the browser validates SIMD
//! (`src/drivers/bot.rs`); every other build runs the scalar pass in `Net::forward`.
//!
//! Each lane adds the same products in the same order as the scalar pass (a hidden unit: its bias,
//! then each input's weight times its value, input by input; an output: the four interleaved sums
//! of `net::dot`, then its bias), a multiply then an add, never fused; so both give the same bits
//! and the same play on every device.

use core::arch::wasm32::{f32x4, f32x4_add, f32x4_extract_lane, f32x4_mul, f32x4_splat, v128};

use super::{sigmoid, OUTPUTS};
use crate::inputs::Inputs;

/// Hidden-layer accumulators kept in registers at once: 8 vectors, 32 units.
const BLOCK: usize = 8;
/// The widest hidden layer this pass takes (a wider one runs the scalar pass): 64 vectors.
const MAX_WIDTH: usize = 64;

/// `w1`, `b1` and `w2` as vectors of four lanes, each row padded with zeros to whole vectors.
/// Built from the net's own weights, so it needs no equality of its own: the net's is theirs.
#[derive(Clone, Debug, Default)]
pub struct Lanes {
    w1: Vec<v128>,
    b1: Vec<v128>,
    w2: Vec<v128>,
    /// Vectors per row.
    width: usize,
}

impl PartialEq for Lanes {
    fn eq(&self, _: &Lanes) -> bool {
        true
    }
}

fn vectors(row: &[f32]) -> impl Iterator<Item = v128> + '_ {
    row.chunks(4).map(|c| {
        let at = |k: usize| c.get(k).copied().unwrap_or(0.0);
        f32x4(at(0), at(1), at(2), at(3))
    })
}

fn lanes(v: v128) -> [f32; 4] {
    [
        f32x4_extract_lane::<0>(v),
        f32x4_extract_lane::<1>(v),
        f32x4_extract_lane::<2>(v),
        f32x4_extract_lane::<3>(v),
    ]
}

impl Lanes {
    pub fn new(w1: &[f32], b1: &[f32], w2: &[f32], hidden: usize) -> Lanes {
        let width = hidden.div_ceil(4);
        if hidden == 0 || width > MAX_WIDTH {
            return Lanes::default();
        }
        Lanes {
            w1: w1.chunks(hidden).flat_map(vectors).collect(),
            b1: vectors(b1).collect(),
            w2: w2.chunks(hidden).flat_map(vectors).collect(),
            width,
        }
    }

    /// Whether these lanes are the net's (empty once training changed the weights).
    pub fn ready(&self, hidden: usize) -> bool {
        self.width > 0 && self.width == hidden.div_ceil(4)
    }

    /// `Net::forward` for a net of `hidden` units and output biases `b2`; the activations go to `h`.
    #[target_feature(enable = "simd128")]
    pub fn forward(
        &self,
        x: &Inputs,
        hidden: usize,
        b2: &[f32],
        h: &mut Vec<f32>,
    ) -> [f32; OUTPUTS] {
        let width = self.width;
        let mut act = [f32x4_splat(0.0); MAX_WIDTH];
        for start in (0..width).step_by(BLOCK) {
            let n = BLOCK.min(width - start);
            let mut acc = [f32x4_splat(0.0); BLOCK];
            acc[..n].copy_from_slice(&self.b1[start..start + n]);
            for (i, v) in x.iter() {
                let v = f32x4_splat(v);
                let row = &self.w1[i * width + start..i * width + start + n];
                for (a, w) in acc.iter_mut().zip(row) {
                    *a = f32x4_add(*a, f32x4_mul(v, *w));
                }
            }
            for (a, out) in acc[..n].iter().zip(&mut act[start..]) {
                let s = lanes(*a).map(sigmoid);
                *out = f32x4(s[0], s[1], s[2], s[3]);
                let left = hidden - h.len();
                h.extend_from_slice(&s[..left.min(4)]);
            }
        }
        let mut out = [0.0f32; OUTPUTS];
        for ((o, row), b) in out.iter_mut().zip(self.w2.chunks(width)).zip(b2) {
            let mut s = f32x4_splat(0.0);
            for (w, a) in row.iter().zip(&act[..width]) {
                s = f32x4_add(s, f32x4_mul(*w, *a));
            }
            let s = lanes(s);
            *o = sigmoid((s[0] + s[1]) + (s[2] + s[3]) + b);
        }
        out
    }
}
