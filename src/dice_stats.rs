//! The dice statistics of "My games": over the games kept on this device, how often each player's
//! rolls were doubles and showed each face, against fair dice's shares, with a chi-square test of
//! each said in plain words on the history screen.
//!
//! Whose rolls: the player's own (against the computer and friends on another device), each
//! opponent's (the computer at each level, friends on another device — a friend has no identity
//! kept, so all such games are one opponent), and both sides of the games played on one device.
//! Every roll a turn was played with counts (the move list's rolls, `notation::move_list`: the
//! standard opening's two dice are the starter's first roll); the house rules' single-die throws
//! for the first turn are not rolls and do not count.

use vrhcaby_rules::notation::move_list;
use vrhcaby_rules::Record;

use crate::history::Played;

/// Whose rolls a tally counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whose {
    /// The player on this device, against the computer or a friend on another device.
    Me,
    /// The computer at this level (`ai::Level`'s name).
    Computer(String),
    /// Friends on another device.
    Friend,
    /// Both sides of the games played on this one device.
    HotSeat,
}

/// Rolls counted: how many, how many doubles, and each face (both dice of every roll).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub rolls: u32,
    pub doubles: u32,
    pub faces: [u32; 6],
}

impl Tally {
    fn add(&mut self, high: u8, low: u8) {
        self.rolls += 1;
        if high == low {
            self.doubles += 1;
        }
        for v in [high, low] {
            if let Some(f) = self.faces.get_mut(usize::from(v).wrapping_sub(1)) {
                *f += 1;
            }
        }
    }

    /// The faces against fair dice's one sixth each: Pearson's chi-square with 5 degrees of
    /// freedom; `None` while a face is expected fewer than five times (the test says nothing then).
    #[must_use]
    pub fn faces_test(&self) -> Option<Test> {
        let dice = f64::from(self.rolls) * 2.0;
        let expected = dice / 6.0;
        if expected < 5.0 {
            return None;
        }
        let chi2 = self
            .faces
            .iter()
            .map(|&n| (f64::from(n) - expected).powi(2) / expected)
            .sum();
        Some(Test {
            chi2,
            p: chi2_upper_5(chi2),
        })
    }

    /// Doubles against fair dice's one roll in six: chi-square with 1 degree of freedom; `None`
    /// while fewer than five doubles are expected.
    #[must_use]
    pub fn doubles_test(&self) -> Option<Test> {
        let n = f64::from(self.rolls);
        let (e_double, e_other) = (n / 6.0, n * 5.0 / 6.0);
        if e_double < 5.0 {
            return None;
        }
        let d = f64::from(self.doubles);
        let chi2 = (d - e_double).powi(2) / e_double + ((n - d) - e_other).powi(2) / e_other;
        Some(Test {
            chi2,
            p: chi2_upper_1(chi2),
        })
    }

    /// The share of rolls that were doubles.
    #[must_use]
    pub fn doubles_share(&self) -> f64 {
        if self.rolls == 0 {
            0.0
        } else {
            f64::from(self.doubles) / f64::from(self.rolls)
        }
    }
}

/// A chi-square test's statistic and its p-value: the chance that fair dice give counts at least
/// this far from their expected shares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Test {
    pub chi2: f64,
    pub p: f64,
}

/// A test's outcome in words' terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Too few rolls for the test to say anything.
    TooFew,
    /// Fair dice give counts like these often (p ≥ 0.05).
    Usual,
    /// Fair dice give counts this uneven in fewer than 1 of 20 samples (0.001 ≤ p < 0.05):
    /// among many players' statistics some will be, by chance alone.
    Unusual,
    /// In fewer than 1 of 1,000 samples.
    VeryUnusual,
}

impl Verdict {
    #[must_use]
    pub fn of(test: Option<Test>) -> Verdict {
        match test {
            None => Verdict::TooFew,
            Some(t) if t.p < 0.001 => Verdict::VeryUnusual,
            Some(t) if t.p < 0.05 => Verdict::Unusual,
            Some(_) => Verdict::Usual,
        }
    }
}

/// The tallies of `games`: the player's own first, then each opponent in the order first met,
/// then the games on one device; only those with a roll.
#[must_use]
pub fn tallies(games: &[Played]) -> Vec<(Whose, Tally)> {
    let mut out: Vec<(Whose, Tally)> = vec![(Whose::Me, Tally::default())];
    let at = |out: &mut Vec<(Whose, Tally)>, who: Whose| -> usize {
        if let Some(i) = out.iter().position(|(w, _)| *w == who) {
            return i;
        }
        out.push((who, Tally::default()));
        out.len() - 1
    };
    for g in games {
        let Ok(record) = Record::from_json(&g.record) else {
            continue;
        };
        let turns = move_list(&record).unwrap_or_default();
        let opponent = match (g.kind.as_str(), g.me) {
            ("bot", Some(_)) => Whose::Computer(g.level.clone().unwrap_or_default()),
            ("peer", Some(_)) => Whose::Friend,
            _ => Whose::HotSeat,
        };
        for t in turns {
            let who = match g.me {
                Some(me) if opponent != Whose::HotSeat && t.side == me => Whose::Me,
                _ => opponent.clone(),
            };
            let i = at(&mut out, who);
            out[i].1.add(t.roll.high().value(), t.roll.low().value());
        }
    }
    // The hot-seat games last.
    out.sort_by_key(|(w, _)| *w == Whose::HotSeat);
    out.retain(|(_, t)| t.rolls > 0);
    out
}

/// The upper tail of chi-square with 1 degree of freedom.
#[must_use]
pub fn chi2_upper_1(x: f64) -> f64 {
    chi2_upper(1, x)
}

/// The upper tail of chi-square with 5 degrees of freedom.
#[must_use]
pub fn chi2_upper_5(x: f64) -> f64 {
    chi2_upper(5, x)
}

/// The upper tail of chi-square with `k` degrees of freedom at `x`: one minus the regularized
/// lower incomplete gamma function `P(k/2, x/2)`, by its power series
/// `P(a, y) = yᵃ·e⁻ʸ/Γ(a+1) · Σₙ yⁿ/((a+1)…(a+n))`. Beyond `x = 200` the tail is below 10⁻⁴⁰
/// and is taken as 0; the series' error (about 10⁻¹⁶ absolute) is far below the 0.001 the
/// verdicts look at.
fn chi2_upper(k: u32, x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return 1.0;
    }
    if x > 200.0 {
        return 0.0;
    }
    let a = f64::from(k) / 2.0;
    let y = x / 2.0;
    let (mut term, mut sum, mut n) = (1.0_f64, 1.0_f64, 1.0_f64);
    while term > sum * 1e-17 && n < 10_000.0 {
        term *= y / (a + n);
        sum += term;
        n += 1.0;
    }
    let lower = (a * y.ln() - y - ln_gamma_half(k + 2)).exp() * sum;
    (1.0 - lower).clamp(0.0, 1.0)
}

/// `ln Γ(m/2)` for a whole `m ≥ 1`: Γ(1/2) = √π, Γ(1) = 1 and Γ(z+1) = z·Γ(z).
fn ln_gamma_half(m: u32) -> f64 {
    let (mut z, mut ln) = if m % 2 == 1 {
        (0.5, 0.5 * std::f64::consts::PI.ln())
    } else {
        (1.0, 0.0)
    };
    while z < f64::from(m) / 2.0 {
        ln += z.ln();
        z += 1.0;
    }
    ln
}

#[cfg(test)]
mod tests;
