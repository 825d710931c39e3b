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

/// A count with its Czech noun in the right form: 1 chyba, 2–4 chyby, 5 and more chyb.
fn cs_count(n: usize, one: &str, few: &str, many: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        2..=4 => format!("{n} {few}"),
        _ => format!("{n} {many}"),
    }
}

/// A player's part of the analysis, in sentences a newcomer reads: the decisions, the blunders
/// and mistakes counted, the band of this game's play (of the game, not the person), the luck in
/// words, and the luck-adjusted result when the game has one. "Bílý, 14 rozhodnutí: 2 hrubé
/// chyby a 1 chyba. V této hře hrál jako začátečník (chybovost 214,0). Štěstí mu přálo (+0,39)."
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn analysis_summary(
    lang: Lang,
    side: Side,
    decisions: u64,
    (blunders, mistakes): (usize, usize),
    error_rate: f64,
    rating: &str,
    luck: f64,
    adjusted: Option<f64>,
) -> String {
    let band = rating_name(lang, rating);
    let name = side_name(lang, side);
    let (rate, luck_x) = (
        super::decimal(lang, error_rate, 1, false),
        super::decimal(lang, luck, 2, true),
    );
    let adjusted = adjusted.map(|a| super::decimal(lang, a, 2, true));
    match lang {
        Lang::Cs => {
            let errors = match (blunders, mistakes) {
                (0, 0) => "bez chyb".to_string(),
                (b, 0) => cs_count(b, "hrubá chyba", "hrubé chyby", "hrubých chyb"),
                (0, m) => cs_count(m, "chyba", "chyby", "chyb"),
                (b, m) => format!(
                    "{} a {}",
                    cs_count(b, "hrubá chyba", "hrubé chyby", "hrubých chyb"),
                    cs_count(m, "chyba", "chyby", "chyb")
                ),
            };
            let luck = if luck >= 0.1 {
                "Štěstí mu přálo"
            } else if luck <= -0.1 {
                "Štěstí mu nepřálo"
            } else {
                "Štěstí bylo vyrovnané"
            };
            let mut out = format!(
                "{name}, {decisions} rozhodnutí: {errors}. V této hře hrál jako {band} \
                 (chybovost {rate}). {luck} ({luck_x})."
            );
            if let Some(a) = adjusted {
                out.push_str(&format!(" Výsledek očištěný o štěstí: {a}."));
            }
            out
        }
        Lang::En => {
            let plural = |n: usize, one: &str| {
                if n == 1 {
                    format!("1 {one}")
                } else {
                    format!("{n} {one}s")
                }
            };
            let errors = match (blunders, mistakes) {
                (0, 0) => "no mistakes".to_string(),
                (b, 0) => plural(b, "blunder"),
                (0, m) => plural(m, "mistake"),
                (b, m) => format!("{} and {}", plural(b, "blunder"), plural(m, "mistake")),
            };
            let luck = if luck >= 0.1 {
                format!("Luck favoured {name}")
            } else if luck <= -0.1 {
                format!("Luck was against {name}")
            } else {
                "Luck was even".to_string()
            };
            let mut out = format!(
                "{name}, {decisions} decision{}: {errors}. In this game the play was at {band} \
                 level (error rate {rate}). {luck} ({luck_x}).",
                if decisions == 1 { "" } else { "s" },
            );
            if let Some(a) = adjusted {
                out.push_str(&format!(" Luck-adjusted result: {a}."));
            }
            out
        }
    }
}

/// What the analysis's numbers mean: the error rate and its bands, the marks, the luck, and the
/// luck-adjusted result (one tap away under the summary).
#[must_use]
pub fn analysis_scale(lang: Lang) -> [&'static str; 4] {
    match lang {
        Lang::Cs => [
            "Chybovost je průměrná ztráta na jedno rozhodnutí v tisícinách ekvity (ve vrhcábech \
             je ztráta 0,100 totéž co 5 % šance na výhru). Čím menší, tím lépe.",
            "Pásma hodnotí hru, ne hráče: pod 5 supervelmistr, pod 8 velmistr, pod 13 mistr, pod \
             20 pokročilý, pod 32 středně pokročilý, jinak začátečník.",
            "Chyba (?) stojí aspoň 0,060, hrubá chyba (??) aspoň 0,120, pochybný tah (?!) aspoň \
             0,030.",
            "Štěstí sčítá, o kolik hody pomohly (+) nebo uškodily (−) proti průměrnému hodu. \
             Výsledek očištěný o štěstí je výsledek hry bez tohoto rozdílu.",
        ],
        Lang::En => [
            "The error rate is the average loss per decision, in thousandths of equity (in the \
             house rules a loss of 0.100 is 5% of the winning chances). Lower is better.",
            "The bands judge the game, not the player: below 5 super grandmaster, below 8 \
             grandmaster, below 13 master, below 20 advanced, below 32 intermediate, else \
             beginner.",
            "A mistake (?) costs at least 0.060, a blunder (??) at least 0.120, a doubtful play \
             (?!) at least 0.030.",
            "Luck adds up how much the rolls helped (+) or hurt (−) against an average roll. The \
             luck-adjusted result is the game's result without that difference.",
        ],
    }
}

