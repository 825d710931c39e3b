//! The link as this device sees it: heartbeats, the channel opening and closing, hearing the
//! other device, and the spans in which this device was cut off (the channel closed, asleep,
//! or its page closed), against which judgements about it are checked (S16).

use vrhcaby_rules::Millis;

use super::{Output, PeerGame, MAX_DOWN, SLEEP_GAP_MS};
use crate::message::Message;

/// Marks kept (see [`PeerGame::mark`]): an honest device announces a few acts at most that
/// have not come yet (lost with a channel, re-sent for the next hello).
pub(super) const MAX_MARKS: usize = 64;

/// What one message of the other device bounds of its later acts (S20): every act of it from
/// index `made` on was made after the message was sent — so not before `at` (this device's
/// clock, when it came) less the delivery allowance — having seen at least `have` of ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mark {
    pub made: u32,
    pub at: Millis,
    pub have: u32,
}

/// A channel that closes within this long of the last message heard closed (a close by either
/// device); one silent longer first is the network going away (heartbeats come every second,
/// and a browser notices a dead link only after seconds of silence).
pub const CLEAN_CLOSE_MS: Millis = 1_500;

impl PeerGame {
    /// A slot for our newest act's sending times.
    pub(super) fn new_slot(&mut self) {
        self.sent.push(0);
        self.first_up.push(0);
    }

    /// Our act `i` goes out now over the open channel.
    pub(super) fn sent_now(&mut self, i: usize, now: Millis) {
        if let Some(s) = self.sent.get_mut(i) {
            *s = now;
        }
        if let Some(f) = self.first_up.get_mut(i).filter(|f| **f == 0) {
            *f = now;
        }
    }

    pub(super) fn heartbeat(&mut self, now: Millis) -> Message {
        self.link.last_beat = now;
        self.clock.sent(now);
        let (echo, held) = match self.link.echo {
            Some((t, at)) => (Some(t), now.saturating_sub(at)),
            None => (None, 0),
        };
        Message::Heartbeat {
            t: now,
            echo,
            held,
            have: u32::try_from(self.logs[self.peer()].len()).unwrap_or(u32::MAX),
            made: u32::try_from(self.logs[self.seat].len()).unwrap_or(u32::MAX),
        }
    }

    /// The channel opened: introduce ourselves.
    pub fn connected(&mut self, now: Millis) -> Output {
        self.link.up = true;
        self.link.other_game = false;
        self.link.up_since = now;
        self.link.settled = false;
        self.link.announced = None;
        let mut out = Output::default();
        out.send.push(self.hello());
        let beat = self.heartbeat(now);
        out.send.push(beat);
        out
    }

    /// The channel closed.
    pub fn disconnected(&mut self, now: Millis) -> Output {
        if self.link.up {
            self.link.down_at = now;
        }
        // A close that came after a silence (the network went away, and this device noticed
        // only now): as far as a judgement about this device's own deadline goes (R18, S14), it
        // was cut off from the last moment it heard the other (`quiet`). For anything else the
        // cut-off begins at the close: a silence alone decides nothing (S16).
        let l = &self.link;
        if l.up && l.last_heard >= l.up_since && now.saturating_sub(l.last_heard) > CLEAN_CLOSE_MS {
            let span = (self.clock.shared(l.last_heard), self.clock.shared(now));
            if self.quiet.len() == MAX_DOWN {
                self.quiet.remove(0);
            }
            self.quiet.push(span);
        }
        self.link.up = false;
        self.end_live();
        let t = self.clock.shared(now);
        self.went_down(t, None);
        Output::default()
    }

    /// A span (shared time) in which this device could not hear or reach the other: the
    /// channel closed, this device asleep, or the page closed.
    pub(super) fn went_down(&mut self, from: Millis, to: Option<Millis>) {
        if let Some(open) = self.down.last_mut().filter(|d| d.1.is_none()) {
            // Already cut off: a sleep that began before the channel closed starts it earlier,
            // and a second close (of a channel that had not opened again) changes nothing.
            open.0 = open.0.min(from);
            return;
        }
        if self.down.len() == MAX_DOWN {
            self.down.remove(0);
        }
        self.down.push((from, to));
    }

    /// This device stops hearing the other at once (its presence is judged again when it is
    /// heard).
    pub(super) fn end_live(&mut self) {
        self.link.present = false;
    }

    /// Whether every act of the other device that it says it made and this device does not
    /// hold was withheld (S20): it answered a heartbeat we sent on this channel (after our
    /// hello: on an ordered channel, what it re-sent for the hello came before that answer),
    /// or acts it announced on this channel are still missing `RESEND_WINDOW_MS` after (an
    /// honest device re-sends them for our hello at once; one that never answers cannot keep
    /// them hanging).
    pub(super) fn withheld(&self, now: Millis) -> bool {
        let l = &self.link;
        // (Counted from when this device woke, if later: what waited for it through a sleep
        // comes at once, in the order it was sent.)
        l.up && (l.settled
            || l.announced.is_some_and(|(_, since)| {
                now >= since
                    .max(l.awake_at)
                    .saturating_add(super::receive::RESEND_WINDOW_MS)
            }))
    }

