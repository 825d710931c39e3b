//! The record both devices go on with: a deterministic merge of the two devices' logs.
//!
//! Each device appends only its own acts to its own log and sends them; each act says how many
//! of the other log's acts its author had seen. Both devices fold the same two logs into the
//! same record, whatever order the messages arrived in:
//!
//! * an act comes after every act its author had seen (causal order);
//! * two acts whose authors had not seen each other *cross*. Then:
//!   1. a judgement (`offline` or `dice_late` about the other side, S16) that takes effect
//!      there (it ends the game or makes the other late) comes first: what its author had not
//!      received by the deadline does not count against it;
//!   2. a claim (`claim_win`, R17) comes after the other side's act if that act was stamped
//!      before the deadline plus the grace ([`GRACE_MS`], S15), else first;
//!   3. a reveal crossing a double or a resignation offer comes first (S18);
//!   4. otherwise the earlier stamp first; on equal stamps White's act first.
//! * the clock events due before an act happen first (S3), at their due time;
//! * an act the rules refuse where it lands is void: it stays in its log, not in the record;
//! * the game is created (S14) by the first commitment to the lot, at its stamp;
//! * the dice exchange runs inside the fold: a commitment counts for the roll being thrown
//!   (never a second one from the same side), a reveal once both commitments are in; when both
//!   reveals are in, the lot or the roll is applied at the later reveal's stamp; a reveal that
//!   does not match its commitment loses (`bad_dice`, S13).

use vrhcaby_rules::{BySide, Command, Event, Game, Millis, Phase, Side, MOVE_TIME_MS};

use crate::act::{judged, Act, Authored};
use crate::dice::{commitment, dice_from_secrets, dice_pair_from_secrets, lot_from_secrets};

/// The connection's allowance (S15): a deadline this device holds the other to runs 2 s longer.
pub const GRACE_MS: Millis = 2_000;

/// The commitments and reveals of the roll being thrown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parts {
    pub commit: BySide<Option<[u8; 32]>>,
    pub reveal: BySide<Option<[u8; 32]>>,
    /// Standard: the roller, who could double, chose to roll (S18).
    pub chosen: bool,
}

/// Why an act had no effect where it landed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Void {
    Rules(vrhcaby_rules::CommandError),
    /// Not the kind of act its author may make (a command for the other side, dice, …).
    NotTheirs,
    /// A dice message for another roll, a second commitment, a reveal before both
    /// commitments, or a stamp before the record's last time.
    Dice,
    /// An `offline` judgement about a move clock that is not the one running out at its
    /// stamp (it would change nothing there, and would leave the side marked offline).
    NoEffect,
}

/// The two logs folded up to `pos`: the game (its record is the merged record), the dice parts
/// of the roll being thrown, and the acts that were void.
#[derive(Clone, Debug)]
pub(crate) struct Fold {
    pub game: Game,
    pub pos: BySide<usize>,
    pub parts: Parts,
    /// The roll index being thrown (Start and Dice entries so far).
    pub roll: u32,
    /// Void acts: author, index, why.
    pub voids: Vec<(Side, usize, Void)>,
    /// Events of the commands applied since `collect_from` was set (for the screen).
    pub events: Vec<Event>,
    /// An act to watch (author, index): where it lands is noted in `landed`.
    pub watch: Option<(Side, usize)>,
    pub landed: Option<Landing>,
}

/// Where a watched act landed in the fold: the state just before it, and whether it took
/// effect (S17 checks a judgement against this device there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Landing {
    pub phase: Phase,
    /// The deadline running there (a move clock, an offer's answer time, or the exchange's).
    pub deadline: Option<Millis>,
    pub roll: u32,
    pub turn: Option<Side>,
    pub applied: bool,
    /// It changed the result or made a side late there (an act that takes effect).
    pub effect: bool,
    /// The game ended there (with it, or with the clock event it brought).
    pub ended: bool,
}

impl Landing {
    pub fn before(f: &Fold) -> Landing {
        Landing {
            phase: f.game.phase(),
            deadline: claim_deadline(&f.game),
            roll: f.roll,
            turn: f.game.turn(),
            applied: false,
            effect: false,
            ended: false,
        }
    }

