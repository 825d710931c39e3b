//! The third review's attacks (issue 49): a cheater written at protocol v4's own design, that
//! withholds one part, keeps silent, echoes nothing, acknowledges and then "forgets", and closes
//! its channel at the worst moment. Each test sets an attack up against an honest device and
//! asserts what that device must see (RULES.md S15–S20). Each was seen to fail against protocol
//! v4 (main 6e04dc9).

mod common;

use common::{assert_not_lost, forge_seen, no_beats_from, no_reveals_or_beats_from, our_acts, Net};
use vrhcaby_p2p::{Act, Message, PeerError};
use vrhcaby_rules::{Clock, Command, Kind, Millis, Options, Outcome, Phase, Reason, Side, Variant};

fn started(seed: u64) -> (Net, Side) {
    let mut net = Net::new("withholding", seed, (0, 0));
    net.start();
    let mover = net.game(Side::White).turn().expect("a mover");
    (net, mover)
}

fn standard_net(seed: u64) -> Net {
    let variant = Variant::standard(Options {
        clock: Clock::House,
        ..Options::match_to(5)
    })
    .unwrap();
    let mut net = Net::new_under("withholding-std", seed, (0, 0), variant);
    net.connect();
    net.run(10_000);
    net
}

/// A heartbeat of the cheater that answers the victim's last heartbeat at once, saying it holds
/// `have` of the victim's acts.
fn answer(net: &Net, victim: Side, have: usize) -> Message {
    let echo = net.last_beat[victim].unwrap_or(0);
    common::heartbeat(net.clock(!victim), echo, 0, have)
}

/// A heartbeat of the cheater that echoes nothing (as if no heartbeat of ours had come).
fn unanswering(net: &Net, victim: Side, have: usize) -> Message {
    Message::Heartbeat {
        t: net.clock(!victim),
        echo: None,
        held: 0,
        have: have as u32,
        made: u32::MAX,
    }
}

/// `ms` of the cheater's forged heartbeats, one a second, made by `beat`.
fn beats(net: &mut Net, victim: Side, ms: Millis, beat: impl Fn(&Net) -> Message) {
    for _ in 0..ms / 1_000 {
        net.run(1_000);
        let m = beat(net);
        let _ = net.inject(victim, m);
    }
}

/// The late side's move, stamped `t`, "never having seen" our claim (`seen`: our acts before
/// it): refused, and our claimed win stands.
fn backdated_move_is_refused(net: &mut Net, honest: Side, mv: Command, t: Millis, seen: usize) {
    let msg = forge_seen(net, honest, Act::Cmd(mv), t, seen);
    let got = net.inject(honest, msg);
    assert!(got.is_err(), "the backdated move was taken: {got:?}");
    eprintln!("refused: {got:?}");
    net.run(1_000);
    assert_claim_stands(net, honest);
}

fn assert_claim_stands(net: &Net, honest: Side) {
    let won = Some((Outcome::win(honest), Reason::TimeoutClaimed));
    assert_eq!(
        net.game(honest).result(),
        won,
        "our claimed win was voided; errors {:?}",
        net.dev[honest].errors
    );
}

/// The late side's first legal move where the record stood before our claim.
fn first_move(net: &Net, late: Side) -> Command {
    let g = net.game(late);
    let mv = *g.legal_moves().first().expect("a legal move");
    Command::Move {
        side: late,
        from: mv.from,
        to: mv.to,
    }
}

/// Our player waits until it may press Don't wait and presses it; returns how many acts of ours
/// came before the claim, and the late side's first legal move then.
fn claim(net: &mut Net, honest: Side) -> (usize, Command) {
    net.until_claimable(honest, 100);
    let seen = our_acts(net, honest);
    let mv = first_move(net, !honest);
    net.act(honest, Command::ClaimWin { side: honest }).unwrap();
    assert_claim_stands(net, honest);
    (seen, mv)
}

// ---------------------------------------------------------------------------------------------
// 1. The stamp floor moved only on a "settled" channel.

