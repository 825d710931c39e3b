//! The deadlines this device holds the other side to, by its own clock (S15): the other
//! side's move clock (R18 when it is cut off then) and its part of a dice exchange (S14, S19);
//! and the other way round, whether a judgement the other device made about this one agrees
//! with this device's own clock and observations (S17).

use vrhcaby_rules::{Command, Millis, Phase, MOVE_TIME_MS};

use super::{Output, PeerGame, OFFLINE_AFTER_MS};
use crate::act::Act;
use crate::error::PeerError;
use crate::fold::{Landing, GRACE_MS};

/// How far the two devices' views of one cut-off (when it began, when it ended, in shared
/// time) may differ beyond the clock estimates' uncertainty (a sleep counts from the last
/// heartbeat this device sent, as the other device stops hearing it then).
const CUT_TOL_MS: Millis = 250;

impl PeerGame {
    /// The tolerance for comparing this device's observations with the other's stamps.
    fn cut_tol(&self) -> Millis {
        self.clock
            .uncertainty()
            .saturating_mul(2)
            .saturating_add(CUT_TOL_MS)
    }

    /// Whether this device itself was cut off (its channel closed, asleep, its page closed)
    /// at the deadline `d` (shared time): a cut-off that began by the deadline and had not
    /// ended by it. One that began after the deadline does not count (S17).
    pub(super) fn cut_off_at(&self, d: Millis) -> bool {
        // (Until our first message after the cut-off could have reached the other: a device
        // that woke or reconnected just before the deadline was still unheard at it.)
        let tol = self.cut_tol();
        let heard_from = tol.saturating_add(self.late_tol());
        self.cut_spans().any(|(s, e)| {
            s <= d.saturating_add(tol) && e.is_none_or(|e| e.saturating_add(heard_from) >= d)
        })
    }

