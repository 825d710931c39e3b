//! An adversary that explores sequences, not grids (issue 49): the red teams kept finding
//! families that the searching adversary's parameter grid (`sim.rs`) did not hold — a
//! withheld act, a heartbeat that echoes nothing, an acknowledgement and then a silence. This
//! explorer tries every *sequence* of the cheater's steps, depth-first to a stated depth, from
//! two starting points (the cheater on move, the honest side on move), and checks the honest
//! device's invariants after every step:
//!
//! 1. while the channel was never closed nor the honest page reloaded in the sequence, the
//!    honest device never records a loss (its player always moves at once, well in time, so
//!    nothing it did in time is ever counted against it, and no act of it is made void to its
//!    loss); and a win it recorded (its player presses Don't wait as soon as it may) is never
//!    undone — by a backdated act, a stale `seen`, a withheld act released, whatever the
//!    channel's state;
//! 2. it never loses by `bad_dice` (its reveals match their commitments);
//! 3. it never freezes: when the cheater has been due (its move, its dice part) for 60 s, the
//!    grace and 5 s more by the honest device's clock, its player may press Don't wait, or the
//!    game has moved on;
//! 4. standard backgammon (S18): a choice before a roll (a resignation offer, a double) that
//!    came after our reveal of that roll never counts before the roll is thrown;
//! 5. no step takes long (a flood of the cheater's acts costs what any act costs).
//!
//! Each step of the cheater is one of: its own device acts (a legal move), a forged act (a move,
//! a claim, an `offline` or `dice_late` judgement about the honest side, a tick) with a stamp
//! from a small set around the deadline running (1 ms before it, within the grace, after it,
//! now) and a current or stale `seen`; a forged heartbeat (echoing ours or nothing; saying it
//! holds all of ours or only what it held before; its `made` true or claiming everything);
//! withholding its acts, or its heartbeats, and releasing what it held; closing the channel and
//! opening it again; a reload of the honest page; and time passing to the next instant that
//! matters (300 ms before the deadline, just after the grace, 6 s after it, a minute on).
//!
//! `EXPLORE_DEPTH=n` sets the depth (CI: 3 in a release build, 2 in a debug one); the full run
//! is a benchmark (`EXPLORE_DEPTH=4 cargo test --release -p vrhcaby-p2p --test explore --
//! --nocapture`).

mod common;

