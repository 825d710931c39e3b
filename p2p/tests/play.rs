//! Two devices play through messages and keep identical records.

mod common;

use common::Pair;
use vrhcaby_p2p::{decode, encode, Message};
use vrhcaby_rules::{Command, Event, Outcome, Phase, Reason, Side, MOVE_TIME_MS};

/// Turns are played until a draw may be offered (R23) and a side is moving.
fn play_until_an_offer_is_allowed(pair: &mut Pair, pick: &mut impl FnMut(usize) -> usize) {
    while pair.white.game().moves_played() < 4 || pair.white.game().phase() != Phase::Moving {
        play_turn(pair, pick);
        pair.assert_same();
    }
}

/// The mover plays `pick`-chosen legal moves until the turn passes.
fn play_turn(pair: &mut Pair, pick: &mut impl FnMut(usize) -> usize) {
    let mover = pair.white.game().turn().expect("a side on turn");
    while pair.white.game().phase() == Phase::Moving && pair.white.game().turn() == Some(mover) {
        let moves = pair.device(mover).game().legal_moves();
        let mv = moves[pick(moves.len())];
        pair.now += 700;
        pair.act(
            mover,
            Command::Move {
                side: mover,
                from: mv.from,
                to: mv.to,
            },
        );
    }
}

#[test]
fn lot_turns_and_a_draw_through_messages() {
    let mut pair = Pair::new("game-1", 7);
    let mut rng = vrhcaby_rules::bench::SplitMix64::new(99);
    let mut pick = |n: usize| rng.below(n as u64) as usize;

    pair.hello();
    pair.settle();
    pair.assert_same();
    assert_eq!(
        pair.white.game().phase(),
        Phase::Moving,
        "lot and first roll done"
    );
    assert!(matches!(
        pair.white.game().record().commands[0].cmd,
        Command::Start { .. }
    ));

    // Play until a draw may be offered (R23), then offer and decline.
    play_until_an_offer_is_allowed(&mut pair, &mut pick);
    let mover = pair.white.game().turn().unwrap();
    pair.now += 500;
    pair.act(mover, Command::OfferDraw { side: mover });
    pair.assert_same();
    assert_eq!(pair.white.game().phase(), Phase::DrawOffered);
    pair.now += 2_000;
    pair.act(!mover, Command::DeclineDraw { side: !mover });
    pair.assert_same();
    assert_eq!(pair.black.game().turn(), Some(mover));
    assert!(pair.events[(!mover).index()].contains(&Event::DrawDeclined { by: !mover }));

    // Several more turns.
    for _ in 0..6 {
        if pair.white.game().phase() == Phase::Over {
            break;
        }
        play_turn(&mut pair, &mut pick);
        pair.assert_same();
    }

    // Offer again once allowed; this time it is accepted.
    loop {
        let game = pair.white.game();
        assert_ne!(game.phase(), Phase::Over);
        if game.phase() == Phase::Moving && game.can_offer_draw(pair.now + 500).is_ok() {
            break;
        }
        let mover = game.turn().unwrap();
        let moves = pair.device(mover).game().legal_moves();
        let mv = moves[pick(moves.len())];
        pair.now += 700;
        pair.act(
            mover,
            Command::Move {
                side: mover,
                from: mv.from,
                to: mv.to,
            },
        );
    }
    let mover = pair.white.game().turn().unwrap();
    pair.now += 500;
    pair.act(mover, Command::OfferDraw { side: mover });
    pair.now += 1_000;
    pair.act(!mover, Command::AcceptDraw { side: !mover });
    pair.assert_same();
    assert_eq!(
        pair.white.game().result(),
        Some((Outcome::Draw, Reason::DrawAgreed))
    );
    let dice = pair
        .white
        .game()
        .record()
        .commands
        .iter()
        .filter(|e| matches!(e.cmd, Command::Dice { .. }))
        .count();
    assert!(dice >= 8, "several turns were played ({dice} rolls)");

    // Once over, step does nothing.
    let (events, msgs) = pair.white.step(pair.now, &mut || [0; 32]).unwrap();
    assert!(events.is_empty() && msgs.is_empty());
}

