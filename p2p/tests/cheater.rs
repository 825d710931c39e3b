//! The second review's attacks (issue 39): a cheater with its own link, forged round trips and
//! a well-timed reload, against protocol v3's own design. Each test sets an attack up against an
//! honest device and asserts what that device must see (RULES.md S15–S19). Each was seen to fail
//! against the protocol before issue 39 (commit a614bb9).

mod common;

use common::{
    assert_not_lost, assert_offline_refused, forge_seen, no_beats_from, no_commits_from,
    no_reveals_or_beats_from, nothing_from, our_acts, Net,
};
use vrhcaby_p2p::{Act, Message, PeerError};
use vrhcaby_rules::{Command, Outcome, Phase, Reason, Side};

fn started(seed: u64) -> (Net, Side) {
    let mut net = Net::new("cheater", seed, (0, 0));
    net.start();
    let mover = net.game(Side::White).turn().expect("a mover");
    (net, mover)
}

/// A heartbeat of the attacker that echoes `echo` (a time of the victim's clock), claims it
/// held it `held` ms, and puts its own clock at `t`.
fn beat(net: &Net, victim: Side, echo: u64, held: u64, t: u64) -> Message {
    beat_having(echo, held, t, our_acts(net, victim))
}

/// The same, saying it holds only `have` of the victim's acts.
fn beat_having(echo: u64, held: u64, t: u64, have: usize) -> Message {
    common::heartbeat(t, echo, held, have)
}

/// The attacker's own heartbeats, answering the victim's last one at once, but saying it
/// holds only `have` of the victim's acts: `ms` of them, one a second.
fn stale_beats(net: &mut Net, victim: Side, have: usize, ms: u64) {
    for _ in 0..ms / 1_000 {
        net.run(1_000);
        let echo = net.last_beat[victim].unwrap_or(0);
        let t = net.clock(!victim);
        let _ = net.inject(victim, beat_having(echo, 0, t, have));
    }
}

/// The late side's move `mv`, stamped `t`, "never having seen" our claim (`seen`: our acts
/// before it): refused, and our claimed win stands.
fn backdated_move_is_refused(
    net: &mut Net,
    honest: Side,
    mv: vrhcaby_rules::Move,
    t: u64,
    seen: usize,
) {
    let late = !honest;
    let cmd = Command::Move {
        side: late,
        from: mv.from,
        to: mv.to,
    };
    let msg = forge_seen(net, honest, Act::Cmd(cmd), t, seen);
    let got = net.inject(honest, msg);
    assert!(got.is_err(), "{got:?}");
    net.run(1_000);
    let won = Some((Outcome::win(honest), Reason::TimeoutClaimed));
    assert_eq!(net.game(honest).result(), won, "our win was voided");
}

/// The victim's shared time less its own clock: what a walk would move.
fn skew(net: &Net, victim: Side) -> i64 {
    net.shared(victim) as i64 - net.clock(victim) as i64
}

// ---------------------------------------------------------------------------------------------
// 1. The other device set our clock's error bars.

/// After a reload (no anchor was kept), heartbeats whose claimed round trips shrink 1 ms at a
/// time each moved the estimate by half their claimed delay: ~5 s a step, both ways. Now an
/// answer must echo a heartbeat we sent, and its bounds are what we timed.
#[test]
fn shrinking_claimed_round_trips_cannot_walk_shared_time_after_a_reload() {
    for (seed, dir) in [(41u64, 1i64), (42, -1)] {
        let (mut net, honest) = started(seed);
        let attacker = !honest;
        net.run(3_000);
        net.filter = Some(no_beats_from(attacker));
        net.reload(honest);
        net.run(1_000);
        let before = skew(&net, honest);
        for i in 0..30u64 {
            let now = net.clock(honest);
            // Each heartbeat claims a round trip 1 ms shorter than the last (~10 s: it becomes
            // the least-delayed sample) and puts the other clock a step further on: 1 s at
            // first, then 4.9 s (within half the claimed round trip); every other one answers
            // our real last heartbeat instead, with a hold that leaves a 1 ms delay.
            let step = if i == 0 { 1_000 } else { 4_900 };
            let last = net.last_beat[honest].unwrap_or(now);
            let answers = if i % 2 == 0 {
                (now - (9_999 - i / 2), 0)
            } else {
                (last, (now - last).saturating_sub(1))
            };
            let (echo, held) = answers;
            let target = net.dev[honest].pg.clock_offset() + dir * step;
            let t3 = (target + ((echo + held + now) / 2) as i64) as u64;
            let _ = net.inject(honest, beat(&net, honest, echo, held, t3));
            net.run(1_000);
        }
        let walked = (skew(&net, honest) - before).abs();
        assert!(walked <= 1_000, "shared time walked {walked} ms");
        assert_not_lost(&net, honest);
    }
}

