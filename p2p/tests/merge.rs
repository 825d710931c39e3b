//! Reconnecting: merging two records of one game, and the Sync message that carries them.

mod common;

use common::Pair;
use vrhcaby_p2p::{merge, Merge, Message, PeerError, PeerGame};
use vrhcaby_rules::{Command, Entry, Game, Phase, Reason, Record, Side, MOVE_TIME_MS};

/// A started game's record and the side on turn (moving).
fn started() -> (Pair, Side) {
    let mut pair = Pair::new("g-merge", 77);
    pair.settle();
    let mover = pair.white.game().turn().unwrap();
    (pair, mover)
}

fn with(record: &Record, extra: &[Entry]) -> Record {
    let mut r = record.clone();
    r.commands.extend_from_slice(extra);
    r
}

#[test]
fn merge_cases() {
    let (pair, mover) = started();
    let base = pair.white.game().record().clone();
    let t = base.last_time().unwrap() + 1_000;
    let mv = pair.white.game().legal_moves()[0];
    let moved = with(
        &base,
        &[Entry {
            t,
            cmd: Command::Move {
                side: mover,
                from: mv.from,
                to: mv.to,
            },
        }],
    );
    let resigned = with(
        &base,
        &[Entry {
            t,
            cmd: Command::Resign { side: !mover },
        }],
    );

    assert_eq!(merge(&base, &base), Ok(Merge::Same));
    let Ok(Merge::AdoptTheirs(game)) = merge(&base, &moved) else {
        panic!("theirs extends ours");
    };
    assert_eq!(game.record(), &moved);
    assert_eq!(merge(&moved, &base), Ok(Merge::KeepOurs));
    assert_eq!(
        merge(&moved, &resigned),
        Err(PeerError::Diverged {
            seq: base.commands.len()
        })
    );

    // Different start positions never merge.
    let other = Record::new(base.rules, Some(vrhcaby_rules::Position::start()));
    assert_eq!(merge(&base, &other), Err(PeerError::Diverged { seq: 0 }));

    // Their extension must replay legally.
    let illegal = with(
        &base,
        &[Entry {
            t,
            cmd: Command::Start { first: Side::White },
        }],
    );
    assert!(matches!(merge(&base, &illegal), Err(PeerError::Record(_))));

    // A tail of our own observations gives way to their player's command.
    let observed = with(
        &base,
        &[Entry {
            t,
            cmd: Command::Offline { side: mover },
        }],
    );
    assert!(matches!(
        merge(&observed, &moved),
        Ok(Merge::AdoptTheirs(_))
    ));
    assert_eq!(merge(&moved, &observed), Ok(Merge::KeepOurs));
    // Two observation-only tails: both devices pick the same record.
    let other_obs = with(
        &base,
        &[Entry {
            t,
            cmd: Command::Offline { side: !mover },
        }],
    );
    let a = matches!(merge(&observed, &other_obs), Ok(Merge::AdoptTheirs(_)));
    let b = matches!(merge(&other_obs, &observed), Ok(Merge::AdoptTheirs(_)));
    assert!(a != b, "exactly one side adopts");
}

#[test]
fn sync_adopts_a_longer_record() {
    let (mut pair, mover) = started();
    let mv = pair.white.game().legal_moves()[0];
    let behind = pair.device(!mover).clone();
    pair.now += 1_000;
    pair.act(
        mover,
        Command::Move {
            side: mover,
            from: mv.from,
            to: mv.to,
        },
    );
    // The device that missed the move gets Hello from the other: it answers… and Sync brings it up.
    let mut behind = behind;
    let ahead = pair.device(mover).clone();
    let (_, reply) = behind.receive(ahead.hello(), pair.now).unwrap();
    assert!(
        reply.iter().any(|m| matches!(m, Message::Sync { .. })),
        "records differ: sync"
    );
    behind.receive(ahead.sync(), pair.now).unwrap();
    assert_eq!(behind.game(), ahead.game());
    // And the device ahead keeps its record when it gets the shorter one.
    let mut ahead = ahead;
    let before = ahead.game().clone();
    let old = PeerGame::from_record("g-merge".into(), !mover, before.record()).unwrap();
    ahead.receive(old.sync(), pair.now).unwrap();
    let shorter = pair.device(!mover).game().record().clone();
    let mut shorter = shorter;
    shorter.commands.pop();
    ahead
        .receive(
            Message::Sync {
                record: shorter.to_json(),
            },
            pair.now,
        )
        .unwrap();
    assert_eq!(ahead.game(), &before);
}

