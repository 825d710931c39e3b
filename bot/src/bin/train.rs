//! `train`: TD(λ) self-play under the house rules (or `--rules standard`), then optional rounds of re-training on
//! positions labelled by 1-ply look-ahead. Reproducible from `--seed` (one thread). Writes the
//! weights file to `--out` every `--save-every` games and at the end; logs JSON lines on stdout.
//!
//! cargo run --release -p vrhcaby-bot --bin train -- --games 1000000 --seed 1 --out bot/weights/house.bin

use std::process::ExitCode;
use std::time::Instant;

use vrhcaby_bot::train::{benchmark, fresh, relabel_round, SelfPlay};
use vrhcaby_bot::Evaluator;
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::Rules;

struct Options {
    games: u64,
    stop_after: Option<u64>,
    seed: u64,
    hidden: usize,
    race_hidden: usize,
    alpha: f32,
    alpha_end: f32,
    lambda: f32,
    out: String,
    init: Option<String>,
    bench_every: u64,
    bench_deals: usize,
    save_every: u64,
    relabel_rounds: usize,
    relabel_positions: usize,
    relabel_epochs: usize,
    relabel_alpha: f32,
    rules: Rules,
}

const USAGE: &str = "usage: train [--games N] [--stop-after N] [--seed S] [--hidden H] [--race-hidden H] [--alpha A] [--alpha-end A] [--lambda L] [--out FILE] [--init FILE] [--bench-every N] [--bench-deals N] [--save-every N] [--relabel-rounds K] [--relabel-positions N] [--relabel-epochs E] [--relabel-alpha A] [--rules vrhcaby|standard]";

fn parse() -> Result<Options, String> {
    let mut o = Options {
        games: 100_000,
        stop_after: None,
        seed: 1,
        hidden: 96,
        race_hidden: 32,
        alpha: 0.05,
        alpha_end: 0.01,
        lambda: 0.7,
        out: "bot/weights/house.bin".into(),
        init: None,
        bench_every: 20_000,
        bench_deals: 200,
        save_every: 20_000,
        relabel_rounds: 0,
        relabel_positions: 100_000,
        relabel_epochs: 2,
        relabel_alpha: 0.01,
        rules: Rules::Vrhcaby,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let v = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = || format!("bad value {v} for {flag}");
        match flag.as_str() {
            "--games" => o.games = v.parse().map_err(|_| bad())?,
            "--stop-after" => o.stop_after = Some(v.parse().map_err(|_| bad())?),
            "--seed" => o.seed = v.parse().map_err(|_| bad())?,
            "--hidden" => o.hidden = v.parse().map_err(|_| bad())?,
            "--race-hidden" => o.race_hidden = v.parse().map_err(|_| bad())?,
            "--alpha" => o.alpha = v.parse().map_err(|_| bad())?,
            "--alpha-end" => o.alpha_end = v.parse().map_err(|_| bad())?,
            "--lambda" => o.lambda = v.parse().map_err(|_| bad())?,
            "--out" => o.out = v.clone(),
            "--init" => o.init = Some(v.clone()),
            "--bench-every" => o.bench_every = v.parse().map_err(|_| bad())?,
            "--bench-deals" => o.bench_deals = v.parse().map_err(|_| bad())?,
            "--save-every" => o.save_every = v.parse().map_err(|_| bad())?,
            "--relabel-rounds" => o.relabel_rounds = v.parse().map_err(|_| bad())?,
            "--relabel-positions" => o.relabel_positions = v.parse().map_err(|_| bad())?,
            "--relabel-epochs" => o.relabel_epochs = v.parse().map_err(|_| bad())?,
            "--relabel-alpha" => o.relabel_alpha = v.parse().map_err(|_| bad())?,
            "--rules" => o.rules = Rules::parse(v).ok_or_else(bad)?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(o)
}

fn save(ev: &Evaluator, path: &str) -> std::io::Result<()> {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, ev.to_bytes())?;
    std::fs::rename(&tmp, path)
}

fn main() -> ExitCode {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut ev = match &o.init {
        Some(path) => match Evaluator::from_file(path) {
            Ok(ev) => ev,
            Err(e) => {
                eprintln!("cannot read {path}: {e}");
                return ExitCode::FAILURE;
            }
        },
        None => fresh(o.hidden, o.race_hidden, o.seed),
    };
    let mut rng = SplitMix64::new(o.seed ^ 0x5EED_7D1A);
    let mut play = SelfPlay::new(o.rules);
    let start = Instant::now();
    let mut positions = 0u64;
    let log =
        |ev: &Evaluator, games: u64, positions: u64, phase: &str, extra: serde_json::Value| {
            let elapsed = start.elapsed().as_secs_f64();
            let ((p, pci), (r, rci)) = benchmark(ev, o.bench_deals, 99);
            println!(
                "{}",
                serde_json::json!({
                    "phase": phase, "games": games, "positions": positions,
                    "elapsed_s": (elapsed * 10.0).round() / 10.0,
                    "games_per_s": (games as f64 / elapsed.max(1e-9)).round(),
                    "vs_pubeval": [(p * 1000.0).round() / 1000.0, (pci * 1000.0).round() / 1000.0],
                    "vs_random": [(r * 1000.0).round() / 1000.0, (rci * 1000.0).round() / 1000.0],
                    "extra": extra,
                })
            );
        };
    // `--stop-after` ends the TD phase early but keeps the learning-rate schedule of `--games`,
    // so a run cut by hand is reproduced exactly.
    let last = o.stop_after.map_or(o.games, |n| n.min(o.games));
    for g in 1..=last {
        let frac = (g - 1) as f32 / o.games.max(1) as f32;
        let alpha = o.alpha + (o.alpha_end - o.alpha) * frac;
        positions += play.game(&mut ev, &mut rng, alpha, o.lambda) as u64;
        if g % o.save_every == 0 {
            if let Err(e) = save(&ev, &o.out) {
                eprintln!("cannot write {}: {e}", o.out);
                return ExitCode::FAILURE;
            }
            println!("{}", serde_json::json!({ "phase": "saved", "games": g }));
        }
        if g % o.bench_every == 0 || g == last {
            log(
                &ev,
                g,
                positions,
                "td",
                serde_json::json!({ "alpha": alpha }),
            );
        }
    }
    // The TD(λ) net stays beside the file, in case re-training does not help.
    if let Err(e) = save(&ev, &format!("{}.td", o.out)) {
        eprintln!("cannot write {}.td: {e}", o.out);
        return ExitCode::FAILURE;
    }
    for round in 1..=o.relabel_rounds {
        let sample = play.sample_positions(&ev, &mut rng, o.relabel_positions, 0.05);
        let mse = relabel_round(
            &mut ev,
            o.rules,
            &sample,
            o.relabel_epochs,
            o.relabel_alpha,
            &mut rng,
        );
        if let Err(e) = save(&ev, &format!("{}.relabel{round}", o.out)) {
            eprintln!("cannot write {}: {e}", o.out);
            return ExitCode::FAILURE;
        }
        log(
            &ev,
            last,
            positions,
            "relabel",
            serde_json::json!({ "round": round, "label_mse": mse }),
        );
    }
    if let Err(e) = save(&ev, &o.out) {
        eprintln!("cannot write {}: {e}", o.out);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
