//! Keeps each finished game in "My games" (`crate::history`): it watches the event batches
//! `Dispatch` hands out and keeps the game whose batch ends it.

use leptos::prelude::*;

use crate::history::{self, Played};
use crate::platform;
use crate::state::Dispatch;

/// Keeps each game as it ends: a batch of events with the end of the game in it.
pub fn install(d: Dispatch) {
    Effect::new(move |_| {
        let ended = d.notices.events.with(|b| {
            b.events
                .iter()
                .any(|e| matches!(e, vrhcaby_rules::Event::GameOver { .. }))
        });
        if ended {
            keep(d);
        }
    });
}

/// Adds the session's game, now over, to the games kept on this device.
fn keep(d: Dispatch) {
    let played = d.game.session.with_untracked(|s| {
        let s = s.as_ref()?;
        let g = s.game();
        let (outcome, reason) = g.result()?;
        Some(Played {
            ended: platform::now_ms(),
            kind: s.kind().name().into(),
            level: s.computer_seat().map(|c| c.level.clone()),
            me: s.own_side(),
            outcome,
            reason: reason.name().into(),
            points: g.score().map_or(0, |sc| sc.points),
            moves: g.moves_played(),
            record: g.record().to_json(),
            analysis: None,
        })
    });
    if let Some(p) = played {
        let games = history::decode(&platform::load(history::KEY).unwrap_or_default());
        platform::store(history::KEY, &history::encode(&history::add(games, p)));
    }
}

/// The games kept on this device, oldest first.
#[must_use]
pub fn load() -> Vec<Played> {
    history::decode(&platform::load(history::KEY).unwrap_or_default())
}

/// Forgets the game that ended at `ended` (and began as `record`), or every game.
pub fn remove(which: Option<&Played>) {
    let games = match which {
        Some(p) => load().into_iter().filter(|g| g != p).collect(),
        None => Vec::new(),
    };
    if games.is_empty() {
        platform::remove(history::KEY);
    } else {
        platform::store(history::KEY, &history::encode(&games));
    }
}

/// Keeps `analysis` with the game of `record` in "My games", if it is kept there.
pub fn keep_analysis(record: &vrhcaby_rules::Record, analysis: String) {
    let games = load();
    if games.is_empty() {
        return;
    }
    platform::store(
        history::KEY,
        &history::encode(&history::with_analysis(games, record, analysis)),
    );
}
