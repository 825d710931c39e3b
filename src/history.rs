//! "Moje hry / My games": the finished games kept on this device, newest last, each with its
//! record (so it opens in the replay viewer), and the totals per kind of game and computer level.
//! Pure: the text in `localStorage` (`vrhcaby.history`) is read and written here, the driver
//! (`drivers::history`) only loads and stores it.
//!
//! The cap: at most [`MAX_GAMES`] games and [`MAX_TEXT`] characters of text; past either, the
//! oldest games go first. A game is kept once (its kind and its first command's time name it).

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use vrhcaby_rules::{Millis, Outcome, Record, Side};

/// The key of the kept games in `localStorage`.
pub const KEY: &str = "vrhcaby.history";
/// At most this many games are kept.
pub const MAX_GAMES: usize = 100;
/// At most this much text (a long game's record is a few tens of KB; `localStorage` holds about
/// 5 MB for the whole page).
pub const MAX_TEXT: usize = 1_500_000;

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// When it ended (ms since the epoch, the device's clock).
    pub ended: Millis,
    /// `local`, `bot` or `peer` (`session::Kind::name`).
    pub kind: String,
    /// The computer's level, against the computer.
    pub level: Option<String>,
    /// The side played on this device, against the computer or a friend.
    pub me: Option<Side>,
    pub outcome: Outcome,
    /// The reason's name (`Reason::name`).
    pub reason: String,
    /// What it scored (1 under the house rules, the points under the standard rules).
    pub points: u16,
    /// Checker moves played.
    pub moves: u32,
    /// The record as JSON (`Record::to_json`).
    pub record: String,
    /// Its analysis, once made (`crate::analysis::to_json`'s text, kept as a string).
    pub analysis: Option<String>,
}

impl Played {
    /// The game's name: its kind and its first command's time.
    fn id(&self) -> Option<(String, Millis)> {
        let first = Record::from_json(&self.record).ok()?.commands.first()?.t;
        Some((self.kind.clone(), first))
    }

    /// Won, lost or drawn from this device's side (`None` in hot-seat, where both sides are here).
    #[must_use]
    pub fn won(&self) -> Option<bool> {
        let me = self.me?;
        self.outcome.winner().map(|w| w == me)
    }
}

/// Won, lost and drawn games of one kind (and level).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub kind: String,
    pub level: Option<String>,
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
    /// Hot-seat games: White's and Black's wins (no side is "you").
    pub white: u32,
    pub black: u32,
}

/// One game as it is written (the fields of [`Played`], the record as its JSON).
#[derive(Serialize)]
struct Out<'a> {
    ended: Millis,
    kind: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    me: Option<Side>,
    outcome: Outcome,
    reason: &'a str,
    points: u16,
    moves: u32,
    record: Box<RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    analysis: Option<&'a str>,
}

/// One game as it is read (unknown fields are passed over).
#[derive(Deserialize)]
struct In {
    ended: Millis,
    kind: String,
    level: Option<String>,
    me: Option<Side>,
    outcome: Outcome,
    reason: String,
    points: u16,
    moves: u32,
    record: Box<RawValue>,
    analysis: Option<String>,
}

/// The games as text.
#[must_use]
pub fn encode(games: &[Played]) -> String {
    let out: Vec<Out<'_>> = games
        .iter()
        .filter_map(|g| {
            Some(Out {
                ended: g.ended,
                kind: &g.kind,
                level: g.level.as_deref(),
                me: g.me,
                outcome: g.outcome,
                reason: &g.reason,
                points: g.points,
                moves: g.moves,
                record: RawValue::from_string(g.record.clone()).ok()?,
                analysis: g.analysis.as_deref(),
            })
        })
        .collect();
    serde_json::to_string(&out).unwrap_or_else(|_| "[]".into())
}

/// The games kept in `text`; a game that cannot be read is left out (the rest stay), and text
/// that is not a list of games gives none.
#[must_use]
pub fn decode(text: &str) -> Vec<Played> {
    let Ok(list) = serde_json::from_str::<Vec<&RawValue>>(text) else {
        return Vec::new();
    };
    list.into_iter()
        .filter_map(|raw| decode_one(raw.get()))
        .collect()
}

fn decode_one(text: &str) -> Option<Played> {
    let g: In = serde_json::from_str(text).ok()?;
    let record = g.record.get().to_owned();
    // Only a record that opens in the viewer is kept.
    Record::from_json(&record).ok()?;
    Some(Played {
        ended: g.ended,
        kind: Some(g.kind).filter(|k| ["local", "bot", "peer"].contains(&k.as_str()))?,
        level: g.level,
        me: g.me,
        outcome: g.outcome,
        reason: g.reason,
        points: g.points,
        moves: g.moves,
        record,
        analysis: g.analysis,
    })
}

/// `games` with `analysis` kept with the game whose record is `record` (if it is there).
#[must_use]
pub fn with_analysis(mut games: Vec<Played>, record: &Record, analysis: String) -> Vec<Played> {
    let text = record.to_json();
    for g in &mut games {
        if g.record == text {
            g.analysis = Some(analysis.clone());
        }
    }
    while games.len() > 1 && encode(&games).len() > MAX_TEXT {
        games.remove(0);
    }
    games
}

