//! Players for the match runner: the bot at a level, pubeval, a random player, and GNU Backgammon
//! 0-ply through an external helper (a benchmark tool only; see `bench/gnubg_eval.py`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use vrhcaby_rules::bench::SplitMix64 as Rng;
use vrhcaby_rules::{PlayGenerator, Position, Roll, Rules, Side, BAR};

use crate::inputs::is_contact;
use crate::{pubeval, Bot, Budget, Level};

/// One side of a match: picks the position after its play among the plays of `rules`.
pub trait Player {
    fn name(&self) -> String;
    /// The position after `side`'s play with `roll`; `seed` differs per decision.
    fn play(&mut self, pos: &Position, side: Side, roll: Roll, rules: Rules, seed: u32)
        -> Position;
}

/// Plays a random legal play (seeded).
#[derive(Debug)]
pub struct RandomPlayer {
    gen: PlayGenerator,
    rng: Rng,
}

impl RandomPlayer {
    #[must_use]
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            gen: PlayGenerator::new(),
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }
    fn play(
        &mut self,
        pos: &Position,
        side: Side,
        roll: Roll,
        rules: Rules,
        _seed: u32,
    ) -> Position {
        let plays = self.gen.plays(pos, side, roll, rules);
        let i = self.rng.below(plays.len() as u64) as usize;
        plays[i].position
    }
}

/// Tesauro's pubeval on every legal play.
#[derive(Debug, Default)]
pub struct PubevalPlayer {
    gen: PlayGenerator,
}

impl Player for PubevalPlayer {
    fn name(&self) -> String {
        "pubeval".into()
    }
    fn play(
        &mut self,
        pos: &Position,
        side: Side,
        roll: Roll,
        rules: Rules,
        _seed: u32,
    ) -> Position {
        let race = !is_contact(pos);
        let mut best = (f32::MIN, *pos);
        self.gen.for_each(pos, side, roll, rules, |after, _| {
            let s = pubeval::score(after, side, race);
            if s > best.0 {
                best = (s, *after);
            }
        });
        best.1
    }
}

/// The bot at a level, or with an explicit budget and noise.
#[derive(Debug)]
pub struct BotPlayer {
    pub bot: Bot,
    pub label: String,
    pub budget: Budget,
    pub noise: f32,
}

impl BotPlayer {
    #[must_use]
    pub fn at_level(bot: Bot, level: Level) -> BotPlayer {
        BotPlayer {
            bot,
            label: level.name().into(),
            budget: level.budget(),
            noise: level.noise(),
        }
    }
}

impl Player for BotPlayer {
    fn name(&self) -> String {
        self.label.clone()
    }
    fn play(
        &mut self,
        pos: &Position,
        side: Side,
        roll: Roll,
        rules: Rules,
        seed: u32,
    ) -> Position {
        self.bot
            .choose_within(pos, side, roll, rules, self.budget, self.noise, seed)
            .position
    }
}

/// GNU Backgammon's evaluation of each legal play (of the match's rules), through a helper process
/// that reads one JSON line of boards and answers the on-roll side's win for each: at 0-ply, or at
/// 1-ply (`plies` 1: gnubg's 0-ply best plays rescored with one roll of look-ahead, the rest
/// answered as wins for the opponent; `bench/gnubg_eval.py`).
#[derive(Debug)]
pub struct GnubgPlayer {
    plies: u8,
    gen: PlayGenerator,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GnubgPlayer {
    /// Starts `python script plies`.
    pub fn spawn(python: &str, script: &str, plies: u8) -> std::io::Result<GnubgPlayer> {
        GnubgPlayer::spawn_with(python, script, &plies.to_string(), plies)
    }

    /// Starts `python script mode` (`mode`: the script's argument, e.g. `judge2`).
    pub fn spawn_with(
        python: &str,
        script: &str,
        mode: &str,
        plies: u8,
    ) -> std::io::Result<GnubgPlayer> {
        let mut child = Command::new(python)
            .arg(script)
            .arg(mode)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let stdin = child.stdin.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
        let stdout = BufReader::new(child.stdout.take().ok_or(std::io::ErrorKind::BrokenPipe)?);
        Ok(GnubgPlayer {
            plies,
            gen: PlayGenerator::new(),
            child,
            stdin,
            stdout,
        })
    }

    /// gnubg's board for the side on roll: (its opponent's 25 counts, its own 25), index 0..23 the
    /// points 1..24 in each side's own numbering, 24 the bar.
    #[must_use]
    pub fn board(pos: &Position, on_roll: Side) -> [[u8; 25]; 2] {
        let mut b = [[0u8; 25]; 2];
        for (k, s) in [!on_roll, on_roll].into_iter().enumerate() {
            let own = pos.side(s);
            b[k][..24].copy_from_slice(&own[1..=24]);
            b[k][24] = own[BAR];
        }
        b
    }
}

impl GnubgPlayer {
    /// The helper's answer for `boards`: the on-roll side's win for each (empty if it failed).
    pub fn wins(&mut self, boards: &[[[u8; 25]; 2]]) -> Vec<f64> {
        let line = serde_json::json!({ "boards": boards }).to_string();
        let mut answer = String::new();
        let ok = writeln!(self.stdin, "{line}").is_ok()
            && self.stdin.flush().is_ok()
            && self.stdout.read_line(&mut answer).is_ok();
        if !ok {
            return Vec::new();
        }
        serde_json::from_str::<serde_json::Value>(&answer)
            .ok()
            .and_then(|v| serde_json::from_value(v["win"].clone()).ok())
            .unwrap_or_default()
    }
}

impl Drop for GnubgPlayer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Player for GnubgPlayer {
    fn name(&self) -> String {
        format!("gnubg-{}ply", self.plies)
    }
    fn play(
        &mut self,
        pos: &Position,
        side: Side,
        roll: Roll,
        rules: Rules,
        _seed: u32,
    ) -> Position {
        let plays = self.gen.plays(pos, side, roll, rules);
        if plays.len() == 1 {
            return plays[0].position;
        }
        if let Some(p) = plays.iter().find(|p| p.position.off(side) == 15) {
            return p.position;
        }
        let boards: Vec<[[u8; 25]; 2]> = plays
            .iter()
            .map(|p| GnubgPlayer::board(&p.position, !side))
            .collect();
        let wins = self.wins(&boards);
        assert_eq!(
            wins.len(),
            plays.len(),
            "the gnubg helper answers every play"
        );
        // The opponent is on roll after our play: take its lowest win.
        let best = wins
            .iter()
            .enumerate()
            .fold((0, f64::MAX), |b, (i, &w)| if w < b.1 { (i, w) } else { b });
        plays[best.0].position
    }
}
