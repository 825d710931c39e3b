//! `receive`: messages from "the other device" fed to `PeerGame::receive` on devices in
//! interesting states, with time passing (`tick`, `step`) between them. See `../README.md`.
//!
//! The first byte picks the mode:
//! - **raw** (any byte `>= 0x20`, e.g. the `{` of a JSON line): the whole input is text, split
//!   on newlines; each line is `decode`d and, if it decodes, received by both seats of one
//!   state (fresh if the input starts with `{`, else a mid-game snapshot picked by the first
//!   byte). The device's clock follows the stamps it receives and its player plays the first
//!   legal move when on turn, so a recorded honest game (`seeds/receive/to-*.txt`, from
//!   `tests/trace.rs`, same game id and dice secrets) replays deep into the game. Seeds and the
//!   dictionary get this mode past `decode`.
//! - **structured** (a first byte `< 0x20`): the rest drives `arbitrary::Unstructured` through a
//!   sequence of choices that build well-formed messages fitted to the chosen device's state
//!   (the next act index, its `seen`, stamps near its clock, legal moves, commitments that match
//!   a later reveal, heartbeats echoing its own), plus time passing, our player's own commands,
//!   reloads and link drops. Every one is `encode`d and `decode`d back before it is received.
//!
//! Checked: nothing panics; a refused message changes neither the game nor the logs (after
//! every `receive`); the record replays to the live game (after every `receive` and the `step`
//! that follows it, and at the end); what decodes re-encodes to an equal message (and what we
//! encode decodes to the same message); `save` → `load` gives an equal game and equal logs
//! (at the end of every input, and whenever the structured mode reloads).
//!
//! Statistics (inputs, inputs that reached `receive`, `receive` calls) go to stderr every
//! 10 s and at exit, as lines starting with `#receive-stats`.

#![no_main]

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;
use std::time::Instant;

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use vrhcaby_p2p::{commitment, decode, encode, Act, Authored, Message, Output, PeerGame};
use vrhcaby_rules::{Command, Millis, Origin, Phase, Roll, Side, Target};

/// The game id of every device here (and of the recorded seed traffic, `tests/trace.rs`).
const GAME_ID: &str = "fuzz";
/// Every device's clock starts here (as in `tests/common`).
const START: Millis = 1_000_000;
/// The seed of `tests/trace.rs`'s simulated link.
const TRACE_SEED: u64 = 11;
/// Structured operations per input.
const MAX_OPS: usize = 48;

// ---------------------------------------------------------------------------------------------
// Statistics.

static INPUTS: AtomicU64 = AtomicU64::new(0);
static STRUCTURED: AtomicU64 = AtomicU64::new(0);
/// Inputs that made at least one `receive` call.
static REACHED: AtomicU64 = AtomicU64::new(0);
static RECEIVES: AtomicU64 = AtomicU64::new(0);
static RECEIVE_OK: AtomicU64 = AtomicU64::new(0);
/// Raw lines, and those that decoded.
static LINES: AtomicU64 = AtomicU64::new(0);
static DECODED: AtomicU64 = AtomicU64::new(0);
static LAST_PRINT: AtomicU64 = AtomicU64::new(0);
/// Acts of the other device taken into its log (the fold accepted them).
static ACTS_TAKEN: AtomicU64 = AtomicU64::new(0);
fn started() -> &'static Instant {
    static T0: OnceLock<Instant> = OnceLock::new();
    T0.get_or_init(Instant::now)
}

fn print_stats(why: &str) {
    let secs = started().elapsed().as_secs_f64().max(1e-9);
    let reached = REACHED.load(Relaxed);
    let receives = RECEIVES.load(Relaxed);
    eprintln!(
        "#receive-stats {why} t={secs:.0}s inputs={} structured={} reached_receive={reached} \
         ({:.0}/s) receive_calls={receives} ({:.0}/s) receive_ok={} acts_taken={} raw_lines={} decoded={}",
        INPUTS.load(Relaxed),
        STRUCTURED.load(Relaxed),
        reached as f64 / secs,
        receives as f64 / secs,
        RECEIVE_OK.load(Relaxed),
        ACTS_TAKEN.load(Relaxed),
        LINES.load(Relaxed),
        DECODED.load(Relaxed),
    );
}

extern "C" fn at_exit() {
    print_stats("exit");
}

extern "C" {
    fn atexit(f: extern "C" fn()) -> i32;
}

