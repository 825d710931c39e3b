//! `rollout_train`: generations of supervised training on our own rollouts (issue 22). Each
//! generation samples positions from the current net's self-play (a little noise for variety;
//! with `--pool K`, K times as many, of which those the 1-ply and the pruned 2-ply judges disagree
//! on most are kept: where the net errs),
//! labels each by rollouts of the current net at 0-ply (`rollout.rs`: the first roll stratified,
//! exact at the end of a game or of an all-home race, optionally truncated; or, with
//! `--label-ply D`, by the net's own D-ply look-ahead instead), trains a copy of the
//! net on the labels, and plays the copy against the current net at 0-ply (the same dice for both
//! seats); the copy becomes the current net only if it scores above ½. Reproducible from
//! `--seed` (one thread). Logs JSON lines on stdout; writes `<out>.gen<k>` for every generation's
//! trained copy and `<out>` for the current net at the end.
//!
//! cargo run --release -p vrhcaby-bot --bin rollout_train -- --generations 3 --positions 20000 \
//!   --trials 36 --seed 1 --out bot/weights/house.rollout.bin

use std::process::ExitCode;
use std::time::Instant;

use vrhcaby_bot::matches::run;
use vrhcaby_bot::players::BotPlayer;
use vrhcaby_bot::rollout::{label, label_by_search, most_disputed, Plan};
use vrhcaby_bot::train::{train_on, SelfPlay};
use vrhcaby_bot::{Bot, Budget, Evaluator};
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::Rules;

const USAGE: &str = "usage: rollout_train [--init FILE] [--rules vrhcaby|standard] [--generations G] [--positions N] [--pool K] [--trials T] [--truncate P] [--label-ply D] [--epochs E] [--alpha A] [--noise X] [--match-deals D] [--seed S] --out FILE";

struct Options {
    init: Option<String>,
    rules: Rules,
    generations: usize,
    positions: usize,
    pool: usize,
    trials: usize,
    truncate: u32,
    label_ply: u8,
    epochs: usize,
    alpha: f32,
    noise: f32,
    match_deals: usize,
    seed: u64,
    out: String,
}

fn parse() -> Result<Options, String> {
    let mut o = Options {
        init: None,
        rules: Rules::Vrhcaby,
        generations: 1,
        positions: 10_000,
        pool: 1,
        trials: 36,
        truncate: 0,
        label_ply: 0,
        epochs: 4,
        alpha: 0.005,
        noise: 0.05,
        match_deals: 2_000,
        seed: 1,
        out: String::new(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let v = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = || format!("bad value {v} for {flag}");
        match flag.as_str() {
            "--init" => o.init = Some(v.clone()),
            "--rules" => o.rules = Rules::parse(v).ok_or_else(bad)?,
            "--generations" => o.generations = v.parse().map_err(|_| bad())?,
            "--positions" => o.positions = v.parse().map_err(|_| bad())?,
            "--pool" => o.pool = v.parse().ok().filter(|&k| k >= 1).ok_or_else(bad)?,
            "--trials" => o.trials = v.parse().map_err(|_| bad())?,
            "--truncate" => o.truncate = v.parse().map_err(|_| bad())?,
            "--label-ply" => o.label_ply = v.parse().ok().filter(|&d| d <= 3).ok_or_else(bad)?,
            "--epochs" => o.epochs = v.parse().map_err(|_| bad())?,
            "--alpha" => o.alpha = v.parse().map_err(|_| bad())?,
            "--noise" => o.noise = v.parse().map_err(|_| bad())?,
            "--match-deals" => o.match_deals = v.parse().map_err(|_| bad())?,
            "--seed" => o.seed = v.parse().map_err(|_| bad())?,
            "--out" => o.out = v.clone(),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if o.out.is_empty() {
        return Err("--out is needed".into());
    }
    Ok(o)
}

fn save(ev: &Evaluator, path: &str) -> std::io::Result<()> {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, ev.to_bytes())?;
    std::fs::rename(&tmp, path)
}

fn player(ev: &Evaluator, label: &str) -> BotPlayer {
    BotPlayer {
        bot: Bot::new(ev.clone()),
        label: label.into(),
        budget: Budget::ZERO_PLY,
        noise: 0.0,
    }
}

fn main() -> ExitCode {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut ev = match Evaluator::from_file_or_builtin(o.init.as_deref(), o.rules) {
        Ok(ev) => ev,
        Err(e) => {
            eprintln!("weights: {e}");
            return ExitCode::FAILURE;
        }
    };
    let plan = Plan {
        trials: o.trials,
        truncate: o.truncate,
    };
    let mut rng = SplitMix64::new(o.seed ^ 0x0A11_0075);
    let mut play = SelfPlay::new(o.rules);
    let start = Instant::now();
    let secs = || (start.elapsed().as_secs_f64() * 10.0).round() / 10.0;
    for generation in 1..=o.generations {
        let mut sample =
            play.sample_positions(&ev, &mut rng, o.positions.saturating_mul(o.pool), o.noise);
        let t0 = Instant::now();
        let (mut kept_dispute, mut pool_dispute) = (0.0, 0.0);
        if o.pool > 1 {
            (sample, kept_dispute, pool_dispute) =
                most_disputed(&ev, o.rules, &sample, o.positions);
        }
        let pick_s = t0.elapsed().as_secs_f64();
        let t0 = Instant::now();
        // Drawn either way, so the later draws do not depend on how the positions are labelled.
        let seed = rng.next_u64();
        let labelled = if o.label_ply > 0 {
            label_by_search(&ev, o.rules, &sample, o.label_ply)
        } else {
            label(&ev, o.rules, &sample, plan, seed)
        };
        let label_s = t0.elapsed().as_secs_f64();
        let mut next = ev.clone();
        let errors = train_on(&mut next, &labelled, o.epochs, o.alpha, &mut rng);
        let path = format!("{}.gen{generation}", o.out);
        if let Err(e) = save(&next, &path) {
            eprintln!("cannot write {path}: {e}");
            return ExitCode::FAILURE;
        }
        let report = run(
            &mut player(&next, "next"),
            &mut player(&ev, "current"),
            o.rules,
            o.match_deals,
            o.seed.wrapping_add(generation as u64),
            |_| {},
        );
        let (score, ci) = report.rate();
        let accepted = score > 0.5;
        if accepted {
            ev = next;
        }
        println!(
            "{}",
            serde_json::json!({
                "generation": generation, "positions": labelled.len(), "trials": o.trials,
                "label_ply": o.label_ply,
                "pool": o.pool, "pick_s": (pick_s * 10.0).round() / 10.0,
                "dispute_kept_pool": [(f64::from(kept_dispute) * 1e4).round() / 1e4, (f64::from(pool_dispute) * 1e4).round() / 1e4],
                "truncate": o.truncate, "label_s": (label_s * 10.0).round() / 10.0,
                "label_ms_per_position": (label_s * 1e4 / labelled.len().max(1) as f64).round() / 10.0,
                "win_mse_per_epoch": errors.iter().map(|e| (e * 1e5).round() / 1e5).collect::<Vec<_>>(),
                "vs_current": [(score * 1000.0).round() / 1000.0, (ci * 1000.0).round() / 1000.0],
                "games": report.games, "accepted": accepted, "elapsed_s": secs(),
            })
        );
    }
    if let Err(e) = save(&ev, &o.out) {
        eprintln!("cannot write {}: {e}", o.out);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
