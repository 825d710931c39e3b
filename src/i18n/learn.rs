//! The words of learning from a game: the tutor's warning, "learn from your mistakes" and its
//! puzzles, the analysis kept in an exported record.

use vrhcaby_rules::Side;

use super::{side_name, Key, Lang};

/// The words of the keys this file owns (`None` for any other key).
#[must_use]
pub fn say(lang: Lang, key: Key) -> Option<&'static str> {
    use Key::*;
    Some(match (lang, key) {
        (Lang::Cs, Tutor) => "Učitel",
        (Lang::En, Tutor) => "Tutor",
        (Lang::Cs, TutorShow) => "Ukázat, jak dál",
        (Lang::En, TutorShow) => "Show the best way on",
        (Lang::Cs, LearnMistakes) => "Poučit se z chyb",
        (Lang::En, LearnMistakes) => "Learn from your mistakes",
        (Lang::Cs, PuzzleRetry) => "Zkusit znovu",
        (Lang::En, PuzzleRetry) => "Try again",
        (Lang::Cs, PuzzleBest) => "Ukázat nejlepší tah",
        (Lang::En, PuzzleBest) => "Show the best play",
        (Lang::Cs, PuzzleNext) => "Další úloha",
        (Lang::En, PuzzleNext) => "Next puzzle",
        (Lang::Cs, PuzzleBack) => "Zpět k rozboru",
        (Lang::En, PuzzleBack) => "Back to the analysis",
        (Lang::Cs, PuzzleJudging) => "Počítač tah hodnotí…",
        (Lang::En, PuzzleJudging) => "The computer is judging the play…",
        (Lang::Cs, PuzzleFailed) => "Tah se nepodařilo ohodnotit. Zkus to znovu.",
        (Lang::En, PuzzleFailed) => "The play could not be judged. Try again.",
        (Lang::Cs, PuzzleNone) => "V této hře nejsou chyby ani hrubé chyby k procvičení.",
        (Lang::En, PuzzleNone) => "This game has no mistakes or blunders to practise.",
        (Lang::Cs, PuzzlesDone) => "To byla poslední úloha.",
        (Lang::En, PuzzlesDone) => "That was the last puzzle.",
        (Lang::Cs, ExportAnalysed) => "Uložit hru i s rozborem",
        (Lang::En, ExportAnalysed) => "Save the game with its analysis",
        _ => return None,
    })
}

/// An equity as the page writes it: three decimals, a decimal comma in Czech.
fn equity(lang: Lang, x: f64) -> String {
    super::decimal(lang, x, 3, false)
}

/// A loss's name by its mark: a mistake (≥ 0.06), a blunder (≥ 0.12).
fn loss_name(lang: Lang, loss: f64) -> &'static str {
    match (lang, loss >= 0.12) {
        (Lang::Cs, true) => "hrubá chyba",
        (Lang::Cs, false) => "chyba",
        (Lang::En, true) => "a blunder",
        (Lang::En, false) => "a mistake",
    }
}

/// A loss of equity in winning chances under the house rules (every win is worth one game, so
/// equity is 2·p − 1 and a loss of `x` is `x / 2` of the chances): "13 %" / "13%", never "0 %".
#[must_use]
pub fn chances_lost(lang: Lang, loss: f64) -> String {
    let pct = (loss * 50.0).round().max(1.0);
    match lang {
        Lang::Cs => format!("{pct:.0}\u{a0}%"),
        Lang::En => format!("{pct:.0}%"),
    }
}

/// A loss as a player reads it: winning chances under the house rules ("13 % šance na výhru"),
/// points a game under standard rules ("0,215 bodu na hru").
#[must_use]
pub fn loss_words(lang: Lang, loss: f64, standard: bool) -> String {
    match (lang, standard) {
        (Lang::Cs, false) => format!("{} šance na výhru", chances_lost(lang, loss)),
        (Lang::En, false) => format!("{} of the winning chances", chances_lost(lang, loss)),
        (Lang::Cs, true) => format!("{} bodu na hru", equity(lang, loss)),
        (Lang::En, true) => format!("{} points a game", equity(lang, loss)),
    }
}

