//! Every roll of a game between two devices can be checked by anyone (issue 42): the proof each
//! device exports (`PeerGame::proofs`) recomputes every roll of the record (`proof::verify`, the
//! CLI's `verify`); a tampered secret, commitment or roll is found and, where one side's part is
//! wrong, that side is named.

mod common;

use common::Net;
use serde_json::json;
use vrhcaby_p2p::{commitment, Act};
use vrhcaby_rules::proof::{thrown, verify, Problem, Proofs, Thrown};
use vrhcaby_rules::{Outcome, Reason, Side};

/// An honest game with `turns` turns played, and both devices' proofs.
fn played(seed: u64, turns: usize) -> (Net, Proofs) {
    let mut net = Net::new("proof", seed, (0, 0));
    net.start();
    for _ in 0..turns {
        if net.game(Side::White).result().is_some() {
            break;
        }
        net.play_turn(300);
    }
    net.assert_same();
    let proofs = net.dev.white.pg.proofs();
    assert_eq!(
        proofs,
        net.dev.black.pg.proofs(),
        "both devices export the same proof"
    );
    (net, proofs)
}

#[test]
fn every_roll_of_honest_games_checks() {
    for seed in 1..=6 {
        let (net, proofs) = played(seed, 8);
        let record = net.game(Side::White).record();
        let verdicts = verify(record, &proofs);
        let rolls = thrown(record).len();
        assert!(rolls >= 5, "the lot and rolls: {rolls}");
        assert!(
            verdicts.len() >= rolls && verdicts.len() <= rolls + 1,
            "one verdict a roll"
        );
        assert!(verdicts.iter().all(|v| v.ok), "seed {seed}: {verdicts:?}");
        assert!(
            matches!(verdicts[0].recorded, Some(Thrown::Lot(_))),
            "roll 0 is the lot"
        );
        // Each turn of the move list knows its roll's index (the page's "check this roll").
        let turns = vrhcaby_rules::notation::move_list(record).unwrap();
        let at = vrhcaby_rules::proof::turn_rolls(record);
        assert_eq!(turns.len(), at.len());
        for (turn, &roll) in turns.iter().zip(&at) {
            assert_eq!(
                verdicts[roll as usize].recorded,
                Some(Thrown::Dice(turn.roll))
            );
        }
        // Through JSON, as the exported record carries it.
        let back: Proofs = serde_json::from_str(&serde_json::to_string(&proofs).unwrap()).unwrap();
        assert_eq!(back, proofs);
    }
}

#[test]
fn a_tampered_secret_or_commitment_names_its_side() {
    let (net, proofs) = played(7, 6);
    let record = net.game(Side::White).record();
    for roll in 0..thrown(record).len() {
        for side in [Side::White, Side::Black] {
            let mut bad = proofs.clone();
            let part = if side == Side::White {
                &mut bad.rolls[roll].white
            } else {
                &mut bad.rolls[roll].black
            };
            let part = part.as_mut().expect("both parts of a recorded roll");
            // One hex digit of the secret changed.
            let secret = part.secret.as_mut().expect("revealed");
            let flipped = if secret.starts_with('0') { "1" } else { "0" };
            secret.replace_range(0..1, flipped);
            let v = &verify(record, &bad)[roll];
            assert!(!v.ok);
            assert_eq!(
                (v.side, v.problem),
                (Some(side), Some(Problem::RevealMismatch)),
                "roll {roll}"
            );
            // Its part left out.
            let mut gone = proofs.clone();
            if side == Side::White {
                gone.rolls[roll].white = None
            } else {
                gone.rolls[roll].black = None
            }
            let v = &verify(record, &gone)[roll];
            assert_eq!(
                (v.ok, v.side, v.problem),
                (false, Some(side), Some(Problem::Missing))
            );
        }
        // Another game's id: every reveal mismatches, White's found first.
        let other = Proofs {
            game: "another".into(),
            ..proofs.clone()
        };
        assert_eq!(
            verify(record, &other)[roll].problem,
            Some(Problem::RevealMismatch)
        );
    }
}

#[test]
fn a_roll_changed_in_the_record_is_found() {
    let (net, proofs) = played(8, 6);
    let mut record = net.game(Side::White).record().clone();
    let at = record
        .commands
        .iter()
        .position(|e| matches!(e.cmd, vrhcaby_rules::Command::Dice { .. }))
        .expect("a roll");
    let vrhcaby_rules::Command::Dice { dice } = record.commands[at].cmd else {
        unreachable!()
    };
    let [a, b] = [dice.high(), dice.low()];
    let other = vrhcaby_rules::Roll::new(vrhcaby_rules::Die::new(a.value() % 6 + 1).unwrap(), b);
    record.commands[at].cmd = vrhcaby_rules::Command::Dice { dice: other };
    let verdicts = verify(&record, &proofs);
    let bad: Vec<_> = verdicts.iter().filter(|v| !v.ok).collect();
    assert_eq!(bad.len(), 1, "{verdicts:?}");
    assert_eq!(
        (bad[0].side, bad[0].problem),
        (None, Some(Problem::DiceDiffer))
    );
}

