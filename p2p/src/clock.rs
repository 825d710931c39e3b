//! Shared time between two devices whose clocks differ: each bounds the other's offset from
//! the heartbeats and stamps acts with the midpoint of the two clocks, so both devices' stamps
//! of one instant agree to within the bounds' half width.
//!
//! The bounds are what **this device measured**: a heartbeat answering ours was made between
//! the moment we sent ours and the moment its answer came (our clock, both ends), so the other
//! clock's offset lies in an interval no wider than that round trip. The other device's claim
//! of how long it held our heartbeat can only narrow the interval, never widen it. The
//! intervals of all heartbeats are intersected (widened by the clocks' drift since): a forged
//! heartbeat can move the estimate only inside what we already measured, and one that falls
//! outside it is a contradiction (refused). The bounds are saved with the game, so a reload
//! keeps them.

use vrhcaby_rules::Millis;

/// The largest clock difference taken from the other device (10 minutes): a peer cannot move
/// this device's shared time by more than half of it.
pub const MAX_OFFSET_MS: i64 = 10 * 60 * 1000;
/// Heartbeats whose round trip (as we measured it) is longer than this are ignored.
const MAX_DELAY_MS: i64 = 10_000;
/// Shared time is used (acts are made and judged) only once the bounds are at most this wide:
/// the estimate is then off by at most half of it ([`MAX_UNCERTAINTY_MS`]).
const READY_WIDTH_MS: i64 = 4_000;
/// The most the estimate can be off once ready: half [`READY_WIDTH_MS`].
pub const MAX_UNCERTAINTY_MS: Millis = READY_WIDTH_MS.unsigned_abs() / 2;
/// Round trips kept for bounding a message's delay (about a minute of heartbeats).
const RECENT: usize = 64;
/// How fast two clocks may drift apart: 1 ms in 2 s (500 ppm, NTP's largest slew), applied to
/// each side of the bounds since they were last narrowed.
const DRIFT_DIVISOR: i64 = 2_000;
/// A little slack on each side for the clocks' millisecond rounding.
const ROUNDING_MS: i64 = 2;

/// What a heartbeat sample did to the bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sample {
    /// Taken: the bounds are its intersection with what we knew.
    Used,
    /// Not a sample (no answer to ours, an answer before the question, a round trip too long,
    /// an offset beyond ±10 minutes): nothing changed.
    Ignored,
    /// Outside what this device measured before: the other clock cannot be both. Refused;
    /// nothing changed.
    Contradiction,
}

/// The bounds of `peer clock − our clock` from the heartbeats, as this device measured them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockSync {
    /// `[lo, hi]` (ms) and when (our clock) they were last narrowed; `None` before any sample.
    bounds: Option<Bounds>,
    /// The offset used for shared time: the bounds' midpoint once ready (a saved estimate
    /// before that after loading a game of an earlier version).
    offset: i64,
    ready: bool,
    /// The delays (round trip less the time the other held our heartbeat) of the last
    /// `RECENT` heartbeats, to bound how long a message of the other device may take.
    recent: Vec<i64>,
    /// When (our clock) we sent our last heartbeats: an answer must echo one of them, so the
    /// round trip is one we timed ourselves (not saved: after a reload, new ones come).
    beats: std::collections::VecDeque<Millis>,
}

/// Our heartbeats remembered for their answers (the other echoes the last one it got).
const BEATS: usize = 16;

/// The saved form of the bounds: `(lo, hi, at)`.
pub type Bounds = (i64, i64, Millis);

impl ClockSync {
    /// A saved estimate: with its bounds (ready at once if they were narrow enough), or, from an
    /// earlier save without them, the offset (ready if it was) until the first sample.
    #[must_use]
    pub fn restored(offset: i64, ready: bool, bounds: Option<Bounds>) -> ClockSync {
        let bounds =
            bounds.filter(|&(lo, hi, _)| lo <= hi && lo >= -MAX_OFFSET_MS && hi <= MAX_OFFSET_MS);
        match bounds {
            Some(b) => {
                let mut c = ClockSync {
                    bounds: Some(b),
                    ..ClockSync::default()
                };
                c.settle();
                c
            }
            None => ClockSync {
                offset: offset.clamp(-MAX_OFFSET_MS, MAX_OFFSET_MS),
                ready,
                ..ClockSync::default()
            },
        }
    }

