//! The computer plays standard backgammon through the rules core: whole matches and money games
//! where every decision — checker play, roll or double, take, drop, beaver, and resignations
//! offered at random — is the bot's, and every one is accepted by the rules.

use vrhcaby_bot::cube::Decision;
use vrhcaby_bot::{Bot, Level};
use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Command, Crawford, Game, Kind, MatchContext, Options, Phase, Rules, Variant};

/// One game with the bot deciding everything for both sides; returns the finished game.
fn bot_game(bot: &mut Bot, v: Variant, context: MatchContext, rng: &mut SplitMix64) -> Game {
    let mut g = Game::with_context(v, context, None).unwrap();
    for t in 0..20_000u64 {
        let side = g.turn();
        let cmd = match (g.phase(), side) {
            (Phase::Opening, _) => Command::Opening {
                white: rng.die(),
                black: rng.die(),
            },
            (Phase::Over, _) => return g,
            (Phase::Moving, Some(side)) => {
                // Now and then a player offers to resign a single game mid-turn.
                if rng.below(300) == 0 {
                    Command::OfferResign {
                        side,
                        kind: Kind::Single,
                    }
                } else {
                    let roll = g.current_roll().unwrap();
                    let c = bot.choose(
                        g.position(),
                        side,
                        roll,
                        Rules::Standard,
                        Level::Expert,
                        t as u32,
                    );
                    for (from, to) in c.moves {
                        g.apply(Command::Move { side, from, to }, t).unwrap();
                    }
                    continue;
                }
            }
            (_, Some(side)) => match bot.decide(&g, side).expect("a decision is asked of it") {
                Decision::Roll => Command::Dice { dice: rng.roll() },
                Decision::Double => Command::Double { side },
                Decision::Take => Command::Take { side },
                Decision::Drop => Command::Drop { side },
                Decision::Beaver => Command::Beaver { side },
                Decision::AcceptResign => Command::AcceptResign { side },
                Decision::RejectResign => Command::RejectResign { side },
            },
            other => panic!("nothing to do in {other:?}"),
        };
        if let Err(e) = g.apply(cmd, t) {
            panic!("the rules refused the bot's {cmd:?}: {e}");
        }
    }
    panic!("a game did not end");
}

#[test]
fn the_computer_plays_whole_matches() {
    let mut bot = Bot::builtin().unwrap();
    let mut rng = SplitMix64::new(5);
    let mut all_doubles = 0;
    for n in [1u8, 3, 5] {
        let options = Options::match_to(n);
        let v = Variant::standard(options).unwrap();
        let mut context = MatchContext::default();
        let mut crawford = 0;
        while !context.is_over(&options) {
            let g = bot_game(&mut bot, v, context, &mut rng);
            crawford += usize::from(g.is_crawford());
            all_doubles += usize::from(g.cube().value > 1);
            context = g.next_context().unwrap();
        }
        // Post-Crawford is reached only through the one Crawford game.
        assert_eq!(crawford == 1, context.crawford == Crawford::After);
        let winner = context.winner(&options).unwrap();
        assert!(context.score[winner] >= u16::from(n) && context.score[!winner] < u16::from(n));
    }
    assert!(
        all_doubles > 0,
        "the computer doubled in some game of its matches"
    );
}

#[test]
fn the_computer_doubles_and_answers_in_money_play_with_beavers() {
    let mut bot = Bot::builtin().unwrap();
    let mut rng = SplitMix64::new(8);
    let options = Options {
        beavers: true,
        ..Options::money()
    };
    let v = Variant::standard(options).unwrap();
    let mut cubes = Vec::new();
    for _ in 0..30 {
        let g = bot_game(&mut bot, v, MatchContext::default(), &mut rng);
        cubes.push(g.cube().value);
    }
    // It does turn the cube in some games and not in others.
    assert!(cubes.iter().any(|&c| c > 1), "{cubes:?}");
    assert!(cubes.contains(&1), "{cubes:?}");
}
