use k256::schnorr::SigningKey;
use serde_json::{json, Value};

use super::*;

/// A room's note as the code before the typed event sealed it: `Room::new(&[1; 16])`, the
/// tests' note, at 1,700,000,000 with nonce `[7; 12]` and aux `[9; 32]`.
pub(crate) const ROOM_V1: &str = concat!(
    r#"{"content":"07070707070707070707070777ce28913e5d1342e054dde45fb48f622bf3993b44314526"#,
    r#"aaec9978ba88b85c388da84429f8fe68c60122dde8fee1a4462f55cfe1a33d46598ac2cfdfc55a15aeaa"#,
    r#"f78ac01a826c9c140ccd1fadd7acd69d77f3cfab31ff8dc21769d1608072a09cc1794967aedc140c44c8"#,
    r#"eec3e3b0aabb27f14485f7a3a4c60d1ad244120fa7178ca55a81","created_at":1700000000,"id":""#,
    r#"f8a2bd8586fb957be1714a991cc8101aa5e0e4a2ea87c0bee627ccd8a8427713","kind":25959,"pubk"#,
    r#"ey":"e23c7e341ab06ab931286867f246c85425b0d9a79a792cc57560f3acce60bbe9","sig":"88875f"#,
    r#"f6821393076c030ec6f1623d6ca91ca84cd279285e8a3ee0f002d1199a2cf528b319eb88ace3068aa0a0"#,
    r#"805fcdf734367f9177c9896c4140b4162497fe","tags":[["t","f30bcbbd7daae7da8c1560809837da"#,
    r#"4b"]]}"#,
);
/// A table as the code before the typed event made it: `TableKey::new(&[1; 32])`, standard
/// rules, 5 points, the clock, English, at 1,800,000,000 with 8 bits of work from nonce 0 and
/// aux `[3; 32]`.
pub(crate) const TABLE_V1: &str = concat!(
    r#"{"content":"{\"rules\":\"standard\",\"length\":5,\"clock\":true,\"lang\":\"en\"}","c"#,
    r#"reated_at":1800000000,"id":"00d6efaa17e2ae634b202f8ca6aafb955dc4a0088a031994fb1472e2"#,
    r#"8f019e32","kind":30959,"pubkey":"1b84c5567b126440995d3ed5aaba0565d71e1834604819ff9c1"#,
    r#"7f5e9d5dd078f","sig":"4eb7bac2babd2c3fbfcea82789b27488f2c7f108387e97d35f7e20ad16ec65"#,
    r#"7b326771abee71151e782a4b0b81cdb0d020c0c1b2765e2fb1a0063cc6bcff3635","tags":[["d","vr"#,
    r#"hcaby-table"],["t","vrhcaby-table-v1"],["expiration","1800000120"],["nonce","571","8"#,
    r#""]]}"#,
);
/// A join as the code before the typed event sealed it: from `TableKey::new(&[2; 32])` to the
/// table's key, room `0123456789abcdef0123456789abcdef`, table `ab` × 32, at 1,800,000,000 with
/// nonce `[9; 12]`, 8 bits of work from 0 and aux `[4; 32]`.
pub(crate) const JOIN_V1: &str = concat!(
    r#"{"content":"0909090909090909090909092bf7a21c3a981fe88802cca98f38867587c1085cb4153113"#,
    r#"363a6540bdede3a003decaba982766b0dd4cf2c18aad542e463fe8432bb810d8c50f5051e27a2e682b2c"#,
    r#"1396244a461bf55486776115a33ce7016c6e1bb89aa55ea6f905191a286860cec22e5e3dab3bcce96152"#,
    r#"a2f9e2da2824694391b8d196328c8aabd769b30d3997c4dd1fbd30511a25a1096b54cd","created_at""#,
    r#":1800000000,"id":"00c3ba1bb54c35c4334cb057da98f950b02a8e76dd192307fb876529155459b5","#,
    r#""kind":25960,"pubkey":"4d4b6cd1361032ca9bd2aeb9d900aa4d45d9ead80ac9423374c451a7254d0"#,
    r#"766","sig":"b54b2f049a3b4794ba30e7eeda5697250532774146c686f15a0c7e307459888a36690f52"#,
    r#"e3fdaeeac62707af7204ef3ed6f91cda0fa8e17446df73e639a825ea","tags":[["p","1b84c5567b12"#,
    r#"6440995d3ed5aaba0565d71e1834604819ff9c17f5e9d5dd078f"],["t","vrhcaby-join-v1"],["exp"#,
    r#"iration","1800000025"],["nonce","122","8"]]}"#,
);

