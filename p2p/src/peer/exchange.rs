//! The commit–reveal dice exchange of a [`PeerGame`]: our secret, its commitment and reveal,
//! theirs checked against theirs, and the lot or roll both give.

use vrhcaby_rules::{Command, Event, Millis, Phase, Record, Side};

use super::{flush_ticks, nothing, roll_index, Exchange, Output, PeerGame};
use crate::dice::{commitment, dice_from_secrets, from_hex32, lot_from_secrets, to_hex};
use crate::error::PeerError;
use crate::message::{Message, CLOCK_TOLERANCE_MS};

impl PeerGame {
    /// Our secret for the current roll, once committed, and the time stamp of our reveal, once
    /// revealed. Save it with the record: after a reload, [`PeerGame::restore_secret`] keeps
    /// the commitment the other device already holds.
    #[must_use]
    pub fn pending_secret(&self) -> Option<(u32, [u8; 32], Option<Millis>)> {
        self.exchange
            .mine
            .map(|s| (self.exchange.index, s, self.exchange.my_reveal))
    }

    /// Puts back a secret saved by [`PeerGame::pending_secret`] (only for the current roll and
    /// before a new one is drawn). Returns whether it was taken.
    pub fn restore_secret(
        &mut self,
        roll: u32,
        secret: [u8; 32],
        revealed_at: Option<Millis>,
    ) -> bool {
        self.sync_exchange();
        if roll != self.exchange.index || self.exchange.mine.is_some() {
            return false;
        }
        self.exchange.mine = Some(secret);
        self.exchange.my_reveal = revealed_at;
        self.exchange.commit_sent = false;
        self.exchange.reveal_sent = false;
        true
    }

    /// The dice messages we have sent for the last completed roll and the current one, again
    /// (after a reconnect some may have been lost; the other device ignores exact duplicates).
    pub fn resend(&mut self) -> Vec<Message> {
        let mut out = Vec::new();
        if let Some(prev) = &self.previous {
            out.extend(self.dice_messages(prev));
        }
        let current = self.dice_messages(&self.exchange);
        self.exchange.commit_sent = self.exchange.mine.is_some();
        self.exchange.reveal_sent = self.exchange.my_reveal.is_some();
        out.extend(current);
        out
    }

    fn dice_messages(&self, ex: &Exchange) -> Vec<Message> {
        let mut out = Vec::new();
        if let Some(secret) = ex.mine {
            out.push(self.commit_message(ex.index, &secret));
            if let Some(t) = ex.my_reveal {
                out.push(Message::Reveal {
                    roll: ex.index,
                    secret: to_hex(&secret),
                    t,
                });
            }
        }
        out
    }

    fn commit_message(&self, roll: u32, secret: &[u8; 32]) -> Message {
        Message::Commit {
            roll,
            hash: to_hex(&commitment(&self.game_id, roll, self.seat, secret)),
        }
    }

    /// Drives the fair dice. Call it after every `local`, `observe` and `receive` (and on a
    /// timer is harmless): it returns the Commit / Reveal messages due, and once both secrets
    /// are known and verified it applies Start (the lot) or Dice at the later reveal time.
    pub fn step(
        &mut self,
        now: Millis,
        fresh: &mut dyn FnMut() -> [u8; 32],
    ) -> Result<Output, PeerError> {
        self.check()?;
        self.sync_exchange();
        if !self.link_up || !matches!(self.game.phase(), Phase::Lot | Phase::Rolling) {
            return Ok(nothing());
        }
        let mut msgs = Vec::new();
        let index = self.exchange.index;
        let secret = match self.exchange.mine {
            Some(s) => s,
            None => {
                let s = fresh();
                self.exchange.mine = Some(s);
                self.exchange.commit_sent = false;
                s
            }
        };
        if !self.exchange.commit_sent {
            msgs.push(self.commit_message(index, &secret));
            self.exchange.commit_sent = true;
        }
        // Our secret is revealed only once the other device is bound by its commitment.
        if self.exchange.their_commit.is_none() {
            return Ok((Vec::new(), msgs));
        }
        let my_t = match self.exchange.my_reveal {
            Some(t) => t,
            None => {
                let t = now.max(self.last());
                self.exchange.my_reveal = Some(t);
                self.exchange.reveal_sent = false;
                t
            }
        };
        if !self.exchange.reveal_sent {
            msgs.push(Message::Reveal {
                roll: index,
                secret: to_hex(&secret),
                t: my_t,
            });
            self.exchange.reveal_sent = true;
        }
        Ok((self.complete_roll(), msgs))
    }

    /// Applies the lot or the roll once both secrets are out (ours sent, theirs verified),
    /// at the later of the two reveal times. Returns the events (none if not complete yet).
    pub(super) fn complete_roll(&mut self) -> Vec<Event> {
        let ex = &self.exchange;
        let (Some(mine), Some(my_t), Some((theirs, their_t))) =
            (ex.mine, ex.my_reveal, ex.their_reveal)
        else {
            return Vec::new();
        };
        if !matches!(self.game.phase(), Phase::Lot | Phase::Rolling) {
            return Vec::new();
        }
        let cmd = self.exchange_command(&mine, &theirs);
        let t = my_t.max(their_t).max(self.last());
        let mut game = self.game.clone();
        let mut events = flush_ticks(&mut game, t);
        if matches!(game.phase(), Phase::Lot | Phase::Rolling) {
            match game.apply(cmd, t) {
                Ok(e) => events.extend(e),
                // Cannot happen with equal records: leave the game as it was.
                Err(_) => return Vec::new(),
            }
        }
        self.commit_game(game);
        events
    }

