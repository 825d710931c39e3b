//! Analysis of a played game (DESIGN.md's `analyse`): every choice a player made — each complete
//! play of a roll and, under the standard rules, each cube decision — judged against the best
//! choice at a chosen depth, with a mark by the equity lost; each roll's luck; per player the
//! unforced decisions, the error rate and its band.
//!
//! Equity is for the side deciding. House rules: cubeless, every win worth 1 (`2·win − 1`), a
//! play being a whole roll played in any die order. Standard rules, per unit of the cube, by the
//! computer's own cube method: in money play cubeful (Janowski's, by who owns the cube), in a
//! match the match winning chances through the match equity table converted to an equivalent
//! money equity (`2·(mwc − lose) / (win − lose) − 1` at the cube's value) — the plays by
//! [`crate::cube::play_equity`], the cube decisions by [`crate::cube::double_equities`]. A roll
//! with no legal move is a forced play of nothing: never marked, its luck counted.
//!
//! The judge (`depth` 0, 1 or 2): every play at 0-ply; at 1-ply the best 8 within 0.16 and the
//! play made; at 2-ply the best 3 of those within 0.06 and the play made. Deterministic: the
//! same record at the same depth always gets the same answer. Luck is measured at 0-ply.

use vrhcaby_rules::{
    BySide, Command, Game, Phase, Play, PlayGenerator, Position, Record, RecordError, Roll, Rules,
    Side,
};

use crate::eval::{Estimate, EvalScratch, Evaluator};
use crate::search::{rolls21, Searcher};
use crate::Bot;

/// The equity lost at which a choice is marked (GNU Backgammon's thresholds).
pub const DOUBTFUL: f32 = 0.03;
pub const BAD: f32 = 0.06;
pub const VERY_BAD: f32 = 0.12;

/// The deepest judge: 2 plies of look-ahead.
pub const MAX_DEPTH: u8 = 2;

/// What a decision was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Play,
    Double,
    NoDouble,
    Take,
    Drop,
    Beaver,
}

impl Kind {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Play => "play",
            Kind::Double => "double",
            Kind::NoDouble => "no_double",
            Kind::Take => "take",
            Kind::Drop => "drop",
            Kind::Beaver => "beaver",
        }
    }
}

/// A mark for the equity a decision lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Doubtful,
    Bad,
    VeryBad,
}

impl Mark {
    #[must_use]
    pub fn of(loss: f32) -> Option<Mark> {
        if loss >= VERY_BAD {
            Some(Mark::VeryBad)
        } else if loss >= BAD {
            Some(Mark::Bad)
        } else if loss >= DOUBTFUL {
            Some(Mark::Doubtful)
        } else {
            None
        }
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mark::Doubtful => "doubtful",
            Mark::Bad => "bad",
            Mark::VeryBad => "very_bad",
        }
    }
}

/// One choice a player made.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The record command that made it (a play: its last move).
    pub index: usize,
    pub side: Side,
    pub kind: Kind,
    /// The roll, for a play.
    pub roll: Option<Roll>,
    /// Equity of the choice made and of the best one, for `side`.
    pub played: f32,
    pub best: f32,
    /// `best − played`, never negative.
    pub loss: f32,
    pub mark: Option<Mark>,
    /// Only one choice was possible.
    pub forced: bool,
    /// The best play's moves in the mover's numbering (0 off, 25 the bar), for a play.
    pub best_moves: Vec<(u8, u8)>,
    /// The roll's luck for `side` (a play's roll; `None` for the opening roll and the cube).
    pub luck: Option<f32>,
    /// Which roll of the game (0 the first, as the move list counts them) the decision belongs
    /// to: a play's own roll; a cube decision's, the roll it came before.
    pub turn: usize,
}

/// A player's summary.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Player {
    /// Unforced decisions.
    pub decisions: u32,
    /// Mean loss per unforced decision × 1000.
    pub error_rate: f32,
    /// The luck of all the player's rolls.
    pub luck: f32,
}

