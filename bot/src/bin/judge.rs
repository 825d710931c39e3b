//! `judge`: the search's variants judged play by play rather than game by game (a benchmark, not a
//! test). Positions come from seeded self-play at the expert level (house rules unless
//! `--rules standard`); each variant chooses its play in each; where they choose differently,
//! GNU Backgammon at `--plies` (2 by default, through `--python` running `--gnubg-script` in its
//! `judgeN` mode; a benchmark tool only) scores each distinct play, and each variant's loss is its
//! play's win below the best of the plays chosen. A position where all agree costs none of them
//! anything, so the pairwise differences have far less noise than games would give. Prints JSON:
//! per variant the mean loss and its time per decision, and each variant against the first, the
//! mean difference with its 95% interval.
//!
//! cargo run --release -p vrhcaby-bot --bin judge -- --positions 4000 --seed 1 \
//!   --variants ply2,ply2k3,ply2k4,ply1

use std::process::ExitCode;
use std::time::Instant;

use vrhcaby_bot::players::{BotPlayer, GnubgPlayer, Player};
use vrhcaby_bot::{Bot, Budget, Evaluator, Level};
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{PlayGenerator, Position, Rules, Side};

const USAGE: &str = "usage: judge [--positions N] [--seed S] [--variants A,B,...] [--plies P] [--weights FILE] [--python PATH] [--gnubg-script PATH] [--rules vrhcaby|standard]";

/// A search variant by name: the levels' budgets and a few wider 2-ply ones.
fn budget(name: &str) -> Option<Budget> {
    let two = Budget::TWO_PLY;
    Some(match name {
        "ply0" => Budget::ZERO_PLY,
        "ply1" => Budget::ONE_PLY,
        "ply2" => two,
        "ply2wide" => Budget::WIDE_TWO_PLY,
        "ply2k3" => Budget {
            keep2: 3,
            margin2: 0.06,
            ..two
        },
        "ply2k4" | "strongest" => Budget::STRONGEST,
        "ply2k6" => Budget {
            keep2: 6,
            margin2: 0.12,
            ..two
        },
        _ => return None,
    })
}

struct Options {
    positions: usize,
    seed: u64,
    variants: Vec<String>,
    plies: u8,
    weights: Option<String>,
    python: String,
    script: String,
    rules: Rules,
}

