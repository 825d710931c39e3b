//! A deterministic simulation of many games between two devices: seeded random delays
//! (0–3 s, in order), link drops and reconnects, reloads from the saved form only, clock
//! offsets up to ±2 minutes, devices that sleep for a minute, and random but honest players.
//! Then the same with one device replaced by an adversary that sends random and targeted
//! messages. Every game checks the invariants below; a failure prints its seed, and
//! `SIM_SEED=<seed> cargo test --release -p vrhcaby-p2p --test sim -- --nocapture` replays it.
//!
//! Honest games: both records end equal (no divergence); every result is one the rules allow
//! (the record replays to the same game); no player loses on time unless it let its own clock
//! run out or the link was cut (a drop, a reload, a sleep) during the game.
//!
//! Adversary games: the honest record changes only through the honest side's own acts, the
//! adversary's own legal commands, the dice both exchanged, and the timed results the honest
//! side derives or judges itself; the honest side never loses on time or by `bad_dice`.
//!
//! In CI (`scripts/test.sh`) this runs in release with 10,000 honest and 2,000 adversary
//! games; a debug `cargo test` runs 200 + 50.

mod common;

use common::{secret, Net};
use vrhcaby_p2p::{encode, Act, Authored, Message, PeerError};
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{
    Command, CommandError, Game, Millis, Outcome, Phase, Reason, Side, MOVE_TIME_MS,
};

/// Simulated time a game may last.
const GAME_LIMIT_MS: Millis = 3 * 3_600_000;
const STEP_MS: Millis = 250;

fn counts() -> (u64, u64) {
    let honest = std::env::var("SIM_GAMES").ok().and_then(|v| v.parse().ok());
    let adversary = std::env::var("SIM_ADVERSARY")
        .ok()
        .and_then(|v| v.parse().ok());
    let (h, a) = if cfg!(debug_assertions) {
        (200, 50)
    } else {
        (10_000, 2_000)
    };
    (honest.unwrap_or(h), adversary.unwrap_or(a))
}

/// What a simulated player intends.
#[derive(Clone, Copy, Debug, Default)]
struct Player {
    /// When (this device's clock) to make the next move, for the clock start it was planned at.
    plan: Option<(Millis, Option<Millis>)>,
    answer: Option<(Millis, bool)>,
    /// It once let its own move clock run out.
    overran: bool,
}

struct Game1 {
    net: Net,
    rng: SplitMix64,
    players: vrhcaby_rules::BySide<Player>,
    /// A drop, a reload or a sleep happened.
    disrupted: bool,
    adversary: Option<Side>,
    /// Stats.
    checks: u64,
    drops: u32,
    reloads: u32,
    sleeps: u32,
    forged: u32,
    /// Honest games whose records differ by S17 as written (see `honest`).
    lost_divergences: u32,
}

fn think(rng: &mut SplitMix64) -> Millis {
    match rng.below(1_000) {
        0..=849 => 300 + rng.below(2_700),
        850..=969 => 3_000 + rng.below(37_000),
        970..=996 => 40_000 + rng.below(18_000),
        _ => 62_000 + rng.below(30_000),
    }
}

impl Game1 {
    fn new(seed: u64, adversary: Option<Side>) -> Game1 {
        let mut rng = SplitMix64::new(seed);
        let offsets = if adversary.is_some() {
            (0, 0)
        } else {
            (
                rng.below(240_001) as i64 - 120_000,
                rng.below(240_001) as i64 - 120_000,
            )
        };
        let mut net = Net::new(&format!("sim-{seed}"), rng.next_u64(), offsets);
        net.delay = (0, 3_000);
        net.connect();
        Game1 {
            net,
            rng,
            players: Default::default(),
            disrupted: false,
            adversary,
            checks: 0,
            drops: 0,
            reloads: 0,
            sleeps: 0,
            forged: 0,
            lost_divergences: 0,
        }
    }

    fn over(&self) -> bool {
        Side::ALL
            .iter()
            .all(|&s| self.net.game(s).result().is_some())
    }

    /// One player's decisions at this instant.
    fn play(&mut self, side: Side) {
        if !self.net.awake(side) {
            return;
        }
        let now = self.net.clock(side);
        let t = self.net.shared(side);
        let g = self.net.game(side).clone();
        if g.result().is_some() {
            return;
        }
        // Don't wait: usually pressed soon after it is allowed.
        if self.net.dev[side].pg.can_claim(now) && self.rng.below(8) == 0 {
            let _ = self.net.act(side, Command::ClaimWin { side });
            return;
        }
        if self.rng.below(20_000) == 0 {
            let _ = self.net.act(side, Command::Resign { side });
            return;
        }
        match g.phase() {
            Phase::Moving if g.turn() == Some(side) => {
                let clock = g.deadline();
                let p = &mut self.players[side];
                let due = match p.plan {
                    Some((at, c)) if c == clock => at,
                    _ => {
                        let wait = think(&mut self.rng);
                        let left = clock.map_or(MOVE_TIME_MS, |d| d.saturating_sub(t));
                        let p = &mut self.players[side];
                        if wait >= left {
                            p.overran = true;
                        }
                        p.plan = Some((now + wait, clock));
                        now + wait
                    }
                };
                if now < due {
                    return;
                }
                self.players[side].plan = None;
                if g.can_offer_draw(t).is_ok() && self.rng.below(30) == 0 {
                    let _ = self.net.act(side, Command::OfferDraw { side });
                    return;
                }
                let moves = g.legal_moves();
                if moves.is_empty() {
                    return;
                }
                let mv = moves[self.rng.below(moves.len() as u64) as usize];
                let cmd = Command::Move {
                    side,
                    from: mv.from,
                    to: mv.to,
                };
                // A move listed as legal is taken, unless a clock event due before it (S3)
                // ended the game first (the time-loss invariant judges whether that was fair).
                let r = self.net.act(side, cmd);
                assert!(
                    r.is_ok() || r == Err(PeerError::Rejected(CommandError::GameOver)),
                    "a legal move refused: {r:?}"
                );
            }
            Phase::DrawOffered if g.turn() == Some(side) => {
                let p = &mut self.players[side];
                let (at, accept) = *p.answer.get_or_insert_with(|| {
                    (now + 500 + self.rng.below(70_000), self.rng.below(3) == 0)
                });
                if now >= at {
                    self.players[side].answer = None;
                    let cmd = if accept {
                        Command::AcceptDraw { side }
                    } else {
                        Command::DeclineDraw { side }
                    };
                    let _ = self.net.act(side, cmd);
                }
            }
            _ => self.players[side].answer = None,
        }
    }

