//! The record's JSON (`Record`'s `Serialize` and its key-by-key reader, `Record::to_json` and
//! `from_json`) against an independent reference: the record's shape described with a derived
//! serde struct. Over random records of every command, under both rule sets:
//! - `to_json` writes byte for byte what serde writes;
//! - `from_json` reads it back to the same record;
//! - on spoiled text (bytes cut, added, swapped) `from_json` accepts exactly what the reference
//!   accepts, reads it to the same record, and refuses the rest with the same kind of error (and
//!   the same command index), never a panic.

use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{
    BySide, Command, Crawford, Die, Entry, Kind, MatchContext, Millis, Options, Origin, Point,
    Position, Record, RecordError, Rules, Setup, Target, FORMAT, VERSION,
};

/// The reference: the record's JSON shape in serde.
#[derive(Serialize, Deserialize)]
struct Reference {
    format: String,
    version: u32,
    #[serde(default)]
    rules: Rules,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<Setup>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    created: Option<Millis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    options: Option<Options>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    context: Option<MatchContext>,
    commands: Vec<Box<serde_json::value::RawValue>>,
}

fn reference_json(r: &Record) -> String {
    let commands = r
        .commands
        .iter()
        .map(|e| serde_json::value::to_raw_value(e).unwrap())
        .collect();
    serde_json::to_string(&Reference {
        format: FORMAT.into(),
        version: VERSION,
        rules: r.rules,
        position: r.position.map(|p| p.to_setup()),
        created: r.created,
        options: r.options,
        context: (r.rules == Rules::Standard).then_some(r.context),
        commands,
    })
    .unwrap()
}

/// What the reference makes of a text: the record, or the kind of error (with its index).
fn reference_read(text: &str) -> Result<Record, (u8, Option<usize>)> {
    let raw: Reference = serde_json::from_str(text).map_err(|_| (0, None))?;
    if raw.format != FORMAT || raw.version != VERSION {
        return Err((1, None));
    }
    let position = raw
        .position
        .map(|s| Position::from_setup(&s))
        .transpose()
        .map_err(|_| (2, None))?;
    let commands = raw
        .commands
        .iter()
        .enumerate()
        .map(|(i, c)| serde_json::from_str::<Entry>(c.get()).map_err(|_| (3, Some(i))))
        .collect::<Result<Vec<_>, _>>()?;
    let standard = raw.rules == Rules::Standard;
    Ok(Record {
        rules: raw.rules,
        position,
        created: raw.created,
        options: standard.then(|| raw.options.unwrap_or_default()),
        context: if standard {
            raw.context.unwrap_or_default()
        } else {
            MatchContext::default()
        },
        commands,
    })
}

fn kind_of(e: &RecordError) -> (u8, Option<usize>) {
    match e {
        RecordError::Malformed(_) => (0, None),
        RecordError::UnknownVersion { .. } => (1, None),
        RecordError::Position(_) => (2, None),
        RecordError::BadCommand { index, .. } => (3, Some(*index)),
        other => panic!("from_json gives no {other:?}"),
    }
}

