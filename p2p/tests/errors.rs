//! Everything the other device sends is checked; bad input is an error, never a panic.

mod common;

use common::{secret, Pair};
use proptest::prelude::*;
use vrhcaby_p2p::{
    commitment, decode, encode, to_hex, Message, PeerError, PeerGame, CLOCK_TOLERANCE_MS, VERSION,
};
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Command, Entry, Phase, Roll, Side};

/// A pair that has drawn the lot and rolled: someone is moving.
fn started() -> Pair {
    let mut pair = Pair::new("g-err", 21);
    pair.settle();
    assert_eq!(pair.white.game().phase(), Phase::Moving);
    pair
}

/// White's device, with Black's commitment received and Black's secret known to the test.
fn white_waiting_for_reveal() -> (PeerGame, [u8; 32], Message) {
    let mut white = PeerGame::new("g".into(), Side::White);
    let (_, msgs) = white.step(0, &mut || [7; 32]).unwrap();
    assert!(matches!(msgs[..], [Message::Commit { roll: 0, .. }]));
    let black_secret = [9u8; 32];
    let hash = to_hex(&commitment("g", 0, Side::Black, &black_secret));
    white.receive(Message::Commit { roll: 0, hash }, 0).unwrap();
    let (_, msgs) = white.step(0, &mut || unreachable!()).unwrap();
    assert!(matches!(msgs[..], [Message::Reveal { roll: 0, .. }]));
    let reveal = Message::Reveal {
        roll: 0,
        secret: to_hex(&black_secret),
        t: 0,
    };
    (white, black_secret, reveal)
}

#[test]
fn an_honest_reveal_starts_the_game() {
    let (mut white, _, reveal) = white_waiting_for_reveal();
    // Both secrets are out: the lot is drawn at once.
    let (events, _) = white.receive(reveal.clone(), 0).unwrap();
    assert!(matches!(events[..], [vrhcaby_rules::Event::Started { .. }]));
    assert_eq!(white.game().phase(), Phase::Rolling);
    // An exact duplicate of the last roll's reveal is ignored.
    assert_eq!(white.receive(reveal, 0), Ok((vec![], vec![])));
    // The next roll starts with a new commitment.
    let (_, msgs) = white.step(0, &mut || [8; 32]).unwrap();
    assert!(matches!(msgs[..], [Message::Commit { roll: 1, .. }]));
}

#[test]
fn a_tampered_reveal_halts_the_game() {
    let (mut white, mut s, _) = white_waiting_for_reveal();
    s[5] ^= 1;
    let tampered = Message::Reveal {
        roll: 0,
        secret: to_hex(&s),
        t: 0,
    };
    let record = white.game().record().clone();
    let err = white.receive(tampered, 0).unwrap_err();
    assert_eq!(err, PeerError::DiceMismatch);
    assert_eq!(
        err.to_string(),
        "the other device sent dice that do not match its commitment"
    );
    assert_eq!(white.halted(), Some(&PeerError::DiceMismatch));
    assert_eq!(white.game().record(), &record, "the record is kept");
    // Everything is refused from now on.
    assert_eq!(
        white.step(0, &mut || [1; 32]).unwrap_err(),
        PeerError::Halted
    );
    assert_eq!(
        white.receive(Message::Heartbeat { t: 0 }, 0).unwrap_err(),
        PeerError::Halted
    );
    assert_eq!(
        white.observe(Command::Tick, 0).unwrap_err(),
        PeerError::Halted
    );
}

#[test]
fn a_wrong_commitment_halts_the_game() {
    let mut white = PeerGame::new("g".into(), Side::White);
    white.step(0, &mut || [7; 32]).unwrap();
    // Black commits to a secret for another seat (or just any wrong hash), then reveals.
    let s = [3u8; 32];
    let hash = to_hex(&commitment("g", 0, Side::White, &s));
    white.receive(Message::Commit { roll: 0, hash }, 0).unwrap();
    white.step(0, &mut || unreachable!()).unwrap();
    let reveal = Message::Reveal {
        roll: 0,
        secret: to_hex(&s),
        t: 0,
    };
    assert_eq!(white.receive(reveal, 0), Err(PeerError::DiceMismatch));
    assert!(white.halted().is_some());
}