fn tick_stats() {
    let s = started().elapsed().as_secs();
    let last = LAST_PRINT.load(Relaxed);
    if s >= last + 10
        && LAST_PRINT
            .compare_exchange(last, s, Relaxed, Relaxed)
            .is_ok()
    {
        print_stats("periodic");
    }
}

// ---------------------------------------------------------------------------------------------
// Devices.

/// A deterministic secret source: SplitMix64 from `state`, as `tests/common`'s `secret`.
fn secret(state: &mut u64) -> [u8; 32] {
    let mut s = [0u8; 32];
    for chunk in s.chunks_exact_mut(8) {
        *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        chunk.copy_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    s
}

#[derive(Clone)]
struct Device {
    pg: PeerGame,
    /// This device's clock.
    now: Millis,
    /// The last heartbeat this device sent (its clock), for echoes.
    beat: Option<Millis>,
    rng: u64,
}

impl Device {
    fn new(pg: PeerGame, now: Millis, rng: u64) -> Device {
        let mut d = Device {
            pg,
            now,
            beat: None,
            rng,
        };
        let out = d.pg.connected(now);
        d.note(&out);
        d
    }

    fn note(&mut self, out: &Output) {
        for m in &out.send {
            if let Message::Heartbeat { t, .. } = m {
                self.beat = Some(*t);
            }
        }
    }

    fn tick(&mut self) {
        let mut rng = self.rng;
        let out = self.pg.tick(self.now, &mut || secret(&mut rng));
        self.rng = rng;
        self.note(&out);
    }

    fn step(&mut self) {
        let mut rng = self.rng;
        let out = self.pg.step(self.now, &mut || secret(&mut rng));
        self.rng = rng;
        self.note(&out);
    }

    /// The checked receive: the heart of this target.
    fn receive(&mut self, msg: Message, reached: &mut bool) {
        let game = self.pg.game().clone();
        let logs = self.pg.logs().clone();
        let peer = !self.pg.seat();
        *reached = true;
        RECEIVES.fetch_add(1, Relaxed);
        match self.pg.receive(msg, self.now) {
            Ok(out) => {
                RECEIVE_OK.fetch_add(1, Relaxed);
                if self.pg.logs()[peer].len() > logs[peer].len() {
                    ACTS_TAKEN.fetch_add(1, Relaxed);
                }
                self.note(&out);
            }
            Err(e) => {
                if debug() {
                    eprintln!("{:?} at {}: refused: {e:?}", self.pg.seat(), self.now);
                }
                assert!(
                    self.pg.game() == &game,
                    "a refused message changed the game"
                );
                assert!(
                    self.pg.logs() == &logs,
                    "a refused message changed the logs"
                );
                let _ = self.pg.take_queued();
            }
        }
        self.step();
        check_replay(&self.pg);
    }

    fn pass(&mut self, ms: Millis) {
        self.now = self.now.saturating_add(ms);
        self.tick();
    }
}

/// `FUZZ_DEBUG=1`: print every refusal (to see how far an input gets).
fn debug() -> bool {
    static DEBUG: OnceLock<bool> = OnceLock::new();
    *DEBUG.get_or_init(|| std::env::var_os("FUZZ_DEBUG").is_some())
}

fn check_replay(pg: &PeerGame) {
    let replayed = pg.game().record().replay();
    assert!(
        replayed.as_ref() == Ok(pg.game()),
        "the record does not replay to the live game: {replayed:?}"
    );
}

fn check_save_load(pg: &PeerGame) -> PeerGame {
    let saved = pg.save();
    let loaded = match PeerGame::load(&saved) {
        Ok(l) => l,
        Err(e) => panic!("a saved game does not load: {e}\n{saved}"),
    };
    assert!(loaded.game() == pg.game(), "save → load changed the game");
    assert!(loaded.logs() == pg.logs(), "save → load changed the logs");
    assert_eq!(loaded.seat(), pg.seat());
    loaded
}

/// Two honest devices play a short game over an instant link, once; saved snapshots of both
/// seats at a few points (the seats' saved forms and their clocks).
fn snapshots() -> Vec<(String, Millis)> {
    let mut d = [
        Device::new(PeerGame::new(GAME_ID.into(), Side::White, START), START, 1),
        Device::new(PeerGame::new(GAME_ID.into(), Side::Black, START), START, 2),
    ];
    let mut q: [VecDeque<Message>; 2] = Default::default();
    fn route(q: &mut [VecDeque<Message>; 2], to: usize, out: Output) {
        q[to].extend(out.send);
    }
    // The hellos and heartbeats of `connected` were sent: resend them (Device::new dropped them).
    for i in 0..2 {
        let out = d[i].pg.connected(START);
        d[i].note(&out);
        route(&mut q, 1 - i, out);
    }
    let mut shots = Vec::new();
    let mut taken = [false; 4];
    let mut last_move = START;
    let mut offered = false;
    for _ in 0..20_000 {
        for i in 0..2 {
            d[i].now += 100;
            let mut rng = d[i].rng;
            let out = d[i].pg.tick(d[i].now, &mut || secret(&mut rng));
            d[i].rng = rng;
            d[i].note(&out);
            route(&mut q, 1 - i, out);
        }
        while q.iter().any(|x| !x.is_empty()) {
            for i in 0..2 {
                while let Some(m) = q[i].pop_front() {
                    let text = encode(&m);
                    let m = decode(&text).expect("setup: a message decodes");
                    match d[i].pg.receive(m, d[i].now) {
                        Ok(out) => {
                            d[i].note(&out);
                            route(&mut q, 1 - i, out);
                        }
                        Err(e) => panic!("setup: an honest message refused: {e}"),
                    }
                    let mut rng = d[i].rng;
                    let out = d[i].pg.step(d[i].now, &mut || secret(&mut rng));
                    d[i].rng = rng;
                    route(&mut q, 1 - i, out);
                }
            }
        }
        let g = d[0].pg.game().clone();
        assert!(g == *d[1].pg.game(), "setup: the two devices differ");
        let played = g.moves_played();
        // Snapshots: the first turn, a few moves in, a draw offer pending, later.
        for (k, &(at, phase)) in [
            (1u32, Phase::Moving),
            (5, Phase::Moving),
            (8, Phase::DrawOffered),
            (14, Phase::Moving),
        ]
        .iter()
        .enumerate()
        {
            if !taken[k] && played >= at && g.phase() == phase {
                taken[k] = true;
                for dev in &d {
                    shots.push((dev.pg.save(), dev.now));
                }
            }
        }
        if taken.iter().all(|&t| t) {
            return shots;
        }
        match g.phase() {
            Phase::Moving => {
                let mover = g.turn().expect("a mover");
                let i = usize::from(mover == Side::Black);
                if played >= 8 && !offered {
                    offered = true;
                    let out = d[i]
                        .pg
                        .local(Command::OfferDraw { side: mover }, d[i].now)
                        .expect("setup: a draw offer");
                    route(&mut q, 1 - i, out);
                } else if d[i].now >= last_move + 500 {
                    last_move = d[i].now;
                    let mv = g.legal_moves()[0];
                    let cmd = Command::Move {
                        side: mover,
                        from: mv.from,
                        to: mv.to,
                    };
                    let out = d[i].pg.local(cmd, d[i].now).expect("setup: a legal move");
                    route(&mut q, 1 - i, out);
                }
            }
            Phase::DrawOffered if taken[2] => {
                // The side on turn in this phase answers the offer.
                let answerer = g.turn().expect("the side to answer");
                let i = usize::from(answerer == Side::Black);
                let out = d[i]
                    .pg
                    .local(Command::DeclineDraw { side: answerer }, d[i].now)
                    .expect("setup: a decline");
                route(&mut q, 1 - i, out);
            }
            _ => {}
        }
    }
    panic!(
        "setup: the snapshot game did not get far enough ({:?}, {} moves)",
        d[0].pg.game().phase(),
        d[0].pg.game().moves_played()
    );
}

/// The starting devices: a fresh White, a fresh Black, then both seats of each snapshot.
fn devices() -> &'static Vec<Device> {
    static DEVICES: OnceLock<Vec<Device>> = OnceLock::new();
    DEVICES.get_or_init(|| {
        started();
        // SAFETY: `at_exit` is an `extern "C" fn()` that only reads atomics and prints.
        unsafe {
            atexit(at_exit);
        }
        // The fresh devices draw the same dice secrets as `tests/trace.rs`'s (`Net::new` with
        // seed 11 seeds each device's generator from one generator, White first), so the
        // recorded honest game replays here with the same dice.
        let mut seeds = vrhcaby_rules::bench::SplitMix64::new(TRACE_SEED);
        let (w, b) = (seeds.next_u64(), seeds.next_u64());
        let mut v = vec![
            Device::new(PeerGame::new(GAME_ID.into(), Side::White, START), START, w),
            Device::new(PeerGame::new(GAME_ID.into(), Side::Black, START), START, b),
        ];
        for (i, (saved, now)) in snapshots().into_iter().enumerate() {
            let pg = PeerGame::load(&saved).expect("a snapshot loads");
            v.push(Device::new(pg, now, 100 + i as u64));
        }
        v
    })
}