fn key(n: u8) -> SigningKey {
    SigningKey::from_bytes(&[n; 32]).unwrap()
}

fn tags(v: Value) -> Vec<Vec<String>> {
    serde_json::from_value(v).unwrap()
}

fn event() -> Event {
    Event::signed(
        &key(1),
        1,
        1_800_000_000,
        tags(json!([["t", "topic"], ["p", "ab"]])),
        "hello".into(),
        &[5; 32],
    )
}

/// The id as the code before the typed event computed it: serde_json's `Value` text.
fn id_the_old_way(e: &Event) -> [u8; 32] {
    let text = json!([0, e.pubkey, e.created_at, e.kind, e.tags, e.content]).to_string();
    sha(&[text.as_bytes()])
}

#[test]
fn an_event_reads_back_as_written_with_nip01_names() {
    let e = event();
    assert_eq!(e.verify(0), Ok(unhex(&e.id).unwrap().try_into().unwrap()));
    let text = e.to_json();
    assert_eq!(Event::parse(&text), Ok(e.clone()));
    assert_eq!(e.size(), text.len());
    let v: Value = serde_json::from_str(&text).unwrap();
    let mut names: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "content",
            "created_at",
            "id",
            "kind",
            "pubkey",
            "sig",
            "tags"
        ]
    );
    assert_eq!((e.id.len(), e.pubkey.len(), e.sig.len()), (64, 64, 128));
    // Signing is deterministic for the same aux bytes; other aux bytes, another signature.
    assert_eq!(event(), e);
    let other = Event::signed(
        &key(1),
        1,
        e.created_at,
        e.tags.clone(),
        e.content.clone(),
        &[6; 32],
    );
    assert_eq!(other.id, e.id);
    assert_ne!(other.sig, e.sig);
    assert!(other.verify(0).is_ok());
    // Fields NIP-01 does not name are ignored.
    let mut v = v;
    v["relay_added"] = json!(["x", 1]);
    assert_eq!(Event::parse(&v.to_string()), Ok(e));
}

#[test]
fn an_event_made_before_the_typed_event_still_verifies_with_the_same_id() {
    let e = Event::parse(TABLE_V1).unwrap();
    let id = e.verify(8).unwrap();
    assert_eq!(
        hex(&id),
        "00d6efaa17e2ae634b202f8ca6aafb955dc4a0088a031994fb1472e28f019e32"
    );
    assert_eq!(
        Event::id_of(
            "1b84c5567b126440995d3ed5aaba0565d71e1834604819ff9c17f5e9d5dd078f",
            1_800_000_000,
            30_959,
            &tags(json!([
                ["d", "vrhcaby-table"],
                ["t", "vrhcaby-table-v1"],
                ["expiration", "1800000120"],
                ["nonce", "571", "8"]
            ])),
            r#"{"rules":"standard","length":5,"clock":true,"lang":"en"}"#,
        ),
        id
    );
    for text in [ROOM_V1, JOIN_V1] {
        let e = Event::parse(text).unwrap();
        assert_eq!(e.verify(0).map(|id| hex(&id)), Ok(e.id.clone()), "{text}");
    }
}

#[test]
fn the_id_is_the_one_the_old_code_computed_whatever_the_text() {
    // Escapes, quotes, control characters, non-ASCII and the mining mark, in content and tags.
    for content in [
        "",
        "plain",
        "\"quoted\" and \\backslashed\\",
        "tab\there\nnewline\r\u{1}\u{1f}\u{7f}",
        "čeština, 日本語, 🎲🎲",
        "</script> & NONCE \u{2028}\u{2029}",
    ] {
        let e = Event::signed(
            &key(2),
            30_959,
            u64::MAX,
            tags(json!([["t", content], ["nonce", "NONCE", "8"], [], ["x"]])),
            content.into(),
            &[1; 32],
        );
        assert_eq!(unhex(&e.id).unwrap(), id_the_old_way(&e), "{content:?}");
        assert_eq!(e.verify(0).map(|id| hex(&id)), Ok(e.id.clone()));
        assert_eq!(Event::parse(&e.to_json()).as_ref(), Ok(&e));
    }
}

