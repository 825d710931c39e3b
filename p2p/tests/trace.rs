//! One honest game over the simulated link, every delivered message recorded: the two devices
//! end with equal records and neither refused anything. With `TRACE_OUT=<dir>` the traffic is
//! also written there as fuzz seeds, e.g.
//! `TRACE_OUT=p2p/fuzz/seeds/receive cargo test -p vrhcaby-p2p --test trace`:
//! `to-white.txt` / `to-black.txt` (everything each device received, in order, one message a
//! line) and `to-<side>-NNN.txt` (the same in files of 20 consecutive lines).
//!
//! The fuzz target's fresh devices (`p2p/fuzz`) use the same game id, clocks and dice secrets
//! as these two devices (`Net::new(GAME_ID, SEED, (0, 0))`), so the whole-game seeds replay
//! there as an honest game.

mod common;

use std::sync::Mutex;

use common::Net;
use vrhcaby_p2p::{encode, Message};
use vrhcaby_rules::{Command, Phase, Reason, Side};

/// The fuzz target's devices use this game id and seed, so the recorded traffic fits them.
const GAME_ID: &str = "fuzz";
const SEED: u64 = 11;
const LINES_PER_SEED: usize = 20;

/// Every message sent, with its sender (recorded by the link's filter, which keeps them all).
static SENT: Mutex<Vec<(Side, String)>> = Mutex::new(Vec::new());

fn record(from: Side, m: &Message) -> bool {
    SENT.lock().unwrap().push((from, encode(m)));
    true
}

#[test]
fn an_honest_game_traced() {
    let mut net = Net::new(GAME_ID, SEED, (0, 0));
    net.trace = Some(Vec::new());
    net.filter = Some(record);
    net.start();
    // A few turns, a declined draw offer, more turns, then a resignation.
    let mut turns = 0;
    while turns < 6 || net.game(Side::White).phase() != Phase::Moving {
        net.play_turn(600);
        net.assert_same();
        turns += 1;
    }
    let mover = net.game(Side::White).turn().expect("a side on turn");
    net.act(mover, Command::OfferDraw { side: mover }).unwrap();
    net.run(1_000);
    net.act(!mover, Command::DeclineDraw { side: !mover })
        .unwrap();
    net.run(1_000);
    net.assert_same();
    for _ in 0..2 {
        net.play_turn(600);
        net.assert_same();
    }
    let loser = net.game(Side::White).turn().expect("a side on turn");
    net.act(loser, Command::Resign { side: loser }).unwrap();
    net.run(2_000);
    net.assert_same();
    assert_eq!(
        net.game(Side::White).result().map(|r| r.1),
        Some(Reason::Resigned)
    );
    for side in Side::ALL {
        assert!(
            net.dev[side].errors.is_empty(),
            "{side:?}: {:?}",
            net.dev[side].errors
        );
    }
    let trace = net.trace.take().expect("traced");
    assert!(trace.len() > 40, "only {} messages", trace.len());
    for kind in ["hello", "heartbeat", "commit", "reveal", "command"] {
        let tag = format!("\"type\":\"{kind}\"");
        assert!(trace.iter().any(|l| l.contains(&tag)), "no {kind} message");
    }
    // Everything sent was delivered (the link never dropped): the same messages.
    let sent = std::mem::take(&mut *SENT.lock().unwrap());
    let mut a: Vec<&str> = sent.iter().map(|(_, t)| t.as_str()).collect();
    let mut b: Vec<&str> = trace.iter().map(String::as_str).collect();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "what was sent is not what was delivered");
    if let Some(dir) = std::env::var_os("TRACE_OUT") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        for to in Side::ALL {
            let lines: Vec<&str> = sent
                .iter()
                .filter(|(from, _)| *from != to)
                .map(|(_, t)| t.as_str())
                .collect();
            let name = if to == Side::White { "white" } else { "black" };
            let mut all = lines.join("\n");
            all.push('\n');
            std::fs::write(dir.join(format!("to-{name}.txt")), all).unwrap();
            for (i, chunk) in lines.chunks(LINES_PER_SEED).enumerate() {
                let mut text = chunk.join("\n");
                text.push('\n');
                std::fs::write(dir.join(format!("to-{name}-{i:03}.txt")), text).unwrap();
            }
        }
    }
}