/// The cheater reconnects once; from then on its heartbeats echo nothing, so v4's channel never
/// settled and the floor for its stamps stayed at the reconnection: a move sent 67 s after our
/// claim (after 5.5 s of silence), stamped before it, voided our win.
#[test]
fn the_floor_moves_on_a_channel_whose_heartbeats_echo_nothing() {
    let (mut net, late) = started(101);
    let honest = !late;
    let d = net.game(honest).deadline().unwrap();
    net.disconnect();
    net.run(500);
    net.connect();
    net.filter = Some(no_beats_from(late));
    let ours = our_acts(&net, honest);
    beats(&mut net, honest, 3_000, |n| unanswering(n, honest, ours));
    while !net.dev[honest].pg.can_claim(net.clock(honest)) {
        beats(&mut net, honest, 1_000, |n| unanswering(n, honest, ours));
    }
    let (seen, mv) = claim(&mut net, honest);
    beats(&mut net, honest, 67_000, |n| unanswering(n, honest, seen));
    net.run(5_500);
    backdated_move_is_refused(&mut net, honest, mv, d + 1_000, seen);
}

/// The same from the first second of a rematch (v4's channel started unsettled there): the
/// cheater echoes nothing from the rematch on.
#[test]
fn the_floor_moves_from_the_first_second_of_a_rematch() {
    let (mut net, first) = started(102);
    net.act(first, Command::Resign { side: first }).unwrap();
    net.run(2_000);
    // Both heartbeats are withheld from the rematch on; forged ones of both that echo nothing
    // keep each device hearing the other (the cheater is whichever side turns out late).
    net.filter = Some(|_, m| !matches!(m, Message::Heartbeat { .. }));
    for side in Side::ALL {
        let c = net.clock(side);
        net.dev[side].pg = net.dev[side].pg.rematch(c).expect("a rematch");
        let out = net.dev[side].pg.connected(c);
        net.handle(side, out);
    }
    for _ in 0..10 {
        net.run(1_000);
        for side in Side::ALL {
            let m = unanswering(&net, side, our_acts(&net, side));
            let _ = net.inject(side, m);
        }
    }
    let late = net.game(Side::White).turn().expect("a mover");
    let honest = !late;
    assert_eq!(net.game(honest).phase(), Phase::Moving);
    let d = net.game(honest).deadline().unwrap();
    let ours = our_acts(&net, honest);
    while !net.dev[honest].pg.can_claim(net.clock(honest)) {
        beats(&mut net, honest, 1_000, |n| unanswering(n, honest, ours));
    }
    let (seen, mv) = claim(&mut net, honest);
    beats(&mut net, honest, 67_000, |n| unanswering(n, honest, seen));
    net.run(5_500);
    backdated_move_is_refused(&mut net, honest, mv, d + 1_000, seen);
}

// ---------------------------------------------------------------------------------------------
// 2. What the other acknowledged was forgotten after 5 s of silence.

/// Its heartbeat said it holds our claim; after 5.2 s of silence a move "not having seen" the
/// claim voided it.
#[test]
fn an_acknowledged_claim_is_not_forgotten_in_a_silence() {
    let (mut net, late) = started(103);
    let honest = !late;
    let d = net.game(honest).deadline().unwrap();
    let (seen, mv) = claim(&mut net, honest);
    net.filter = Some(no_beats_from(late));
    // At once, its heartbeat says it holds our claim; then silence.
    net.run(100);
    let m = answer(&net, honest, our_acts(&net, honest));
    net.inject(honest, m).unwrap();
    net.run(5_200);
    backdated_move_is_refused(&mut net, honest, mv, d + 1_500, seen);
}