    /// Drops, reloads and sleeps, now and then (`SIM_CALM=k`: k times less often, for the
    /// divergence figure at a gentler network; the reconnections as often as before).
    fn disrupt(&mut self) {
        if self.adversary.is_some() {
            return;
        }
        let calm = std::env::var("SIM_CALM")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(1)
            .max(1);
        let mut r = self.rng.below(100_000);
        if calm > 1 && (r < 60 || (110..175).contains(&r)) && self.rng.below(calm) != 0 {
            r = 175;
        }
        if r < 60 && self.net.up {
            // Mostly the network going away (silence, then each device's channel closes when
            // it notices), sometimes a device closing the channel (what was sent arrives).
            if r < 45 {
                self.net.die((2_000, 8_000));
            } else {
                self.net.close_clean();
            }
            self.disrupted = true;
            self.drops += 1;
        } else if r < 110
            && !self.net.up
            && self.net.notice.white.is_none()
            && self.net.notice.black.is_none()
        {
            // A new link once both devices saw the old one go (a blip shorter than that is
            // carried over by the channel itself: the network's own retransmissions).
            self.net.connect();
        } else if r < 150 {
            let side = if self.rng.below(2) == 0 {
                Side::White
            } else {
                Side::Black
            };
            if self.net.awake(side) {
                self.net.reload(side);
                self.disrupted = true;
                self.reloads += 1;
            }
        } else if r < 175 {
            let side = if self.rng.below(2) == 0 {
                Side::White
            } else {
                Side::Black
            };
            self.net.dev[side].asleep_until = self.net.now + 60_000;
            self.disrupted = true;
            self.sleeps += 1;
        }
    }

    /// The adversary sends something of its own making now and then.
    fn attack(&mut self, adv: Side) {
        if self.rng.below(40) != 0 {
            return;
        }
        let honest = !adv;
        let pg = &self.net.dev[adv].pg;
        let n = pg.logs()[adv].len() as u32;
        let seen = pg.logs()[honest].len() as u32;
        let t = self.net.shared(adv);
        let g = pg.game().clone();
        let mv = g.legal_moves().first().copied();
        let text = match self.rng.below(12) {
            0 => "{\"type\":\"command\",\"n\":".to_string(),
            1 => "\u{0}\u{ffff}garbage".to_string(),
            2 => encode(&Message::Heartbeat {
                t: self.net.clock(adv) + 240_000,
                echo: Some(self.rng.below(2_000_000)),
                held: self.rng.below(10_000),
                have: self.rng.below(100) as u32,
                made: self.rng.below(100) as u32,
            }),
            3 => encode(&Message::Act {
                n: n + 3,
                act: Authored {
                    t,
                    seen,
                    act: Act::Cmd(Command::Resign { side: adv }),
                },
            }),
            4 if n > 0 => {
                let act = pg.logs()[adv][self.rng.below(n as u64) as usize];
                encode(&Message::Act {
                    n: n.saturating_sub(1).min(self.rng.below(n as u64) as u32),
                    act,
                })
            }
            5 => encode(&Message::Hello {
                version: vrhcaby_p2p::VERSION,
                game_id: "another".into(),
                seat: adv,
                have: 0,
                options: None,
            }),
            // From here on: an act at the place the honest device expects (refused acts make
            // the records diverge for good, so these are rarer).
            _ if self.rng.below(10) != 0 => return,
            6 => {
                let cmd = match self.rng.below(6) {
                    0 => Command::Resign { side: honest },
                    1 => Command::Offline { side: honest },
                    2 => Command::DiceLate { side: honest },
                    3 => Command::Online { side: adv },
                    4 => Command::Dice {
                        dice: vrhcaby_rules::Roll::from_values(6, 6).expect("a roll"),
                    },
                    _ => Command::BadDice { side: honest },
                };
                forged_act(
                    n,
                    seen,
                    t.saturating_sub(self.rng.below(70_000)),
                    Act::Cmd(cmd),
                )
            }
            7 => forged_act(
                n,
                seen,
                t + 5_000 + self.rng.below(60_000),
                Act::Cmd(Command::ClaimWin { side: adv }),
            ),
            8 => forged_act(n, seen, t, Act::Cmd(Command::ClaimWin { side: adv })),
            9 => match mv {
                Some(mv) => forged_act(
                    n,
                    seen,
                    t.saturating_sub(60_000),
                    Act::Cmd(Command::Move {
                        side: adv,
                        from: mv.from,
                        to: mv.to,
                    }),
                ),
                None => return,
            },
            10 => forged_act(
                n,
                seen,
                t,
                Act::Commit {
                    roll: pg.roll_index(),
                    hash: secret(&mut self.rng),
                },
            ),
            _ => forged_act(
                n,
                seen,
                t,
                Act::Reveal {
                    roll: pg.roll_index(),
                    secret: secret(&mut self.rng),
                },
            ),
        };
        self.forged += 1;
        self.net.post(adv, text);
    }