// ---------------------------------------------------------------------------------------------
// Raw mode.

/// The stamp a message carries, if any (the device's clock follows it, as on a quick link).
fn stamp(m: &Message) -> Option<Millis> {
    match m {
        Message::Act { act, .. } => Some(act.t),
        Message::Heartbeat { t, .. } => Some(*t),
        _ => None,
    }
}

fn raw(data: &[u8], reached: &mut bool) {
    let all = devices();
    // Both seats of one state: fresh for a JSON line first (the seeds), else one of the
    // snapshots (by the first byte).
    let pair = match data.first() {
        Some(b'{') | None => 0,
        Some(&b) => 2 * (usize::from(b) % (all.len() / 2)),
    };
    let mut devs = [all[pair].clone(), all[pair + 1].clone()];
    let text = String::from_utf8_lossy(data);
    for line in text.lines() {
        LINES.fetch_add(1, Relaxed);
        let Ok(msg) = decode(line) else {
            for d in &mut devs {
                d.pass(10);
            }
            continue;
        };
        DECODED.fetch_add(1, Relaxed);
        let again = decode(&encode(&msg));
        assert!(
            again.as_ref() == Ok(&msg),
            "{line:?} re-encodes to {again:?}"
        );
        for d in &mut devs {
            let mut ms = 10;
            if let Some(t) = stamp(&msg) {
                let ahead = t.saturating_sub(d.now);
                if ahead < 3_600_000 {
                    ms = ms.max(ahead);
                }
            }
            d.pass(ms);
            d.receive(msg.clone(), reached);
            autoplay(d);
        }
    }
    for d in &devs {
        check_replay(&d.pg);
        check_save_load(&d.pg);
    }
}