/// Standard: its heartbeat acknowledged our choice to roll, so our secret went out; after 5.2 s
/// of silence a resignation offer stamped before our choice, "not having seen" it, voided the
/// choice, the commitment and the reveal — with our secret already out.
#[test]
fn an_acknowledged_choice_to_roll_is_not_forgotten_in_a_silence() {
    let mut net = standard_net(104);
    let attacker = net.game(Side::White).turn().unwrap();
    let honest = !attacker;
    net.play_turn(500);
    net.run(3_000);
    assert_eq!(net.game(honest).can_double(), Ok(honest));
    let roll = net.dev[honest].pg.roll_index();
    net.filter = Some(no_reveals_or_beats_from(attacker));
    let seen_before = our_acts(&net, honest);
    net.dev[honest].pg.choose_roll();
    net.step(honest);
    let chose = our_log_stamp(
        &net,
        honest,
        |a| matches!(a, Act::Roll { roll: r } if r == roll),
    );
    // At once, it acknowledges the choice: our reveal goes out.
    net.run(100);
    let m = answer(&net, honest, our_acts(&net, honest));
    net.inject(honest, m).unwrap();
    assert!(our_log_stamp_opt(&net, honest, |a| {
        matches!(a, Act::Reveal { roll: r, .. } if r == roll)
    })
    .is_some());
    net.run(5_200);
    let offer = Command::OfferResign {
        side: attacker,
        kind: Kind::Single,
    };
    let msg = forge_seen(&net, honest, Act::Cmd(offer), chose - 1, seen_before);
    let got = net.inject(honest, msg);
    assert!(got.is_err(), "{got:?}");
    assert_no_offer(&net, honest);
}

fn our_log_stamp_opt(net: &Net, side: Side, pick: impl Fn(Act) -> bool) -> Option<Millis> {
    net.dev[side].pg.logs()[side]
        .iter()
        .find(|a| pick(a.act))
        .map(|a| a.t)
}

fn our_log_stamp(net: &Net, side: Side, pick: impl Fn(Act) -> bool) -> Millis {
    our_log_stamp_opt(net, side, pick).expect("the act in our log")
}

fn assert_no_offer(net: &Net, honest: Side) {
    let offered = net
        .game(honest)
        .record()
        .commands
        .iter()
        .any(|e| matches!(e.cmd, Command::OfferResign { .. }));
    assert!(
        !offered,
        "the cheater's offer landed: {:?}",
        net.dev[honest].errors
    );
    assert_ne!(net.game(honest).phase(), Phase::ResignOffered);
}

// ---------------------------------------------------------------------------------------------
// 3. An act was judged at its first arrival, even when an earlier act of its sender was
//    withheld.

/// Act n+1 sent just before our claim, act n withheld two minutes, then sent: the move voided
/// our win (v4 took act n as one lost with the channel the cheater had reopened before our
/// deadline, its heartbeats echoing nothing since). An act is judged when it became usable
/// (every earlier act of its sender in).
#[test]
fn an_act_waiting_for_a_withheld_one_is_judged_when_it_becomes_usable() {
    let (mut net, late) = started(105);
    let honest = !late;
    let d = net.game(honest).deadline().unwrap();
    net.run((d - 10_000).saturating_sub(net.shared(honest)));
    net.disconnect();
    net.run(300);
    net.connect();
    net.filter = Some(no_beats_from(late));
    let seen = our_acts(&net, honest);
    // Two moves of the late side, in time by their stamps.
    let mut g = net.game(late).clone();
    let mv1 = first_move(&net, late);
    g.apply(mv1, d - 2_000).unwrap();
    let m = *g.legal_moves().first().expect("a second move");
    let mv2 = Command::Move {
        side: late,
        from: m.from,
        to: m.to,
    };
    while net.shared(honest) + 500 < d + 2_000 {
        beats(&mut net, honest, 1_000, |n| unanswering(n, honest, seen));
    }
    // Act n+1 just before our claim: it waits for act n.
    let n = net.dev[honest].pg.logs()[late].len() as u32;
    let second = Message::Act {
        n: n + 1,
        act: vrhcaby_p2p::Authored {
            t: d - 1_000,
            seen: seen as u32,
            act: Act::Cmd(mv2),
        },
    };
    let _ = net.inject(honest, second);
    let (seen, _) = claim(&mut net, honest);
    beats(&mut net, honest, 120_000, |n| unanswering(n, honest, seen));
    let first = Message::Act {
        n,
        act: vrhcaby_p2p::Authored {
            t: d - 2_000,
            seen: seen as u32,
            act: Act::Cmd(mv1),
        },
    };
    let got = net.inject(honest, first);
    assert!(got.is_err(), "{got:?}");
    net.run(1_000);
    assert_claim_stands(&net, honest);
}

