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
    let points = super::points(lang, points);
    let moves = match lang {
        Lang::Cs => cs_count(moves as usize, "posun", "posuny", "posunů"),
        Lang::En if moves == 1 => "1 move".to_owned(),
        Lang::En => format!("{moves} moves"),
    };
    format!("{points} · {moves}")
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

/// A share of the winning chances as the page writes it: "9,3 %" / "9.3%" ("0,25 %" below 1).
fn percent(lang: Lang, x: f64) -> String {
    let n = super::decimal(lang, x, if x < 1.0 { 2 } else { 1 }, false);
    match lang {
        Lang::Cs => format!("{n}\u{a0}%"),
        Lang::En => format!("{n}%"),
    }
}

/// What a decision cost on average, in a player's words: the winning chances lost under the
/// house rules (every win is worth one game, so a loss `x` of equity is `x / 2` of the chances),
/// points under the standard rules. `error_rate` is the loss per decision × 1000.
fn cost(lang: Lang, error_rate: f64, standard: bool) -> String {
    if standard {
        let n = super::decimal(lang, error_rate / 1000.0, 3, false);
        return match lang {
            Lang::Cs => format!("{n} bodu"),
            Lang::En => format!("{n} points"),
        };
    }
    let p = percent(lang, error_rate / 20.0);
    match lang {
        Lang::Cs => format!("{p} šance na výhru"),
        Lang::En => format!("{p} of the winning chances"),
    }
}

/// A player's part of the analysis, in sentences a newcomer reads: the decisions, the blunders
/// and mistakes counted, what a decision cost on average (winning chances, or points) and the
/// band of this game's play (of the game, not the person), the dice's luck in games or points
/// (a win +1, a loss −1), and the result without it when the game has one. "Bílý, 14
/// rozhodnutí: 2 hrubé chyby a 1 chyba. Rozhodnutí ho stálo v průměru 10,7 % šance na výhru: v
/// této hře hrál jako začátečník. Kostky mu přidaly +0,39 hry."
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn analysis_summary(
    lang: Lang,
    side: Side,
    decisions: u64,
    (blunders, mistakes): (usize, usize),
    (error_rate, rating): (f64, &str),
    luck: f64,
    adjusted: Option<f64>,
    standard: bool,
) -> String {
    let band = rating_name(lang, rating);
    let name = side_name(lang, side);
    let cost = cost(lang, error_rate, standard);
    let luck_x = super::decimal(lang, luck, 2, true);
    let adjusted = adjusted.map(|a| super::decimal(lang, a, 2, true));
    let unit = match (lang, standard) {
        (Lang::Cs, false) => "hry",
        (Lang::Cs, true) => "bodu",
        (Lang::En, false) => "games",
        (Lang::En, true) => "points",
    };
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
                format!("Kostky mu přidaly {luck_x} {unit}.")
            } else if luck <= -0.1 {
                format!(
                    "Kostky mu ubraly {} {unit}.",
                    super::decimal(lang, -luck, 2, false)
                )
            } else {
                format!("Kostky byly vyrovnané ({luck_x} {unit}).")
            };
            let mut out = format!(
                "{name}, {decisions} rozhodnutí: {errors}. Rozhodnutí ho stálo v průměru \
                 {cost}: v této hře hrál jako {band}. {luck}"
            );
            if let Some(a) = adjusted {
                out.push_str(&format!(" Bez vlivu kostek: {a} {unit}."));
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
                format!("The dice gave {name} {luck_x} {unit}.")
            } else if luck <= -0.1 {
                format!(
                    "The dice cost {name} {} {unit}.",
                    super::decimal(lang, -luck, 2, false)
                )
            } else {
                format!("The dice were even ({luck_x} {unit}).")
            };
            let mut out = format!(
                "{name}, {decisions} decision{}: {errors}. A decision cost {cost} on average: \
                 in this game the play was at {band} level. {luck}",
                if decisions == 1 { "" } else { "s" },
            );
            if let Some(a) = adjusted {
                out.push_str(&format!(" Without the dice's luck: {a} {unit}."));
            }
            out
        }
    }
}

