use serde_json::Value;

use super::{Rejected, Room};
use crate::{Note, Role, What, KIND};

fn note() -> Note {
    Note {
        from: "page-one".into(),
        role: Role::Host,
        what: What::Offer,
        offer: "offer-one".into(),
        at: 1_000,
        code: "OFFERCODE".into(),
        token: "GUESTTOKEN".into(),
    }
}

fn sealed(room: &Room, note: &Note) -> Value {
    serde_json::from_str(&room.seal(note, 1_700_000_000, [7; 12], [9; 32])).unwrap()
}

#[test]
fn a_sealed_note_opens_in_the_same_room_only() {
    let room = Room::new(&[1; 16]);
    let event = sealed(&room, &note());
    assert_eq!(room.open(&event), Ok(note()));
    // The same secret on the other device: the same room.
    assert_eq!(Room::new(&[1; 16]).open(&event), Ok(note()));
    // Another room's devices (and everyone else on the relay) see a foreign event.
    assert_eq!(Room::new(&[2; 16]).open(&event), Err(Rejected::Foreign));
}

#[test]
fn the_event_is_nip01_with_nothing_of_the_note_in_clear() {
    let room = Room::new(&[1; 16]);
    let event = sealed(&room, &note());
    assert_eq!(event["kind"], KIND);
    assert!((20_000..30_000).contains(&KIND), "ephemeral");
    assert_eq!(event["tags"][0][1], room.tag());
    for field in ["id", "pubkey", "sig"] {
        assert!(event[field]
            .as_str()
            .unwrap()
            .chars()
            .all(|c| c.is_ascii_hexdigit()));
    }
    assert_eq!(event["sig"].as_str().unwrap().len(), 128);
    let text = event.to_string();
    for secret in [
        "OFFERCODE",
        "GUESTTOKEN",
        "page-one",
        "offer-one",
        "offer",
        "host",
    ] {
        assert!(!text.contains(secret), "{secret} in clear: {text}");
    }
    // Neither the room secret nor anything printable of it is in the event.
    assert!(!text.contains(&crate::hex(&[1; 16])));
}

#[test]
fn tampering_with_any_field_is_rejected() {
    let room = Room::new(&[1; 16]);
    let event = sealed(&room, &note());
    let mut e = event.clone();
    e["created_at"] = Value::from(1_700_000_001u64);
    assert_eq!(room.open(&e), Err(Rejected::BadId));
    // The content changed and the id recomputed by a forger: the signature no longer fits.
    let mut e = event.clone();
    let content = e["content"].as_str().unwrap().to_string();
    let flipped = format!(
        "{}{}",
        &content[..30],
        if &content[30..31] == "0" { "1" } else { "0" }
    );
    e["content"] = Value::from(format!("{flipped}{}", &content[31..]));
    let fields = serde_json::json!([
        0,
        e["pubkey"],
        e["created_at"],
        KIND,
        e["tags"],
        e["content"]
    ]);
    e["id"] = Value::from(crate::hex(&super::sha(&[fields.to_string().as_bytes()])));
    assert_eq!(room.open(&e), Err(Rejected::BadSignature));
    let mut e = event.clone();
    e["sig"] = Value::from("00".repeat(64));
    assert_eq!(room.open(&e), Err(Rejected::BadSignature));
    let mut e = event.clone();
    e["kind"] = Value::from(1);
    assert_eq!(room.open(&e), Err(Rejected::Foreign));
    let mut e = event;
    e["tags"] = serde_json::json!([["t", "x"]]);
    assert_eq!(room.open(&e), Err(Rejected::Foreign));
}

#[test]
fn a_forger_without_the_secret_cannot_make_a_note_that_opens() {
    // A stranger signs with its own key: foreign. It cannot sign with the room's key, and content
    // sealed with another key does not open even under a genuine signature (checked by sealing in
    // another room and moving the content over, then re-signing is impossible without the key).
    let room = Room::new(&[1; 16]);
    let other = Room::new(&[3; 16]);
    let mut e = sealed(&other, &note());
    e["pubkey"] = Value::from(room.public_key());
    e["tags"] = serde_json::json!([["t", room.tag()]]);
    assert!(matches!(
        room.open(&e),
        Err(Rejected::BadId | Rejected::BadSignature)
    ));
}

#[test]
fn malformed_events_are_rejected_without_a_panic() {
    let room = Room::new(&[1; 16]);
    for text in [
        "null",
        "{}",
        "[]",
        r#"{"kind":25959}"#,
        r#"{"kind":"x","pubkey":5}"#,
    ] {
        let v: Value = serde_json::from_str(text).unwrap();
        assert!(room.open(&v).is_err(), "{text}");
    }
    let mut e = sealed(&room, &note());
    e["content"] = Value::from("zz");
    assert!(room.open(&e).is_err());
    e["content"] = Value::from("");
    assert!(room.open(&e).is_err());
}

#[test]
fn the_filter_names_the_room_only() {
    let room = Room::new(&[1; 16]);
    let f = room.filter(10);
    assert_eq!(f["#t"][0], room.tag());
    assert_eq!(f["authors"][0], room.public_key());
    assert_eq!(f["kinds"][0], KIND);
    assert_eq!(f["since"], 10);
}
