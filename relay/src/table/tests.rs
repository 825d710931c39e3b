use serde_json::{json, Value};

use super::*;
use crate::event::tests::{JOIN_V1, TABLE_V1};

const NOW: u64 = 1_800_000_000;
/// Little work, so tests run fast; the lobby is asked for the same.
const WORK: u32 = 4;

fn key(n: u8) -> TableKey {
    TableKey::new(&[n; 32]).unwrap()
}

fn wish() -> Wish {
    Wish {
        rules: Rules::Standard,
        length: 5,
        clock: true,
        lang: Lang::En,
    }
}

fn table(k: &TableKey, wish: Option<&Wish>, now: u64) -> Event {
    k.table(wish, now, WORK, 0, &[3; 32])
}

/// An event of `k`'s signed as it is, whatever its fields (a forger's tool).
fn signed(k: &TableKey, kind: u32, created_at: u64, tags: &Value, content: &str) -> Event {
    let tags = serde_json::from_value(tags.clone()).unwrap();
    Event::signed(&k.key, kind, created_at, tags, content.to_owned(), &[5; 32])
}

/// An event's text as the worker reads it from a relay (a text that is no event is foreign).
fn parsed(text: &str) -> Result<Event, Ignored> {
    Ok(Event::parse(text)?)
}

/// An event changed as JSON (a forger's other tool), read back.
fn edited(e: &Event, edit: impl FnOnce(&mut Value)) -> Event {
    let mut v = serde_json::to_value(e).unwrap();
    edit(&mut v);
    Event::parse(&v.to_string()).unwrap()
}

fn table_tags(expires: u64) -> Value {
    json!([
        ["d", TABLE_D],
        ["t", TABLE_TAG],
        ["expiration", expires.to_string()],
        ["nonce", "0", "0"]
    ])
}

/// `what` sealed with the tests' little work.
fn seal(k: &TableKey, to: &str, what: &Sealed, now: u64, nonce: [u8; 12]) -> Event {
    k.seal(to, what, now, nonce, WORK, 0, &[4; 32]).unwrap()
}

/// A sealed event opened asking no work (the forgeries below carry none).
fn open(k: &TableKey, event: &Event, now: u64) -> Result<(String, Sealed), Ignored> {
    k.open_with(event, now, 0, 0)
}

fn work_of(event: &Event) -> u32 {
    leading_zero_bits(&unhex(&event.id).unwrap())
}

#[test]
fn a_table_is_listed_with_its_wish_and_its_work() {
    let (a, mut lobby) = (key(1), Lobby::new());
    let text = table(&a, Some(&wish()), NOW);
    assert_eq!(text.kind, TABLE_KIND);
    assert!(
        (30_000..40_000).contains(&TABLE_KIND),
        "addressable: relays keep the newest"
    );
    assert!(work_of(&text) >= WORK);
    assert!(text.size() < 700, "{} bytes", text.size());
    let Ok(Change::Open(listed)) = lobby.take_with(&text, NOW, WORK) else {
        panic!()
    };
    assert_eq!(
        (listed.wish, listed.author.as_str()),
        (wish(), a.public_key())
    );
    assert_eq!(listed.expires, NOW + TTL_S);
    assert_eq!(
        lobby.list(NOW + 1, Some(&wish()), None),
        vec![listed.clone()]
    );
    // Another wish does not see it; the owner's own page does not list it.
    let money = Wish {
        length: 0,
        ..wish()
    };
    assert!(lobby.list(NOW, Some(&money), None).is_empty());
    assert!(lobby.list(NOW, None, Some(a.public_key())).is_empty());
    // The language is shown, not filtered on.
    assert_eq!(
        lobby
            .list(
                NOW,
                Some(&Wish {
                    lang: Lang::Cs,
                    ..wish()
                }),
                None
            )
            .len(),
        1
    );
    // Without the work the lobby asks for, it is not looked at (24 bits: 2^-20 of a chance).
    assert_eq!(Lobby::new().take_with(&text, NOW, 24), Err(Ignored::NoWork));
}

#[test]
fn the_default_work_is_what_the_lobby_asks() {
    let a = key(2);
    let text = a.table(Some(&wish()), NOW, POW_BITS, 0, &[3; 32]);
    assert!(work_of(&text) >= POW_BITS);
    assert!(matches!(Lobby::new().take(&text, NOW), Ok(Change::Open(_))));
}