fn parse() -> Result<Options, String> {
    let mut o = Options {
        positions: 1000,
        seed: 1,
        variants: vec!["ply2".into(), "ply2k3".into()],
        plies: 2,
        weights: None,
        python: "/work/gnubg-venv/bin/python".into(),
        script: "bot/bench/gnubg_eval.py".into(),
        rules: Rules::Vrhcaby,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let v = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = || format!("bad value {v} for {flag}");
        match flag.as_str() {
            "--positions" => o.positions = v.parse().map_err(|_| bad())?,
            "--seed" => o.seed = v.parse().map_err(|_| bad())?,
            "--variants" => o.variants = v.split(',').map(str::to_owned).collect(),
            "--plies" => o.plies = v.parse().ok().filter(|p| *p <= 3).ok_or_else(bad)?,
            "--weights" => o.weights = Some(v.clone()),
            "--python" => o.python = v.clone(),
            "--gnubg-script" => o.script = v.clone(),
            "--rules" => o.rules = Rules::parse(v).ok_or_else(bad)?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if o.variants.len() < 2 {
        return Err("--variants needs two or more".into());
    }
    if let Some(v) = o.variants.iter().find(|v| budget(v).is_none()) {
        return Err(format!("unknown variant {v}"));
    }
    Ok(o)
}

/// Mean and the half-width of its 95% interval.
fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len().max(1) as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

fn main() -> ExitCode {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let ev = match Evaluator::from_file_or_builtin(o.weights.as_deref(), o.rules) {
        Ok(ev) => ev,
        Err(e) => {
            eprintln!("weights: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut judge = match GnubgPlayer::spawn_with(
        &o.python,
        &o.script,
        &format!("judge{}", o.plies),
        o.plies,
    ) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("cannot start gnubg helper: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut players: Vec<BotPlayer> = o
        .variants
        .iter()
        .filter_map(|v| {
            Some(BotPlayer {
                bot: Bot::new(ev.clone()),
                label: v.clone(),
                budget: budget(v)?,
                noise: 0.0,
            })
        })
        .collect();
    let mut expert = BotPlayer::at_level(Bot::new(ev.clone()), Level::Expert);
    let mut gen = PlayGenerator::new();
    let mut rng = SplitMix64::new(o.seed);
    let k = players.len();
    // Per position, each variant's win (0 where all agree) and loss; per variant its times.
    let mut losses: Vec<Vec<f64>> = vec![Vec::new(); k];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); k];
    let (mut disputed, mut seen, mut games) = (0usize, 0usize, 0usize);
    let mut pos = Position::start();
    let mut side = Side::White;
    while seen < o.positions {
        let roll = rng.roll();
        let plays = gen.plays(&pos, side, roll, o.rules);
        let ended = plays.iter().any(|p| p.position.off(side) == 15);
        if plays.len() > 1 && !ended {
            seen += 1;
            let decision = rng.next_u64() as u32;
            let chosen: Vec<Position> = players
                .iter_mut()
                .zip(&mut times)
                .map(|(p, t)| {
                    let start = Instant::now();
                    let after = p.play(&pos, side, roll, o.rules, decision);
                    t.push(start.elapsed().as_secs_f64() * 1e3);
                    after
                })
                .collect();
            let mut distinct: Vec<Position> = Vec::new();
            for c in &chosen {
                if !distinct.contains(c) {
                    distinct.push(*c);
                }
            }
            if distinct.len() > 1 {
                disputed += 1;
                let boards: Vec<[[u8; 25]; 2]> = distinct
                    .iter()
                    .map(|d| GnubgPlayer::board(d, !side))
                    .collect();
                let theirs = judge.wins(&boards);
                if theirs.len() != boards.len() {
                    eprintln!("the gnubg helper did not answer");
                    return ExitCode::FAILURE;
                }
                let mine: Vec<f64> = theirs.iter().map(|w| 1.0 - w).collect();
                let best = mine.iter().copied().fold(f64::MIN, f64::max);
                for (c, l) in chosen.iter().zip(&mut losses) {
                    let i = distinct.iter().position(|d| d == c).unwrap_or(0);
                    l.push(best - mine[i]);
                }
            } else {
                for l in &mut losses {
                    l.push(0.0);
                }
            }
        }
        // The game goes on by the expert's play; a new one after its end.
        pos = expert.play(&pos, side, roll, o.rules, rng.next_u64() as u32);
        if pos.off(side) == 15 {
            games += 1;
            pos = Position::start();
            side = Side::White;
        } else {
            side = !side;
        }
    }
    let per_variant: Vec<serde_json::Value> = o
        .variants
        .iter()
        .zip(&losses)
        .zip(&times)
        .map(|((name, l), t)| {
            let (mean, ci) = mean_ci(l);
            let mut t = t.clone();
            t.sort_by(f64::total_cmp);
            let at = |q: f64| t[((t.len() as f64 * q) as usize).min(t.len() - 1)];
            serde_json::json!({
                "variant": name,
                "mean_loss": mean,
                "ci95": ci,
                "ms_median": at(0.5),
                "ms_p95": at(0.95),
            })
        })
        .collect();
    let against_first: Vec<serde_json::Value> = (1..k)
        .map(|j| {
            let diff: Vec<f64> = losses[j]
                .iter()
                .zip(&losses[0])
                .map(|(a, b)| a - b)
                .collect();
            let (mean, ci) = mean_ci(&diff);
            serde_json::json!({
                "variant": o.variants[j],
                "minus": o.variants[0],
                "mean_loss_difference": mean,
                "ci95": ci,
            })
        })
        .collect();
    println!(
        "{}",
        serde_json::json!({
            "positions": seen,
            "disputed": disputed,
            "games": games,
            "judge_plies": o.plies,
            "seed": o.seed,
            "variants": per_variant,
            "against_first": against_first,
        })
    );
    ExitCode::SUCCESS
}
