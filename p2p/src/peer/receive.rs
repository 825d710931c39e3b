//! The receive path of a [`PeerGame`]: every message from the other device, checked.

use vrhcaby_rules::{Command, Millis, Side};

use super::{void_error, Divergence, Output, PeerGame};
use crate::act::{judged, Act, Authored};
use crate::clock::Sample;
use crate::error::PeerError;
use crate::fold::{Landing, GRACE_MS};
use crate::message::{Message, VERSION};

/// A live act may be stamped this much before the latest stamp we heard from its device
/// (the clock estimates of the two devices differ a little; a minute's backdating is refused).
pub const LATE_MS: Millis = 5_000;

/// A message of the other device may take at least this long, whatever the round trips
/// measured so far (a few fast ones early in a game say little of the next).
pub const MIN_LATE_MS: Millis = 3_000;

/// An act stamped further ahead of our clock than this (beyond the grace) is refused: a
/// little ahead it waits for our clock (and is judged by when it came), never a minute.
pub(super) const MAX_AHEAD_MS: Millis = 5_000;
/// After this device begins to hear the other again, acts re-sent for the hellos come within
/// this time; they may carry stamps back to the last moment it heard the other before.
pub(super) const RESEND_WINDOW_MS: Millis = 10_000;
/// Hellos taken per second (more are ignored).
const HELLOS_PER_SECOND: u32 = 4;
/// An act of ours is re-sent for a hello at most this often.
const RESEND_EVERY_MS: Millis = 1_000;

/// When an act of the other device became usable on this device (its clock: it came, and
/// every earlier act of its author had come, S20). The floor for its stamp is in the marks
/// (`link::Mark`), as they stand when it is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Recv {
    pub at: Millis,
    /// An act that fills a gap was made before the channel it comes on opened (its clock;
    /// allowing the re-send window).
    pub before: Option<Millis>,
}

