//! The saved form of a [`PeerGame`]: both logs (the record is folded from them again), our
//! dice secrets and the other side's acts as received (so its commitments bind it after a
//! reload too, S13), the clock offset, and the spans this device saw the link down.

use serde::{Deserialize, Serialize};
use vrhcaby_rules::{BySide, Millis, Record, Side};

use super::{Divergence, PeerGame, MAX_ACTS, MAX_DOWN};
use crate::act::Authored;
use crate::clock::ClockSync;
use crate::dice::{from_hex32, to_hex};
use crate::error::PeerError;

/// The saved form's version.
const SAVE_VERSION: u32 = 2;

#[derive(Serialize, Deserialize)]
struct Saved {
    version: u32,
    game_id: String,
    seat: Side,
    /// The rules and the start position: a record without commands.
    head: Box<serde_json::value::RawValue>,
    white: Vec<Authored>,
    black: Vec<Authored>,
    /// Our secrets: roll index, 64 hex digits.
    secrets: Vec<(u32, String)>,
    offset: i64,
    /// Whether the offset came from a sample (else the next link waits for one).
    #[serde(default)]
    synced: bool,
    /// The clock bounds this device measured: `(lo, hi, at)` (issue 39; absent before).
    #[serde(default)]
    bounds: Option<crate::clock::Bounds>,
    #[serde(default)]
    down: Vec<(Millis, Option<Millis>)>,
    /// Silences that ended in a close: (the last message heard, the close), shared time.
    #[serde(default)]
    quiet: Vec<(Millis, Millis)>,
    /// When each of our acts was last sent, and first sent over an open channel (this device's
    /// clock; 0 = not yet).
    #[serde(default)]
    sent: Vec<Millis>,
    #[serde(default)]
    first_up: Vec<Millis>,
    /// The last moment (this device's clock) this page is known to have been open: a page
    /// closed span on loading starts here, not at the last act's stamp.
    #[serde(default)]
    alive: Millis,
    /// The last moment (this device's clock) it heard the other device: a page closed after a
    /// silence was cut off from there, as a channel closed after one (`quiet`).
    #[serde(default)]
    heard: Millis,
    /// When this game was made on this device (its clock), if it was.
    #[serde(default)]
    born: Option<Millis>,
    /// Before issue 49: the last moment (this device's clock) it heard the other device at
    /// once (read as a mark for every act not yet received).
    #[serde(default, skip_serializing)]
    heard_until: Option<Millis>,
    /// The deadlines this device holds the other to: the other's move clock (its deadline and
    /// when this device saw it start) and the dice exchange (its roll and when it fell due
    /// here), this device's clock — a reload does not make the player wait for Don't wait
    /// again.
    #[serde(default)]
    judge_clock: Option<(Millis, Millis)>,
    #[serde(default)]
    judge_exchange: Option<(u32, Millis)>,
    /// Our move clock as our own act started it: (deadline, when we made the act).
    #[serde(default)]
    own_start: Option<(Millis, Millis)>,
    /// What the other device's messages bound of its later acts: `(made, at, have)` (S20).
    #[serde(default)]
    marks: Vec<(u32, Millis, u32)>,
    /// The most of our acts the other device has said it holds.
    #[serde(default)]
    holds: u32,
    #[serde(default)]
    refused: Vec<(u32, Authored)>,
    /// `[n, "we"|"they", code]` when the records differ for good.
    #[serde(default)]
    divergence: Option<(u32, String, String)>,
}

