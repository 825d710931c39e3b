//! The evaluator, the search and the CLI contract, natively: forced moves, a bear-off race, every
//! answer one of the rules core's plays, determinism per seed, the weights file and its errors.

use serde_json::{json, Value};
use vrhcaby_bot::cli::{self, BotOp};
use vrhcaby_bot::weights::{self, WeightsError};
use vrhcaby_bot::{Bot, Budget, Evaluator, Level};
use vrhcaby_rules::bench::self_play_sample;
use vrhcaby_rules::cli::{self as rules_cli, Op};
use vrhcaby_rules::{plays, Position, Roll, Rules, Setup, Side};

fn bot() -> Bot {
    Bot::builtin().expect("the built-in weights parse")
}

/// A position from each side's own counts (index 0 = off, 1..=24 points, 25 = bar).
fn position(white: [u8; 26], black: [u8; 26]) -> Position {
    let setup = Setup {
        white: white.iter().map(|&n| i64::from(n)).collect(),
        black: black.iter().map(|&n| i64::from(n)).collect(),
    };
    Position::from_setup(&setup).expect("a valid test position")
}

fn counts(pairs: &[(usize, u8)]) -> [u8; 26] {
    let mut c = [0u8; 26];
    for &(i, n) in pairs {
        c[i] += n;
    }
    c
}

fn roll(a: u8, b: u8) -> Roll {
    Roll::from_values(a, b).expect("dice 1..=6")
}

#[test]
fn a_forced_play_is_played_at_every_level() {
    // White has every checker on the bar; Black holds White's 19..=23 (Black's 2..=6): with 6-1
    // White can only enter one checker with the 1, and nothing else may move while others wait.
    let black = counts(&[(2, 3), (3, 3), (4, 3), (5, 3), (6, 3)]);
    let r = roll(6, 1);
    let mut bot = bot();
    let only = counts(&[(25, 15)]);
    let pos = position(only, black);
    let all = plays(&pos, Side::White, r, Rules::Vrhcaby);
    assert_eq!(all.len(), 1, "one play: enter with the 1");
    for level in Level::ALL {
        let c = bot.choose(&pos, Side::White, r, Rules::Vrhcaby, level, 3);
        assert_eq!(c.index, 0);
        assert_eq!(c.position, all[0].position);
        assert_eq!(c.moves.len(), all[0].moves.len());
    }
}

#[test]
fn a_roll_without_a_legal_move_plays_nothing() {
    // White on the bar against a closed board: nothing moves.
    let white = counts(&[(25, 2), (6, 13)]);
    let black = counts(&[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (12, 3)]);
    let pos = position(white, black);
    let mut bot = bot();
    let c = bot.choose(
        &pos,
        Side::White,
        roll(4, 2),
        Rules::Vrhcaby,
        Level::Strongest,
        0,
    );
    assert!(c.moves.is_empty());
    assert_eq!(c.position, pos);
}

#[test]
fn the_race_bears_off_rather_than_moving_inside() {
    // A race: White 11 off, one checker each on 6, 5, 2 and 1; Black far from home.
    let white = counts(&[(0, 11), (6, 1), (5, 1), (2, 1), (1, 1)]);
    let black = counts(&[(17, 5), (16, 5), (15, 5)]);
    let pos = position(white, black);
    let mut bot = bot();
    for level in [Level::Expert, Level::Strongest] {
        let c = bot.choose(&pos, Side::White, roll(6, 5), Rules::Vrhcaby, level, 0);
        assert_eq!(c.position.off(Side::White), 13, "{level}: 6/off 5/off");
        assert!(
            c.estimate.win > 0.9,
            "{level}: a won race, {}",
            c.estimate.win
        );
    }
    // Bearing off the last checkers wins at once.
    let last = position(counts(&[(0, 13), (6, 1), (5, 1)]), black);
    let c = bot.choose(
        &last,
        Side::White,
        roll(6, 5),
        Rules::Vrhcaby,
        Level::Expert,
        0,
    );
    assert!(c.position.is_finished(Side::White));
    assert_eq!(c.estimate.win, 1.0);
}