    /// Notes what the act did: `f` is the fold just after it.
    pub fn after(
        mut self,
        f: &Fold,
        before: (
            Option<(vrhcaby_rules::Outcome, vrhcaby_rules::Reason)>,
            Option<Side>,
        ),
        applied: bool,
    ) -> Landing {
        self.applied = applied;
        let result = f.game.result();
        self.ended = before.0.is_none() && result.is_some();
        self.effect = result != before.0 || (f.game.late().is_some() && f.game.late() != before.1);
        self
    }
}

fn claim_deadline(game: &Game) -> Option<Millis> {
    match game.phase() {
        Phase::Lot | Phase::Rolling => game
            .roll_due_since()
            .map(|t| t.saturating_add(MOVE_TIME_MS)),
        _ => game.deadline(),
    }
}

impl Fold {
    pub fn new(game: Game) -> Fold {
        Fold {
            game,
            pos: BySide::default(),
            parts: Parts::default(),
            roll: 0,
            voids: Vec::new(),
            events: Vec::new(),
            watch: None,
            landed: None,
        }
    }

    /// Which log's next act comes first (`None`: both consumed).
    pub fn pick(&self, logs: &BySide<Vec<Authored>>, game_id: &str) -> Option<Side> {
        let w = logs.white.get(self.pos.white);
        let b = logs.black.get(self.pos.black);
        match (w, b) {
            (None, None) => None,
            (Some(_), None) => Some(Side::White),
            (None, Some(_)) => Some(Side::Black),
            (Some(w), Some(b)) => {
                if w.seen as usize > self.pos.black {
                    Some(Side::Black)
                } else if b.seen as usize > self.pos.white {
                    Some(Side::White)
                } else if let Some(side) = self.judgement_ahead(logs, game_id) {
                    Some(side)
                } else {
                    Some(self.crossing(logs, w, b))
                }
            }
        }
    }

    /// The order of two acts made without knowing of each other (see the module's rules).
    fn crossing(&self, logs: &BySide<Vec<Authored>>, w: &Authored, b: &Authored) -> Side {
        let jw = judged(&w.act, Side::White) && self.effective(logs, Side::White);
        let jb = judged(&b.act, Side::Black) && self.effective(logs, Side::Black);
        if jw != jb {
            return if jw { Side::White } else { Side::Black };
        }
        let claim = |a: &Authored| matches!(a.act, Act::Cmd(Command::ClaimWin { .. }));
        if claim(w) != claim(b) {
            let (claimer, other) = if claim(w) {
                (Side::White, b)
            } else {
                (Side::Black, w)
            };
            let limit = claim_deadline(&self.game).map(|d| d.saturating_add(GRACE_MS));
            return match limit {
                Some(limit) if other.t < limit => !claimer,
                Some(_) => claimer,
                None if other.t < w.t.max(b.t) => !claimer,
                None => claimer,
            };
        }
        // A reveal crossing a choice before the roll (a double, a resignation offer) comes
        // first: once a part of the roll is out, no choice is made before it is played (S18),
        // and a choice "made before" a reveal its author may already have read never voids it.
        let reveal = |a: &Authored| matches!(a.act, Act::Reveal { .. });
        let choice = |a: &Authored| {
            matches!(
                a.act,
                Act::Cmd(Command::Double { .. } | Command::OfferResign { .. })
            )
        };
        if reveal(w) && choice(b) {
            return Side::White;
        }
        if reveal(b) && choice(w) {
            return Side::Black;
        }
        if b.t < w.t {
            Side::Black
        } else {
            Side::White
        }
    }

    /// S16 through a chain of crossings: the two heads cross, and one side's log holds, at its
    /// head or a few acts on, a judgement that the other's head had not seen and that takes
    /// effect where it lands (after its author's acts before it); of two, the earlier stamped.
    /// That side goes first — up to its judgement —
    /// so an act of the other that its author had not received by the deadline it judged
    /// cannot be put before the judgement by crossing an earlier act of the judge (a withheld
    /// reveal released after an R18 judgement, completing the exchange through the judge's own
    /// reveal before it). Both devices fold alike.
    fn judgement_ahead(&self, logs: &BySide<Vec<Authored>>, game_id: &str) -> Option<Side> {
        const AHEAD: usize = 64;
        let mut found: Option<(Side, Millis)> = None;
        for author in Side::ALL {
            let start = self.pos[author];
            let log = &logs[author];
            let Some(j) = log
                .iter()
                .enumerate()
                .skip(start)
                .take(AHEAD)
                .find(|(_, a)| judged(&a.act, author))
                .map(|(j, _)| j)
            else {
                continue;
            };
            // It takes effect where it lands — its author's acts before it (if it is not the
            // head itself) folded first, each as its author made it: where one of
            // them does not apply there (it needed an act of the other side first), the
            // judgement was about a later deadline than this crossing, and the plain rule holds.
            let mut trial = self.clone();
            trial.voids.clear();
            trial.events.clear();
            if log[start..j]
                .iter()
                .any(|a| trial.apply(author, a, game_id).is_err())
            {
                continue;
            }
            trial.pos[author] = j;
            if !trial.effective(logs, author) {
                continue;
            }
            let t = log[j].t;
            if found.is_none_or(|(_, ft)| t < ft) {
                found = Some((author, t));
            }
        }
        found.map(|(side, _)| side)
    }