    fn run(&mut self) {
        let start = self.net.now;
        while !self.over() && self.net.now < start + GAME_LIMIT_MS {
            for side in Side::ALL {
                self.play(side);
            }
            if let Some(adv) = self.adversary {
                self.attack(adv);
            }
            self.disrupt();
            self.net.run(STEP_MS);
        }
        // Heal: the link back, everyone awake, everything delivered.
        for side in Side::ALL {
            self.net.dev[side].asleep_until = 0;
        }
        if !self.net.up {
            // (Once both devices saw a dead link go.)
            self.net.run(8_000);
            self.net.connect();
        }
        self.net.delay = (10, 50);
        self.net.run(20_000);
    }
}

fn forged_act(n: u32, seen: u32, t: Millis, act: Act) -> String {
    encode(&Message::Act {
        n,
        act: Authored { t, seen, act },
    })
}

fn time_loss(g: &Game) -> Option<Side> {
    let (outcome, reason) = g.result()?;
    let timed = matches!(
        reason,
        Reason::TimeoutClaimed | Reason::TimeoutOffline | Reason::Inactivity
    );
    match outcome {
        Outcome::White if timed => Some(Side::Black),
        Outcome::Black if timed => Some(Side::White),
        _ => None,
    }
}

fn honest(seed: u64) -> Result<Game1, String> {
    let mut g = Game1::new(seed, None);
    g.run();
    let (w, b) = (g.net.game(Side::White), g.net.game(Side::Black));
    let dw = g.net.dev.white.pg.divergence();
    let db = g.net.dev.black.pg.divergence();
    g.checks += 1;
    // S17 as written: an act sent over an open link in time is in time on its device, and a
    // judgement or an answer against a device stands only where its own clock agrees. When the
    // link lost an act in flight (the other's page closed under it, or the network died) and
    // no link came back before the deadline at stake, the judging device's record (S16) and
    // the judged device's refusal (S17) both stand: the records differ, by the rules. That is
    // the only divergence allowed: an act was lost in flight in this game, and the refusing
    // device's first refusal is a judgement about it (`presence`), an answer to its offer that
    // came after the lapse (`time`, from the offer's check: `min` 0), or the lost act itself,
    // re-sent later than the delivery allowance reaches back (`time`).
    let allowed = |side: Side| {
        let d = &g.net.dev[side];
        let lost = Side::ALL
            .iter()
            .any(|&s| g.net.lost_in_close[s] + g.net.lost_in_death[s] > 0);
        let refused = d.pg.divergence().filter(|d| d.refused_by_us);
        let first = d
            .errors
            .iter()
            .find(|e| !matches!(e, PeerError::OutOfOrder { .. }));
        // Or (S17 as issue 49 reads it) a judgement about this device refused because an act
        // of it that the judge had not seen had gone out over a channel it had not seen closed
        // by the deadline judged, and the network took longer than the grace to bring it.
        let sent_in_time = d.pg.refused().iter().any(|(_, a)| {
            let judged_at = a.t.saturating_add(1);
            let ours = d.pg.logs()[side].len();
            (a.seen as usize..ours).any(|i| d.pg.first_sent(i).is_some_and(|s| s <= judged_at))
        });
        // (Once one device refused a judgement, the other's answer may overwrite its record of
        // who refused first: a refusal that follows from it is the same divergence.)
        match first {
            Some(PeerError::InFlight { .. }) => lost || sent_in_time,
            Some(PeerError::TimeOutOfRange { min: 0, .. }) => refused.is_some() && lost,
            Some(PeerError::TimeOutOfRange { .. }) => {
                refused.is_some_and(|r| g.net.lost_acts[!side].contains(&r.n))
            }
            _ => false,
        }
    };
    let refuser = Side::ALL.into_iter().find(|&s| allowed(s));
    if refuser.is_some() {
        g.lost_divergences += 1;
        return Ok(g);
    }
    if dw.is_some() || db.is_some() {
        return Err(format!(
            "honest devices diverged: {dw:?} / {db:?}; errors {:?} / {:?}; offsets {} {} \
             estimated {} {}; drops {} reloads {} sleeps {}\nwhite {:?}\nblack {:?}\nrefused {:?} {:?}",
            g.net.dev.white.errors,
            g.net.dev.black.errors,
            g.net.dev.white.offset,
            g.net.dev.black.offset,
            g.net.dev.white.pg.clock_offset(),
            g.net.dev.black.pg.clock_offset(),
            g.drops,
            g.reloads,
            g.sleeps,
            &g.net.dev.white.pg.logs().white.iter().take(6).collect::<Vec<_>>(),
            &g.net.dev.black.pg.logs().black.iter().take(6).collect::<Vec<_>>(),
            g.net.dev.white.pg.refused(),
            g.net.dev.black.pg.refused(),
        ));
    }
    g.checks += 1;
    if w.record() != b.record() {
        return Err(format!(
            "records differ:\nwhite {}\nblack {}",
            w.record().to_json(),
            b.record().to_json()
        ));
    }
    g.checks += 1;
    if w.record().replay().as_ref() != Ok(w) {
        return Err("the record does not replay to the game".to_string());
    }
    g.checks += 1;
    if let Some(loser) = time_loss(w) {
        if !g.players[loser].overran && !g.disrupted {
            return Err(format!(
                "{loser} lost on time ({:?}) without overrunning its clock or a cut link",
                w.result()
            ));
        }
    }
    Ok(g)
}