/// The same with a draw offer of ours: its acceptance (act n+1) came while our offer was open,
/// act n before it was withheld past the lapse and our next move; both then sent. Our offer had
/// lapsed by our clock when the acceptance became usable.
#[test]
fn an_accept_waiting_for_a_withheld_act_is_judged_when_it_becomes_usable() {
    let (mut net, first) = started(106);
    // Four moves in the game first (R23).
    while net
        .game(first)
        .record()
        .commands
        .iter()
        .filter(|e| matches!(e.cmd, Command::Move { .. }))
        .count()
        < 4
    {
        net.play_turn(500);
    }
    let offerer = net.game(Side::White).turn().unwrap();
    let cheater_side = !offerer;
    // The cheater reopens its channel just before our offer; its heartbeats echo nothing since.
    net.disconnect();
    net.run(300);
    net.connect();
    net.filter = Some(no_beats_from(cheater_side));
    net.holding_acts[cheater_side] = true;
    net.run(300);
    net.act(offerer, Command::OfferDraw { side: offerer })
        .unwrap();
    net.run(2_000);
    let seen = our_acts(&net, offerer);
    let offered_at = net.game(offerer).record().commands.last().unwrap().t;
    // Act n: a tick (withheld); act n+1: the acceptance, sent at once (it waits for act n).
    let n = net.dev[offerer].pg.logs()[cheater_side].len() as u32;
    let accept = Message::Act {
        n: n + 1,
        act: vrhcaby_p2p::Authored {
            t: offered_at + 1_000,
            seen: seen as u32,
            act: Act::Cmd(Command::AcceptDraw { side: cheater_side }),
        },
    };
    let _ = net.inject(offerer, accept);
    // Our offer lapses; we move on.
    beats(&mut net, offerer, 64_000, |n| unanswering(n, offerer, seen));
    assert_eq!(net.game(offerer).phase(), Phase::Moving);
    net.move_once(offerer).unwrap();
    beats(&mut net, offerer, 3_000, |n| unanswering(n, offerer, seen));
    let tick = Message::Act {
        n,
        act: vrhcaby_p2p::Authored {
            t: offered_at + 500,
            seen: seen as u32,
            act: Act::Cmd(Command::Tick),
        },
    };
    let _ = net.inject(offerer, tick);
    net.run(1_000);
    assert_ne!(
        net.game(offerer).result().map(|r| r.1),
        Some(Reason::DrawAgreed),
        "a withheld acceptance ended the game as a draw"
    );
}

// ---------------------------------------------------------------------------------------------
// 4. Backdating reached 9 s.

/// One answer to a 10 s-old heartbeat, then 4.9 s of silence: no stamp is believed more than
/// the stated bound (7 s: the delivery allowance, at most 5 s, and the clocks' uncertainty, at
/// most 2 s — README) before the last thing this device heard, in its own shared time. (The red
/// team's 9 s were that bound in true time, with the uncertainty held at 2 s by answers held
/// 4 s from the start; what that uncertainty opened to a claim is closed by
/// `late_answers_cannot_open_the_door_to_an_early_claim`. This one holds against v4 too: a
/// guard on the bound.)
#[test]
fn no_stamp_reaches_back_more_than_the_stated_bound() {
    let (mut net, late) = started(107);
    let honest = !late;
    let (seen, mv) = claim(&mut net, honest);
    net.filter = Some(no_beats_from(late));
    let mut old = Vec::new();
    for _ in 0..10 {
        old.push(net.last_beat[honest].unwrap());
        beats(&mut net, honest, 1_000, |n| answer(n, honest, seen));
    }
    // One answer to a heartbeat of ours 10 s old.
    let m = common::heartbeat(net.clock(late), old[0], 0, seen);
    let _ = net.inject(honest, m);
    let heard = net.shared(honest);
    net.run(4_900);
    let t = heard - 7_000 - 50;
    let msg = forge_seen(&net, honest, Act::Cmd(mv), t, seen);
    let got = net.inject(honest, msg);
    assert!(
        matches!(got, Err(PeerError::TimeOutOfRange { .. })),
        "a stamp {} ms before the last thing heard was believed: {got:?}",
        heard - t
    );
}

