//! `bearoff`: the bear-off table's build time, and the race nets' win estimates against the
//! table's exact answer on all-home races (a benchmark; see `FIGURES.md`).
//!
//! cargo run --release -p vrhcaby-bot --bin bearoff -- --positions 2000 --seed 1
//!
//! Two samples of `--positions` all-home races each (both sides with every checker home or off,
//! neither finished, the side on roll random): `uniform` draws each side's home uniformly from
//! the 54,263 non-empty homes; `played` takes one all-home position at random from each of as
//! many games of the expert level against itself under the house rules (seeded dice). Each line
//! gives the race net's mean absolute error in the win against the table, its mean signed error
//! (net − exact), the largest error and the share of errors above 0.05.

use std::process::ExitCode;
use std::time::Instant;

use vrhcaby_bot::bearoff::{all_homes, race_estimate, Table, POSITIONS};
use vrhcaby_bot::eval::EvalScratch;
use vrhcaby_bot::inputs::encode;
use vrhcaby_bot::{Bot, Estimate, Evaluator, Level};
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Position, Rules, Setup, Side, CHECKERS};

const USAGE: &str = "usage: bearoff [--positions N] [--seed S] [--builds N]";

struct Options {
    positions: usize,
    seed: u64,
    builds: usize,
}

fn parse() -> Result<Options, String> {
    let mut o = Options {
        positions: 2000,
        seed: 1,
        builds: 5,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let v = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = || format!("bad value {v} for {flag}");
        match flag.as_str() {
            "--positions" => o.positions = v.parse().map_err(|_| bad())?,
            "--seed" => o.seed = v.parse().map_err(|_| bad())?,
            "--builds" => o.builds = v.parse().map_err(|_| bad())?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(o)
}

/// Both sides' homes drawn uniformly from the non-empty ones; the side on roll at random.
fn uniform_sample(n: usize, rng: &mut SplitMix64) -> Vec<(Position, Side)> {
    let homes = all_homes();
    let pick = |rng: &mut SplitMix64| {
        let home = homes[1 + rng.below(POSITIONS as u64 - 1) as usize];
        let mut side = vec![0i64; 26];
        for (p, &c) in home.iter().enumerate() {
            side[p + 1] = i64::from(c);
        }
        side[0] = i64::from(CHECKERS) - side.iter().sum::<i64>();
        side
    };
    (0..n)
        .map(|_| {
            let setup = Setup {
                white: pick(rng),
                black: pick(rng),
            };
            let pos = Position::from_setup(&setup).expect("homes never share a point");
            (pos, rng.side())
        })
        .collect()
}

/// One all-home position, picked at random, from each of `n` games of the expert level against
/// itself under the house rules.
fn played_sample(n: usize, rng: &mut SplitMix64, bot: &mut Bot) -> Vec<(Position, Side)> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut pos = Position::start();
        let mut side = rng.side();
        let mut seen = Vec::new();
        while !Side::ALL.iter().any(|&s| pos.is_finished(s)) {
            if race_estimate(&pos, side).is_some() {
                seen.push((pos, side));
            }
            let roll = rng.roll();
            pos = bot
                .choose(&pos, side, roll, Rules::Vrhcaby, Level::Expert, 0)
                .position;
            side = !side;
        }
        if !seen.is_empty() {
            out.push(seen[rng.below(seen.len() as u64) as usize]);
        }
    }
    out
}

/// The race net's own estimate, bypassing the table.
fn race_net(ev: &Evaluator, pos: &Position, side: Side, s: &mut EvalScratch) -> Estimate {
    encode(pos, side, &mut s.inputs);
    Estimate::from_outputs(ev.race.forward(&s.inputs, &mut s.net))
}

fn report(name: &str, net: &str, ev: &Evaluator, sample: &[(Position, Side)]) {
    let mut s = EvalScratch::default();
    let errors: Vec<f64> = sample
        .iter()
        .map(|(pos, side)| {
            let exact = race_estimate(pos, *side).expect("an all-home race");
            f64::from(race_net(ev, pos, *side, &mut s).win - exact.win)
        })
        .collect();
    let n = errors.len() as f64;
    let mae = errors.iter().map(|e| e.abs()).sum::<f64>() / n;
    let bias = errors.iter().sum::<f64>() / n;
    let max = errors.iter().fold(0f64, |m, e| m.max(e.abs()));
    let over = errors.iter().filter(|e| e.abs() > 0.05).count() as f64 / n;
    println!(
        "{{\"sample\":\"{name}\",\"net\":\"{net}\",\"positions\":{},\"mae\":{mae:.4},\
         \"mean_error\":{bias:.4},\"max_error\":{max:.4},\"share_over_0.05\":{over:.4}}}",
        errors.len()
    );
}

fn main() -> ExitCode {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut times: Vec<f64> = (0..o.builds.max(1))
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(Table::build());
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "{{\"table_build_ms_median\":{:.1},\"builds\":{},\"table_bytes\":{}}}",
        times[times.len() / 2],
        times.len(),
        Table::build().heap_bytes()
    );
    let Ok(mut bot) = Bot::builtin() else {
        eprintln!("the built-in weights do not parse");
        return ExitCode::FAILURE;
    };
    let mut rng = SplitMix64::new(o.seed);
    let uniform = uniform_sample(o.positions, &mut rng);
    let played = played_sample(o.positions, &mut rng, &mut bot);
    // The time of one exact estimate (the table built) against one pass of the race net.
    let mut scratch = EvalScratch::default();
    let reps = 20;
    let t = Instant::now();
    for _ in 0..reps {
        for (pos, side) in &uniform {
            std::hint::black_box(race_estimate(pos, *side));
        }
    }
    let exact_ns = t.elapsed().as_secs_f64() * 1e9 / (reps * uniform.len()) as f64;
    let t = Instant::now();
    for _ in 0..reps {
        for (pos, side) in &uniform {
            std::hint::black_box(race_net(&bot.evaluator, pos, *side, &mut scratch));
        }
    }
    let net_ns = t.elapsed().as_secs_f64() * 1e9 / (reps * uniform.len()) as f64;
    println!("{{\"exact_estimate_ns\":{exact_ns:.0},\"race_net_ns\":{net_ns:.0}}}");
    let mut nets = vec![("house", bot.evaluator.clone())];
    if let Some(standard) = bot.standard.clone() {
        nets.push(("standard", standard));
    }
    for (net, ev) in &nets {
        report("uniform", net, ev, &uniform);
        report("played", net, ev, &played);
    }
    ExitCode::SUCCESS
}