/// Forged heartbeats claiming ~10 s round trips widened the uncertainty to ~5 s, so the claim
/// tolerance to ~10 s and the backdating allowance to ~10 s: a move sent 7.5 s after our claim
/// voided our win. The bounds come from our own round trips now, and only narrow.
#[test]
fn forged_long_round_trips_cannot_widen_the_tolerances() {
    let (mut net, late) = started(43);
    let honest = !late;
    let d = net.game(honest).deadline().unwrap();
    net.until_claimable(honest, 100);
    let seen = our_acts(&net, honest);
    let mv = net.game(late).legal_moves()[0];
    net.act(honest, Command::ClaimWin { side: honest }).unwrap();
    let won = Some((Outcome::win(honest), Reason::TimeoutClaimed));
    assert_eq!(net.game(honest).result(), won);
    // From now on its heartbeats claim ~10 s round trips at the current offset (they agreed
    // with the old estimate and filled its last 8 samples) and never say it holds our claim;
    // 7.5 s after our claim, a move "that never saw it" stamped before the deadline plus the
    // grace (so a crossing claim would come after it).
    net.filter = Some(no_beats_from(late));
    let offset = net.dev[honest].pg.clock_offset();
    for i in 0..75u64 {
        let now = net.clock(honest);
        let echo = now - (9_900 - i);
        let t3 = (offset + ((echo + now) / 2) as i64) as u64;
        let _ = net.inject(honest, beat_having(echo, 0, t3, seen));
        net.run(100);
    }
    backdated_move_is_refused(&mut net, honest, mv, d + 1_900, seen);
}

// ---------------------------------------------------------------------------------------------
// 2. A cut-off the cheater made itself counted against us.

/// We move in time; the cheater takes the move and closes its channel at once (nothing of it
/// says it had our move), stays away past our old deadline, and says we were offline then.
#[test]
fn our_move_stands_when_the_cheater_closes_its_channel_at_once() {
    let (mut net, honest) = started(44);
    let attacker = !honest;
    // Its heartbeats go on, answering ours, but never say it holds our move.
    net.filter = Some(no_beats_from(attacker));
    let d = net.game(honest).deadline().unwrap();
    let seen_before = our_acts(&net, honest);
    stale_beats(&mut net, honest, seen_before, 2_000);
    let wait = (d - 50_000).saturating_sub(net.shared(honest));
    stale_beats(&mut net, honest, seen_before, wait);
    net.move_once(honest).unwrap();
    net.run(300);
    net.disconnect();
    net.run(d + 4_000 - net.shared(honest));
    net.connect();
    net.run(500);
    assert_offline_refused(&mut net, honest, d - 1, seen_before);
    net.run(2_000);
    assert_not_lost(&net, honest);
}

/// The same on our roll's exchange: both commitments go out, the cheater takes ours and
/// closes at once (its heartbeats never said it held it), stays away past the exchange's 60 s,
/// and says we were offline and late with the dice — stamped before our own judgement of its
/// missing reveal, so that it would come first.
#[test]
fn our_dice_part_stands_when_the_cheater_closes_its_channel_at_once() {
    let (mut net, attacker) = started(45);
    let honest = !attacker;
    net.filter = Some(no_reveals_or_beats_from(attacker));
    let seen_before = our_acts(&net, honest);
    net.play_turn(300);
    assert_eq!(net.game(honest).phase(), Phase::Rolling);
    stale_beats(&mut net, honest, seen_before, 2_000);
    net.disconnect();
    // From now on only its forged acts reach us.
    net.filter = Some(nothing_from(attacker));
    let due = net.game(honest).roll_due_since().unwrap();
    net.run(due + 64_000 - net.shared(honest));
    net.connect();
    net.run(500);
    for cmd in [
        Command::Offline { side: honest },
        Command::DiceLate { side: honest },
    ] {
        let msg = forge_seen(&net, honest, Act::Cmd(cmd), due + 60_000, seen_before);
        let _ = net.inject(honest, msg);
    }
    net.run(1_000);
    assert_not_lost(&net, honest);
    assert_ne!(net.game(honest).late(), Some(honest));
}