impl PeerGame {
    /// The saved form (JSON). Save it before sending what a call returned.
    #[must_use]
    pub fn save(&self) -> String {
        let mut head = self.head.clone();
        head.commands.clear();
        let Ok(head) = serde_json::value::RawValue::from_string(head.to_json()) else {
            return String::new();
        };
        let divergence = self.divergence.as_ref().map(|d| {
            let who = if d.refused_by_us { "we" } else { "they" };
            (d.n, who.to_string(), d.code.clone())
        });
        let saved = Saved {
            version: SAVE_VERSION,
            game_id: self.game_id.clone(),
            seat: self.seat,
            head,
            white: self.logs.white.clone(),
            black: self.logs.black.clone(),
            secrets: self.secrets.iter().map(|(r, s)| (*r, to_hex(s))).collect(),
            offset: self.clock.offset(),
            synced: self.clock.ready(),
            bounds: self.clock.bounds(),
            down: self.down.clone(),
            quiet: self.quiet.clone(),
            sent: self.sent.clone(),
            first_up: self.first_up.clone(),
            alive: self.link.last_tick.max(self.link.last_heard),
            heard: self.link.last_heard,
            born: self.born,
            heard_until: None,
            judge_clock: self.judge.clock,
            judge_exchange: self.judge.exchange,
            own_start: self.judge.own_start,
            marks: self.marks.iter().map(|m| (m.made, m.at, m.have)).collect(),
            holds: self.holds,
            refused: self.refused.clone(),
            divergence,
        };
        serde_json::to_string(&saved).unwrap_or_default()
    }

    /// Reads a saved game ([`PeerGame::save`]); both logs are folded again (linear time).
    pub fn load(text: &str) -> Result<PeerGame, PeerError> {
        let saved: Saved =
            serde_json::from_str(text).map_err(|e| PeerError::Malformed(e.to_string()))?;
        if saved.version != SAVE_VERSION {
            return Err(PeerError::Malformed(format!(
                "a saved game of version {} (this page reads {SAVE_VERSION})",
                saved.version
            )));
        }
        if saved.white.len() > MAX_ACTS || saved.black.len() > MAX_ACTS {
            return Err(PeerError::TooLong);
        }
        let head = Record::from_json(saved.head.get()).map_err(PeerError::Record)?;
        let logs = BySide::new(saved.white, saved.black);
        let mut pg = PeerGame::build(saved.game_id, saved.seat, head, logs)?;
        let mut secrets = Vec::new();
        for (roll, hex) in saved.secrets {
            let s = from_hex32(&hex)
                .ok_or_else(|| PeerError::Malformed("a saved dice secret".to_string()))?;
            secrets.push((roll, s));
        }
        pg.secrets = secrets;
        pg.clock = ClockSync::restored(saved.offset, saved.synced, saved.bounds);
        pg.down = saved
            .down
            .into_iter()
            .rev()
            .take(MAX_DOWN - 1)
            .rev()
            .collect();
        pg.quiet = saved.quiet.into_iter().rev().take(MAX_DOWN).rev().collect();
        // What this device knew of its own acts' sending (S17, S19): a reload forgets nothing
        // the live page would have used. Each list is for our acts only, and as long as our log.
        let ours = pg.logs[pg.seat].len();
        let fit = |mut v: Vec<Millis>| {
            v.resize(ours, 0);
            v
        };
        pg.sent = fit(saved.sent);
        pg.first_up = fit(saved.first_up);
        pg.born = saved.born;
        // The page was closed from the last moment it was known open (its own clock; for a save
        // of an earlier version, the last act it knew of): a span without the other device
        // (its judgements about that time may stand).
        if pg.down.last().is_none_or(|d| d.1.is_some()) {
            let last = Side::ALL
                .iter()
                .filter_map(|&s| pg.logs[s].last().map(|a| a.t))
                .max()
                .or(pg.created())
                .unwrap_or(0);
            let from = if saved.alive != 0 {
                pg.clock.shared(saved.alive).max(last)
            } else {
                last
            };
            pg.down.push((from, None));
            // A page closed after a silence (the network had gone, unnoticed): as far as a
            // judgement about this device's own deadline goes, it was cut off from the last
            // moment it heard the other, as when a channel closes after a silence.
            if saved.heard != 0
                && saved.alive > saved.heard.saturating_add(super::link::CLEAN_CLOSE_MS)
            {
                if pg.quiet.len() == MAX_DOWN {
                    pg.quiet.remove(0);
                }
                let span = (
                    pg.clock.shared(saved.heard),
                    pg.clock.shared(saved.alive).max(from),
                );
                pg.quiet.push(span);
            }
        }
        pg.link.last_tick = saved.alive;
        // What it last heard of the other stays known: a judge restored with its deadlines
        // must not take the moments before its first message since the load for a silence.
        pg.link.last_heard = saved.heard;
        pg.judge.clock = saved.judge_clock;
        pg.judge.exchange = saved.judge_exchange;
        pg.judge.own_start = saved.own_start;
        let theirs = u32::try_from(pg.logs[!pg.seat].len()).unwrap_or(u32::MAX);
        let ours = u32::try_from(pg.logs[pg.seat].len()).unwrap_or(u32::MAX);
        if let Some(at) = saved.heard_until {
            pg.mark(theirs, at, 0);
        }
        for (made, at, have) in saved.marks.into_iter().take(super::link::MAX_MARKS) {
            pg.mark(made, at, have.min(ours));
        }
        pg.holds = saved.holds.min(ours);
        pg.note_holds(pg.acked());
        pg.refused = saved.refused.into_iter().take(64).collect();
        pg.divergence = saved.divergence.map(|(n, who, code)| Divergence {
            n,
            refused_by_us: who == "we",
            code,
        });
        Ok(pg)
    }