#[test]
fn a_table_and_a_join_made_before_the_typed_event_are_taken_and_made_the_same() {
    let (owner, joiner) = (key(1), key(2));
    let old = parsed(TABLE_V1).unwrap();
    let Ok(Change::Open(listed)) = Lobby::new().take_with(&old, NOW, 8) else {
        panic!()
    };
    assert_eq!(listed.id, old.id);
    assert_eq!(listed.author, owner.public_key());
    // The same nonce found, the same id and signature, from the same inputs.
    assert_eq!(owner.table(Some(&wish()), NOW, 8, 0, &[3; 32]), old);
    let join = Sealed::Join {
        room: "0123456789abcdef0123456789abcdef".into(),
        table: "ab".repeat(32),
    };
    let old = parsed(JOIN_V1).unwrap();
    assert_eq!(
        owner.open_with(&old, NOW, 8, 8),
        Ok((joiner.public_key().to_owned(), join.clone()))
    );
    assert_eq!(
        joiner.seal(owner.public_key(), &join, NOW, [9; 12], 8, 0, &[4; 32]),
        Some(old)
    );
}

#[test]
fn a_table_expires_is_renewed_and_withdrawn_and_never_comes_back() {
    let (a, mut lobby) = (key(1), Lobby::new());
    let first = table(&a, Some(&wish()), NOW);
    lobby.take_with(&first, NOW, WORK).unwrap();
    // Heard again (a relay's duplicate, a replay): ignored.
    assert_eq!(
        lobby.take_with(&first, NOW + 5, WORK),
        Err(Ignored::Replayed)
    );
    // Expired: gone from the list, and not taken if heard then.
    assert!(lobby.list(NOW + TTL_S, None, None).is_empty());
    assert_eq!(
        Lobby::new().take_with(&first, NOW + TTL_S, WORK),
        Err(Ignored::Expired)
    );
    // Renewed: listed again with the new life.
    let renewed = table(&a, Some(&wish()), NOW + RENEW_S);
    let Ok(Change::Open(l)) = lobby.take_with(&renewed, NOW + RENEW_S, WORK) else {
        panic!()
    };
    assert_eq!(l.expires, NOW + RENEW_S + TTL_S);
    assert_eq!(lobby.list(NOW + RENEW_S + 1, None, None).len(), 1);
    // Withdrawn: gone; the older copies replayed do not bring it back.
    let closed = table(&a, None, NOW + RENEW_S + 10);
    assert_eq!(
        lobby.take_with(&closed, NOW + RENEW_S + 10, WORK),
        Ok(Change::Closed(a.public_key().into()))
    );
    assert!(lobby.list(NOW + RENEW_S + 11, None, None).is_empty());
    for old in [&first, &renewed] {
        assert_eq!(
            lobby.take_with(old, NOW + RENEW_S + 12, WORK),
            Err(Ignored::Replayed)
        );
    }
    assert!(lobby.list(NOW + RENEW_S + 12, None, None).is_empty());
    // A table taken by someone (`close`) is gone until its owner opens it anew.
    let again = table(&a, Some(&wish()), NOW + 200);
    lobby.take_with(&again, NOW + 200, WORK).unwrap();
    lobby.close(a.public_key());
    assert!(lobby.list(NOW + 201, None, None).is_empty());
    assert_eq!(
        lobby.take_with(&again, NOW + 202, WORK),
        Err(Ignored::Replayed)
    );
}