/// A play in words a newcomer reads: "z 24 na 18 a z 18 na 13" / "24 to 18, then 18 to 13"
/// (the mover's numbering, as the board's point numbers show it; the bar and bearing off named).
#[must_use]
pub fn play_words(lang: Lang, steps: &[(u8, u8)]) -> String {
    let one = |&(from, to): &(u8, u8)| match (lang, from, to) {
        (Lang::Cs, 25, t) => format!("z baru na {t}"),
        (Lang::En, 25, t) => format!("the bar to {t}"),
        (Lang::Cs, f, 0) => format!("z {f} ven"),
        (Lang::En, f, 0) => format!("{f} off"),
        (Lang::Cs, f, t) => format!("z {f} na {t}"),
        (Lang::En, f, t) => format!("{f} to {t}"),
    };
    let words: Vec<String> = steps.iter().map(one).collect();
    match (lang, words.split_last()) {
        (Lang::Cs, None) => "nehrát nic".into(),
        (Lang::En, None) => "no move".into(),
        (_, Some((last, []))) => last.clone(),
        (Lang::Cs, Some((last, rest))) => format!("{} a {last}", rest.join(", ")),
        (Lang::En, Some((last, rest))) => format!("{}, then {last}", rest.join(", ")),
    }
}

/// The tutor's warning: what the move cost in words a player reads (winning chances under the
/// house rules, points a game under standard rules) and the roll's better play in words.
#[must_use]
pub fn tutor_warning(lang: Lang, loss: f64, best: &[(u8, u8)], standard: bool) -> String {
    let best = play_words(lang, best);
    let name = loss_name(lang, loss);
    match (lang, standard) {
        (Lang::Cs, false) => format!(
            "Učitel: tah stojí {} šance na výhru ({name}). Lepší: {best}.",
            chances_lost(lang, loss)
        ),
        (Lang::En, false) => format!(
            "Tutor: this move costs {} of your winning chances ({name}). Better: {best}.",
            chances_lost(lang, loss)
        ),
        (Lang::Cs, true) => format!(
            "Učitel: tah stojí v průměru {} bodu na hru ({name}). Lepší: {best}.",
            equity(lang, loss)
        ),
        (Lang::En, true) => format!(
            "Tutor: this move costs {} points a game on average ({name}). Better: {best}.",
            equity(lang, loss)
        ),
    }
}

/// What "points a game" (equity) means, one tap away from the tutor's standard warning.
#[must_use]
pub fn equity_meaning(lang: Lang) -> &'static str {
    match lang {
        Lang::Cs => {
            "Body na hru (ekvita): kolik bodů bys z této pozice v průměru získal nebo \
            ztratil, kdyby se hrála mnohokrát. Prostá výhra je 1 bod, gammon 2, backgammon 3 \
            (krát kostka zdvojení). Ztráta 0,100 znamená, že tímto tahem v průměru přicházíš o \
            desetinu bodu na každou hru. Od 0,060 je to chyba, od 0,120 hrubá chyba."
        }
        Lang::En => {
            "Points a game (equity): how many points you would win or lose from here on \
            average if the position were played many times. A plain win is 1 point, a gammon 2, \
            a backgammon 3 (times the doubling cube). A loss of 0.100 means this move gives away \
            a tenth of a point every game, on average. From 0.060 it is a mistake, from 0.120 a \
            blunder."
        }
    }
}

/// A puzzle's task: "Úloha 2 z 5 · Bílý hraje 6-5. Najdi lepší tah."
#[must_use]
pub fn puzzle_task(lang: Lang, n: usize, of: usize, side: Side, roll: Option<(u8, u8)>) -> String {
    let roll = roll.map(|(a, b)| format!(" {a}-{b}")).unwrap_or_default();
    match lang {
        Lang::Cs => format!(
            "Úloha {n} z {of} · {} hraje{roll}. Najdi lepší tah.",
            side_name(lang, side)
        ),
        Lang::En => format!(
            "Puzzle {n} of {of} · {} to play{roll}. Find a better play.",
            side_name(lang, side)
        ),
    }
}

/// A puzzle's verdict (`learn::Verdict::code`), with the play's loss and the game's.
#[must_use]
pub fn puzzle_verdict(
    lang: Lang,
    verdict: &str,
    loss: f64,
    game_loss: f64,
    standard: bool,
) -> String {
    let (l, g) = (
        loss_words(lang, loss, standard),
        loss_words(lang, game_loss, standard),
    );
    match (lang, verdict) {
        (Lang::Cs, "best") => "Výborně, to je nejlepší tah!".into(),
        (Lang::En, "best") => "Well done: that is the best play!".into(),
        (Lang::Cs, "good") => format!("Dobře, skoro nejlepší (ztráta jen {l})."),
        (Lang::En, "good") => format!("Good: nearly the best (it loses only {l})."),
        (Lang::Cs, "better") => {
            format!("Lepší než ve hře (ztráta {l} místo {g}), ale nejlepší to není.")
        }
        (Lang::En, "better") => {
            format!("Better than in the game (it loses {l} instead of {g}), but not the best.")
        }
        (Lang::Cs, _) => format!("Ani tohle není lepší (ztráta {l}). Zkus to znovu."),
        (Lang::En, _) => format!("That is no better (it loses {l}). Try again."),
    }
}