fn adversarial(seed: u64) -> Result<Game1, String> {
    let adv = if seed % 2 == 0 {
        Side::White
    } else {
        Side::Black
    };
    let honest = !adv;
    let mut g = Game1::new(seed, Some(adv));
    g.run();
    let pg = &g.net.dev[honest].pg;
    let game = pg.game();
    g.checks += 1;
    if game.record().replay().as_ref() != Ok(game) {
        return Err("the honest record does not replay".to_string());
    }
    // Every entry: our own act, the adversary's own command, dice, a tick, or a result we
    // derive or judge ourselves.
    let own: Vec<Command> = pg.logs()[honest]
        .iter()
        .filter_map(|a| match a.act {
            Act::Cmd(c) => Some(c),
            _ => None,
        })
        .collect();
    let commands = &game.record().commands;
    for (i, e) in commands.iter().enumerate() {
        g.checks += 1;
        let ok = match e.cmd {
            Command::Start { .. } | Command::Dice { .. } | Command::Tick => true,
            Command::BadDice { side } => side == adv,
            Command::Offline { side } | Command::DiceLate { side } => {
                side == adv && own.contains(&e.cmd)
            }
            // The fold's end of an `offline` mark when the dice are thrown: only after one of
            // ours about the adversary.
            Command::Online { side } => {
                side == adv
                    && commands[..i]
                        .iter()
                        .any(|p| p.cmd == Command::Offline { side })
            }
            c => c.side() == Some(adv) || own.contains(&c),
        };
        if !ok {
            return Err(format!("an entry the adversary made up: {e:?}"));
        }
    }
    g.checks += 1;
    if let Some(loser) = time_loss(game) {
        if loser == honest && !g.players[honest].overran {
            return Err(format!("the honest side lost on time: {:?}", game.result()));
        }
    }
    if game.result() == Some((Outcome::win(adv), Reason::BadDice)) {
        return Err("the honest side lost by bad dice".to_string());
    }
    Ok(g)
}

fn report(kind: &str, n: u64, f: impl Fn(u64) -> Result<Game1, String>) {
    let only: Option<u64> = std::env::var("SIM_SEED").ok().and_then(|v| v.parse().ok());
    let seeds: Vec<u64> = match only {
        Some(s) => vec![s],
        None => {
            let base: u64 = std::env::var("SIM_BASE")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(0);
            (base..base + n).map(|i| i * 7_919 + 17).collect()
        }
    };
    let (mut checks, mut drops, mut reloads, mut sleeps, mut forged, mut over) = (0, 0, 0, 0, 0, 0);
    let mut lost = 0u32;
    let mut moves = 0u64;
    for seed in &seeds {
        match f(*seed) {
            Ok(g) => {
                checks += g.checks;
                drops += g.drops;
                reloads += g.reloads;
                sleeps += g.sleeps;
                forged += g.forged;
                lost += g.lost_divergences;
                over += u64::from(g.over());
                if !g.over() && std::env::var("SIM_SHOW").is_ok() {
                    let gw = g.net.game(Side::White);
                    println!(
                        "  turn {:?} deadline {:?} shared {} / {} claim {} {} present {} {} up {} last {:?}",
                        gw.turn(),
                        gw.deadline(),
                        g.net.shared(Side::White),
                        g.net.shared(Side::Black),
                        g.net.dev.white.pg.can_claim(g.net.clock(Side::White)),
                        g.net.dev.black.pg.can_claim(g.net.clock(Side::Black)),
                        g.net.dev.white.pg.peer_present(),
                        g.net.dev.black.pg.peer_present(),
                        g.net.up,
                        gw.record().commands.last()
                    );
                    println!(
                        "  legal {} awake {} {} plan {:?} white-log-tail {:?}",
                        gw.legal_moves().len(),
                        g.net.awake(Side::White),
                        g.net.awake(Side::Black),
                        g.players.white.plan,
                        g.net
                            .dev
                            .white
                            .pg
                            .logs()
                            .white
                            .iter()
                            .rev()
                            .take(3)
                            .collect::<Vec<_>>()
                    );
                    println!(
                        "unfinished {seed}: {:?} / {:?}, roll {} / {}",
                        g.net.game(Side::White).phase(),
                        g.net.game(Side::Black).phase(),
                        g.net.dev.white.pg.roll_index(),
                        g.net.dev.black.pg.roll_index()
                    );
                }
                moves += u64::from(g.net.game(Side::White).moves_played());
            }
            Err(e) if std::env::var("SIM_COUNT").is_ok() => {
                println!("FAIL {seed}: {}", e.lines().next().unwrap_or(""));
            }
            Err(e) => panic!("{kind} game with seed {seed} failed (SIM_SEED={seed}): {e}"),
        }
    }
    println!(
        "{kind}: {} games ({over} finished), {moves} moves, {checks} invariant checks; \
         {drops} drops, {reloads} reloads, {sleeps} sleeps, {forged} forged messages; \
         {lost} records differ by S17 as written (an act lost in flight)",
        seeds.len()
    );
}

#[test]
fn honest_devices_agree_under_delays_drops_reloads_offsets_and_sleep() {
    report("honest", counts().0, honest);
}

#[test]
fn an_adversary_gains_nothing() {
    report("adversary", counts().1, adversarial);
}

// ---------------------------------------------------------------------------------------------
// A searching adversary (issue 18): for every kind of deadline in a game it tries each strategy
// family on a grid of stamps around the deadline (± the grace and the tolerances), and checks
// the honest side's invariants after each: it never loses a game its player played within its
// own clock, never loses a result it had recorded, is never left more than 60 s + the grace
// waiting for a dice part without being able to claim, and spends linear time per act.

/// The protocol's allowances (p2p README): how long a message may take at most, and how soon
/// after a cut-off the re-sent acts come.
const LATE_MS: Millis = 5_000;
const RESEND_WINDOW_MS: Millis = 10_000;

