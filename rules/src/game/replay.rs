//! Replaying a record: the game it describes, or the first command the rules reject.

use super::Game;
use crate::record::{Record, RecordError};

impl Record {
    /// Replays every command in order, under the record's variant (a game between two devices
    /// when `created` is set, see [`Game::set_created`]), in time linear in the
    /// record's length. The result equals the live game that wrote the record.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_events(|_| {})
    }

    /// [`Record::replay`], handing `on_events` the events of each command as it is applied (the
    /// move list reads the rolls, moves and hits from them).
    pub fn replay_events(
        &self,
        mut on_events: impl FnMut(Vec<crate::game::Event>),
    ) -> Result<Game, RecordError> {
        let mut game = Game::with_context(self.variant()?, self.context, self.position)
            .map_err(RecordError::Position)?;
        if let Some(created) = self.created {
            // A fresh game has no commands: this cannot fail.
            game.set_created(created)
                .map_err(|error| RecordError::Rejected { index: 0, error })?;
        }
        game.reserve(self.commands.len());
        for (index, e) in self.commands.iter().enumerate() {
            let events = game
                .apply(e.cmd, e.t)
                .map_err(|error| RecordError::Rejected { index, error })?;
            on_events(events);
        }
        Ok(game)
    }
}