/// Acts of the other device that may wait for our clock.
const MAX_DEFERRED: usize = 1_024;
/// Acts of the other device kept while one before them is missing.
const MAX_EARLY: usize = 256;
/// How far ahead of the next place an act is kept for later (farther: dropped, asked again).
const MAX_EARLY_AHEAD: u32 = 512;
/// An act fills a gap (it was made while the link was down) only if an act that came early
/// waits at most this far after it: one lone act far ahead does not make every act until it
/// a gap fill.
const MAX_GAP: u32 = 64;

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
            // An act (or a refusal) that comes before this game's hello on the link is of the
            // game before (a rematch, a match's next game): the other device's acts of this
            // game always follow its hello.
            Message::Act { .. } | Message::Diverged { .. } if !self.link.heard_game => {
                self.heard(now);
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
                made,
            } => {
                self.heard(now);
                let mut lie = false;
                if echo.is_some_and(|t1| self.link.up && t1 >= self.link.up_since) {
                    self.link.settled = true;
                }
                if let Some(t1) = echo {
                    let was_ready = self.clock.ready();
                    let sample = self.clock.sample(t1, held, t, now);
                    lie = sample == Sample::Contradiction;
                    if self.clock.ready() && !was_ready {
                        self.link.ready_at = now;
                        // Spans noted before the clocks were synchronised were in our own time:
                        // put them in shared time.
                        let half = self.clock.offset().div_euclid(2);
                        let shift = |t: Millis| {
                            u64::try_from(i64::try_from(t).unwrap_or(i64::MAX).saturating_add(half))
                                .unwrap_or(0)
                        };
                        for span in &mut self.down {
                            *span = (shift(span.0), span.1.map(shift));
                        }
                        for span in &mut self.quiet {
                            *span = (shift(span.0), shift(span.1));
                        }
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
                self.note_holds(have as usize);
                // S20: every act of the other from `made` on was made after this heartbeat,
                // having seen `have` of ours. Once what it re-sent for our hello has come (see
                // `withheld`), an act it says it made and we have not had was withheld, and
                // counts as made after this heartbeat too.
                let received = self.received();
                let made = made.min(received.saturating_add(MAX_EARLY_AHEAD));
                let at = self.mark_time(now);
                if self.withheld(now) && made > received {
                    // Acts it made before this heartbeat and has not sent were withheld: each is
                    // judged as if made when it is usable at the earliest — after this
                    // heartbeat, having seen what it says it holds (S20).
                    self.mark(received, at, have.min(ours));
                }
                self.announce(made, now);
                self.mark(made, at, have.min(ours));
                if lie {
                    // Its clock cannot be where this heartbeat says and where the ones before
                    // said: the sample is refused (our bounds stand), and the player is told.
                    out.refused.push(PeerError::ClockLie);
                }
                Ok(out)
            }
            Message::Diverged { n, code } => {
                self.heard(now);
                if n as usize >= self.logs[self.seat].len() {
                    // About an act we never made: nothing of ours was refused.
                    return Err(PeerError::Malformed(format!(
                        "a divergence about act {n}, but this device made only {}",
                        self.logs[self.seat].len()
                    )));
                }
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
        let second = now / 1_000;
        if self.link.hellos.0 == second {
            self.link.hellos.1 = self.link.hellos.1.saturating_add(1);
            if self.link.hellos.1 > HELLOS_PER_SECOND {
                return Ok(out);
            }
        } else {
            self.link.hellos = (second, 1);
        }
        let ours = u32::try_from(self.logs[self.seat].len()).unwrap_or(u32::MAX);
        if have > ours {
            // It says it holds acts of ours we never made: refused, and not our divergence.
            return Err(PeerError::Lost { have, ours });
        }
        // The first hello for this game: answered with ours, so a device that moved on to this
        // game while our hello went to its old one (a rematch, a match's next game: the link
        // stays open) hears this game's hello too. At most once a game: no ping-pong.
        if !self.link.heard_game {
            out.send.push(self.hello());
        }
        self.link.heard_game = true;
        self.link.peer_have = have;
        // At most this many acts per hello (a hello asking for everything again and again
        // costs the asker, not us); the next hello gets the rest.
        let end = self.logs[self.seat]
            .len()
            .min(have as usize + RESEND_PER_HELLO);
        for n in have as usize..end {
            // Sent on this channel within the last second: it is on its way (rate limit). (One
            // sent in the very millisecond the channel opened may have gone on the old one.)
            let sent = self.sent[n];
            if sent != 0 && sent > self.link.up_since && now < sent.saturating_add(RESEND_EVERY_MS)
            {
                continue;
            }
            let act = self.logs[self.seat][n];
            out.send.push(Message::Act {
                n: u32::try_from(n).unwrap_or(u32::MAX),
                act,
            });
            self.sent_now(n, now);
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

    /// How many of the other device's acts came in order (taken, or waiting for our clock).
    pub(super) fn received(&self) -> u32 {
        u32::try_from(self.logs[self.peer()].len() + self.deferred.len()).unwrap_or(u32::MAX)
    }

    fn receive_act(&mut self, n: u32, a: Authored, now: Millis) -> Result<Output, PeerError> {
        let peer = self.peer();
        let held = self.logs[peer].len();
        let len = self.received();
        let mut recv = Recv {
            at: now,
            before: None,
        };
        // What came early for places now filled (or far off) is gone.
        self.early
            .retain(|&k, _| k > len && k <= len.saturating_add(MAX_EARLY_AHEAD));
        let gap = self
            .early
            .keys()
            .next()
            .is_some_and(|&k| k <= n.saturating_add(MAX_GAP));
        if n == len && gap {
            // It fills a gap: it was not sent on this link before the acts after it (else it
            // would have come first), so it was made while the link was down, before this
            // channel opened.
            recv.before = Some(self.link.up_since);
        }
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
        // S20: an act that comes after a gap announces the acts of the gap; once they are
        // withheld (see `withheld`), each is judged as if made now at the earliest. Once the
        // channel has settled (the other answered a heartbeat of ours on it), an act that comes
        // binds every later act of its author (made after it was sent).
        if n > len {
            self.announce(n, now);
        }
        if self.withheld(now) {
            let at = self.mark_time(now);
            if n > len {
                self.mark(len, at, 0);
            } else if self.link.settled {
                let ours = u32::try_from(self.logs[self.seat].len()).unwrap_or(u32::MAX);
                self.mark(n.saturating_add(1), at, a.seen.min(ours));
            }
        }
        if n > len {
            // One before it is missing (sent while the link was down, and not yet again): it
            // waits for the gap to fill, and a hello asks for everything from `len` again
            // (at most once a second, and never once the records differ). It is judged when it
            // becomes usable (S20), not now.
            match self.early.get(&n) {
                Some(known) if *known != a => {
                    return Err(self.refuse(n, a, PeerError::Changed { n }));
                }
                Some(_) => {}
                None if self.early.len() < MAX_EARLY
                    && n <= len.saturating_add(MAX_EARLY_AHEAD) =>
                {
                    self.early.insert(n, a);
                }
                None => {}
            }
            // (At most once a second, whatever the place: acts far ahead alternating with acts
            // in order must not make every act a hello — and a save, issue 49.)
            let asked = self
                .link
                .asked
                .is_some_and(|(_, at)| now < at.saturating_add(1_000));
            if !asked && self.divergence.is_none() {
                self.link.asked = Some((len, now));
                let hello = self.hello();
                self.queued.push(hello);
            }
            return Err(PeerError::OutOfOrder { n, len });
        }
        let mut out = self.enqueue(n, a, recv, now)?;
        // The gap is filled: what came early follows, in order, each usable from now.
        let mut next = n + 1;
        while let Some(act) = self.early.remove(&next) {
            let usable = Recv {
                at: now,
                before: None,
            };
            match self.enqueue(next, act, usable, now) {
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
        recv: Recv,
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

    /// How long a message of the other device may take, as this device measures it: the
    /// longest recent round trip and a second, at most `LATE_MS`.
    pub(super) fn late_tol(&self) -> Millis {
        self.clock.max_round_trip().map_or(LATE_MS, |rtt| {
            rtt.saturating_add(1_000).clamp(MIN_LATE_MS, LATE_MS)
        })
    }

    /// The other device's next act, in its place: checked, folded, and — if it takes effect
    /// against this device — checked against this device's own clock and observations
    /// (S17); refused otherwise, and our record stands.
    fn take_act(
        &mut self,
        n: u32,
        a: Authored,
        now: Millis,
        recv: Recv,
    ) -> Result<Output, PeerError> {
        let peer = self.peer();
        if let Err(e) = self.check_act(n, &a, now, recv) {
            return Err(self.refuse(n, a, e));
        }
        let index = self.logs[peer].len();
        // An act that crossed ours but is neither a judgement nor a claim, stamped after every
        // act of ours it had not seen (none of them a claim), comes after all of them in the
        // fold (by stamp): it is appended, not folded again from the checkpoint — so acts that
        // never acknowledge ours (a tick flood) cost no more than any other act.
        let claim = |x: &Authored| matches!(x.act, Act::Cmd(Command::ClaimWin { .. }));
        let unseen = self.logs[self.seat].get(a.seen as usize..).unwrap_or(&[]);
        // (On equal stamps White's act comes first: ours, if the other is Black.)
        let later = |o: &Authored| o.t < a.t || (o.t == a.t && peer == Side::Black);
        // (A reveal crossing a choice of ours comes before it, whatever the stamps: folded.)
        let choice = |x: &Authored| {
            matches!(
                x.act,
                Act::Cmd(Command::Double { .. } | Command::OfferResign { .. })
            )
        };
        let reveal = matches!(a.act, Act::Reveal { .. });
        let after_ours = !judged(&a.act, peer)
            && !claim(&a)
            && unseen
                .iter()
                .all(|o| later(o) && !claim(o) && !(reveal && choice(o)));
        let crossed = !unseen.is_empty();
        let concurrent = crossed && !after_ours;
        let next = if concurrent {
            self.logs[peer].push(a);
            let mut next = self.base.clone();
            next.events.clear();
            next.watch = Some((peer, index));
            next.landed = None;
            next.run(&self.logs, &self.game_id);
            next.watch = None;
            next
        } else {
            let mut trial = self.cur.clone();
            trial.events.clear();
            let landed = Landing::before(&trial);
            let before = (trial.game.result(), trial.game.late());
            let applied = match trial.apply(peer, &a, &self.game_id) {
                Ok(()) => true,
                // Crossed ours: void where it lands, as the fold would have it.
                Err(v) if crossed => {
                    trial.voids.push((peer, index, v));
                    false
                }
                Err(v) => {
                    let e = void_error(v, &a);
                    return Err(self.refuse(n, a, e));
                }
            };
            trial.pos[peer] += 1;
            trial.landed = Some(landed.after(&trial, before, applied));
            self.logs[peer].push(a);
            trial
        };
        if let Err(e) = self.agrees(&a, index, recv, &next) {
            self.logs[peer].pop();
            return Err(self.refuse(n, a, e));
        }
        let mut out = if concurrent {
            let old = std::mem::replace(&mut self.cur, next);
            let o = self.changes(&old);
            self.advance_base();
            o
        } else {
            let mut next = next;
            let events = std::mem::take(&mut next.events);
            self.cur = next;
            self.advance_base();
            Output {
                events,
                ..Output::default()
            }
        };
        self.cur.landed = None;
        out.save = true;
        self.link.peer_have = self.link.peer_have.max(a.seen);
        self.note_holds(a.seen as usize);
        self.refresh(now);
        Ok(out)
    }
}
