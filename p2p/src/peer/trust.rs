//! What this device believes of an act of the other device (S15, S17; `p2p/README.md`, "What
//! each device trusts"): its stamp only within this device's own bounds, and an act that goes
//! against this device only where this device's own clock and observations agree.

use vrhcaby_rules::{Command, Millis, Phase};

use super::receive::{Recv, MAX_AHEAD_MS, RESEND_WINDOW_MS};
use super::{is_player_command, PeerGame, MAX_ACTS, MAX_CROSSING, PRESENCE_TOLERANCE_MS};
use crate::act::{judged, Act, Authored};
use crate::error::PeerError;
use crate::fold::{Fold, GRACE_MS};

/// How late after the answer time an answer to our offer may come while the link is up.
const ANSWER_TOL_MS: Millis = 1_500;
/// A claim on a clock our own act started may come this much before 60 s and the grace have
/// passed on our own clock (ticks and rounding).
const CLAIM_SLACK_MS: Millis = 250;

impl PeerGame {
    /// S17: an act of the other device that took effect against this device stands only where
    /// this device's own clock and observations agree: a judgement about us (`offline`,
    /// `dice_late`), a claim (our time had run out when it came), an answer to our offer (it
    /// was still open, by our clock, when the answer could have reached us).
    pub(super) fn agrees(
        &self,
        a: &Authored,
        n: usize,
        recv: Recv,
        next: &Fold,
    ) -> Result<(), PeerError> {
        let Some(landed) = next.landed else {
            return Ok(());
        };
        if !landed.applied {
            return Ok(());
        }
        let Act::Cmd(cmd) = a.act else {
            return Ok(());
        };
        if !landed.effect {
            // A judgement about us that changes nothing where it lands (the state moved on)
            // still says we were cut off: only if we were, about then.
            if judged(&a.act, self.peer()) {
                let from =
                    a.t.saturating_sub(vrhcaby_rules::MOVE_TIME_MS + PRESENCE_TOLERANCE_MS);
                let to = self
                    .clock
                    .shared(recv.at)
                    .saturating_add(PRESENCE_TOLERANCE_MS);
                if !self.was_down(from, to) {
                    return Err(PeerError::PresenceUnseen { t: a.t });
                }
            }
            return Ok(());
        }
        let tol = self
            .clock
            .uncertainty()
            .saturating_mul(2)
            .saturating_add(250);
        let came = self.clock.shared(recv.at);
        match cmd {
            Command::Offline { side } | Command::DiceLate { side } if side == self.seat => {
                self.judgement_agrees(cmd, a.t, a.seen as usize, n, &landed)
            }
            Command::ClaimWin { .. } => match landed.deadline {
                Some(d) if came.saturating_add(tol) < d => Err(PeerError::EarlyClaim),
                // A clock our own act started: the claimant saw it start only when our act
                // reached it, so its claim reaches us 60 s and the grace after we made it at the
                // earliest, by our own clock alone — whatever the clocks' uncertainty (issue 49:
                // answers held 4 s pinned it at 2 s, and a claim came 3.9 s early).
                Some(d)
                    if self.judge.own_start.is_some_and(|(dd, at)| {
                        dd == d
                            && recv.at.saturating_add(CLAIM_SLACK_MS)
                                < at.saturating_add(vrhcaby_rules::MOVE_TIME_MS + GRACE_MS)
                    }) =>
                {
                    Err(PeerError::EarlyClaim)
                }
                _ => Ok(()),
            },
            Command::AcceptDraw { .. } | Command::DeclineDraw { .. } => match landed.deadline {
                // Our offer lapsed, by our clock, well before this answer came, and this device
                // was not cut off from its stamp to the lapse (it would have come at once): the
                // lapse stands.
                Some(lapse)
                    if came
                        > lapse
                            .saturating_add(GRACE_MS + ANSWER_TOL_MS)
                            .saturating_add(tol)
                        && !self.was_down(a.t.saturating_sub(tol), lapse) =>
                {
                    Err(PeerError::TimeOutOfRange {
                        t: a.t,
                        min: 0,
                        max: lapse,
                    })
                }
                _ => Ok(()),
            },
            _ => Ok(()),
        }
    }

