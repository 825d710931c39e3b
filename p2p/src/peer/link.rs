//! The link as this device sees it: heartbeats, the channel opening and closing, hearing the
//! other device, and the spans in which this device was cut off (the channel closed, asleep,
//! or its page closed), against which judgements about it are checked (S16).

use vrhcaby_rules::Millis;

use super::{Output, PeerGame, DELIVERY_MS, MAX_DOWN, SLEEP_GAP_MS};
use crate::message::Message;

/// A channel that closes within this long of the last message heard closed (a close by either
/// device); one silent longer first is the network going away (heartbeats come every second,
/// and a browser notices a dead link only after seconds of silence).
pub const CLEAN_CLOSE_MS: Millis = 1_500;

impl PeerGame {
    /// A slot for our newest act's sending times.
    pub(super) fn new_slot(&mut self) {
        self.sent.push(0);
        self.first_up.push(0);
        self.delivered_at.push(0);
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
        }
    }

    /// The channel opened: introduce ourselves.
    pub fn connected(&mut self, now: Millis) -> Output {
        self.link.up = true;
        self.link.other_game = false;
        self.link.up_since = now;
        self.link.settled = false;
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
            // A close while this device still heard the other at once (not the network going
            // silent first): what it sent over this channel while hearing the other went over
            // an open link, and a reliable channel delivers what was sent before its close
            // (S17: a cut-off that began after our act, or that the other device's close
            // started, never turns that act late).
            let l = &self.link;
            if l.present && now.saturating_sub(l.last_heard) <= CLEAN_CLOSE_MS {
                let from = l.up_since.max(l.live_since);
                for i in 0..self.delivered_at.len() {
                    let sent = self.sent.get(i).copied().unwrap_or(0);
                    if self.delivered_at[i] == 0 && sent != 0 && sent >= from && sent <= now {
                        self.delivered_at[i] = sent.max(1);
                    }
                }
            }
            // What the other made before the last moment this device heard it on a settled
            // channel came then: the floor for its stamps until the next channel settles.
            let l = &self.link;
            if self.channel_settled() && l.last_heard >= l.up_since {
                self.link.unlive_from = Some(l.last_heard);
            }
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
        self.link.beat_have = 0;
        if self.link.present {
            self.link.present = false;
            // What the other made before the last moment this device heard it came then, if
            // the channel had settled (no act re-sent for a hello may still be on its way) —
            // however short the span of hearing it, so silences cannot pin this floor.
            if self.channel_settled() {
                self.link.unlive_from = Some(self.link.last_heard);
            }
        }
    }

    /// Whether the acts the other re-sent for our hello on this channel have come: a heartbeat
    /// of it answered one we sent when the channel opened (with our hello), and on an ordered
    /// channel what it sent for the hello came before that answer.
    pub(super) fn channel_settled(&self) -> bool {
        self.link.up && self.link.settled
    }

    /// Whether this device hears the other at once at `at`: the channel open, the other heard
    /// lately, and for long enough that the acts re-sent for the hellos have come.
    pub(super) fn live(&self, at: Millis) -> bool {
        let l = &self.link;
        l.up && l.present
            && at
                >= l.live_since
                    .saturating_add(super::receive::RESEND_WINDOW_MS)
    }

    /// The last moment this device heard the other on a settled channel (see
    /// `Link::unlive_from`): what the other made before it had come by then.
    pub(super) fn heard_until(&self) -> Option<Millis> {
        let l = &self.link;
        let mut until = if self.live(l.last_heard) {
            Some(l.last_heard)
        } else {
            l.unlive_from
        };
        // Acts of the other that came but wait (for our clock, or for a gap to fill) are not
        // saved: after a reload they come again, bounded as when they first came.
        let waiting = self.deferred.iter().map(|(_, _, r)| r);
        for r in waiting.chain(self.early.values().map(|(_, r)| r)) {
            until = match (until, r.anchor) {
                (Some(u), Some(a)) => Some(u.min(a)),
                _ => None,
            };
        }
        until
    }

    pub(super) fn heard(&mut self, now: Millis) {
        self.link.prev_heard = self.link.last_heard;
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

    /// Notes which of our acts have reached the other device as far as this device knows: it
    /// said so (an act or a heartbeat of it), or the act was sent while this device heard the
    /// other at once and it went on hearing it `DELIVERY_MS` (a reliable, ordered channel
    /// delivers it by then).
    pub(super) fn note_delivered(&mut self, now: Millis) {
        let have = (self.link.peer_have as usize).max(self.acked());
        for i in 0..self.delivered_at.len() {
            if self.delivered_at[i] != 0 {
                continue;
            }
            let sent = self.sent.get(i).copied().unwrap_or(0);
            if i < have {
                self.delivered_at[i] = now.max(1);
            } else if self.link.up
                && self.link.present
                && sent != 0
                && sent >= self.link.up_since
                && sent >= self.link.live_since
                && self.link.last_heard >= sent.saturating_add(DELIVERY_MS)
            {
                // Sent while this device heard the other at once, and heard it still
                // `DELIVERY_MS` later (it was awake and connected all along).
                self.delivered_at[i] = sent.saturating_add(DELIVERY_MS);
            }
        }
    }
}
