//! Shared time between two devices whose clocks differ: each estimates the other's offset from
//! the heartbeats (NTP-style) and stamps acts with the midpoint of the two clocks, so both
//! devices' stamps of one instant agree to within the estimate's error (half a round trip at
//! worst, far less with the least-delayed of several samples).

use vrhcaby_rules::Millis;

/// The largest clock difference taken from the other device (10 minutes): a peer cannot move
/// this device's shared time by more than half of it.
pub const MAX_OFFSET_MS: i64 = 10 * 60 * 1000;
/// Samples with a round trip longer than this are ignored.
const MAX_DELAY_MS: i64 = 10_000;
const SAMPLES: usize = 8;
/// Round trips kept for bounding a message's delay (about a minute of heartbeats).
const RECENT: usize = 64;
/// Allowance for the two clocks drifting apart between samples.
const DRIFT_MS: i64 = 250;

/// The estimate of `peer clock − our clock` from recent heartbeats.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockSync {
    /// (round-trip delay, offset) of the last samples; the least-delayed one is the estimate.
    samples: Vec<(i64, i64)>,
    offset: i64,
    ready: bool,
    /// The least-delayed sample ever taken (delay, offset): every later sample must agree with
    /// it within its own half round trip (and the drift), whatever round trip a later sample
    /// claims, so forged heartbeats cannot walk the estimate step by step.
    anchor: Option<(i64, i64)>,
    /// The round trips of the last `RECENT` heartbeats (used or not), to bound how long a
    /// message of the other device may take.
    recent: Vec<i64>,
}

impl ClockSync {
    /// A saved estimate (ready at once if it was: a reloaded page stamps as before).
    #[must_use]
    pub fn restored(offset: i64, ready: bool) -> ClockSync {
        ClockSync {
            samples: Vec::new(),
            offset: offset.clamp(-MAX_OFFSET_MS, MAX_OFFSET_MS),
            ready,
            anchor: None,
            recent: Vec::new(),
        }
    }

    /// Whether an estimate exists (acts wait for it, so the first stamps are already shared).
    #[must_use]
    pub fn ready(&self) -> bool {
        self.ready
    }

    /// How far off the estimate may be: half the round trip of the sample it comes from
    /// (before any sample, and after a reload, a full second).
    #[must_use]
    pub fn uncertainty(&self) -> Millis {
        let best = self.samples.iter().map(|&(d, _)| d).min().unwrap_or(2_000);
        u64::try_from(best / 2).unwrap_or(0)
    }

    /// The longest round trip of the last heartbeats (`None` before any): a message of the
    /// other device made while the link was up takes no longer than this to come.
    #[must_use]
    pub fn max_round_trip(&self) -> Option<Millis> {
        self.recent
            .iter()
            .max()
            .map(|&d| u64::try_from(d).unwrap_or(0))
    }

    /// `peer − ours`, in ms.
    #[must_use]
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// Shared time at our clock's `now`: the midpoint of the two clocks.
    #[must_use]
    pub fn shared(&self, now: Millis) -> Millis {
        let t = i64::try_from(now).unwrap_or(i64::MAX);
        u64::try_from(t.saturating_add(self.offset.div_euclid(2))).unwrap_or(0)
    }

    /// Shared time of a stamp `t` of the peer's clock.
    #[must_use]
    pub fn shared_of_peer(&self, t: Millis) -> Millis {
        let t = i64::try_from(t).unwrap_or(i64::MAX);
        let ours = t.saturating_sub(self.offset);
        u64::try_from(ours.saturating_add(self.offset.div_euclid(2))).unwrap_or(0)
    }

    /// One exchange: we sent at `t1` (our clock), the peer received it at `t3 − held` and sent
    /// its answer at `t3` (its clock), we received that at `t4`. Returns whether it was used.
    pub fn sample(&mut self, t1: Millis, held: Millis, t3: Millis, t4: Millis) -> bool {
        let (Ok(t1), Ok(held), Ok(t3), Ok(t4)) = (
            i64::try_from(t1),
            i64::try_from(held),
            i64::try_from(t3),
            i64::try_from(t4),
        ) else {
            return false;
        };
        let t2 = t3.saturating_sub(held);
        let delay = t4.saturating_sub(t1).saturating_sub(held);
        if !(0..=MAX_DELAY_MS).contains(&delay) || t1 > t4 {
            return false;
        }
        if self.recent.len() == RECENT {
            self.recent.remove(0);
        }
        self.recent.push(delay);
        let offset = t2.saturating_sub(t1).saturating_add(t3.saturating_sub(t4)) / 2;
        if offset.abs() > MAX_OFFSET_MS {
            return false;
        }
        // Once synchronised, a sample must agree with the estimate and with the best sample
        // ever taken within *their* uncertainty (not the new sample's claimed round trip: a
        // forged heartbeat claiming a long round trip would otherwise widen its own
        // tolerance, and 28 of them walk the shared time by a minute and a half). Honest
        // samples always agree (the true offset lies within the best sample's half round trip).
        if self.ready {
            let allowed = i64::try_from(self.uncertainty()).unwrap_or(0) + DRIFT_MS;
            if (offset - self.offset).abs() > allowed {
                return false;
            }
            if let Some((d, o)) = self.anchor {
                if (offset - o).abs() > d / 2 + DRIFT_MS {
                    return false;
                }
            }
        }
        if self.anchor.is_none_or(|(d, _)| delay < d) {
            self.anchor = Some((delay, offset));
        }
        if self.samples.len() == SAMPLES {
            self.samples.remove(0);
        }
        self.samples.push((delay, offset));
        if let Some(&(_, best)) = self.samples.iter().min_by_key(|(d, _)| *d) {
            self.offset = best;
        }
        self.ready = true;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_devices_agree_on_shared_time() {
        // The peer's clock is 2 minutes and 7 ms ahead; 40 ms each way.
        let skew: u64 = 120_007;
        let mut a = ClockSync::default();
        let mut b = ClockSync::default();
        // a sends at 1000 (a's clock), b gets it at 1040 + skew, answers at 1050 + skew,
        // a gets it at 1090.
        assert!(a.sample(1_000, 10, 1_050 + skew, 1_090));
        assert!(b.sample(2_000 + skew, 10, 2_050, 2_090 + skew));
        assert_eq!(a.offset(), 120_007);
        assert_eq!(b.offset(), -120_007);
        assert_eq!(a.shared(5_000), b.shared(5_000 + skew));
        assert_eq!(a.shared_of_peer(5_000 + skew), a.shared(5_000));
    }

    #[test]
    fn a_forged_sample_cannot_move_shared_time() {
        let mut a = ClockSync::default();
        assert!(a.sample(1_000, 10, 1_050, 1_090));
        let before = a.shared(10_000);
        // A heartbeat claiming the peer's clock is 4 minutes ahead, with a small delay.
        assert!(!a.sample(2_000, 10, 2_050 + 240_000, 2_090));
        assert_eq!(a.shared(10_000), before);
        // An honest later sample within the uncertainty is taken.
        assert!(a.sample(3_000, 10, 3_045, 3_080));
    }

    #[test]
    fn nonsense_samples_are_ignored() {
        let mut a = ClockSync::default();
        // Found by fuzzing: a stamp near the end of time overflowed the offset's sum.
        assert!(!a.sample(1_000_000, 0, i64::MAX as u64, 1_000_010));
        assert!(!a.sample(1_000, 0, 5, 900), "an answer before the question");
        assert!(!a.sample(1_000, 0, 1_000 + 3_600_000, 1_100), "an hour off");
        assert!(!a.ready());
    }
}
