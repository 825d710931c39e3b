//! A money-play match with the cube under standard rules: the computer's cube decisions
//! ([`crate::Bot::decide`]) against a player with the same checker play that never doubles and
//! always takes. Every game is played through the rules core's `Game` (the opening roll,
//! compulsory dice, the cube's rules, the scoring), each deal twice with the seats swapped and
//! the same dice. The result is the cube player's points per game with its 95% interval.
//! [`Opponent::Gnubg`] is GNU Backgammon 0-ply with its own cube ([`GnubgCube`]) instead.

use vrhcaby_rules::bench::SplitMix64;
use vrhcaby_rules::{Command, Game, Options, Phase, Position, Rules, Side, Variant};

use crate::cube::Decision;
use crate::{Bot, Level};

/// A game longer than this many commands is dropped (never seen; a guard).
const MAX_COMMANDS: usize = 20_000;

/// The computer's opponent in a money game.
#[derive(Debug)]
pub enum Opponent<'a> {
    /// The same checker play; never doubles, takes every double.
    Plain,
    /// GNU Backgammon 0-ply with its own cube.
    Gnubg(&'a mut GnubgCube),
}

/// One money game of the computer (`ours`: its cube decisions, checker play at `level`) against
/// `opponent`; the points for the computer (negative: it lost), or `None` if dropped.
fn money_game(
    bot: &mut Bot,
    level: Level,
    opponent: &mut Opponent<'_>,
    ours: Side,
    dice: u64,
    seed: u32,
) -> Option<i32> {
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
                let double = match opponent {
                    _ if side == ours => bot.decide(&g, side) == Some(Decision::Double),
                    Opponent::Plain => false,
                    Opponent::Gnubg(gnubg) => g.can_double().is_ok() && gnubg.cube(&g, side)?.0,
                };
                if double {
                    Command::Double { side }
                } else {
                    Command::Dice { dice: rng.roll() }
                }
            }
            Phase::Doubled => {
                let side = g.turn()?;
                let take = match opponent {
                    // No beavers are agreed: the computer takes or drops.
                    _ if side == ours => bot.decide(&g, side) != Some(Decision::Drop),
                    Opponent::Plain => true,
                    // gnubg's view of the double: the doubler on roll, the cube before it.
                    Opponent::Gnubg(gnubg) => gnubg.cube(&g, g.pending_double()?.doubler)?.1,
                };
                if take {
                    Command::Take { side }
                } else {
                    Command::Drop { side }
                }
            }
            Phase::Moving => {
                let side = g.turn()?;
                let roll = g.current_roll()?;
                let moves = match opponent {
                    Opponent::Gnubg(gnubg) if side != ours => {
                        gnubg.play(g.position(), side, roll)?
                    }
                    _ => {
                        bot.choose(g.position(), side, roll, Rules::Standard, level, seed)
                            .moves
                    }
                };
                for (from, to) in moves {
                    g.apply(Command::Move { side, from, to }, t).ok()?;
                }
                continue;
            }
            Phase::Over => {
                let (outcome, _) = g.result()?;
                let points = i32::from(g.score()?.points);
                return Some(if outcome.winner()? == ours {
                    points
                } else {
                    -points
                });
            }
            _ => return None,
        };
        g.apply(cmd, t).ok()?;
    }
    None
}

/// The computer's points per game against `opponent` over `deals` deals (each played twice,
/// the seats swapped, the same dice), the half-width of the 95% interval and the games played;
/// `progress` gets the deals so far and the mean every 50 deals.
pub fn run(
    bot: &mut Bot,
    level: Level,
    mut opponent: Opponent<'_>,
    deals: usize,
    seed: u64,
    mut progress: impl FnMut(usize, f64),
) -> (f64, f64, usize) {
    let mut seeds = SplitMix64::new(seed);
    let mut per_deal = Vec::with_capacity(deals);
    for k in 0..deals {
        let dice = seeds.next_u64();
        let a = money_game(bot, level, &mut opponent, Side::White, dice, k as u32);
        let b = money_game(bot, level, &mut opponent, Side::Black, dice, k as u32);
        if let (Some(a), Some(b)) = (a, b) {
            per_deal.push(f64::from(a + b) / 2.0);
        }
        if (k + 1) % 50 == 0 {
            let m = per_deal.iter().sum::<f64>() / per_deal.len().max(1) as f64;
            progress(k + 1, m);
        }
    }
    stats(&per_deal)
}

