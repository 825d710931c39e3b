//! A one-hidden-layer net: sparse inputs, sigmoid hidden units, five sigmoid outputs.
//!
//! The outputs, for the side about to roll: win, win a gammon, win a backgammon, lose a gammon,
//! lose a backgammon (gammons include backgammons). The house rules use only the first.

use std::sync::OnceLock;

use crate::inputs::Inputs;

#[cfg(all(target_arch = "wasm32", feature = "simd"))]
mod simd;

/// Outputs of every net.
pub const OUTPUTS: usize = 5;

/// The sigmoid from a table with linear interpolation over [−SIG_RANGE, SIG_RANGE].
const SIG_RANGE: f32 = 16.0;
const SIG_STEPS: usize = 4096;

fn sigmoid_table() -> &'static [f32] {
    static TABLE: OnceLock<Vec<f32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..=SIG_STEPS + 1)
            .map(|i| {
                let x = -SIG_RANGE + 2.0 * SIG_RANGE * i as f32 / SIG_STEPS as f32;
                1.0 / (1.0 + (-x).exp())
            })
            .collect()
    })
}

/// 1 / (1 + e^−x), from the table (error below 1e-5).
#[inline]
#[must_use]
pub fn sigmoid(x: f32) -> f32 {
    let t = sigmoid_table();
    let pos = ((x.clamp(-SIG_RANGE, SIG_RANGE) + SIG_RANGE)
        * (SIG_STEPS as f32 / (2.0 * SIG_RANGE)))
        .max(0.0);
    let i = (pos as usize).min(SIG_STEPS);
    let frac = pos - i as f32;
    t[i] + (t[i + 1] - t[i]) * frac
}

/// The dot product of `w` and `h` in four interleaved sums (element `j` into sum `j mod 4`, in
/// order), added as (s0 + s1) + (s2 + s3): the order the SIMD pass keeps lane by lane, so both
/// give the same bits.
#[inline]
fn dot(w: &[f32], h: &[f32]) -> f32 {
    let mut s = [0.0f32; 4];
    for (j, (a, b)) in w.iter().zip(h).enumerate() {
        s[j % 4] += a * b;
    }
    (s[0] + s[1]) + (s[2] + s[3])
}

/// The weights of one net, as f32.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    pub inputs: usize,
    pub hidden: usize,
    /// `inputs × hidden`, one row per input (so a sparse input adds one row).
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// `OUTPUTS × hidden`.
    pub w2: Vec<f32>,
    pub b2: Vec<f32>,
    /// `w1`, `b1` and `w2` for the SIMD pass (wasm with `simd` only; emptied by `train`, after
    /// which the scalar pass runs).
    #[cfg(all(target_arch = "wasm32", feature = "simd"))]
    lanes: simd::Lanes,
}

/// Scratch space for a forward pass (hidden activations).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    pub hidden: Vec<f32>,
}

impl Net {
    /// Small random weights from `next` (uniform in −1..1 scaled per layer).
    pub fn random(inputs: usize, hidden: usize, mut next: impl FnMut() -> f32) -> Net {
        let s1 = 0.5 / (inputs as f32).sqrt() * 4.0;
        let s2 = 1.0 / (hidden as f32).sqrt();
        let w1 = (0..inputs * hidden).map(|_| next() * s1).collect();
        let w2 = (0..OUTPUTS * hidden).map(|_| next() * s2).collect();
        Net::new(
            inputs,
            hidden,
            w1,
            vec![0.0; hidden],
            w2,
            vec![0.0; OUTPUTS],
        )
    }

    /// A net of these weights (`w1`: `inputs × hidden`, `w2`: `OUTPUTS × hidden`).
    #[must_use]
    pub fn new(
        inputs: usize,
        hidden: usize,
        w1: Vec<f32>,
        b1: Vec<f32>,
        w2: Vec<f32>,
        b2: Vec<f32>,
    ) -> Net {
        Net {
            inputs,
            hidden,
            #[cfg(all(target_arch = "wasm32", feature = "simd"))]
            lanes: simd::Lanes::new(&w1, &b1, &w2, hidden),
            w1,
            b1,
            w2,
            b2,
        }
    }

    /// The outputs for `x`; the hidden activations stay in `scratch`.
    pub fn forward(&self, x: &Inputs, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        let h = &mut scratch.hidden;
        h.clear();
        #[cfg(all(target_arch = "wasm32", feature = "simd"))]
        if self.lanes.ready(self.hidden) {
            return self.lanes.forward(x, self.hidden, &self.b2, h);
        }
        h.extend_from_slice(&self.b1);
        for (i, v) in x.iter() {
            let row = &self.w1[i * self.hidden..(i + 1) * self.hidden];
            for (a, w) in h.iter_mut().zip(row) {
                *a += v * w;
            }
        }
        for a in h.iter_mut() {
            *a = sigmoid(*a);
        }
        let mut out = [0.0f32; OUTPUTS];
        for (k, o) in out.iter_mut().enumerate() {
            let row = &self.w2[k * self.hidden..(k + 1) * self.hidden];
            *o = sigmoid(dot(row, h) + self.b2[k]);
        }
        out
    }

    /// One gradient step of the cross-entropy loss towards `target` (each output a probability);
    /// `alpha` is the learning rate. Returns the outputs before the step.
    pub fn train(
        &mut self,
        x: &Inputs,
        target: &[f32; OUTPUTS],
        alpha: f32,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        let out = self.forward(x, scratch);
        #[cfg(all(target_arch = "wasm32", feature = "simd"))]
        {
            self.lanes = simd::Lanes::default();
        }
        let h = &scratch.hidden;
        let hidden = self.hidden;
        let mut dh = vec![0.0f32; hidden];
        for k in 0..OUTPUTS {
            // d(cross-entropy)/d(pre-activation) of a sigmoid output is (target − out).
            let d = target[k] - out[k];
            if d == 0.0 {
                continue;
            }
            let row = &mut self.w2[k * hidden..(k + 1) * hidden];
            for j in 0..hidden {
                dh[j] += d * row[j];
                row[j] += alpha * d * h[j];
            }
            self.b2[k] += alpha * d;
        }
        for j in 0..hidden {
            dh[j] *= h[j] * (1.0 - h[j]) * alpha;
            self.b1[j] += dh[j];
        }
        for (i, v) in x.iter() {
            let row = &mut self.w1[i * hidden..(i + 1) * hidden];
            for (w, d) in row.iter_mut().zip(&dh) {
                *w += v * d;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_sigmoid_is_close() {
        for i in -400..=400 {
            let x = i as f32 / 20.0;
            let exact = 1.0 / (1.0 + (-x).exp());
            assert!((sigmoid(x) - exact).abs() < 1e-5, "{x}");
        }
        assert!(sigmoid(1e9) <= 1.0 && sigmoid(-1e9) >= 0.0);
        assert!(sigmoid(f32::NAN).is_finite());
    }
}
