//! Targeted attacks found in review (issue 18): a modified peer that picks a stamp a
//! millisecond before a deadline, blips its own link, withholds one part of a dice exchange and
//! pokes the protocol, forges heartbeats. Each test sets the attack up against an honest device
//! and asserts what that device must see (RULES.md S15–S19): it never loses a game its player
//! played within its own clock, never loses a result it recorded, and is never left waiting for
//! dice without being able to claim.

mod common;

use common::{
    assert_not_lost, assert_offline_refused, forge_seen, no_beats_from_black, no_beats_from_white,
    no_commits_from, no_commits_or_beats_from, no_reveals_from_black, no_reveals_from_white,
    our_acts, Net,
};
use vrhcaby_p2p::{Act, Authored, Message, PeerError};
use vrhcaby_rules::{Command, Outcome, Phase, Reason, Side};

fn started(seed: u64) -> (Net, Side) {
    let mut net = Net::new("targeted", seed, (0, 0));
    net.start();
    let mover = net.game(Side::White).turn().expect("a mover");
    (net, mover)
}

#[test]
fn an_offline_judgement_after_the_peer_blipped_its_own_link_is_refused() {
    let (mut net, honest) = started(31);
    net.run(4_000);
    let seen_before = our_acts(&net, honest);
    let d = net.game(honest).deadline().unwrap();
    // We move 55 s before our deadline (the clock restarts; the old deadline is what the
    // attacker judges).
    net.move_once(honest).unwrap();
    net.run(d + 1_000 - net.shared(honest));
    // After the deadline the peer closes and reopens its own channel, then says we were
    // offline at the deadline, "never having received" our move.
    net.disconnect();
    net.run(3_000);
    net.connect();
    net.run(1_000);
    assert_offline_refused(&mut net, honest, d - 1, seen_before);
    assert_eq!(net.game(honest).result(), None);
}

#[test]
fn offline_and_dice_late_about_our_roll_after_a_blip_are_refused() {
    let (mut net, attacker) = started(32);
    let honest = !attacker;
    // The attacker plays its turn; our roll falls due; we commit at once, it withholds its part.
    net.filter = Some(no_commits_from(attacker));
    net.play_turn(300);
    assert_eq!(net.game(honest).phase(), Phase::Rolling);
    let due = net.game(honest).roll_due_since().unwrap();
    let seen_before = our_acts(&net, honest) - 1; // "never received" our commitment
    net.run(due + 60_500 - net.shared(honest));
    net.disconnect();
    net.run(500);
    net.connect();
    net.run(200);
    let t = net.shared(attacker);
    // (The `offline` alone changes nothing where it lands; the `dice_late` that would make it
    // a loss is refused: our commitment had reached it, and it never sent its own.)
    let msg = forge_seen(
        &net,
        honest,
        Act::Cmd(Command::Offline { side: honest }),
        t,
        seen_before,
    );
    let _ = net.inject(honest, msg);
    let msg = forge_seen(
        &net,
        honest,
        Act::Cmd(Command::DiceLate { side: honest }),
        t,
        seen_before,
    );
    let got = net.inject(honest, msg);
    assert!(
        matches!(got, Err(PeerError::PresenceUnseen { .. })),
        "{got:?}"
    );
    assert_not_lost(&net, honest);
    assert_eq!(net.game(honest).late(), None);
}

#[test]
fn a_claim_whose_seen_leaves_out_our_last_act_is_still_early() {
    let (mut net, honest) = started(33);
    let attacker = !honest;
    // It sends nothing else meanwhile (so nothing shows it had our move).
    net.filter = Some(if attacker == Side::White {
        no_beats_from_white
    } else {
        no_beats_from_black
    });
    net.run(1_000);
    let seen_before = our_acts(&net, honest);
    net.move_once(honest).unwrap();
    let d = net.game(honest).deadline().unwrap();
    // With 1.9 s left on our own clock, a claim stamped at our deadline that "did not see"
    // our move.
    net.run(d - 1_900 - net.shared(honest));
    let msg = forge_seen(
        &net,
        honest,
        Act::Cmd(Command::ClaimWin { side: attacker }),
        d,
        seen_before,
    );
    let got = net.inject(honest, msg);
    assert!(matches!(got, Err(PeerError::EarlyClaim)), "{got:?}");
    net.run(1_000);
    assert_eq!(net.game(honest).result(), None);
}

