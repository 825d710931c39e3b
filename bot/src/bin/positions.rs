//! `positions`: standard-backgammon positions for a teacher's labels (issue 51,
//! `bot/label/README.md`). Self-play of the standard net at 0-ply with exploration (`--epsilon`:
//! a random legal play; otherwise a draw ∝ exp(equity / `--temperature`) over the 0-ply
//! equities), both sides, whole games; game `g` of the run is played from seed `--seed + g`.
//! Each new board (seen from the side on roll) is one JSON line of `--out`:
//! `{"board": [[opponent 25], [on roll 25]], "id": gnubg position id, "class":
//! "contact"|"crashed"|"race"|"bearoff", "seed", "game", "ply", "dice": [a, b], "plays"}`.
//! `--exclude FILE` (repeatable): boards of another positions file never to write (the held-out
//! set). `--keep P` keeps each new position with probability P; `--min-plays K` only those whose
//! roll has at least K distinct plays. Prints the counts as one JSON line.
//!
//! cargo run --release -p vrhcaby-bot --bin positions -- --positions 300000 --seed 1 \
//!   --exclude /work/data/labels/holdout.jsonl --out /work/data/labels/train-positions.jsonl

use std::collections::HashSet;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use vrhcaby_bot::labels::{self, Board, Class, Explore, Filter, SelfPlay};
use vrhcaby_bot::Evaluator;
use vrhcaby_rules::Rules;

const USAGE: &str = "usage: positions --out FILE [--positions N] [--seed S] [--epsilon E] [--temperature T] [--keep P] [--min-plays K] [--exclude FILE]... [--weights FILE]";

struct Options {
    out: String,
    positions: u64,
    seed: u64,
    explore: Explore,
    filter: Filter,
    exclude: Vec<String>,
    weights: Option<String>,
}

fn parse() -> Result<Options, String> {
    let mut o = Options {
        out: String::new(),
        positions: 10_000,
        seed: 1,
        explore: Explore {
            epsilon: 0.05,
            temperature: 0.02,
        },
        filter: Filter {
            keep: 1.0,
            min_plays: 0,
        },
        exclude: Vec::new(),
        weights: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let v = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = || format!("bad value {v} for {flag}");
        match flag.as_str() {
            "--out" => o.out = v.clone(),
            "--positions" => o.positions = v.parse().map_err(|_| bad())?,
            "--seed" => o.seed = v.parse().map_err(|_| bad())?,
            "--epsilon" => {
                o.explore.epsilon = v
                    .parse()
                    .ok()
                    .filter(|e| (0.0..=1.0).contains(e))
                    .ok_or_else(bad)?;
            }
            "--temperature" => {
                o.explore.temperature =
                    v.parse().ok().filter(|t: &f64| *t >= 0.0).ok_or_else(bad)?;
            }
            "--keep" => {
                o.filter.keep = v
                    .parse()
                    .ok()
                    .filter(|p: &f64| *p > 0.0 && *p <= 1.0)
                    .ok_or_else(bad)?;
            }
            "--min-plays" => o.filter.min_plays = v.parse().map_err(|_| bad())?,
            "--exclude" => o.exclude.push(v.clone()),
            "--weights" => o.weights = Some(v.clone()),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if o.out.is_empty() {
        return Err("--out is required".into());
    }
    Ok(o)
}

/// The boards of a positions file (JSON lines with a `board`).
fn boards_of(path: &str) -> Result<HashSet<Board>, String> {
    let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut set = HashSet::new();
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{path}: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value =
            serde_json::from_str(&line).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        let b: Board = serde_json::from_value(v["board"].clone())
            .map_err(|e| format!("{path}:{}: board: {e}", n + 1))?;
        set.insert(b);
    }
    Ok(set)
}

fn main() -> ExitCode {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let ev = match Evaluator::from_file_or_builtin(o.weights.as_deref(), Rules::Standard) {
        Ok(ev) => ev,
        Err(e) => {
            eprintln!("weights: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut exclude = HashSet::new();
    for path in &o.exclude {
        match boards_of(path) {
            Ok(b) => exclude.extend(b),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut out = match File::create(&o.out) {
        Ok(f) => BufWriter::new(f),
        Err(e) => {
            eprintln!("{}: {e}", o.out);
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let mut selfplay = SelfPlay::new(&ev, o.explore);
    let mut seen = HashSet::new();
    let mut failed = None;
    let counts = labels::generate(
        &mut selfplay,
        o.seed,
        o.positions,
        &o.filter,
        &mut seen,
        &exclude,
        |r| {
            if failed.is_none() {
                if let Err(e) = writeln!(out, "{}", r.json()) {
                    failed = Some(e);
                }
            }
        },
    );
    if let Some(e) = failed.or_else(|| out.flush().err()) {
        eprintln!("{}: {e}", o.out);
        return ExitCode::FAILURE;
    }
    let classes: serde_json::Map<String, serde_json::Value> = Class::ALL
        .iter()
        .zip(counts.by_class)
        .map(|(c, n)| (c.name().to_owned(), n.into()))
        .collect();
    println!(
        "{}",
        serde_json::json!({
            "out": o.out,
            "positions": counts.kept,
            "classes": classes,
            "games": counts.games,
            "seeds": [o.seed, o.seed + counts.games.saturating_sub(1)],
            "positions_seen": counts.seen,
            "duplicates": counts.duplicates,
            "excluded": counts.excluded,
            "epsilon": o.explore.epsilon,
            "temperature": o.explore.temperature,
            "keep": o.filter.keep,
            "min_plays": o.filter.min_plays,
            "exclude": o.exclude,
            "weights": o.weights.as_deref().unwrap_or("built-in standard"),
            "seconds": (start.elapsed().as_secs_f64() * 10.0).round() / 10.0,
        })
    );
    ExitCode::SUCCESS
}