#[test]
fn a_lapsed_offer_is_the_same_tick_on_both_devices() {
    let mut pair = Pair::new("game-lapse", 3);
    let mut rng = vrhcaby_rules::bench::SplitMix64::new(5);
    let mut pick = |n: usize| rng.below(n as u64) as usize;
    pair.settle();
    play_until_an_offer_is_allowed(&mut pair, &mut pick);
    let mover = pair.white.game().turn().unwrap();
    pair.now += 100;
    let offered_at = pair.now;
    pair.act(mover, Command::OfferDraw { side: mover });

    // The devices tick at different moments after the deadline: still one identical entry.
    pair.now = offered_at + MOVE_TIME_MS + 137;
    let (events, msg) = pair.white.observe(Command::Tick, pair.now).unwrap();
    assert!(events.contains(&Event::DrawLapsed { offerer: mover }));
    let Some(Message::Command { entry, .. }) = msg.clone() else {
        panic!("a tick that changed the game is sent: {msg:?}");
    };
    assert_eq!(
        entry.t,
        offered_at + MOVE_TIME_MS,
        "recorded at its due time"
    );
    // Nothing more is due: no entry, no message.
    assert_eq!(
        pair.white.observe(Command::Tick, pair.now + 10).unwrap(),
        (vec![], None)
    );

    pair.now += 2_000;
    let (events, _) = pair.black.observe(Command::Tick, pair.now).unwrap();
    assert!(events.contains(&Event::DrawLapsed { offerer: mover }));
    // White's tick message arrives after Black derived the same tick: a duplicate.
    pair.send(Side::White, msg);
    pair.settle();
    pair.assert_same();
    assert_eq!(pair.white.game().turn(), Some(mover));
}

#[test]
fn a_peer_command_before_our_tick_wins_over_it() {
    let mut pair = Pair::new("game-race", 11);
    let mut rng = vrhcaby_rules::bench::SplitMix64::new(12);
    let mut pick = |n: usize| rng.below(n as u64) as usize;
    pair.settle();
    play_until_an_offer_is_allowed(&mut pair, &mut pick);
    let offerer = pair.white.game().turn().unwrap();
    pair.now += 100;
    let at = pair.now;
    pair.act(offerer, Command::OfferDraw { side: offerer });

    // The responder declines just in time; the message reaches the offerer after its own tick.
    let responder = !offerer;
    let (_, decline) = pair
        .device(responder)
        .local(
            Command::DeclineDraw { side: responder },
            at + MOVE_TIME_MS - 10,
        )
        .unwrap();
    pair.now = at + MOVE_TIME_MS + 50;
    let now = pair.now;
    let (events, tick) = pair.device(offerer).observe(Command::Tick, now).unwrap();
    assert!(events.contains(&Event::DrawLapsed { offerer }));
    // The responder gets the tick after its own decline: ignored.
    let (events, _) = pair.device(responder).receive(tick.unwrap(), now).unwrap();
    assert!(events.is_empty());
    // The offerer gets the decline: the lapse is undone, the decline taken.
    let (events, _) = pair.device(offerer).receive(decline, now).unwrap();
    assert_eq!(events, vec![Event::DrawDeclined { by: responder }]);
    pair.assert_same();
}

#[test]
fn messages_round_trip_as_json() {
    let pair = Pair::new("g", 1);
    let hello = pair.white.hello();
    let text = encode(&hello);
    assert!(text.starts_with(r#"{"type":"hello""#), "{text}");
    assert_eq!(decode(&text), Ok(hello));
    let m = decode(r#"{"type":"command","seq":3,"entry":{"t":4100,"cmd":"move","side":"white","from":24,"to":18}}"#).unwrap();
    assert_eq!(decode(&encode(&m)), Ok(m));
    let m = Message::Reveal {
        roll: 2,
        secret: "ab".repeat(32),
        t: 5,
    };
    assert_eq!(decode(&encode(&m)), Ok(m));
}