#[test]
fn sync_never_brings_dice_we_did_not_throw() {
    let (pair, mover) = started();
    let mut device = pair.white.clone();
    let base = device.game().record().clone();
    // The other device plays out the turn and then writes dice of its choice into its record.
    let mut game: Game = base.replay().unwrap();
    let mut t = base.last_time().unwrap();
    while game.phase() == Phase::Moving {
        let mv = game.legal_moves()[0];
        t += 500;
        game.apply(
            Command::Move {
                side: mover,
                from: mv.from,
                to: mv.to,
            },
            t,
        )
        .unwrap();
    }
    assert_eq!(game.phase(), Phase::Rolling);
    {
        let forged = Command::Dice {
            dice: vrhcaby_rules::Roll::from_values(6, 6).unwrap(),
        };
        game.apply(forged, t + 10).unwrap();
        let seq = game.record().commands.len() - 1;
        let sync = Message::Sync {
            record: game.record().to_json(),
        };
        assert_eq!(
            device.receive(sync, t + 20),
            Err(PeerError::DiceUnverified { seq })
        );
        assert_eq!(device.game().record(), &base);
    }
}

#[test]
fn a_dropped_connection_while_the_mover_is_away() {
    let (mut pair, mover) = started();
    let waiter = !mover;
    // The channel drops. The waiting device records the mover offline; the mover's device
    // records nothing and refuses its player's moves until the channel is back.
    pair.now += 1_000;
    let now = pair.now;
    let (events, msg) = pair
        .device(waiter)
        .observe(Command::Offline { side: mover }, now)
        .unwrap();
    assert_eq!(events.len(), 1);
    assert!(msg.is_none());
    let (events, _) = pair
        .device(mover)
        .observe(Command::Offline { side: waiter }, now)
        .unwrap();
    assert!(events.is_empty());
    let mv = pair.device(mover).game().legal_moves()[0];
    assert_eq!(
        pair.device(mover).local(
            Command::Move {
                side: mover,
                from: mv.from,
                to: mv.to
            },
            now
        ),
        Err(PeerError::Disconnected)
    );
    // The mover's time runs out while offline: R18, recorded by the waiting device.
    pair.now += MOVE_TIME_MS;
    let now = pair.now;
    let (events, _) = pair.device(waiter).observe(Command::Tick, now).unwrap();
    assert!(!events.is_empty());
    assert_eq!(
        pair.device(waiter).game().result().map(|r| r.1),
        Some(Reason::TimeoutOffline)
    );
    assert_eq!(
        pair.device(mover).observe(Command::Tick, now).unwrap(),
        (vec![], None)
    );
    // Back online: Hello both ways, the records differ, Sync brings the mover's device up.
    pair.now += 5_000;
    let now = pair.now;
    pair.device(waiter)
        .observe(Command::Online { side: mover }, now)
        .unwrap();
    pair.device(mover)
        .observe(Command::Online { side: waiter }, now)
        .unwrap();
    pair.hello();
    pair.settle();
    pair.assert_same();
    assert_eq!(
        pair.white.game().result().map(|r| r.1),
        Some(Reason::TimeoutOffline)
    );
}

#[test]
fn an_interrupted_roll_completes_after_reconnecting() {
    let mut pair = Pair::new("g-int", 5);
    // Let the exchange run, but lose Black's reveal of the lot on the way to White.
    for side in Side::ALL {
        let now = pair.now;
        let (_, msgs) = pair
            .device(side)
            .step(now, &mut || [side.index() as u8 + 1; 32])
            .unwrap();
        pair.send(side, msgs);
    }
    let to_white: Vec<_> = pair.to_white.drain(..).collect();
    let to_black: Vec<_> = pair.to_black.drain(..).collect();
    for t in to_white {
        pair.white
            .receive(vrhcaby_p2p::decode(&t).unwrap(), 1_000)
            .unwrap();
    }
    for t in to_black {
        pair.black
            .receive(vrhcaby_p2p::decode(&t).unwrap(), 1_000)
            .unwrap();
    }
    // White reveals; Black receives it and reveals; Black applies the lot; its reveal is lost.
    let (_, w) = pair.white.step(1_000, &mut || unreachable!()).unwrap();
    for m in w {
        pair.black.receive(m, 1_000).unwrap();
    }
    let (events, lost) = pair.black.step(1_000, &mut || unreachable!()).unwrap();
    assert_eq!(lost.len(), 1);
    assert_eq!(events.len(), 1, "Black has both secrets: the lot is drawn");
    assert_eq!(pair.white.game().phase(), Phase::Lot);
    // Reconnect: Hello both ways; the resent reveal completes White's exchange.
    pair.white
        .observe(Command::Offline { side: Side::Black }, 1_100)
        .unwrap();
    pair.black
        .observe(Command::Offline { side: Side::White }, 1_100)
        .unwrap();
    pair.now = 2_000;
    for side in Side::ALL {
        pair.device(side)
            .observe(Command::Online { side: !side }, 2_000)
            .unwrap();
        let hello = pair.device(side).hello();
        pair.send(side, [hello]);
    }
    pair.settle();
    pair.assert_same();
    assert_eq!(
        pair.white.game().phase(),
        Phase::Moving,
        "and the first roll followed"
    );
    let _ = PeerGame::from_record("g-int".into(), Side::White, pair.white.game().record()).unwrap();
}