/// An `offline` about us that changes nothing where it lands (after a blip of the cheater's
/// own link, so we were "cut off about then") left the rules core's offline flag set: our next
/// clock running out became an R18 loss, with no claim pressed. It is void now.
#[test]
fn an_offline_that_changes_nothing_leaves_no_mark() {
    let (mut net, honest) = started(46);
    net.run(5_000);
    net.disconnect();
    net.run(1_500);
    net.connect();
    net.run(1_000);
    let t = net.shared(honest);
    let msg = net.forge(honest, Act::Cmd(Command::Offline { side: honest }), t);
    let _ = net.inject(honest, msg);
    assert!(!net.game(honest).is_offline(honest));
    // Our player lets the clock run out while connected: late, never lost by itself.
    let d = net.game(honest).deadline().unwrap();
    net.run(d + 5_000 - net.shared(honest));
    assert_eq!(net.game(honest).result(), None);
    assert_eq!(net.game(honest).phase(), Phase::Moving);
}

/// Silences of 5.5 s (no close) between spans of hearing shorter than the re-send window kept
/// the floor for the other's stamps where it was before them: a move sent 2 minutes late,
/// stamped before our claim, voided our claimed win.
#[test]
fn silence_cycles_cannot_pin_the_floor_for_backdated_acts() {
    let (mut net, late) = started(47);
    let honest = !late;
    let d = net.game(honest).deadline().unwrap();
    let mv = net.game(late).legal_moves()[0];
    net.until_claimable(honest, 100);
    let seen = our_acts(&net, honest);
    net.act(honest, Command::ClaimWin { side: honest }).unwrap();
    let until = net.shared(honest) + 127_000;
    while net.shared(honest) < until {
        // 5.5 s of silence (what it sends waits), then 4 s of hearing it.
        net.holding[late] = true;
        net.run(5_500);
        net.release(late);
        net.run(4_000);
    }
    let won = Some((Outcome::win(honest), Reason::TimeoutClaimed));
    assert_eq!(net.game(honest).result(), won);
    backdated_move_is_refused(&mut net, honest, mv, d - 1, seen);
}

// ---------------------------------------------------------------------------------------------
// 3. A reload forgot what this device knew.

/// When our part of the exchange first went out was not saved: after a reload the other side
/// was never held late (and R19 would have made us lose ten hours later).
#[test]
fn after_a_reload_the_exchange_still_cannot_be_stalled() {
    let (mut net, attacker) = started(48);
    let honest = !attacker;
    net.filter = Some(no_commits_from(attacker));
    net.play_turn(300);
    assert_eq!(net.game(honest).phase(), Phase::Rolling);
    net.run(10_000);
    net.reload(honest);
    net.run(60_000);
    assert_eq!(
        net.game(honest).late(),
        Some(attacker),
        "{:?}",
        net.dev[honest].errors
    );
    assert!(net.dev[honest].pg.can_claim(net.clock(honest)));
}

/// When our acts had reached the other was not saved, and the page's closed span began at the
/// last act's stamp: after a reload, an R18 about a deadline we had met stood.
#[test]
fn after_a_reload_a_judgement_about_a_deadline_we_met_is_refused() {
    let (mut net, honest) = started(49);
    let d = net.game(honest).deadline().unwrap();
    let seen_before = our_acts(&net, honest);
    net.run((d - 50_000).saturating_sub(net.shared(honest)));
    net.move_once(honest).unwrap();
    net.run(d + 8_000 - net.shared(honest));
    net.reload(honest);
    net.run(1_000);
    assert_offline_refused(&mut net, honest, d - 1, seen_before);
    assert_not_lost(&net, honest);
}

