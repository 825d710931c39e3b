//! The deadlines this device holds the other side to, by its own clock (S15): the other
//! side's move clock (R18 when it is offline then) and its part of a dice exchange (S14).

use vrhcaby_rules::{Command, Millis, Phase, Side, MOVE_TIME_MS};

use super::{Output, PeerGame, DELIVERY_MS, OFFLINE_AFTER_MS};
use crate::act::Act;
use crate::fold::GRACE_MS;

impl PeerGame {
    /// Whether our act `idx` has reached the other device: it says so, or it was sent while
    /// the link stayed up long enough since.
    fn delivered(&self, idx: usize, now: Millis) -> bool {
        if self.link.peer_have as usize > idx || self.acked() > idx {
            return true;
        }
        let sent = self.sent.get(idx).copied().unwrap_or(0);
        sent != 0
            && self.peer_present()
            && sent >= self.link.present_since
            && now >= sent.saturating_add(DELIVERY_MS)
    }

    /// Who is late in the dice exchange by what this device holds (S14): `None` when nobody
    /// is, or when we are (the other device judges us).
    fn late_in_exchange(&self, now: Millis) -> Option<Side> {
        let peer = self.peer();
        let roll = self.cur.roll;
        let parts = &self.cur.parts;
        // The other side had 60 s (and the grace) of a working exchange: from when our part
        // is known to have reached it, and for its reveal from when its commitment came.
        let delivered = match self.judge.delivered {
            Some((r, at)) if r == roll => Some(at),
            _ => None,
        };
        let due = |from: Millis| now >= from.saturating_add(MOVE_TIME_MS + GRACE_MS);
        if roll == 0 && self.logs[peer].is_empty() {
            // Before the other device has made any act it may not have its clock synchronised
            // yet (it stamps nothing before): nobody is late for the lot (R19's ten hours end
            // a game that never begins as a draw).
            return None;
        }
        let late = if parts.commit[peer].is_none() {
            match delivered {
                Some(at) => due(at).then_some(peer),
                None if roll == 0 => None,
                // Both parts missing: the side to roll.
                None => self.cur.game.turn(),
            }
        } else if parts.reveal[peer].is_none() {
            let theirs = match self.judge.their_commit {
                Some((r, at)) if r == roll => at,
                _ => now,
            };
            match delivered {
                Some(at) => due(at.max(theirs)).then_some(peer),
                None => Some(self.seat),
            }
        } else {
            Some(self.seat)
        };
        late.filter(|&s| s == peer)
    }

    /// Notes when our commitment for the roll being thrown is known to have arrived.
    fn note_delivery(&mut self, now: Millis) {
        let roll = self.cur.roll;
        if self.judge.delivered.is_some_and(|(r, _)| r == roll) {
            return;
        }
        let mine = self.logs[self.seat]
            .iter()
            .rposition(|a| matches!(a.act, Act::Commit { roll: r, .. } if r == roll));
        if mine.is_some_and(|i| self.delivered(i, now)) {
            self.judge.delivered = Some((roll, now));
        }
    }

    /// Records the judgements due now: the other side offline when its move time ran out
    /// (R18, stamped just before its deadline), or late with its part of the dice (S14).
    pub(super) fn judge(&mut self, now: Millis) -> Output {
        let mut out = Output::default();
        self.refresh(now);
        self.note_delivery(now);
        // Judge only with everything the other device sent in hand: clocks synchronised, no
        // acts asked for again or waiting for our clock.
        let missing = self
            .link
            .asked
            .is_some_and(|(_, at)| now < at.saturating_add(OFFLINE_AFTER_MS));
        if !self.clock.ready() || missing || !self.deferred.is_empty() {
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
                // R18 looks at the instant the time runs out (S5): the other device must have
                // been cut off then — the channel closed, or silent since before — while this
                // device was awake and watching. Whatever is seen, this deadline is judged
                // once; a later silence leaves only the claim (R17).
                let l = &self.link;
                let watching = l.awake_at.saturating_add(OFFLINE_AFTER_MS) <= limit;
                let closed = !l.up && l.down_at < limit;
                let silent = l.up && l.last_heard < limit.saturating_sub(OFFLINE_AFTER_MS);
                if !(closed || silent) && self.peer_present() {
                    self.judge.offline_judged = Some(d);
                    return out;
                }
                if !(closed || silent) {
                    // Silent for less than the presence time at the deadline: wait to see.
                    if now < limit.saturating_add(OFFLINE_AFTER_MS) {
                        return out;
                    }
                    self.judge.offline_judged = Some(d);
                    return out;
                }
                self.judge.offline_judged = Some(d);
                if !watching {
                    return out;
                }
                let t = d.saturating_sub(1);
                if t >= self.latest_stamp() {
                    if let Ok(o) = self.author_at(Act::Cmd(Command::Offline { side: peer }), t, now)
                    {
                        out.merge(o);
                    }
                }
            }
            Phase::Lot | Phase::Rolling => {
                let Some((roll, at)) = self.judge.exchange else {
                    return out;
                };
                if roll != self.cur.roll
                    || now < limit(at)
                    || !awake
                    || self.judge.late_judged == Some(roll)
                    || self.cur.game.late().is_some()
                    || self.cur.game.roll_due_since().is_none()
                {
                    return out;
                }
                if self.late_in_exchange(now) != Some(peer) {
                    return out;
                }
                let due = self
                    .cur
                    .game
                    .roll_due_since()
                    .map_or(0, |s| s.saturating_add(MOVE_TIME_MS));
                let t = self.stamp(now);
                if t < due {
                    // (Only before the lot, when the first commitment came later than this
                    // device's own clock start.)
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
}
