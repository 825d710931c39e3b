// Temporary: converts a version-1 weights file (i16, per-layer scale) to the current format.
use vrhcaby_bot::eval::Evaluator;
use vrhcaby_bot::net::Net;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let b = std::fs::read(&args[1]).unwrap();
    let mut at = 12usize;
    let u16a = |at: &mut usize| { let v = u16::from_le_bytes([b[*at], b[*at + 1]]); *at += 2; v as usize };
    let f32a = |at: &mut usize| { let v = f32::from_le_bytes([b[*at], b[*at + 1], b[*at + 2], b[*at + 3]]); *at += 4; v };
    let vals = |at: &mut usize, n: usize, s: f32| { let v: Vec<f32> = (0..n).map(|k| f32::from(i16::from_le_bytes([b[*at + 2 * k], b[*at + 2 * k + 1]])) / s).collect(); *at += 2 * n; v };
    let mut nets = Vec::new();
    for _ in 0..2 {
        let inputs = u16a(&mut at); let hidden = u16a(&mut at); let outputs = u16a(&mut at);
        let s1 = f32a(&mut at); let s2 = f32a(&mut at);
        let w1 = vals(&mut at, inputs * hidden, s1);
        let b1 = vals(&mut at, hidden, s1);
        let w2 = vals(&mut at, outputs * hidden, s2);
        let b2 = vals(&mut at, outputs, s2);
        nets.push(Net { inputs, hidden, w1, b1, w2, b2 });
    }
    assert_eq!(at + 8, b.len());
    let race = nets.pop().unwrap();
    let contact = nets.pop().unwrap();
    let old = Evaluator { contact, race };
    let bytes = old.to_bytes();
    let new = Evaluator::from_bytes(&bytes).unwrap();
    assert_eq!(new.to_bytes(), bytes, "canonical");
    // max weight error
    let mut err = 0f32;
    for (a, c) in [(&old.contact, &new.contact), (&old.race, &new.race)] {
        for (x, y) in a.w1.iter().zip(&c.w1).chain(a.w2.iter().zip(&c.w2)) { err = err.max((x - y).abs()); }
    }
    eprintln!("{} -> {} bytes, max weight error {err}", b.len(), bytes.len());
    std::fs::write(&args[2], bytes).unwrap();
    let rules = if args[1].contains("standard") { vrhcaby_rules::Rules::Standard } else { vrhcaby_rules::Rules::Vrhcaby };
    let mut s = vrhcaby_bot::eval::EvalScratch::default();
    let (mut max, mut sum, mut n) = ([0f32; 5], [0f64; 5], 0);
    for (pos, side, _) in vrhcaby_rules::bench::self_play_sample(20000, 7, rules) {
        let a = old.evaluate(&pos, side, &mut s);
        let c = new.evaluate(&pos, side, &mut s);
        let d = [a.win - c.win, a.win_gammon - c.win_gammon, a.win_backgammon - c.win_backgammon, a.lose_gammon - c.lose_gammon, a.lose_backgammon - c.lose_backgammon];
        for k in 0..5 { max[k] = max[k].max(d[k].abs()); sum[k] += f64::from(d[k].abs()); }
        n += 1;
    }
    let mk = |ev: &Evaluator, l: &str| vrhcaby_bot::players::BotPlayer { bot: vrhcaby_bot::Bot::new(ev.clone()), label: l.into(), budget: vrhcaby_bot::Budget::ZERO_PLY, noise: 0.0 };
    let (mut a, mut c) = (mk(&new, "new"), mk(&old, "old"));
    let r = vrhcaby_bot::matches::run(&mut a, &mut c, rules, 3000, 5, |_| {});
    eprintln!("{}", r.json());
    eprintln!("outputs over {n}: max {max:?} mean {:?}", sum.map(|x| x / n as f64));
    // old evaluator written for comparison (f32 values kept in a debug dump)
    let mut dump = Vec::new();
    for n in [&old.contact, &old.race] { for v in n.w1.iter().chain(&n.b1).chain(&n.w2).chain(&n.b2) { dump.extend_from_slice(&v.to_le_bytes()); } }
    std::fs::write(format!("{}.f32", args[2]), dump).unwrap();
}