/// A random record: commands of every kind (not a playable game: the JSON does not judge).
fn random_record(seed: u64) -> Record {
    let mut rng = SplitMix64::new(seed);
    let side = |rng: &mut SplitMix64| rng.side();
    let die = |rng: &mut SplitMix64| rng.die();
    let standard = rng.below(2) == 0;
    let n = rng.below(40) as usize;
    let commands = (0..n)
        .map(|_| {
            let s = side(&mut rng);
            let cmd = match rng.below(23) {
                0 => Command::Start { first: s },
                1 => Command::Dice { dice: rng.roll() },
                2 => Command::Move {
                    side: s,
                    from: if rng.below(8) == 0 {
                        Origin::Bar
                    } else {
                        Origin::Point(Point::new(1 + rng.below(24) as u8).unwrap())
                    },
                    to: if rng.below(8) == 0 {
                        Target::Off
                    } else {
                        Target::Point(Point::new(1 + rng.below(24) as u8).unwrap())
                    },
                },
                3 => Command::OfferDraw { side: s },
                4 => Command::AcceptDraw { side: s },
                5 => Command::DeclineDraw { side: s },
                6 => Command::Resign { side: s },
                7 => Command::ClaimWin { side: s },
                8 => Command::Leave { side: s },
                9 => Command::Tick,
                10 => Command::Offline { side: s },
                11 => Command::Online { side: s },
                12 => Command::BadDice { side: s },
                13 => Command::DiceLate { side: s },
                14 => Command::Opening {
                    white: die(&mut rng),
                    black: Die::new(1 + rng.below(6) as u8).unwrap(),
                },
                15 => Command::Double { side: s },
                16 => Command::Take { side: s },
                17 => Command::Drop { side: s },
                18 => Command::Beaver { side: s },
                19 => Command::Raccoon { side: s },
                20 => Command::OfferResign {
                    side: s,
                    kind: Kind::ALL[rng.below(3) as usize],
                },
                21 => Command::AcceptResign { side: s },
                _ => Command::RejectResign { side: s },
            };
            Entry {
                t: rng.next_u64() >> rng.below(64),
                cmd,
            }
        })
        .collect();
    let position = (rng.below(3) == 0)
        .then(|| vrhcaby_rules::bench::self_play_sample(1, rng.next_u64(), Rules::Vrhcaby)[0].0);
    Record {
        rules: if standard {
            Rules::Standard
        } else {
            Rules::Vrhcaby
        },
        position,
        created: (rng.below(2) == 0).then(|| rng.next_u64() >> 20),
        options: standard.then(|| Options {
            jacoby: rng.below(2) == 0,
            ..Options::match_to(1 + rng.below(25) as u8)
        }),
        context: if standard {
            MatchContext {
                score: BySide::new(rng.below(9) as u16, rng.below(9) as u16),
                crawford: [Crawford::Before, Crawford::This, Crawford::After]
                    [rng.below(3) as usize],
                reserve: (rng.below(2) == 0).then(|| BySide::new(rng.next_u64() >> 40, 5)),
            }
        } else {
            MatchContext::default()
        },
        commands,
    }
}

#[test]
fn to_json_writes_what_serde_wrote_and_from_json_reads_it_back() {
    for seed in 0..2_000 {
        let record = random_record(seed);
        let json = record.to_json();
        assert_eq!(json, reference_json(&record), "seed {seed}");
        assert_eq!(
            Record::from_json(&json).as_ref(),
            Ok(&record),
            "seed {seed}"
        );
    }
}

/// Bytes that make JSON go wrong in interesting ways.
const NOISE: &[u8] = br#"{}[],:"\-0123456789.eE ntfu"#;

/// A fixed seed unless `PROPTEST_RNG_SEED` says otherwise (a plain `cargo test` never flakes);
/// `PROPTEST_CASES` for a longer search.
fn config() -> ProptestConfig {
    let mut c = ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    if std::env::var_os("PROPTEST_CASES").is_none() {
        c.cases = 3_000;
    }
    if c.rng_seed == proptest::test_runner::RngSeed::Random {
        c.rng_seed = proptest::test_runner::RngSeed::Fixed(0x4A53_4F4E_0001);
    }
    c
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn spoiled_text_is_read_exactly_as_the_reference_reads_it(
        seed in 0u64..500,
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..4, any::<prop::sample::Index>()), 1..4),
    ) {
        let mut bytes = random_record(seed).to_json().into_bytes();
        for (at, how, noise) in edits {
            if bytes.is_empty() {
                break;
            }
            let i = at.index(bytes.len());
            let c = NOISE[noise.index(NOISE.len())];
            match how {
                0 => { bytes.remove(i); }
                1 => bytes.insert(i, c),
                2 => bytes[i] = c,
                _ => { let j = noise.index(bytes.len()); bytes.swap(i, j); }
            }
        }
        let Ok(text) = String::from_utf8(bytes) else { return Ok(()); };
        let ours = Record::from_json(&text);
        let theirs = reference_read(&text);
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b, "{}", text),
            (Err(e), Err(k)) => prop_assert_eq!(kind_of(e), *k, "{} — ours {:?}", text, e),
            _ => prop_assert!(false, "{} — ours {:?}, the reference {:?}", text, ours, theirs.map(|_| ())),
        }
    }
}