/// What the analysis's numbers mean, in winning chances (house rules) or points (standard),
/// never "equity": what a decision cost and its bands, the marks, the luck, and the result
/// without it (one tap away under the summary). The thresholds are the error rate's (5, 8, 13,
/// 20, 32) and the marks' (0.03, 0.06, 0.12) as the summary says them: a loss `x` is `x / 2` of
/// the winning chances under the house rules, `x` points under the standard ones.
#[must_use]
pub fn analysis_scale(lang: Lang, standard: bool) -> [&'static str; 4] {
    match (lang, standard) {
        (Lang::Cs, false) => [
            "U každého tahu s volbou počítač porovná zahraný tah s nejlepším. Číslo říká, co v \
             průměru stálo jedno rozhodnutí, v procentech šance na výhru. Čím méně, tím lépe.",
            "Pásma hodnotí hru, ne hráče: pod 0,25\u{a0}% supervelmistr, pod 0,4\u{a0}% \
             velmistr, pod 0,65\u{a0}% mistr, pod 1\u{a0}% pokročilý, pod 1,6\u{a0}% středně \
             pokročilý, jinak začátečník.",
            "Pochybný tah (?!) stojí aspoň 1,5\u{a0}% šance na výhru, chyba (?) aspoň 3\u{a0}%, \
             hrubá chyba (??) aspoň 6\u{a0}%.",
            "Štěstí sčítá, o kolik hody pomohly (+) nebo uškodily (−) proti průměrnému hodu, ve \
             hrách (výhra je +1, prohra −1). „Bez vlivu kostek“ je výsledek hry bez tohoto \
             rozdílu: kladné číslo znamená, že by hráč vyhrál i s vyrovnanými kostkami.",
        ],
        (Lang::Cs, true) => [
            "U každého rozhodnutí s volbou počítač porovná zahrané s nejlepším. Číslo říká, co v \
             průměru stálo jedno rozhodnutí, v bodech. Čím méně, tím lépe.",
            "Pásma hodnotí hru, ne hráče: pod 0,005 bodu supervelmistr, pod 0,008 velmistr, pod \
             0,013 mistr, pod 0,020 pokročilý, pod 0,032 středně pokročilý, jinak začátečník.",
            "Pochybné rozhodnutí (?!) stojí aspoň 0,030 bodu, chyba (?) aspoň 0,060, hrubá chyba \
             (??) aspoň 0,120.",
            "Štěstí sčítá, o kolik hody pomohly (+) nebo uškodily (−) proti průměrnému hodu, v \
             bodech (jednoduchá hra 1, gammon 2, backgammon 3, krát kostka). „Bez vlivu kostek“ \
             je výsledek hry bez tohoto rozdílu: kladné číslo znamená, že by hráč vyhrál i s \
             vyrovnanými kostkami.",
        ],
        (Lang::En, false) => [
            "At each move with a choice the computer compares the play made with the best one. \
             The figure says what one decision cost on average, in percent of the winning \
             chances. Lower is better.",
            "The bands judge the game, not the player: below 0.25% super grandmaster, below 0.4% \
             grandmaster, below 0.65% master, below 1% advanced, below 1.6% intermediate, else \
             beginner.",
            "A doubtful play (?!) costs at least 1.5% of the winning chances, a mistake (?) at \
             least 3%, a blunder (??) at least 6%.",
            "Luck adds up how much the rolls helped (+) or hurt (−) against an average roll, in \
             games (a win is +1, a loss −1). “Without the dice's luck” is the game's result \
             without that difference: above zero, the player would have won with even dice.",
        ],
        (Lang::En, true) => [
            "At each decision with a choice the computer compares the one made with the best \
             one. The figure says what one decision cost on average, in points. Lower is better.",
            "The bands judge the game, not the player: below 0.005 points super grandmaster, \
             below 0.008 grandmaster, below 0.013 master, below 0.020 advanced, below 0.032 \
             intermediate, else beginner.",
            "A doubtful decision (?!) costs at least 0.030 points, a mistake (?) at least 0.060, \
             a blunder (??) at least 0.120.",
            "Luck adds up how much the rolls helped (+) or hurt (−) against an average roll, in \
             points (a single game 1, a gammon 2, a backgammon 3, times the cube). “Without the \
             dice's luck” is the game's result without that difference: above zero, the player \
             would have won with even dice.",
        ],
    }
}

/// The replay viewer's title: the game's record, or its analysis once asked for.
#[must_use]
pub fn replay_title(lang: Lang, analysed: bool) -> &'static str {
    match (lang, analysed) {
        (Lang::Cs, false) => "Záznam hry",
        (Lang::En, false) => "Game record",
        (Lang::Cs, true) => "Rozbor hry",
        (Lang::En, true) => "Game analysis",
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
