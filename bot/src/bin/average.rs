//! `average --out FILE IN...`: the mean of weights files of one shape, weight by weight — of a
//! training run's last checkpoints (tried on 2026-12-05: it played worse than the last one,
//! `FIGURES.md`), or of one file: that file rewritten by the current `weights::serialize` (the
//! rows of inputs a net never sees stored as zero). A training tool; nothing at run time uses it.

use std::process::ExitCode;

use vrhcaby_bot::eval::Evaluator;
use vrhcaby_bot::net::Net;

/// The mean of `nets`, weight by weight (all of one shape).
fn mean<'a>(nets: impl Iterator<Item = &'a Net> + Clone) -> Net {
    let n = nets.clone().count() as f32;
    let mean_of = |layer: fn(&Net) -> &Vec<f32>| {
        let mut sum = vec![0.0f32; nets.clone().next().map_or(0, |net| layer(net).len())];
        for net in nets.clone() {
            sum.iter_mut()
                .zip(layer(net))
                .for_each(|(s, w)| *s += w / n);
        }
        sum
    };
    let first = nets.clone().next().expect("at least one net");
    Net::new(
        first.inputs,
        first.hidden,
        mean_of(|net| &net.w1),
        mean_of(|net| &net.b1),
        mean_of(|net| &net.w2),
        mean_of(|net| &net.b2),
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (out, inputs) = match args.split_first() {
        Some((flag, rest)) if flag == "--out" && rest.len() >= 2 => (&rest[0], &rest[1..]),
        _ => {
            eprintln!("usage: average --out FILE IN...");
            return ExitCode::FAILURE;
        }
    };
    let mut files = Vec::new();
    for path in inputs {
        match Evaluator::from_file(path) {
            Ok(ev) => files.push(ev),
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let shape = |ev: &Evaluator| (ev.contact.hidden, ev.race.hidden);
    if files.iter().any(|ev| shape(ev) != shape(&files[0])) {
        eprintln!("the files' nets differ in shape");
        return ExitCode::FAILURE;
    }
    let averaged = Evaluator {
        contact: mean(files.iter().map(|ev| &ev.contact)),
        race: mean(files.iter().map(|ev| &ev.race)),
    };
    if let Err(e) = std::fs::write(out, averaged.to_bytes()) {
        eprintln!("{out}: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
