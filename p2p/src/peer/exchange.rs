//! The dice exchange of a [`PeerGame`] (S13, S18, S19): our commitment for the roll being
//! thrown, our reveal once the other's commitment is in, the roller's choice to roll first in
//! standard backgammon, and our parts re-sent until the other device acknowledges them.

use vrhcaby_rules::{Millis, Phase};

use super::{Output, PeerGame};
use crate::act::Act;
use crate::dice::commitment;
use crate::message::Message;

/// Our unacknowledged acts (our part of a dice exchange above all, S19) are sent again this
/// often, the first `RESEND_AT_ONCE` of them.
const RESEND_PART_MS: Millis = 2_000;
const RESEND_AT_ONCE: usize = 16;

impl PeerGame {
    /// The dice exchange: commits for the roll being thrown, and reveals once the other
    /// device's commitment is in. `fresh` draws a new secret.
    pub fn step(&mut self, now: Millis, fresh: &mut dyn FnMut() -> [u8; 32]) -> Output {
        let mut out = Output::default();
        // Nothing is stamped before the clocks are synchronised (an honest device answers
        // heartbeats at once; one that never does only stalls its own game).
        if !self.clock.ready()
            || !self.link.heard_game
            || !matches!(
                self.cur.game.phase(),
                Phase::Lot | Phase::Opening | Phase::Rolling
            )
        {
            return out;
        }
        let roll = self.cur.roll;
        // Standard: our roll waits for the player's choice while they may double instead;
        // the choice is an act of ours (S18), made before our commitment.
        let g = &self.cur.game;
        let roller_may_double = g.can_double().ok();
        if roller_may_double == Some(self.seat) {
            if self.roll_chosen != Some(roll) {
                return out;
            }
            if !self.cur.parts.chosen {
                match self.author(Act::Roll { roll }, now) {
                    Ok(o) => out.merge(o),
                    Err(_) => return out,
                }
            }
        }
        // No reveal before the roller's choice is in (S18) — and the roller here reveals only
        // once the other device has acknowledged its choice (an act of it that saw the choice,
        // or a heartbeat saying it holds it; never forgotten, S20): a choice of the other stamped just
        // before ours "that never saw it" could otherwise void our choice after our secret
        // was out, and it would know the dice before its own next choice.
        let choice_in = roller_may_double.is_none() || self.cur.parts.chosen;
        let choice_known = roller_may_double != Some(self.seat)
            || self.logs[self.seat]
                .iter()
                .rposition(|a| matches!(a.act, Act::Roll { roll: r } if r == roll))
                .is_some_and(|i| self.acked().max(self.holds as usize) > i);
        let secret = match self.secrets.iter().find(|(r, _)| *r == roll) {
            Some(&(_, s)) => s,
            None => {
                let s = fresh();
                self.secrets.retain(|(r, _)| r.saturating_add(1) >= roll);
                self.secrets.push((roll, s));
                out.save = true;
                s
            }
        };
        let parts = &self.cur.parts;
        if parts.commit[self.seat].is_none() {
            let hash = commitment(&self.game_id, roll, self.seat, &secret);
            if let Ok(o) = self.author(Act::Commit { roll, hash }, now) {
                out.merge(o);
            }
        }
        let parts = &self.cur.parts;
        if choice_in
            && choice_known
            && parts.commit[self.seat].is_some()
            && parts.commit[self.peer()].is_some()
            && parts.reveal[self.seat].is_none()
        {
            if let Ok(o) = self.author(Act::Reveal { roll, secret }, now) {
                out.merge(o);
            }
        }
        out
    }

    /// S19: our acts the other device has not acknowledged — above all our part of the dice
    /// exchange under way — are sent again (every `RESEND_PART_MS`, the first few) until it
    /// acknowledges them, so a lost message cannot stall the roll, nor come much later.
    pub(super) fn resend_parts(&mut self, now: Millis) -> Vec<Message> {
        let mut send = Vec::new();
        if !self.link.up || !self.link.heard_game {
            return send;
        }
        let have = (self.link.peer_have as usize).max(self.acked());
        let end = self.logs[self.seat].len().min(have + RESEND_AT_ONCE);
        for i in have..end {
            if now >= self.sent[i].saturating_add(RESEND_PART_MS) {
                send.push(Message::Act {
                    n: u32::try_from(i).unwrap_or(u32::MAX),
                    act: self.logs[self.seat][i],
                });
                self.sent_now(i, now);
            }
        }
        send
    }
}