    /// The spans this device was cut off, as far as judgements about its own deadlines go: the
    /// down spans, each begun at the silence before it if the close came after one.
    fn cut_spans(&self) -> impl Iterator<Item = (Millis, Option<Millis>)> + '_ {
        self.down.iter().map(|&(s, e)| {
            let start = self
                .quiet
                .iter()
                .filter(|&&(_, close)| close >= s && e.is_none_or(|e| close <= e))
                .map(|&(from, _)| from)
                .min()
                .unwrap_or(s);
            (start.min(s), e)
        })
    }

    /// Whether this device was cut off at the instant `t` (shared time), as the other device
    /// could see it: until our first message after it could have reached the other.
    pub(super) fn cut_off_around(&self, t: Millis) -> bool {
        let tol = self.cut_tol();
        let seen_until = tol.saturating_add(self.late_tol());
        self.cut_spans().any(|(s, e)| {
            s <= t.saturating_add(tol) && e.is_none_or(|e| e >= t.saturating_sub(seen_until))
        })
    }

    /// Whether our act `i` had been sent over an open link by shared time `t` (S17): over a
    /// channel this device had not seen closed when it sent it, acknowledged or not. (A silence
    /// is not a close: an act sent into a link that later turned out dead was still sent in
    /// time, and this device never records its own player's loss for it — where the other
    /// never received it, the two records differ, and both devices say so.) `margin`: how much
    /// before `t` it must have gone out, where `t` is the other device's reckoning rather than a
    /// time of the record both share.
    fn sent_by(&self, i: usize, t: Millis, margin: Millis) -> bool {
        let at = self.first_up.get(i).copied().unwrap_or(0);
        at != 0 && self.clock.shared(at).saturating_add(margin) <= t
    }

    /// How far this device's shared time and the other's may differ (twice the uncertainty and
    /// a little for the clocks' rounding).
    fn clocks_tol(&self) -> Millis {
        self.clock
            .uncertainty()
            .saturating_mul(2)
            .saturating_add(250)
    }

    /// Our choice to roll `roll` (standard, S18), if we made one: its index in our log.
    fn our_choice(&self, roll: u32) -> Option<usize> {
        self.logs[self.seat]
            .iter()
            .rposition(|a| matches!(a.act, Act::Roll { roll: r } if r == roll))
    }

    /// Whether our reveal of `roll` waits on the other device: we chose to roll, and it has not
    /// acknowledged the choice (S18: our secret goes out only once it holds it). The time that
    /// runs then is the other side's (S20).
    pub(super) fn reveal_waits_on_them(&self, roll: u32) -> Option<usize> {
        let c = self.our_choice(roll)?;
        let revealed = self.logs[self.seat]
            .iter()
            .any(|a| matches!(a.act, Act::Reveal { roll: r, .. } if r == roll));
        let acked = self.acked().max(self.holds as usize) > c;
        (!revealed && !acked).then_some(c)
    }

    /// S17: whether a judgement of the other device against this one (`offline`, `dice_late`
    /// about us), which took effect where it `landed`, agrees with this device's own clock and
    /// what it sent and saw. `seen`: how many of our acts its author had received.
    pub(super) fn judgement_agrees(
        &self,
        cmd: Command,
        t: Millis,
        seen: usize,
        n: usize,
        landed: &Landing,
    ) -> Result<(), PeerError> {
        let unseen_sent =
            |upto: Millis| (seen..self.logs[self.seat].len()).any(|i| self.sent_by(i, upto, 0));
        // (Of those, one the judge never acknowledged in any other way: the link died with it.)
        let from = seen.max(self.holds as usize);
        let in_flight =
            |upto: Millis| (from..self.logs[self.seat].len()).any(|i| self.sent_by(i, upto, 0));
        let refuse = Err(PeerError::PresenceUnseen { t });
        match landed.phase {
            Phase::Moving => {
                // R18 about our move clock: stamped 1 ms before the deadline it judges.
                let d = t.saturating_add(1);
                if matches!(cmd, Command::DiceLate { .. }) || landed.deadline != Some(d) {
                    return refuse;
                }
                // Our time had run out with us cut off at that instant, and nothing we had
                // sent over an open link by then was left out (S17).
                if !self.cut_off_at(d) {
                    return refuse;
                }
                if in_flight(d) {
                    // The link died with our act on its way (S17): our record keeps it.
                    return Err(PeerError::InFlight { t });
                }
                if unseen_sent(d) {
                    return refuse;
                }
                Ok(())
            }
            Phase::Lot | Phase::Rolling | Phase::Opening => {
                if !self.dice_part_missing(landed.roll, t, seen, n, landed) {
                    // Cut off then, with a part of ours the judge never acknowledged on its way:
                    // the link died with it (S17). Anything else is a false report.
                    let due = t.saturating_sub(GRACE_MS);
                    let tol = self.clocks_tol();
                    let from = seen.max(self.holds as usize);
                    let on_its_way =
                        (from..self.logs[self.seat].len()).any(|i| self.sent_by(i, due, tol));
                    if on_its_way && self.cut_off_around(t) {
                        return Err(PeerError::InFlight { t });
                    }
                    return refuse;
                }
                if landed.ended && !self.cut_off_around(t) {
                    return refuse;
                }
                Ok(())
            }
            _ => refuse,
        }
    }

    /// Whether, by this device's own record, its part of the exchange `roll` was really
    /// missing at `t` for a judge that had seen `seen` of our acts and judged with its act
    /// `n`. S19 both ways: the judge may hold us late only 60 s after its own part (its
    /// commitment, or its reveal once it held ours) went out, and only if ours had not
    /// reached it by then as far as this device knows; with both commitments missing, only
    /// the side to roll is late.
    pub(super) fn dice_part_missing(
        &self,
        roll: u32,
        t: Millis,
        seen: usize,
        n: usize,
        landed: &Landing,
    ) -> bool {
        // The judge may have meant the exchange before (acts of ours it had not seen moved
        // the fold on here): either will do.
        (roll.saturating_sub(1)..=roll).any(|r| self.part_missing(r, t, seen, n, landed))
    }

    fn part_missing(&self, roll: u32, t: Millis, seen: usize, n: usize, landed: &Landing) -> bool {
        let find = |side: vrhcaby_rules::Side, reveal: bool, upto: usize| {
            self.logs[side].iter().take(upto).position(|a| match a.act {
                Act::Commit { roll: r, .. } => !reveal && r == roll,
                Act::Reveal { roll: r, .. } => reveal && r == roll,
                Act::Cmd(_) | Act::Roll { .. } => false,
            })
        };
        let peer = self.peer();
        let ours_len = self.logs[self.seat].len();
        // The judge makes its judgement at its limit: the deadline it held us to plus the
        // grace. Our part was in time if it went out by that deadline.
        // (That deadline is the judge's reckoning, not a time of the record: where the two clocks
        // cannot tell whether ours went out before it, the judgement could have been made in
        // time, S17.)
        let due = t.saturating_sub(GRACE_MS);
        let tol = self.clocks_tol();
        let stamp_ok = |i: usize| {
            self.logs[peer].get(i).is_some_and(|a| {
                a.t.saturating_add(MOVE_TIME_MS) <= t.saturating_add(self.cut_tol())
            })
        };
        let our_commit = find(self.seat, false, ours_len);
        if our_commit.is_none_or(|i| i >= seen) {
            if our_commit.is_some_and(|i| self.sent_by(i, due, tol)) {
                return false;
            }
            return match find(peer, false, n) {
                Some(j) => stamp_ok(j),
                None => landed.roll == roll && landed.turn == Some(self.seat),
            };
        }
        let our_reveal = find(self.seat, true, ours_len);
        if our_reveal.is_some_and(|i| i < seen || self.sent_by(i, due, tol)) {
            return false;
        }
        // S20: our reveal waited for the judge to acknowledge our choice to roll, which we had
        // sent: the wait was the judge's own, never our part missing.
        if our_reveal.is_none()
            && self
                .our_choice(roll)
                .is_some_and(|c| self.sent_by(c, due, tol))
        {
            return false;
        }
        // Our reveal was due from its commitment's going out, as it counts (S19).
        find(peer, false, n).is_some_and(stamp_ok)
    }

    /// The time (this device's clock) from which the other side's part of the exchange under
    /// way is due, by S19: 60 s after we first sent our own part over an open channel,
    /// whatever the other side did meanwhile. `None` while nothing of it is due.
    fn their_part_due_from(&self) -> Option<Millis> {
        let roll = self.cur.roll;
        // S20: our reveal waits for the other to acknowledge our choice to roll: that is due
        // from our choice's first going out, like its own part.
        if let Some(c) = self.reveal_waits_on_them(roll) {
            let at = self.first_up.get(c).copied().unwrap_or(0);
            if at != 0 {
                return Some(at);
            }
        }
        let parts = &self.cur.parts;
        let peer = self.peer();
        let log = &self.logs[self.seat];
        let first = |reveal: bool| {
            log.iter()
                .position(|a| match a.act {
                    Act::Commit { roll: r, .. } => !reveal && r == roll,
                    Act::Reveal { roll: r, .. } => reveal && r == roll,
                    Act::Cmd(_) | Act::Roll { .. } => false,
                })
                .map(|i| self.first_up.get(i).copied().unwrap_or(0))
                .filter(|&at| at != 0)
        };
        // Its commitment, and its reveal (which it sends once it holds our commitment), are
        // both due from our commitment's first going out (or our reveal's, if that is all
        // this device knows of: after a reload).
        if parts.commit[peer].is_none() || parts.reveal[peer].is_none() {
            first(false).or_else(|| first(true))
        } else {
            None
        }
    }

    /// Records the judgements due now: the other side cut off when its move time ran out
    /// (R18, stamped just before its deadline), or late with its part of the dice (S14, S19).
    pub(super) fn judge(&mut self, now: Millis) -> Output {
        let mut out = Output::default();
        self.refresh(now);
        if !self.clock.ready() {
            return out;
        }
        let peer = self.peer();
        let awake = now >= self.link.awake_at.saturating_add(OFFLINE_AFTER_MS);
        let absent = !self.peer_present() && awake;
        let limit = |at: Millis| at.saturating_add(MOVE_TIME_MS + GRACE_MS);
        match self.cur.game.phase() {
            Phase::Moving if self.cur.game.turn() == Some(peer) => {
                let Some((d, at)) = self.judge.clock else {
                    return out;
                };
                let limit = limit(at);
                if now < limit || self.judge.offline_judged == Some(d) {
                    return out;
                }
                // R18 looks at the instant the time runs out (S5, S17): the other device must
                // have been cut off then — the channel closed, or silent, since before the
                // deadline — and still at our limit, while this device was awake and watching.
                // Whatever is seen, this deadline is judged once; a later silence leaves only
                // the claim (R17).
                let l = &self.link;
                let watching = l.awake_at.saturating_add(OFFLINE_AFTER_MS) <= limit;
                let closed = !l.up && self.clock.shared(l.down_at) <= d;
                let quiet_since = self.clock.shared(l.last_heard) <= d;
                let silent =
                    l.up && quiet_since && now.saturating_sub(l.last_heard) >= OFFLINE_AFTER_MS;
                if !(closed || silent) {
                    if l.up && quiet_since && self.peer_present() {
                        // Silent since the deadline, for less than the presence time: wait.
                        return out;
                    }
                    self.judge.offline_judged = Some(d);
                    return out;
                }
                self.judge.offline_judged = Some(d);
                if !watching {
                    return out;
                }
                // Made as of the deadline: it has seen only what the other side did before it
                // (an act it stamped later, even a little ahead of our clock, does not save a
                // side that was cut off when its time ran out, S16).
                let t = d.saturating_sub(1);
                out.merge(self.author_as_of(Act::Cmd(Command::Offline { side: peer }), t, now));
            }
            Phase::Lot | Phase::Rolling => {
                let roll = self.cur.roll;
                if !awake
                    || self.judge.late_judged == Some(roll)
                    || self.cur.game.late().is_some()
                    || self.cur.game.roll_due_since().is_none()
                {
                    return out;
                }
                // S19: 60 s (and the grace) after our part first went out over an open
                // channel; before we could send ours (standard: the roller still choosing),
                // 60 s after this device saw the exchange fall due if the roller is the other.
                let from = match self.their_part_due_from() {
                    Some(at) => at,
                    None => {
                        let g = &self.cur.game;
                        let choosing = g.can_double().is_ok_and(|s| s == peer);
                        match self.judge.exchange {
                            Some((r, at)) if r == roll && choosing => at,
                            _ => return out,
                        }
                    }
                };
                if now < limit(from) {
                    return out;
                }
                let due = self
                    .cur
                    .game
                    .roll_due_since()
                    .map_or(0, |s| s.saturating_add(MOVE_TIME_MS));
                let t = self.stamp(now);
                if t < due {
                    return out;
                }
                self.judge.late_judged = Some(roll);
                if absent {
                    if let Ok(o) = self.author_at(Act::Cmd(Command::Offline { side: peer }), t, now)
                    {
                        out.merge(o);
                    }
                }
                if let Ok(o) = self.author_at(Act::Cmd(Command::DiceLate { side: peer }), t, now) {
                    out.merge(o);
                }
            }
            _ => {}
        }
        out
    }

    /// Appends our judgement stamped `t` as of that moment: it has seen the other side's acts
    /// stamped by then only (so it crosses those stamped later, and the fold puts it first).
    fn author_as_of(&mut self, act: Act, t: Millis, now: Millis) -> Output {
        let peer = self.peer();
        let ours = &self.logs[self.seat];
        let seen = self.logs[peer].iter().take_while(|a| a.t <= t).count();
        let last_seen = ours.last().map_or(0, |a| a.seen as usize);
        let last_t = ours.last().map_or(0, |a| a.t);
        if seen >= self.logs[peer].len() {
            if t >= self.latest_stamp() {
                return self.author_at(act, t, now).unwrap_or_default();
            }
            return Output::default();
        }
        if seen < last_seen || t < last_t || ours.len() >= super::MAX_ACTS {
            return Output::default();
        }
        let a = crate::act::Authored {
            t,
            seen: u32::try_from(seen).unwrap_or(u32::MAX),
            act,
        };
        self.logs[self.seat].push(a);
        self.new_slot();
        if self.base.pos[peer] > seen {
            if let Ok(game) = super::fresh_game(&self.head) {
                self.base = crate::fold::Fold::new(game);
            }
        }
        let old = self.cur.clone();
        let mut out = self.refold(Some(&old));
        out.save = true;
        let n = u32::try_from(self.logs[self.seat].len() - 1).unwrap_or(u32::MAX);
        if self.link.up {
            out.send.push(crate::message::Message::Act { n, act: a });
            self.sent_now(n as usize, now);
        }
        self.refresh(now);
        out
    }
}
