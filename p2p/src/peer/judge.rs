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
        let my_commit = self.logs[self.seat]
            .iter()
            .rposition(|a| matches!(a.act, Act::Commit { roll: r, .. } if r == roll));
        let mine_there = my_commit.is_some_and(|i| self.delivered(i, now));
        let late = if parts.commit[peer].is_none() {
            if mine_there {
                Some(peer)
            } else if roll == 0 {
                None
            } else {
                // Both parts missing: the side to roll.
                self.cur.game.turn()
            }
        } else if parts.reveal[peer].is_none() && mine_there {
            Some(peer)
        } else {
            Some(self.seat)
        };
        late.filter(|&s| s == peer)
    }

    /// Records the judgements due now: the other side offline when its move time ran out
    /// (R18, stamped just before its deadline), or late with its part of the dice (S14).
    pub(super) fn judge(&mut self, now: Millis) -> Output {
        let mut out = Output::default();
        let peer = self.peer();
        let awake = now >= self.link.awake_at.saturating_add(OFFLINE_AFTER_MS);
        let absent = !self.peer_present() && awake;
        let limit = |at: Millis| at.saturating_add(MOVE_TIME_MS + GRACE_MS);
        match self.cur.game.phase() {
            Phase::Moving if self.cur.game.turn() == Some(peer) => {
                let Some((d, at)) = self.judge.clock else {
                    return out;
                };
                if absent && now >= limit(at) && self.judge.offline_judged != Some(d) {
                    self.judge.offline_judged = Some(d);
                    let t = d.saturating_sub(1);
                    if t >= self.stamp(0) {
                        if let Ok(o) = self.author_at(Act::Cmd(Command::Offline { side: peer }), t, now) {
                            out.merge(o);
                        }
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
                {
                    return out;
                }
                if self.late_in_exchange(now) != Some(peer) {
                    return out;
                }
                self.judge.late_judged = Some(roll);
                let due = self
                    .cur
                    .game
                    .roll_due_since()
                    .map_or(0, |s| s.saturating_add(MOVE_TIME_MS));
                let t = self.stamp(now).max(due);
                if absent {
                    if let Ok(o) = self.author_at(Act::Cmd(Command::Offline { side: peer }), t, now) {
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
