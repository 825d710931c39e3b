//! `moves`: bytes → a position (random self-play from a seed, or checkers placed by the bytes)
//! and a roll. Every complete turn `PlayGenerator` lists, under both rule sets, must replay as
//! legal single moves and reach its position (and, under the house rules, through `Game`, ending
//! the turn right there); `legal_moves` must agree with `check_move` for every origin and target;
//! and a walk of single moves chosen by the remaining bytes must end in a listed position.

#![no_main]

use std::collections::HashSet;

use libfuzzer_sys::fuzz_target;
use vrhcaby_rules::bench::self_play_sample;
use vrhcaby_rules::{
    check_move, has_legal_move, legal_moves, Command, DiceLeft, Die, Game, Move, Origin, Phase,
    PlayGenerator, Position, Roll, Rules, Setup, Side, Target,
};

/// The input, read a byte at a time; zeros once it runs out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| acc << 8 | u64::from(self.byte()))
    }
}

fn side_of(b: u8) -> Side {
    if b & 1 == 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// 30 bytes place the 30 checkers (alternating sides) on slots 0..=25; a checker that would
/// share a point with the other colour goes to the bar instead.
fn placed(input: &mut Bytes) -> Position {
    let mut sides = [[0i64; 26]; 2];
    for k in 0..30 {
        let (me, other) = (k % 2, 1 - k % 2);
        let mut slot = usize::from(input.byte()) % 26;
        if (1..=24).contains(&slot) && sides[other][25 - slot] > 0 {
            slot = 25;
        }
        sides[me][slot] += 1;
    }
    let [white, black] = sides;
    Position::from_setup(&Setup {
        white: white.to_vec(),
        black: black.to_vec(),
    })
    .expect("placed checkers make a valid position")
}

/// A legal move played on the plain arrays (the crate's own `apply_move` is private).
fn play_on(pos: &Position, side: Side, mv: Move) -> Position {
    let mut setup = pos.to_setup();
    let (me, them) = match side {
        Side::White => (&mut setup.white, &mut setup.black),
        Side::Black => (&mut setup.black, &mut setup.white),
    };
    me[usize::from(mv.from.index())] -= 1;
    let t = usize::from(mv.to.index());
    if t != 0 && them[25 - t] == 1 {
        them[25 - t] = 0;
        them[25] += 1;
    }
    me[t] += 1;
    Position::from_setup(&setup).expect("a legal move keeps the position valid")
}

/// `legal_moves` lists exactly what `check_move` accepts, with the same die.
fn check_single_moves(pos: &Position, side: Side, dice: &DiceLeft) {
    let listed = legal_moves(pos, side, dice);
    assert_eq!(has_legal_move(pos, side, dice), !listed.is_empty());
    let mut accepted = 0;
    for from in 1..=25 {
        for to in 0..=24 {
            let (o, t) = (
                Origin::from_index(from).unwrap(),
                Target::from_index(to).unwrap(),
            );
            if let Ok(mv) = check_move(pos, side, o, t, dice) {
                accepted += 1;
                assert!(
                    listed.contains(&mv),
                    "check_move accepts {mv} that legal_moves lacks: {} {side} {:?}",
                    serde_json::to_string(pos).unwrap(),
                    dice.values()
                );
            }
        }
    }
    assert_eq!(
        accepted,
        listed.len(),
        "legal_moves lists a move check_move refuses"
    );
}

fn check(pos: &Position, side: Side, roll: Roll, input: &mut Bytes) {
    let ctx = || {
        format!(
            "{side} roll {roll} in {}",
            serde_json::to_string(pos).unwrap()
        )
    };
    check_single_moves(pos, side, &roll.dice());
    for die in [roll.high(), roll.low()] {
        check_single_moves(pos, side, &DiceLeft::from_slice(&[die]));
        check_single_moves(pos, side, &DiceLeft::from_slice(&[die; 3]));
    }

    let mut gen = PlayGenerator::new();
    let mut house = HashSet::new();
    for rules in [Rules::Vrhcaby, Rules::Standard] {
        let plays = gen.plays(pos, side, roll, rules);
        assert!(!plays.is_empty(), "{}", ctx());
        let mut seen = HashSet::new();
        for p in &plays {
            assert!(
                seen.insert(p.position),
                "two plays reach one position; {}",
                ctx()
            );
            let mut here = *pos;
            let mut dice = roll.dice();
            for &(from, to) in &p.moves {
                let mv = check_move(&here, side, from, to, &dice)
                    .unwrap_or_else(|e| panic!("{rules:?} play {:?}: {e}; {}", p.moves, ctx()));
                assert!(dice.remove(mv.die));
                here = play_on(&here, side, mv);
            }
            assert_eq!(here, p.position, "{rules:?} play {:?}; {}", p.moves, ctx());
            if rules == Rules::Vrhcaby {
                let complete = dice.is_empty()
                    || here.is_finished(side)
                    || !has_legal_move(&here, side, &dice);
                assert!(complete, "play {:?} stops early; {}", p.moves, ctx());
            } else {
                assert_eq!(p.moves.len(), plays[0].moves.len(), "{}", ctx());
            }
        }
        if rules == Rules::Vrhcaby {
            house = seen;
        }
    }

    // Through the game: a walk of single moves picked by the remaining bytes.
    let Ok(mut game) = Game::from_position(*pos) else {
        return; // a finished position cannot start a game
    };
    game.apply(Command::Start { first: side }, 0).unwrap();
    game.apply(Command::Dice { dice: roll }, 0).unwrap();
    let mut t = 0;
    while game.phase() == Phase::Moving {
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "moving with no legal move; {}", ctx());
        let mv = moves[usize::from(input.byte()) % moves.len()];
        t += 1000;
        game.apply(
            Command::Move {
                side,
                from: mv.from,
                to: mv.to,
            },
            t,
        )
        .unwrap_or_else(|e| panic!("listed move {mv} refused: {e}; {}", ctx()));
    }
    assert!(
        house.contains(game.position()),
        "a walk ended in {} which plays does not list; {}",
        serde_json::to_string(game.position()).unwrap(),
        ctx()
    );
}

fuzz_target!(|data: &[u8]| {
    let mut input = Bytes(data);
    let mode = input.byte();
    let (pos, side) = if mode & 0x80 == 0 {
        // Random self-play from the start: up to 256 turns, either rule set picking the plays.
        let seed = input.u64();
        let turns = 1 + usize::from(input.byte());
        let rules = if mode & 1 == 0 {
            Rules::Vrhcaby
        } else {
            Rules::Standard
        };
        let (pos, side, _) = *self_play_sample(turns, seed, rules)
            .last()
            .expect("at least one sample");
        (pos, side)
    } else {
        (placed(&mut input), side_of(mode))
    };
    let a = Die::ALL[usize::from(input.byte()) % 6];
    let b = Die::ALL[usize::from(input.byte()) % 6];
    check(&pos, side, Roll::new(a, b), &mut input);
});