    /// Everything about the other device's next act that does not need the fold.
    pub(super) fn check_act(
        &self,
        n: u32,
        a: &Authored,
        now: Millis,
        recv: Recv,
    ) -> Result<(), PeerError> {
        let peer = self.peer();
        let theirs = &self.logs[peer];
        let ours = &self.logs[self.seat];
        if theirs.len() >= MAX_ACTS {
            return Err(PeerError::TooLong);
        }
        let seen = a.seen as usize;
        let last_seen = theirs.last().map_or(0, |l| l.seen as usize);
        if seen > ours.len() || seen < last_seen || ours.len() - seen > MAX_CROSSING {
            return Err(PeerError::Malformed(format!(
                "an act that saw {seen} of our acts (we made {}, it saw {last_seen} before)",
                ours.len()
            )));
        }
        // A claim ends the game on its author's device (it is made only when the rules allow
        // it): nothing follows it there until an act of ours comes. An act after its own claim
        // having seen nothing more is one no honest device makes (a flood of void claims).
        if theirs.last().is_some_and(|l| {
            l.seen as usize == seen && matches!(l.act, Act::Cmd(Command::ClaimWin { .. }))
        }) {
            return Err(PeerError::Malformed(format!(
                "an act after its own claim, having seen nothing since ({seen} of our acts)"
            )));
        }
        // Only the other side's own commands, and judgements about us.
        if let Act::Cmd(cmd) = a.act {
            match cmd {
                Command::Start { .. }
                | Command::Dice { .. }
                | Command::Online { .. }
                | Command::BadDice { .. } => return Err(PeerError::NotAllowedFromPeer(cmd.name())),
                Command::Tick => {}
                Command::Offline { side } | Command::DiceLate { side } => {
                    if side != self.seat {
                        return Err(PeerError::WrongSide { side: Some(side) });
                    }
                }
                _ if is_player_command(&cmd) => {
                    if cmd.side() != Some(peer) {
                        return Err(PeerError::WrongSide { side: cmd.side() });
                    }
                }
                _ => return Err(PeerError::NotAllowedFromPeer(cmd.name())),
            }
        }
        // Stamps (S17, S20): believed only as far as this device's clock bounds them. Never
        // before the other's previous act or the act of ours it had seen; never before the game
        // was made here; never before the last message of the other that came before this act
        // was made (its mark: a heartbeat that said it had made fewer acts, or anything it sent
        // once the channel had settled), less the delay a message may take — whatever the
        // channel's state, a silence or a reload; never more than the grace ahead of our clock
        // when it became usable.
        let slack = self.clock.uncertainty();
        let late = self.late_tol();
        let back = |x: Millis| self.clock.shared(x).saturating_sub(late + slack);
        let mut min =
            theirs
                .last()
                .map_or(0, |l| l.t)
                .max(if seen > 0 { ours[seen - 1].t } else { 0 });
        if let Some(b) = self.born {
            min = min.max(back(b));
        }
        let mark = self.mark_for(n);
        if !judged(&a.act, peer) {
            // (A judgement is stamped at the deadline it judges, as of then: `agrees` checks it
            // against this device's own record instead.)
            if let Some(m) = mark {
                min = min.max(back(m.at));
            }
        }
        let came = self.clock.shared(recv.at);
        let max = came
            .max(
                self.clock
                    .shared(now)
                    .min(came.saturating_add(MAX_AHEAD_MS)),
            )
            .saturating_add(GRACE_MS + slack)
            .min(recv.before.map_or(Millis::MAX, |b| {
                self.clock
                    .shared(b)
                    .saturating_add(RESEND_WINDOW_MS + slack)
            }));
        if a.t < min || a.t > max {
            return Err(PeerError::TimeOutOfRange { t: a.t, min, max });
        }
        // S20: an act never leaves out what its author had already said it holds — a heartbeat
        // before it (its mark) said so. What a side acknowledged orders everything after it,
        // however long the silence, whatever closed or reloaded since.
        // A judgement is made as of the instant it judges (its stamp): it leaves out acts of
        // ours stamped after that instant, acknowledged or not — but never one stamped before it
        // that its author had acknowledged (that would put our act after the instant it was
        // made in).
        if let Some(m) = mark {
            let have = (m.have as usize).min(ours.len());
            if judged(&a.act, peer) {
                let required = ours[..have].iter().take_while(|o| o.t <= a.t).count();
                if seen < required {
                    return Err(PeerError::PresenceUnseen { t: a.t });
                }
            } else if seen < have {
                return Err(PeerError::Malformed(format!(
                    "an act that saw {seen} of our acts after a heartbeat that said it held {have}"
                )));
            }
        }
        // A claim that reaches us before our own clock has run out is refused (S15); where
        // it lands is checked again after the fold (`agrees`).
        if let Act::Cmd(Command::ClaimWin { .. }) = a.act {
            let g = &self.cur.game;
            if seen == ours.len() && g.phase() == Phase::Moving {
                if let Some(d) = g.deadline() {
                    if came < d {
                        return Err(PeerError::EarlyClaim);
                    }
                }
            }
        }
        Ok(())
    }
}
