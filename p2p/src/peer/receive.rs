//! The receive path of a [`PeerGame`]: every message from the other device, checked.

use vrhcaby_rules::{Command, Millis, Phase, Side, MOVE_TIME_MS};

use super::PRESENCE_TOLERANCE_MS;
use super::{is_player_command, Divergence, Output, PeerGame, MAX_ACTS, MAX_CROSSING};
use crate::act::{judged, Act, Authored};
use crate::error::PeerError;
use crate::fold::GRACE_MS;
use crate::message::{Message, VERSION};

/// A live act may be stamped this much before the latest stamp we heard from its device
/// (the clock estimates of the two devices differ a little; a minute's backdating is refused).
pub const LATE_MS: Millis = 5_000;

/// An act stamped further ahead of our clock than this (beyond the grace) is refused.
const MAX_AHEAD_MS: Millis = 60_000;

/// Acts of the other device that may wait for our clock.
const MAX_DEFERRED: usize = 1_024;
/// Acts of the other device kept while one before them is missing.
const MAX_EARLY: usize = 256;

/// Acts re-sent for one hello.
const RESEND_PER_HELLO: usize = 512;

impl PeerGame {
    /// A message from the other device. Everything is checked; on an error nothing changes.
    /// An act refused for good is answered with [`Message::Diverged`] (in the error's output)
    /// and the records differ from then on ([`PeerGame::divergence`]).
    pub fn receive(&mut self, msg: Message, now: Millis) -> Result<Output, PeerError> {
        self.receive_inner(msg, now).map(|mut out| {
            out.send.splice(0..0, std::mem::take(&mut self.queued));
            out
        })
    }

    /// Messages this device owes the other after a refused message (a `diverged` answer, a
    /// hello asking for lost acts again): send them after an error from [`PeerGame::receive`].
    pub fn take_queued(&mut self) -> Vec<Message> {
        std::mem::take(&mut self.queued)
    }

    fn receive_inner(&mut self, msg: Message, now: Millis) -> Result<Output, PeerError> {
        self.wake_check(now);
        match msg {
            Message::Hello {
                version,
                game_id,
                seat,
                have,
                options,
            } => {
                // Both games are under the same rules and options, or nothing goes on.
                if options != self.head.options {
                    return Err(PeerError::WrongRules);
                }
                self.receive_hello(version, game_id, seat, have, now)
            }
            // The other device has moved on to another game: nothing of it is for this one.
            Message::Act { .. } | Message::Heartbeat { .. } | Message::Diverged { .. }
                if self.link.other_game =>
            {
                Ok(Output::default())
            }
            Message::Act { n, act } => {
                self.heard(now);
                self.receive_act(n, act, now)
            }
            Message::Heartbeat {
                t,
                echo,
                held,
                have,
            } => {
                self.heard(now);
                if let Some(t1) = echo {
                    let was_ready = self.clock.ready();
                    if self.clock.sample(t1, held, t, now) && !was_ready {
                        self.link.ready_at = now;
                    }
                }
                let mut out = self.flush_deferred(now);
                self.link.echo = Some((t, now));
                // A first contact: answer at once, so both clocks are synchronised quickly.
                if echo.is_none() && self.link.up && now >= self.link.last_beat.saturating_add(200)
                {
                    let beat = self.heartbeat(now);
                    out.send.push(beat);
                }
                let ours = u32::try_from(self.logs[self.seat].len()).unwrap_or(u32::MAX);
                self.link.peer_have = have.min(ours);
                Ok(out)
            }
            Message::Diverged { n, code } => {
                self.heard(now);
                let code: String = code
                    .chars()
                    .filter(|c| c.is_ascii_lowercase() || *c == '_')
                    .take(40)
                    .collect();
                self.divergence = Some(Divergence {
                    n,
                    refused_by_us: false,
                    code,
                });
                Ok(Output {
                    save: true,
                    ..Output::default()
                })
            }
        }
    }

