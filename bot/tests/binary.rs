//! The `vrhcaby-bot` binary: JSON lines in, one answer per line out, errors as lines, and the
//! rules crate's ops passed through unchanged.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn run(op: &str, input: &str) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_vrhcaby-bot"))
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
fn eval_and_the_rules_ops_answer() {
    let answers = run("eval", &format!(r#"{{"position":{START},"turn":"black"}}"#));
    assert!(answers[0]["win"].is_number());
    let req = format!(r#"{{"position":{START},"turn":"white","dice":[2,1],"rules":"standard"}}"#);
    let plays = run("plays", &req);
    assert_eq!(
        plays[0],
        vrhcaby_rules::cli::answer(vrhcaby_rules::cli::Op::Plays, &req)
    );
    assert_eq!(plays[0]["plays"].as_array().map(Vec::len), Some(15));
}

#[test]
fn an_unknown_op_is_a_usage_error() {
    let status = Command::new(env!("CARGO_BIN_EXE_vrhcaby-bot"))
        .arg("dance")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the binary starts");
    assert_eq!(status.code(), Some(2));
}