/// Stamps tried around a deadline (ms): both sides of the grace (2 s), the backdating
/// tolerance (5 s) and the ahead limit (grace + 5 s), and far off.
const GRID: [i64; 17] = [
    -36_000_000,
    -60_000,
    -7_000,
    -5_000,
    -2_500,
    -2_000,
    -1_000,
    -1,
    0,
    1,
    1_000,
    1_900,
    2_100,
    3_000,
    5_000,
    7_500,
    51_000,
];

/// A cut-off the adversary makes: what it does, when (relative to the deadline, ms) and how
/// long it lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CutKind {
    /// It closes its channel, and opens a new one `len` later.
    Close,
    /// It goes silent (what it sends waits) for `len`, without a close.
    Silence,
    /// It goes silent for 2 s, then closes; a new channel `len` later.
    SilenceClose,
    /// Our device sleeps `len` (nothing comes or goes).
    Sleep,
}

#[derive(Clone, Copy, Debug)]
struct Cut {
    kind: CutKind,
    at: i64,
    len: u64,
}

/// When a cut-off begins (relative to the deadline) and how long it lasts.
const CUT_AT: [(i64, u64); 4] = [
    (-3_000, 1_500),
    (-500, 2_500),
    (1_000, 2_000),
    (6_000, 15_000),
];

fn cuts() -> Vec<Option<Cut>> {
    let mut v = vec![None];
    for kind in [
        CutKind::Close,
        CutKind::Silence,
        CutKind::SilenceClose,
        CutKind::Sleep,
    ] {
        for (at, len) in CUT_AT {
            v.push(Some(Cut { kind, at, len }));
        }
    }
    v
}

/// Forged heartbeats that come before the forged act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Beats {
    None,
    /// Echoes of heartbeats we never sent, claiming ~10 s round trips, the clock 9 s further on
    /// each time.
    LongFake,
    /// Claimed round trips shrinking 1 ms at a time, each a step further on (1 s, then 4.9 s),
    /// every other one answering our real last heartbeat with a 1 ms delay claimed.
    Shrinking,
    /// Claimed round trips growing by a second each time, the clock half of it further on.
    Growing,
    /// Answers to our real heartbeats claiming no delay at all, at the edge of what we timed,
    /// alternately early and late.
    Lying,
}

/// When our page reloads (from its saved form only) during the attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reload {
    None,
    /// Just after our own act (our move, claim, offer).
    AfterOurs,
    /// Just before the forged act comes.
    BeforeTheirs,
}

#[derive(Clone, Copy, Debug)]
struct Strategy {
    stamp: i64,
    cut: Option<Cut>,
    /// The forged act leaves out our acts since the deadline's clock started (a stale `seen`).
    stale: bool,
    beats: Beats,
    /// When the forged act comes, after the deadline (ms).
    after: u64,
    reload: Reload,
}

/// Every combination (`full`), or one in 40 of them (a debug build).
fn strategies(full: bool) -> Vec<Strategy> {
    let mut v = Vec::new();
    let mut k = 0usize;
    for &stamp in &GRID {
        for cut in cuts() {
            for stale in [false, true] {
                for beats in [
                    Beats::None,
                    Beats::LongFake,
                    Beats::Shrinking,
                    Beats::Growing,
                    Beats::Lying,
                ] {
                    for after in [2_500, 9_000, 25_000] {
                        for reload in [Reload::None, Reload::AfterOurs, Reload::BeforeTheirs] {
                            k += 1;
                            if !full && k % 40 != 0 {
                                continue;
                            }
                            v.push(Strategy {
                                stamp,
                                cut,
                                stale,
                                beats,
                                after,
                                reload,
                            });
                        }
                    }
                }
            }
        }
    }
    v
}

fn at(d: Millis, off: i64) -> Millis {
    (d as i64 + off).max(0) as Millis
}

/// Runs `net` up to shared time `until` on `side`'s device, doing the adversary's cut-off
/// (`adv` is the adversary's side).
fn run_until(net: &mut Net, side: Side, until: Millis, cut: &mut Option<(Millis, Cut)>) {
    let adv = !side;
    while net.shared(side) < until {
        if let Some((from, c)) = *cut {
            if net.shared(side) >= from {
                *cut = None;
                match c.kind {
                    CutKind::Close => {
                        net.disconnect();
                        net.run(c.len);
                        net.connect();
                    }
                    CutKind::Silence => {
                        let was = net.holding[adv];
                        net.holding[adv] = true;
                        net.run(c.len);
                        if !was {
                            net.release(adv);
                        }
                    }
                    CutKind::SilenceClose => {
                        let was = net.holding[adv];
                        net.holding[adv] = true;
                        net.run(2_000);
                        net.held[adv].clear();
                        net.holding[adv] = was;
                        net.disconnect();
                        net.run(c.len);
                        net.connect();
                    }
                    CutKind::Sleep => {
                        net.dev[side].asleep_until = net.now + c.len;
                        net.run(c.len);
                    }
                }
                continue;
            }
        }
        let step = (until - net.shared(side)).min(250);
        net.run(step.max(1));
    }
}

/// When this device's own cut-off from a cut begins, as far as a judgement about an answer
/// goes (a silence alone is none; a silence that ends in a close, from the close).
fn cut_from(c: &Cut, base: Millis) -> Option<Millis> {
    let from = at(base, c.at);
    match c.kind {
        CutKind::Close | CutKind::Sleep => Some(from),
        CutKind::SilenceClose => Some(from + 2_000),
        CutKind::Silence => None,
    }
}

/// The last moment the victim heard the adversary before `came`, given the cut.
fn heard_until(c: Option<&Cut>, base: Millis, came: Millis) -> Millis {
    match c {
        Some(c) => {
            let from = at(base, c.at);
            let back = match c.kind {
                CutKind::SilenceClose => from + 2_000 + c.len,
                _ => from + c.len,
            };
            if from < came && came < back + RESEND_WINDOW_MS {
                from
            } else {
                came.saturating_sub(1_000)
            }
        }
        None => came.saturating_sub(1_000),
    }
}