#[test]
fn dice_messages_out_of_turn_are_refused() {
    let mut white = PeerGame::new("g".into(), Side::White);
    // A reveal before its commitment.
    let reveal = Message::Reveal {
        roll: 0,
        secret: to_hex(&[1; 32]),
        t: 0,
    };
    assert_eq!(
        white.receive(reveal, 0),
        Err(PeerError::RevealBeforeCommit { roll: 0 })
    );
    // A commitment for a later roll.
    let hash = to_hex(&commitment("g", 3, Side::Black, &[1; 32]));
    assert_eq!(
        white.receive(Message::Commit { roll: 3, hash }, 0),
        Err(PeerError::WrongRoll {
            roll: 3,
            current: 0
        })
    );
    // Not hex.
    let bad = Message::Commit {
        roll: 0,
        hash: "zz".into(),
    };
    assert!(matches!(
        white.receive(bad, 0),
        Err(PeerError::Malformed(_))
    ));
    assert!(white.halted().is_none());
    // We never reveal before the peer has committed.
    let (_, msgs) = white.step(0, &mut || [2; 32]).unwrap();
    assert!(msgs.iter().all(|m| !matches!(m, Message::Reveal { .. })));
}

#[test]
fn a_changed_commitment_after_our_reveal_is_refused() {
    let (mut white, _, _) = white_waiting_for_reveal();
    let hash = to_hex(&commitment("g", 0, Side::Black, &[4; 32]));
    assert_eq!(
        white.receive(Message::Commit { roll: 0, hash }, 0),
        Err(PeerError::CommitChanged { roll: 0 })
    );
}

#[test]
fn a_replayed_command_is_ignored() {
    let mut pair = started();
    let mover = pair.white.game().turn().unwrap();
    let mv = pair.white.game().legal_moves()[0];
    pair.now += 1_000;
    let now = pair.now;
    let (_, msg) = pair
        .device(mover)
        .local(
            Command::Move {
                side: mover,
                from: mv.from,
                to: mv.to,
            },
            now,
        )
        .unwrap();
    let other = pair.device(!mover);
    other.receive(msg.clone(), now).unwrap();
    let before = other.game().clone();
    assert_eq!(other.receive(msg, now + 10), Ok((vec![], vec![])));
    assert_eq!(other.game(), &before);
}