#[test]
fn forged_heartbeats_claiming_long_round_trips_cannot_walk_our_clock() {
    let (mut net, honest) = started(34);
    let attacker = !honest;
    net.run(3_000);
    // Only the forged heartbeats reach us.
    net.filter = Some(if attacker == Side::White {
        no_beats_from_white
    } else {
        no_beats_from_black
    });
    let d = net.game(honest).deadline().unwrap();
    let before = net.shared(honest);
    // 28 heartbeats, each claiming a ~10 s round trip and an offset a little further on than
    // our estimate (within the tolerance such a round trip used to give).
    for i in 0..28u64 {
        let now = net.clock(honest);
        let delay = 9_900 - i * 10;
        let t1 = now - delay;
        let offset = net.dev[honest].pg.clock_offset() + 4_800;
        // offset = ((t3 - t1) + (t3 - t4)) / 2 with held = 0  =>  t3 = offset + (t1 + t4) / 2
        let t3 = (offset + ((t1 + now) / 2) as i64) as u64;
        let fake = Message::Heartbeat {
            t: t3,
            echo: Some(t1),
            held: 0,
            have: our_acts(&net, honest) as u32,
            made: u32::MAX,
        };
        let _ = net.inject(honest, fake);
        net.run(1_000);
    }
    let walked = net.shared(honest).abs_diff(before + 28_000);
    assert!(walked < 1_000, "shared time walked by {walked} ms");
    // An immediate claim at our deadline, with ~30 s really left: refused.
    let msg = net.forge(honest, Act::Cmd(Command::ClaimWin { side: attacker }), d);
    let _ = net.inject(honest, msg);
    net.run(2_000);
    assert_eq!(net.game(honest).result(), None);
}

#[test]
fn a_claim_backdated_after_a_reconnect_cannot_beat_our_late_move() {
    let (mut net, honest) = started(35);
    let attacker = !honest;
    let d = net.game(honest).deadline().unwrap();
    let seen_before = our_acts(&net, honest);
    // We move 3 s late; no claim was made.
    net.run(d + 3_000 - net.shared(honest));
    net.move_once(honest).unwrap();
    net.run(7_000);
    // The peer drops, and 20 s after our move reconnects with a claim stamped 2.1 s past our
    // deadline that "never saw" our move.
    net.disconnect();
    net.run(13_000);
    net.connect();
    net.run(500);
    let msg = forge_seen(
        &net,
        honest,
        Act::Cmd(Command::ClaimWin { side: attacker }),
        d + 2_100,
        seen_before,
    );
    let got = net.inject(honest, msg);
    assert!(got.is_err(), "{got:?}");
    assert_eq!(net.game(honest).result(), None);
}

#[test]
fn our_claimed_win_stands_against_a_move_backdated_after_a_reconnect() {
    let (mut net, late) = started(36);
    let honest = !late;
    let d = net.game(honest).deadline().unwrap();
    net.run(d + 2_500 - net.shared(honest));
    assert!(net.dev[honest].pg.can_claim(net.clock(honest)));
    let seen = our_acts(&net, honest);
    let mv = net.game(late).legal_moves();
    net.act(honest, Command::ClaimWin { side: honest }).unwrap();
    let won = Some((Outcome::win(honest), Reason::TimeoutClaimed));
    assert_eq!(net.game(honest).result(), won);
    net.run(8_000);
    net.disconnect();
    net.run(12_000);
    net.connect();
    net.run(500);
    // A move stamped 1 ms before its deadline, "made before our claim reached it".
    let cmd = Command::Move {
        side: late,
        from: mv[0].from,
        to: mv[0].to,
    };
    let msg = forge_seen(&net, honest, Act::Cmd(cmd), d - 1, seen);
    let _ = net.inject(honest, msg);
    net.run(1_000);
    assert_eq!(net.game(honest).result(), won, "our win was voided");
}