    /// Whether the judgement at the head of `author`'s log takes effect here: it ends the
    /// game or makes the other side late (with the `dice_late` that follows an `offline`).
    /// One that would not (the state moved on) is ordered by its stamp like any act, so it
    /// cannot push back what the other side did before it.
    fn effective(&self, logs: &BySide<Vec<Authored>>, author: Side) -> bool {
        let mut trial = self.clone();
        trial.voids.clear();
        let start = trial.pos[author];
        for (i, a) in logs[author].iter().enumerate().skip(start).take(2) {
            if !judged(&a.act, author) || (i > start && a.t != logs[author][start].t) {
                break;
            }
            if trial.apply(author, a, "").is_err() {
                return false;
            }
            if trial.game.result().is_some() || trial.game.late().is_some() {
                return true;
            }
        }
        false
    }

    /// Folds every act not yet consumed.
    pub fn run(&mut self, logs: &BySide<Vec<Authored>>, game_id: &str) {
        while self.step_next(logs, game_id).is_some() {}
    }

    /// Consumes the next act; returns its author.
    pub fn step_next(&mut self, logs: &BySide<Vec<Authored>>, game_id: &str) -> Option<Side> {
        let side = self.pick(logs, game_id)?;
        let index = self.pos[side];
        let act = logs[side][index];
        self.pos[side] += 1;
        let watched = self.watch == Some((side, index));
        let before = watched.then(|| {
            (
                Landing::before(self),
                (self.game.result(), self.game.late()),
            )
        });
        let result = self.apply(side, &act, game_id);
        if let Some((l, b)) = before {
            self.landed = Some(l.after(self, b, result.is_ok()));
        }
        if let Err(why) = result {
            self.voids.push((side, index, why));
        }
        Some(side)
    }

    fn flush(&mut self, upto: Millis) {
        while let Some(due) = self.game.next_due().filter(|&d| d <= upto) {
            match self.game.apply(Command::Tick, due) {
                Ok(ev) => self.events.extend(ev),
                Err(_) => break,
            }
        }
    }

    fn command(&mut self, cmd: Command, t: Millis) -> Result<(), Void> {
        self.flush(t);
        let ev = self.game.apply(cmd, t).map_err(Void::Rules)?;
        let rolled = matches!(
            cmd,
            Command::Start { .. } | Command::Dice { .. } | Command::Opening { .. }
        );
        self.events.extend(ev);
        if rolled {
            self.roll += 1;
            self.parts = Parts::default();
            // The dice are thrown: a side marked offline for the exchange is not any more
            // (presence cannot stay stuck and turn a later clock into an R18 loss).
            for side in Side::ALL {
                if self.game.is_offline(side) {
                    if let Ok(ev) = self.game.apply(Command::Online { side }, t) {
                        self.events.extend(ev);
                    }
                }
            }
        }
        Ok(())
    }

