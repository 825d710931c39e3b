//! Standard backgammon between two devices: the opening roll through the fair-dice exchange
//! (ties thrown again), a roll held back while its player may double, a double and a take, a
//! resignation, and a peer under other rules refused.

mod common;

use common::Net;
use vrhcaby_p2p::{Message, PeerError, PeerGame};
use vrhcaby_rules::{Clock, Command, Kind, Options, Phase, Reason, Side, Variant};

fn standard() -> Variant {
    Variant::standard(Options {
        clock: Clock::House,
        ..Options::match_to(5)
    })
    .unwrap()
}

/// Connects and runs until the opening roll has been played into a side's moves.
fn opened(seed: u64) -> Net {
    let mut net = Net::new_under("std-1", seed, (3_000, -2_000), standard());
    net.connect();
    net.run(10_000);
    net.assert_same();
    net
}

#[test]
fn the_opening_roll_comes_from_the_exchange_and_both_records_agree() {
    for seed in 1..6 {
        let net = opened(seed);
        let g = net.game(Side::White);
        let commands = &g.record().commands;
        // Zero or more ties, then the opening that starts the game: every one an `opening`.
        let openings: Vec<_> = commands
            .iter()
            .filter(|e| matches!(e.cmd, Command::Opening { .. }))
            .collect();
        assert!(!openings.is_empty(), "seed {seed}: {commands:?}");
        assert!(!commands
            .iter()
            .any(|e| matches!(e.cmd, Command::Start { .. } | Command::Dice { .. })));
        let Command::Opening { white, black } = openings.last().unwrap().cmd else {
            unreachable!()
        };
        assert_ne!(white, black, "the last opening is not a tie");
        assert_eq!(g.phase(), Phase::Moving);
        let first = if white > black {
            Side::White
        } else {
            Side::Black
        };
        assert_eq!(g.turn(), Some(first));
        assert_eq!(g.record().options, Some(standard().options()));
    }
}

#[test]
fn a_roll_waits_for_the_choice_and_a_double_is_taken_then_a_resignation_accepted() {
    let mut net = opened(7);
    // Play the opening turn: the other side may then double, so its roll waits.
    let first = net.game(Side::White).turn().unwrap();
    net.play_turn(500);
    net.run(5_000);
    net.assert_same();
    let roller = !first;
    let g = net.game(Side::White);
    assert_eq!((g.phase(), g.turn()), (Phase::Rolling, Some(roller)));
    assert_eq!(g.can_double(), Ok(roller));
    let before = g.record().commands.len();
    net.run(10_000);
    assert_eq!(
        net.game(Side::White).record().commands.len(),
        before,
        "no dice while the roller may still double"
    );
    // It doubles; the other device's player takes.
    net.act(roller, Command::Double { side: roller }).unwrap();
    net.run(2_000);
    assert_eq!(net.game(!roller).phase(), Phase::Doubled);
    net.act(!roller, Command::Take { side: !roller }).unwrap();
    net.run(5_000);
    net.assert_same();
    let g = net.game(Side::White);
    assert_eq!((g.cube().value, g.cube().owner), (2, Some(!roller)));
    // The doubler can no longer double: its dice come by themselves.
    assert_eq!(g.phase(), Phase::Moving, "{:?}", net.dev.white.errors);
    assert_eq!(g.dice_owner(), Some(roller));
    net.play_turn(500);
    net.run(5_000);
    // The taker owns the cube: its roll waits until its player chooses to roll.
    let g = net.game(Side::White);
    assert_eq!((g.phase(), g.turn()), (Phase::Rolling, Some(!roller)));
    net.dev[!roller].pg.choose_roll();
    net.step(!roller);
    net.run(5_000);
    net.assert_same();
    assert_eq!(net.game(Side::White).phase(), Phase::Moving);
    // A resignation for a gammon, accepted: 2 × the cube of 2.
    net.act(
        roller,
        Command::OfferResign {
            side: roller,
            kind: Kind::Gammon,
        },
    )
    .unwrap();
    net.run(2_000);
    net.act(!roller, Command::AcceptResign { side: !roller })
        .unwrap();
    net.run(2_000);
    net.assert_same();
    let g = net.game(Side::Black);
    assert_eq!(g.result().map(|r| r.1), Some(Reason::ResignAccepted));
    assert_eq!(g.score().map(|s| s.points), Some(4));
    net.assert_no_errors();
}

#[test]
fn a_peer_under_other_rules_or_options_is_refused() {
    let mut house = PeerGame::new("std-2".into(), Side::White, 0);
    let mut hello = PeerGame::new_under("std-2".into(), Side::Black, standard(), 0).hello();
    assert_eq!(
        house.receive(hello.clone(), 10).err(),
        Some(PeerError::WrongRules)
    );
    // Another match length is other options too.
    let mut std5 = PeerGame::new_under("std-2".into(), Side::White, standard(), 0);
    if let Message::Hello { options, .. } = &mut hello {
        *options = Some(Options::match_to(7));
    }
    assert_eq!(std5.receive(hello, 10).err(), Some(PeerError::WrongRules));
    // The peer cannot throw the opening itself.
    let mut net = opened(3);
    let forged = net.forge(
        Side::White,
        vrhcaby_p2p::Act::Cmd(Command::Opening {
            white: vrhcaby_rules::Die::new(6).unwrap(),
            black: vrhcaby_rules::Die::new(1).unwrap(),
        }),
        net.shared(Side::White),
    );
    let before = net.game(Side::White).record().clone();
    let got = net.inject(Side::White, forged);
    assert!(
        matches!(got, Err(PeerError::NotAllowedFromPeer("opening"))),
        "{got:?}"
    );
    assert_eq!(net.game(Side::White).record(), &before);
    // Nor double, take or resign for our side.
    for cmd in [
        Command::Double { side: Side::White },
        Command::Take { side: Side::White },
        Command::OfferResign {
            side: Side::White,
            kind: Kind::Backgammon,
        },
        Command::AcceptResign { side: Side::White },
    ] {
        let forged = net.forge(
            Side::White,
            vrhcaby_p2p::Act::Cmd(cmd),
            net.shared(Side::White),
        );
        assert!(
            matches!(
                net.inject(Side::White, forged),
                Err(PeerError::WrongSide { .. })
            ),
            "{cmd:?}"
        );
    }
}

#[test]
fn the_next_game_of_a_match_between_the_same_devices() {
    let mut net = opened(9);
    // The mover resigns a single game: its opponent scores 1 of the match to 5.
    let mover = net.resign_single();
    net.assert_same();
    assert!(net.dev.white.pg.next_game(0).is_some());
    // Both players press Next game (one after the other): the same game on both devices.
    for side in [Side::Black, Side::White] {
        let c = net.clock(side);
        let next = net.dev[side].pg.next_game(c).expect("a next game");
        net.dev[side].pg = next;
        net.disconnect();
        net.connect();
        net.run(3_000);
    }
    net.run(10_000);
    net.assert_same();
    let g = net.game(Side::White);
    assert_eq!(net.dev.white.pg.game_id(), "std-1+");
    assert_eq!(g.context().score[!mover], 1);
    assert_eq!(g.context().score[mover], 0);
    assert_eq!(g.phase(), Phase::Moving, "{:?}", net.dev.white.errors);
    // A game not over has no next one.
    assert!(net.dev.white.pg.next_game(0).is_none());
}