use common::Net;
use vrhcaby_p2p::{Act, Message, GRACE_MS};
use vrhcaby_rules::{Command, Millis, Outcome, Phase, Reason, Side, MOVE_TIME_MS};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stamp {
    /// 1 ms before our last act, "not having seen" it (a crossing made up after the fact).
    BeforeOurLast,
    BeforeDeadline,
    InGrace,
    AfterGrace,
    Now,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Forged {
    Move,
    Claim,
    /// Standard: a choice before the roll (S18).
    OfferResign,
    Double,
    Offline,
    DiceLate,
    Tick,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// The cheater's own device plays a legal move, if it is on move.
    Plays,
    Forge {
        what: Forged,
        stamp: Stamp,
        stale: bool,
    },
    Beat {
        echo: bool,
        stale: bool,
        all_made: bool,
    },
    HoldActs,
    HoldBeats,
    Release,
    Close,
    Reopen,
    Reload,
    /// Time passes until the honest side's shared time is the deadline running plus this (or,
    /// with no deadline, this long).
    Wait(i64),
}

fn steps() -> Vec<Step> {
    let mut v = vec![Step::Plays];
    for (what, stamps) in [
        (
            Forged::Move,
            &[
                Stamp::BeforeOurLast,
                Stamp::BeforeDeadline,
                Stamp::InGrace,
                Stamp::Now,
            ][..],
        ),
        (Forged::Claim, &[Stamp::InGrace, Stamp::AfterGrace][..]),
        (Forged::OfferResign, &[Stamp::BeforeOurLast, Stamp::Now][..]),
        (Forged::Double, &[Stamp::BeforeOurLast, Stamp::Now][..]),
        (Forged::Offline, &[Stamp::BeforeDeadline][..]),
        (Forged::DiceLate, &[Stamp::Now][..]),
        (Forged::Tick, &[Stamp::Now][..]),
    ] {
        for &stamp in stamps {
            for stale in [false, true] {
                v.push(Step::Forge { what, stamp, stale });
            }
        }
    }
    for (echo, stale, all_made) in [
        (true, false, false),
        (false, false, true),
        (true, true, true),
        (false, true, false),
    ] {
        v.push(Step::Beat {
            echo,
            stale,
            all_made,
        });
    }
    v.extend([
        Step::HoldActs,
        Step::HoldBeats,
        Step::Release,
        Step::Close,
        Step::Reopen,
        Step::Reload,
        Step::Wait(-300),
        Step::Wait(GRACE_MS as i64 + 100),
        Step::Wait(6_000),
        Step::Wait(60_000),
    ]);
    v
}

/// One explored state: the two devices, and what the sequence did so far.
#[derive(Clone)]
struct State {
    net: Net,
    honest: Side,
    /// The honest side's acts the cheater has seen as of its last honest-looking act.
    stale: usize,
    /// The channel was closed, or the honest page reloaded, in this sequence.
    cut: bool,
    /// The honest side recorded a win (it claimed, or the cheater was judged offline).
    won: bool,
    /// Standard: each forged choice before a roll (a resignation offer, a double) — the roll
    /// being thrown when it came, and whether our reveal of it was already out then.
    choices: Vec<(u32, bool)>,
}

fn no_beats(_: Side, m: &Message) -> bool {
    !matches!(m, Message::Heartbeat { .. })
}

impl State {
    fn cheater(&self) -> Side {
        !self.honest
    }

    /// The deadline running on the honest device (a move clock, or a dice exchange's).
    fn deadline(&self) -> Option<Millis> {
        let g = self.net.game(self.honest);
        match g.phase() {
            Phase::Lot | Phase::Rolling => {
                g.roll_due_since().map(|t| t.saturating_add(MOVE_TIME_MS))
            }
            _ => g.deadline(),
        }
    }

    /// The honest player moves at once whenever it is on move (always well in time), and
    /// presses Don't wait as soon as it may.
    fn honest_plays(&mut self) {
        let h = self.honest;
        if self.net.dev[h].pg.can_claim(self.net.clock(h)) {
            let _ = self.net.act(h, Command::ClaimWin { side: h });
        }
        // Standard: it rolls at once rather than double.
        if self.net.game(h).can_double() == Ok(h) {
            self.net.dev[h].pg.choose_roll();
            self.net.step(h);
        }
        for _ in 0..4 {
            let g = self.net.game(h);
            if g.phase() != Phase::Moving || g.turn() != Some(h) {
                return;
            }
            if self.net.move_once(h).is_err() {
                return;
            }
            self.net.run(50);
        }
    }

    fn forge(&mut self, what: Forged, stamp: Stamp, stale: bool) {
        let (h, c) = (self.honest, self.cheater());
        let now = self.net.shared(c);
        let d = self.deadline();
        let ours = self.net.dev[h].pg.logs()[h].clone();
        let last = ours.last().map(|a| a.t);
        let t = match (stamp, d) {
            (Stamp::BeforeOurLast, _) => last.map_or(now, |t| t.saturating_sub(1)),
            (Stamp::BeforeDeadline, Some(d)) => d.saturating_sub(1),
            (Stamp::InGrace, Some(d)) => d + GRACE_MS - 100,
            (Stamp::AfterGrace, Some(d)) => d + GRACE_MS + 100,
            _ => now,
        };
        let cmd = match what {
            Forged::Move => {
                let g = self.net.game(c);
                let Some(mv) = g.legal_moves().first().copied() else {
                    return;
                };
                Command::Move {
                    side: c,
                    from: mv.from,
                    to: mv.to,
                }
            }
            Forged::Claim => Command::ClaimWin { side: c },
            Forged::Offline => Command::Offline { side: h },
            Forged::DiceLate => Command::DiceLate { side: h },
            Forged::OfferResign => Command::OfferResign {
                side: c,
                kind: vrhcaby_rules::Kind::Single,
            },
            Forged::Double => Command::Double { side: c },
            Forged::Tick => Command::Tick,
        };
        let seen = if stamp == Stamp::BeforeOurLast {
            ours.len().saturating_sub(1)
        } else if stale {
            self.stale
        } else {
            ours.len()
        };
        let msg = common::forge_seen(&self.net, h, Act::Cmd(cmd), t, seen);
        if matches!(what, Forged::OfferResign | Forged::Double) {
            // When it came, against our reveal of the roll being thrown (S18's invariant).
            let revealed = self.our_reveal(self.net.dev[h].pg.roll_index());
            self.choices
                .push((self.net.dev[h].pg.roll_index(), revealed.is_some()));
        }
        let _ = self.net.inject(h, msg);
    }

    /// Our reveal of roll `roll`, if we made one: its stamp.
    fn our_reveal(&self, roll: u32) -> Option<Millis> {
        let h = self.honest;
        self.net.dev[h].pg.logs()[h]
            .iter()
            .find(|a| matches!(a.act, Act::Reveal { roll: r, .. } if r == roll))
            .map(|a| a.t)
    }

    fn beat(&mut self, echo: bool, stale: bool, all_made: bool) {
        let (h, c) = (self.honest, self.cheater());
        let have = if stale {
            self.stale
        } else {
            self.net.dev[h].pg.logs()[h].len()
        };
        let made = if all_made {
            u32::MAX
        } else {
            self.net.dev[h].pg.logs()[c].len() as u32
        };
        let msg = Message::Heartbeat {
            t: self.net.clock(c),
            echo: if echo { self.net.last_beat[h] } else { None },
            held: 0,
            have: have as u32,
            made,
        };
        let _ = self.net.inject(h, msg);
    }

    fn wait(&mut self, off: i64) {
        let now = self.net.shared(self.honest);
        let target = match self.deadline() {
            Some(d) => (d as i64 + off).max(now as i64 + 100) as Millis,
            None => now + off.unsigned_abs().max(1_000),
        };
        // (The cheater's real heartbeats go on, unless held.)
        let ms = target.saturating_sub(now).min(120_000);
        self.net.run(ms);
    }

    fn apply(&mut self, step: Step) {
        let (h, c) = (self.honest, self.cheater());
        match step {
            Step::Plays => {
                let g = self.net.game(c);
                if g.phase() == Phase::Moving && g.turn() == Some(c) {
                    let _ = self.net.move_once(c);
                }
            }
            Step::Forge { what, stamp, stale } => self.forge(what, stamp, stale),
            Step::Beat {
                echo,
                stale,
                all_made,
            } => self.beat(echo, stale, all_made),
            Step::HoldActs => self.net.holding_acts[c] = true,
            Step::HoldBeats => self.net.filter = Some(no_beats),
            Step::Release => {
                self.net.release(c);
                self.net.filter = None;
            }
            Step::Close => {
                self.cut = true;
                if self.net.up {
                    self.net.disconnect();
                }
            }
            Step::Reopen => {
                if !self.net.up {
                    self.net.connect();
                }
            }
            Step::Reload => {
                self.cut = true;
                self.net.reload(h);
            }
            Step::Wait(off) => self.wait(off),
        }
        self.net.run(200);
        self.honest_plays();
        // What the cheater had seen, for its next stale act: as of now.
        if !matches!(step, Step::Forge { .. } | Step::Beat { .. }) {
            self.stale = self.net.dev[c].pg.logs()[h].len();
        }
    }

    /// The honest device's invariants (see the module's text); `Err` says which broke.
    fn check(&self) -> Result<(), String> {
        let h = self.honest;
        let g = self.net.game(h);
        if let Some((outcome, reason)) = g.result() {
            if reason == Reason::BadDice && outcome != Outcome::win(h) {
                return Err("lost by bad_dice".into());
            }
            let lost = outcome != Outcome::win(h) && outcome != Outcome::Draw;
            if lost && !self.cut {
                return Err(format!("lost ({reason:?}) with the channel never closed"));
            }
            return Ok(());
        }
        if self.won {
            return Err("a win it recorded was undone".into());
        }
        // S18: dice are unknown until every choice before them is made — a choice that came
        // after our reveal of a roll never counts before that roll is thrown.
        let thrown = vrhcaby_rules::proof::thrown(g.record()).len() as u32;
        let late_choice = self
            .choices
            .iter()
            .any(|&(roll, after)| after && roll >= thrown);
        if late_choice && matches!(g.phase(), Phase::ResignOffered | Phase::Doubled) {
            return Err(format!(
                "a choice after our reveal counted: {:?}",
                g.phase()
            ));
        }
        let waiting = match g.phase() {
            Phase::Moving => g.turn() == Some(self.cheater()),
            Phase::Lot | Phase::Rolling => true,
            _ => false,
        };
        if let (true, Some(d)) = (waiting && self.net.up, self.deadline()) {
            let now = self.net.shared(h);
            let u = vrhcaby_p2p::MAX_UNCERTAINTY_MS;
            if now > d + GRACE_MS + u + 5_000
                && g.phase() == Phase::Moving
                && !self.net.dev[h].pg.can_claim(self.net.clock(h))
            {
                return Err(format!("frozen: {} ms past the deadline", now - d));
            }
        }
        Ok(())
    }
}

fn explore(s: &State, depth: usize, all: &[Step], path: &mut Vec<Step>, stats: &mut Stats) {
    if depth == 0 {
        return;
    }
    for &step in all {
        let mut next = s.clone();
        let t0 = std::time::Instant::now();
        next.apply(step);
        let ms = t0.elapsed().as_millis();
        stats.nodes += 1;
        stats.slowest = stats.slowest.max(ms);
        path.push(step);
        if let Err(e) = next.check() {
            if stats.failures.len() < 10 {
                stats.failures.push(format!("{e}: {path:?}"));
            }
        } else {
            // A game the honest side won goes on being attacked (the cheater tries to undo the
            // win); one it lost or drew is done.
            let h = next.honest;
            next.won = next
                .net
                .game(h)
                .result()
                .is_some_and(|(o, _)| o == Outcome::win(h));
            if next.won || next.net.game(h).result().is_none() {
                explore(&next, depth - 1, all, path, stats);
            }
        }
        path.pop();
    }
}

#[derive(Default)]
struct Stats {
    nodes: u64,
    slowest: u128,
    failures: Vec<String>,
}

fn start(seed: u64, honest_moves: bool) -> State {
    let mut net = Net::new("explore", seed, (0, 0));
    net.start();
    let mover = net.game(Side::White).turn().expect("a mover");
    let honest = if honest_moves { mover } else { !mover };
    let stale = net.dev[!honest].pg.logs()[honest].len();
    let mut s = State {
        net,
        honest,
        stale,
        cut: false,
        won: false,
        choices: Vec::new(),
    };
    if honest_moves {
        // The honest player's first move is made at once; the cheater answers from there.
        s.honest_plays();
    }
    s
}

/// Standard backgammon on the house clock, a 5-point match: the opening played, the next roll
/// falling due with its roller free to double (our side in one start, the cheater in the other).
fn start_standard(seed: u64) -> State {
    let variant = vrhcaby_rules::Variant::standard(vrhcaby_rules::Options {
        clock: vrhcaby_rules::Clock::House,
        ..vrhcaby_rules::Options::match_to(5)
    })
    .expect("a standard variant");
    let mut net = Net::new_under("explore-std", seed, (0, 0), variant);
    net.connect();
    net.run(10_000);
    let first = net.game(Side::White).turn().expect("the opening's winner");
    // The roller after the opening turn is the other side: ours in one seed, the cheater's in
    // the other.
    let honest = if seed % 2 == 1 { !first } else { first };
    net.play_turn(500);
    net.run(2_000);
    let stale = net.dev[!honest].pg.logs()[honest].len();
    let mut s = State {
        net,
        honest,
        stale,
        cut: false,
        won: false,
        choices: Vec::new(),
    };
    // The cheater holds its acts back from here on (its part of the roll among them) until a
    // step releases them; our player, if it is the roller, chooses to roll at once.
    s.net.holding_acts[!honest] = true;
    s.honest_plays();
    s.net.run(300);
    s
}

#[test]
fn an_exploring_cheater_breaks_no_invariant() {
    let depth = std::env::var("EXPLORE_DEPTH")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 2 } else { 3 });
    let all = steps();
    let mut stats = Stats::default();
    let t0 = std::time::Instant::now();
    for (seed, honest_moves) in [(301, false), (302, true)] {
        let s = start(seed, honest_moves);
        explore(&s, depth, &all, &mut Vec::new(), &mut stats);
    }
    for seed in [303, 304] {
        let s = start_standard(seed);
        explore(&s, depth, &all, &mut Vec::new(), &mut stats);
    }
    println!(
        "explorer: {} steps, depth {depth}, {} states in {:.1} s; slowest step {} ms; {} failures",
        all.len(),
        stats.nodes,
        t0.elapsed().as_secs_f64(),
        stats.slowest,
        stats.failures.len()
    );
    assert!(
        stats.failures.is_empty(),
        "{} failures, first: {:#?}",
        stats.failures.len(),
        stats.failures
    );
    assert!(stats.slowest < 2_000, "a step took {} ms", stats.slowest);
}
