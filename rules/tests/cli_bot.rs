//! The `vrhcaby` binary's computer ops (`bot`, `eval`, compiled in from the bot crate): JSON lines
//! in, one answer per line out, errors as lines, each `bot` answer one entry of `plays`.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn run(op: &str, input: &str) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vrhcaby"))
        .arg(op)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("the binary ends");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each answer is one JSON line"))
        .collect()
}

const START: &str = r#"{"white":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0],"black":[0,0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2,0]}"#;

#[test]
fn bot_lines_are_answered_in_order_and_a_bad_line_does_not_stop_it() {
    let good = format!(r#"{{"position":{START},"turn":"white","dice":[6,5],"level":"expert"}}"#);
    let input = format!("{good}\nnot json\n{good}\n");
    let answers = run("bot", &input);
    assert_eq!(answers.len(), 3);
    assert!(answers[0]["moves"].is_array());
    assert!(answers[1]["error"].is_string());
    assert_eq!(answers[0], answers[2]);
}

#[test]
fn every_roll_gets_exactly_one_entry_of_plays_at_every_level() {
    for level in ["beginner", "intermediate", "expert", "strongest"] {
        for (d1, d2) in [(1, 1), (3, 1), (6, 5), (4, 4), (6, 6), (2, 1)] {
            for seed in [0, 7] {
                let req = format!(
                    r#"{{"position":{START},"turn":"white","dice":[{d1},{d2}],"level":"{level}","seed":{seed}}}"#
                );
                let answer = &run("bot", &req)[0];
                let plays = vrhcaby_rules::cli::answer(vrhcaby_rules::cli::Op::Plays, &req);
                let plays = plays["plays"].as_array().expect("plays");
                let matching = plays
                    .iter()
                    .filter(|p| {
                        p["moves"] == answer["moves"] && p["position"] == answer["position"]
                    })
                    .count();
                assert_eq!(matching, 1, "{level} {d1}-{d2} seed {seed}: {answer}");
                let win = answer["win"].as_f64().expect("win");
                assert!((0.0..=1.0).contains(&win));
            }
        }
    }
}

#[test]
fn eval_answers_a_probability_and_an_unknown_level_is_an_error() {
    let answers = run("eval", &format!(r#"{{"position":{START},"turn":"black"}}"#));
    let win = answers[0]["win"].as_f64().expect("win");
    assert!((0.0..=1.0).contains(&win));
    let bad =
        format!(r#"{{"position":{START},"turn":"white","dice":[2,1],"level":"grandmaster"}}"#);
    assert!(run("bot", &bad)[0]["error"].is_string());
}

#[test]
fn an_unknown_op_is_a_usage_error() {
    let status = Command::new(env!("CARGO_BIN_EXE_vrhcaby"))
        .arg("dance")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the binary starts");
    assert_eq!(status.code(), Some(2));
}

#[test]
fn standard_requests_get_one_of_the_standard_plays_and_eval_gives_gammons() {
    // A position where the house rules allow a play the standard rules forbid (only one die
    // can be played, so the higher: T3): the computer's answer is a standard play.
    let pos = r#"{"white":[0,14,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0],"black":[0,0,13,0,0,0,0,0,0,0,0,0,2,0,0,0,0,0,0,0,0,0,0,0,0,0]}"#;
    for level in ["beginner", "expert", "strongest"] {
        let req = format!(
            r#"{{"position":{pos},"turn":"white","dice":[6,5],"rules":"standard","level":"{level}"}}"#
        );
        let answer = &run("bot", &req)[0];
        assert_eq!(
            answer["moves"],
            serde_json::json!([[24, 18]]),
            "{level}: {answer}"
        );
        let plays = vrhcaby_rules::cli::answer(vrhcaby_rules::cli::Op::Plays, &req);
        assert_eq!(plays["plays"].as_array().map(Vec::len), Some(1));
    }
    let eval = &run(
        "eval",
        &format!(r#"{{"position":{START},"turn":"white","rules":"standard"}}"#),
    )[0];
    for key in [
        "win",
        "gammon",
        "backgammon",
        "lose_gammon",
        "lose_backgammon",
        "equity",
    ] {
        assert!(eval[key].is_number(), "{key}: {eval}");
    }
    let win = eval["win"].as_f64().unwrap();
    assert!(win > 0.4 && win < 0.7, "{eval}");
}

#[test]
fn analyse_and_mat_lines() {
    // White's 6-5 played 13/7 13/8 (24/13 is the book play): marked; Black's reply is judged too.
    let record = r#"{"format":"vrhcaby-record","version":1,"commands":[{"t":0,"cmd":"start","first":"white"},{"t":0,"cmd":"dice","dice":[6,5]},{"t":1,"cmd":"move","side":"white","from":13,"to":7},{"t":2,"cmd":"move","side":"white","from":13,"to":8},{"t":3,"cmd":"dice","dice":[3,1]},{"t":4,"cmd":"move","side":"black","from":8,"to":5},{"t":5,"cmd":"move","side":"black","from":6,"to":5}]}"#;
    let input = format!("{{\"record\":{record},\"depth\":0}}\n{{\"record\":{{}}}}\n");
    let answers = run("analyse", &input);
    assert_eq!(answers.len(), 2);
    let d = answers[0]["decisions"].as_array().expect("decisions");
    assert_eq!(d.len(), 2, "{}", answers[0]);
    assert_eq!(
        (d[0]["index"].as_u64(), d[0]["side"].as_str()),
        (Some(3), Some("white"))
    );
    assert_eq!(d[0]["roll"], serde_json::json!([6, 5]));
    assert!(d[0]["mark"].is_string(), "{}", d[0]);
    assert_eq!(d[1]["index"].as_u64(), Some(6));
    assert!(answers[1]["error"].is_string());
    // The .mat of a one-game match to 3.
    let game = r#"{"format":"vrhcaby-record","version":1,"rules":"standard","options":{"match_length":3},"commands":[{"t":0,"cmd":"opening","dice":[3,1]},{"t":1,"cmd":"move","side":"white","from":8,"to":5},{"t":2,"cmd":"move","side":"white","from":6,"to":5},{"t":3,"cmd":"double","side":"black"},{"t":4,"cmd":"drop","side":"white"}]}"#;
    let house = r#"{"format":"vrhcaby-record","version":1,"commands":[]}"#;
    let answers = run(
        "mat",
        &format!("{{\"records\":[{game}]}}\n{{\"records\":[{house}]}}\n"),
    );
    let mat = answers[0]["mat"].as_str().expect("a .mat text");
    assert!(
        mat.contains(" 3 point match") && mat.contains("31: 8/5 6/5") && mat.contains("Drops"),
        "{mat}"
    );
    assert!(
        answers[1]["error"]
            .as_str()
            .is_some_and(|e| e.contains("not a game of a standard match")),
        "{}",
        answers[1]
    );
}