#[test]
fn any_field_changed_after_signing_is_rejected() {
    let e = event();
    let changed: [&dyn Fn(&mut Event); 6] = [
        &|e| e.content.push('!'),
        &|e| e.created_at += 1,
        &|e| e.kind += 1,
        &|e| e.tags[0][1].push('x'),
        &|e| e.tags.reverse(),
        &|e| e.tags.push(vec!["t".into()]),
    ];
    for (i, change) in changed.iter().enumerate() {
        let mut t = e.clone();
        change(&mut t);
        assert_eq!(t.verify(0), Err(Invalid::BadId), "change {i}");
    }
    // Another id claimed.
    let mut t = e.clone();
    t.id = "00".repeat(32);
    assert_eq!(t.verify(0), Err(Invalid::BadId));
    t.id = "not hex".into();
    assert_eq!(t.verify(0), Err(Invalid::BadId));
    // A field changed and the id recomputed by a forger: the signature no longer fits.
    let mut t = e.clone();
    t.content = "forged".into();
    t.id = hex(&Event::id_of(
        &t.pubkey,
        t.created_at,
        t.kind,
        &t.tags,
        &t.content,
    ));
    assert_eq!(t.verify(0), Err(Invalid::BadSignature));
    // Another author claimed, the id recomputed.
    let mut t = e.clone();
    t.pubkey = Event::signed(&key(3), 1, 0, vec![], String::new(), &[0; 32]).pubkey;
    t.id = hex(&Event::id_of(
        &t.pubkey,
        t.created_at,
        t.kind,
        &t.tags,
        &t.content,
    ));
    assert_eq!(t.verify(0), Err(Invalid::BadSignature));
    // A signature of something else, a byte of it flipped, none at all.
    let mut t = e.clone();
    t.sig = other_sig();
    assert_eq!(t.verify(0), Err(Invalid::BadSignature));
    let mut t = e.clone();
    t.sig
        .replace_range(0..2, if &e.sig[..2] == "00" { "01" } else { "00" });
    assert_eq!(t.verify(0), Err(Invalid::BadSignature));
    let mut t = e;
    t.sig.clear();
    assert_eq!(t.verify(0), Err(Invalid::BadSignature));
}

fn other_sig() -> String {
    Event::signed(&key(1), 2, 0, vec![], String::new(), &[0; 32]).sig
}

#[test]
fn keys_and_signatures_of_another_length_are_rejected_without_a_panic() {
    // k256 panics on a key or a signature of the wrong length; a relay's event may carry any,
    // with an id that fits (the id is anyone's to compute).
    let e = event();
    for (pubkey, sig) in [
        ("ab".to_owned(), e.sig.clone()),
        ("ab".repeat(33), e.sig.clone()),
        (String::new(), e.sig.clone()),
        // Not a point on the curve (x = 2^256 - 1 is beyond the field).
        ("ff".repeat(32), e.sig.clone()),
        (e.pubkey.clone(), "00".to_owned()),
        (e.pubkey.clone(), "00".repeat(31)),
        (e.pubkey.clone(), "00".repeat(65)),
        (e.pubkey.clone(), "ff".repeat(64)),
        (e.pubkey.clone(), "zz".repeat(64)),
    ] {
        let mut t = e.clone();
        t.pubkey = pubkey;
        t.sig = sig;
        t.id = hex(&Event::id_of(
            &t.pubkey,
            t.created_at,
            t.kind,
            &t.tags,
            &t.content,
        ));
        assert_eq!(t.verify(0), Err(Invalid::BadSignature), "{t:?}");
    }
}

