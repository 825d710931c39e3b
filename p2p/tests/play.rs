//! Two honest devices play through messages and keep identical records.

mod common;

use common::Net;
use vrhcaby_rules::{Command, Phase, Reason, Side};

#[test]
fn lot_turns_and_a_draw_offer_with_clocks_two_minutes_apart() {
    let mut net = Net::new("game-1", 7, (120_000, -95_000));
    net.start();
    assert!(matches!(
        net.game(Side::White).record().commands[0].cmd,
        Command::Start { .. }
    ));
    // Shared time agrees to well within the grace on both devices.
    let (w, b) = (
        net.dev.white.pg.shared_now(net.clock(Side::White)),
        net.dev.black.pg.shared_now(net.clock(Side::Black)),
    );
    assert!(w.abs_diff(b) < 100, "shared clocks {w} and {b}");
    while net.game(Side::White).moves_played() < 4 || net.game(Side::White).phase() != Phase::Moving
    {
        net.play_turn(700);
        net.assert_same();
    }
    let mover = net.game(Side::White).turn().unwrap();
    net.act(mover, Command::OfferDraw { side: mover }).unwrap();
    net.run(1_000);
    net.assert_same();
    assert_eq!(net.game(Side::White).phase(), Phase::DrawOffered);
    net.act(!mover, Command::DeclineDraw { side: !mover })
        .unwrap();
    net.run(1_000);
    net.assert_same();
    assert_eq!(net.game(mover).turn(), Some(mover));
    net.act(!mover, Command::Resign { side: !mover }).unwrap();
    net.run(1_000);
    net.assert_same();
    assert_eq!(
        net.game(Side::Black).result().map(|r| r.1),
        Some(Reason::Resigned)
    );
    net.assert_no_errors();
}