/// Raw mode's own player, as `tests/trace.rs`'s: the first legal move when on turn, and a
/// draw offer declined (so a recorded honest game goes on here as it went there).
fn autoplay(d: &mut Device) {
    let me = d.pg.seat();
    let g = d.pg.game();
    if g.turn() != Some(me) {
        return;
    }
    let cmd = match g.phase() {
        Phase::Moving => match g.legal_moves().first() {
            Some(mv) => Command::Move {
                side: me,
                from: mv.from,
                to: mv.to,
            },
            None => return,
        },
        Phase::DrawOffered => Command::DeclineDraw { side: me },
        _ => return,
    };
    if let Ok(out) = d.pg.local(cmd, d.now) {
        d.note(&out);
    }
}

// ---------------------------------------------------------------------------------------------
// Structured mode.

type R<T> = arbitrary::Result<T>;

/// `base` moved by a small amount, mostly not at all.
fn near(u: &mut Unstructured, base: u64, spread: u64) -> R<u64> {
    Ok(match u.int_in_range(0u8..=7)? {
        0..=3 => base,
        4 | 5 => base.saturating_add(u.int_in_range(0..=spread)?),
        6 => base.saturating_sub(u.int_in_range(0..=spread)?),
        _ => u.arbitrary()?,
    })
}

fn near32(u: &mut Unstructured, base: usize, spread: u64) -> R<u32> {
    let v = near(u, base as u64, spread)?;
    Ok(u32::try_from(v).unwrap_or(u32::MAX))
}

fn side(u: &mut Unstructured, usual: Side) -> R<Side> {
    Ok(if u.ratio(7u8, 8)? { usual } else { !usual })
}

/// A pool of secrets, so a commitment and a later reveal can match.
fn pool_secret(u: &mut Unstructured) -> R<[u8; 32]> {
    Ok(match u.int_in_range(0u8..=4)? {
        4 => u.arbitrary()?,
        i => [i + 1; 32],
    })
}

