//! `match`: N deals of 1-point games under the house rules between two players, each deal played
//! twice with the seats swapped and the same dice; prints a JSON report (win rate of `--a` with
//! its 95% interval, time per move).
//!
//! cargo run --release -p vrhcaby-bot --bin match -- --a expert --b pubeval --deals 1000 --seed 1
//!
//! Players: a level (beginner, intermediate, expert, strongest), `ply0`, `ply1`, `ply2` (the bot
//! without noise at that depth; `ply2wide` the 2-ply widened within an evaluation budget),
//! `pubeval`, `random`, `gnubg` and `gnubg1` (GNU Backgammon at 0-ply and at 1-ply through
//! `--python` running `--gnubg-script`; a benchmark tool only). `--weights FILE` gives the bots a
//! net other than the built-in one, `--weights-b FILE` another to `--b` alone (net against net).

use std::process::ExitCode;

use vrhcaby_bot::matches::run;
use vrhcaby_bot::players::{BotPlayer, GnubgPlayer, Player, PubevalPlayer, RandomPlayer};
use vrhcaby_bot::{Bot, Budget, Evaluator, Level};
use vrhcaby_rules::Rules;

const USAGE: &str = "usage: match --a PLAYER --b PLAYER [--deals N] [--seed S] [--weights FILE] [--weights-b FILE] [--python PATH] [--gnubg-script PATH] [--progress-every N] [--rules vrhcaby|standard]";

struct Options {
    a: String,
    b: String,
    deals: usize,
    seed: u64,
    weights: Option<String>,
    /// `--b`'s net, when not `--weights`' (two nets against each other).
    weights_b: Option<String>,
    python: String,
    script: String,
    progress_every: usize,
    rules: Rules,
}

fn player(name: &str, o: &Options, ev: &Evaluator, k: u64) -> Result<Box<dyn Player>, String> {
    let bot = || Bot::new(ev.clone());
    let raw = |label: &str, budget: Budget| BotPlayer {
        bot: bot(),
        label: label.into(),
        budget,
        noise: 0.0,
    };
    Ok(match name {
        "pubeval" => Box::new(PubevalPlayer::default()),
        "random" => Box::new(RandomPlayer::new(o.seed ^ k)),
        "gnubg" | "gnubg1" => Box::new(
            GnubgPlayer::spawn(&o.python, &o.script, u8::from(name == "gnubg1"))
                .map_err(|e| format!("cannot start gnubg helper: {e}"))?,
        ),
        "ply0" => Box::new(raw("ply0", Budget::ZERO_PLY)),
        "ply1" => Box::new(raw("ply1", Budget::ONE_PLY)),
        "ply2" => Box::new(raw("ply2", Budget::TWO_PLY)),
        "ply2wide" => Box::new(raw("ply2wide", Budget::WIDE_TWO_PLY)),
        _ => match Level::parse(name) {
            Some(level) => Box::new(BotPlayer::at_level(bot(), level)),
            None => return Err(format!("unknown player {name}")),
        },
    })
}

fn parse() -> Result<Options, String> {
    let mut o = Options {
        a: String::new(),
        b: String::new(),
        deals: 100,
        seed: 1,
        weights: None,
        weights_b: None,
        python: "/work/gnubg-venv/bin/python".into(),
        script: "bot/bench/gnubg_eval.py".into(),
        progress_every: 0,
        rules: Rules::Vrhcaby,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let v = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = || format!("bad value {v} for {flag}");
        match flag.as_str() {
            "--a" => o.a = v.clone(),
            "--b" => o.b = v.clone(),
            "--deals" => o.deals = v.parse().map_err(|_| bad())?,
            "--seed" => o.seed = v.parse().map_err(|_| bad())?,
            "--weights" => o.weights = Some(v.clone()),
            "--weights-b" => o.weights_b = Some(v.clone()),
            "--python" => o.python = v.clone(),
            "--gnubg-script" => o.script = v.clone(),
            "--progress-every" => o.progress_every = v.parse().map_err(|_| bad())?,
            "--rules" => o.rules = Rules::parse(v).ok_or_else(bad)?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if o.a.is_empty() || o.b.is_empty() {
        return Err("--a and --b are needed".into());
    }
    Ok(o)
}

fn main() -> ExitCode {
    let o = match parse() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // `--weights`, else each rule set's own built-in net.
    let ev = match Evaluator::from_file_or_builtin(o.weights.as_deref(), o.rules) {
        Ok(ev) => ev,
        Err(e) => {
            eprintln!("weights: {e}");
            return ExitCode::FAILURE;
        }
    };
    if o.a == "cube-gnubg" {
        // `--a cube-gnubg --b LEVEL`: the computer (cube decisions, checker play at LEVEL)
        // against gnubg 0-ply with its cube, money play.
        let level = Level::parse(&o.b).unwrap_or(Level::Expert);
        let mut bot = Bot::new(ev.clone());
        let script = o.script.replace("gnubg_eval.py", "gnubg_cube.py");
        let mut gnubg = match vrhcaby_bot::cubematch::GnubgCube::spawn(&o.python, &script) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("cannot start the gnubg cube helper: {e}");
                return ExitCode::FAILURE;
            }
        };
        let every = o.progress_every;
        let (ppg, ci, games) = vrhcaby_bot::cubematch::run(
            &mut bot,
            level,
            vrhcaby_bot::cubematch::Opponent::Gnubg(&mut gnubg),
            o.deals,
            o.seed,
            |deals, ppg| {
                if every > 0 && deals % every == 0 {
                    eprintln!("{{\"deals\":{deals},\"ppg\":{ppg:.3}}}");
                }
            },
        );
        println!(
            "{}",
            serde_json::json!({ "a": format!("{} with the cube decisions", level.name()),
                "b": "gnubg 0-ply with its cube", "games": games,
                "ppg": (ppg * 1000.0).round() / 1000.0, "ci95": (ci * 1000.0).round() / 1000.0 })
        );
        return ExitCode::SUCCESS;
    }
    if o.a == "cube" {
        // `--a cube --b LEVEL`: the cube decisions against no doubling, checker play at LEVEL.
        let level = Level::parse(&o.b).unwrap_or(Level::Expert);
        let mut bot = Bot::new(ev.clone());
        let (ppg, ci, games) = vrhcaby_bot::cubematch::run(
            &mut bot,
            level,
            vrhcaby_bot::cubematch::Opponent::Plain,
            o.deals,
            o.seed,
            |_, _| {},
        );
        println!(
            "{}",
            serde_json::json!({ "a": "cube decisions", "b": "never doubles, always takes",
                "checker_play": level.name(), "games": games,
                "ppg": (ppg * 1000.0).round() / 1000.0, "ci95": (ci * 1000.0).round() / 1000.0 })
        );
        return ExitCode::SUCCESS;
    }
    let ev_b = match o.weights_b.as_deref().map(Evaluator::from_file) {
        None => ev.clone(),
        Some(Ok(ev)) => ev,
        Some(Err(e)) => {
            eprintln!("--weights-b: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (mut a, mut b) = match (player(&o.a, &o, &ev, 1), player(&o.b, &o, &ev_b, 2)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let every = o.progress_every;
    let report = run(a.as_mut(), b.as_mut(), o.rules, o.deals, o.seed, |r| {
        if every > 0 && r.deal_scores.len() % every == 0 {
            eprintln!("{}", r.json());
        }
    });
    println!("{}", report.json());
    ExitCode::SUCCESS
}