#[test]
fn an_accept_after_our_offer_lapsed_and_a_silence_is_refused() {
    let mut net = Net::new("targeted-offer", 37, (0, 0));
    net.start();
    while net.game(Side::White).moves_played() < 4 || net.game(Side::White).phase() != Phase::Moving
    {
        net.play_turn(300);
    }
    let honest = net.game(Side::White).turn().unwrap();
    let attacker = !honest;
    net.act(honest, Command::OfferDraw { side: honest })
        .unwrap();
    net.run(1_000);
    let seen = our_acts(&net, honest);
    let lapse = net.game(honest).deadline().unwrap();
    // The attacker goes silent a second before the lapse; we see the lapse and play on.
    net.run(lapse - 1_000 - net.shared(honest));
    net.holding[attacker] = true;
    net.run(2_000);
    assert_eq!(net.game(honest).phase(), Phase::Moving);
    while net.game(honest).turn() == Some(honest) && net.game(honest).phase() == Phase::Moving {
        net.run(1_000);
        net.move_once(honest).unwrap();
    }
    net.run(6_000);
    net.held[attacker].clear();
    net.holding[attacker] = false;
    let msg = forge_seen(
        &net,
        honest,
        Act::Cmd(Command::AcceptDraw { side: attacker }),
        lapse - 1,
        seen,
    );
    let got = net.inject(honest, msg);
    assert!(got.is_err(), "{got:?}");
    assert_eq!(net.game(honest).result(), None);
}

#[test]
fn a_lot_commitment_stamped_far_back_is_refused() {
    let mut net = Net::new("targeted-lot", 38, (0, 0));
    let (honest, attacker) = (Side::White, Side::Black);
    net.holding_acts[attacker] = true;
    net.connect();
    net.run(3_000);
    // (The simulation starts 16 minutes after time 0: as far back as it goes.)
    let t = net.shared(honest).saturating_sub(10 * 3_600_000);
    let hash = vrhcaby_p2p::commitment("targeted-lot", 0, attacker, &[9; 32]);
    let msg = forge_seen(&net, honest, Act::Commit { roll: 0, hash }, t, 0);
    let got = net.inject(honest, msg);
    assert!(
        matches!(got, Err(PeerError::TimeOutOfRange { .. })),
        "{got:?}"
    );
    assert_eq!(net.game(honest).result(), None);
    assert!(net.dev[honest]
        .pg
        .created()
        .is_none_or(|c| c + 60_000 > net.shared(honest)));
}

#[test]
fn a_tick_stamped_past_its_deadline_does_not_save_a_peer_that_drops() {
    let (mut net, late) = started(39);
    let honest = !late;
    let d = net.game(honest).deadline().unwrap();
    net.run(d - 1_400 - net.shared(honest));
    let msg = net.forge(honest, Act::Cmd(Command::Tick), d + 500);
    let _ = net.inject(honest, msg);
    net.disconnect();
    net.run(10_000);
    assert_eq!(
        net.game(honest).result(),
        Some((Outcome::win(honest), Reason::TimeoutOffline)),
        "{:?}",
        net.dev[honest].errors
    );
}

#[test]
fn a_move_stamped_far_ahead_is_refused() {
    let (mut net, late) = started(40);
    let honest = !late;
    let mv = net.game(honest).legal_moves()[0];
    let cmd = Command::Move {
        side: late,
        from: mv.from,
        to: mv.to,
    };
    let msg = net.forge(honest, Act::Cmd(cmd), net.shared(honest) + 51_000);
    assert!(matches!(
        net.inject(honest, msg),
        Err(PeerError::TimeOutOfRange { .. })
    ));
}

const SILENT_SEED: u64 = 46;

/// On our roll the peer withholds its commitment and pokes the protocol in one way: we must be
/// able to claim (or have won) 60 s + the grace after our commitment went out.
fn withheld_roll_with(seed: u64, poke: fn(&mut Net, Side, u32)) {
    let (mut net, attacker) = started(seed);
    let honest = !attacker;
    // The attacker's heartbeats never acknowledge our commitment (it sends its own, below).
    net.filter = Some(no_commits_or_beats_from(attacker));
    let stale = our_acts(&net, honest) as u32;
    net.play_turn(300);
    assert_eq!(net.game(honest).phase(), Phase::Rolling);
    for i in 0..30 {
        if net.up && seed != SILENT_SEED {
            let beat = Message::Heartbeat {
                t: net.clock(attacker),
                echo: None,
                held: 0,
                have: stale,
                made: u32::MAX,
            };
            let _ = net.inject(honest, beat);
        }
        poke(&mut net, attacker, i);
        net.run(2_500);
    }
    let g = net.game(honest);
    let won = g.result() == Some((Outcome::win(honest), Reason::TimeoutOffline));
    assert!(
        won || g.late() == Some(attacker),
        "the honest side cannot claim: {:?} late {:?}; errors {:?}",
        g.result(),
        g.late(),
        net.dev[honest].errors
    );
    if !won {
        net.act(honest, Command::ClaimWin { side: honest }).unwrap();
        assert_eq!(
            net.game(honest).result(),
            Some((Outcome::win(honest), Reason::TimeoutClaimed))
        );
    }
}