    fn receive_hello(
        &mut self,
        version: u32,
        game_id: String,
        seat: Side,
        have: u32,
        now: Millis,
    ) -> Result<Output, PeerError> {
        if version != VERSION {
            return Err(PeerError::Version {
                ours: VERSION,
                theirs: version,
            });
        }
        self.link.other_game = game_id != self.game_id;
        if self.link.other_game {
            return Err(PeerError::WrongGame {
                ours: self.game_id.clone(),
                theirs: game_id,
            });
        }
        if seat == self.seat {
            return Err(PeerError::SameSeat(seat));
        }
        let mut out = Output::default();
        self.heard(now);
        let ours = u32::try_from(self.logs[self.seat].len()).unwrap_or(u32::MAX);
        if have > ours {
            let e = PeerError::Lost { have, ours };
            self.divergence = Some(Divergence {
                n: ours,
                refused_by_us: true,
                code: e.code().to_string(),
            });
            return Err(e);
        }
        self.link.peer_have = have;
        // At most this many acts per hello (a hello asking for everything again and again
        // costs the asker, not us); the next hello gets the rest.
        let end = self.logs[self.seat]
            .len()
            .min(have as usize + RESEND_PER_HELLO);
        for n in have as usize..end {
            let act = self.logs[self.seat][n];
            out.send.push(Message::Act {
                n: u32::try_from(n).unwrap_or(u32::MAX),
                act,
            });
            self.sent[n] = now;
        }
        Ok(out)
    }

    /// Refuses the other device's act `n` for good: both devices are told.
    fn refuse(&mut self, n: u32, act: Authored, e: PeerError) -> PeerError {
        if self.refused.len() < 64 {
            self.refused.push((n, act));
        }
        self.divergence = Some(Divergence {
            n,
            refused_by_us: true,
            code: e.code().to_string(),
        });
        self.queued.push(Message::Diverged {
            n,
            code: e.code().to_string(),
        });
        e
    }

    fn receive_act(&mut self, n: u32, a: Authored, now: Millis) -> Result<Output, PeerError> {
        let peer = self.peer();
        let held = self.logs[peer].len();
        let len = u32::try_from(held + self.deferred.len()).unwrap_or(u32::MAX);
        // When this device first had it, for the backdating check (none before our clock is
        // synchronised: no stamp can be judged then).
        let recv = self.clock.ready().then_some(now);
        if n < len {
            let known = match (n as usize).checked_sub(held) {
                None => self.logs[peer][n as usize],
                Some(i) => self.deferred[i].1,
            };
            return if known == a {
                Ok(Output::default())
            } else {
                Err(self.refuse(n, a, PeerError::Changed { n }))
            };
        }
        if n > len {
            // One before it is missing (sent while the link was down, and not yet again): it
            // waits for the gap to fill, and a hello asks for everything from `len` again
            // (once a second for the same place, and never once the records differ).
            match self.early.get(&n) {
                Some((known, _)) if *known != a => {
                    return Err(self.refuse(n, a, PeerError::Changed { n }));
                }
                Some(_) => {}
                None if self.early.len() < MAX_EARLY => {
                    self.early.insert(n, (a, recv));
                }
                None => {}
            }
            let asked = self
                .link
                .asked
                .is_some_and(|(l, at)| l == len && now < at.saturating_add(1_000));
            if !asked && self.divergence.is_none() {
                self.link.asked = Some((len, now));
                let hello = self.hello();
                self.queued.push(hello);
            }
            return Err(PeerError::OutOfOrder { n, len });
        }
        let mut out = self.enqueue(n, a, recv, now)?;
        // The gap is filled: what came early follows, in order.
        let mut next = n + 1;
        while let Some((act, recv)) = self.early.remove(&next) {
            match self.enqueue(next, act, recv, now) {
                Ok(o) => out.merge(o),
                Err(e) => {
                    out.refused.push(e);
                    break;
                }
            }
            next += 1;
        }
        self.early.retain(|&k, _| k > next);
        Ok(out)
    }

    /// The other device's next act: taken now, or waiting for our clock. Stamped a little
    /// ahead of our clock (the two estimates of shared time differ by a few seconds at most)
    /// it waits until our clock gets there; far ahead, it is refused. Before our clock is
    /// synchronised no stamp can be judged: it waits for that too.
    fn enqueue(
        &mut self,
        n: u32,
        a: Authored,
        recv: Option<Millis>,
        now: Millis,
    ) -> Result<Output, PeerError> {
        let ready = self.clock.ready();
        let ahead = self
            .clock
            .shared(now)
            .saturating_add(GRACE_MS + self.clock.uncertainty());
        if !ready || !self.deferred.is_empty() || a.t > ahead {
            if ready && a.t > ahead.saturating_add(MAX_AHEAD_MS) {
                let e = PeerError::TimeOutOfRange {
                    t: a.t,
                    min: 0,
                    max: ahead,
                };
                return Err(self.refuse(n, a, e));
            }
            if self.deferred.len() >= MAX_DEFERRED {
                return Err(self.refuse(n, a, PeerError::TooLong));
            }
            self.deferred.push_back((n, a, recv));
            return Ok(Output::default());
        }
        self.take_act(n, a, now, recv)
    }

