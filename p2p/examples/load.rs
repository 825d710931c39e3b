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
    let mut pair = Pair {
        dev: [
            PeerGame::new("bench".into(), Side::White, 1_000),
            PeerGame::new("bench".into(), Side::Black, 1_000),
        ],
        now: 1_000,
        rng: SplitMix64::new(5),
    };
    for s in Side::ALL {
        let out = pair.dev[idx(s)].connected(pair.now);
        pair.deliver(s, out);
    }
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