#[test]
fn commands_the_peer_may_not_send() {
    let mut pair = started();
    let mover = pair.white.game().turn().unwrap();
    let other = !mover;
    let mv = pair.white.game().legal_moves()[0];
    let len = pair.white.game().record().commands.len();
    let now = pair.now + 1_000;
    let at = |cmd| Message::Command {
        seq: len,
        entry: Entry { t: now, cmd },
    };
    let mover_move = Command::Move {
        side: mover,
        from: mv.from,
        to: mv.to,
    };
    let device = pair.device(mover);
    let before = device.game().clone();
    // A command for our own side, sent by the other device.
    assert!(matches!(
        device.receive(at(mover_move), now),
        Err(PeerError::WrongSide { .. })
    ));
    // Dice and the lot come only from the exchange; presence only by Sync.
    let dice = Command::Dice {
        dice: Roll::from_values(6, 6).unwrap(),
    };
    assert_eq!(
        device.receive(at(dice), now),
        Err(PeerError::NotAllowedFromPeer("dice"))
    );
    assert_eq!(
        device.receive(at(Command::Start { first: other }), now),
        Err(PeerError::NotAllowedFromPeer("start"))
    );
    assert_eq!(
        device.receive(at(Command::Offline { side: mover }), now),
        Err(PeerError::NotAllowedFromPeer("offline"))
    );
    // A tick when nothing is due.
    assert_eq!(
        device.receive(at(Command::Tick), now),
        Err(PeerError::BadTick { t: now })
    );
    // A time too far ahead of our clock, and one before the last command.
    let resign = Command::Resign { side: other };
    let far = Message::Command {
        seq: len,
        entry: Entry {
            t: now + CLOCK_TOLERANCE_MS + 1,
            cmd: resign,
        },
    };
    assert!(matches!(
        device.receive(far, now),
        Err(PeerError::TimeOutOfRange { .. })
    ));
    let early = Message::Command {
        seq: len,
        entry: Entry { t: 0, cmd: resign },
    };
    assert!(matches!(
        device.receive(early, now),
        Err(PeerError::TimeOutOfRange { .. })
    ));
    // A later place in the record, and a different entry at a filled one.
    let ahead = Message::Command {
        seq: len + 1,
        entry: Entry {
            t: now,
            cmd: resign,
        },
    };
    assert_eq!(
        device.receive(ahead, now),
        Err(PeerError::OutOfOrder { seq: len + 1, len })
    );
    let diverged = Message::Command {
        seq: 1,
        entry: Entry {
            t: now,
            cmd: resign,
        },
    };
    assert_eq!(
        device.receive(diverged, now),
        Err(PeerError::Diverged { seq: 1 })
    );
    // A rules error: the waiting side cannot move.
    let not_yours = Message::Command {
        seq: len,
        entry: Entry {
            t: now,
            cmd: Command::Move {
                side: other,
                from: mv.from,
                to: mv.to,
            },
        },
    };
    assert!(matches!(
        device.receive(not_yours, now),
        Err(PeerError::Rejected(_))
    ));
    assert_eq!(device.game(), &before, "nothing changed");
    // Within the tolerance is fine.
    let ok = Message::Command {
        seq: len,
        entry: Entry {
            t: now + CLOCK_TOLERANCE_MS,
            cmd: resign,
        },
    };
    assert!(device.receive(ok, now).is_ok());
    assert_eq!(device.game().phase(), Phase::Over);
}

#[test]
fn local_commands_must_be_ours() {
    let mut white = PeerGame::new("g".into(), Side::White);
    assert_eq!(
        white.local(Command::Resign { side: Side::Black }, 0),
        Err(PeerError::WrongSide {
            side: Some(Side::Black)
        })
    );
    assert_eq!(
        white.local(Command::Tick, 0),
        Err(PeerError::NotAPlayerCommand("tick"))
    );
    assert_eq!(
        white.observe(Command::Offline { side: Side::White }, 0),
        Err(PeerError::WrongSide {
            side: Some(Side::White)
        })
    );
}

#[test]
fn hello_is_checked() {
    let mut white = PeerGame::new("g".into(), Side::White);
    let black = PeerGame::new("g".into(), Side::Black);
    let Message::Hello {
        game_id,
        record_len,
        record_hash,
        ..
    } = black.hello()
    else {
        unreachable!()
    };
    let hello = |version, game_id: &str, seat| Message::Hello {
        version,
        game_id: game_id.into(),
        seat,
        record_len,
        record_hash: record_hash.clone(),
    };
    let err = white
        .receive(hello(VERSION + 1, &game_id, Side::Black), 0)
        .unwrap_err();
    assert_eq!(
        err,
        PeerError::Version {
            ours: VERSION,
            theirs: VERSION + 1
        }
    );
    assert!(err.to_string().contains("different version"), "{err}");
    assert!(matches!(
        white.receive(hello(VERSION, "other", Side::Black), 0),
        Err(PeerError::WrongGame { .. })
    ));
    assert_eq!(
        white.receive(hello(VERSION, &game_id, Side::White), 0),
        Err(PeerError::SameSeat(Side::White))
    );
    assert_eq!(white.receive(black.hello(), 0), Ok((vec![], vec![])));
}

