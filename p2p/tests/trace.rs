//! One honest game over the simulated link, every delivered message recorded: the two devices
//! end with equal records and neither refused anything. With `TRACE_OUT=<dir>` the traffic is
//! also written there as fuzz seeds (one file per 20 consecutive lines), e.g.
//! `TRACE_OUT=p2p/fuzz/seeds/receive cargo test -p vrhcaby-p2p --test trace`.

mod common;

use common::Net;
use vrhcaby_rules::{Command, Phase, Reason, Side};

/// The fuzz target's devices use this game id, so the recorded hellos and commitments fit.
const GAME_ID: &str = "fuzz";
const LINES_PER_SEED: usize = 20;

#[test]
fn an_honest_game_traced() {
    let mut net = Net::new(GAME_ID, 11, (0, 0));
    net.trace = Some(Vec::new());
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
    if let Some(dir) = std::env::var_os("TRACE_OUT") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (i, chunk) in trace.chunks(LINES_PER_SEED).enumerate() {
            let mut text = chunk.join("\n");
            text.push('\n');
            std::fs::write(dir.join(format!("trace-{i:03}.txt")), text).unwrap();
        }
        let mut all = trace.join("\n");
        all.push('\n');
        std::fs::write(dir.join("trace-all.txt"), all).unwrap();
    }
}