#[test]
fn mining_gives_the_work_asked_and_the_id_of_the_fields() {
    assert_eq!(leading_zero_bits(&[0, 0, 0x80]), 16);
    assert_eq!(leading_zero_bits(&[0, 0x01]), 15);
    assert_eq!(leading_zero_bits(&[0xff]), 0);
    assert_eq!(leading_zero_bits(&[0; 32]), 256);
    assert_eq!(leading_zero_bits(&[]), 0);
    for (work, content) in [(0, "x"), (4, "NONCE"), (8, "\"NONCE\"], NONCE"), (12, "")] {
        let e = Event::mined(
            &key(4),
            25_960,
            1_800_000_000,
            tags(json!([["p", "NONCE"], ["t", "topic"]])),
            content.into(),
            work,
            7,
            &[2; 32],
        );
        let id = e.verify(work).unwrap();
        assert!(leading_zero_bits(&id) >= work);
        assert_eq!(id, id_the_old_way(&e));
        // The nonce tag last, NIP-13's way; the tags before it as given.
        let nonce = e.tags.last().unwrap();
        assert_eq!(
            (nonce[0].as_str(), nonce[2].as_str()),
            ("nonce", &*work.to_string())
        );
        assert!(nonce[1].parse::<u64>().unwrap() >= 7);
        assert_eq!(
            e.tags[..2],
            tags(json!([["p", "NONCE"], ["t", "topic"]]))[..]
        );
        // Asking more than it has: no work, before the signature is looked at.
        let mut t = e.clone();
        t.sig.clear();
        let more = leading_zero_bits(&id) + 1;
        assert_eq!(t.verify(more), Err(Invalid::NoWork));
    }
}

#[test]
fn texts_over_the_limit_or_of_another_shape_are_not_events() {
    // Exactly the limit: taken; a byte more: not parsed.
    let mut e = event();
    e.content = "x".repeat(MAX_BYTES - e.size() + e.content.len());
    assert_eq!(e.size(), MAX_BYTES);
    assert!(Event::parse(&e.to_json()).is_ok());
    e.content.push('x');
    assert_eq!(Event::parse(&e.to_json()), Err(Invalid::Oversized));
    assert_eq!(
        Event::parse(&" ".repeat(MAX_BYTES + 1)),
        Err(Invalid::Oversized)
    );
    let good: Value = serde_json::from_str(&event().to_json()).unwrap();
    let with = |field: &str, value: Value| {
        let mut v = good.clone();
        v[field] = value;
        v.to_string()
    };
    let without = |field: &str| {
        let mut v = good.clone();
        v.as_object_mut().unwrap().remove(field);
        v.to_string()
    };
    let mut texts = vec![
        String::new(),
        "null".into(),
        "{}".into(),
        "[]".into(),
        "\"event\"".into(),
        "{".into(),
        format!("{}x", good),
        format!("[{good}]"),
        // The fields in order as an array: serde would take it for a struct, NIP-01 does not.
        serde_json::to_string(&(
            &good["id"],
            &good["pubkey"],
            &good["created_at"],
            &good["kind"],
            &good["tags"],
            &good["content"],
            &good["sig"],
        ))
        .unwrap(),
        "[".repeat(MAX_BYTES),
        with("created_at", json!(-1)),
        with("created_at", json!(1.5)),
        with("created_at", json!("1800000000")),
        with("kind", json!(u64::from(u32::MAX) + 1)),
        with("kind", json!(-1)),
        with("tags", json!([["t", 1]])),
        with("tags", json!(["t", "x"])),
        with("tags", json!({"t": "x"})),
        with("tags", json!([[null]])),
        with("content", json!(5)),
        with("content", Value::Null),
        with("id", json!(0)),
        with("pubkey", json!(["ab"])),
        with("sig", json!(true)),
    ];
    for field in [
        "id",
        "pubkey",
        "created_at",
        "kind",
        "tags",
        "content",
        "sig",
    ] {
        texts.push(without(field));
    }
    // Numbers past any integer's range.
    let text = good.to_string();
    for huge in [
        "1e999",
        "18446744073709551616",
        "99999999999999999999999999999999",
    ] {
        texts.push(text.replace("1800000000", huge));
    }
    // The same field twice.
    texts.push(text.replacen('{', r#"{"kind":1,"#, 1));
    for t in &texts {
        assert_eq!(Event::parse(t), Err(Invalid::Malformed), "{t}");
    }
}

#[test]
fn a_tag_is_its_first_value_of_the_first_tag_that_has_one() {
    let e = Event::signed(
        &key(1),
        1,
        0,
        tags(json!([
            ["t"],
            ["d", "one"],
            ["t", "two", "more"],
            ["t", "three"]
        ])),
        String::new(),
        &[0; 32],
    );
    assert_eq!(e.tag("t"), Some("two"));
    assert_eq!(e.tag("d"), Some("one"));
    assert_eq!(e.tag("p"), None);
    assert_eq!(e.tag(""), None);
}