#[test]
fn forged_malformed_oversized_and_untimely_tables_are_ignored() {
    let (a, b) = (key(1), key(2));
    let good = table(&a, Some(&wish()), NOW);
    // The forger's events below carry no work: a lobby that asks none judges the rest.
    let take = |e: &Event| Lobby::new().take_with(e, NOW, 0);
    // Tampered with after signing: the id no longer matches.
    let tampered = parsed(&good.to_json().replace(r#"\"length\":5"#, r#"\"length\":7"#)).unwrap();
    assert_ne!(tampered, good);
    assert_eq!(take(&tampered), Err(Ignored::BadId));
    // Someone else's key claimed: the signature does not verify.
    let forged = Event {
        sig: table(&b, Some(&wish()), NOW).sig,
        ..good.clone()
    };
    assert_eq!(take(&forged), Err(Ignored::BadSignature));
    // Not JSON, not an event, another kind or tag: foreign.
    for text in [
        "",
        "{",
        "[]",
        "{\"kind\":30959}",
        &good.to_json().replace(TABLE_TAG, "other-app"),
    ] {
        assert!(
            matches!(
                parsed(text).and_then(|e| take(&e)),
                Err(Ignored::Foreign | Ignored::BadId)
            ),
            "{text}"
        );
    }
    assert_eq!(
        take(&signed(&a, 1, NOW, &table_tags(NOW + 60), "{}")),
        Err(Ignored::Foreign)
    );
    // Too long.
    let long = signed(
        &a,
        TABLE_KIND,
        NOW,
        &table_tags(NOW + 60),
        &"x".repeat(MAX_EVENT_BYTES),
    );
    assert_eq!(take(&long), Err(Ignored::Oversized));
    // A wish that is not one: junk, unknown fields, a house "match".
    for content in [
        "junk",
        "{}",
        r#"{"rules":"house","length":3,"clock":false,"lang":"cs"}"#,
        r#"{"rules":"standard","length":5,"clock":false,"lang":"cs","extra":1}"#,
        r#"{"rules":"standard","length":99,"clock":false,"lang":"cs"}"#,
    ] {
        assert_eq!(
            take(&signed(&a, TABLE_KIND, NOW, &table_tags(NOW + 60), content)),
            Err(Ignored::Malformed),
            "{content}"
        );
    }
    // From the future, expired, or claiming too long a life.
    assert_eq!(
        take(&table(&a, Some(&wish()), NOW + MAX_SKEW_S + 1)),
        Err(Ignored::FromTheFuture)
    );
    assert!(
        take(&table(&a, Some(&wish()), NOW + MAX_SKEW_S)).is_ok(),
        "a clock a few seconds ahead is fine"
    );
    let content = serde_json::to_string(&wish()).unwrap();
    assert_eq!(
        take(&signed(&a, TABLE_KIND, NOW, &table_tags(NOW), &content)),
        Err(Ignored::Expired)
    );
    assert_eq!(
        take(&signed(
            &a,
            TABLE_KIND,
            NOW,
            &table_tags(NOW + MAX_TTL_S + 1),
            &content
        )),
        Err(Ignored::Expired)
    );
    assert!(take(&signed(
        &a,
        TABLE_KIND,
        NOW,
        &table_tags(NOW + MAX_TTL_S),
        &content
    ))
    .is_ok());
    // No expiration at all.
    let tags = json!([["d", TABLE_D], ["t", TABLE_TAG]]);
    assert_eq!(
        take(&signed(&a, TABLE_KIND, NOW, &tags, &content)),
        Err(Ignored::Foreign)
    );
}

#[test]
fn a_flood_neither_shows_nor_pushes_out_the_honest_tables() {
    let (honest, mut lobby) = (key(1), Lobby::new());
    lobby
        .take_with(&table(&honest, Some(&wish()), NOW), NOW, WORK)
        .unwrap();
    let mut event = table(&key(2), Some(&wish()), NOW);
    // 1,000 forged tables: each a different author claimed, the id recomputed, no work, or a
    // bad signature.
    let mut ignored = 0;
    for i in 0..1_000u32 {
        event.pubkey = format!("{:064x}", 0xabc_u64 + u64::from(i));
        event.content =
            format!(r#"{{"rules":"standard","length":5,"clock":true,"lang":"en","n":{i}}}"#);
        if lobby.take_with(&event, NOW, WORK).is_err() {
            ignored += 1;
        }
    }
    assert_eq!(ignored, 1_000);
    assert_eq!(lobby.list(NOW, None, None).len(), 1);
    // More genuine tables than it keeps, without work, in a lobby that asks none: it keeps at
    // most MAX_TABLES, and a table newer than the flood still gets in.
    let mut flood = Lobby::new();
    for i in 0..(MAX_TABLES as u32 + 44) {
        let k = TableKey::new(&{
            let mut s = [7u8; 32];
            s[..4].copy_from_slice(&i.to_be_bytes());
            s
        })
        .unwrap();
        let _ = flood.take_with(&k.table(Some(&wish()), NOW, 0, 0, &[1; 32]), NOW, 0);
    }
    assert_eq!(flood.list(NOW, None, None).len(), MAX_TABLES);
    let fresh = table(&honest, Some(&wish()), NOW + 1);
    assert!(flood.take_with(&fresh, NOW + 1, WORK).is_ok());
    assert_eq!(
        flood.list(NOW + 1, None, None)[0].author,
        honest.public_key()
    );
    assert_eq!(flood.list(NOW + 1, None, None).len(), MAX_TABLES);
}

#[test]
fn a_blocked_stranger_is_ignored() {
    let (a, mut lobby) = (key(1), Lobby::new());
    lobby
        .take_with(&table(&a, Some(&wish()), NOW), NOW, WORK)
        .unwrap();
    lobby.block(a.public_key());
    assert!(lobby.list(NOW, None, None).is_empty());
    assert_eq!(
        lobby.take_with(&table(&a, Some(&wish()), NOW + 1), NOW + 1, WORK),
        Err(Ignored::Blocked)
    );
}

#[test]
fn a_join_opens_for_the_owner_only_and_shows_nothing_to_the_relay() {
    let (owner, joiner, other) = (key(1), key(2), key(3));
    let room = "0123456789abcdef0123456789abcdef".to_owned();
    let join = Sealed::Join {
        room: room.clone(),
        table: "ab".repeat(32),
    };
    let text = seal(&joiner, owner.public_key(), &join, NOW, [9; 12]);
    assert_eq!(
        open(&owner, &text, NOW + 1),
        Ok((joiner.public_key().to_owned(), join.clone()))
    );
    // The relay sees neither the room nor the table it answers.
    let json = text.to_json();
    assert!(
        !json.contains(&room) && !json.contains(&"ab".repeat(32)),
        "{json}"
    );
    // Not to this key: foreign; the same content re-addressed to another key does not open.
    assert_eq!(open(&other, &text, NOW), Err(Ignored::Foreign));
    let readdressed = signed(
        &joiner,
        SEALED_KIND,
        NOW,
        &json!([["p", other.public_key()], ["t", SEALED_TAG]]),
        &text.content,
    );
    assert_eq!(open(&other, &readdressed, NOW), Err(Ignored::Malformed));
    // A byte of the ciphertext changed (and re-signed by its author): it does not open.
    let content = &text.content;
    let flipped = format!(
        "{}{}",
        &content[..40],
        if &content[40..41] == "0" { "1" } else { "0" }
    ) + &content[41..];
    let tags = json!([["p", owner.public_key()], ["t", SEALED_TAG]]);
    assert_eq!(
        open(
            &owner,
            &signed(&joiner, SEALED_KIND, NOW, &tags, &flipped),
            NOW
        ),
        Err(Ignored::Malformed)
    );
    // Another author claimed: the signature fails.
    let claimed = edited(&text, |e| e["pubkey"] = json!(other.public_key()));
    assert!(matches!(
        open(&owner, &claimed, NOW),
        Err(Ignored::BadId | Ignored::BadSignature)
    ));
    // Replayed after its sender stopped waiting (or a relay held it that long), or from the
    // future: ignored.
    assert_eq!(
        open(&owner, &text, NOW + JOIN_MAX_AGE_S + 1),
        Err(Ignored::Expired)
    );
    assert!(open(&owner, &text, NOW + JOIN_MAX_AGE_S).is_ok());
    assert_eq!(
        open(&owner, &text, NOW - MAX_SKEW_S - 1),
        Err(Ignored::FromTheFuture)
    );
    // A join whose room is not a room secret.
    let bad = seal(
        &joiner,
        owner.public_key(),
        &Sealed::Join {
            room: "zz".into(),
            table: "t".into(),
        },
        NOW,
        [1; 12],
    );
    assert_eq!(open(&owner, &bad, NOW), Err(Ignored::Malformed));
    // The answer travels back the same way.
    let taken = Sealed::Taken {
        table: "cd".repeat(32),
    };
    let back = seal(&owner, joiner.public_key(), &taken, NOW, [2; 12]);
    assert_eq!(
        open(&joiner, &back, NOW),
        Ok((owner.public_key().to_owned(), taken))
    );
}

#[test]
fn the_first_joiner_gets_the_game_and_every_other_hears_it_is_taken() {
    let mut o = Owner::new();
    let join = |room: &str, table: &str| Sealed::Join {
        room: room.into(),
        table: table.into(),
    };
    o.opened("t1");
    o.opened("t2"); // renewed: a join for either copy counts
    assert_eq!(o.join("x", &join("r0", "other")), Seat::NotOurs);
    assert_eq!(
        o.join("b", &join("r1", "t1")),
        Seat::Play {
            joiner: "b".into(),
            room: "r1".into()
        }
    );
    assert_eq!(o.join("b", &join("r1", "t1")), Seat::Again);
    assert_eq!(
        o.join("c", &join("r2", "t2")),
        Seat::Taken {
            joiner: "c".into(),
            table: "t2".into()
        }
    );
    assert_eq!(
        o.join("b", &join("r9", "t2")),
        Seat::Taken {
            joiner: "b".into(),
            table: "t2".into()
        }
    );
    assert_eq!(o.seated(), Some(&("b".to_owned(), "r1".to_owned())));
    // Renewing after a seat is taken does not reopen it.
    o.opened("t3");
    assert!(matches!(o.join("d", &join("r3", "t3")), Seat::Taken { .. }));
    // Withdrawn before anyone came: every join hears "taken".
    let mut w = Owner::new();
    w.opened("t1");
    w.withdrawn();
    assert!(matches!(w.join("b", &join("r1", "t1")), Seat::Taken { .. }));
    assert_eq!(
        w.join("b", &Sealed::Taken { table: "t1".into() }),
        Seat::NotOurs
    );
}

// ---------------------------------------------------------------------------------------------
// The third review's attacks on open tables (issue 49).

fn nth_key(i: u32) -> TableKey {
    let mut s = [7u8; 32];
    s[..4].copy_from_slice(&i.to_be_bytes());
    TableKey::new(&s).unwrap()
}

/// 256 tables dated a minute ahead filled every lobby, and an honest table was refused as full.
/// Tables dated ahead more than a few seconds are refused; a full lobby makes room by the table
/// heard longest ago, so an honest table always gets in.
#[test]
fn tables_dated_ahead_cannot_fill_a_lobby_against_an_honest_table() {
    let mut lobby = Lobby::new();
    let ahead = |i: u32, skew: u64| nth_key(i).table(Some(&wish()), NOW + skew, 0, 0, &[1; 32]);
    assert_eq!(
        lobby.take_with(&ahead(0, 60), NOW, 0),
        Err(Ignored::FromTheFuture)
    );
    for i in 0..MAX_TABLES as u32 {
        lobby.take_with(&ahead(i, MAX_SKEW_S), NOW, 0).unwrap();
    }
    let honest = key(1);
    let text = table(&honest, Some(&wish()), NOW + 1);
    assert!(matches!(
        lobby.take_with(&text, NOW + 1, WORK),
        Ok(Change::Open(_))
    ));
    let list = lobby.list(NOW + 1, Some(&wish()), None);
    assert_eq!(list.len(), MAX_TABLES);
    assert!(list.iter().any(|l| l.author == honest.public_key()));
}

/// A table dated ahead claiming a ten-minute life was listed eleven minutes. Its life is capped
/// at what a table needs, from when the lobby heard it.
#[test]
fn a_table_is_listed_no_longer_than_a_table_lives() {
    let a = key(1);
    let content = serde_json::to_string(&wish()).unwrap();
    let long = signed(
        &a,
        TABLE_KIND,
        NOW + MAX_SKEW_S,
        &table_tags(NOW + MAX_SKEW_S + 600),
        &content,
    );
    assert_eq!(Lobby::new().take_with(&long, NOW, 0), Err(Ignored::Expired));
    let most = signed(
        &a,
        TABLE_KIND,
        NOW + MAX_SKEW_S,
        &table_tags(NOW + MAX_SKEW_S + MAX_TTL_S),
        &content,
    );
    let mut lobby = Lobby::new();
    lobby.take_with(&most, NOW, 0).unwrap();
    assert_eq!(lobby.list(NOW + MAX_TTL_S - 1, None, None).len(), 1);
    assert!(lobby.list(NOW + MAX_TTL_S, None, None).is_empty());
    const {
        assert!(
            MAX_TTL_S < 4 * 60,
            "a table needs two minutes, a little more at most"
        )
    };
}

/// A flood of tables evicted a withdrawal, and a replay of the withdrawn table brought it back.
/// A withdrawal is remembered until any copy of its table has expired, whatever the flood.
#[test]
fn a_flood_cannot_push_out_a_withdrawal_to_let_a_replay_revive_the_table() {
    let (a, mut lobby) = (key(1), Lobby::new());
    let open = table(&a, Some(&wish()), NOW);
    lobby.take_with(&open, NOW, WORK).unwrap();
    lobby
        .take_with(&table(&a, None, NOW + 1), NOW + 1, WORK)
        .unwrap();
    // A flood of tables and withdrawals from fresh keys, more than the lobby keeps of each.
    for i in 0..(MAX_TABLES as u32 + 50) {
        let _ = lobby.take_with(
            &nth_key(i).table(Some(&wish()), NOW + 2, 0, 0, &[1; 32]),
            NOW + 2,
            0,
        );
    }
    for i in 0..(MAX_CLOSED as u32 + 50) {
        let _ = lobby.take_with(
            &nth_key(10_000 + i).table(None, NOW + 2, 0, 0, &[1; 32]),
            NOW + 2,
            0,
        );
    }
    assert_eq!(
        lobby.take_with(&open, NOW + 3, WORK),
        Err(Ignored::Replayed)
    );
    assert!(lobby
        .list(NOW + 3, None, None)
        .iter()
        .all(|l| l.author != a.public_key()));
}

/// Joins needed no work, so a script could seat every owner in a room nobody enters; and a
/// relay that held a join past its sender's wait seated the owner with someone gone. A join
/// carries work and expires.
#[test]
fn a_join_carries_work_and_expires() {
    let (owner, joiner) = (key(1), key(2));
    let join = Sealed::Join {
        room: "0123456789abcdef0123456789abcdef".into(),
        table: "ab".repeat(32),
    };
    // Without its work (a script's join): ignored before its signature is looked at.
    let cheap = joiner
        .seal(owner.public_key(), &join, NOW, [9; 12], 0, 0, &[4; 32])
        .unwrap();
    if work_of(&cheap) < SEALED_POW_BITS {
        assert_eq!(owner.open(&cheap, NOW), Err(Ignored::NoWork));
    }
    let some = joiner
        .seal(
            owner.public_key(),
            &join,
            NOW,
            [9; 12],
            SEALED_POW_BITS,
            0,
            &[4; 32],
        )
        .unwrap();
    if work_of(&some) < JOIN_POW_BITS {
        assert_eq!(owner.open(&some, NOW), Err(Ignored::NoWork));
    }
    // With it: opened, until its sender stops waiting.
    let paid = joiner
        .seal(
            owner.public_key(),
            &join,
            NOW,
            [9; 12],
            JOIN_POW_BITS,
            0,
            &[4; 32],
        )
        .unwrap();
    assert_eq!(
        owner.open(&paid, NOW + 1),
        Ok((joiner.public_key().to_owned(), join.clone()))
    );
    assert_eq!(
        owner.open(&paid, NOW + JOIN_MAX_AGE_S + 1),
        Err(Ignored::Expired)
    );
    assert!(
        paid.tag("expiration").is_some(),
        "a join says when it expires (NIP-40): {paid:?}"
    );
}

/// 500 joins after a table was taken cost its owner 500 sealed answers. Each key hears
/// "taken" once, and an owner sends a bounded number in all.
#[test]
fn an_owner_says_taken_once_per_key_and_a_bounded_number_in_all() {
    let mut o = Owner::new();
    let join = |room: &str| Sealed::Join {
        room: room.into(),
        table: "t1".into(),
    };
    o.opened("t1");
    assert!(matches!(o.join("winner", &join("r0")), Seat::Play { .. }));
    assert!(matches!(o.join("x", &join("r1")), Seat::Taken { .. }));
    for i in 0..500 {
        assert_eq!(o.join("x", &join(&format!("r{i}"))), Seat::NotOurs);
    }
    let mut answers = 0;
    for i in 0..500 {
        if matches!(o.join(&format!("k{i}"), &join("r")), Seat::Taken { .. }) {
            answers += 1;
        }
    }
    assert_eq!(answers, MAX_TAKEN_ANSWERS - 1);
    // The winner's join again still hears its welcome.
    assert_eq!(o.join("winner", &join("r0")), Seat::Again);
}