// ---------------------------------------------------------------------------------------------
// 5. S18 in standard mode.

/// We are the roller: the cheater acknowledges our choice to roll, reads our reveal, then
/// offers to resign stamped 1 ms before it: the offer landed and our reveal was void.
#[test]
fn an_offer_crossing_our_reveal_cannot_void_it() {
    let mut net = standard_net(108);
    let attacker = net.game(Side::White).turn().unwrap();
    let honest = !attacker;
    net.play_turn(500);
    net.run(3_000);
    assert_eq!(net.game(honest).can_double(), Ok(honest));
    let roll = net.dev[honest].pg.roll_index();
    net.filter = Some(no_reveals_or_beats_from(attacker));
    net.dev[honest].pg.choose_roll();
    net.step(honest);
    net.run(100);
    let m = answer(&net, honest, our_acts(&net, honest));
    net.inject(honest, m).unwrap();
    let revealed = our_log_stamp(
        &net,
        honest,
        |a| matches!(a, Act::Reveal { roll: r, .. } if r == roll),
    );
    let before_reveal = net.dev[honest].pg.logs()[honest]
        .iter()
        .position(|a| matches!(a.act, Act::Reveal { .. } if a.t == revealed))
        .unwrap();
    let offer = Command::OfferResign {
        side: attacker,
        kind: Kind::Single,
    };
    let msg = forge_seen(&net, honest, Act::Cmd(offer), revealed - 1, before_reveal);
    let _ = net.inject(honest, msg);
    net.run(1_000);
    assert_no_offer(&net, honest);
}

/// The cheater is the roller: it chose to roll, we revealed our part, it read it and offered
/// to resign stamped before our reveal.
#[test]
fn the_rollers_offer_crossing_our_reveal_cannot_void_it() {
    let mut net = standard_net(109);
    let honest = net.game(Side::White).turn().unwrap();
    let attacker = !honest;
    net.play_turn(500);
    net.run(3_000);
    assert_eq!(net.game(honest).can_double(), Ok(attacker));
    let roll = net.dev[honest].pg.roll_index();
    net.filter = Some(no_reveals_or_beats_from(attacker));
    net.dev[attacker].pg.choose_roll();
    net.step(attacker);
    net.run(300);
    let revealed = our_log_stamp(
        &net,
        honest,
        |a| matches!(a, Act::Reveal { roll: r, .. } if r == roll),
    );
    let before_reveal = net.dev[honest].pg.logs()[honest]
        .iter()
        .position(|a| matches!(a.act, Act::Reveal { .. } if a.t == revealed))
        .unwrap();
    let offer = Command::OfferResign {
        side: attacker,
        kind: Kind::Single,
    };
    let msg = forge_seen(&net, honest, Act::Cmd(offer), revealed - 1, before_reveal);
    let _ = net.inject(honest, msg);
    net.run(1_000);
    assert_no_offer(&net, honest);
}

// ---------------------------------------------------------------------------------------------
// 6. A withheld acknowledgement became our loss.

/// We are the roller: the cheater never acknowledges our choice to roll, so we never reveal;
/// it then judged us late and claimed, and our device agreed. The wait is the cheater's.
#[test]
fn a_withheld_acknowledgement_of_our_choice_is_the_cheaters_delay() {
    let mut net = standard_net(110);
    let attacker = net.game(Side::White).turn().unwrap();
    let honest = !attacker;
    net.play_turn(500);
    net.run(3_000);
    assert_eq!(net.game(honest).can_double(), Ok(honest));
    let seen_before = our_acts(&net, honest);
    // Its own parts go out (a commitment), but nothing that says it holds our choice.
    net.filter = Some(no_beats_from(attacker));
    net.holding_acts[attacker] = true;
    net.dev[honest].pg.choose_roll();
    net.step(honest);
    let due = net.game(honest).roll_due_since().unwrap();
    beats(&mut net, honest, 66_000, |n| answer(n, honest, seen_before));
    for cmd in [
        Command::DiceLate { side: honest },
        Command::ClaimWin { side: attacker },
    ] {
        let msg = forge_seen(&net, honest, Act::Cmd(cmd), due + 62_500, seen_before);
        let _ = net.inject(honest, msg);
    }
    net.run(1_000);
    assert_not_lost(&net, honest);
    assert_ne!(net.game(honest).late(), Some(honest));
    // The cheater is the one holding the roll up.
    assert_eq!(
        net.game(honest).late(),
        Some(attacker),
        "{:?}",
        net.dev[honest].errors
    );
}