#[test]
fn garbage_is_malformed() {
    for text in [
        "",
        "null",
        "{}",
        "[1,2]",
        "\u{0}\u{1}",
        r#"{"type":"nope"}"#,
        r#"{"type":"hello"}"#,
        r#"{"type":"commit","roll":-1,"hash":"00"}"#,
        r#"{"type":"command","seq":0,"entry":{"t":1,"cmd":"move","side":"white","from":99,"to":1}}"#,
        r#"{"type":"command","seq":0,"entry":{"t":1,"cmd":"dice","dice":[7,1]}}"#,
        r#"{"type":"heartbeat","t":1e99}"#,
    ] {
        assert!(
            matches!(decode(text), Err(PeerError::Malformed(_))),
            "{text:?}"
        );
    }
    let mut white = PeerGame::new("g".into(), Side::White);
    let sync = Message::Sync {
        record: "not a record".into(),
    };
    assert!(matches!(white.receive(sync, 0), Err(PeerError::Record(_))));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn decode_never_panics(text in ".{0,200}") {
        let _ = decode(&text);
    }

    #[test]
    fn arbitrary_messages_never_panic(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        kind in 0usize..6,
        seq in 0usize..40,
        roll in 0u32..4,
        t in 0u64..200_000,
    ) {
        let mut pair = started();
        let mut rng = SplitMix64::new(bytes.len() as u64);
        let text = String::from_utf8_lossy(&bytes).to_string();
        let msg = match kind {
            0 => decode(&text).unwrap_or(Message::Heartbeat { t }),
            1 => Message::Commit { roll, hash: to_hex(&secret(&mut rng)) },
            2 => Message::Reveal { roll, secret: to_hex(&secret(&mut rng)), t },
            3 => Message::Sync { record: text },
            4 => Message::Command { seq, entry: Entry { t, cmd: Command::Tick } },
            _ => Message::Command { seq, entry: Entry { t, cmd: Command::Resign { side: Side::Black } } },
        };
        let text = encode(&msg);
        prop_assert_eq!(decode(&text), Ok(msg.clone()));
        for device in [&mut pair.white, &mut pair.black] {
            let before = device.game().clone();
            if device.receive(msg.clone(), 100_000).is_err() && device.halted().is_none() {
                prop_assert_eq!(device.game(), &before, "a refused message changed nothing");
            }
            let replayed = device.game().record().replay();
            prop_assert_eq!(replayed.as_ref(), Ok(device.game()));
        }
    }
}

#[test]
fn nothing_happens_before_the_lot() {
    // Ticks and presence before the lot record nothing (nothing can be due), however late.
    let mut white = PeerGame::new("g".into(), Side::White);
    let long = 11 * 3_600_000;
    assert_eq!(white.observe(Command::Tick, long), Ok((Vec::new(), None)));
    assert_eq!(
        white.observe(Command::Offline { side: Side::Black }, long),
        Ok((Vec::new(), None))
    );
    assert_eq!(
        white.observe(Command::Online { side: Side::Black }, long),
        Ok((Vec::new(), None))
    );
    assert!(white.game().record().commands.is_empty());
    assert_eq!(white.game().phase(), Phase::Lot);
    // Resigning or leaving before the lot is refused by the rules (the game has not begun),
    // and so is a peer's tick.
    assert_eq!(
        white.local(Command::Leave { side: Side::White }, long),
        Err(PeerError::Rejected(vrhcaby_rules::CommandError::NotStarted))
    );
    let tick = Message::Command {
        seq: 0,
        entry: Entry {
            t: long,
            cmd: Command::Tick,
        },
    };
    assert_eq!(
        white.receive(tick, long),
        Err(PeerError::BadTick { t: long })
    );
    let leave = Message::Command {
        seq: 0,
        entry: Entry {
            t: long,
            cmd: Command::Leave { side: Side::Black },
        },
    };
    assert_eq!(
        white.receive(leave, long),
        Err(PeerError::Rejected(vrhcaby_rules::CommandError::NotStarted))
    );
    assert!(white.game().record().commands.is_empty());
}
