//! `parse`: any bytes, read as text, through every parser a user or a peer can reach —
//! position JSON (`Setup` and `Position`), record JSON (read, replayed, written back), and one
//! request line of each CLI op. Nothing may panic; what parses must round-trip; every CLI answer
//! is a JSON object, an error being `{"error": "..."}` (plus `"index"` for replay).

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use vrhcaby_rules::cli::{answer, Op};
use vrhcaby_rules::{Game, Position, Record, Setup};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();

    // Position JSON: a valid setup round-trips; an invalid one is an error, not a panic.
    if let Ok(setup) = serde_json::from_str::<Setup>(text) {
        if let Ok(pos) = Position::from_setup(&setup) {
            assert_eq!(Position::from_setup(&pos.to_setup()), Ok(pos));
            let json = serde_json::to_string(&pos).expect("a position serialises");
            assert_eq!(serde_json::from_str::<Position>(&json).ok(), Some(pos));
            let _ = Game::from_position(pos);
        }
    }
    let _ = serde_json::from_str::<Position>(text);

    // Record JSON: what reads and replays writes back to the same game.
    if let Ok(record) = Record::from_json(text) {
        if let Ok(game) = record.replay() {
            let json = game.record().to_json();
            let again = Record::from_json(&json)
                .and_then(|r| r.replay())
                .expect("a live game's record replays");
            assert_eq!(again, game, "{json}");
        }
    }

    // Each CLI op on the raw line, and replay also with the bytes as the record itself.
    for op in [Op::Legal, Op::Plays, Op::Replay, Op::Mat] {
        check_answer(op, &answer(op, text));
    }
    if let Ok(record) = serde_json::from_str::<Value>(text) {
        let line = serde_json::json!({ "record": record }).to_string();
        check_answer(Op::Replay, &answer(Op::Replay, &line));
    }
});

fn check_answer(op: Op, v: &Value) {
    let obj = v.as_object().expect("an answer is a JSON object");
    if let Some(e) = obj.get("error") {
        assert!(e.is_string(), "{v}");
        assert!(
            obj.keys()
                .all(|k| k == "error" || (k == "index" && op == Op::Replay)),
            "{v}"
        );
        return;
    }
    let want: &[&str] = match op {
        Op::Legal => &["moves"],
        Op::Plays => &["plays"],
        Op::Mat => &["mat"],
        Op::Replay => &[
            "can_claim",
            "can_offer_draw",
            "dice",
            "phase",
            "position",
            "reason",
            "result",
            "seconds_left",
            "status",
            "turn",
        ],
    };
    let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, want, "{v}");
}