// ---------------------------------------------------------------------------------------------
// 7. Silence then close.

/// The cheater goes quiet before our move and closes after our deadline; v4 recorded our own
/// loss by R18 although we moved 55 s early. An honest device never records its own player's
/// loss for an act made in time: our move stands on our device, and it says the game was
/// interrupted with our move on its way.
#[test]
fn silence_then_close_never_records_our_loss_for_a_move_made_in_time() {
    for (seed, variant) in [(111u64, 0u8), (112, 1), (113, 2)] {
        let (mut net, honest) = started(seed);
        let attacker = !honest;
        let d = net.game(honest).deadline().unwrap();
        let seen_before = our_acts(&net, honest);
        // Quiet: nothing of the cheater reaches us (variant 1: its acts still would).
        net.holding[attacker] = true;
        net.run(300);
        net.move_once(honest).unwrap();
        let after = match variant {
            0 => d + 3_000,
            1 => d + 10_000,
            _ => d - 55_000 + 6_000,
        };
        net.run(after.saturating_sub(net.shared(honest)));
        net.held[attacker].clear();
        net.holding[attacker] = false;
        net.disconnect();
        net.run(d + 5_000 - net.shared(honest).min(d + 5_000));
        net.connect();
        net.run(500);
        let msg = forge_seen(
            &net,
            honest,
            Act::Cmd(Command::Offline { side: honest }),
            d - 1,
            seen_before,
        );
        let got = net.inject(honest, msg);
        assert!(got.is_err(), "variant {variant}: {got:?}");
        net.run(2_000);
        assert_not_lost(&net, honest);
    }
}

// ---------------------------------------------------------------------------------------------
// 8. The lesser ones.

/// In-order ticks alternating with acts 600 places ahead made every act a hello (and, in the
/// page, a save of the whole game: 1,000 saves, 24 MB). Hellos for a gap go out at most once a
/// second, whatever the places.
#[test]
fn acts_far_ahead_cannot_make_every_act_a_hello() {
    let (mut net, _) = started(114);
    let (honest, attacker) = (Side::White, Side::Black);
    let mut hellos = 0;
    let start = net.clock(honest);
    for i in 0..500u32 {
        let t = net.shared(attacker);
        let n = net.dev[honest].pg.logs()[attacker].len() as u32;
        let seen = our_acts(&net, honest) as u32;
        let tick = Message::Act {
            n,
            act: vrhcaby_p2p::Authored {
                t,
                seen,
                act: Act::Cmd(Command::Tick),
            },
        };
        let far = Message::Act {
            n: n + 600 + i,
            act: vrhcaby_p2p::Authored {
                t,
                seen,
                act: Act::Cmd(Command::Tick),
            },
        };
        for msg in [tick, far] {
            let c = net.clock(honest);
            let out = net.dev[honest].pg.receive(msg, c);
            let queued = net.dev[honest].pg.take_queued();
            let sent = out.map(|o| o.send).unwrap_or_default();
            hellos += sent
                .iter()
                .chain(queued.iter())
                .filter(|m| matches!(m, Message::Hello { .. }))
                .count();
        }
        net.now += 10;
    }
    let secs = (net.clock(honest) - start) / 1_000 + 1;
    assert!(hellos as u64 <= secs, "{hellos} hellos in {secs} s");
}

