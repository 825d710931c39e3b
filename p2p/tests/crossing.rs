//! Acts that cross in flight end the same on both devices (the fold's order, p2p README).

mod common;

use common::Net;
use vrhcaby_rules::{Command, Outcome, Phase, Reason, Side};

fn started(seed: u64) -> (Net, Side) {
    let mut net = Net::new("cross", seed, (0, 0));
    net.start();
    let mover = net.game(Side::White).turn().expect("a mover");
    (net, mover)
}

#[test]
fn a_resign_crossing_a_move_is_ordered_by_stamp_on_both_devices() {
    for resign_first in [true, false] {
        let (mut net, mover) = started(21);
        let other = !mover;
        // Both act while neither hears the other; the earlier stamp comes first.
        net.holding[mover] = true;
        net.holding[other] = true;
        if resign_first {
            net.act(other, Command::Resign { side: other }).unwrap();
            net.run(300);
            net.move_once(mover).unwrap();
        } else {
            net.move_once(mover).unwrap();
            net.run(300);
            net.act(other, Command::Resign { side: other }).unwrap();
        }
        net.release(mover);
        net.release(other);
        net.run(3_000);
        net.assert_same();
        let g = net.game(mover);
        assert_eq!(g.result(), Some((Outcome::win(mover), Reason::Resigned)));
        let moves = g
            .record()
            .commands
            .iter()
            .filter(|e| matches!(e.cmd, Command::Move { .. }))
            .count();
        assert_eq!(
            moves,
            usize::from(!resign_first),
            "the move stands only if it came first"
        );
    }
}

#[test]
fn an_accept_in_time_beats_the_lapse_even_when_it_arrives_late() {
    let mut net = Net::new("cross-offer", 22, (0, 0));
    net.start();
    // Play until a draw may be offered (R23), then offer.
    while net.game(Side::White).moves_played() < 4 || net.game(Side::White).phase() != Phase::Moving
    {
        net.play_turn(300);
    }
    let offerer = net.game(Side::White).turn().unwrap();
    let responder = !offerer;
    net.act(offerer, Command::OfferDraw { side: offerer })
        .unwrap();
    net.run(1_000);
    let lapse = net.game(responder).deadline().unwrap();
    // The responder accepts 300 ms before the answer time runs out; its message is slow.
    net.run(lapse - 300 - net.shared(responder));
    net.holding[responder] = true;
    net.act(responder, Command::AcceptDraw { side: responder })
        .unwrap();
    net.run(2_500);
    // Meanwhile the offer lapsed on the offerer's device.
    assert_eq!(net.game(offerer).phase(), Phase::Moving);
    net.release(responder);
    net.run(3_000);
    net.assert_same();
    assert_eq!(
        net.game(offerer).result(),
        Some((Outcome::Draw, Reason::DrawAgreed))
    );
    assert!(
        net.dev[offerer].rewound > 0,
        "the offerer was told the record changed"
    );
}