/// The mean of the deals' points per game, the half-width of its 95% interval, and the games.
fn stats(per_deal: &[f64]) -> (f64, f64, usize) {
    let n = per_deal.len() as f64;
    let mean = per_deal.iter().sum::<f64>() / n.max(1.0);
    let var = per_deal.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n.max(1.0)).sqrt(), per_deal.len() * 2)
}

/// GNU Backgammon 0-ply with its own cube (money play), through `bench/gnubg_cube.py`: its
/// checker play by 0-ply cubeless money equity (the PyPI `gnubg`), its cube decisions from the
/// `hint` of the gnubg program (Debian's `gnubg`, text mode) on the position's XGID. A
/// benchmark tool only.
#[derive(Debug)]
pub struct GnubgCube {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    stdout: std::io::BufReader<std::process::ChildStdout>,
    gen: vrhcaby_rules::PlayGenerator,
}

impl Drop for GnubgCube {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl GnubgCube {
    /// Starts `python script`.
    pub fn spawn(python: &str, script: &str) -> std::io::Result<GnubgCube> {
        use std::process::{Command as Process, Stdio};
        let mut child = Process::new(python)
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let stdin = child.stdin.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
        let stdout =
            std::io::BufReader::new(child.stdout.take().ok_or(std::io::ErrorKind::BrokenPipe)?);
        Ok(GnubgCube {
            child,
            stdin,
            stdout,
            gen: vrhcaby_rules::PlayGenerator::new(),
        })
    }

    fn ask(&mut self, line: &str) -> Option<serde_json::Value> {
        use std::io::{BufRead, Write};
        writeln!(self.stdin, "{line}").ok()?;
        self.stdin.flush().ok()?;
        let mut answer = String::new();
        self.stdout.read_line(&mut answer).ok()?;
        serde_json::from_str(&answer).ok()
    }

    /// gnubg's play: the lowest money equity for the opponent, on roll after it.
    fn play(
        &mut self,
        pos: &Position,
        side: Side,
        roll: vrhcaby_rules::Roll,
    ) -> Option<Vec<(vrhcaby_rules::Origin, vrhcaby_rules::Target)>> {
        let plays = self.gen.plays(pos, side, roll, Rules::Standard);
        if plays.len() == 1 {
            return Some(plays[0].moves.clone());
        }
        if let Some(p) = plays.iter().find(|p| p.position.off(side) == 15) {
            return Some(p.moves.clone());
        }
        let boards: Vec<[[u8; 25]; 2]> = plays
            .iter()
            .map(|p| gnubg_board(&p.position, !side))
            .collect();
        let line = serde_json::json!({ "op": "play", "boards": boards }).to_string();
        let v = self.ask(&line)?;
        let eq: Vec<f64> = serde_json::from_value(v["equity"].clone()).ok()?;
        if eq.len() != plays.len() {
            return None;
        }
        let best = eq
            .iter()
            .enumerate()
            .fold((0, f64::MAX), |b, (i, &e)| if e < b.1 { (i, e) } else { b });
        Some(plays[best.0].moves.clone())
    }

    /// gnubg's cube analysis of `game`'s position with `on_roll` about to roll and the cube as
    /// it stands: (it would double, the opponent should take).
    fn cube(&mut self, game: &Game, on_roll: Side) -> Option<(bool, bool)> {
        let cube = game.cube();
        let board = vrhcaby_rules::ids::xgid(game.position(), on_roll, None);
        let log = cube.value.trailing_zeros();
        let owner = match cube.owner {
            None => 0,
            Some(Side::White) => 1,
            Some(Side::Black) => -1,
        };
        let xgid = board.replacen(":0:0:", &format!(":{log}:{owner}:"), 1);
        let v = self.ask(&serde_json::json!({ "op": "cube", "xgid": xgid }).to_string())?;
        Some((v["double"].as_bool()?, v["take"].as_bool()?))
    }
}

/// gnubg's board for the side on roll: (its opponent's 25 counts, its own 25).
fn gnubg_board(pos: &Position, on_roll: Side) -> [[u8; 25]; 2] {
    let mut b = [[0u8; 25]; 2];
    for (k, s) in [!on_roll, on_roll].into_iter().enumerate() {
        let own = pos.side(s);
        b[k][..24].copy_from_slice(&own[1..=24]);
        b[k][24] = own[vrhcaby_rules::BAR];
    }
    b
}