/// A hello from `seat` for `game_id` that asks for every act again.
fn hello_asking_all(game_id: String, seat: Side) -> Message {
    Message::Hello {
        version: vrhcaby_p2p::VERSION,
        game_id,
        seat,
        have: 0,
        options: None,
    }
}

#[test]
fn a_withheld_commitment_with_hellos_asking_again_still_loses() {
    withheld_roll_with(41, |net, attacker, _| {
        let _ = net.inject(!attacker, hello_asking_all("targeted".into(), attacker));
    });
}

#[test]
fn a_withheld_commitment_with_far_ahead_acts_still_loses() {
    withheld_roll_with(42, |net, attacker, i| {
        let honest = !attacker;
        let n = net.dev[honest].pg.logs()[attacker].len() as u32 + 5 + i;
        let msg = Message::Act {
            n,
            act: Authored {
                t: net.shared(honest),
                seen: our_acts(net, honest) as u32,
                act: Act::Cmd(Command::Tick),
            },
        };
        let _ = net.inject(honest, msg);
    });
}

#[test]
fn a_withheld_commitment_with_future_ticks_still_loses() {
    withheld_roll_with(43, |net, attacker, i| {
        let honest = !attacker;
        if i % 20 == 0 {
            let msg = net.forge(honest, Act::Cmd(Command::Tick), net.shared(honest) + 50_000);
            let _ = net.inject(honest, msg);
        }
    });
}

#[test]
fn a_withheld_commitment_with_a_hello_for_another_game_still_loses() {
    withheld_roll_with(44, |net, attacker, _| {
        let _ = net.inject(
            !attacker,
            hello_asking_all(vrhcaby_p2p::rematch_id("targeted"), attacker),
        );
    });
}

#[test]
fn a_withheld_commitment_then_a_closed_channel_loses_at_once() {
    withheld_roll_with(45, |net, _, i| {
        if i == 1 {
            net.disconnect();
        }
    });
}

#[test]
fn a_withheld_commitment_in_silence_still_loses() {
    withheld_roll_with(46, |_, _, _| {});
}

#[test]
fn a_hello_flood_resends_each_act_at_most_once_a_second() {
    let (mut net, honest) = started(47);
    let attacker = !honest;
    let ours = our_acts(&net, honest);
    let c = net.clock(honest);
    let mut resent = 0;
    for i in 0..1_000 {
        let hello = Message::Hello {
            version: vrhcaby_p2p::VERSION,
            game_id: "targeted".into(),
            seat: attacker,
            have: 0,
            options: None,
        };
        if let Ok(out) = net.dev[honest].pg.receive(hello, c + i) {
            resent += out
                .send
                .iter()
                .filter(|m| matches!(m, Message::Act { .. }))
                .count();
        }
    }
    assert!(resent <= 2 * ours, "{resent} acts re-sent for {ours}");
}

#[test]
fn a_divergence_or_a_have_about_acts_we_never_made_is_refused() {
    let (mut net, honest) = started(48);
    let attacker = !honest;
    let ours = our_acts(&net, honest) as u32;
    let got = net.inject(
        honest,
        Message::Diverged {
            n: ours + 10,
            code: "rules".into(),
        },
    );
    assert!(got.is_err());
    let got = net.inject(
        honest,
        Message::Hello {
            version: vrhcaby_p2p::VERSION,
            game_id: "targeted".into(),
            seat: attacker,
            have: ours + 100,
            options: None,
        },
    );
    assert!(matches!(got, Err(PeerError::Lost { .. })), "{got:?}");
    assert_eq!(net.dev[honest].pg.divergence(), None);
}

#[test]
fn a_late_move_sent_after_our_earliest_claim_cannot_undo_it() {
    // The peer overruns; we claim as soon as we may. Having seen our claim, it sends a move
    // stamped 1.9 s past its deadline (inside the grace) that "never saw" the claim, 2.5 s
    // later over a fast link that stayed up: it could not have been on its way that long.
    let (mut net, late) = started(50);
    let honest = !late;
    let d = net.game(honest).deadline().unwrap();
    net.until_claimable(honest, 50);
    let seen = our_acts(&net, honest);
    let mv = net.game(late).legal_moves();
    net.act(honest, Command::ClaimWin { side: honest }).unwrap();
    let won = Some((Outcome::win(honest), Reason::TimeoutClaimed));
    net.run(2_500);
    let cmd = Command::Move {
        side: late,
        from: mv[0].from,
        to: mv[0].to,
    };
    let msg = forge_seen(&net, honest, Act::Cmd(cmd), d + 1_900, seen);
    assert!(net.inject(honest, msg).is_err());
    assert_eq!(net.game(honest).result(), won);
}