/// Backdating was unbounded for the first seconds after a reload: a move stamped before our
/// claim, sent just after our reload, voided our claimed win.
#[test]
fn after_a_reload_a_move_backdated_before_our_claim_is_refused() {
    let (mut net, late) = started(50);
    let honest = !late;
    let d = net.game(honest).deadline().unwrap();
    net.run(d + 2_500 - net.shared(honest));
    let seen = our_acts(&net, honest);
    let mv = net.game(late).legal_moves()[0];
    net.act(honest, Command::ClaimWin { side: honest }).unwrap();
    net.run(20_000);
    net.reload(honest);
    net.run(300);
    backdated_move_is_refused(&mut net, honest, mv, d + 1_000, seen);
}

/// When this game was made here was not saved: after a reload a lot commitment stamped ten
/// hours back was taken, and the game ended as a draw by R19.
#[test]
fn after_a_reload_a_lot_commitment_stamped_far_back_is_refused() {
    let mut net = Net::new("cheater-lot", 51, (0, 0));
    let (honest, attacker) = (Side::White, Side::Black);
    net.holding_acts[attacker] = true;
    net.connect();
    net.run(3_000);
    net.reload(honest);
    net.run(500);
    let t = net.shared(honest).saturating_sub(10 * 3_600_000);
    let hash = vrhcaby_p2p::commitment("cheater-lot", 0, attacker, &[9; 32]);
    let msg = forge_seen(&net, honest, Act::Commit { roll: 0, hash }, t, 0);
    let got = net.inject(honest, msg);
    assert!(got.is_err(), "{got:?}");
    net.run(2_000);
    assert_eq!(net.game(honest).result(), None);
}

// ---------------------------------------------------------------------------------------------
// 4. Order.

/// An act of the finished game that comes after this device moved on to the rematch (before
/// the other's hello for it) is not an act of the rematch.
#[test]
fn an_act_of_the_finished_game_does_not_land_in_the_rematch() {
    let mut net = Net::new("cheater-rematch", 52, (0, 0));
    net.start();
    let (honest, attacker) = (Side::White, Side::Black);
    net.act(attacker, Command::Resign { side: attacker })
        .unwrap();
    net.run(2_000);
    let c = net.clock(honest);
    net.dev[honest].pg = net.dev[honest].pg.rematch(c).expect("a rematch");
    let out = net.dev[honest].pg.connected(c);
    net.handle(honest, out);
    // Before the other moves on: an act of the old game, as its index 0 and far ahead.
    let t = net.shared(attacker);
    for n in [0u32, 90] {
        let act = Act::Cmd(Command::Resign { side: attacker });
        let msg = Message::Act {
            n,
            act: vrhcaby_p2p::Authored { t, seen: 0, act },
        };
        let _ = net.inject(honest, msg);
    }
    assert_eq!(net.game(honest).result(), None);
    let c = net.clock(attacker);
    net.dev[attacker].pg = net.dev[attacker].pg.rematch(c).expect("a rematch");
    let out = net.dev[attacker].pg.connected(c);
    net.handle(attacker, out);
    // Both play on for a few turns: nothing of the old game is in the way.
    net.run(10_000);
    for _ in 0..4 {
        if net.game(honest).phase() != Phase::Moving {
            break;
        }
        net.play_turn(12_000);
    }
    assert!(
        net.dev[honest].pg.divergence().is_none(),
        "{:?}",
        net.dev[honest].errors
    );
    assert_eq!(net.game(honest).result(), None);
    net.assert_same();
}

/// One act at a far index made every later act of the other a refused "gap fill".
#[test]
fn one_act_far_ahead_does_not_turn_later_acts_into_gap_fills() {
    let (mut net, _) = started(53);
    let (honest, attacker) = (Side::White, Side::Black);
    let n = net.dev[honest].pg.logs()[attacker].len() as u32 + 100;
    let t = net.shared(attacker);
    let act = Act::Cmd(Command::Resign { side: attacker });
    let msg = Message::Act {
        n,
        act: vrhcaby_p2p::Authored { t, seen: 0, act },
    };
    let _ = net.inject(honest, msg);
    net.run(12_000);
    for _ in 0..4 {
        net.play_turn(12_000);
    }
    assert!(
        net.dev[honest].pg.divergence().is_none(),
        "{:?}",
        net.dev[honest].errors
    );
    net.assert_same();
}

