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

/// The tutor's warning: how much the roll loses now, and the roll's best play in words.
#[must_use]
pub fn tutor_warning(lang: Lang, loss: f64, best: &[(u8, u8)]) -> String {
    let best = super::steps_words(lang, best);
    match lang {
        Lang::Cs => format!(
            "Učitel: tímto tahem ztrácíš {} ({}). Nejlepší tah tohoto hodu: {best}.",
            equity(lang, loss),
            loss_name(lang, loss)
        ),
        Lang::En => format!(
            "Tutor: this move costs {} equity ({}). The roll's best play: {best}.",
            equity(lang, loss),
            loss_name(lang, loss)
        ),
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
pub fn puzzle_verdict(lang: Lang, verdict: &str, loss: f64, game_loss: f64) -> String {
    let (l, g) = (equity(lang, loss), equity(lang, game_loss));
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

/// The luck-adjusted result of a player, after the analysis's line.
#[must_use]
pub fn luck_adjusted_words(lang: Lang, adjusted: f64) -> String {
    let x = super::decimal(lang, adjusted, 2, true);
    match lang {
        Lang::Cs => format!("výsledek očištěný o štěstí {x}"),
        Lang::En => format!("luck-adjusted result {x}"),
    }
}