    /// Standard: the next game of the match (or of money play) between the same two devices,
    /// once this one is over: its context follows from the record both devices share, and its
    /// id from this game's, so both make the same game when their players press Next game.
    /// The clock's offset carries over. `None` before the end, when the match is over and under
    /// the house rules.
    #[must_use]
    pub fn next_game(&self, now: Millis) -> Option<PeerGame> {
        let g = self.game();
        let variant = g.variant();
        let context = g.next_game_context()?;
        let mut head = Record::for_variant(variant, None);
        head.context = context;
        let game = vrhcaby_rules::Game::with_context(variant, context, None).ok()?;
        Some(self.followed_by(next_game_id(&self.game_id), head, game, now))
    }

    /// A rematch between the same two devices once this game is over and no next game of a
    /// match follows it (the house rules, or a standard match that is over): a new game, or a
    /// new match, under the same rules and options, each device in its seat. Its lot (standard:
    /// its opening roll) comes from a new fair-dice exchange, as any game's does. Its id follows
    /// from this game's, so both devices make the same game when their players press Rematch.
    #[must_use]
    pub fn rematch(&self, now: Millis) -> Option<PeerGame> {
        if !self.can_rematch() {
            return None;
        }
        let variant = self.game().variant();
        let game = vrhcaby_rules::Game::with_variant(variant, None).ok()?;
        let head = Record::for_variant(variant, None);
        Some(self.followed_by(rematch_id(&self.game_id), head, game, now))
    }

    /// Whether [`PeerGame::rematch`] gives a game now.
    #[must_use]
    pub fn can_rematch(&self) -> bool {
        let g = self.game();
        g.result().is_some() && g.next_game_context().is_none()
    }

    /// A game that follows this one on the same link: the clock's offset carries over.
    fn followed_by(
        &self,
        id: String,
        head: Record,
        game: vrhcaby_rules::Game,
        now: Millis,
    ) -> PeerGame {
        let mut pg = PeerGame::with_game(id, self.seat, head, BySide::default(), game);
        pg.clock = self.clock.clone();
        pg.born = Some(now);
        pg.refresh(now);
        pg
    }
}

/// The id of the standard match's next game after game `id` ([`PeerGame::next_game`]).
#[must_use]
pub fn next_game_id(id: &str) -> String {
    format!("{id}+")
}

/// The id of the rematch after game `id` ([`PeerGame::rematch`]).
#[must_use]
pub fn rematch_id(id: &str) -> String {
    format!("{id}r")
}