fn forge_heartbeats(net: &mut Net, victim: Side, kind: Beats) {
    match kind {
        Beats::None => {}
        Beats::LongFake => {
            let mut offset = net.dev[victim].pg.clock_offset();
            for i in 0..28u64 {
                let now = net.clock(victim);
                let delay = 9_900 - i * 10;
                let t1 = now - delay;
                offset += 9_000;
                let t3 = (offset + ((t1 + now) / 2) as i64) as Millis;
                let have = net.dev[victim].pg.logs()[victim].len();
                let _ = net.inject(victim, common::heartbeat(t3, t1, 0, have));
            }
        }
        Beats::Shrinking | Beats::Growing | Beats::Lying => {
            for i in 0..10u64 {
                let now = net.clock(victim);
                let last = net.last_beat[victim].unwrap_or(now);
                let offset = net.dev[victim].pg.clock_offset();
                let (echo, held, target) = match kind {
                    Beats::Shrinking if i % 2 == 0 => (
                        now - (9_999 - i / 2),
                        0,
                        offset + if i == 0 { 1_000 } else { 4_900 },
                    ),
                    Beats::Shrinking => (last, (now - last).saturating_sub(1), offset + 4_900),
                    Beats::Growing => {
                        let delay = 200 + 1_000 * i;
                        (now.saturating_sub(delay), 0, offset + (delay / 2) as i64)
                    }
                    _ => {
                        let rtt = (now - last) as i64;
                        let sign = if i % 2 == 0 { 1 } else { -1 };
                        (last, now - last, offset + sign * rtt)
                    }
                };
                let t3 = (target + ((echo + held + now) / 2) as i64).max(0) as Millis;
                let have = net.dev[victim].pg.logs()[victim].len();
                let _ = net.inject(victim, common::heartbeat(t3, echo, held, have));
                net.run(300);
            }
        }
    }
}

/// Our page reloads now (from its saved form only).
fn reload_if(net: &mut Net, side: Side, s: &Strategy, when: Reload) {
    if s.reload == when {
        net.reload(side);
    }
}

fn inject_seen(net: &mut Net, victim: Side, act: Act, t: Millis, seen: Option<usize>) {
    let mut m = net.forge(victim, act, t);
    if let (Message::Act { act, .. }, Some(s)) = (&mut m, seen) {
        act.seen = act.seen.min(s as u32);
    }
    let _ = net.inject(victim, m);
}

fn lost(net: &Net, honest: Side) -> bool {
    net.game(honest)
        .result()
        .is_some_and(|(o, _)| o != Outcome::win(honest))
}

/// Our move clock: we move in time (55 s early, or 300 ms before the deadline); the adversary
/// says we were offline at the deadline, or claims, on the grid.
fn search_move_clock(seed: u64, s: Strategy, tight: bool) -> Result<(), String> {
    let mut net = Net::new("search", seed, (0, 0));
    net.start();
    let honest = net.game(Side::White).turn().ok_or("no mover")?;
    let adv = !honest;
    let d = net.game(honest).deadline().ok_or("no deadline")?;
    let seen = net.dev[honest].pg.logs()[honest].len();
    let mut cut = s.cut.map(|c| (at(d, c.at), c));
    let move_at = if tight { d - 300 } else { d - 55_000 };
    run_until(&mut net, honest, move_at, &mut cut);
    if net.shared(honest) >= d {
        return Ok(()); // asleep past our own deadline: not a game played in time
    }
    // Our player plays the whole turn in time.
    while net.game(honest).phase() == Phase::Moving && net.game(honest).turn() == Some(honest) {
        net.move_once(honest).map_err(|e| format!("{e:?}"))?;
    }
    reload_if(&mut net, honest, &s, Reload::AfterOurs);
    forge_heartbeats(&mut net, honest, s.beats);
    run_until(&mut net, honest, d + s.after, &mut cut);
    reload_if(&mut net, honest, &s, Reload::BeforeTheirs);
    let stale = s.stale.then_some(seen);
    inject_seen(
        &mut net,
        honest,
        Act::Cmd(Command::Offline { side: honest }),
        at(d, s.stamp - 1),
        stale,
    );
    inject_seen(
        &mut net,
        honest,
        Act::Cmd(Command::ClaimWin { side: adv }),
        at(d, s.stamp),
        stale,
    );
    net.run(3_000);
    // The declared limit (README): a move sent into a silence of the other that ends in a close
    // before the deadline is what a link that died then does — it may not have arrived, and an
    // R18 about that deadline stands.
    let into_silence = s.cut.is_some_and(|c| {
        c.kind == CutKind::SilenceClose && at(d, c.at) <= move_at && move_at < at(d, c.at) + 2_000
    });
    // Nor is a game whose page we reloaded 300 ms before our deadline, just after our move:
    // the move may be lost with the page, and whether it came again in time is the network's.
    let reloaded_at_the_deadline = tight && s.reload == Reload::AfterOurs;
    if lost(&net, honest) && !into_silence && !reloaded_at_the_deadline {
        return Err(format!(
            "lost a game played in time: {:?}",
            net.game(honest).result()
        ));
    }
    Ok(())
}

