//! Reconnecting: which of two records of the same game both devices go on with.

use vrhcaby_rules::{Command, Entry, Game, Record};

use crate::error::PeerError;
use crate::message::record_hash;

/// The outcome of comparing our record with the other device's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Merge {
    /// Identical records.
    Same,
    /// Go on with theirs (replayed here).
    AdoptTheirs(Box<Game>),
    /// Ours is the one to go on with; the other device adopts it.
    KeepOurs,
}

/// Entries a device records from its own observation (the clock, the connection) rather than
/// a player's choice. A tail made only of these may be dropped in favour of the other record.
fn observation(e: &Entry) -> bool {
    matches!(
        e.cmd,
        Command::Tick | Command::Offline { .. } | Command::Online { .. }
    )
}

/// Compares two records of one game.
///
/// * identical → [`Merge::Same`];
/// * theirs extends ours (ours is a prefix) → [`Merge::AdoptTheirs`] if it replays legally;
/// * ours extends theirs → [`Merge::KeepOurs`];
/// * both go on past a common prefix: a tail made only of observations (ticks, offline,
///   online — no player's choice, no dice) gives way to a tail with player commands; two
///   observation-only tails are settled the same way on both devices (the smaller record hash
///   wins); two tails with player commands → [`PeerError::Diverged`] (never merged).
///
/// Different rules or start positions → `Diverged { seq: 0 }`. A record that does not replay →
/// [`PeerError::Record`].
pub fn merge(ours: &Record, theirs: &Record) -> Result<Merge, PeerError> {
    if ours.rules != theirs.rules || ours.position != theirs.position {
        return Err(PeerError::Diverged { seq: 0 });
    }
    let common = ours
        .commands
        .iter()
        .zip(&theirs.commands)
        .take_while(|(a, b)| a == b)
        .count();
    let our_tail = &ours.commands[common..];
    let their_tail = &theirs.commands[common..];
    let adopt = || -> Result<Merge, PeerError> {
        let game = theirs.replay().map_err(PeerError::Record)?;
        Ok(Merge::AdoptTheirs(Box::new(game)))
    };
    match (our_tail.is_empty(), their_tail.is_empty()) {
        (true, true) => return Ok(Merge::Same),
        (true, false) => return adopt(),
        (false, true) => return Ok(Merge::KeepOurs),
        (false, false) => {}
    }
    let ours_observed = our_tail.iter().all(observation);
    let theirs_observed = their_tail.iter().all(observation);
    match (ours_observed, theirs_observed) {
        (true, false) => adopt(),
        (false, true) => Ok(Merge::KeepOurs),
        (true, true) => {
            if record_hash(theirs) < record_hash(ours) {
                adopt()
            } else {
                Ok(Merge::KeepOurs)
            }
        }
        (false, false) => Err(PeerError::Diverged { seq: common }),
    }
}
