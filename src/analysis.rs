//! A game's analysis as the page holds it (the worker's `analyse` answers, read here): the
//! judged decisions, each player's summary, and what the move list and the graph show of them.
//! Pure, tested natively; `drivers::analysis` asks the worker part by part.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use vrhcaby_rules::{BySide, Side};

pub use vrhcaby_protocol::{Judged, Summary};

/// Where the analysis of the record in the viewer stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum State {
    #[default]
    Idle,
    /// Commands judged so far of all.
    Running { done: usize, total: usize },
    Done {
        decisions: Vec<Judged>,
        players: BySide<Summary>,
    },
    /// The worker could not analyse it (its words).
    Failed(String),
}

/// The symbol of a mark, as GNU Backgammon and chess write them.
#[must_use]
pub fn symbol(mark: &str) -> &'static str {
    match mark {
        "very_bad" => "??",
        "bad" => "?",
        _ => "?!",
    }
}

/// The worst mark of each roll in the move list, by its index (for the list's symbols).
#[must_use]
pub fn marks_by_turn(decisions: &[Judged]) -> Vec<(usize, &str)> {
    let rank = |m: &str| match m {
        "very_bad" => 3,
        "bad" => 2,
        _ => 1,
    };
    let mut out: Vec<(usize, &str)> = Vec::new();
    for d in decisions {
        let Some(m) = d.mark.as_deref() else { continue };
        match out.iter_mut().find(|(t, _)| *t == d.turn) {
            Some(slot) if rank(m) > rank(slot.1) => slot.1 = m,
            Some(_) => {}
            None => out.push((d.turn, m)),
        }
    }
    out
}

/// The graph's points: for each play, White's chance (house rules: the win probability; the
/// standard rules: the equity mapped to 0..1) after it, with the play's mark and record index.
#[must_use]
pub fn graph_points(decisions: &[Judged]) -> Vec<(f64, Option<&str>, usize, usize)> {
    decisions
        .iter()
        .filter(|d| d.kind == "play")
        .map(|d| {
            let mover = ((d.played + 1.0) / 2.0).clamp(0.0, 1.0);
            let white = if d.side == Side::White {
                mover
            } else {
                1.0 - mover
            };
            (white, d.mark.as_deref(), d.index, d.turn)
        })
        .collect()
}

/// The analysis as kept with a saved game and in an exported record's optional `analysis` field:
/// DESIGN.md's `analyse` answer, each decision with its `turn`, and the judge's `depth`.
#[derive(Serialize, Deserialize)]
struct Kept {
    #[serde(default)]
    depth: u8,
    decisions: Vec<Judged>,
    players: BySide<Summary>,
}

/// The analysis in its kept form ([`Kept`]).
#[must_use]
pub fn to_json(decisions: &[Judged], players: &BySide<Summary>, depth: u8) -> Value {
    serde_json::to_value(Kept {
        depth,
        decisions: decisions.to_vec(),
        players: players.clone(),
    })
    .unwrap_or(Value::Null)
}

/// An analysis read back from [`to_json`]'s form; `None` when any of it is spoiled (it is then
/// simply not shown: the record itself still opens).
#[must_use]
pub fn from_json(v: &Value) -> Option<(Vec<Judged>, BySide<Summary>)> {
    let kept = Kept::deserialize(v).ok()?;
    Some((kept.decisions, kept.players))
}

/// The analysis kept in `text` (a kept analysis, or a record with an `analysis` field) as the
/// viewer's state: done, or idle when there is none or it is spoiled.
#[must_use]
pub fn restored(text: &str) -> State {
    let Ok(v) = serde_json::from_str::<Value>(text) else {
        return State::Idle;
    };
    let v = v.get("analysis").unwrap_or(&v);
    match from_json(v) {
        Some((decisions, players)) => State::Done { decisions, players },
        None => State::Idle,
    }
}

/// Each player's luck-adjusted result: the game's result for the player (per unit of the cube:
/// ±1 a single game under either rules, ±2 a gammon, ±3 a backgammon, 0 a draw) less the luck
/// the dice gave the player over the opponent's. `None` while the game is unfinished.
#[must_use]
pub fn luck_adjusted(
    result: Option<(Option<Side>, f64)>,
    players: &BySide<Summary>,
) -> BySide<Option<f64>> {
    BySide::from_fn(|side| {
        let (winner, units) = result?;
        let mine = match winner {
            Some(w) if w == side => units,
            Some(_) => -units,
            None => 0.0,
        };
        Some(mine - (players[side].luck - players[!side].luck))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_kept_analysis_reads_back_and_a_spoiled_one_is_not_read() {
        let d = json!({"index":3,"side":"white","kind":"play","turn":0,"played":-0.2,"best":-0.05,
            "loss":0.15,"mark":"very_bad","forced":false,"luck":0.1,"roll":[6,5],"best_moves":[[24,18],[18,13]]});
        let j = Judged::deserialize(&d).unwrap();
        assert_eq!(
            (j.index, j.side, j.turn, j.best_moves.clone()),
            (3, Side::White, 0, vec![(24, 18), (18, 13)])
        );
        assert_eq!(j.mark.as_deref(), Some("very_bad"));
        let p = json!({"white":{"decisions":2,"error_rate":75.0,"luck":0.1,"rating":"beginner"},
            "black":{"decisions":1,"error_rate":0.0,"luck":-0.1,"rating":"super_grandmaster"}});
        let ps = BySide::<Summary>::deserialize(&p).unwrap();
        assert_eq!(ps.white.rating, "beginner");
        // Kept and read back the same; a spoiled one is not read.
        let kept = to_json(std::slice::from_ref(&j), &ps, 2);
        assert_eq!(kept["depth"], 2);
        assert_eq!(from_json(&kept), Some((vec![j], ps.clone())));
        let mut spoiled = kept.clone();
        spoiled["decisions"][0]["side"] = json!(3);
        assert_eq!(from_json(&spoiled), None);
        // White won a single game but had 0.2 more luck than Black.
        let adj = luck_adjusted(Some((Some(Side::White), 1.0)), &ps);
        assert!((adj.white.unwrap() - 0.8).abs() < 1e-9 && (adj.black.unwrap() + 0.8).abs() < 1e-9);
        assert_eq!(luck_adjusted(None, &ps).white, None);
    }

    #[test]
    fn the_list_shows_the_worst_mark_of_a_roll_and_the_graph_whites_chance() {
        let mk = |turn, side: Side, kind: &str, played, mark: Option<&str>| Judged {
            index: turn * 3,
            side,
            kind: kind.into(),
            turn,
            played,
            best: played,
            loss: 0.0,
            mark: mark.map(str::to_owned),
            forced: false,
            luck: None,
            best_moves: vec![],
        };
        let ds = vec![
            mk(0, Side::White, "play", 0.2, Some("doubtful")),
            mk(1, Side::Black, "double", 0.0, Some("bad")),
            mk(1, Side::Black, "play", 0.5, Some("very_bad")),
            mk(2, Side::White, "play", -0.4, None),
        ];
        assert_eq!(marks_by_turn(&ds), vec![(0, "doubtful"), (1, "very_bad")]);
        let g = graph_points(&ds);
        assert_eq!(g.len(), 3);
        assert!((g[0].0 - 0.6).abs() < 1e-9);
        assert!(
            (g[1].0 - 0.25).abs() < 1e-9,
            "Black's 0.5 equity is White's 25%"
        );
        assert_eq!(symbol("bad"), "?");
    }
}
