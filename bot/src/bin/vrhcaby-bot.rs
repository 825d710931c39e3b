//! `vrhcaby-bot <op>`: the `vrhcaby` CLI with the computer. Reads one JSON request per line on
//! stdin and writes one JSON answer per line: `bot` and `eval` (this crate), and `legal`, `plays`
//! and `replay` answered by the rules crate exactly as `vrhcaby` answers them. (The `vrhcaby`
//! binary belongs to the rules crate, which cannot depend on this one.)

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use vrhcaby_bot::cli::{answer, BotOp};
use vrhcaby_bot::Bot;
use vrhcaby_rules::cli::{self as rules_cli, Op};

const USAGE: &str = "usage: vrhcaby-bot bot|eval|legal|plays|replay   (JSON lines on stdin)";

enum AnyOp {
    Bot(BotOp),
    Rules(Op),
}

fn main() -> ExitCode {
    let name = std::env::args().nth(1).unwrap_or_default();
    let op = match (BotOp::parse(&name), Op::parse(&name)) {
        (Some(op), _) => AnyOp::Bot(op),
        (None, Some(op)) => AnyOp::Rules(op),
        _ => {
            eprintln!("unknown op {name:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut bot = match Bot::builtin() {
        Ok(bot) => bot,
        Err(e) => {
            eprintln!("the built-in weights are unusable: {e}");
            return ExitCode::FAILURE;
        }
    };
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let reply = match line {
            Ok(line) => match op {
                AnyOp::Bot(op) => answer(&mut bot, op, &line),
                AnyOp::Rules(op) => rules_cli::answer(op, &line),
            },
            Err(e) => serde_json::json!({ "error": format!("unreadable line: {e}") }),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