#[test]
fn a_bad_reveal_that_lost_the_game_is_named_in_the_proof() {
    // Black withholds its reveal of the lot, then sends one that does not match (S13).
    let mut net = Net::new("proof-bad", 10, (0, 0));
    net.filter = Some(|from, m| {
        !(from == Side::Black
            && matches!(m, vrhcaby_p2p::Message::Act { act, .. } if matches!(act.act, Act::Reveal { .. })))
    });
    net.connect();
    net.run(5_000);
    let secret = [7u8; 32];
    assert_ne!(commitment("proof-bad", 0, Side::Black, &secret), [0u8; 32]);
    let t = net.shared(Side::White);
    let msg = net.forge(Side::White, Act::Reveal { roll: 0, secret }, t);
    net.inject(Side::White, msg).unwrap();
    assert_eq!(
        net.game(Side::White).result(),
        Some((Outcome::win(Side::White), Reason::BadDice))
    );
    let proofs = net.dev.white.pg.proofs();
    let verdicts = verify(net.game(Side::White).record(), &proofs);
    assert_eq!(verdicts.len(), 1);
    assert_eq!(
        (verdicts[0].ok, verdicts[0].side, verdicts[0].problem),
        (false, Some(Side::Black), Some(Problem::RevealMismatch))
    );
    // The ending agrees with the proof: the side whose reveal did not match lost by it.
    assert_eq!(
        vrhcaby_rules::proof::ending_problem(net.game(Side::White), &verdicts),
        None
    );
}

#[test]
fn the_cli_verifies_the_exported_record() {
    use vrhcaby_rules::cli::{answer, Op};
    let (net, proofs) = played(11, 6);
    let record = net.game(Side::White).record().to_json();
    // As the page exports it: the record with its proof as `"dice"`.
    let exported = format!(
        "{},\"dice\":{}}}",
        record.trim_end().strip_suffix('}').unwrap(),
        serde_json::to_string(&proofs).unwrap()
    );
    let a = answer(Op::Verify, &format!("{{\"record\":{exported}}}"));
    assert_eq!(a["ok"], true, "{a}");
    assert_eq!(a["game"], "proof");
    let rolls = a["rolls"].as_array().unwrap();
    assert!(
        rolls.len() >= 5 && rolls.iter().all(|r| r["ok"] == true),
        "{a}"
    );
    assert!(rolls[0]["recorded"]["lot"].is_string(), "{a}");
    assert!(
        rolls.iter().any(|r| r["recorded"]["dice"].is_array()),
        "{a}"
    );
    // A tampered secret: not ok, and the side named.
    let mut bad = proofs.clone();
    let part = bad.rolls[2].black.as_mut().unwrap();
    part.secret = Some("ab".repeat(32));
    let a = answer(
        Op::Verify,
        &format!(
            "{{\"record\":{record},\"dice\":{}}}",
            serde_json::to_string(&bad).unwrap()
        ),
    );
    assert_eq!(a["ok"], false, "{a}");
    assert_eq!(a["rolls"][2]["side"], "black");
    assert_eq!(a["rolls"][2]["problem"], "reveal_mismatch");
    // A record without a proof, a malformed proof, a malformed record: clear errors.
    let a = answer(Op::Verify, &format!("{{\"record\":{record}}}"));
    assert!(
        a["error"].as_str().unwrap().contains("no dice proof"),
        "{a}"
    );
    let a = answer(
        Op::Verify,
        &format!("{{\"record\":{record},\"dice\":{{\"game\":3}}}}"),
    );
    assert!(
        a["error"].as_str().unwrap().starts_with("bad request"),
        "{a}"
    );
    let a = answer(Op::Verify, "{\"record\":{\"format\":\"nope\"}}");
    assert!(a["error"].is_string(), "{a}");
    // A secret that is not hex is named, never a panic.
    let mut odd = proofs;
    odd.rolls[1].white.as_mut().unwrap().secret = Some("zz".into());
    let a = answer(
        Op::Verify,
        &format!(
            "{{\"record\":{record},\"dice\":{}}}",
            serde_json::to_string(&odd).unwrap()
        ),
    );
    assert_eq!(
        (
            a["rolls"][1]["side"].as_str(),
            a["rolls"][1]["problem"].as_str()
        ),
        (Some("white"), Some("malformed"))
    );
}

