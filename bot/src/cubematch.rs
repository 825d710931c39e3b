//! A money-play match with the cube under standard rules: the computer's cube decisions
//! ([`crate::Bot::decide`]) against a player with the same checker play that never doubles and
//! always takes. Every game is played through the rules core's `Game` (the opening roll,
//! compulsory dice, the cube's rules, the scoring), each deal twice with the seats swapped and
//! the same dice. The result is the cube player's points per game with its 95% interval.

use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Command, Game, Options, Phase, Rules, Side, Variant};

use crate::cube::Decision;
use crate::{Bot, Level};

/// A game longer than this many commands is dropped (never seen; a guard).
const MAX_COMMANDS: usize = 20_000;

/// One money game; the side `cube` uses the cube decisions, the other never doubles and takes
/// every double. Returns the points for White (negative: Black won), or `None` if dropped.
fn money_game(bot: &mut Bot, level: Level, cube: Side, dice: u64, seed: u32) -> Option<i32> {
    let variant = Variant::standard(Options::money()).ok()?;
    let mut g = Game::with_variant(variant, None).ok()?;
    let mut rng = SplitMix64::new(dice);
    for t in 0..MAX_COMMANDS as u64 {
        let cmd = match g.phase() {
            Phase::Opening => Command::Opening {
                white: rng.die(),
                black: rng.die(),
            },
            Phase::Rolling => {
                let side = g.turn()?;
                let double = side == cube && bot.decide(&g, side) == Some(Decision::Double);
                if double {
                    Command::Double { side }
                } else {
                    Command::Dice { dice: rng.roll() }
                }
            }
            Phase::Doubled => {
                let side = g.turn()?;
                match (side == cube).then(|| bot.decide(&g, side)).flatten() {
                    Some(Decision::Drop) => Command::Drop { side },
                    // The plain player takes; the cube player never beavers here (not agreed).
                    _ => Command::Take { side },
                }
            }
            Phase::Moving => {
                let side = g.turn()?;
                let roll = g.current_roll()?;
                let choice = bot.choose(g.position(), side, roll, Rules::Standard, level, seed);
                for (from, to) in choice.moves {
                    g.apply(Command::Move { side, from, to }, t).ok()?;
                }
                continue;
            }
            Phase::Over => {
                let (outcome, _) = g.result()?;
                let points = i32::from(g.score()?.points);
                return Some(match outcome.winner()? {
                    Side::White => points,
                    Side::Black => -points,
                });
            }
            _ => return None,
        };
        g.apply(cmd, t).ok()?;
    }
    None
}

/// The cube player's points per game over `deals` deals (two games each) and the half-width of
/// the 95% interval, from the deals' mean points.
pub fn run(bot: &mut Bot, level: Level, deals: usize, seed: u64) -> (f64, f64, usize) {
    let mut seeds = SplitMix64::new(seed);
    let mut per_deal = Vec::with_capacity(deals);
    for k in 0..deals {
        let dice = seeds.next_u64();
        let a = money_game(bot, level, Side::White, dice, k as u32);
        let b = money_game(bot, level, Side::Black, dice, k as u32);
        if let (Some(a), Some(b)) = (a, b) {
            // The cube player is White in the first game, Black in the second.
            per_deal.push(f64::from(a - b) / 2.0);
        }
    }
    let n = per_deal.len() as f64;
    let mean = per_deal.iter().sum::<f64>() / n.max(1.0);
    let var = per_deal.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n.max(1.0)).sqrt(), per_deal.len() * 2)
}
