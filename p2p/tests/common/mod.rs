//! Two devices wired in memory: messages go through `encode`/`decode` like on the DataChannel.
#![allow(dead_code)]

use std::collections::VecDeque;

use vrhcaby_p2p::{decode, encode, Message, PeerGame};
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Command, Event, Millis, Side};

pub fn secret(rng: &mut SplitMix64) -> [u8; 32] {
    let mut s = [0u8; 32];
    for chunk in s.chunks_exact_mut(8) {
        chunk.copy_from_slice(&rng.next_u64().to_le_bytes());
    }
    s
}

pub struct Pair {
    pub white: PeerGame,
    pub black: PeerGame,
    pub to_white: VecDeque<String>,
    pub to_black: VecDeque<String>,
    pub rng: SplitMix64,
    pub now: Millis,
    /// Every event each device saw, in order.
    pub events: [Vec<Event>; 2],
}

impl Pair {
    pub fn new(game_id: &str, seed: u64) -> Pair {
        Pair {
            white: PeerGame::new(game_id.to_string(), Side::White),
            black: PeerGame::new(game_id.to_string(), Side::Black),
            to_white: VecDeque::new(),
            to_black: VecDeque::new(),
            rng: SplitMix64::new(seed),
            now: 1_000,
            events: [Vec::new(), Vec::new()],
        }
    }

    /// Both devices introduce themselves (as on every connection).
    pub fn hello(&mut self) {
        for side in Side::ALL {
            let hello = self.device(side).hello();
            self.send(side, [hello]);
        }
    }

    pub fn device(&mut self, side: Side) -> &mut PeerGame {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }

    /// Queues messages from `from` to the other device.
    pub fn send(&mut self, from: Side, msgs: impl IntoIterator<Item = Message>) {
        for m in msgs {
            let text = encode(&m);
            match from {
                Side::White => self.to_black.push_back(text),
                Side::Black => self.to_white.push_back(text),
            }
        }
    }

    /// Steps both devices and delivers every queued message until all is quiet.
    pub fn settle(&mut self) {
        for _ in 0..1000 {
            let mut busy = false;
            for side in Side::ALL {
                let now = self.now;
                let mut rng = self.rng.clone();
                let (events, msgs) = self
                    .device(side)
                    .step(now, &mut || secret(&mut rng))
                    .expect("step");
                self.rng = rng;
                busy |= !msgs.is_empty() || !events.is_empty();
                self.events[side.index()].extend(events);
                self.send(side, msgs);
                let queue = match side {
                    Side::White => std::mem::take(&mut self.to_white),
                    Side::Black => std::mem::take(&mut self.to_black),
                };
                for text in queue {
                    busy = true;
                    let msg = decode(&text).expect("decode");
                    let (events, msgs) = self.device(side).receive(msg, now).expect("receive");
                    self.events[side.index()].extend(events);
                    self.send(side, msgs);
                }
            }
            if !busy {
                return;
            }
        }
        panic!("the devices never settled");
    }

    /// The player of `side` acts on their own device; the command goes to the other.
    pub fn act(&mut self, side: Side, cmd: Command) {
        let now = self.now;
        let (events, msg) = self.device(side).local(cmd, now).expect("local");
        self.events[side.index()].extend(events);
        self.send(side, [msg]);
        self.settle();
    }

    /// Both devices tick at `now`.
    pub fn tick(&mut self) {
        for side in Side::ALL {
            let now = self.now;
            let (events, msg) = self.device(side).observe(Command::Tick, now).expect("tick");
            self.events[side.index()].extend(events);
            self.send(side, msg);
        }
        self.settle();
    }

    pub fn assert_same(&self) {
        let (w, b) = (self.white.game(), self.black.game());
        assert_eq!(w.record(), b.record());
        assert_eq!(w, b);
        assert_eq!(
            vrhcaby_p2p::record_hash(w.record()),
            vrhcaby_p2p::record_hash(b.record())
        );
        assert_eq!(w.record().replay().as_ref(), Ok(w));
    }
}