fn standard_net(seed: u64) -> Net {
    use vrhcaby_rules::{Clock, Options, Variant};
    let v = Variant::standard(Options {
        clock: Clock::House,
        ..Options::match_to(5)
    })
    .unwrap();
    let mut net = Net::new_under("targeted-std", seed, (0, 0), v);
    net.connect();
    net.run(10_000);
    // The opening turn: then the other side is about to roll, and may double.
    net.play_turn(300);
    net.run(3_000);
    net
}

#[test]
fn standard_no_reveal_before_the_roller_chose_to_roll() {
    let mut net = standard_net(51);
    let g = net.game(Side::White);
    assert_eq!(g.phase(), Phase::Rolling);
    let roller = g.can_double().expect("the roller may double");
    let honest = !roller;
    // The roller commits without choosing to roll (and would double once it knew the dice).
    let roll = net.dev[honest].pg.roll_index();
    let hash = vrhcaby_p2p::commitment("targeted-std", roll, roller, &[3; 32]);
    let msg = net.forge(honest, Act::Commit { roll, hash }, net.shared(honest));
    net.inject(honest, msg).unwrap();
    net.run(5_000);
    let revealed = net.dev[honest].pg.logs()[honest]
        .iter()
        .any(|a| matches!(a.act, Act::Reveal { roll: r, .. } if r == roll));
    assert!(!revealed, "we revealed before the roller's choice");
}

#[test]
fn standard_no_double_or_resignation_offer_once_the_dice_are_revealed() {
    for cmd in [true, false] {
        let mut net = standard_net(52);
        let roller = net.game(Side::White).can_double().unwrap();
        let honest = !roller;
        // The roller chooses to roll, but withholds its reveal; we reveal.
        net.filter = Some(if roller == Side::White {
            no_reveals_from_white
        } else {
            no_reveals_from_black
        });
        net.dev[roller].pg.choose_roll();
        net.step(roller);
        net.run(5_000);
        let roll = net.dev[honest].pg.roll_index();
        assert!(net.dev[honest].pg.logs()[honest]
            .iter()
            .any(|a| matches!(a.act, Act::Reveal { roll: r, .. } if r == roll)));
        // Knowing the dice, it doubles — or offers to resign.
        let c = if cmd {
            Command::Double { side: roller }
        } else {
            Command::OfferResign {
                side: roller,
                kind: vrhcaby_rules::Kind::Single,
            }
        };
        let msg = net.forge(honest, Act::Cmd(c), net.shared(honest));
        assert!(net.inject(honest, msg).is_err(), "{c:?} taken");
        assert_eq!(net.game(honest).phase(), Phase::Rolling);
    }
}

#[test]
fn ticks_that_never_acknowledge_our_last_act_cost_no_more_than_others() {
    use std::time::Instant;
    let flood = |stale: bool| {
        let (mut net, honest) = started(53);
        let attacker = !honest;
        // Nothing else from the attacker acknowledges our acts.
        net.filter = Some(if attacker == Side::White {
            no_beats_from_white
        } else {
            no_beats_from_black
        });
        for _ in 0..4 {
            if net.game(honest).result().is_some() {
                break;
            }
            net.play_turn(200);
        }
        // Our acts are many; the ticks leave out the last one, or see them all.
        let ours = our_acts(&net, honest);
        let seen = if stale { ours - 1 } else { ours };
        let start = Instant::now();
        for i in 0..1_500u64 {
            let t = net.shared(honest) + i / 10;
            let msg = forge_seen(&net, honest, Act::Cmd(Command::Tick), t, seen);
            let c = net.clock(honest);
            let _ = net.dev[honest].pg.receive(msg, c);
        }
        start.elapsed()
    };
    let fresh = flood(false);
    let stale = flood(true);
    assert!(
        stale < fresh * 5 + std::time::Duration::from_millis(200),
        "1,500 stale ticks took {stale:?}, fresh ones {fresh:?}"
    );
}
