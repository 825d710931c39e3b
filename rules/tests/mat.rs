//! The `.mat` match file: a scripted match to 3 (a double dropped, a double taken and a
//! resignation, the Crawford game won by a resigned gammon) written line for line as GNU
//! Backgammon writes its own; games that do not follow each other, or are not of a match, refused.

use vrhcaby_rules::mat::{match_file, MatError};
use vrhcaby_rules::{Command, Die, Game, Kind, Options, Record, Roll, Side, Variant};

fn d(n: u8) -> Die {
    Die::new(n).unwrap()
}

/// Plays `side`'s roll by its first legal moves until the turn passes.
fn play_first_moves(g: &mut Game, t: &mut u64) {
    let side = g.turn().unwrap();
    while g.turn() == Some(side) && !g.legal_moves().is_empty() {
        let mv = g.legal_moves()[0];
        *t += 1_000;
        g.apply(
            Command::Move {
                side,
                from: mv.from,
                to: mv.to,
            },
            *t,
        )
        .unwrap();
    }
}

fn roll(g: &mut Game, t: &mut u64, a: u8, b: u8) {
    *t += 1_000;
    g.apply(
        Command::Dice {
            dice: Roll::from_values(a, b).unwrap(),
        },
        *t,
    )
    .unwrap();
    play_first_moves(g, t);
}

/// The opening roll (one die each), played by the first legal moves.
fn opening(g: &mut Game, t: &mut u64, white: u8, black: u8) {
    act(
        g,
        t,
        Command::Opening {
            white: d(white),
            black: d(black),
        },
    );
    play_first_moves(g, t);
}

/// `side` offers to resign for `kind` and the other accepts.
fn resigns(g: &mut Game, t: &mut u64, side: Side, kind: Kind) {
    act(g, t, Command::OfferResign { side, kind });
    act(g, t, Command::AcceptResign { side: !side });
}

fn act(g: &mut Game, t: &mut u64, cmd: Command) {
    *t += 1_000;
    g.apply(cmd, *t).unwrap();
}

fn three_games() -> Vec<Record> {
    let variant = Variant::standard(Options::match_to(3)).unwrap();
    let mut t = 0;
    let mut games = Vec::new();
    // Game 1: White opens with 3-1, Black rolls 6-4; White doubles, Black drops: White 1.
    let mut g = Game::with_variant(variant, None).unwrap();
    opening(&mut g, &mut t, 3, 1);
    roll(&mut g, &mut t, 6, 4);
    act(&mut g, &mut t, Command::Double { side: Side::White });
    act(&mut g, &mut t, Command::Drop { side: Side::Black });
    games.push(g.record().clone());
    // Game 2: Black opens with 5-2; White rolls 4-4; Black doubles, White takes; Black rolls
    // 2-1, White resigns a single game: Black 2.
    let mut g = Game::with_context(variant, g.next_context().unwrap(), None).unwrap();
    opening(&mut g, &mut t, 2, 5);
    roll(&mut g, &mut t, 4, 4);
    act(&mut g, &mut t, Command::Double { side: Side::Black });
    act(&mut g, &mut t, Command::Take { side: Side::White });
    roll(&mut g, &mut t, 2, 1);
    resigns(&mut g, &mut t, Side::White, Kind::Single);
    games.push(g.record().clone());
    // Game 3, the Crawford game: White opens with 6-5; Black resigns a gammon: White 1 + 2 = 3.
    let mut g = Game::with_context(variant, g.next_context().unwrap(), None).unwrap();
    opening(&mut g, &mut t, 6, 5);
    resigns(&mut g, &mut t, Side::Black, Kind::Gammon);
    assert!(g.next_context().unwrap().is_over(&variant.options()));
    games.push(g.record().clone());
    games
}

