//! The words of the game records around the board: the hint said in words, the replay
//! viewer's counter, "My games", and the analysis (error rates, bands, the roll judged).

use vrhcaby_rules::{Outcome, Side};

use super::{side_name, Lang};

/// A play's steps in words: "24/18, 13/8" (the mover's numbering; the bar and bearing off as in
/// the move list), or "no move".
#[must_use]
pub fn steps_words(lang: Lang, steps: &[(u8, u8)]) -> String {
    let spot = |i: u8| match (lang, i) {
        (Lang::Cs, 25) => "bar".to_string(),
        (Lang::En, 25) => "bar".to_string(),
        (Lang::Cs, 0) => "ven".to_string(),
        (Lang::En, 0) => "off".to_string(),
        (_, p) => p.to_string(),
    };
    let steps: Vec<String> = steps
        .iter()
        .map(|&(o, t)| format!("{}/{}", spot(o), spot(t)))
        .collect();
    match lang {
        Lang::Cs if steps.is_empty() => "žádný posun".into(),
        Lang::En if steps.is_empty() => "no move".into(),
        _ => steps.join(", "),
    }
}

/// The hint in words for screen readers: "Nápověda: 24/18, 13/8" (the mover's numbering; the bar
/// and bearing off as in the move list).
#[must_use]
pub fn hint_words(lang: Lang, steps: &[(u8, u8)]) -> String {
    match lang {
        Lang::Cs => format!("Nápověda: {}", steps_words(lang, steps)),
        Lang::En => format!("Hint: {}", steps_words(lang, steps)),
    }
}

/// The replay viewer's counter: the turns (rolls) shown of the record's all, "Tah 5 / 13".
#[must_use]
pub fn replay_turn(lang: Lang, shown: usize, total: usize) -> String {
    match lang {
        Lang::Cs => format!("Tah {shown} / {total}"),
        Lang::En => format!("Turn {shown} / {total}"),
    }
}

/// "My games": how a game ended for the player here ("Výhra" / "Prohra"), or who won in hot-seat.
#[must_use]
pub fn history_result(lang: Lang, outcome: Outcome, won: Option<bool>) -> String {
    match (lang, outcome, won) {
        (Lang::Cs, Outcome::Draw, _) => "Remíza".into(),
        (Lang::En, Outcome::Draw, _) => "Draw".into(),
        (Lang::Cs, _, Some(true)) => "Výhra".into(),
        (Lang::En, _, Some(true)) => "Won".into(),
        (Lang::Cs, _, Some(false)) => "Prohra".into(),
        (Lang::En, _, Some(false)) => "Lost".into(),
        (Lang::Cs, o, None) => format!("Vyhrál {}", o.winner().map_or("", |w| side_name(lang, w))),
        (Lang::En, o, None) => format!("{} won", o.winner().map_or("", |w| side_name(lang, w))),
    }
}

/// "My games": the kind of game ("Proti počítači (Expert)").
#[must_use]
pub fn history_mode(lang: Lang, kind: &str, level: Option<&str>) -> String {
    let base = match (lang, kind) {
        (Lang::Cs, "bot") => "Proti počítači",
        (Lang::En, "bot") => "Against the computer",
        (Lang::Cs, "peer") => "S přítelem",
        (Lang::En, "peer") => "With a friend",
        (Lang::Cs, _) => "Na tomto zařízení",
        (Lang::En, _) => "On this device",
    };
    match level {
        Some(l) => format!("{base} ({l})"),
        None => base.to_owned(),
    }
}

/// "My games": a game's points and length.
#[must_use]
pub fn history_detail(lang: Lang, points: u16, moves: u32) -> String {
    match lang {
        Lang::Cs => format!("{points} b. · {moves} posunů"),
        Lang::En => format!("{points} pt · {moves} moves"),
    }
}

/// "My games": the totals of one kind of game.
#[must_use]
pub fn history_totals(lang: Lang, what: &str, t: &crate::history::Totals) -> String {
    if t.kind == "local" {
        let (w, b) = (side_name(lang, Side::White), side_name(lang, Side::Black));
        return match lang {
            Lang::Cs => format!(
                "{what}: {w} {}, {b} {}, remízy {}",
                t.white, t.black, t.drawn
            ),
            Lang::En => format!(
                "{what}: {w} {}, {b} {}, draws {}",
                t.white, t.black, t.drawn
            ),
        };
    }
    match lang {
        Lang::Cs => format!(
            "{what}: výhry {}, prohry {}, remízy {}",
            t.won, t.lost, t.drawn
        ),
        Lang::En => format!("{what}: won {}, lost {}, drawn {}", t.won, t.lost, t.drawn),
    }
}

