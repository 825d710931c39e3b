use serde_json::json;

use super::{Rejected, Room};
use crate::event::tests::ROOM_V1;
use crate::event::Event;
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

fn sealed(room: &Room, note: &Note) -> Event {
    room.seal(note, 1_700_000_000, [7; 12], [9; 32])
}

/// An event's text as the worker reads it from a relay, opened.
fn open_text(room: &Room, text: &str) -> Result<Note, Rejected> {
    room.open(&Event::parse(text)?)
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
    // Through its text, as a relay carries it.
    assert_eq!(open_text(&room, &event.to_json()), Ok(note()));
}

#[test]
fn a_note_sealed_before_the_typed_event_still_opens_and_is_sealed_the_same() {
    let room = Room::new(&[1; 16]);
    assert_eq!(open_text(&room, ROOM_V1), Ok(note()));
    // The same id and signature, byte for byte, from the same inputs.
    assert_eq!(Event::parse(ROOM_V1), Ok(sealed(&room, &note())));
}

#[test]
fn the_event_is_nip01_with_nothing_of_the_note_in_clear() {
    let room = Room::new(&[1; 16]);
    let event = sealed(&room, &note());
    assert_eq!(event.kind, KIND);
    assert!((20_000..30_000).contains(&KIND), "ephemeral");
    assert_eq!(event.tags, [["t", room.tag()]]);
    assert_eq!(event.pubkey, room.public_key());
    for field in [&event.id, &event.pubkey, &event.sig] {
        assert!(field.chars().all(|c| c.is_ascii_hexdigit()));
    }
    assert_eq!(event.sig.len(), 128);
    let text = event.to_json();
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
    e.created_at += 1;
    assert_eq!(room.open(&e), Err(Rejected::BadId));
    // The content changed and the id recomputed by a forger: the signature no longer fits.
    let mut e = event.clone();
    let flipped = if &e.content[30..31] == "0" { "1" } else { "0" };
    e.content.replace_range(30..31, flipped);
    e.id = crate::hex(&Event::id_of(
        &e.pubkey,
        e.created_at,
        e.kind,
        &e.tags,
        &e.content,
    ));
    assert_eq!(room.open(&e), Err(Rejected::BadSignature));
    let mut e = event.clone();
    e.sig = "00".repeat(64);
    assert_eq!(room.open(&e), Err(Rejected::BadSignature));
    // A signature too short (k256 panicked on it, and a room's events need no work).
    e.sig = "00".into();
    assert_eq!(room.open(&e), Err(Rejected::BadSignature));
    let mut e = event.clone();
    e.kind = 1;
    assert_eq!(room.open(&e), Err(Rejected::Foreign));
    let mut e = event.clone();
    e.tags = vec![vec!["t".into(), "x".into()]];
    assert_eq!(room.open(&e), Err(Rejected::Foreign));
    // A tag more, even one of the room's: not the room's shape.
    let mut e = event;
    e.tags.push(e.tags[0].clone());
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
    e.pubkey = room.public_key().to_owned();
    e.tags = vec![vec!["t".into(), room.tag().to_owned()]];
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
        assert_eq!(open_text(&room, text), Err(Rejected::Foreign), "{text}");
    }
    let mut e = sealed(&room, &note());
    e.content = "zz".into();
    assert!(room.open(&e).is_err());
    e.content = String::new();
    assert!(room.open(&e).is_err());
}

#[test]
fn the_filter_names_the_room_only() {
    let room = Room::new(&[1; 16]);
    let f = serde_json::to_value(room.filter(10)).unwrap();
    assert_eq!(
        f,
        json!({
            "kinds": [KIND],
            "authors": [room.public_key()],
            "#t": [room.tag()],
            "since": 10,
        })
    );
}