#[test]
fn every_answer_is_one_of_the_plays_and_repeats() {
    let mut bot = bot();
    let sample = self_play_sample(300, 2026, Rules::Vrhcaby);
    for (i, (pos, side, r)) in sample.iter().enumerate() {
        if Side::ALL.iter().any(|&s| pos.is_finished(s)) {
            continue;
        }
        let all = plays(pos, *side, *r, Rules::Vrhcaby);
        let levels: &[Level] = if i % 30 == 0 {
            &Level::ALL
        } else {
            &[Level::Beginner, Level::Intermediate, Level::Expert]
        };
        for &level in levels {
            let seed = i as u32;
            let c = bot.choose(pos, *side, *r, Rules::Vrhcaby, level, seed);
            assert_eq!(all[c.index].position, c.position);
            assert_eq!(all[c.index].moves, c.moves);
            assert!((0.0..=1.0).contains(&c.estimate.win));
            let again = bot.choose(pos, *side, *r, Rules::Vrhcaby, level, seed);
            assert_eq!(again, c, "the same request gets the same answer");
        }
        // The standard rules' set too.
        let std_all = plays(pos, *side, *r, Rules::Standard);
        let c = bot.choose(pos, *side, *r, Rules::Standard, Level::Expert, 0);
        assert_eq!(std_all[c.index].position, c.position);
    }
}

#[test]
fn the_beginners_seed_changes_some_choices_and_only_the_seed() {
    let mut bot = bot();
    let sample = self_play_sample(200, 7, Rules::Vrhcaby);
    let mut differ = 0;
    let mut expert_differs = 0;
    for (pos, side, r) in &sample {
        if Side::ALL.iter().any(|&s| pos.is_finished(s)) {
            continue;
        }
        let a = bot.choose(pos, *side, *r, Rules::Vrhcaby, Level::Beginner, 1);
        let b = bot.choose(pos, *side, *r, Rules::Vrhcaby, Level::Beginner, 2);
        differ += usize::from(a.position != b.position);
        let e = bot.choose(pos, *side, *r, Rules::Vrhcaby, Level::Expert, 1);
        let f = bot.choose(pos, *side, *r, Rules::Vrhcaby, Level::Expert, 2);
        expert_differs += usize::from(e.position != f.position);
        // Beginner's mistakes are plausible: never far below the best play at 0-ply.
        assert!(a.estimate.win >= e.estimate.win - 0.5);
    }
    assert!(
        differ > 5,
        "noise changes some of the beginner's plays ({differ})"
    );
    assert_eq!(expert_differs, 0, "the expert ignores the seed");
}

#[test]
fn one_and_two_ply_look_ahead_agree_with_the_net_on_a_won_race() {
    let mut bot = bot();
    let white = counts(&[(0, 10), (3, 2), (2, 2), (1, 1)]);
    let black = counts(&[(20, 5), (19, 5), (18, 5)]);
    let pos = position(white, black);
    for budget in [Budget::ZERO_PLY, Budget::ONE_PLY, Budget::TWO_PLY] {
        let c = bot.choose_within(
            &pos,
            Side::White,
            roll(2, 1),
            Rules::Vrhcaby,
            budget,
            0.0,
            0,
        );
        assert!(c.estimate.win > 0.95, "{budget:?}: {}", c.estimate.win);
    }
}

#[test]
fn draws_are_accepted_when_behind_and_declined_when_ahead() {
    let mut bot = bot();
    // White about to win a race easily; Black (the computer) is far behind.
    let white = counts(&[(0, 12), (1, 2), (2, 1)]);
    let black = counts(&[(20, 5), (19, 5), (18, 5)]);
    let pos = position(white, black);
    // White offers with its roll still to play: Black accepts.
    assert!(bot.accepts_draw(&pos, Side::White, Some(roll(3, 1))));
    assert!(bot.accepts_draw(&pos, Side::White, None));
    // Black offers to White: White (the computer, far ahead) declines.
    assert!(!bot.accepts_draw(&pos, Side::Black, None));
    // Behind, the computer would offer; ahead, it would not.
    assert!(bot.wants_draw(&pos, Side::Black, roll(2, 1)));
    assert!(!bot.wants_draw(&pos, Side::White, roll(2, 1)));
    assert!(!vrhcaby_bot::claims_when_late(false));
}

