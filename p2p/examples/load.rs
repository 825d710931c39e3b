//! How long a device takes to fold the other device's acts and to load a saved game, for a real
//! game and for the longest logs the protocol takes (8,192 acts a side).
//!
//! `cargo run --release -p vrhcaby-p2p --example load`

use std::time::Instant;

use vrhcaby_p2p::{Act, Authored, Message, Output, PeerGame, MAX_ACTS};
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Command, Millis, Phase, Side};

struct Pair {
    dev: [PeerGame; 2],
    now: Millis,
    rng: SplitMix64,
}

fn idx(s: Side) -> usize {
    match s {
        Side::White => 0,
        Side::Black => 1,
    }
}

impl Pair {
    /// Two devices of game `id`, connected.
    fn connected(id: &str, seed: u64) -> Pair {
        let mut pair = Pair {
            dev: [
                PeerGame::new(id.into(), Side::White, 1_000),
                PeerGame::new(id.into(), Side::Black, 1_000),
            ],
            now: 1_000,
            rng: SplitMix64::new(seed),
        };
        for s in Side::ALL {
            let out = pair.dev[idx(s)].connected(pair.now);
            pair.deliver(s, out);
        }
        pair
    }

    fn deliver(&mut self, from: Side, out: Output) {
        for m in out.send {
            let to = idx(!from);
            if let Ok(o) = self.dev[to].receive(m, self.now) {
                self.deliver(!from, o);
            }
        }
    }

    fn tick(&mut self) {
        self.now += 100;
        for s in Side::ALL {
            let mut rng = self.rng.clone();
            let out = self.dev[idx(s)].tick(self.now, &mut || {
                let mut x = [0u8; 32];
                x[..8].copy_from_slice(&rng.next_u64().to_le_bytes());
                x
            });
            self.rng = rng;
            self.deliver(s, out);
        }
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let mut pair = Pair::connected("bench", 5);
    // A whole game of random legal moves.
    while pair.dev[0].game().result().is_none() {
        pair.tick();
        let g = pair.dev[0].game().clone();
        if g.phase() == Phase::Moving {
            let side = g.turn().expect("a mover");
            let moves = g.legal_moves();
            let mv = moves[pair.rng.below(moves.len() as u64) as usize];
            let cmd = Command::Move {
                side,
                from: mv.from,
                to: mv.to,
            };
            let out = pair.dev[idx(side)]
                .local(cmd, pair.now)
                .expect("a legal move");
            pair.deliver(side, out);
        }
    }
    let acts: usize = pair.dev[0].logs().white.len() + pair.dev[0].logs().black.len();
    let saved = pair.dev[0].save();
    let loads: Vec<f64> = (0..50)
        .map(|_| {
            let t = Instant::now();
            let pg = PeerGame::load(&saved).expect("loads");
            std::hint::black_box(pg);
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    println!(
        "a real game: {acts} acts, {} record entries, saved {} bytes; load median {:.3} ms",
        pair.dev[0].game().record().commands.len(),
        saved.len(),
        median(loads)
    );

    // Floods that never acknowledge our last act (issue 39), in a game under way: the other
    // device's ticks stamped after our last act, stamped equal to it, and claims that cross
    // it. The time an act for 1,024 acts and for 8,192: equal means linear.
    let mut game = Pair::connected("flood", 6);
    while game.dev[0].game().phase() != Phase::Moving {
        game.tick();
    }
    // The mover here moves once: the flood never acknowledges it.
    let side = game.dev[0].game().turn().expect("a mover");
    let here = idx(side);
    let mv = game.dev[here].game().legal_moves()[0];
    let cmd = Command::Move {
        side,
        from: mv.from,
        to: mv.to,
    };
    let _ = game.dev[here].local(cmd, game.now).expect("a legal move");
    let base = game.dev[here].clone();
    for kind in [
        "ticks after our act",
        "ticks equal to our act",
        "claims crossing it",
    ] {
        let mut per = Vec::new();
        for count in [1_024u32, 8_000] {
            let mut pg = base.clone();
            let ours = pg.logs()[side].len() as u32;
            let last_t = pg.logs()[side].last().map_or(0, |a| a.t);
            let mut n = pg.logs()[!side].len() as u32;
            let mut now = game.now;
            let t = Instant::now();
            let mut taken = 0u32;
            let mut refused = None;
            for i in 0..count {
                now += 1;
                let (stamp, act) = match kind {
                    "ticks after our act" => (last_t + 1 + u64::from(i), Command::Tick),
                    "ticks equal to our act" => (last_t, Command::Tick),
                    _ => (last_t + 1 + u64::from(i), Command::ClaimWin { side: !side }),
                };
                let act = Authored {
                    t: stamp.min(pg.shared_now(now)),
                    seen: ours - 1,
                    act: Act::Cmd(act),
                };
                match pg.receive(Message::Act { n, act }, now) {
                    Ok(_) => {
                        n += 1;
                        taken += 1;
                    }
                    Err(e) => {
                        refused = Some(e.code());
                        break;
                    }
                }
            }
            let took = t.elapsed().as_secs_f64() * 1e6;
            per.push((count, taken, took / f64::from(taken.max(1)), refused));
        }
        for (count, taken, us, refused) in per {
            println!(
                "a flood of {kind}: {taken} of {count} taken ({}), {us:.2} µs an act",
                refused.map_or("none refused".to_string(), |c| format!("then refused: {c}"))
            );
        }
    }

    // The longest log the protocol takes: the other device goes on sending ticks (legal, and
    // nothing is due after the end) until it is refused.
    let mut pg = pair.dev[0].clone();
    let mut now = pair.now;
    let t = Instant::now();
    let mut n = pg.logs().black.len() as u32;
    let seen = pg.logs().white.len() as u32;
    loop {
        now += 1;
        let act = Authored {
            t: pg.shared_now(now),
            seen,
            act: Act::Cmd(Command::Tick),
        };
        match pg.receive(Message::Act { n, act }, now) {
            Ok(_) => n += 1,
            Err(_) => break,
        }
    }
    let took = t.elapsed().as_secs_f64() * 1e3;
    let saved = pg.save();
    let loads: Vec<f64> = (0..20)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(PeerGame::load(&saved).expect("loads"));
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    println!(
        "the longest log: {n} acts (MAX_ACTS {MAX_ACTS}) taken in {took:.1} ms ({:.2} µs an act); \
         saved {} bytes; load median {:.2} ms",
        took * 1e3 / f64::from(n.max(1)),
        saved.len(),
        median(loads)
    );
}