#[test]
fn standard_openings_and_their_ties_check_and_the_first_turn_is_the_opening() {
    use vrhcaby_rules::{Clock, Options, Variant};
    let standard = Variant::standard(Options {
        clock: Clock::House,
        ..Options::match_to(5)
    })
    .unwrap();
    for seed in 1..6 {
        let mut net = Net::new_under("proof-std", seed, (0, 0), standard);
        net.connect();
        net.run(10_000);
        net.assert_same();
        let record = net.game(Side::White).record();
        let proofs = net.dev.white.pg.proofs();
        let verdicts = verify(record, &proofs);
        assert!(verdicts.iter().all(|v| v.ok), "seed {seed}: {verdicts:?}");
        assert!(verdicts
            .iter()
            .all(|v| matches!(v.recorded, Some(Thrown::Opening(_)) | None)));
        let at = vrhcaby_rules::proof::turn_rolls(record);
        let turns = vrhcaby_rules::notation::move_list(record).unwrap();
        assert_eq!((at.len(), turns.len()), (1, 1), "seed {seed}");
        let Some(Thrown::Opening([w, b])) = verdicts[at[0] as usize].recorded else {
            panic!("an opening")
        };
        let roll = vrhcaby_rules::Roll::from_values(w, b).unwrap();
        assert_eq!(turns[0].roll, roll);
        assert_eq!(
            at[0] as usize,
            thrown(record).len() - 1,
            "the ties before it are rolls too"
        );
    }
}

/// `verify` never replayed the record (issue 49): a record with a move its roll does not allow,
/// or an ending its proof contradicts, got ok. It replays the record through the rules core and
/// checks its ending against the proof.
#[test]
fn the_cli_replays_the_record_and_checks_its_ending() {
    use vrhcaby_rules::cli::{answer, Op};
    let (net, proofs) = played(12, 6);
    let ask = |record: &vrhcaby_rules::Record, proofs: &Proofs| {
        answer(
            Op::Verify,
            &format!(
                "{{\"record\":{},\"dice\":{}}}",
                record.to_json(),
                serde_json::to_string(proofs).unwrap()
            ),
        )
    };
    let honest = net.game(Side::White).record().clone();
    let a = ask(&honest, &proofs);
    assert_eq!(
        (&a["ok"], &a["record"]["ok"], &a["ending"]["ok"]),
        (&json!(true), &json!(true), &json!(true)),
        "{a}"
    );
    // A move its roll does not allow: the dice all check, the record does not.
    let mut bent = honest.clone();
    let at = bent
        .commands
        .iter()
        .position(|e| matches!(e.cmd, vrhcaby_rules::Command::Move { .. }))
        .expect("a move");
    let vrhcaby_rules::Command::Move { side, from, to } = bent.commands[at].cmd else {
        unreachable!()
    };
    let to = match to {
        vrhcaby_rules::Target::Point(p) => {
            let q = if p.number() > 1 {
                p.number() - 1
            } else {
                p.number() + 1
            };
            vrhcaby_rules::Target::Point(vrhcaby_rules::Point::new(q).unwrap())
        }
        off => off,
    };
    bent.commands[at].cmd = vrhcaby_rules::Command::Move { side, from, to };
    let a = ask(&bent, &proofs);
    assert!(
        a["rolls"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["ok"] == true),
        "{a}"
    );
    assert_eq!(
        (&a["ok"], &a["record"]["ok"]),
        (&json!(false), &json!(false)),
        "{a}"
    );
    assert_eq!(a["record"]["index"], json!(at), "{a}");
    // An ending the proof contradicts: a `bad_dice` loss for a side whose reveals all match.
    let mut blamed = honest.clone();
    let t = blamed.commands.last().unwrap().t;
    blamed.commands.push(vrhcaby_rules::Entry {
        t,
        cmd: vrhcaby_rules::Command::BadDice { side: Side::Black },
    });
    let a = ask(&blamed, &proofs);
    assert_eq!(a["ok"], false, "{a}");
    assert_eq!(a["ending"]["problem"], "bad_dice_unproven", "{a}");
    // A reveal that does not match, in a record that never ended for it.
    let mut tampered = proofs.clone();
    tampered.rolls[2].white.as_mut().unwrap().secret = Some("cd".repeat(32));
    let a = ask(&honest, &tampered);
    assert_eq!(a["ok"], false, "{a}");
    assert_eq!(a["ending"]["problem"], "bad_dice_not_recorded", "{a}");
}
