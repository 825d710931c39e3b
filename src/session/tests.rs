use vrhcaby_rules::{MoveError, Point, SeededDice, MOVE_TIME_MS};

use super::*;
use crate::sound::Sound;

fn seeded(seed: u64) -> Dice {
    Dice::Seeded(SeededDice::new(seed))
}

/// A hot-seat game after the lot and the first roll.
fn rolled(seed: u64) -> Session {
    let mut s = Session::hot_seat(seeded(seed));
    s.handle(Input::Dice, 1_000).unwrap();
    s.handle(Input::Dice, 1_000).unwrap();
    assert_eq!(s.game().phase(), Phase::Moving);
    s
}

fn first_move(s: &Session) -> Intent {
    let mv = s.game().legal_moves()[0];
    Intent::Move {
        from: mv.from,
        to: mv.to,
    }
}

#[test]
fn hot_seat_controls_both_sides() {
    let s = Session::hot_seat(seeded(1));
    assert_eq!(s.seats(), BySide::new(Seat::Here, Seat::Here));
    assert!(Side::ALL.into_iter().all(|side| s.controls(side)));
    assert_eq!(s.own_side(), None);
    assert_eq!(s.kind(), Kind::Local);
    assert!(s.rolls_here());
    assert!(s.remote().is_none());
}

#[test]
fn the_automatic_dice_draw_the_lot_then_roll() {
    let mut s = Session::hot_seat(seeded(3));
    let out = s.handle(Input::Dice, 500).unwrap();
    assert!(matches!(out.events[..], [Event::Started { .. }]));
    assert!(out.effects.contains(&Effect::Save));
    let out = s.handle(Input::Dice, 900).unwrap();
    assert!(matches!(out.events[0], Event::Rolled { .. }));
    assert!(out.effects.contains(&Effect::Sound(Sound::Dice)));
    // Moving: no roll is due, nothing happens and nothing is saved.
    if s.game().phase() == Phase::Moving {
        let out = s.handle(Input::Dice, 950).unwrap();
        assert_eq!(out, Output::default());
    }
}

#[test]
fn a_move_intent_plays_for_the_dice_owner() {
    let mut s = rolled(5);
    let mover = s.game().dice_owner().unwrap();
    let before = s.game().moves_played();
    let out = s.handle(Input::Intent(first_move(&s)), 2_000).unwrap();
    assert_eq!(s.game().moves_played(), before + 1);
    assert!(matches!(out.events[0], Event::Moved { side, .. } if side == mover));
    assert!(out
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Sound(Sound::Move | Sound::Hit))));
    assert!(out.effects.contains(&Effect::Save));
}

#[test]
fn a_rejected_intent_changes_nothing() {
    let mut s = rolled(5);
    let before = s.game().clone();
    let bad = Intent::Move {
        from: Origin::Point(Point::new(1).unwrap()),
        to: Target::Off,
    };
    let err = s.handle(Input::Intent(bad), 2_000).unwrap_err();
    assert!(
        matches!(
            err,
            SessionError::Rules(
                CommandError::IllegalMove(MoveError::NoChecker { .. })
                    | CommandError::IllegalMove(_)
            )
        ),
        "{err:?}"
    );
    assert_eq!(*s.game(), before);
    // Claiming while time is left is refused too.
    let err = s
        .handle(Input::Intent(Intent::ClaimWin), 2_000)
        .unwrap_err();
    assert_eq!(err, SessionError::Rules(CommandError::CannotClaim));
    assert_eq!(*s.game(), before);
}

#[test]
fn claim_win_goes_to_the_waiting_side_in_hot_seat() {
    let mut s = rolled(8);
    let mover = s.game().dice_owner().unwrap();
    let late = 1_000 + MOVE_TIME_MS;
    let out = s.handle(Input::Intent(Intent::ClaimWin), late).unwrap();
    assert!(matches!(
        out.events[..],
        [Event::GameOver { outcome, .. }] if outcome.winner() == Some(!mover)
    ));
}