    /// The bounds to save.
    #[must_use]
    pub fn bounds(&self) -> Option<Bounds> {
        self.bounds
    }

    /// Whether an estimate exists (acts wait for it, so the first stamps are already shared).
    #[must_use]
    pub fn ready(&self) -> bool {
        self.ready
    }

    /// How far off the estimate may be: half the width of the bounds this device measured
    /// (at most [`MAX_UNCERTAINTY_MS`] once ready, and before any bounds).
    #[must_use]
    pub fn uncertainty(&self) -> Millis {
        match self.bounds {
            Some((lo, hi, _)) => u64::try_from((hi - lo + 1) / 2).unwrap_or(0),
            None => MAX_UNCERTAINTY_MS,
        }
    }

    /// The longest delay of the last heartbeats (`None` before any): a message of the other
    /// device made while the link was up takes no longer than this to come.
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

    /// We sent a heartbeat stamped `t` (our clock): its answer may come.
    pub fn sent(&mut self, t: Millis) {
        if self.beats.back().is_some_and(|&b| b >= t) {
            return;
        }
        if self.beats.len() == BEATS {
            self.beats.pop_front();
        }
        self.beats.push_back(t);
    }

    /// One exchange: we sent at `t1` (our clock), the peer says it held that heartbeat `held`
    /// ms and sent its answer at `t3` (its clock), we received that at `t4`. The answer was
    /// made after `t1 + held` and before `t4` (our clock), so the offset lies in
    /// `[t3 − t4, t3 − held − t1]`: no wider than the round trip we timed.
    pub fn sample(&mut self, t1: Millis, held: Millis, t3: Millis, t4: Millis) -> Sample {
        let (Ok(t1), Ok(held), Ok(t3), Ok(t4)) = (
            i64::try_from(t1),
            i64::try_from(held),
            i64::try_from(t3),
            i64::try_from(t4),
        ) else {
            return Sample::Ignored;
        };
        let rtt = t4.saturating_sub(t1);
        let ours = u64::try_from(t1).is_ok_and(|t| self.beats.contains(&t));
        if !ours || !(0..=MAX_DELAY_MS).contains(&rtt) {
            return Sample::Ignored;
        }
        // A claimed hold longer than the whole round trip is a lie that would invert the
        // interval: it narrows it to its end, no further.
        let held = held.clamp(0, rtt);
        let lo = t3.saturating_sub(t4).saturating_sub(ROUNDING_MS);
        let hi = t3
            .saturating_sub(held)
            .saturating_sub(t1)
            .saturating_add(ROUNDING_MS);
        if lo > MAX_OFFSET_MS || hi < -MAX_OFFSET_MS {
            return Sample::Ignored;
        }
        let (lo, hi) = (lo.max(-MAX_OFFSET_MS), hi.min(MAX_OFFSET_MS));
        let at = u64::try_from(t4).unwrap_or(0);
        let next = match self.bounds {
            None => (lo, hi, at),
            Some((blo, bhi, bat)) => {
                // Never wider than what shared time may use (once the bounds were that narrow):
                // the uncertainty stays within `MAX_UNCERTAINTY_MS` however slow the answers.
                let room = (READY_WIDTH_MS - (bhi - blo)).max(0) / 2;
                let drift = (i64::try_from(at.saturating_sub(bat)).unwrap_or(i64::MAX)
                    / DRIFT_DIVISOR)
                    .min(room);
                let (wlo, whi) = (blo.saturating_sub(drift), bhi.saturating_add(drift));
                let (nlo, nhi) = (wlo.max(lo), whi.min(hi));
                if nlo > nhi {
                    return Sample::Contradiction;
                }
                // Narrowed: the drift counts again from now; else the old bounds stand.
                if (nlo, nhi) == (wlo, whi) {
                    (blo, bhi, bat)
                } else {
                    (nlo, nhi, at)
                }
            }
        };
        if self.recent.len() == RECENT {
            self.recent.remove(0);
        }
        self.recent.push(rtt - held);
        self.bounds = Some(next);
        self.settle();
        Sample::Used
    }