fn any_move(u: &mut Unstructured, g: &vrhcaby_rules::Game, s: Side) -> R<Option<Command>> {
    let legal = g.legal_moves();
    if !legal.is_empty() && u.ratio(3u8, 4)? {
        let mv = legal[u.choose_index(legal.len())?];
        return Ok(Some(Command::Move {
            side: s,
            from: mv.from,
            to: mv.to,
        }));
    }
    let (Ok(from), Ok(to)) = (
        Origin::from_index(u.int_in_range(0..=26)?),
        Target::from_index(u.int_in_range(-1..=25)?),
    ) else {
        return Ok(None);
    };
    Ok(Some(Command::Move { side: s, from, to }))
}

/// A command from the player of `s` (or about someone): mostly plausible ones.
fn command(u: &mut Unstructured, g: &vrhcaby_rules::Game, s: Side) -> R<Option<Command>> {
    let who = side(u, s)?;
    Ok(Some(match u.int_in_range(0u8..=15)? {
        0..=5 => return any_move(u, g, who),
        6 => Command::OfferDraw { side: who },
        7 => Command::AcceptDraw { side: who },
        8 => Command::DeclineDraw { side: who },
        9 => Command::Resign { side: who },
        10 => Command::ClaimWin { side: who },
        11 => Command::Leave { side: who },
        12 => Command::Tick,
        13 => Command::Offline { side: !who },
        14 => Command::DiceLate { side: !who },
        _ => match u.int_in_range(0u8..=3)? {
            0 => Command::Start { first: who },
            1 => {
                let (a, b) = (u.int_in_range(1u8..=6)?, u.int_in_range(1u8..=6)?);
                match Roll::from_values(a, b) {
                    Ok(dice) => Command::Dice { dice },
                    Err(_) => return Ok(None),
                }
            }
            2 => Command::Online { side: who },
            _ => Command::BadDice { side: who },
        },
    }))
}

/// A message from the other device, fitted to `d`'s state.
fn message(u: &mut Unstructured, d: &Device) -> R<Option<Message>> {
    let pg = &d.pg;
    let me = pg.seat();
    let peer = !me;
    let theirs = pg.logs()[peer].len();
    let ours = pg.logs()[me].len();
    let shared = pg.shared_now(d.now);
    Ok(Some(match u.int_in_range(0u8..=15)? {
        0..=2 => Message::Heartbeat {
            t: near(u, d.now, 5_000)?,
            echo: match u.int_in_range(0u8..=5)? {
                0 => None,
                5 => Some(u.arbitrary()?),
                _ => d.beat.map(|b| {
                    b.saturating_sub(u64::from(u.int_in_range(0u8..=3).unwrap_or(0)) * 10)
                }),
            },
            held: near(u, 0, 2_000)?,
            have: near32(u, ours, 2)?,
            made: near32(u, pg.logs()[!me].len(), 2)?,
        },
        3 => Message::Hello {
            version: if u.ratio(7u8, 8)? {
                vrhcaby_p2p::VERSION
            } else {
                u.arbitrary()?
            },
            game_id: if u.ratio(7u8, 8)? {
                GAME_ID.into()
            } else {
                let s: &str = u.arbitrary()?;
                s.chars().take(64).collect()
            },
            seat: side(u, peer)?,
            have: near32(u, ours, 3)?,
            options: None,
        },
        4..=9 => {
            let Some(cmd) = command(u, pg.game(), peer)? else {
                return Ok(None);
            };
            act(u, d, Act::Cmd(cmd), theirs, ours, shared)?
        }
        10 | 11 => {
            let roll = near32(u, pg.roll_index() as usize, 2)?;
            let s = pool_secret(u)?;
            let hash = if u.ratio(7u8, 8)? {
                commitment(GAME_ID, roll, side(u, peer)?, &s)
            } else {
                u.arbitrary()?
            };
            act(u, d, Act::Commit { roll, hash }, theirs, ours, shared)?
        }
        12 | 13 => {
            let roll = near32(u, pg.roll_index() as usize, 2)?;
            if u.ratio(1u8, 6)? {
                // Standard: the choice to roll (S18).
                act(u, d, Act::Roll { roll }, theirs, ours, shared)?
            } else {
                let secret = pool_secret(u)?;
                act(u, d, Act::Reveal { roll, secret }, theirs, ours, shared)?
            }
        }
        14 => Message::Diverged {
            n: near32(u, ours, 3)?,
            code: {
                let s: &str = u.arbitrary()?;
                s.chars().take(48).collect()
            },
        },
        _ => {
            // A copy of one of our own acts, or one of theirs again (replays, echoes).
            let log = &pg.logs()[side(u, peer)?];
            if log.is_empty() {
                return Ok(None);
            }
            let i = u.choose_index(log.len())?;
            Message::Act {
                n: near32(u, i, 2)?,
                act: log[i],
            }
        }
    }))
}