#[test]
fn ticks_apply_only_due_events_and_warn_before_time_runs_out() {
    let mut s = rolled(9);
    // Before the lot nothing is due (the core refuses ticks before the lot).
    let mut fresh = Session::hot_seat(seeded(9));
    assert_eq!(fresh.handle(Input::Tick, 10).unwrap(), Output::default());
    // 49 s into the move: nothing due, no warning yet.
    let out = s.handle(Input::Tick, 1_000 + 49_000).unwrap();
    assert!(out.events.is_empty());
    assert!(out.effects.is_empty(), "{:?}", out.effects);
    // Crossing 10 s left warns once; crossing 5 s warns again.
    let out = s.handle(Input::Tick, 1_000 + 50_500).unwrap();
    assert!(
        out.effects.contains(&Effect::Countdown(10)),
        "{:?}",
        out.effects
    );
    assert!(out.effects.contains(&Effect::Sound(Sound::Warning)));
    let out = s.handle(Input::Tick, 1_000 + 51_000).unwrap();
    assert!(out.effects.is_empty());
    let out = s.handle(Input::Tick, 1_000 + 55_100).unwrap();
    assert!(out.effects.contains(&Effect::Countdown(5)));
    // Ten hours later the side on turn loses (R19): a tick that changes the game is saved.
    let out = s
        .handle(Input::Tick, 1_000 + vrhcaby_rules::INACTIVITY_MS)
        .unwrap();
    assert!(matches!(out.events[..], [Event::GameOver { .. }]));
    assert!(out.effects.contains(&Effect::Save));
}

#[test]
fn link_inputs_do_nothing_to_a_local_game() {
    let mut s = rolled(2);
    let before = s.game().clone();
    for link in [
        LinkInput::Open,
        LinkInput::Message("{\"v\":1}".into()),
        LinkInput::Closed,
    ] {
        assert_eq!(
            s.handle(Input::Link(link), 3_000).unwrap(),
            Output::default()
        );
    }
    assert_eq!(*s.game(), before);
}

#[test]
fn the_clock_never_goes_back() {
    let mut s = Session::hot_seat(seeded(1));
    s.handle(Input::Dice, 5_000).unwrap();
    assert_eq!(s.game_time(1_000), 5_000);
    assert_eq!(s.game_time(6_000), 6_000);
    // A device clock that jumped back still plays (at the last command's time).
    assert!(s.handle(Input::Dice, 1_000).is_ok());
}

#[test]
fn a_seeded_game_saves_and_continues_with_the_same_dice() {
    let mut a = rolled(7);
    let saved = a.save();
    assert_eq!(save::kind_of(&saved), Some(Kind::Local));
    let mut b = Session::load(&saved, seeded(99)).unwrap();
    assert_eq!(a.game(), b.game());
    assert_eq!(b.kind(), Kind::Local);
    // Play the same moves on both to the end of the turn, then roll: the dice must agree.
    while a.game().phase() == Phase::Moving {
        let intent = first_move(&a);
        a.handle(Input::Intent(intent), 3_000).unwrap();
        b.handle(Input::Intent(intent), 3_000).unwrap();
    }
    a.handle(Input::Dice, 4_000).unwrap();
    b.handle(Input::Dice, 4_000).unwrap();
    assert_eq!(a.game(), b.game());
    assert!(a.game().current_roll().is_some() || a.game().phase() != Phase::Moving);
}

#[test]
fn an_unseeded_game_takes_its_dice_from_the_given_source() {
    struct Sixes;
    impl vrhcaby_rules::DiceSource for Sixes {
        fn roll(&mut self) -> vrhcaby_rules::Roll {
            vrhcaby_rules::Roll::from_values(6, 6).unwrap()
        }
        fn lot(&mut self) -> Side {
            Side::Black
        }
    }
    let mut s = Session::hot_seat(Dice::Other(Box::new(Sixes)));
    s.handle(Input::Dice, 0).unwrap();
    assert_eq!(s.game().turn(), Some(Side::Black));
    s.handle(Input::Dice, 0).unwrap();
    assert_eq!(
        s.game().current_roll(),
        Some(vrhcaby_rules::Roll::from_values(6, 6).unwrap())
    );
    // Its save has no dice state: a reload takes a fresh source.
    assert!(!s.save().contains("\"rng\":"));
}

