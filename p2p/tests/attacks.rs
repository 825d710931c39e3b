//! Every attack a modified client could try, as found in review (issue 8), now failing: each
//! test sets up the attack against an honest device and asserts that it gains nothing.

mod common;

use common::Net;
use vrhcaby_p2p::{commitment, decode, Act, Message, PeerError, MAX_ACTS, MAX_MESSAGE_LEN};
use vrhcaby_rules::{Command, Outcome, Phase, Reason, Side, MOVE_TIME_MS};

fn started(seed: u64) -> (Net, Side) {
    let mut net = Net::new("attack", seed, (0, 0));
    net.start();
    let mover = net.game(Side::White).turn().expect("a mover");
    (net, mover)
}

fn legal_move(net: &Net, side: Side) -> Command {
    let mv = net.game(side).legal_moves()[0];
    Command::Move {
        side,
        from: mv.from,
        to: mv.to,
    }
}

#[test]
fn the_peer_cannot_act_for_our_side_or_send_dice_or_presence_about_itself() {
    let (mut net, mover) = started(1);
    let attacker = !mover;
    let before = net.game(mover).record().clone();
    let t = net.shared(mover);
    let forged = [
        Command::Resign { side: mover },
        Command::Leave { side: mover },
        legal_move(&net, mover),
        Command::OfferDraw { side: mover },
        Command::Online { side: attacker },
        Command::Offline { side: attacker },
        Command::Start { first: attacker },
        Command::BadDice { side: mover },
        Command::DiceLate { side: attacker },
    ];
    for cmd in forged {
        let msg = net.forge(mover, Act::Cmd(cmd), t);
        let err = net.inject(mover, msg).unwrap_err();
        assert!(
            matches!(
                err,
                PeerError::WrongSide { .. } | PeerError::NotAllowedFromPeer(_)
            ),
            "{cmd:?}: {err:?}"
        );
        assert_eq!(
            net.game(mover).record(),
            &before,
            "{cmd:?} changed the record"
        );
    }
    // A whole record is no message of this protocol.
    let sync = format!(r#"{{"type":"sync","record":{}}}"#, before.to_json());
    assert!(matches!(decode(&sync), Err(PeerError::Malformed(_))));
    // Refused acts are reported as a divergence on this device, and told to the other.
    let d = net.dev[mover].pg.divergence().expect("reported");
    assert!(d.refused_by_us);
}

#[test]
fn a_judgement_about_us_while_we_were_connected_is_refused() {
    let (mut net, mover) = started(2);
    let attacker = !mover;
    // The attacker says the mover was offline when its time ran out (R18), stamped at the
    // deadline, and sends it once the deadline has passed: the mover was connected all along.
    let deadline = net.game(mover).deadline().unwrap();
    net.run(MOVE_TIME_MS + 3_000);
    let before = net.game(mover).record().clone();
    let msg = net.forge(
        mover,
        Act::Cmd(Command::Offline { side: mover }),
        deadline - 1,
    );
    assert!(matches!(
        net.inject(mover, msg),
        Err(PeerError::PresenceUnseen { .. })
    ));
    assert_eq!(net.game(mover).record(), &before);
    assert_eq!(net.game(mover).result(), None);
    let _ = attacker;
}

#[test]
fn a_claim_stamped_ahead_or_before_our_time_ran_out_is_refused() {
    let (mut net, mover) = started(3);
    let attacker = !mover;
    // Stamped more than a minute ahead of the mover's clock: refused.
    let claim = Act::Cmd(Command::ClaimWin { side: attacker });
    let msg = net.forge(mover, claim, net.shared(mover) + 65_000);
    assert!(matches!(
        net.inject(mover, msg),
        Err(PeerError::TimeOutOfRange { .. })
    ));
    // Stamped 5 s ahead, while the mover still sees 5 s: it waits for the mover's clock and
    // is then refused, because the mover's own time has not run out (S15).
    let (mut net, mover) = started(3);
    let attacker = !mover;
    let deadline = net.game(mover).deadline().unwrap();
    net.run(deadline - 5_000 - net.shared(mover));
    let msg = net.forge(
        mover,
        Act::Cmd(Command::ClaimWin { side: attacker }),
        deadline,
    );
    net.inject(mover, msg)
        .expect("a stamp a little ahead waits");
    net.run(4_000);
    assert_eq!(net.game(mover).result(), None);
    assert!(
        net.dev[mover].errors.contains(&PeerError::EarlyClaim),
        "{:?}",
        net.dev[mover].errors
    );
}

#[test]
fn a_backdated_move_is_refused() {
    let (mut net, mover) = started(4);
    net.run(61_000);
    // The mover is late; its device says the move was made a minute ago.
    let t = net.shared(!mover) - 60_000;
    let msg = net.forge(!mover, Act::Cmd(legal_move(&net, mover)), t);
    assert!(matches!(
        net.inject(!mover, msg),
        Err(PeerError::TimeOutOfRange { .. })
    ));
}

#[test]
fn an_offline_loss_seen_in_time_stands_after_the_reconnection() {
    let (mut net, mover) = started(5);
    let judge = !mover;
    let deadline = net.game(mover).deadline().unwrap();
    net.run(10_000);
    net.disconnect();
    // The mover keeps playing while the link is down (it is never frozen, S16) and moves
    // 1 s before its deadline: the judge never receives it.
    net.run(deadline - net.shared(mover) - 1_000);
    net.move_once(mover)
        .expect("the mover may move while the link is down");
    net.run(5_000);
    let result = net
        .game(judge)
        .result()
        .expect("the judge recorded the offline loss");
    assert_eq!(result, (Outcome::win(judge), Reason::TimeoutOffline));
    net.connect();
    net.run(5_000);
    net.assert_same();
    assert_eq!(
        net.game(mover).result(),
        Some(result),
        "the result stands on both"
    );
}

#[test]
fn a_silent_peer_freezes_nothing_and_cannot_win_by_its_silence() {
    let (mut net, mover) = started(6);
    let silent = !mover;
    let deadline = net.game(silent).deadline().unwrap();
    // The silent device receives everything but sends nothing (its channel stays open).
    net.holding[silent] = true;
    net.run(10_000);
    assert!(!net.dev[mover].pg.peer_present());
    let seen_before = net.dev[mover].pg.logs()[mover].len() as u32;
    net.move_once(mover).expect("the mover is not frozen");
    net.run(deadline + 3_000 - net.shared(mover));
    net.holding[silent] = false;
    net.held[silent].clear();
    // The silent side says it never got the move: the mover offline at its deadline (R18),
    // or a claim (R17). Both pretend not to have seen the move.
    let before = net.game(mover).record().clone();
    let pretend = |net: &Net, cmd: Command, t| {
        let mut m = net.forge(mover, Act::Cmd(cmd), t);
        if let Message::Act { act, .. } = &mut m {
            act.seen = seen_before;
        }
        m
    };
    let offline = pretend(&net, Command::Offline { side: mover }, deadline - 1);
    assert!(matches!(
        net.inject(mover, offline),
        Err(PeerError::PresenceUnseen { .. })
    ));
    assert_eq!(net.game(mover).record(), &before);
    let claim = pretend(&net, Command::ClaimWin { side: silent }, net.shared(mover));
    net.inject(mover, claim)
        .expect("a claim that crossed the move is taken, and void");
    assert_eq!(net.game(mover).result(), None, "the mover did not lose");
    assert_eq!(
        net.game(mover).record(),
        &before,
        "the void claim is not in the record"
    );
    // Resigning still works without the other device.
    net.act(mover, Command::Resign { side: mover }).unwrap();
    assert_eq!(
        net.game(mover).result(),
        Some((Outcome::win(silent), Reason::Resigned))
    );
}

#[test]
fn a_crossing_move_and_claim_end_the_same_on_both_devices() {
    for late_by in [None, Some(3_000)] {
        let (mut net, mover) = started(7);
        let claimer = !mover;
        let deadline = net.game(mover).deadline().unwrap();
        // The mover's move is stamped 0.5 s before its deadline, or 3 s after it (past the
        // 2 s grace), and the link is slow from then on (everything from the mover waits).
        let at = match late_by {
            None => deadline - 500,
            Some(late) => deadline + late,
        };
        net.run(at - net.shared(mover));
        net.holding[mover] = true;
        net.move_once(mover).unwrap();
        let mut claimed = false;
        for _ in 0..100 {
            net.run(100);
            if net.dev[claimer].pg.can_claim(net.clock(claimer)) {
                net.act(claimer, Command::ClaimWin { side: claimer })
                    .unwrap();
                claimed = true;
                break;
            }
        }
        assert!(
            claimed,
            "the claimer could claim: {:?} {} {:?}",
            net.game(claimer).phase(),
            net.shared(claimer),
            net.game(claimer).deadline()
        );
        assert!(net.game(claimer).result().is_some());
        net.release(mover);
        net.run(5_000);
        net.assert_same();
        match late_by {
            None => {
                assert_eq!(net.game(mover).result(), None, "the move in time stands");
                assert!(net.dev[claimer].crossed > 0, "the claim was void");
            }
            Some(_) => assert_eq!(
                net.game(mover).result(),
                Some((Outcome::win(claimer), Reason::TimeoutClaimed))
            ),
        }
    }
}

fn reveal_of(side: Side) -> fn(Side, &Message) -> bool {
    match side {
        Side::White => |from, m| {
            !(from == Side::White
                && matches!(m, Message::Act { act, .. } if matches!(act.act, Act::Reveal { .. })))
        },
        Side::Black => |from, m| {
            !(from == Side::Black
                && matches!(m, Message::Act { act, .. } if matches!(act.act, Act::Reveal { .. })))
        },
    }
}

#[test]
fn withholding_the_last_reveal_of_the_lot_loses_on_time() {
    for withholder in Side::ALL {
        let mut net = Net::new("withhold", 8, (0, 0));
        net.filter = Some(reveal_of(withholder));
        net.connect();
        net.run(MOVE_TIME_MS + 5_000);
        let judge = !withholder;
        assert_eq!(net.game(judge).phase(), Phase::Lot);
        assert_eq!(
            net.game(judge).late(),
            Some(withholder),
            "S14: late with the lot"
        );
        net.act(judge, Command::ClaimWin { side: judge }).unwrap();
        assert_eq!(
            net.game(judge).result(),
            Some((Outcome::win(judge), Reason::TimeoutClaimed))
        );
    }
}

#[test]
fn withholding_a_reveal_during_the_game_loses_on_time() {
    let (mut net, mover) = started(9);
    // The next roller is the other side; it withholds its reveal.
    let roller = !mover;
    net.filter = Some(reveal_of(roller));
    net.play_turn(500);
    assert_eq!(net.game(mover).phase(), Phase::Rolling);
    net.run(MOVE_TIME_MS + 5_000);
    assert_eq!(net.game(mover).late(), Some(roller));
    net.act(mover, Command::ClaimWin { side: mover }).unwrap();
    assert_eq!(
        net.game(mover).result(),
        Some((Outcome::win(mover), Reason::TimeoutClaimed))
    );
}

#[test]
fn a_new_commitment_after_a_reload_is_refused_and_a_bad_reveal_loses() {
    let mut net = Net::new("reload", 10, (0, 0));
    let cheat = Side::Black;
    net.filter = Some(reveal_of(cheat));
    net.connect();
    net.run(5_000);
    // White has revealed; Black holds White's secret. White reloads.
    assert!(net.game(Side::White).phase() == Phase::Lot);
    net.reload(Side::White);
    net.run(3_000);
    // Black tries another commitment for the lot, then reveals its secret.
    let secret = [7u8; 32];
    let hash = commitment("reload", 0, cheat, &secret);
    let t = net.shared(Side::White);
    let msg = net.forge(Side::White, Act::Commit { roll: 0, hash }, t);
    assert!(matches!(
        net.inject(Side::White, msg),
        Err(PeerError::BadDiceMessage { .. })
    ));
    // (A refused act is a divergence: a fresh device pair shows the bad reveal instead.)
    let mut net = Net::new("reload", 10, (0, 0));
    net.filter = Some(reveal_of(cheat));
    net.connect();
    net.run(5_000);
    net.reload(Side::White);
    net.run(3_000);
    let t = net.shared(Side::White);
    let msg = net.forge(Side::White, Act::Reveal { roll: 0, secret }, t);
    net.inject(Side::White, msg).unwrap();
    let over = Some((Outcome::win(Side::White), Reason::BadDice));
    assert_eq!(net.game(Side::White).result(), over);
    net.reload(Side::White);
    assert_eq!(net.game(Side::White).result(), over, "the loss is saved");
}

#[test]
fn sizes_are_capped() {
    let mut net = Net::new("size", 11, (0, 0));
    net.connect();
    net.run(3_000);
    let long = format!(
        r#"{{"type":"heartbeat","t":1,"have":0,"x":"{}"}}"#,
        "a".repeat(MAX_MESSAGE_LEN)
    );
    assert!(matches!(decode(&long), Err(PeerError::Malformed(_))));
    // Ticks with nothing due are legal but fill the log: the log stops at MAX_ACTS.
    let (mut ok, mut refused) = (0, 0);
    for _ in 0..MAX_ACTS + 10 {
        let t = net.shared(Side::White);
        let msg = net.forge(Side::White, Act::Cmd(Command::Tick), t);
        match net.inject(Side::White, msg) {
            Ok(()) => ok += 1,
            Err(PeerError::TooLong) => refused += 1,
            Err(e) => panic!("{e:?}"),
        }
    }
    assert!(ok <= MAX_ACTS && refused >= 10, "{ok} {refused}");
}

#[test]
fn forged_heartbeats_cannot_move_our_clock_to_make_us_late() {
    let (mut net, mover) = started(12);
    let attacker = !mover;
    let deadline = net.game(mover).deadline().unwrap();
    net.run(20_000);
    let before = net.shared(mover);
    // Heartbeats saying the attacker's clock jumped four minutes ahead, echoing our last one.
    for _ in 0..10 {
        let c = net.clock(mover);
        let fake = Message::Heartbeat {
            t: net.clock(attacker) + 240_000,
            echo: Some(c - 40),
            held: 5,
            have: 0,
            made: u32::MAX,
        };
        let _ = net.inject(mover, fake);
    }
    assert!(
        net.shared(mover).abs_diff(before) < 1_000,
        "shared time moved"
    );
    // So a claim now, stamped by the attacker's real clock, is still early.
    let claim = net.forge(
        mover,
        Act::Cmd(Command::ClaimWin { side: attacker }),
        net.shared(attacker),
    );
    assert!(net.inject(mover, claim).is_err());
    assert_eq!(net.game(mover).result(), None);
    assert!(net.shared(mover) < deadline);
}