    /// Acts that waited for our clock, once it has got there (see `enqueue`).
    pub(super) fn flush_deferred(&mut self, now: Millis) -> Output {
        let mut out = Output::default();
        if !self.clock.ready() {
            return out;
        }
        let ahead = self
            .clock
            .shared(now)
            .saturating_add(GRACE_MS + self.clock.uncertainty());
        while let Some(&(n, a, recv)) = self.deferred.front() {
            if a.t > ahead {
                break;
            }
            self.deferred.pop_front();
            match self.take_act(n, a, now, recv) {
                Ok(o) => out.merge(o),
                Err(e) => {
                    // Refused (and reported); what came after it cannot be placed either.
                    self.deferred.clear();
                    out.send.extend(std::mem::take(&mut self.queued));
                    out.refused.push(e);
                }
            }
        }
        out
    }

    /// The other device's next act, in its place: checked, then folded.
    fn take_act(
        &mut self,
        n: u32,
        a: Authored,
        now: Millis,
        recv: Option<Millis>,
    ) -> Result<Output, PeerError> {
        let peer = self.peer();
        if let Err(e) = self.check_act(&a, now, recv) {
            return Err(self.refuse(n, a, e));
        }
        let concurrent = (a.seen as usize) < self.logs[self.seat].len();
        let mut out = if concurrent {
            self.logs[peer].push(a);
            let old = self.cur.clone();
            self.refold(Some(&old))
        } else {
            let events = match self.append(peer, a) {
                Ok(events) => events,
                Err(e) => return Err(self.refuse(n, a, e)),
            };
            self.advance_base();
            Output {
                events,
                ..Output::default()
            }
        };
        out.save = true;
        self.link.peer_have = self.link.peer_have.max(a.seen);
        self.refresh(now);
        Ok(out)
    }

    /// Everything about the other device's next act that does not need the fold.
    /// `recv`: when this device first had the act (its clock), if its clock was synchronised
    /// then.
    fn check_act(&self, a: &Authored, now: Millis, recv: Option<Millis>) -> Result<(), PeerError> {
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
        // Stamps: never before what came before, never ahead of our clock (S15), and a live
        // act never earlier than what we already heard from the other device.
        let min = theirs
            .last()
            .map_or(0, |l| l.t)
            .max(if seen > 0 { ours[seen - 1].t } else { 0 });
        let slack = self.clock.uncertainty();
        let now_shared = self.clock.shared(now);
        let max = now_shared.saturating_add(GRACE_MS + slack);
        let judgement = judged(&a.act, peer);
        // An act made while this device could hear the other device at once (connected,
        // awake, clocks synchronised, heard lately, for all of that time) comes at once on
        // the ordered channel: stamped much earlier, it is backdated. One stamped before that
        // was made while the two were cut off (or could not judge stamps) and is re-sent now.
        let l = &self.link;
        let live_since = l
            .up_since
            .max(l.awake_at)
            .max(l.present_since)
            .max(l.ready_at);
        // (One made in the first seconds of the window may have been on its way, or made just
        // before it by the other clock, when the window began.)
        let window = self.clock.shared(live_since).saturating_add(LATE_MS);
        let live_min = match recv {
            Some(r) if !judgement && a.t >= window => {
                min.max(self.clock.shared(r).saturating_sub(LATE_MS + slack))
            }
            _ => min,
        };
        if a.t < live_min || a.t > max {
            return Err(PeerError::TimeOutOfRange {
                t: a.t,
                min: live_min,
                max,
            });
        }
        // A judgement about us stands only if this device was cut off (the channel closed,
        // asleep, the page closed) at some moment from its deadline on (S16): the other
        // device judges at its own deadline, which runs from when it received the start
        // (S15), so it may come later than the record's.
        if judgement {
            let from = match a.act {
                Act::Cmd(Command::DiceLate { .. }) => {
                    a.t.saturating_sub(MOVE_TIME_MS + PRESENCE_TOLERANCE_MS)
                }
                _ => a.t.saturating_sub(PRESENCE_TOLERANCE_MS),
            };
            if !self.was_down(from, now_shared.saturating_add(PRESENCE_TOLERANCE_MS)) {
                return Err(PeerError::PresenceUnseen { t: a.t });
            }
        }
        // A claim that reaches us before our own clock has run out is refused (S15).
        if let Act::Cmd(Command::ClaimWin { .. }) = a.act {
            let g = &self.cur.game;
            if seen == ours.len() && g.phase() == Phase::Moving {
                if let Some(d) = g.deadline() {
                    if self.clock.shared(now) < d {
                        return Err(PeerError::EarlyClaim);
                    }
                }
            }
        }
        Ok(())
    }
}