impl Player {
    /// The band of the error rate (GNU Backgammon's current bands).
    #[must_use]
    pub fn rating(&self) -> &'static str {
        rating(self.error_rate)
    }
}

/// The band of an error rate: < 5 super grandmaster, < 8 grandmaster, < 13 master, < 20
/// advanced, < 32 intermediate, else beginner.
#[must_use]
pub fn rating(error_rate: f32) -> &'static str {
    match error_rate {
        r if r < 5.0 => "super_grandmaster",
        r if r < 8.0 => "grandmaster",
        r if r < 13.0 => "master",
        r if r < 20.0 => "advanced",
        r if r < 32.0 => "intermediate",
        _ => "beginner",
    }
}

/// A whole game's analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub decisions: Vec<Decision>,
    pub players: BySide<Player>,
}

/// The cube as the side deciding sees it (standard rules with the standard net).
#[cfg(feature = "standard-net")]
type Cube = Option<crate::cube::CubeView>;
#[cfg(not(feature = "standard-net"))]
type Cube = Option<std::convert::Infallible>;

/// The equity of an estimate for its side after its play to `after`, under `rules`: house
/// rules cubeless with every win worth 1; standard rules cubeful or in match winning chances
/// when the cube is known ([`crate::cube::play_equity`]), else cubeless money equity.
fn equity(e: &Estimate, after: &Position, rules: Rules, cube: &Cube) -> f32 {
    match rules {
        Rules::Vrhcaby => 2.0 * e.win - 1.0,
        Rules::Standard => {
            #[cfg(feature = "standard-net")]
            if let Some(c) = cube {
                return crate::cube::play_equity(after, e, c);
            }
            let _ = (after, cube);
            e.equity()
        }
    }
}

/// The judge's state: the evaluator of the record's rules and the searches.
pub(crate) struct Judge<'a> {
    ev: &'a Evaluator,
    searcher: Searcher,
    gen: PlayGenerator,
    scratch: EvalScratch,
    rules: Rules,
    /// The cube as the side deciding now sees it.
    cube: Cube,
}