#[test]
fn the_weights_file_parses_and_round_trips() {
    let ev = Evaluator::builtin().expect("built-in weights");
    let bytes = ev.to_bytes();
    assert_eq!(
        bytes,
        vrhcaby_bot::eval::BUILTIN_WEIGHTS,
        "the file is canonical"
    );
    let again = Evaluator::from_bytes(&bytes).expect("round trip");
    assert_eq!(again, ev);
    assert!(bytes.len() < 80_000, "small: {} bytes", bytes.len());
}

#[test]
fn quantising_keeps_every_weight_within_half_a_step_of_its_row() {
    use vrhcaby_bot::net::Net;
    let mut state = 12345u64;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    };
    let mut contact = Net::random(vrhcaby_bot::inputs::INPUTS, 16, &mut next);
    // A row of large weights next to rows of small ones: each row keeps its own precision.
    contact.w1[..16].iter_mut().for_each(|w| *w *= 40.0);
    contact.w1[16..32].iter_mut().for_each(|w| *w *= 0.01);
    contact.w1[32..48].iter_mut().for_each(|w| *w = 0.0);
    let race = Net::random(vrhcaby_bot::inputs::INPUTS, 16, &mut next);
    let ev = Evaluator { contact, race };
    let back = Evaluator::from_bytes(&ev.to_bytes()).expect("round trip");
    for (a, b, contact) in [
        (&ev.contact, &back.contact, true),
        (&ev.race, &back.race, false),
    ] {
        for (rows, wide) in [(&a.w1, &b.w1), (&a.w2, &b.w2)] {
            let hidden_layer = rows.len() == a.w1.len();
            let top = if hidden_layer { 127.0 } else { 32767.0 };
            for (i, (ra, rb)) in rows.chunks(a.hidden).zip(wide.chunks(a.hidden)).enumerate() {
                // The rows of inputs this net never sees are stored as zero.
                if hidden_layer && vrhcaby_bot::inputs::always_zero(i, contact) {
                    assert!(rb.iter().all(|&w| w == 0.0), "row {i}");
                    continue;
                }
                let max = ra.iter().fold(0.0f32, |m, v| m.max(v.abs()));
                for (x, y) in ra.iter().zip(rb) {
                    assert!(
                        (x - y).abs() <= max / top / 2.0 * 1.01 + 1e-7,
                        "{x} {y} {max}"
                    );
                }
            }
        }
    }
    assert!(back.contact.w1[32..48].iter().all(|&w| w == 0.0));
    // The small row is kept to a fraction of its own size, not lost beside the large one.
    let small = &back.contact.w1[16..32];
    assert!(small
        .iter()
        .zip(&ev.contact.w1[16..32])
        .all(|(y, x)| (x - y).abs() < 0.0001));
    // A file's size: one byte per hidden-layer weight, two per output weight, a step per row.
    let (inputs, hidden) = (vrhcaby_bot::inputs::INPUTS, 16);
    let per_net = 6 + inputs * (4 + hidden) + (4 + hidden) + 5 * (4 + 2 * hidden) + (4 + 2 * 5);
    assert_eq!(ev.to_bytes().len(), 12 + 2 * per_net + 8);
}

