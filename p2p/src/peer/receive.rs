//! The receive path of a [`PeerGame`]: every message from the other device, checked.

use vrhcaby_rules::{Command, Millis, Phase, Side, MOVE_TIME_MS};

use crate::clock::MAX_OFFSET_MS;

use super::{is_player_command, Divergence, Output, PeerGame, MAX_ACTS, MAX_CROSSING};
use super::{PRESENCE_TOLERANCE_MS};
use crate::act::{judged, Act, Authored};
use crate::error::PeerError;
use crate::fold::GRACE_MS;
use crate::message::{Message, VERSION};

/// Hellos closer together than this are answered once (each one re-sends what is missing).
const HELLO_EVERY_MS: Millis = 1_000;

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
        match msg {
            Message::Hello {
                version,
                game_id,
                seat,
                created,
                have,
            } => self.receive_hello(version, game_id, seat, created, have, now),
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
                    self.clock.sample(t1, held, t, now);
                }
                self.link.echo = Some((t, now));
                let ours = u32::try_from(self.logs[self.seat].len()).unwrap_or(u32::MAX);
                self.link.peer_have = have.min(ours);
                let floor = self.clock.shared_of_peer(t);
                if floor <= self.clock.shared(now).saturating_add(GRACE_MS) {
                    self.link.heard_floor = self.link.heard_floor.max(floor);
                }
                Ok(Output::default())
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
        created: Millis,
        have: u32,
        now: Millis,
    ) -> Result<Output, PeerError> {
        if version != VERSION {
            return Err(PeerError::Version {
                ours: VERSION,
                theirs: version,
            });
        }
        if game_id != self.game_id {
            return Err(PeerError::WrongGame {
                ours: self.game_id.clone(),
                theirs: game_id,
            });
        }
        if seat == self.seat {
            return Err(PeerError::SameSeat(seat));
        }
        let mut out = Output::default();
        let fresh = self.logs.white.is_empty() && self.logs.black.is_empty();
        if created != self.created && fresh && self.seat == Side::White {
            // Black takes White's creation time; White keeps its own.
        } else if created != self.created {
            // Black takes White's creation time while neither has acted yet (within the
            // largest clock difference taken, or up to 30 days old: an invitation may wait).
            let now_shared = self.clock.shared(now);
            let plausible = created <= now_shared.saturating_add(MAX_OFFSET_MS as Millis)
                && created >= now_shared.saturating_sub(30 * 24 * 3_600_000);
            if !(fresh && plausible) {
                return Err(PeerError::WrongGame {
                    ours: self.game_id.clone(),
                    theirs: format!("{} (created at {created})", self.game_id),
                });
            }
            let mut rebuilt = PeerGame::build(
                self.game_id.clone(),
                self.seat,
                created,
                self.head.clone(),
                self.logs.clone(),
            )?;
            rebuilt.clock = self.clock.clone();
            rebuilt.link = self.link.clone();
            rebuilt.secrets = self.secrets.clone();
            rebuilt.down = self.down.clone();
            *self = rebuilt;
            out.save = true;
        }
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
        if self
            .link
            .last_hello
            .is_some_and(|t| now < t.saturating_add(HELLO_EVERY_MS))
        {
            return Ok(out);
        }
        self.link.last_hello = Some(now);
        for n in have as usize..self.logs[self.seat].len() {
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
        let len = u32::try_from(self.logs[peer].len()).unwrap_or(u32::MAX);
        if n < len {
            return if self.logs[peer][n as usize] == a {
                Ok(Output::default())
            } else {
                Err(self.refuse(n, a, PeerError::Changed { n }))
            };
        }
        if n > len {
            // A message was lost: the hello asks for everything from `len` again.
            let hello = self.hello();
            self.queued.push(hello);
            return Err(PeerError::OutOfOrder { n, len });
        }
        if let Err(e) = self.check_act(&a, now) {
            return Err(self.refuse(n, a, e));
        }
        let concurrent = (a.seen as usize) < self.logs[self.seat].len();
        let mut out = if concurrent {
            self.logs[peer].push(a);
            let old = self.cur.clone();
            self.refold(Some(&old))
        } else {
            let mut trial = self.cur.clone();
            trial.events.clear();
            if let Err(v) = trial.apply(peer, &a, &self.game_id) {
                let e = match v {
                    crate::fold::Void::Rules(e) => PeerError::Rejected(e),
                    crate::fold::Void::NotTheirs => PeerError::NotAllowedFromPeer("this act"),
                    crate::fold::Void::Dice => PeerError::BadDiceMessage {
                        roll: match a.act {
                            Act::Commit { roll, .. } | Act::Reveal { roll, .. } => roll,
                            Act::Cmd(_) => 0,
                        },
                    },
                };
                return Err(self.refuse(n, a, e));
            }
            trial.pos[peer] += 1;
            self.logs[peer].push(a);
            let events = std::mem::take(&mut trial.events);
            self.cur = trial;
            self.advance_base();
            Output {
                events,
                ..Output::default()
            }
        };
        out.save = true;
        if !judged(&a.act, peer) {
            self.link.heard_floor = self.link.heard_floor.max(a.t);
        }
        self.link.peer_have = self.link.peer_have.max(a.seen);
        self.refresh(now);
        Ok(out)
    }

    /// Everything about the other device's next act that does not need the fold.
    fn check_act(&self, a: &Authored, now: Millis) -> Result<(), PeerError> {
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
        let max = self.clock.shared(now).saturating_add(GRACE_MS);
        let judgement = judged(&a.act, peer);
        let live_min = if judgement {
            min
        } else {
            min.max(self.link.heard_floor.saturating_sub(GRACE_MS))
        };
        if a.t < live_min || a.t > max {
            return Err(PeerError::TimeOutOfRange {
                t: a.t,
                min: live_min,
                max,
            });
        }
        // A judgement about us stands only if this device saw the link down then (S16).
        if judgement {
            let from = match a.act {
                Act::Cmd(Command::DiceLate { .. }) => a.t.saturating_sub(MOVE_TIME_MS + PRESENCE_TOLERANCE_MS),
                _ => a.t.saturating_sub(PRESENCE_TOLERANCE_MS),
            };
            if !self.was_down(from, a.t.saturating_add(PRESENCE_TOLERANCE_MS)) {
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
