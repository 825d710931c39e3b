use k256::schnorr::SigningKey;
use serde_json::{json, Value};

use super::*;

fn event() -> Event {
    let key = SigningKey::from_bytes(&[1; 32]).unwrap();
    Event::signed(
        &key,
        25_959,
        1_800_000_000,
        vec![vec!["t".into(), "topic".into()]],
        "content".into(),
        &[2; 32],
    )
}

fn parse(v: &Value) -> Result<Frame, BadFrame> {
    Frame::parse(&v.to_string())
}

#[test]
fn each_frame_a_relay_sends_is_read() {
    let e = event();
    let text = format!(r#"["EVENT","vrhcaby",{}]"#, e.to_json());
    assert_eq!(
        Frame::parse(&text),
        Ok(Frame::Event {
            sub: "vrhcaby".into(),
            event: e.clone()
        })
    );
    assert_eq!(
        parse(&json!(["OK", e.id, true, ""])),
        Ok(Frame::Ok {
            id: e.id.clone(),
            accepted: true,
            message: String::new()
        })
    );
    assert_eq!(
        parse(&json!([
            "OK",
            "ab",
            false,
            "blocked: kind 30959 not accepted"
        ])),
        Ok(Frame::Ok {
            id: "ab".into(),
            accepted: false,
            message: "blocked: kind 30959 not accepted".into()
        })
    );
    // An OK without its message (older relays) is still one.
    assert_eq!(
        parse(&json!(["OK", "ab", true])),
        Ok(Frame::Ok {
            id: "ab".into(),
            accepted: true,
            message: String::new()
        })
    );
    assert_eq!(
        parse(&json!(["EOSE", "vrhcaby-lobby"])),
        Ok(Frame::Eose {
            sub: "vrhcaby-lobby".into()
        })
    );
    assert_eq!(
        parse(&json!(["CLOSED", "s", "auth-required: sign in"])),
        Ok(Frame::Closed {
            sub: "s".into(),
            message: "auth-required: sign in".into()
        })
    );
    assert_eq!(
        parse(&json!(["CLOSED", "s"])),
        Ok(Frame::Closed {
            sub: "s".into(),
            message: String::new()
        })
    );
    assert_eq!(
        parse(&json!(["NOTICE", "slow down"])),
        Ok(Frame::Notice {
            message: "slow down".into()
        })
    );
    // Whitespace between the parts, as JSON allows.
    assert_eq!(
        Frame::parse(" [ \"EOSE\" ,\n\"s\" ] "),
        Ok(Frame::Eose { sub: "s".into() })
    );
}

#[test]
fn messages_this_crate_does_not_read_are_unknown() {
    for v in [
        json!(["AUTH", "challenge"]),
        json!(["COUNT", "s", {"count": 3}]),
        json!(["event", "s", {}]),
        json!(["", 1, [2], {"x": null}]),
        json!(["REQ", "s", {}]),
    ] {
        assert_eq!(parse(&v), Err(BadFrame::Unknown), "{v}");
    }
    // Still JSON, however unknown.
    assert_eq!(Frame::parse(r#"["AUTH", {]"#), Err(BadFrame::Malformed));
}

#[test]
fn malformed_and_hostile_frames_are_errors_never_panics() {
    let e = serde_json::to_value(event()).unwrap();
    let mut texts: Vec<String> = [
        "",
        " ",
        "x",
        "null",
        "{}",
        "\"EVENT\"",
        "[]",
        "[1]",
        "[null]",
        "[[\"EVENT\"]]",
        "[\"EOSE\",\"s\"",
        "[\"EOSE\",\"s\"]]",
        "[\"EOSE\",\"s\"] x",
        "[\"EO\\uD800SE\",\"s\"]",
    ]
    .map(String::from)
    .to_vec();
    let mut e_bad_kind = e.clone();
    e_bad_kind["kind"] = json!(u64::from(u32::MAX) + 1);
    let mut e_no_sig = e.clone();
    e_no_sig.as_object_mut().unwrap().remove("sig");
    for v in [
        // Missing parts.
        json!(["EVENT"]),
        json!(["EVENT", "s"]),
        json!(["OK"]),
        json!(["OK", "id"]),
        json!(["EOSE"]),
        json!(["CLOSED"]),
        json!(["NOTICE"]),
        // Parts of another type.
        json!(["EVENT", 1, e]),
        json!(["EVENT", "s", "{}"]),
        json!(["EVENT", "s", {}]),
        json!(["EVENT", "s", [e]]),
        json!(["EVENT", "s", e_bad_kind]),
        json!(["EVENT", "s", e_no_sig]),
        json!(["OK", "id", "true", "m"]),
        json!(["OK", "id", 1, "m"]),
        json!(["OK", 5, true, "m"]),
        json!(["OK", "id", true, 5]),
        json!(["EOSE", null]),
        json!(["CLOSED", "s", ["m"]]),
        json!(["NOTICE", 5]),
        json!([5, "s"]),
        // One element too many.
        json!(["EVENT", "s", e, e]),
        json!(["OK", "id", true, "m", "x"]),
        json!(["EOSE", "s", "x"]),
        json!(["CLOSED", "s", "m", 1]),
        json!(["NOTICE", "m", "m"]),
    ] {
        texts.push(v.to_string());
    }
    // Numbers past any integer's range where an integer is due, and nested past the parser's
    // depth.
    let event = event().to_json();
    for huge in ["1e999", "-1", "18446744073709551616", "1.8e9"] {
        texts.push(format!(
            r#"["EVENT","s",{}]"#,
            event.replace("1800000000", huge)
        ));
    }
    texts.push(format!(
        "[\"NOTICE\",{}\"x\"{}]",
        "[".repeat(4_000),
        "]".repeat(4_000)
    ));
    texts.push("[".repeat(MAX_FRAME_BYTES));
    for t in &texts {
        assert_eq!(Frame::parse(t), Err(BadFrame::Malformed), "{t}");
    }
    // Too long to be read at all, whatever it holds.
    let long = json!(["NOTICE", "x".repeat(MAX_FRAME_BYTES)]).to_string();
    assert_eq!(Frame::parse(&long), Err(BadFrame::Oversized));
    let mut fits = json!(["NOTICE", ""]).to_string();
    fits.insert_str(11, &"x".repeat(MAX_FRAME_BYTES - fits.len()));
    assert_eq!(fits.len(), MAX_FRAME_BYTES);
    assert!(matches!(Frame::parse(&fits), Ok(Frame::Notice { .. })));
}

#[test]
fn what_the_worker_sends_is_nip01() {
    let e = event();
    assert_eq!(
        ToRelay::Event(&e).to_json(),
        format!(r#"["EVENT",{}]"#, e.to_json())
    );
    assert_eq!(
        ToRelay::Close { sub: "vrhcaby" }.to_json(),
        r#"["CLOSE","vrhcaby"]"#
    );
    let filters = [
        Filter {
            kinds: vec![30_959],
            t: vec!["vrhcaby-table-v1".into()],
            since: Some(10),
            ..Filter::default()
        },
        Filter {
            kinds: vec![25_960],
            authors: vec!["ab".into()],
            p: vec!["cd".into()],
            t: vec!["vrhcaby-join-v1".into()],
            since: None,
        },
    ];
    assert_eq!(
        ToRelay::Req {
            sub: "vrhcaby-lobby",
            filters: &filters
        }
        .to_json(),
        concat!(
            r#"["REQ","vrhcaby-lobby","#,
            r##"{"kinds":[30959],"#t":["vrhcaby-table-v1"],"since":10},"##,
            r##"{"kinds":[25960],"authors":["ab"],"#t":["vrhcaby-join-v1"],"#p":["cd"]}]"##
        )
    );
    assert_eq!(
        ToRelay::Req {
            sub: "s",
            filters: &[]
        }
        .to_json(),
        r#"["REQ","s"]"#
    );
    // A relay that echoes the event back says it the way the worker reads it.
    let echoed = ToRelay::Event(&e)
        .to_json()
        .replacen("[\"EVENT\",", "[\"EVENT\",\"sub\",", 1);
    assert_eq!(
        Frame::parse(&echoed),
        Ok(Frame::Event {
            sub: "sub".into(),
            event: e
        })
    );
}