impl<'a> Judge<'a> {
    pub(crate) fn new(bot: &'a Bot, rules: Rules) -> Judge<'a> {
        Judge {
            ev: bot.evaluator_for(rules),
            searcher: Searcher::new(),
            gen: PlayGenerator::new(),
            scratch: EvalScratch::default(),
            rules,
            cube: None,
        }
    }

    /// `side`'s equity after playing to `after`, the opponent to roll, at `ply`.
    fn equity_after(&mut self, after: &Position, side: Side, ply: u8) -> f32 {
        let e = self.after(after, side, ply);
        equity(&e, after, self.rules, &self.cube)
    }

    /// `side`'s estimate after playing to `after`, the opponent to roll, at `ply`.
    fn after(&mut self, after: &Position, side: Side, ply: u8) -> Estimate {
        if let Some(e) = Estimate::finished(after, side) {
            return e;
        }
        if ply == 0 {
            return self.ev.after_play(after, side, &mut self.scratch);
        }
        self.searcher
            .on_roll(self.ev, after, !side, ply, self.rules)
            .flip()
    }

    /// Every play of `roll` judged: (plays, each play's equity at the deepest ply it reached,
    /// that ply). `must` (the play made) is always judged at the deepest ply.
    pub(crate) fn judge_plays(
        &mut self,
        pos: &Position,
        side: Side,
        roll: Roll,
        depth: u8,
        must: Option<usize>,
    ) -> (Vec<Play>, Vec<(f32, u8)>) {
        let plays = self.gen.plays(pos, side, roll, self.rules);
        let mut scores: Vec<(f32, u8)> = plays
            .iter()
            .map(|p| (self.equity_after(&p.position, side, 0), 0))
            .collect();
        if plays.len() > 1 {
            for (ply, keep, margin) in [(1u8, 8usize, 0.16f32), (2, 3, 0.06)] {
                if ply > depth {
                    break;
                }
                let mut at: Vec<usize> = (0..plays.len())
                    .filter(|&i| scores[i].1 == ply - 1)
                    .collect();
                // Stable: equal equities keep the generator's order.
                at.sort_by(|&a, &b| scores[b].0.total_cmp(&scores[a].0));
                let top = at.first().map_or(0.0, |&i| scores[i].0);
                let mut list: Vec<usize> = at
                    .iter()
                    .copied()
                    .take(keep)
                    .filter(|&i| scores[i].0 >= top - margin)
                    .collect();
                if let Some(m) = must.filter(|m| !list.contains(m)) {
                    list.push(m);
                }
                for i in list {
                    scores[i] = (self.equity_after(&plays[i].position, side, ply), ply);
                }
            }
        }
        (plays, scores)
    }

    /// The best equity `side` can reach with `roll` from `pos`, at 0-ply (a roll with no move
    /// leaves the position to the opponent).
    fn best_of_roll(&mut self, pos: &Position, side: Side, roll: Roll) -> f32 {
        let (ev, scratch, rules, cube) = (self.ev, &mut self.scratch, self.rules, &self.cube);
        let mut best: Option<f32> = None;
        self.gen.for_each(pos, side, roll, rules, |after, _| {
            let e = match Estimate::finished(after, side) {
                Some(e) => e,
                None => ev.after_play(after, side, scratch),
            };
            let q = equity(&e, after, rules, cube);
            if best.is_none_or(|b| q > b) {
                best = Some(q);
            }
        });
        best.unwrap_or_else(|| self.equity_after(pos, side, 0))
    }

    /// The luck of `roll` for `side` about to play it from `pos`: the best play's equity minus
    /// the mean over the 36 rolls.
    fn luck(&mut self, pos: &Position, side: Side, roll: Roll) -> f32 {
        let mut mean = 0.0;
        for (r, weight) in rolls21() {
            mean += weight * self.best_of_roll(pos, side, r);
        }
        self.best_of_roll(pos, side, roll) - mean / 36.0
    }
}

/// The turn under way: where it began, who rolled what, the command that rolled.
#[derive(Clone, Copy)]
struct Turn {
    start: Position,
    side: Side,
    roll: Roll,
    /// Whether the roll has a luck of its own (not the opening roll).
    lucky: bool,
    /// Which roll of the game it is.
    number: usize,
}

/// Analyses `record` at `depth` (0, 1 or 2; more is 2). A record the rules reject is its
/// [`RecordError`] (naming the command).
pub fn analyse(bot: &Bot, record: &Record, depth: u8) -> Result<Analysis, RecordError> {
    let decisions = analyse_part(bot, record, depth, 0, usize::MAX)?.0;
    let players = BySide::from_fn(|side| summary(&decisions, side));
    Ok(Analysis { decisions, players })
}

/// The per-player summary of `decisions` (all of a game's, perhaps gathered in parts).
#[must_use]
pub fn players(decisions: &[Decision]) -> BySide<Player> {
    BySide::from_fn(|side| summary(decisions, side))
}

/// Part of an analysis, for a page that shows progress and may stop: the decisions made by
/// commands from `from` on, at most `most` of them, and the command to go on from (`None` at
/// the end). The parts of a record, in order, are exactly [`analyse`]'s decisions.
pub fn analyse_part(
    bot: &Bot,
    record: &Record,
    depth: u8,
    from: usize,
    most: usize,
) -> Result<(Vec<Decision>, Option<usize>), RecordError> {
    let depth = depth.min(MAX_DEPTH);
    let variant = record.variant()?;
    let rules = variant.rules();
    let mut game = Game::with_context(variant, record.context, record.position)
        .map_err(RecordError::Position)?;
    if let Some(created) = record.created {
        game.set_created(created)
            .map_err(|error| RecordError::Rejected { index: 0, error })?;
    }
    let mut judge = Judge::new(bot, rules);
    let mut decisions = Vec::new();
    let mut turn: Option<Turn> = None;
    // Rolls so far (as the move list counts them: each `Rolled` event).
    let mut rolls = 0usize;
    for (index, e) in record.commands.iter().enumerate() {
        if decisions.len() >= most {
            return Ok((decisions, Some(index)));
        }
        let judged = index >= from;
        // Cube decisions are judged before they are applied.
        #[cfg(feature = "standard-net")]
        if rules == Rules::Standard && judged {
            if let Some(mut d) = cube_decision(&mut judge, &game, e.cmd, index, depth) {
                d.turn = rolls;
                decisions.push(d);
            }
        }
        let before = *game.position();
        let rolling = game.phase();
        let roller = game.turn();
        let events = game
            .apply(e.cmd, e.t)
            .map_err(|error| RecordError::Rejected { index, error })?;
        let rolled = events
            .iter()
            .any(|ev| matches!(ev, vrhcaby_rules::Event::Rolled { .. }));
        match e.cmd {
            Command::Dice { dice } if rolling == Phase::Rolling => {
                if let Some(side) = roller {
                    let t = Turn {
                        start: before,
                        side,
                        roll: dice,
                        lucky: true,
                        number: rolls,
                    };
                    let moving = game.phase() == Phase::Moving && game.dice_owner() == Some(side);
                    turn = moving.then_some(t);
                    if !moving && rolled && judged {
                        // A roll with no legal move: a forced play of nothing, with its luck.
                        judge.cube = cube_of(&game, side);
                        decisions.push(play_decision(&mut judge, t, before, index, depth));
                    }
                }
            }
            Command::Opening { white, black } if game.phase() == Phase::Moving => {
                if let Some(side) = game.dice_owner() {
                    turn = Some(Turn {
                        start: before,
                        side,
                        roll: Roll::new(white, black),
                        lucky: false,
                        number: rolls,
                    });
                }
            }
            Command::Move { side, .. } => {
                let done = game.phase() != Phase::Moving || game.dice_owner() != Some(side);
                if let (true, Some(t)) = (done, turn.filter(|t| t.side == side)) {
                    turn = None;
                    if judged {
                        judge.cube = cube_of(&game, side);
                        decisions.push(play_decision(
                            &mut judge,
                            t,
                            *game.position(),
                            index,
                            depth,
                        ));
                    }
                }
            }
            _ => {}
        }
        if rolled {
            rolls += 1;
        }
    }
    Ok((decisions, None))
}

/// The cube as `side` sees it in `game` (standard rules; the cube does not change within a turn).
fn cube_of(game: &Game, side: Side) -> Cube {
    #[cfg(feature = "standard-net")]
    if game.variant().rules() == Rules::Standard {
        return Some(crate::cube::CubeView::of(game, side));
    }
    let _ = (game, side);
    None
}

fn play_decision(
    judge: &mut Judge<'_>,
    t: Turn,
    played_to: Position,
    index: usize,
    depth: u8,
) -> Decision {
    let plays = judge.gen.plays(&t.start, t.side, t.roll, judge.rules);
    let made = plays.iter().position(|p| p.position == played_to);
    let (plays, scores) = judge.judge_plays(&t.start, t.side, t.roll, depth, made);
    let deepest = scores.iter().map(|s| s.1).max().unwrap_or(0);
    let best_i =
        (0..plays.len())
            .filter(|&i| scores[i].1 == deepest)
            .fold(None::<usize>, |b, i| match b {
                Some(b) if scores[b].0 >= scores[i].0 => Some(b),
                _ => Some(i),
            });
    let best = best_i.map_or(0.0, |i| scores[i].0);
    let played = made.map_or(best, |i| scores[i].0);
    let forced = plays.len() <= 1;
    let loss = if forced {
        0.0
    } else {
        (best - played).max(0.0)
    };
    Decision {
        index,
        side: t.side,
        kind: Kind::Play,
        roll: Some(t.roll),
        played,
        best,
        loss,
        mark: if forced { None } else { Mark::of(loss) },
        forced,
        best_moves: best_i
            .map(|i| {
                plays[i]
                    .moves
                    .iter()
                    .map(|(o, t)| (o.index(), t.index()))
                    .collect()
            })
            .unwrap_or_default(),
        luck: t.lucky.then(|| judge.luck(&t.start, t.side, t.roll)),
        turn: t.number,
    }
}

/// A standard cube decision made by `cmd`, judged before it is applied.
#[cfg(feature = "standard-net")]
fn cube_decision(
    judge: &mut Judge<'_>,
    game: &Game,
    cmd: Command,
    index: usize,
    depth: u8,
) -> Option<Decision> {
    let (side, kind) = match cmd {
        Command::Double { side } => (side, Kind::Double),
        Command::Dice { .. } if game.phase() == Phase::Rolling => {
            (game.can_double().ok()?, Kind::NoDouble)
        }
        Command::Take { side } => (side, Kind::Take),
        Command::Drop { side } => (side, Kind::Drop),
        Command::Beaver { side } => (side, Kind::Beaver),
        _ => return None,
    };
    let doubler = match kind {
        Kind::Double | Kind::NoDouble => side,
        _ => !side,
    };
    // Only the first double of a step is judged here (a beaver's answer is its own).
    if matches!(kind, Kind::Take | Kind::Drop | Kind::Beaver) && game.phase() != Phase::Doubled {
        return None;
    }
    let pos = game.position();
    let e = judge
        .searcher
        .on_roll(judge.ev, pos, doubler, depth.min(1), Rules::Standard);
    // While a double waits, the cube is still as it stood before it.
    let view = crate::cube::CubeView::of(game, doubler);
    let (no_double, take, pass) = crate::cube::double_equities(pos, &e, &view);
    let beavers = game.variant().options().beavers && view.match_length == 0;
    let (played, best, choices) = match kind {
        Kind::Double | Kind::NoDouble => {
            let double = take.min(pass);
            let played = if kind == Kind::Double {
                double
            } else {
                no_double
            };
            (played, no_double.max(double), 2)
        }
        _ => {
            // For the answerer: taking is the doubler's take negated, dropping loses 1.
            let (take_a, drop_a) = (-take, -pass);
            let beaver_a = 2.0 * take_a;
            let played = match kind {
                Kind::Take => take_a,
                Kind::Drop => drop_a,
                _ => beaver_a,
            };
            let mut best = take_a.max(drop_a);
            if beavers {
                best = best.max(beaver_a);
            }
            (played, best, if beavers { 3 } else { 2 })
        }
    };
    let loss = (best - played).max(0.0);
    Some(Decision {
        index,
        side,
        kind,
        roll: None,
        played,
        best,
        loss,
        mark: Mark::of(loss),
        forced: choices < 2,
        best_moves: Vec::new(),
        luck: None,
        turn: 0,
    })
}

fn summary(decisions: &[Decision], side: Side) -> Player {
    let mine = decisions.iter().filter(|d| d.side == side);
    let unforced: Vec<&Decision> = mine.clone().filter(|d| !d.forced).collect();
    let n = unforced.len() as u32;
    let total: f32 = unforced.iter().map(|d| d.loss).sum();
    Player {
        decisions: n,
        error_rate: if n == 0 {
            0.0
        } else {
            total / n as f32 * 1000.0
        },
        luck: mine.filter_map(|d| d.luck).sum(),
    }
}

/// The luck of each of the 21 distinct rolls for `side` about to roll in `pos` (0-ply), with
/// the weight of each: the weighted sum is zero (for the tests and the page's graph).
pub fn luck_of_rolls(bot: &Bot, pos: &Position, side: Side, rules: Rules) -> Vec<(Roll, f32, f32)> {
    let mut judge = Judge::new(bot, rules);
    rolls21()
        .into_iter()
        .map(|(roll, w)| (roll, w, judge.luck(pos, side, roll)))
        .collect()
}