#[test]
fn a_corrupted_weights_file_is_an_error_not_a_panic() {
    let good = vrhcaby_bot::eval::BUILTIN_WEIGHTS.to_vec();
    let mut flipped = good.clone();
    flipped[good.len() / 2] ^= 0x40;
    assert_eq!(weights::parse(&flipped), Err(WeightsError::Checksum));
    assert_eq!(
        weights::parse(&good[..good.len() - 1]),
        Err(WeightsError::Checksum)
    );
    assert_eq!(weights::parse(&good[..10]), Err(WeightsError::TooShort));
    assert_eq!(weights::parse(b""), Err(WeightsError::TooShort));
    let mut magic = good.clone();
    magic[0] = b'X';
    assert_eq!(weights::parse(&magic), Err(WeightsError::BadMagic));
    let mut version = good.clone();
    version[8] = 9;
    assert_eq!(weights::parse(&version), Err(WeightsError::Version(9)));
    // Every truncation and every single-byte change is refused without a panic.
    for n in (0..good.len()).step_by(97) {
        assert!(weights::parse(&good[..n]).is_err());
        let mut b = good.clone();
        b[n] = b[n].wrapping_add(1);
        assert!(weights::parse(&b).is_err());
    }
    // A consistent checksum over inconsistent dims is still refused.
    let mut dims = good[..good.len() - 8].to_vec();
    dims[12] = dims[12].wrapping_add(1);
    let sum = weights::fnv1a64(&dims);
    dims.extend_from_slice(&sum.to_le_bytes());
    assert!(matches!(
        weights::parse(&dims),
        Err(WeightsError::Dims { .. })
    ));
    // A row's step that is zero, negative or not a number, under a consistent checksum.
    for bad in [0.0f32, -1.0, f32::NAN, f32::INFINITY] {
        let mut b = good[..good.len() - 8].to_vec();
        b[18..22].copy_from_slice(&bad.to_le_bytes());
        let sum = weights::fnv1a64(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        assert_eq!(weights::parse(&b), Err(WeightsError::BadScale), "{bad}");
    }
}

// ---- The CLI contract (DESIGN.md `bot` and `eval`), through the same handler the binary uses.

const START: [u8; 26] = [
    0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0,
];

fn ask(bot: &mut Bot, op: BotOp, request: &Value) -> Value {
    cli::answer(bot, op, &request.to_string())
}

#[test]
fn cli_bot_answers_one_entry_of_plays() {
    let mut bot = bot();
    let sample = self_play_sample(60, 11, Rules::Vrhcaby);
    for (i, (pos, side, r)) in sample.iter().enumerate() {
        if Side::ALL.iter().any(|&s| pos.is_finished(s)) {
            continue;
        }
        let level = ["beginner", "intermediate", "expert"][i % 3];
        let req = json!({
            "position": pos, "turn": side, "dice": [r.high().value(), r.low().value()],
            "rules": "vrhcaby", "level": level, "seed": i,
        });
        let answer = ask(&mut bot, BotOp::Bot, &req);
        let plays = rules_cli::answer(Op::Plays, &req.to_string());
        let entries = plays["plays"].as_array().expect("plays");
        let found = entries
            .iter()
            .any(|p| p["moves"] == answer["moves"] && p["position"] == answer["position"]);
        assert!(found, "{answer} is one of {plays}");
        let win = answer["win"].as_f64().expect("win");
        assert!((0.0..=1.0).contains(&win));
        assert_eq!(
            ask(&mut bot, BotOp::Bot, &req),
            answer,
            "same request, same answer"
        );
    }
    // Absent level and seed: the strongest, seed 0.
    let req =
        json!({"position": {"white": START, "black": START}, "turn": "white", "dice": [3, 1]});
    let a = ask(&mut bot, BotOp::Bot, &req);
    assert!(a["moves"].as_array().is_some_and(|m| m.len() == 2), "{a}");
    let b = ask(
        &mut bot,
        BotOp::Bot,
        &json!({"position": {"white": START, "black": START}, "turn": "white", "dice": [1, 3],
                "level": "strongest", "seed": 0, "rules": "vrhcaby"}),
    );
    assert_eq!(a, b);
}

#[test]
fn cli_bot_answers_a_roll_without_a_move_with_no_moves() {
    let mut bot = bot();
    let white = counts(&[(25, 2), (6, 13)]);
    let black = counts(&[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (12, 3)]);
    let req = json!({"position": {"white": white, "black": black}, "turn": "white", "dice": [6, 6],
                     "level": "expert"});
    let a = ask(&mut bot, BotOp::Bot, &req);
    assert_eq!(a["moves"], json!([]));
    assert_eq!(a["position"], json!({"white": white, "black": black}));
}

#[test]
fn cli_bot_errors_are_json_lines() {
    let mut bot = bot();
    let start = json!({"white": START, "black": START});
    let finished = json!({"white": counts(&[(0, 15)]), "black": START});
    for (req, what) in [
        (
            json!({"position": start, "turn": "white", "dice": [3, 1], "level": "grandmaster"}),
            "unknown level",
        ),
        (
            json!({"position": finished, "turn": "black", "dice": [3, 1]}),
            "finished",
        ),
        (
            json!({"position": start, "turn": "white", "dice": [3]}),
            "one die",
        ),
        (
            json!({"position": start, "turn": "white", "dice": [7, 1]}),
            "bad die",
        ),
        (
            json!({"position": start, "turn": "white", "dice": [3, 1], "seed": -1}),
            "negative seed",
        ),
        (
            json!({"position": start, "turn": "white", "dice": [3, 1], "seed": 2_147_483_648u64}),
            "big seed",
        ),
        (
            json!({"position": {"white": START}, "turn": "white", "dice": [3, 1]}),
            "bad position",
        ),
        (json!({"turn": "white", "dice": [3, 1]}), "no position"),
    ] {
        let a = ask(&mut bot, BotOp::Bot, &req);
        assert!(a["error"].is_string(), "{what}: {a}");
    }
    let a = cli::answer(&mut bot, BotOp::Bot, "{not json");
    assert!(a["error"].is_string());
    let a = cli::answer(&mut bot, BotOp::Eval, "[]");
    assert!(a["error"].is_string());
}

#[test]
fn cli_eval_answers_the_win_of_the_side_about_to_roll() {
    let mut bot = bot();
    let start = json!({"white": START, "black": START});
    let a = ask(
        &mut bot,
        BotOp::Eval,
        &json!({"position": start, "turn": "white", "rules": "vrhcaby"}),
    );
    let win = a["win"].as_f64().expect("win");
    assert!((0.4..0.7).contains(&win), "the start is about even: {win}");
    assert_eq!(a.as_object().map(|o| o.len()), Some(1));
    let s = ask(
        &mut bot,
        BotOp::Eval,
        &json!({"position": start, "turn": "black", "rules": "standard"}),
    );
    for key in [
        "win",
        "gammon",
        "backgammon",
        "lose_gammon",
        "lose_backgammon",
        "equity",
    ] {
        assert!(s[key].is_number(), "{key} in {s}");
    }
    // A race White has all but won.
    let race = json!({"white": counts(&[(0, 14), (1, 1)]), "black": counts(&[(20, 15)])});
    let w = ask(
        &mut bot,
        BotOp::Eval,
        &json!({"position": race, "turn": "white"}),
    );
    assert!(w["win"].as_f64().is_some_and(|p| p > 0.99), "{w}");
    let b = ask(
        &mut bot,
        BotOp::Eval,
        &json!({"position": race, "turn": "black"}),
    );
    assert!(b["win"].as_f64().is_some_and(|p| p < 0.05), "{b}");
}

#[test]
fn the_evaluator_reads_the_generators_board_as_it_reads_a_position() {
    let bot = bot();
    let mut gen = vrhcaby_rules::PlayGenerator::new();
    let mut scratch = vrhcaby_bot::eval::EvalScratch::default();
    let mut n = 0;
    for rules in [Rules::Vrhcaby, Rules::Standard] {
        let ev = bot.evaluator_for(rules);
        for (pos, side, roll) in self_play_sample(1_500, 17, rules) {
            let mut want = Vec::new();
            gen.for_each(&pos, side, roll, rules, |after, _| {
                want.push(ev.after_play(
                    after,
                    side,
                    &mut vrhcaby_bot::eval::EvalScratch::default(),
                ));
            });
            let mut got = Vec::new();
            gen.for_each_after(&pos, side, roll, rules, |after| {
                got.push(ev.after(&after, &mut scratch));
            });
            assert_eq!(got, want, "{rules:?} {side} {roll}");
            n += got.len();
        }
    }
    assert!(n > 30_000, "{n} plays");
}

#[test]
fn the_level_noise_is_a_standard_normal_and_the_same_for_the_same_key() {
    let n = 200_000u64;
    let draws: Vec<f64> = (0..n)
        .map(|k| f64::from(vrhcaby_bot::normal(k.wrapping_mul(0x9E37_79B9_7F4A_7C15))))
        .collect();
    let mean = draws.iter().sum::<f64>() / n as f64;
    let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
    let within1 = draws.iter().filter(|x| x.abs() < 1.0).count() as f64 / n as f64;
    assert!(mean.abs() < 0.01, "mean {mean}");
    assert!((var - 1.0).abs() < 0.02, "variance {var}");
    assert!(
        (within1 - 0.6827).abs() < 0.005,
        "within one sigma {within1}"
    );
    assert_eq!(vrhcaby_bot::normal(42), vrhcaby_bot::normal(42));
    assert_ne!(vrhcaby_bot::normal(42), vrhcaby_bot::normal(43));
}

#[test]
fn the_widened_two_ply_looks_at_least_as_far_the_same_way_every_time() {
    use vrhcaby_bot::Searcher;
    let bot = bot();
    let ev = bot.evaluator_for(Rules::Vrhcaby);
    let no_more = Budget {
        evals: 0,
        ..Budget::WIDE_TWO_PLY
    };
    let mut wider = 0;
    for (pos, side, roll) in self_play_sample(60, 23, Rules::Vrhcaby)
        .into_iter()
        .skip(20)
        .step_by(15)
    {
        let search = |budget| {
            let mut s = Searcher::new();
            let (_, best) = s.choose(ev, &pos, side, roll, Rules::Vrhcaby, budget, |_| 0.0);
            (best.index, best.ply, s.evaluations)
        };
        let narrow = search(Budget::TWO_PLY);
        let wide = search(Budget::WIDE_TWO_PLY);
        assert_eq!(wide, search(Budget::WIDE_TWO_PLY), "deterministic");
        assert!(wide.2 >= narrow.2, "{wide:?} {narrow:?}");
        wider += usize::from(wide.2 > narrow.2);
        // No evaluations to spare: exactly the pruned 2-ply.
        assert_eq!(search(no_more), narrow);
    }
    assert!(wider > 0, "the spare evaluations were used somewhere");
}

/// Training's `best_play` (self-play and rollouts) reads the generator's own board: the same
/// play, estimate and noise draws as scoring every play's `Position`, under both rule sets.
#[test]
fn the_training_best_play_is_the_best_of_all_the_plays_with_the_same_noise() {
    use vrhcaby_bot::eval::EvalScratch;
    use vrhcaby_bot::train::{best_play, uniform};
    use vrhcaby_rules::bench::SplitMix64;
    use vrhcaby_rules::PlayGenerator;
    let ev = Evaluator::builtin().expect("built-in weights");
    let mut gen = PlayGenerator::new();
    let mut scratch = EvalScratch::default();
    for rules in [Rules::Vrhcaby, Rules::Standard] {
        for (i, (pos, side, roll)) in self_play_sample(300, 17, rules).into_iter().enumerate() {
            for noise in [0.0f32, 0.05] {
                let mut rng = SplitMix64::new(i as u64);
                let (got, got_e) = best_play(
                    &ev,
                    &mut gen,
                    &mut scratch,
                    &pos,
                    side,
                    roll,
                    rules,
                    noise,
                    &mut rng,
                );
                // The reference: every play's position scored, the same uniform noise per play.
                let mut reference = SplitMix64::new(i as u64);
                let mut want: Option<(f32, Position, f32)> = None;
                for play in plays(&pos, side, roll, rules) {
                    let after = play.position;
                    let e = ev.after_play(&after, side, &mut scratch);
                    let draw = if noise > 0.0 {
                        noise * uniform(&mut reference)
                    } else {
                        0.0
                    };
                    let key = e.score(rules) + draw;
                    if want.as_ref().is_none_or(|w| key > w.0) {
                        want = Some((key, after, e.score(rules)));
                    }
                }
                let (_, want_pos, want_score) = want.unwrap_or((0.0, pos, got_e.score(rules)));
                assert_eq!(got, want_pos, "{rules:?} sample {i} noise {noise}");
                assert!(
                    (got_e.score(rules) - want_score).abs() < 1e-6,
                    "{rules:?} sample {i}"
                );
                assert_eq!(
                    rng.next_u64(),
                    reference.next_u64(),
                    "the same number of noise draws"
                );
            }
        }
    }
}
