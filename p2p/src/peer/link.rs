//! The link as this device sees it: heartbeats, the channel opening and closing, hearing the
//! other device, and the spans in which this device was cut off (the channel closed, asleep,
//! or its page closed), against which judgements about it are checked (S16).

use vrhcaby_rules::Millis;

use super::{Output, PeerGame, MAX_DOWN, SLEEP_GAP_MS};
use crate::message::Message;

impl PeerGame {
    pub(super) fn heartbeat(&mut self, now: Millis) -> Message {
        self.link.last_beat = now;
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
        self.link.up = false;
        self.link.present = false;
        let t = self.clock.shared(now);
        self.went_down(t, None);
        Output::default()
    }

    /// A span (shared time) in which this device could not hear or reach the other: the
    /// channel closed, this device asleep, or the page closed.
    pub(super) fn went_down(&mut self, from: Millis, to: Option<Millis>) {
        if to.is_some() && self.down.last().is_some_and(|d| d.1.is_none()) {
            return;
        }
        if self.down.len() == MAX_DOWN {
            self.down.remove(0);
        }
        self.down.push((from, to));
    }

    pub(super) fn heard(&mut self, now: Millis) {
        self.link.last_heard = now;
        if !self.link.present && self.link.up {
            self.link.present = true;
            self.link.present_since = now;
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
        if self.link.last_tick != 0 && now > self.link.last_tick.saturating_add(SLEEP_GAP_MS) {
            self.link.awake_at = now;
            let (from, to) = (
                self.clock.shared(self.link.last_tick),
                self.clock.shared(now),
            );
            self.went_down(from, Some(to));
            self.link.last_tick = now;
        }
    }
}