    /// The other device says it made `made` acts: those this device lacks are announced now
    /// (their re-sending is awaited, see [`PeerGame::withheld`]).
    pub(super) fn announce(&mut self, made: u32, now: Millis) {
        let received = self.received();
        self.link.announced = match self.link.announced {
            _ if made <= received => self.link.announced.filter(|&(m, _)| m > received),
            Some((m, since)) => Some((m.max(made), since)),
            None => Some((made, now)),
        };
    }

    /// A message of the other device heard at `at` (this device's clock) bounds its acts
    /// from index `made` on: each was made after it was sent, so stamped no earlier than `at`
    /// less the delivery allowance, having seen at least `have` of our acts (S20). An act is
    /// bound by every mark at or below its index (see [`PeerGame::mark_for`]).
    pub(crate) fn mark(&mut self, made: u32, at: Millis, have: u32) {
        let at_pos = self.marks.partition_point(|m| m.made <= made);
        self.marks.insert(at_pos, Mark { made, at, have });
        // Marks at or below what came (in order) bind every act still to come: one will do.
        let held = u32::try_from(self.logs[!self.seat].len()).unwrap_or(u32::MAX);
        let behind = self.marks.partition_point(|m| m.made <= held);
        if behind > 1 {
            let merged = self.marks.drain(..behind).fold(
                Mark {
                    made: 0,
                    at: 0,
                    have: 0,
                },
                |a, m| Mark {
                    made: a.made.max(m.made),
                    at: a.at.max(m.at),
                    have: a.have.max(m.have),
                },
            );
            self.marks.insert(0, merged);
        }
        if self.marks.len() > MAX_MARKS {
            // Too many acts announced and not come (only a device that lies makes this many):
            // the two lowest become one, the stricter for the acts between them.
            let first = self.marks.remove(0);
            let next = &mut self.marks[0];
            next.made = first.made;
            next.at = next.at.max(first.at);
            next.have = next.have.max(first.have);
        }
    }

    /// When a message of the other device that comes now was sent at the earliest, as far as
    /// the delivery allowance goes: now — but right after this device woke, messages that
    /// waited for it through its sleep come at once, and may have been sent when it fell
    /// asleep.
    pub(super) fn mark_time(&self, now: Millis) -> Millis {
        let l = &self.link;
        if l.awake_at != 0 && now < l.awake_at.saturating_add(super::OFFLINE_AFTER_MS) {
            now.min(l.slept_from)
        } else {
            now
        }
    }

    /// What the marks bind of the other device's act `n`: the latest moment a message sent
    /// before it was made came, and the most of our acts it had seen by then.
    pub(super) fn mark_for(&self, n: u32) -> Option<Mark> {
        self.marks
            .iter()
            .take_while(|m| m.made <= n)
            .copied()
            .reduce(|a, m| Mark {
                made: m.made,
                at: a.at.max(m.at),
                have: a.have.max(m.have),
            })
    }

    /// The other device said it holds `have` of our acts.
    pub(super) fn note_holds(&mut self, have: usize) {
        let ours = self.logs[self.seat].len();
        let have = u32::try_from(have.min(ours)).unwrap_or(u32::MAX);
        self.holds = self.holds.max(have);
    }

    pub(super) fn heard(&mut self, now: Millis) {
        self.link.last_heard = now;
        if !self.link.present && self.link.up {
            self.link.present = true;
            self.link.present_since = now;
            self.link.live_since = now;
        }
        let t = self.clock.shared(now);
        if let Some(last) = self.down.last_mut() {
            if last.1.is_none() {
                last.1 = Some(t);
            }
        }
    }

    /// Whether this device was cut off from the other at some moment in `[from, to]` (shared
    /// time): its channel closed, it was asleep, or its page was closed. Not hearing the other
    /// device does not count: a silent device cannot make the other "offline" (S16).
    pub(super) fn was_down(&self, from: Millis, to: Millis) -> bool {
        self.down
            .iter()
            .any(|&(s, e)| s <= to && e.is_none_or(|e| e >= from))
    }

    /// A gap since the last tick means this device was asleep: nothing reached it or left it
    /// meanwhile (a span cut off; messages waiting in the channel come now, late).
    pub(super) fn wake_check(&mut self, now: Millis) {
        if self.link.last_tick == 0 {
            // Not ticked yet: asleep since the game was made here, if that was a while ago.
            self.link.last_tick = self.born.unwrap_or(0);
        }
        if self.link.last_tick != 0 && now > self.link.last_tick.saturating_add(SLEEP_GAP_MS) {
            self.link.awake_at = now;
            self.link.slept_from = self.link.last_tick;
            self.link.last_heard = self.link.last_heard.min(self.link.last_tick);
            self.end_live();
            // Cut off from the last message it sent (the other stopped hearing it then).
            let last = if self.link.up && self.link.last_beat != 0 {
                self.link.last_tick.min(self.link.last_beat)
            } else {
                self.link.last_tick
            };
            let (from, to) = (self.clock.shared(last), self.clock.shared(now));
            self.went_down(from, Some(to));
            self.link.last_tick = now;
        }
    }
}