#[test]
fn a_match_to_three_as_a_mat_file() {
    let text = match_file(&three_games()).unwrap();
    if let Some(path) = std::env::var_os("VRHCABY_MAT_OUT") {
        // For checking by hand that GNU Backgammon imports it (see the note in FIGURES).
        std::fs::write(path, &text).unwrap();
    }
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "; [Crawford \"On\"]");
    assert_eq!(lines[2], " 3 point match");
    assert_eq!(lines[4], " Game 1");
    assert_eq!(lines[5], " White : 0                      Black : 0");
    // White's opening 31 on the left, moves one die at a time; Black's 64 on the right.
    assert!(lines[6].starts_with("  1) 31: "), "{}", lines[6]);
    assert_eq!(&lines[6][33..37], "64: ");
    assert_eq!(lines[7], "  2)  Doubles => 2                Drops");
    assert_eq!(lines[8], "      Wins 1 point");
    assert_eq!(lines[10], " Game 2");
    assert_eq!(lines[11], " White : 1                      Black : 0");
    // Black opened: the left column of the first line is empty.
    assert!(
        lines[12].starts_with("  1)                             52: "),
        "{}",
        lines[12]
    );
    assert!(lines[13].starts_with("  2) 44: "), "{}", lines[13]);
    assert!(lines[13].ends_with("  Doubles => 2"), "{}", lines[13]);
    assert!(
        lines[14].starts_with("  3)  Takes                      21: "),
        "{}",
        lines[14]
    );
    assert_eq!(lines[15], "                                  Wins 2 points");
    assert_eq!(lines[18], " White : 1                      Black : 2");
    assert!(lines[19].starts_with("  1) 65: "), "{}", lines[19]);
    assert_eq!(lines[20], "      Wins 2 points");
    assert_eq!(lines.len(), 21);
}

#[test]
fn only_consecutive_games_of_a_match() {
    let games = three_games();
    assert_eq!(
        match_file(&[games[0].clone(), games[2].clone()]),
        Err(MatError::NotNext { game: 1 })
    );
    let money = Game::with_variant(Variant::standard(Options::money()).unwrap(), None).unwrap();
    assert_eq!(
        match_file(&[money.record().clone()]),
        Err(MatError::NotAMatch { game: 0 })
    );
    let house = Game::new();
    assert_eq!(
        match_file(&[house.record().clone()]),
        Err(MatError::NotAMatch { game: 0 })
    );
    // A game under way is written as far as it went, with no result.
    let text = match_file(
        &games[..1]
            .iter()
            .cloned()
            .chain([{
                let mut r = games[1].clone();
                r.commands.truncate(3);
                r
            }])
            .collect::<Vec<_>>(),
    )
    .unwrap();
    assert!(
        text.ends_with(" Game 2\n White : 1                      Black : 0\n  1)                             52: 24/22 13/8\n"),
        "{text}"
    );
}

/// A whole game of a match to 1 played by the first legal moves on seeded dice: hits, entering
/// from the bar (`25/`), bearing off (`/0`), forfeited rolls (`54:` alone) all written.
#[test]
fn a_whole_game_with_hits_the_bar_and_bearing_off() {
    let variant = Variant::standard(Options::match_to(1)).unwrap();
    let mut rng = vrhcaby_rules::bench::SplitMix64::new(3);
    let mut g = Game::with_variant(variant, None).unwrap();
    let mut t = 0;
    while g.result().is_none() {
        t += 1_000;
        match g.phase() {
            vrhcaby_rules::Phase::Opening => {
                g.apply(
                    Command::Opening {
                        white: rng.die(),
                        black: rng.die(),
                    },
                    t,
                )
                .unwrap();
            }
            vrhcaby_rules::Phase::Rolling => {
                g.apply(Command::Dice { dice: rng.roll() }, t).unwrap();
            }
            _ => {
                let moves = g.legal_moves();
                let mv = moves[rng.below(moves.len() as u64) as usize];
                let side = g.turn().unwrap();
                g.apply(
                    Command::Move {
                        side,
                        from: mv.from,
                        to: mv.to,
                    },
                    t,
                )
                .unwrap();
            }
        }
    }
    let text = match_file(&[g.record().clone()]).unwrap();
    if let Some(path) = std::env::var_os("VRHCABY_MAT_GAME_OUT") {
        std::fs::write(path, &text).unwrap();
    }
    for piece in ["25/", "/0", "*", "Wins 1 point"] {
        assert!(text.contains(piece), "{piece} in {text}");
    }
    // A cell longer than its column is still parted from the next (`55: 25/20 20/15* 19/14 22/17`).
    assert!(
        text.lines()
            .any(|l| l.len() > 33 && l.as_bytes()[32] != b' '),
        "{text}"
    );
    assert!(
        text.split_whitespace()
            .all(|t| !t.contains(':') || t.ends_with(':')),
        "{text}"
    );
    // Every roll of the record is a cell: as many `nn:` as rolls.
    let rolls = vrhcaby_rules::notation::move_list(g.record())
        .unwrap()
        .len();
    assert_eq!(text.matches(':').count() - 2, rolls);
}