    /// The offset from the bounds: their midpoint, once they are narrow enough to use.
    fn settle(&mut self) {
        if let Some((lo, hi, _)) = self.bounds {
            if hi - lo <= READY_WIDTH_MS {
                self.offset = lo + (hi - lo) / 2;
                self.ready = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `c` sent a heartbeat at `t1` and its answer came: the sample it gives.
    fn answer(c: &mut ClockSync, t1: Millis, held: Millis, t3: Millis, t4: Millis) -> Sample {
        c.sent(t1);
        c.sample(t1, held, t3, t4)
    }

    /// An answer must echo a heartbeat we sent: a made-up echo (claiming a round trip of
    /// nothing, to place the offset anywhere) is not a sample.
    #[test]
    fn an_echo_of_a_heartbeat_we_never_sent_is_ignored() {
        let mut a = ClockSync::default();
        a.sent(1_000);
        assert_eq!(a.sample(1_090, 0, 50_000, 1_090), Sample::Ignored);
        assert!(!a.ready());
        assert_eq!(a.sample(1_000, 0, 1_050, 1_090), Sample::Used);
    }

    #[test]
    fn both_devices_agree_on_shared_time() {
        // The peer's clock is 2 minutes and 7 ms ahead; 40 ms each way.
        let skew: u64 = 120_007;
        let mut a = ClockSync::default();
        let mut b = ClockSync::default();
        // a sends at 1000 (a's clock), b gets it at 1040 + skew, answers at 1050 + skew,
        // a gets it at 1090.
        assert_eq!(answer(&mut a, 1_000, 10, 1_050 + skew, 1_090), Sample::Used);
        assert_eq!(
            answer(&mut b, 2_000 + skew, 10, 2_050, 2_090 + skew),
            Sample::Used
        );
        assert!(a.offset().abs_diff(120_007) <= 1, "{}", a.offset());
        assert!(b.offset().abs_diff(-120_007) <= 1, "{}", b.offset());
        assert!(a.shared(5_000).abs_diff(b.shared(5_000 + skew)) <= 1);
        assert!(a.uncertainty() <= 42, "{}", a.uncertainty());
    }

    #[test]
    fn a_forged_sample_cannot_move_shared_time() {
        let mut a = ClockSync::default();
        assert_eq!(answer(&mut a, 1_000, 10, 1_050, 1_090), Sample::Used);
        let before = a.shared(10_000);
        // A heartbeat claiming the peer's clock is 4 minutes ahead, with a small delay.
        assert_eq!(
            answer(&mut a, 2_000, 10, 2_050 + 240_000, 2_090),
            Sample::Contradiction
        );
        assert_eq!(a.shared(10_000), before);
        // An honest later sample within the bounds is taken.
        assert_eq!(answer(&mut a, 3_000, 10, 3_045, 3_080), Sample::Used);
    }

    #[test]
    fn nonsense_samples_are_ignored() {
        let mut a = ClockSync::default();
        // Found by fuzzing: a stamp near the end of time overflowed the offset's sum.
        assert_eq!(
            answer(&mut a, 1_000_000, 0, i64::MAX as u64, 1_000_010),
            Sample::Ignored
        );
        assert_eq!(
            answer(&mut a, 1_000, 0, 5, 900),
            Sample::Ignored,
            "an answer before the question"
        );
        assert_eq!(
            answer(&mut a, 1_000, 0, 1_000 + 3_600_000, 1_100),
            Sample::Ignored,
            "an hour off"
        );
        assert!(!a.ready());
    }

    /// Issue 39: heartbeats whose claimed round trips shrink 1 ms at a time walked the old
    /// estimate ~5 s a step. Every claim now lands inside what this device measured: the walk
    /// is bounded by the first round trip we timed, whatever is claimed.
    #[test]
    fn shrinking_claimed_round_trips_cannot_walk_the_estimate() {
        let mut a = ClockSync::default();
        // Real round trips of 200 ms; the peer's clock is really 0 ms off.
        let mut now = 10_000u64;
        assert_eq!(answer(&mut a, now, 0, now + 100, now + 200), Sample::Used);
        let first = a.offset();
        let mut moved = 0i64;
        for i in 0..400u64 {
            now += 1_000;
            // The forger claims it held our heartbeat almost the whole round trip (a tiny
            // delay, 1 ms less each time) and stamps its answer 5 s further on each time.
            let claimed_delay = 200u64.saturating_sub(i).max(1);
            let t3 = now + 100 + 5_000 * (i + 1);
            let _ = answer(&mut a, now, 200 - claimed_delay, t3, now + 200);
            moved = moved.max((a.offset() - first).abs());
        }
        assert!(moved <= 110, "the estimate walked {moved} ms");
        assert!(a.uncertainty() <= 103, "{}", a.uncertainty());
    }

    /// Forged long round trips (the answers held back, a tiny hold claimed) cannot widen the
    /// uncertainty once it is narrow: it never grows beyond what was measured (but the drift).
    #[test]
    fn forged_long_round_trips_cannot_widen_the_uncertainty() {
        let mut a = ClockSync::default();
        assert_eq!(answer(&mut a, 1_000, 0, 1_050, 1_100), Sample::Used);
        let u = a.uncertainty();
        for i in 0..30u64 {
            let t1 = 2_000 + i * 1_000;
            // 9.9 s "round trips": the answer came 9.9 s after our heartbeat.
            let _ = answer(&mut a, t1, 0, t1 + 9_000, t1 + 9_900);
        }
        assert!(a.uncertainty() <= u + 20, "{} > {u}", a.uncertainty());
        assert!(a.offset().abs() <= 60, "{}", a.offset());
    }

    /// A lying first sample (a 10 s round trip claimed with no hold) is not enough to act on:
    /// its bounds are as wide as the round trip we timed, so the clock is not ready.
    #[test]
    fn a_wide_first_sample_is_not_ready() {
        let mut a = ClockSync::default();
        assert_eq!(answer(&mut a, 1_000, 0, 6_000, 10_000), Sample::Used);
        assert!(!a.ready());
        assert_eq!(answer(&mut a, 11_000, 0, 11_100, 11_200), Sample::Used);
        assert!(a.ready());
        assert!(a.uncertainty() <= 103, "{}", a.uncertainty());
    }

    /// The bounds are saved and restored: after a reload a forged sample is still judged
    /// against what was measured before it.
    #[test]
    fn restored_bounds_hold_after_a_reload() {
        let mut a = ClockSync::default();
        assert_eq!(answer(&mut a, 1_000, 0, 1_050, 1_100), Sample::Used);
        let b = ClockSync::restored(a.offset(), a.ready(), a.bounds());
        assert_eq!(b.offset(), a.offset());
        assert!(b.ready());
        let mut b = b;
        assert_eq!(
            answer(&mut b, 5_000, 0, 5_050 + 3_000, 5_100),
            Sample::Contradiction
        );
    }

    /// Honest clocks drift a little: a sample an hour later, 1 s off, is still taken; and
    /// however long the answers are slow, the uncertainty never grows past its maximum.
    #[test]
    fn drift_is_allowed_for() {
        let mut a = ClockSync::default();
        assert_eq!(answer(&mut a, 1_000, 0, 1_050, 1_100), Sample::Used);
        let later = 3_601_000;
        assert_eq!(
            answer(&mut a, later, 0, later + 50 + 1_000, later + 100),
            Sample::Used
        );
        let mut t = later;
        for _ in 0..100 {
            t += 3_600_000;
            let _ = answer(&mut a, t, 0, t + 5_000, t + 9_000);
            assert!(a.uncertainty() <= MAX_UNCERTAINTY_MS, "{}", a.uncertainty());
        }
    }
}