#[test]
fn broken_saves_are_clear_errors() {
    let load = |text: &str| Session::load(text, seeded(0)).unwrap_err();
    assert_eq!(load("{"), LoadError::Unreadable);
    assert_eq!(load("null"), LoadError::Unreadable);
    assert_eq!(
        load(r#"{"version":9,"kind":"local","record":{},"rng":null}"#),
        LoadError::UnknownVersion { version: 9 }
    );
    let bad_record = r#"{"version":1,"kind":"local","record":{"format":"vrhcaby-record","version":1,"commands":[{"t":0,"cmd":"dice","dice":[1,2]}]}}"#;
    assert!(matches!(
        load(bad_record),
        LoadError::Record(vrhcaby_rules::RecordError::Rejected { index: 0, .. })
    ));
}

mod peer_seats;

#[test]
fn a_rematch_keeps_the_series_across_saves_and_swapped_seats() {
    use crate::session::series::Series;
    let seeded = |n| Dice::Seeded(SeededDice::new(n));
    let mut s = Session::hot_seat(seeded(1));
    assert!(
        s.rematch(seeded(2), false, 0).is_none(),
        "no rematch before the game is over"
    );
    s.handle(Input::Dice, 10).unwrap();
    s.handle(Input::Intent(Intent::Resign { side: Side::Black }), 20)
        .unwrap();
    assert_eq!(s.series().map(|x| x.half_points(Side::White)), Some(2));
    // Swapped: the winner (player a) now plays Black; the score follows the player.
    let mut next = s.rematch(seeded(2), true, 0).unwrap();
    let series = next.series().unwrap();
    assert_eq!(
        (
            series.half_points(Side::White),
            series.half_points(Side::Black)
        ),
        (0, 2)
    );
    assert_eq!(next.game().phase(), vrhcaby_rules::Phase::Lot);
    // Saved and loaded, it is the same series; then White (now player b) wins this one.
    let back = Session::load(&next.save(), seeded(3)).unwrap();
    assert_eq!(back.series(), Some(series));
    next.handle(Input::Dice, 30).unwrap();
    next.handle(Input::Intent(Intent::Resign { side: Side::Black }), 40)
        .unwrap();
    let shown = next.series().unwrap();
    assert_eq!(
        (
            shown.half_points(Side::White),
            shown.half_points(Side::Black)
        ),
        (2, 2)
    );
    assert_eq!(
        shown,
        Series {
            a: 2,
            b: 2,
            a_white: false
        }
    );
}

#[test]
fn a_rematch_against_the_computer_keeps_it_and_can_swap_colours() {
    let seeded = |n| Dice::Seeded(SeededDice::new(n));
    let mut s = Session::computer(
        seeded(1),
        Computer {
            side: Side::Black,
            level: "expert".into(),
            seed: 9,
        },
    );
    s.handle(Input::Dice, 10).unwrap();
    s.handle(Input::Intent(Intent::Resign { side: Side::White }), 20)
        .unwrap();
    let kept = s.rematch(seeded(2), false, 0).unwrap();
    assert_eq!(kept.computer_seat().map(|c| c.side), Some(Side::Black));
    assert_eq!(kept.seat(Side::Black), Seat::Computer);
    assert_eq!(kept.kind(), Kind::Bot);
    let swapped = s.rematch(seeded(2), true, 0).unwrap();
    assert_eq!(
        swapped.computer_seat().map(|c| (c.side, c.level.as_str())),
        Some((Side::White, "expert"))
    );
    assert_eq!(swapped.seat(Side::White), Seat::Computer);
    assert_eq!(swapped.seat(Side::Black), Seat::Here);
    // The computer won the first game; it now plays White.
    assert_eq!(
        swapped.series().map(|x| x.half_points(Side::White)),
        Some(2)
    );
}

/// Plays a game to its end: a move the auto-play option offers is checked against the rules
/// core's only play and played; else the first legal move. The computer's moves go in as its own.
fn play_out(s: &mut Session) -> u32 {
    let mut autos = 0;
    let mut now = 1_000;
    while s.game().phase() != Phase::Over {
        now += 100;
        if s.game().phase() != Phase::Moving {
            s.handle(Input::Dice, now).unwrap();
            continue;
        }
        let side = s.game().dice_owner().unwrap();
        let only = s.game().only_play();
        let auto = s.auto_move();
        if s.controls(side) {
            let first = only.as_ref().and_then(|m| m.first());
            assert_eq!(
                auto,
                first.map(|mv| Intent::Move {
                    from: mv.from,
                    to: mv.to
                })
            );
        } else {
            // Never for the computer's side, whatever its roll.
            assert_eq!(auto, None);
        }
        let intent = auto.unwrap_or_else(|| first_move(s));
        autos += u32::from(auto.is_some());
        let input = if s.controls(side) {
            Input::Intent(intent)
        } else {
            Input::Computer(intent)
        };
        s.handle(input, now).unwrap();
    }
    autos
}

#[test]
fn auto_play_offers_exactly_the_only_play_and_only_for_sides_played_here() {
    // A hot-seat game to the end: the bear-off has rolls with one way to play them.
    let mut s = Session::hot_seat(seeded(7));
    assert!(play_out(&mut s) > 0);
    // Against the computer (White here, Black the computer).
    let mut s = Session::computer(
        seeded(8),
        Computer {
            side: Side::Black,
            level: "beginner".into(),
            seed: 1,
        },
    );
    assert!(play_out(&mut s) > 0);
}

/// A version 1 save (the computer's seat and the series each one string) is read, and saved anew
/// in the serde form (version 2), which reads back the same game (a dice state past `i64::MAX`
/// too); a field given twice or of the wrong type is refused.
#[test]
fn a_version_1_save_is_migrated_and_the_new_form_reads_back() {
    #[derive(serde::Serialize)]
    struct Version1<'a> {
        version: u32,
        kind: &'a str,
        record: &'a serde_json::value::RawValue,
        rng: Option<u64>,
        computer: Option<String>,
        series: Option<String>,
    }
    let computer = Computer {
        side: Side::Black,
        level: "expert".into(),
        seed: 7,
    };
    let mut s = Session::computer(
        Dice::Seeded(SeededDice::from_state(u64::MAX - 5)),
        computer.clone(),
    );
    s.handle(Input::Dice, 10).unwrap();
    s.handle(Input::Intent(Intent::Resign { side: Side::White }), 20)
        .unwrap();
    let next = s
        .rematch(
            Dice::Seeded(SeededDice::from_state(u64::MAX - 1)),
            false,
            30,
        )
        .unwrap();
    let series = next.series().expect("a series after a rematch");
    let record = next.game().record().to_json();
    let old = serde_json::to_string(&Version1 {
        version: 1,
        kind: "bot",
        record: &serde_json::value::RawValue::from_string(record).unwrap(),
        rng: Some(u64::MAX - 1),
        computer: Some("black expert 7".into()),
        series: Some(format!(
            "{} {} {}",
            series.a,
            series.b,
            if series.a_white { 'w' } else { 'b' }
        )),
    })
    .unwrap();
    let back = Session::load(&old, seeded(0)).unwrap();
    assert_eq!(back.game(), next.game());
    assert_eq!(back.series(), next.series());
    assert_eq!(back.computer_seat(), Some(&computer));
    let text = back.save();
    assert_eq!(text, next.save());
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["version"], 2);
    assert_eq!(
        v["computer"],
        serde_json::json!({"side": "black", "level": "expert", "seed": 7})
    );
    assert_eq!(v["series"]["a_white"], series.a_white);
    let again = Session::load(&text, seeded(0)).unwrap();
    assert_eq!(again.game(), next.game());
    assert_eq!(again.series(), next.series());
    assert_eq!(again.save(), text);
    for bad in [
        text.replacen("\"kind\":\"bot\"", "\"kind\":\"bot\",\"kind\":\"bot\"", 1),
        text.replacen("\"version\":2", "\"version\":\"2\"", 1),
        text.replacen(
            &format!("\"rng\":{}", u64::MAX - 1),
            "\"rng\":18446744073709551616",
            1,
        ),
        text.replacen("\"a_white\"", "\"a_black\"", 1),
        old.replacen("black expert 7", "purple expert 7", 1),
        format!("{text} x"),
    ] {
        assert_eq!(
            Session::load(&bad, seeded(0)).unwrap_err(),
            LoadError::Unreadable,
            "{bad}"
        );
    }
    let future = text.replacen("\"version\":2", "\"version\":3", 1);
    assert_eq!(
        Session::load(&future, seeded(0)).unwrap_err(),
        LoadError::UnknownVersion { version: 3 }
    );
}

