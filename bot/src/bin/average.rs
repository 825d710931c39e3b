//! `average --out FILE IN...`: the mean of weights files of one shape, weight by weight — of a
//! training run's last checkpoints (tried on 2026-12-05: it played worse than the last one,
//! `FIGURES.md`), or of one file: that file rewritten by the current `weights::serialize` (the
//! rows of inputs a net never sees stored as zero). A training tool; nothing at run time uses it.

use std::process::ExitCode;

use vrhcaby_bot::eval::Evaluator;
use vrhcaby_bot::net::Net;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: average --out FILE IN...";
    let (out, inputs) = match args.split_first() {
        Some((flag, rest)) if flag == "--out" && rest.len() >= 2 => (&rest[0], &rest[1..]),
        _ => {
            eprintln!("{usage}");
            return ExitCode::FAILURE;
        }
    };
    let mut nets = Vec::new();
    for path in inputs {
        let loaded = std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| Evaluator::from_bytes(&b).map_err(|e| e.to_string()));
        match loaded {
            Ok(ev) => nets.push(ev),
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut mean = nets[0].clone();
    let n = nets.len() as f32;
    let same = nets
        .iter()
        .all(|ev| ev.contact.hidden == mean.contact.hidden && ev.race.hidden == mean.race.hidden);
    if !same {
        eprintln!("the files' nets differ in shape");
        return ExitCode::FAILURE;
    }
    for k in 0..2 {
        let pick = |e: &Evaluator| {
            if k == 0 {
                e.contact.clone()
            } else {
                e.race.clone()
            }
        };
        let first = pick(&mean);
        let mut sums = [&first.w1, &first.b1, &first.w2, &first.b2].map(|l| vec![0.0f32; l.len()]);
        for ev in &nets {
            let net = pick(ev);
            for (sum, layer) in sums.iter_mut().zip([&net.w1, &net.b1, &net.w2, &net.b2]) {
                sum.iter_mut().zip(layer).for_each(|(s, w)| *s += w / n);
            }
        }
        let [w1, b1, w2, b2] = sums;
        let net = Net::new(first.inputs, first.hidden, w1, b1, w2, b2);
        if k == 0 {
            mean.contact = net;
        } else {
            mean.race = net;
        }
    }
    if let Err(e) = std::fs::write(out, mean.to_bytes()) {
        eprintln!("{out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
