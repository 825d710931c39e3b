//! A game's analysis as the page holds it (the worker's `analyse` answers, read here): the
//! judged decisions, each player's summary, and what the move list and the graph show of them.
//! Pure, tested natively; `drivers::analysis` asks the worker part by part.

use serde_json::Value;
use vrhcaby_rules::{BySide, Side};

/// One judged decision (DESIGN.md's `analyse` decision, with its roll in the move list).
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// The record command that made it.
    pub index: usize,
    pub side: Side,
    /// `play`, `double`, `no_double`, `take`, `drop`, `beaver`.
    pub kind: String,
    /// The roll in the move list it belongs to.
    pub turn: usize,
    pub played: f64,
    pub best: f64,
    pub loss: f64,
    /// `doubtful`, `bad`, `very_bad`.
    pub mark: Option<String>,
    pub forced: bool,
    pub luck: Option<f64>,
    /// The best play's moves (mover's numbering), for a play.
    pub best_moves: Vec<(u8, u8)>,
}

/// A player's summary.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub decisions: u64,
    pub error_rate: f64,
    pub luck: f64,
    pub rating: String,
}

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

fn side_of(v: &Value) -> Option<Side> {
    Side::ALL.into_iter().find(|s| v.as_str() == Some(s.name()))
}

/// One decision of a worker's answer.
#[must_use]
pub fn judged(v: &Value) -> Option<Judged> {
    let num = |k: &str| v.get(k).and_then(Value::as_f64);
    Some(Judged {
        index: usize::try_from(v.get("index")?.as_u64()?).ok()?,
        side: side_of(v.get("side")?)?,
        kind: v.get("kind")?.as_str()?.to_owned(),
        turn: usize::try_from(v.get("turn")?.as_u64()?).ok()?,
        played: num("played")?,
        best: num("best")?,
        loss: num("loss")?,
        mark: v.get("mark").and_then(Value::as_str).map(str::to_owned),
        forced: v.get("forced")?.as_bool()?,
        luck: num("luck"),
        best_moves: v
            .get("best_moves")
            .and_then(Value::as_array)
            .map(|moves| {
                moves
                    .iter()
                    .filter_map(|m| {
                        let m = m.as_array()?;
                        Some((
                            u8::try_from(m.first()?.as_u64()?).ok()?,
                            u8::try_from(m.get(1)?.as_u64()?).ok()?,
                        ))
                    })
                    .collect()
            })
            .unwrap_or_default(),
    })
}

/// The players' summaries of the last answer.
#[must_use]
pub fn players(v: &Value) -> Option<BySide<Summary>> {
    let one = |p: &Value| {
        Some(Summary {
            decisions: p.get("decisions")?.as_u64()?,
            error_rate: p.get("error_rate")?.as_f64()?,
            luck: p.get("luck")?.as_f64()?,
            rating: p.get("rating")?.as_str()?.to_owned(),
        })
    };
    Some(BySide::new(one(v.get("white")?)?, one(v.get("black")?)?))
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn answers_are_read_and_spoiled_parts_left_out() {
        let d = json!({"index":3,"side":"white","kind":"play","turn":0,"played":-0.2,"best":-0.05,
            "loss":0.15,"mark":"very_bad","forced":false,"luck":0.1,"roll":[6,5],"best_moves":[[24,18],[18,13]]});
        let j = judged(&d).unwrap();
        assert_eq!(
            (j.index, j.side, j.turn, j.best_moves.clone()),
            (3, Side::White, 0, vec![(24, 18), (18, 13)])
        );
        assert_eq!(j.mark.as_deref(), Some("very_bad"));
        assert_eq!(judged(&json!({"index":-1})), None);
        let mut no_side = d.clone();
        no_side["side"] = json!("red");
        assert_eq!(judged(&no_side), None);
        let p = json!({"white":{"decisions":2,"error_rate":75.0,"luck":0.1,"rating":"beginner"},
            "black":{"decisions":1,"error_rate":0.0,"luck":-0.1,"rating":"super_grandmaster"}});
        assert_eq!(players(&p).unwrap().white.rating, "beginner");
        assert_eq!(players(&json!({"white":{}})), None);
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