    /// Start (the lot, roll index 0) or Dice from both secrets.
    fn exchange_command(&self, mine: &[u8; 32], theirs: &[u8; 32]) -> Command {
        let (white, black) = match self.seat {
            Side::White => (mine, theirs),
            Side::Black => (theirs, mine),
        };
        if self.exchange.index == 0 {
            Command::Start {
                first: lot_from_secrets(&self.game_id, white, black),
            }
        } else {
            Command::Dice {
                dice: dice_from_secrets(&self.game_id, self.exchange.index, white, black),
            }
        }
    }

    /// A message for a roll already thrown: fine if it repeats what we had, else an error.
    /// (Without the data to compare, a stale message is ignored: it cannot change anything.)
    fn stale(&self, roll: u32, same: impl Fn(&Exchange) -> bool) -> Result<(), PeerError> {
        match &self.previous {
            Some(prev) if prev.index == roll && !same(prev) => Err(PeerError::WrongRoll {
                roll,
                current: self.exchange.index,
            }),
            _ => Ok(()),
        }
    }

    pub(super) fn receive_commit(&mut self, roll: u32, hash: &str) -> Result<(), PeerError> {
        let h = from_hex32(hash).ok_or_else(|| {
            PeerError::Malformed("a dice commitment must be 64 hex digits".to_string())
        })?;
        let current = self.exchange.index;
        if roll == current.saturating_add(1) {
            // The other device finished the current roll first (its reveal to us may still be
            // on the way, or lost and about to be re-sent): keep the commitment for later.
            self.early_commit = Some((roll, h));
            return Ok(());
        }
        if roll > current {
            return Err(PeerError::WrongRoll { roll, current });
        }
        if roll < current {
            return self.stale(roll, |ex| ex.their_commit == Some(h));
        }
        let ex = &mut self.exchange;
        match ex.their_commit {
            Some(c) if c == h => Ok(()),
            // Once we have revealed, a new commitment would let them pick the dice.
            Some(_) if ex.my_reveal.is_some() => Err(PeerError::CommitChanged { roll }),
            _ => {
                ex.their_commit = Some(h);
                ex.their_reveal = None;
                Ok(())
            }
        }
    }

    pub(super) fn receive_reveal(
        &mut self,
        roll: u32,
        secret: &str,
        t: Millis,
        now: Millis,
    ) -> Result<(), PeerError> {
        let s = from_hex32(secret).ok_or_else(|| {
            PeerError::Malformed("a dice secret must be 64 hex digits".to_string())
        })?;
        let current = self.exchange.index;
        if roll > current {
            return Err(PeerError::WrongRoll { roll, current });
        }
        if roll < current {
            return self.stale(roll, |ex| ex.their_reveal == Some((s, t)));
        }
        let Some(c) = self.exchange.their_commit else {
            return Err(PeerError::RevealBeforeCommit { roll });
        };
        if commitment(&self.game_id, roll, self.peer(), &s) != c {
            self.halted = Some(PeerError::DiceMismatch);
            return Err(PeerError::DiceMismatch);
        }
        if let Some(known) = self.exchange.their_reveal {
            return if known == (s, t) {
                Ok(())
            } else {
                Err(PeerError::RevealChanged { roll })
            };
        }
        let max = now.saturating_add(CLOCK_TOLERANCE_MS);
        if t > max {
            return Err(PeerError::TimeOutOfRange {
                t,
                min: self.last(),
                max,
            });
        }
        self.exchange.their_reveal = Some((s, t));
        Ok(())
    }

    /// Every Start or Dice entry that their record adds must be the one our exchange gives:
    /// dice never come from a record alone.
    pub(super) fn check_synced_dice(&self, theirs: &Record) -> Result<(), PeerError> {
        let ours = &self.game.record().commands;
        let common = ours
            .iter()
            .zip(&theirs.commands)
            .take_while(|(a, b)| a == b)
            .count();
        let mut index = roll_index(&theirs.commands[..common]);
        for (seq, e) in theirs.commands.iter().enumerate().skip(common) {
            if !matches!(e.cmd, Command::Start { .. } | Command::Dice { .. }) {
                continue;
            }
            let ex = &self.exchange;
            let ok = match (index == ex.index, ex.mine, ex.my_reveal, ex.their_reveal) {
                (true, Some(mine), Some(my_t), Some((their, their_t))) => {
                    e.cmd == self.exchange_command(&mine, &their) && e.t >= my_t.max(their_t)
                }
                _ => false,
            };
            if !ok {
                return Err(PeerError::DiceUnverified { seq });
            }
            index += 1;
        }
        Ok(())
    }
}