/// The analysis graph's axes: (up the side, along the bottom).
#[must_use]
pub fn graph_axes(lang: Lang, standard: bool) -> (&'static str, &'static str) {
    match (lang, standard) {
        (Lang::Cs, false) => ("Šance Bílého", "tahy"),
        (Lang::En, false) => ("White's chances", "moves"),
        (Lang::Cs, true) => ("Ekvita Bílého", "tahy"),
        (Lang::En, true) => ("White's equity", "moves"),
    }
}

/// The analysis graph's name for screen readers.
#[must_use]
pub fn graph_label(lang: Lang, standard: bool) -> &'static str {
    match (lang, standard) {
        (Lang::Cs, false) => "Šance Bílého na výhru během hry, tah po tahu",
        (Lang::En, false) => "White's winning chances over the game, move by move",
        (Lang::Cs, true) => "Ekvita Bílého během hry, tah po tahu",
        (Lang::En, true) => "White's equity over the game, move by move",
    }
}

/// The analysis graph's legend: each mark's class and its words.
#[must_use]
pub fn graph_legend(lang: Lang) -> [(&'static str, &'static str); 4] {
    match lang {
        Lang::Cs => [
            ("none", "tah"),
            ("doubtful", "pochybný tah (?!)"),
            ("bad", "chyba (?)"),
            ("very_bad", "hrubá chyba (??)"),
        ],
        Lang::En => [
            ("none", "a play"),
            ("doubtful", "doubtful (?!)"),
            ("bad", "mistake (?)"),
            ("very_bad", "blunder (??)"),
        ],
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

/// The roll on the board judged: what was played and the best play (shown by the arrows) — as
/// the mover's winning chances under the house rules (equity `e` is the chance `(e + 1) / 2`),
/// as equity (points a game) under standard rules.
#[must_use]
pub fn analysis_here(
    lang: Lang,
    played: f64,
    best: f64,
    mark: Option<&str>,
    standard: bool,
) -> String {
    let mark = mark
        .map(|m| format!(" {}", crate::analysis::symbol(m)))
        .unwrap_or_default();
    if !standard {
        let pct = |e: f64| {
            let p = ((e + 1.0) * 50.0).round().clamp(0.0, 100.0);
            match lang {
                Lang::Cs => format!("{p:.0}\u{a0}%"),
                Lang::En => format!("{p:.0}%"),
            }
        };
        return match lang {
            Lang::Cs => format!(
                "Zahráno: šance na výhru {}{mark}; nejlepší tah (šipky): {}",
                pct(played),
                pct(best)
            ),
            Lang::En => format!(
                "Played: winning chances {}{mark}; the best play (the arrows): {}",
                pct(played),
                pct(best)
            ),
        };
    }
    let (played, best) = (
        super::decimal(lang, played, 3, true),
        super::decimal(lang, best, 3, true),
    );
    match lang {
        Lang::Cs => format!("Zahráno {played}{mark}, nejlepší (šipky) {best} bodu na hru"),
        Lang::En => format!("Played {played}{mark}, best (the arrows) {best} points a game"),
    }
}

/// "My games"' dice statistics: whose rolls a tally counts (`crate::dice_stats::Whose`);
/// `level`: the computer's level in words.
#[must_use]
pub fn dice_whose(lang: Lang, whose: &crate::dice_stats::Whose, level: &str) -> String {
    use crate::dice_stats::Whose;
    match (lang, whose) {
        (Lang::Cs, Whose::Me) => "Ty".into(),
        (Lang::En, Whose::Me) => "You".into(),
        (Lang::Cs, Whose::Computer(_)) => format!("Počítač ({level})"),
        (Lang::En, Whose::Computer(_)) => format!("The computer ({level})"),
        (Lang::Cs, Whose::Friend) => "Přátelé na jiném zařízení".into(),
        (Lang::En, Whose::Friend) => "Friends on another device".into(),
        (Lang::Cs, Whose::HotSeat) => "Hry na jednom zařízení (obě strany)".into(),
        (Lang::En, Whose::HotSeat) => "Games on one device (both sides)".into(),
    }
}

/// "412 rolls, 71 doubles (17.2 %; fair dice 16.7 %)".
#[must_use]
pub fn dice_counts(lang: Lang, rolls: u32, doubles: u32, share: f64) -> String {
    let share = super::decimal(lang, share * 100.0, 1, false);
    let fair = super::decimal(lang, 100.0 / 6.0, 1, false);
    match lang {
        Lang::Cs => {
            let hody = match rolls {
                1 => "hod",
                2..=4 => "hody",
                _ => "hodů",
            };
            format!(
                "{rolls} {hody}, z toho dvojic {doubles} ({share} %; u poctivých kostek {fair} %)"
            )
        }
        Lang::En => {
            let s = if rolls == 1 { "" } else { "s" };
            format!("{rolls} roll{s}, {doubles} of them doubles ({share}%; fair dice {fair}%)")
        }
    }
}

/// A chi-square test's outcome in plain words: `faces` the faces' test, else the doubles'.
#[must_use]
pub fn dice_verdict(
    lang: Lang,
    faces: bool,
    verdict: crate::dice_stats::Verdict,
    p: Option<f64>,
) -> String {
    use crate::dice_stats::Verdict;
    let what = match (lang, faces) {
        (Lang::Cs, true) => "Čísla",
        (Lang::En, true) => "Faces",
        (Lang::Cs, false) => "Dvojice",
        (Lang::En, false) => "Doubles",
    };
    let p = p.map_or_else(String::new, |p| {
        let digits = if p >= 0.01 { 2 } else { 4 };
        let text = if p < 0.0001 {
            format!("< {}", super::decimal(lang, 0.0001, 4, false))
        } else {
            format!("= {}", super::decimal(lang, p, digits, false))
        };
        format!(" (p {text})")
    });
    let need = if faces { 15 } else { 30 };
    match (lang, verdict) {
        (Lang::Cs, Verdict::TooFew) => {
            format!("{what}: zatím příliš málo hodů na posouzení (test potřebuje aspoň {need}).")
        }
        (Lang::En, Verdict::TooFew) => {
            format!("{what}: too few rolls to tell yet (the test needs at least {need}).")
        }
        (Lang::Cs, Verdict::Usual) => {
            format!("{what}: nic neobvyklého — takové rozložení dávají poctivé kostky běžně{p}.")
        }
        (Lang::En, Verdict::Usual) => {
            format!("{what}: nothing unusual — fair dice give counts like these often{p}.")
        }
        (Lang::Cs, Verdict::Unusual) => format!(
            "{what}: neobvyklé — tak nerovnoměrně padají poctivé kostky méně než jednou z 20{p}. Čistě náhodou to potká každého dvacátého hráče."
        ),
        (Lang::En, Verdict::Unusual) => format!(
            "{what}: unusual — fair dice come out this uneven less than once in 20{p}. By chance alone, one player in 20 sees this."
        ),
        (Lang::Cs, Verdict::VeryUnusual) => format!(
            "{what}: velmi neobvyklé — tak nerovnoměrně padají poctivé kostky méně než jednou z 1 000{p}."
        ),
        (Lang::En, Verdict::VeryUnusual) => format!(
            "{what}: very unusual — fair dice come out this uneven less than once in 1,000{p}."
        ),
    }
}

/// The dice statistics' heading and what they count.
#[must_use]
pub fn dice_about(lang: Lang) -> (&'static str, &'static str) {
    match lang {
        Lang::Cs => (
            "Statistika kostek",
            "Každý hod, se kterým se táhlo, z uložených her: kolikrát padlo které číslo a dvojice, proti podílům poctivých kostek (jedna šestina), s testem chí-kvadrát. Kostky her s přítelem na jiném zařízení nemůže ovlivnit ani jedna strana; každý jejich hod lze ověřit v seznamu tahů.",
        ),
        Lang::En => (
            "Dice statistics",
            "Every roll a turn was played with, in the kept games: how often each face and doubles came up, against fair dice's shares (one sixth), with a chi-square test. In games with a friend on another device neither side can sway the dice; each of their rolls can be checked in the move list.",
        ),
    }
}

/// The faces' table: its caption's words for a face's row and the share.
#[must_use]
pub fn dice_face_words(lang: Lang) -> (&'static str, &'static str) {
    match lang {
        Lang::Cs => ("Číslo", "Kolikrát"),
        Lang::En => ("Face", "Times"),
    }
}