    /// One act of `author`, where it lands.
    pub fn apply(&mut self, author: Side, a: &Authored, game_id: &str) -> Result<(), Void> {
        match a.act {
            Act::Cmd(cmd) => {
                // S18: once the roller chose to roll, it may not double; once a part of the
                // roll is revealed, no side doubles or offers to resign until it is played.
                if self.game.phase() == Phase::Rolling {
                    let revealed =
                        self.parts.reveal.white.is_some() || self.parts.reveal.black.is_some();
                    let choice =
                        matches!(cmd, Command::Double { .. } | Command::OfferResign { .. });
                    if (revealed && choice)
                        || (self.parts.chosen && matches!(cmd, Command::Double { .. }))
                    {
                        return Err(Void::Dice);
                    }
                }
                let allowed = match cmd {
                    Command::Tick => true,
                    Command::Offline { side } | Command::DiceLate { side } => side != author,
                    Command::Start { .. }
                    | Command::Dice { .. }
                    | Command::Opening { .. }
                    | Command::Online { .. }
                    | Command::BadDice { .. } => false,
                    _ => cmd.side() == Some(author),
                };
                if !allowed {
                    return Err(Void::NotTheirs);
                }
                if let Command::Offline { side } = cmd {
                    // A judgement is about one instant (issue 39): outside a dice exchange it
                    // is `offline` stamped 1 ms before the move clock it judges runs out, and
                    // the offline loss (R18) follows at that deadline — or it is void. Inside
                    // an exchange it marks the side for the `dice_late` that follows it, until
                    // the dice are thrown.
                    self.flush(a.t);
                    let exchange = matches!(
                        self.game.phase(),
                        Phase::Lot | Phase::Opening | Phase::Rolling
                    );
                    let judges_clock = self.game.phase() == Phase::Moving
                        && self.game.turn() == Some(side)
                        && self.game.deadline() == Some(a.t.saturating_add(1));
                    if !exchange && !judges_clock && self.game.result().is_none() {
                        return Err(Void::NoEffect);
                    }
                    self.command(cmd, a.t)?;
                    self.flush(a.t.saturating_add(1));
                    return Ok(());
                }
                self.command(cmd, a.t)?;
                Ok(())
            }
            Act::Commit { roll, hash } => {
                self.exchange_open(roll, a.t)?;
                if self.parts.commit[author].is_some() {
                    return Err(Void::Dice);
                }
                self.flush(a.t);
                self.exchange_open(roll, a.t)?;
                if self.game.created().is_none() {
                    // The game between two devices begins with the first commitment to the lot:
                    // both devices fold the same first act, so both records say the same.
                    self.game.set_created(a.t).map_err(|_| Void::Dice)?;
                }
                self.parts.commit[author] = Some(hash);
                Ok(())
            }
            Act::Roll { roll } => {
                self.exchange_open(roll, a.t)?;
                if self.game.can_double() != Ok(author) || self.parts.chosen {
                    return Err(Void::Dice);
                }
                self.flush(a.t);
                self.exchange_open(roll, a.t)?;
                self.parts.chosen = true;
                Ok(())
            }
            Act::Reveal { roll, secret } => {
                self.exchange_open(roll, a.t)?;
                // S18: nothing of the roll is revealed while its roller may still double.
                if self.game.can_double().is_ok() && !self.parts.chosen {
                    return Err(Void::Dice);
                }
                let (Some(mine), Some(_)) = (self.parts.commit[author], self.parts.commit[!author])
                else {
                    return Err(Void::Dice);
                };
                if self.parts.reveal[author].is_some() {
                    return Err(Void::Dice);
                }
                self.flush(a.t);
                self.exchange_open(roll, a.t)?;
                if commitment(game_id, roll, author, &secret) != mine {
                    return self.command(Command::BadDice { side: author }, a.t);
                }
                self.parts.reveal[author] = Some(secret);
                if let (Some(w), Some(b)) = (self.parts.reveal.white, self.parts.reveal.black) {
                    let cmd = if self.game.phase() == Phase::Opening {
                        // Standard's opening roll (T1): White's die and Black's, a tie thrown
                        // again by the next exchange.
                        let [white, black] = dice_pair_from_secrets(game_id, roll, &w, &b);
                        Command::Opening { white, black }
                    } else if roll == 0 {
                        Command::Start {
                            first: lot_from_secrets(game_id, &w, &b),
                        }
                    } else {
                        Command::Dice {
                            dice: dice_from_secrets(game_id, roll, &w, &b),
                        }
                    };
                    self.command(cmd, a.t)?;
                }
                Ok(())
            }
        }
    }

    /// A dice act is for the roll being thrown, while it is being thrown, not stamped before
    /// the record's last time.
    fn exchange_open(&self, roll: u32, t: Millis) -> Result<(), Void> {
        let open = matches!(
            self.game.phase(),
            Phase::Lot | Phase::Opening | Phase::Rolling
        );
        let in_time = self.game.last_time().is_none_or(|last| t >= last);
        if open && roll == self.roll && in_time {
            Ok(())
        } else {
            Err(Void::Dice)
        }
    }
}