/// Claims that cross our move in time are void, and each one made the next act of the other
/// fold again from our move: a flood of them cost more with every act. A claim ends the game on
/// its author's device, so a second act having seen nothing more is refused.
#[test]
fn a_flood_of_void_claims_stops_at_the_first() {
    let (mut net, honest) = started(54);
    let attacker = !honest;
    // Its heartbeats never say it holds our move.
    net.filter = Some(no_beats_from(attacker));
    let seen_before = our_acts(&net, honest);
    let d = net.game(honest).deadline().unwrap();
    let wait = (d - 50_000).saturating_sub(net.shared(honest));
    stale_beats(&mut net, honest, seen_before, wait);
    net.move_once(honest).unwrap();
    let wait = d + 2_500 - net.shared(honest);
    stale_beats(&mut net, honest, seen_before, wait);
    let mut got = Vec::new();
    for i in 0..5 {
        let msg = forge_seen(
            &net,
            honest,
            Act::Cmd(Command::ClaimWin { side: attacker }),
            d + 2_100 + i,
            seen_before,
        );
        got.push(net.inject(honest, msg));
    }
    // The first is taken (void where it lands: our move was in time), the next refused.
    assert_eq!(got[0], Ok(()), "{got:?}");
    assert!(
        got[1..]
            .iter()
            .all(|r| matches!(r, Err(PeerError::Malformed(_)))),
        "{got:?}"
    );
    assert_not_lost(&net, honest);
}

/// Standard backgammon: a resignation offer stamped 1 ms before our choice to roll, "having
/// not seen it", lands before it and voids the choice (S18 allows a choice before the roll).
/// Our reveal had gone out with the choice, so the cheater knew the dice before answering. The
/// roller now reveals only once the other has acknowledged its choice.
#[test]
fn our_secret_stays_ours_until_the_other_holds_our_choice_to_roll() {
    let variant = vrhcaby_rules::Variant::standard(vrhcaby_rules::Options {
        clock: vrhcaby_rules::Clock::House,
        ..vrhcaby_rules::Options::match_to(5)
    })
    .unwrap();
    let mut net = Net::new_under("cheater-std", 55, (0, 0), variant);
    net.connect();
    net.run(10_000);
    let attacker = net.game(Side::White).turn().unwrap();
    let honest = !attacker;
    net.play_turn(500);
    net.run(3_000);
    let g = net.game(honest);
    assert_eq!((g.phase(), g.turn()), (Phase::Rolling, Some(honest)));
    assert_eq!(g.can_double(), Ok(honest));
    let roll = net.dev[honest].pg.roll_index();
    // It sends nothing that says it holds our choice: no reveal, only stale heartbeats.
    net.filter = Some(no_reveals_or_beats_from(attacker));
    let seen_before = our_acts(&net, honest);
    net.dev[honest].pg.choose_roll();
    net.step(honest);
    let chose = net.dev[honest].pg.logs()[honest]
        .iter()
        .find(|a| matches!(a.act, Act::Roll { roll: r } if r == roll))
        .map(|a| a.t)
        .expect("our choice to roll");
    stale_beats(&mut net, honest, seen_before, 2_000);
    let revealed = |net: &Net| {
        net.dev[honest].pg.logs()[honest]
            .iter()
            .any(|a| matches!(a.act, Act::Reveal { roll: r, .. } if r == roll))
    };
    assert!(
        !revealed(&net),
        "our secret went out before the other held our choice"
    );
    let offer = Command::OfferResign {
        side: attacker,
        kind: vrhcaby_rules::Kind::Single,
    };
    let msg = forge_seen(&net, honest, Act::Cmd(offer), chose - 1, seen_before);
    let _ = net.inject(honest, msg);
    net.run(1_000);
    assert!(!revealed(&net), "our secret went out with a voided choice");
}
