//! A rematch between the same two devices: only once the game is over (and, in a standard match,
//! only once the match is over); both players press Rematch and both devices make the same new
//! game, whose lot comes from a new fair-dice exchange; a device still on the finished game is
//! told the other has moved on.

mod common;

use common::Net;
use vrhcaby_p2p::{rematch_id, PeerError};
use vrhcaby_rules::{Clock, Command, Options, Phase, Side, Variant};

/// Both devices press Rematch, `first` before the other, with the link re-opened after each (as
/// the page does: the new game's hello on the open link).
fn both_rematch(net: &mut Net, first: Side) {
    let old_record = net.game(!first).record().clone();
    for side in [first, !first] {
        let c = net.clock(side);
        net.dev[side].pg = net.dev[side].pg.rematch(c).expect("a rematch");
        net.disconnect();
        net.connect();
        net.run(3_000);
        if side == first {
            // The other device, still on the finished game, hears of a different game: the
            // rematch's (the page tells its player the friend wants a rematch).
            let old = net.dev[!first].pg.game_id().to_string();
            assert!(
                net.dev[!first].errors.iter().any(|e| matches!(e,
                    PeerError::WrongGame { ours, theirs } if *ours == old && *theirs == rematch_id(&old))),
                "{:?}",
                net.dev[!first].errors
            );
            // Meanwhile the new game's acts are ignored there: the finished game is untouched
            // (no act of the new game taken as a changed one of the old).
            assert!(
                net.dev[!first].pg.divergence().is_none(),
                "{:?}",
                net.dev[!first].errors
            );
            assert_eq!(net.game(!first).record(), &old_record);
            assert!(!net.dev[!first]
                .errors
                .iter()
                .any(|e| matches!(e, PeerError::Changed { .. })));
        }
    }
    net.run(10_000);
    net.assert_same();
}

#[test]
fn a_rematch_under_the_house_rules_starts_a_new_game_with_a_new_fair_lot() {
    let mut net = Net::new("house-1", 21, (1_500, -800));
    net.connect();
    net.run(10_000);
    net.assert_same();
    let g = net.game(Side::White);
    assert!(matches!(g.phase(), Phase::Moving | Phase::Rolling));
    // Not while the game goes on.
    assert!(net.dev.white.pg.rematch(0).is_none());
    net.act(Side::Black, Command::Resign { side: Side::Black })
        .unwrap();
    net.run(2_000);
    net.assert_same();
    assert_eq!(net.game(Side::White).phase(), Phase::Over);

    both_rematch(&mut net, Side::Black);
    let g = net.game(Side::White);
    assert_eq!(net.dev.white.pg.game_id(), "house-1r");
    assert_eq!(net.dev.black.pg.game_id(), "house-1r");
    // Each device keeps its seat; the new game began with its own lot from the exchange.
    assert_eq!(net.dev.white.pg.seat(), Side::White);
    assert!(matches!(g.record().commands[0].cmd, Command::Start { .. }));
    assert!(
        matches!(g.phase(), Phase::Moving | Phase::Rolling),
        "{:?}",
        net.dev.white.errors
    );
    assert!(
        g.record().commands.len() >= 2,
        "the lot and a roll were exchanged"
    );
    // A second rematch follows the first one's id.
    net.act(Side::White, Command::Resign { side: Side::White })
        .unwrap();
    net.run(2_000);
    both_rematch(&mut net, Side::White);
    assert_eq!(net.dev.black.pg.game_id(), "house-1rr");
}

#[test]
fn a_standard_match_has_its_next_games_and_a_rematch_only_once_it_is_over() {
    let variant = Variant::standard(Options {
        clock: Clock::House,
        ..Options::match_to(1)
    })
    .unwrap();
    let mut net = Net::new_under("std-r", 5, (0, 700), variant);
    net.connect();
    net.run(10_000);
    net.resign_single();
    net.assert_same();
    // The match to 1 is over: no next game, but a rematch: a new match from 0–0.
    assert!(net.dev.white.pg.next_game(0).is_none());
    both_rematch(&mut net, Side::White);
    let g = net.game(Side::Black);
    assert_eq!(g.context().score, vrhcaby_rules::BySide::new(0, 0));
    assert_eq!(g.record().options, Some(variant.options()));
    assert_eq!(g.phase(), Phase::Moving, "{:?}", net.dev.white.errors);

    // Money play never ends: its games follow one another by Next game, never by a rematch.
    let money = Variant::standard(Options {
        clock: Clock::House,
        ..Options::money()
    })
    .unwrap();
    let mut net = Net::new_under("std-m", 6, (0, 0), money);
    net.connect();
    net.run(10_000);
    net.resign_single();
    assert!(net.dev.white.pg.next_game(0).is_some());
    assert!(net.dev.white.pg.rematch(0).is_none());
}

/// As the page does it: the link stays open, and only the device whose player presses Rematch
/// says hello for the new game (its own side of the link re-opened). The first hello reached
/// the other device while it was still on the finished game, so the new game's first hello is
/// answered with one: both hear this game's hello, and the lot is exchanged.
#[test]
fn a_rematch_on_a_link_that_stays_open_starts_on_both_devices() {
    let mut net = Net::new("house-open", 23, (700, -1_200));
    net.connect();
    net.run(10_000);
    net.act(Side::Black, Command::Resign { side: Side::Black })
        .unwrap();
    net.run(2_000);
    for side in [Side::Black, Side::White] {
        let c = net.clock(side);
        net.dev[side].pg = net.dev[side].pg.rematch(c).expect("a rematch");
        let out = net.dev[side].pg.connected(c);
        net.handle(side, out);
        net.run(3_000);
    }
    net.run(10_000);
    net.assert_same();
    let g = net.game(Side::White);
    assert_eq!(net.dev.white.pg.game_id(), "house-openr");
    assert!(
        matches!(g.phase(), Phase::Moving | Phase::Rolling),
        "the new game's lot was exchanged: {:?} {:?}",
        g.phase(),
        net.dev.white.errors
    );
}