/// The other side's move clock: it overruns, we claim at our earliest; the adversary sends a
/// move on the grid that "never saw" our claim.
fn search_claimed(seed: u64, s: Strategy) -> Result<(), String> {
    let mut net = Net::new("search", seed, (0, 0));
    net.start();
    let adv = net.game(Side::White).turn().ok_or("no mover")?;
    let honest = !adv;
    let d = net.game(honest).deadline().ok_or("no deadline")?;
    let mut cut = s.cut.map(|c| (at(d, c.at), c));
    while !net.dev[honest].pg.can_claim(net.clock(honest)) {
        let next = net.shared(honest) + 100;
        run_until(&mut net, honest, next, &mut cut);
        if net.game(honest).result().is_some() || net.shared(honest) > d + 120_000 {
            return Ok(()); // an offline loss judged by us (the cut-off at the deadline)
        }
    }
    let seen = net.dev[honest].pg.logs()[honest].len();
    let mv = net.game(adv).legal_moves();
    let Some(mv) = mv.first() else { return Ok(()) };
    net.act(honest, Command::ClaimWin { side: honest })
        .map_err(|e| format!("{e:?}"))?;
    let won = net.game(honest).result();
    let claimed = net.shared(honest);
    reload_if(&mut net, honest, &s, Reload::AfterOurs);
    forge_heartbeats(&mut net, honest, s.beats);
    run_until(&mut net, honest, claimed + s.after, &mut cut);
    reload_if(&mut net, honest, &s, Reload::BeforeTheirs);
    let came = net.shared(honest);
    let cmd = Command::Move {
        side: adv,
        from: mv.from,
        to: mv.to,
    };
    inject_seen(&mut net, honest, Act::Cmd(cmd), at(d, s.stamp), Some(seen));
    net.run(3_000);
    // The protocol's declared delivery allowance (README, "What each device trusts"): a move
    // that could have been on its way — stamped within `LATE_MS` before the last moment this
    // device heard the other at once (its last message, or the start of a cut-off it came
    // back from within the re-send window) — may cross our claim, as an honest slow one may.
    let mut heard_until = heard_until(s.cut.as_ref(), d, came);
    if s.reload == Reload::AfterOurs && came < claimed + RESEND_WINDOW_MS {
        // Our page closed just after our claim: a move on its way then was lost with it and
        // comes again once the link is back (a cut-off at the claim).
        heard_until = heard_until.min(claimed);
    }
    let allowed = at(d, s.stamp) + LATE_MS + 1_000 >= heard_until;
    if net.game(honest).result() != won && !allowed {
        return Err(format!(
            "our recorded win {won:?} became {:?}",
            net.game(honest).result()
        ));
    }
    Ok(())
}

/// Our draw offer's answer time: the adversary goes silent, we see the lapse and play on; an
/// answer on the grid comes later.
fn search_offer(seed: u64, s: Strategy) -> Result<(), String> {
    let mut net = Net::new("search-offer", seed, (0, 0));
    net.start();
    while net.game(Side::White).moves_played() < 4 || net.game(Side::White).phase() != Phase::Moving
    {
        net.play_turn(300);
        if net.game(Side::White).result().is_some() {
            return Ok(());
        }
    }
    let honest = net.game(Side::White).turn().ok_or("no mover")?;
    let adv = !honest;
    if net
        .act(honest, Command::OfferDraw { side: honest })
        .is_err()
    {
        return Ok(());
    }
    net.run(1_000);
    let seen = net.dev[honest].pg.logs()[honest].len();
    let lapse = net.game(honest).deadline().ok_or("no answer time")?;
    reload_if(&mut net, honest, &s, Reload::AfterOurs);
    let mut cut = s.cut.map(|c| (at(lapse, c.at), c));
    run_until(&mut net, honest, lapse - 1_000, &mut cut);
    net.holding[adv] = true;
    run_until(&mut net, honest, lapse + 1_000, &mut cut);
    let mut played = 0;
    while net.game(honest).turn() == Some(honest) && net.game(honest).phase() == Phase::Moving {
        net.run(700);
        if net.move_once(honest).is_err() {
            break;
        }
        played += 1;
    }
    forge_heartbeats(&mut net, honest, s.beats);
    run_until(&mut net, honest, lapse + s.after.max(2_000), &mut cut);
    net.held[adv].clear();
    net.holding[adv] = false;
    reload_if(&mut net, honest, &s, Reload::BeforeTheirs);
    let came = net.shared(honest);
    inject_seen(
        &mut net,
        honest,
        Act::Cmd(Command::AcceptDraw { side: adv }),
        at(lapse, s.stamp),
        Some(seen),
    );
    net.run(2_000);
    // An answer that came more than the grace and the tolerances after the lapse, over a link
    // that was up at the lapse, must not undo the turn we played.
    // (Within the declared delivery allowance of a cut-off it may have been on its way.)
    let cut = s
        .cut
        .as_ref()
        .and_then(|c| cut_from(c, lapse))
        .is_some_and(|from| at(lapse, s.stamp) + LATE_MS + 1_000 >= from && from <= lapse);
    let late = came > lapse + 2_000 + 1_500 + 500 && !cut;
    if late && played > 0 && net.game(honest).result() == Some((Outcome::Draw, Reason::DrawAgreed))
    {
        return Err(format!(
            "a lapsed offer accepted {} ms after the lapse",
            came - lapse
        ));
    }
    Ok(())
}

