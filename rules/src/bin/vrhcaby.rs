//! `vrhcaby <op>`: reads one JSON request per line on stdin and writes one JSON answer per line.
//! Ops: `legal`, `plays`, `replay` (see the README), and `bench` for the move-generation benchmark
//! (or, with `--replay N`, applying and replaying a record of N commands), and the computer's
//! `bot` and `eval` (crate vrhcaby-bot).
//!
//! The bot crate depends on this one, so this package cannot depend on the bot crate; instead
//! this binary — the top of the layers, used by no library — compiles the bot crate's own
//! sources in as a module. Its root re-exports that module so the bot's `crate::` paths resolve
//! here as they do in the bot crate. One source, one CLI, no second copy of anything.

#[allow(dead_code, unused_imports)]
#[path = "../../../bot/src/lib.rs"]
mod bot;
#[allow(unused_imports)]
use bot::*;

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use vrhcaby_rules::bench::{enumerate_all, self_play_sample};
use vrhcaby_rules::cli::{answer, Op};
use vrhcaby_rules::{Command, Game, PlayGenerator, Record, Rules, Side};

const USAGE: &str = "usage: vrhcaby legal|plays|replay|mat|verify|bot|eval|analyse   (JSON lines on stdin)\n       vrhcaby bench [--samples N] [--seed S] [--runs K] [--rules vrhcaby|standard]\n       vrhcaby bench --replay N [--runs K]   (a record of N commands: apply and replay)\n       vrhcaby bench --feed [--samples N] [--seed S] [--runs K] [--rules R]   (counting against handing each play on)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => bench(&args[1..]),
        Some(name) => match (Op::parse(name), bot::cli::BotOp::parse(name)) {
            (Some(op), _) => serve(op),
            (None, Some(op)) => serve_bot(op),
            (None, None) => {
                eprintln!("unknown op {name:?}\n{USAGE}");
                ExitCode::from(2)
            }
        },
        None => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn serve(op: Op) -> ExitCode {
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let reply = match line {
            Ok(line) => answer(op, &line),
            Err(e) => serde_json::json!({ "error": format!("unreadable line: {e}") }),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

fn serve_bot(op: bot::cli::BotOp) -> ExitCode {
    let mut computer = match bot::Bot::builtin() {
        Ok(computer) => computer,
        Err(e) => {
            eprintln!("the built-in weights are unusable: {e}");
            return ExitCode::FAILURE;
        }
    };
    let stdin = io::stdin();
    let mut out = BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let reply = match line {
            Ok(line) => bot::cli::answer(&mut computer, op, &line),
            Err(e) => serde_json::json!({ "error": format!("unreadable line: {e}") }),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

fn bench(args: &[String]) -> ExitCode {
    let mut samples = 100_000usize;
    let mut seed = 2026u64;
    let mut runs = 15usize;
    let mut rules_list = vec![Rules::Standard, Rules::Vrhcaby];
    let mut replay = None;
    let mut feed = false;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--feed" {
            feed = true;
            continue;
        }
        let value = it.next().map(String::as_str).unwrap_or("");
        let ok = match flag.as_str() {
            "--samples" => value.parse().map(|v| samples = v).is_ok(),
            "--seed" => value.parse().map(|v| seed = v).is_ok(),
            "--runs" => value.parse().map(|v| runs = v).is_ok() && runs > 0,
            "--replay" => value.parse().map(|v| replay = Some(v)).is_ok(),
            "--rules" => match value {
                "standard" => {
                    rules_list = vec![Rules::Standard];
                    true
                }
                "vrhcaby" => {
                    rules_list = vec![Rules::Vrhcaby];
                    true
                }
                _ => false,
            },
            _ => false,
        };
        if !ok {
            eprintln!("bad bench option {flag} {value}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    if let Some(n) = replay {
        bench_replay(n, runs);
        return ExitCode::SUCCESS;
    }
    if feed {
        for rules in rules_list {
            bench_feed(rules, samples, seed, runs);
        }
        return ExitCode::SUCCESS;
    }
    for rules in rules_list {
        let sample = self_play_sample(samples, seed, rules);
        let doubles = sample.iter().filter(|(_, _, r)| r.is_double()).count();
        let mut gen = PlayGenerator::new();
        let (mut plays_all, mut plays_doubles) = (0usize, 0usize);
        for (p, s, r) in &sample {
            let n = gen.count(p, *s, *r, rules);
            plays_all += n;
            if r.is_double() {
                plays_doubles += n;
            }
        }
        let mut ns: Vec<f64> = (0..runs)
            .map(|_| {
                let start = Instant::now();
                let total = enumerate_all(&mut gen, &sample, rules);
                let elapsed = start.elapsed();
                assert_eq!(total, plays_all, "enumeration is deterministic");
                elapsed.as_nanos() as f64 / samples as f64
            })
            .collect();
        ns.sort_by(f64::total_cmp);
        let median = ns[ns.len() / 2];
        println!(
            "{}",
            serde_json::json!({
                "rules": rules,
                "samples": samples,
                "seed": seed,
                "runs": runs,
                "ns_per_roll": { "median": round1(median), "min": round1(ns[0]), "max": round1(ns[ns.len() - 1]) },
                "rolls_per_second": (1e9 / median).round(),
                "plays_per_roll": { "all": round2(plays_all as f64 / samples as f64),
                                    "doubles": round2(plays_doubles as f64 / doubles.max(1) as f64),
                                    "other": round2((plays_all - plays_doubles) as f64 / (samples - doubles).max(1) as f64) },
            })
        );
    }
    ExitCode::SUCCESS
}

/// What a search pays to be handed the plays: counting the plays of every (position, roll) of
/// the sample, against `for_each` (each play's `Position` and move list built) and
/// `for_each_after` with each play's two sides read out (what the evaluator reads), in
/// alternating rounds; median ns per roll and the ratios to counting.
fn bench_feed(rules: Rules, samples: usize, seed: u64, runs: usize) {
    use std::hint::black_box;
    let sample = self_play_sample(samples, seed, rules);
    let mut gen = PlayGenerator::new();
    let plays = enumerate_all(&mut gen, &sample, rules);
    let mut times = [Vec::new(), Vec::new(), Vec::new()];
    for _ in 0..runs {
        let start = Instant::now();
        let counted = black_box(enumerate_all(&mut gen, black_box(&sample), rules));
        times[0].push(start.elapsed().as_nanos() as f64 / samples as f64);
        let start = Instant::now();
        let mut each = 0usize;
        for (p, s, r) in black_box(&sample) {
            gen.for_each(p, *s, *r, rules, |after, moves| {
                black_box((after, moves));
                each += 1;
            });
        }
        times[1].push(start.elapsed().as_nanos() as f64 / samples as f64);
        let start = Instant::now();
        let mut fed = 0usize;
        for (p, s, r) in black_box(&sample) {
            gen.for_each_after(p, *s, *r, rules, |after| {
                black_box(after.sides());
                fed += 1;
            });
        }
        times[2].push(start.elapsed().as_nanos() as f64 / samples as f64);
        assert_eq!((counted, each, fed), (plays, plays, plays));
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let [count, each, after] = times.each_mut().map(median);
    println!(
        "{}",
        serde_json::json!({
            "rules": rules,
            "samples": samples,
            "seed": seed,
            "runs": runs,
            "plays_per_roll": round2(plays as f64 / samples as f64),
            "ns_per_roll": { "count": round1(count), "for_each": round1(each), "for_each_after_sides": round1(after) },
            "ratio_to_count": { "for_each": round2(each / count), "for_each_after_sides": round2(after / count) },
        })
    );
}

/// Applying and replaying a record of `n` commands (after the lot, presence toggles: the longest
/// record that never ends the game): the median ns per command over `runs` runs.
fn bench_replay(n: usize, runs: usize) {
    let toggle = |i: usize| {
        let side = Side::Black;
        if i % 2 == 0 {
            Command::Offline { side }
        } else {
            Command::Online { side }
        }
    };
    let mut apply_ns = Vec::new();
    let mut replay_ns = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let mut game = Game::new();
        let mut ok = game.apply(Command::Start { first: Side::White }, 0).is_ok();
        for i in 0..n {
            ok &= game.apply(toggle(i), i as u64).is_ok();
        }
        apply_ns.push(start.elapsed().as_nanos() as f64 / n.max(1) as f64);
        assert!(ok, "every toggle is accepted");
        let record: Record = game.record().clone();
        let start = Instant::now();
        let replayed = record.replay();
        replay_ns.push(start.elapsed().as_nanos() as f64 / n.max(1) as f64);
        assert_eq!(
            replayed.as_ref(),
            Ok(&game),
            "the replay equals the live game"
        );
    }
    apply_ns.sort_by(f64::total_cmp);
    replay_ns.sort_by(f64::total_cmp);
    println!(
        "{}",
        serde_json::json!({
            "replay": n,
            "runs": runs,
            "apply_ns_per_command": round1(apply_ns[apply_ns.len() / 2]),
            "replay_ns_per_command": round1(replay_ns[replay_ns.len() / 2]),
        })
    );
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