/// "My games": the cap.
#[must_use]
pub fn history_cap(lang: Lang, max: usize) -> String {
    match lang {
        Lang::Cs => format!("Uchovává se posledních {max} dohraných her, jen v tomto prohlížeči."),
        Lang::En => format!("The last {max} finished games are kept, in this browser only."),
    }
}

/// A band of the error rate in words.
#[must_use]
pub fn rating_name(lang: Lang, rating: &str) -> &'static str {
    match (lang, rating) {
        (Lang::Cs, "super_grandmaster") => "supervelmistr",
        (Lang::En, "super_grandmaster") => "super grandmaster",
        (Lang::Cs, "grandmaster") => "velmistr",
        (Lang::En, "grandmaster") => "grandmaster",
        (Lang::Cs, "master") => "mistr",
        (Lang::En, "master") => "master",
        (Lang::Cs, "advanced") => "pokročilý",
        (Lang::En, "advanced") => "advanced",
        (Lang::Cs, "intermediate") => "středně pokročilý",
        (Lang::En, "intermediate") => "intermediate",
        (Lang::Cs, _) => "začátečník",
        (Lang::En, _) => "beginner",
    }
}

/// A player's line of the analysis: "Bílý: chybovost 12,3 (mistr), štěstí +0,45, 14 rozhodnutí".
#[must_use]
pub fn analysis_summary(
    lang: Lang,
    side: Side,
    error_rate: f64,
    rating: &str,
    luck: f64,
    decisions: u64,
) -> String {
    let band = rating_name(lang, rating);
    let side = side_name(lang, side);
    let (rate, luck) = (
        super::decimal(lang, error_rate, 1, false),
        super::decimal(lang, luck, 2, true),
    );
    match lang {
        Lang::Cs => {
            format!("{side}: chybovost {rate} ({band}), štěstí {luck}, {decisions} rozhodnutí")
        }
        Lang::En => format!(
            "{side}: error rate {rate} ({band}), luck {luck}, {decisions} decision{}",
            if decisions == 1 { "" } else { "s" }
        ),
    }
}

/// A cube decision before the roll on the board judged: "Zdvojení −0,412 ??, nejlepší +0,105".
#[must_use]
pub fn analysis_cube(lang: Lang, kind: &str, played: f64, best: f64, mark: Option<&str>) -> String {
    let name = match (lang, kind) {
        (Lang::Cs, "double") => "Zdvojení",
        (Lang::En, "double") => "Double",
        (Lang::Cs, "no_double") => "Bez zdvojení",
        (Lang::En, "no_double") => "No double",
        (Lang::Cs, "take") => "Přijetí",
        (Lang::En, "take") => "Take",
        (Lang::Cs, "drop") => "Odmítnutí",
        (Lang::En, "drop") => "Drop",
        (Lang::Cs, _) => "Bobr",
        (Lang::En, _) => "Beaver",
    };
    let mark = mark
        .map(|m| format!(" {}", crate::analysis::symbol(m)))
        .unwrap_or_default();
    let (played, best) = (
        super::decimal(lang, played, 3, true),
        super::decimal(lang, best, 3, true),
    );
    match lang {
        Lang::Cs => format!("{name} {played}{mark}, nejlepší {best}"),
        Lang::En => format!("{name} {played}{mark}, best {best}"),
    }
}

/// The roll on the board judged: what was played and the best play (shown by the arrows).
#[must_use]
pub fn analysis_here(lang: Lang, played: f64, best: f64, mark: Option<&str>) -> String {
    let mark = mark
        .map(|m| format!(" {}", crate::analysis::symbol(m)))
        .unwrap_or_default();
    let (played, best) = (
        super::decimal(lang, played, 3, true),
        super::decimal(lang, best, 3, true),
    );
    match lang {
        Lang::Cs => format!("Zahráno {played}{mark}, nejlepší (šipky) {best}"),
        Lang::En => format!("Played {played}{mark}, best (the arrows) {best}"),
    }
}