/// A dice exchange (our roll, or the lot): the adversary withholds its part and pokes.
fn search_dice(seed: u64, lot: bool, poke: u32, stamp: i64) -> Result<(), String> {
    let mut net = Net::new("search-dice", seed, (0, 0));
    let adv = if seed % 2 == 0 {
        Side::White
    } else {
        Side::Black
    };
    let honest = !adv;
    fn no_parts_white(from: Side, m: &Message) -> bool {
        !(from == Side::White
            && matches!(m, Message::Act { act, .. } if !matches!(act.act, Act::Cmd(_))))
    }
    fn no_parts_black(from: Side, m: &Message) -> bool {
        !(from == Side::Black
            && matches!(m, Message::Act { act, .. } if !matches!(act.act, Act::Cmd(_))))
    }
    if lot {
        net.filter = Some(if adv == Side::White {
            no_parts_white
        } else {
            no_parts_black
        });
        net.connect();
        net.run(2_000);
    } else {
        net.start();
        // Until it is our roll.
        while !(net.game(honest).phase() == Phase::Rolling
            && net.game(honest).turn() == Some(honest))
        {
            if net.game(honest).result().is_some() {
                return Ok(());
            }
            net.filter = None;
            net.play_turn(300);
            if net.game(honest).phase() == Phase::Rolling && net.game(honest).turn() == Some(adv) {
                net.run(5_000);
            }
            if net.game(honest).turn() == Some(adv) && net.game(honest).phase() == Phase::Moving {
                continue;
            }
            net.filter = Some(if adv == Side::White {
                no_parts_white
            } else {
                no_parts_black
            });
            net.run(200);
        }
    }
    let started = net.shared(honest);
    // The adversary's own part, stamped on the grid (it never reaches us otherwise).
    let roll = net.dev[honest].pg.roll_index();
    let hash = vrhcaby_p2p::commitment("search-dice", roll, adv, &[5; 32]);
    inject_seen(
        &mut net,
        honest,
        Act::Commit { roll, hash },
        at(started, stamp),
        None,
    );
    let mut closed = false;
    for i in 0..28 {
        let honest_log = net.dev[honest].pg.logs()[adv].len() as u32;
        let seen = net.dev[honest].pg.logs()[honest].len() as u32;
        let t = net.shared(honest);
        match poke {
            0 => {
                let _ = net.inject(
                    honest,
                    Message::Hello {
                        version: vrhcaby_p2p::VERSION,
                        game_id: "search-dice".into(),
                        seat: adv,
                        have: 0,
                        options: None,
                    },
                );
            }
            1 => {
                let _ = net.inject(
                    honest,
                    Message::Act {
                        n: honest_log + 3 + i,
                        act: Authored {
                            t,
                            seen,
                            act: Act::Cmd(Command::Tick),
                        },
                    },
                );
            }
            2 => {
                let _ = net.inject(
                    honest,
                    Message::Act {
                        n: honest_log,
                        act: Authored {
                            t: t + 4_500,
                            seen,
                            act: Act::Cmd(Command::Tick),
                        },
                    },
                );
            }
            3 => {
                let _ = net.inject(
                    honest,
                    Message::Hello {
                        version: vrhcaby_p2p::VERSION,
                        game_id: "search-dice+".into(),
                        seat: adv,
                        have: 0,
                        options: None,
                    },
                );
            }
            4 if i == 1 && !closed => {
                net.disconnect();
                closed = true;
            }
            _ => {}
        }
        net.run(2_500);
    }
    let g = net.game(honest);
    let done = g.result().is_some() || g.late() == Some(adv) || g.phase() == Phase::Moving;
    if !done && net.shared(honest) > started + 62_000 + 5_000 {
        return Err(format!(
            "left waiting for dice {} s without a claim: {:?} late {:?} errors {:?}",
            (net.shared(honest) - started) / 1_000,
            g.phase(),
            g.late(),
            net.dev[honest]
                .errors
                .iter()
                .rev()
                .take(3)
                .collect::<Vec<_>>()
        ));
    }
    if lost(&net, honest) {
        return Err(format!(
            "lost the dice exchange: {:?}",
            net.game(honest).result()
        ));
    }
    if let Some(c) = net.game(honest).created() {
        if c + 10_000 < started.saturating_sub(5_000) {
            return Err(format!("the game was created {} ms back", started - c));
        }
    }
    Ok(())
}

#[test]
fn a_searching_adversary_finds_nothing() {
    let full = !cfg!(debug_assertions) || std::env::var("SIM_SEARCH_FULL").is_ok();
    let plan = strategies(full);
    let mut combos = 0u64;
    let mut max_ms = 0u128;
    let mut fails = Vec::new();
    let mut check = |what: &str, s: &dyn std::fmt::Debug, r: Result<(), String>, ms: u128| {
        combos += 1;
        max_ms = max_ms.max(ms);
        if let Err(e) = r {
            fails.push(format!("{what} {s:?}: {e}"));
        }
    };
    for (i, s) in plan.iter().enumerate() {
        let seed = 1_000 + i as u64;
        for tight in [false, true] {
            let t0 = std::time::Instant::now();
            let r = search_move_clock(seed, *s, tight);
            check(
                if tight {
                    "move clock (tight)"
                } else {
                    "move clock"
                },
                s,
                r,
                t0.elapsed().as_millis(),
            );
        }
        let t0 = std::time::Instant::now();
        let r = search_claimed(seed, *s);
        check("claimed win", s, r, t0.elapsed().as_millis());
        let t0 = std::time::Instant::now();
        let r = search_offer(seed, *s);
        check("offer answer", s, r, t0.elapsed().as_millis());
    }
    for lot in [true, false] {
        for poke in 0..6 {
            for (i, &stamp) in GRID.iter().enumerate() {
                if !full && i % 4 != 0 {
                    continue;
                }
                let t0 = std::time::Instant::now();
                let r = search_dice(7 + i as u64, lot, poke, stamp);
                check(
                    if lot { "lot" } else { "dice" },
                    &(poke, stamp),
                    r,
                    t0.elapsed().as_millis(),
                );
            }
        }
    }
    println!(
        "searching adversary: {combos} (strategy, deadline, stamp) combinations, {} failed; \
         slowest {max_ms} ms",
        fails.len()
    );
    if std::env::var("SIM_SHOW_FAILS").is_ok() {
        for f in &fails {
            println!("FAIL {f}");
        }
    }
    assert!(
        fails.is_empty(),
        "{} failures, first: {:#?}",
        fails.len(),
        &fails[..fails.len().min(8)]
    );
}