/// The guest's game is made from the host's first hello by the session layer: a new game under
/// the host's rules in the other seat, or the saved game when it is this one; anything but a
/// hello, or options that do not go together, makes none.
#[test]
fn the_guests_game_comes_from_the_hosts_hello() {
    use vrhcaby_p2p::{encode, PeerGame};
    use vrhcaby_rules::{Options, Variant};
    let host = PeerGame::new_under("g1".into(), Side::White, Variant::VRHCABY, 1_000);
    let hello = encode(&host.hello());
    let guest = PeerSession::from_hello(&hello, None, 2_000).expect("a game from a hello");
    assert_eq!(guest.game_id(), "g1");
    let guest = Session::peer(guest.boxed());
    assert_eq!(guest.own_side(), Some(Side::Black));
    assert!(!guest.game().variant().is_standard());
    // Its saved game continues; a saved game of another id does not.
    let saved = guest.save();
    assert!(saved.contains("\"born\":2000"), "{saved}");
    let again = Session::peer(
        PeerSession::from_hello(&hello, Some(&saved), 9_000)
            .unwrap()
            .boxed(),
    );
    assert!(
        again.save().contains("\"born\":2000"),
        "the saved game, not one made at 9000"
    );
    let other = PeerGame::new_under("g2".into(), Side::Black, Variant::VRHCABY, 1_000);
    let from_other = PeerSession::from_hello(&encode(&other.hello()), Some(&saved), 9_000).unwrap();
    assert_eq!(from_other.game_id(), "g2");
    assert_eq!(
        Session::peer(from_other.boxed()).own_side(),
        Some(Side::White)
    );
    // Standard: under the host's options.
    let options = Options {
        match_length: 5,
        ..Options::default()
    };
    let standard = PeerGame::new_under(
        "g3".into(),
        Side::White,
        Variant::standard(options).unwrap(),
        1_000,
    );
    let text = encode(&standard.hello());
    let g = Session::peer(PeerSession::from_hello(&text, None, 2_000).unwrap().boxed());
    assert_eq!(g.game().variant().options().match_length, 5);
    // Not a hello, or options that do not go together: none.
    assert!(PeerSession::from_hello("{", None, 2_000).is_none());
    let heartbeat = encode(&vrhcaby_p2p::Message::Heartbeat {
        t: 5,
        echo: None,
        held: 0,
        have: 0,
        made: 0,
    });
    assert!(PeerSession::from_hello(&heartbeat, None, 2_000).is_none());
    let bad = text.replacen("\"match_length\":5", "\"match_length\":99", 1);
    assert_ne!(bad, text);
    assert!(PeerSession::from_hello(&bad, None, 2_000).is_none());
}