fn act(
    u: &mut Unstructured,
    d: &Device,
    act: Act,
    theirs: usize,
    ours: usize,
    shared: Millis,
) -> R<Message> {
    let n = near32(u, theirs, 2)?;
    let seen = match u.int_in_range(0u8..=7)? {
        0..=4 => ours,
        5 | 6 => ours.saturating_sub(u.int_in_range(1..=3)?),
        _ => ours + 1,
    };
    // Stamps: near shared time, a little behind or ahead, sometimes far (deferral, refusals).
    let t = match u.int_in_range(0u8..=9)? {
        0..=5 => shared.saturating_add(u.int_in_range(0..=1_500)?),
        6 => shared.saturating_sub(u.int_in_range(0..=10_000)?),
        7 => shared.saturating_add(u.int_in_range(1_500..=70_000)?),
        8 => {
            d.pg.game()
                .deadline()
                .unwrap_or(shared)
                .saturating_add(u.int_in_range(0..=3_000)?)
        }
        _ => u.arbitrary()?,
    };
    Ok(Message::Act {
        n,
        act: Authored {
            t,
            seen: u32::try_from(seen).unwrap_or(u32::MAX),
            act,
        },
    })
}

/// Our own player's command.
fn local(u: &mut Unstructured, d: &mut Device) -> R<()> {
    let me = d.pg.seat();
    let g = d.pg.game();
    let cmd = match u.int_in_range(0u8..=7)? {
        0..=3 => match any_move(u, g, me)? {
            Some(c) => c,
            None => return Ok(()),
        },
        4 => Command::OfferDraw { side: me },
        5 => Command::AcceptDraw { side: me },
        6 => Command::DeclineDraw { side: me },
        _ => match u.int_in_range(0u8..=2)? {
            0 => Command::Resign { side: me },
            1 => Command::ClaimWin { side: me },
            _ => Command::Leave { side: me },
        },
    };
    if let Ok(out) = d.pg.local(cmd, d.now) {
        d.note(&out);
    }
    Ok(())
}

fn structured(data: &[u8], reached: &mut bool) -> R<()> {
    let all = devices();
    let mut u = Unstructured::new(data);
    let mut d = all[u.choose_index(all.len())?].clone();
    for _ in 0..MAX_OPS {
        if u.is_empty() {
            break;
        }
        match u.int_in_range(0u8..=15)? {
            0..=9 => {
                if let Some(m) = message(&mut u, &d)? {
                    let text = encode(&m);
                    let back = decode(&text);
                    assert!(
                        back.as_ref() == Ok(&m),
                        "{m:?} encodes to {text:?}, read back as {back:?}"
                    );
                    d.receive(m, reached);
                }
            }
            10 | 11 => {
                let ms = match u.int_in_range(0u8..=7)? {
                    0..=4 => u.int_in_range(0..=1_000)?,
                    5 | 6 => u.int_in_range(1_000..=70_000)?,
                    _ => u.int_in_range(70_000..=700_000)?,
                };
                d.pass(ms);
            }
            12 => local(&mut u, &mut d)?,
            13 => d.pg = check_save_load(&d.pg),
            14 => {
                d.pg.disconnected(d.now);
                d.pass(u.int_in_range(0..=20_000)?);
                let out = d.pg.connected(d.now);
                d.note(&out);
            }
            _ => {
                // Any text at all.
                let s: &str = u.arbitrary()?;
                if let Ok(m) = decode(s) {
                    d.receive(m, reached);
                }
            }
        }
    }
    check_replay(&d.pg);
    check_save_load(&d.pg);
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    devices();
    INPUTS.fetch_add(1, Relaxed);
    let mut reached = false;
    match data.first() {
        Some(&b) if b < 0x20 && b != b'\n' && b != b'\r' && b != b'\t' => {
            STRUCTURED.fetch_add(1, Relaxed);
            let _ = structured(&data[1..], &mut reached);
        }
        _ => raw(data, &mut reached),
    }
    if reached {
        REACHED.fetch_add(1, Relaxed);
    }
    tick_stats();
});
