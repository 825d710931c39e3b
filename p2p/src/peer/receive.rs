//! The receive path of a [`PeerGame`]: every message from the other device, checked.

use vrhcaby_rules::{Command, Entry, Event, Game, Millis, Record};

use super::{due_tick, flush_ticks, nothing, Output, PeerGame};
use crate::error::PeerError;
use crate::merge::{merge, Merge};
use crate::message::{record_hash, Message, CLOCK_TOLERANCE_MS, VERSION};

impl PeerGame {
    /// A message from the other device. Everything is checked; on an error nothing changes
    /// (except that a reveal that does not match its commitment halts the game).
    pub fn receive(&mut self, msg: Message, now: Millis) -> Result<Output, PeerError> {
        self.check()?;
        self.sync_exchange();
        match msg {
            Message::Hello {
                version,
                game_id,
                seat,
                record_len,
                record_hash: hash,
            } => {
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
                self.link_up = true;
                let mut msgs = self.resend();
                if record_len != self.game.record().commands.len()
                    || hash != record_hash(self.game.record())
                {
                    msgs.push(self.sync());
                }
                Ok((Vec::new(), msgs))
            }
            Message::Command { seq, entry } => {
                let (game, events) = self.receive_command(seq, entry, now)?;
                if let Some(game) = game {
                    self.commit_game(game);
                }
                Ok((events, Vec::new()))
            }
            Message::Commit { roll, hash } => {
                self.receive_commit(roll, &hash)?;
                Ok(nothing())
            }
            Message::Reveal { roll, secret, t } => {
                self.receive_reveal(roll, &secret, t, now)?;
                // If we have revealed too, the roll is complete now: the other device may
                // already be sending messages about the next one.
                Ok((self.complete_roll(), Vec::new()))
            }
            Message::Heartbeat { .. } => Ok(nothing()),
            Message::Sync { record } => self.receive_sync(&record),
        }
    }

    /// The game after the peer's command (`None`: unchanged) and its events.
    fn receive_command(
        &self,
        seq: usize,
        entry: Entry,
        now: Millis,
    ) -> Result<(Option<Game>, Vec<Event>), PeerError> {
        let max = now.saturating_add(CLOCK_TOLERANCE_MS);
        let len = self.game.record().commands.len();
        if seq < len {
            return self.resolve_earlier(seq, entry, max);
        }
        if entry.t > max {
            return Err(PeerError::TimeOutOfRange {
                t: entry.t,
                min: self.last(),
                max,
            });
        }
        let mut game = self.game.clone();
        let mut events = Vec::new();
        if seq > len {
            // The other device recorded clock events first; derive them here too.
            events = flush_ticks(&mut game, entry.t);
            let len = game.record().commands.len();
            if seq < len {
                return if game.record().commands[seq] == entry {
                    Ok((Some(game), events))
                } else {
                    Err(PeerError::Diverged { seq })
                };
            }
            if seq > len {
                return Err(PeerError::OutOfOrder { seq, len });
            }
        }
        events.extend(self.apply_peer(&mut game, seq, entry, max)?);
        Ok((Some(game), events))
    }

    /// A command for a place we have already filled.
    fn resolve_earlier(
        &self,
        seq: usize,
        entry: Entry,
        max: Millis,
    ) -> Result<(Option<Game>, Vec<Event>), PeerError> {
        let record = self.game.record();
        let ours = record.commands[seq];
        if ours == entry {
            return Ok((None, Vec::new())); // a duplicate or a replay
        }
        // Their player's command came before the clock events we recorded there: those events
        // did not happen; take the command instead (the other device keeps it too).
        if entry.cmd != Command::Tick
            && record.commands[seq..]
                .iter()
                .all(|e| e.cmd == Command::Tick)
            && entry.t < ours.t
        {
            let prefix = Record {
                rules: record.rules,
                position: record.position,
                created: record.created,
                commands: record.commands[..seq].to_vec(),
            };
            let mut game = prefix.replay().map_err(PeerError::Record)?;
            let events = self.apply_peer(&mut game, seq, entry, max)?;
            return Ok((Some(game), events));
        }
        // Their clock event came after our player's earlier command: it did not happen, and
        // the other device drops it when our command arrives.
        if entry.cmd == Command::Tick && ours.cmd != Command::Tick && ours.t < entry.t {
            return Ok((None, Vec::new()));
        }
        Err(PeerError::Diverged { seq })
    }

    /// Checks and applies the peer's entry at the end of `game`'s record.
    fn apply_peer(
        &self,
        game: &mut Game,
        seq: usize,
        entry: Entry,
        max: Millis,
    ) -> Result<Vec<Event>, PeerError> {
        let min = game.last_time().unwrap_or(0);
        let out_of_range = entry.t < min || entry.t > max;
        match entry.cmd {
            Command::Start { .. }
            | Command::Dice { .. }
            | Command::Offline { .. }
            | Command::Online { .. } => {
                return Err(PeerError::NotAllowedFromPeer(entry.cmd.name()));
            }
            Command::Tick => {
                if out_of_range {
                    return Err(PeerError::TimeOutOfRange {
                        t: entry.t,
                        min,
                        max,
                    });
                }
                if due_tick(game, entry.t) != Some(entry.t) {
                    return Err(PeerError::BadTick { t: entry.t });
                }
            }
            _ => {
                if entry.cmd.side() != Some(self.peer()) {
                    return Err(PeerError::WrongSide {
                        side: entry.cmd.side(),
                    });
                }
                if out_of_range {
                    return Err(PeerError::TimeOutOfRange {
                        t: entry.t,
                        min,
                        max,
                    });
                }
                // The sender records every clock event due by its command first.
                if due_tick(game, entry.t).is_some() {
                    return Err(PeerError::Diverged { seq });
                }
            }
        }
        Ok(game.apply(entry.cmd, entry.t)?)
    }

    fn receive_sync(&mut self, json: &str) -> Result<Output, PeerError> {
        let theirs = Record::from_json(json).map_err(PeerError::Record)?;
        match merge(self.game.record(), &theirs)? {
            Merge::Same | Merge::KeepOurs => Ok(nothing()),
            Merge::AdoptTheirs(game) => {
                self.check_synced_dice(&theirs)?;
                self.commit_game(*game);
                Ok(nothing())
            }
        }
    }
}
