//! `receive`: any bytes, split on newlines, each line decoded as a peer message and fed to a
//! device in the middle of a game (and to a fresh one). Nothing may panic; a refused message
//! changes nothing (unless it halts the game on a dice mismatch); what decodes re-encodes to
//! the same message.

#![no_main]

use libfuzzer_sys::fuzz_target;
use vrhcaby_p2p::{decode, encode, PeerGame};
use vrhcaby_rules::{Command, Record, Side};

/// A short game in progress: the lot, a roll, one move.
const RECORD: &str = r#"{"format":"vrhcaby-record","version":1,"rules":"vrhcaby","commands":[{"t":1000,"cmd":"start","first":"white"},{"t":1000,"cmd":"dice","dice":[6,5]},{"t":2000,"cmd":"move","side":"white","from":24,"to":18}]}"#;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let record = Record::from_json(RECORD).expect("the seed record reads");
    let mut devices = [
        PeerGame::from_record("fuzz".into(), Side::Black, &record).expect("replays"),
        PeerGame::new("fuzz".into(), Side::White),
    ];
    let mut now = 3_000;
    for line in text.lines() {
        now += 250;
        let Ok(msg) = decode(line) else { continue };
        assert_eq!(decode(&encode(&msg)).as_ref(), Ok(&msg));
        for device in &mut devices {
            let before = device.game().clone();
            let halted = device.halted().is_some();
            match device.receive(msg.clone(), now) {
                Ok(_) => {}
                Err(_) if device.halted().is_some() && !halted => {}
                Err(_) => assert_eq!(device.game(), &before, "a refused message changed the game"),
            }
            let _ = device.step(now, &mut || [0x5a; 32]);
            let _ = device.observe(Command::Tick, now);
            // The record always replays to the live game.
            assert_eq!(device.game().record().replay().as_ref(), Ok(device.game()));
        }
    }
});