/// `games` with `game` added (unless it is there already), within the cap.
#[must_use]
pub fn add(mut games: Vec<Played>, game: Played) -> Vec<Played> {
    let id = game.id();
    if id.is_some() && games.iter().any(|g| g.id() == id) {
        return games;
    }
    games.push(game);
    while games.len() > MAX_GAMES || (games.len() > 1 && encode(&games).len() > MAX_TEXT) {
        games.remove(0);
    }
    games
}

/// The totals per kind of game, and against the computer per level, in the order first met.
#[must_use]
pub fn totals(games: &[Played]) -> Vec<Totals> {
    let mut out: Vec<Totals> = Vec::new();
    for g in games {
        let at = match out
            .iter()
            .position(|t| t.kind == g.kind && t.level == g.level)
        {
            Some(i) => i,
            None => {
                out.push(Totals {
                    kind: g.kind.clone(),
                    level: g.level.clone(),
                    ..Totals::default()
                });
                out.len() - 1
            }
        };
        let t = &mut out[at];
        match (g.won(), g.outcome) {
            (_, Outcome::Draw) => t.drawn += 1,
            (Some(true), _) => t.won += 1,
            (Some(false), _) => t.lost += 1,
            (None, Outcome::White) => t.white += 1,
            (None, Outcome::Black) => t.black += 1,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use vrhcaby_rules::{Command, Game};

    fn played(first: Millis, kind: &str, me: Option<Side>, outcome: Outcome) -> Played {
        let mut g = Game::new();
        g.apply(Command::Start { first: Side::White }, first)
            .unwrap();
        g.apply(Command::Resign { side: Side::Black }, first + 5)
            .unwrap();
        Played {
            ended: first + 5,
            kind: kind.into(),
            level: (kind == "bot").then(|| "expert".into()),
            me,
            outcome,
            reason: "resigned".into(),
            points: 1,
            moves: 0,
            record: g.record().to_json(),
            analysis: None,
        }
    }

    #[test]
    fn games_survive_their_text_and_spoiled_ones_are_left_out() {
        let games = vec![
            played(1_000, "local", None, Outcome::White),
            played(2_000, "bot", Some(Side::White), Outcome::Black),
            played(3_000, "peer", Some(Side::Black), Outcome::Draw),
        ];
        let text = encode(&games);
        assert_eq!(decode(&text), games);
        // One spoiled game among good ones: the rest stay.
        let spoiled = text.replacen("\"kind\":\"bot\"", "\"kind\":\"robot\"", 1);
        assert_eq!(decode(&spoiled).len(), 2);
        // An analysis is kept with its game, quotes and all, and read back.
        let record = Record::from_json(&games[1].record).unwrap();
        let analysed = with_analysis(
            games.clone(),
            &record,
            r#"{"depth":1,"x":[0.5,"a\"b"]}"#.into(),
        );
        assert_eq!(analysed[0].analysis, None);
        assert_eq!(
            analysed[1].analysis.as_deref(),
            Some(r#"{"depth":1,"x":[0.5,"a\"b"]}"#)
        );
        assert_eq!(decode(&encode(&analysed)), analysed);
        // Not a list at all: nothing, and no panic.
        for junk in ["", "{}", "[", "[1,2]", "null", "[{\"record\":5}]"] {
            assert!(decode(junk).is_empty(), "{junk}");
        }
    }

    #[test]
    fn a_game_is_kept_once_and_the_oldest_go_past_the_cap() {
        let mut games = Vec::new();
        for i in 0..(MAX_GAMES as u64 + 5) {
            games = add(games, played(1_000 + i * 10, "local", None, Outcome::White));
        }
        assert_eq!(games.len(), MAX_GAMES);
        assert_eq!(
            Record::from_json(&games[0].record).unwrap().commands[0].t,
            1_050
        );
        let again = add(games.clone(), played(1_050, "local", None, Outcome::White));
        assert_eq!(again, games, "the same game is not kept twice");
        // The same time in another kind of game is another game.
        assert_eq!(
            add(
                games,
                played(1_050, "bot", Some(Side::White), Outcome::White)
            )
            .len(),
            MAX_GAMES
        );
    }

    #[test]
    fn totals_count_wins_losses_and_draws_per_kind_and_level() {
        let games = vec![
            played(1, "bot", Some(Side::White), Outcome::White),
            played(2, "bot", Some(Side::White), Outcome::Black),
            played(3, "bot", Some(Side::Black), Outcome::Black),
            played(4, "local", None, Outcome::Black),
            played(5, "peer", Some(Side::White), Outcome::Draw),
        ];
        let t = totals(&games);
        assert_eq!(t.len(), 3);
        assert_eq!((t[0].won, t[0].lost, t[0].drawn), (2, 1, 0));
        assert_eq!(t[0].level.as_deref(), Some("expert"));
        assert_eq!((t[1].white, t[1].black), (0, 1));
        assert_eq!(t[2].drawn, 1);
    }
}