/// Answers held ~4 s from the start pinned our clocks' uncertainty at 2 s, so a claim could
/// come 3.9 s before our clock ran out. A clock our own move started is judged by our own clock
/// alone: the claim comes 60 s and the grace after our move at the earliest.
#[test]
fn late_answers_cannot_open_the_door_to_an_early_claim() {
    let mut net = Net::new("withholding-late", 115, (0, 0));
    let (honest, attacker) = (Side::White, Side::Black);
    // Every answer of the cheater's is to our heartbeat of 3.9 s before.
    net.filter = Some(no_beats_from(attacker));
    net.connect();
    let mut ours: Vec<Millis> = Vec::new();
    let answer_old = |net: &mut Net, ours: &mut Vec<Millis>, cap: usize| {
        if let Some(b) = net.last_beat[honest] {
            if ours.last() != Some(&b) {
                ours.push(b);
            }
        }
        let now = net.clock(honest);
        if let Some(&old) = ours.iter().rev().find(|&&b| b + 3_800 <= now) {
            let have = our_acts(net, honest).min(cap);
            let _ = net.inject(honest, common::heartbeat(net.clock(attacker), old, 0, have));
        }
        // (The cheater's own device hears our answers to its heartbeats, as it would: its
        // clock is synchronised, ours only through its late answers.)
        if let Some(b) = net.last_beat[attacker] {
            let have = our_acts(net, attacker);
            let _ = net.inject(attacker, common::heartbeat(net.clock(honest), b, 0, have));
        }
    };
    // (Answers come 0.9 s into each second: each to our heartbeat of 3.9 s before.)
    net.run(900);
    for _ in 0..30 {
        net.run(1_000);
        answer_old(&mut net, &mut ours, usize::MAX);
    }
    // Play until it is our move; we move at once.
    for _ in 0..200 {
        let g = net.game(honest);
        if g.phase() == Phase::Moving && g.turn() == Some(honest) {
            break;
        }
        if g.phase() == Phase::Moving && g.turn() == Some(attacker) {
            net.play_turn(500);
        }
        net.run(1_000);
        answer_old(&mut net, &mut ours, usize::MAX);
    }
    assert_eq!(
        net.game(honest).turn(),
        Some(honest),
        "our move: {:?} {:?} offset {} logs {} {} / {} {} errors {:?}",
        net.game(honest).phase(),
        net.dev[honest].errors,
        net.dev[honest].pg.clock_offset(),
        net.dev[honest].pg.logs()[honest].len(),
        net.dev[honest].pg.logs()[attacker].len(),
        net.dev[attacker].pg.logs()[honest].len(),
        net.dev[attacker].pg.logs()[attacker].len(),
        net.dev[attacker].errors,
    );
    let before = our_acts(&net, honest);
    net.move_once(honest).unwrap();
    assert_eq!(net.game(honest).turn(), Some(honest), "our turn goes on");
    let d = net.game(honest).deadline().unwrap();
    assert!(
        net.dev[honest].pg.clock_offset().abs() < 3_000,
        "offset {}",
        net.dev[honest].pg.clock_offset()
    );
    // Our time still runs; the cheater claims 3.9 s before it runs out by our clock.
    // (Its answers never say it holds our move.)
    while net.shared(honest) + 3_900 < d {
        net.run(100);
        if net.clock(honest) % 1_000 == 900 {
            answer_old(&mut net, &mut ours, before);
        }
    }
    // (Its `seen` leaves out our last move: the claim is judged where the fold puts it, after
    // that move, with the clocks' tolerance — not by the shortcut for a claim that saw it.)
    let seen = before;
    let msg = forge_seen(
        &net,
        honest,
        Act::Cmd(Command::ClaimWin { side: attacker }),
        d + GRACE,
        seen,
    );
    // (Stamped ahead of our clock, it waits for it, and is judged as of when it came.)
    let got = net.inject(honest, msg);
    assert!(
        matches!(got, Ok(()) | Err(PeerError::EarlyClaim)),
        "{got:?}"
    );
    net.run(6_000);
    assert_not_lost(&net, honest);
    assert!(
        got.is_err()
            || net.dev[honest]
                .errors
                .iter()
                .any(|e| matches!(e, PeerError::EarlyClaim)),
        "{:?}",
        net.dev[honest].errors
    );
}

const GRACE: Millis = vrhcaby_p2p::GRACE_MS;