#[test]
fn hostile_records_get_an_error_not_a_panic() {
    let deep = format!(
        r#"{{"format":"vrhcaby-record","version":1,"junk":{}{},"commands":[]}}"#,
        "[".repeat(200_000),
        "]".repeat(200_000)
    );
    assert!(matches!(
        Record::from_json(&deep),
        Err(RecordError::Malformed(_))
    ));
    for text in [
        "",
        "null",
        "[]",
        r#"{"format":"vrhcaby-record"}"#,
        r#"{"format":"vrhcaby-record","version":1,"commands":[],"commands":[]}"#,
        r#"{"format":"vrhcaby-record","version":1,"commands":[{"t":1,"cmd":"tick","t":2}]}"#,
        r#"{"format":"vrhcaby-record","version":1e0,"commands":[]}"#,
        r#"{"format":"vrhcaby-record","version":1,"created":-5,"commands":[]}"#,
    ] {
        assert!(Record::from_json(text).is_err(), "{text}");
    }
    // The error names the field that cannot be read.
    for (text, field) in [
        (
            r#"{"format":"vrhcaby-record","version":"1","commands":[]}"#,
            "version",
        ),
        (
            r#"{"format":"vrhcaby-record","version":1,"rules":"chess","commands":[]}"#,
            "rules",
        ),
        (
            r#"{"format":"vrhcaby-record","version":1,"commands":[1,}"#,
            "commands",
        ),
        (
            r#"{"format":"vrhcaby-record","version":1,"commands":[]} x"#,
            "the end of the text",
        ),
    ] {
        let err = Record::from_json(text);
        assert!(
            matches!(&err, Err(RecordError::Malformed(m)) if m.ends_with(field)),
            "{text}: {err:?}"
        );
    }
    // A command read once per key; its message says what is missing.
    let err =
        Record::from_json(r#"{"format":"vrhcaby-record","version":1,"commands":[{"cmd":"tick"}]}"#);
    assert!(
        matches!(&err, Err(RecordError::BadCommand { index: 0, message }) if message.contains("\"t\"")),
        "{err:?}"
    );
}

/// A record written by the earlier, hand-written writer (issue 52 moved the record to serde):
/// read to the same game, and written again byte for byte — a standard one with its options,
/// context, position and creation time, and a kept game with the fields the page adds.
#[test]
fn the_old_form_is_still_read() {
    let old = concat!(
        r#"{"format":"vrhcaby-record","version":1,"rules":"standard","created":1000,"#,
        r#""options":{"match_length":0,"cube":true,"crawford":false,"holland":false,"jacoby":false,"beavers":false,"auto_doubles":0,"clock":{"kind":"none"}},"#,
        r#""context":{"score":{"white":0,"black":0},"crawford":"before"},"#,
        r#""commands":[{"t":1000,"cmd":"opening","dice":[3,1]},{"t":1500,"cmd":"move","side":"white","from":8,"to":5},"#,
        r#"{"t":1600,"cmd":"move","side":"white","from":6,"to":5},{"t":3000,"cmd":"double","side":"black"},"#,
        r#"{"t":4000,"cmd":"take","side":"white"}]}"#
    );
    let record = match Record::from_json(old) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(record.rules, Rules::Standard);
    assert_eq!(record.created, Some(1000));
    assert_eq!(record.commands.len(), 5);
    let game = record.replay().expect("the old record replays");
    assert_eq!(game.record().commands, record.commands);
    assert_eq!(record.to_json(), old, "written again byte for byte");
    // The house rules' form, with the fields an export adds (skipped) and nulls where the old
    // writer's readers took them as absent.
    let house = concat!(
        r#"{"format":"vrhcaby-record","version":1,"rules":"vrhcaby","position":null,"created":null,"#,
        r#""commands":[{"t":0,"cmd":"start","first":"black","side":null},{"t":0,"cmd":"dice","dice":[6,5],"from":null}],"#,
        r#""dice":{"game":"x","rolls":[]},"analysis":{"any":[1,2,{"deep":true}]}}"#
    );
    let record = Record::from_json(house).expect("the house record reads");
    assert_eq!(record.rules, Rules::Vrhcaby);
    assert_eq!(record.position, None);
    assert_eq!(record.commands.len(), 2);
    assert_eq!(
        record.to_json(),
        r#"{"format":"vrhcaby-record","version":1,"rules":"vrhcaby","commands":[{"t":0,"cmd":"start","first":"black"},{"t":0,"cmd":"dice","dice":[6,5]}]}"#
    );
    // Read as a field of something else (a save), the same record.
    let nested: Vec<Record> =
        serde_json::from_str(&format!("[{house}]")).expect("a record as a field");
    assert_eq!(nested, vec![record]);
}
