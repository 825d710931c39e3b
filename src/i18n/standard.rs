//! Standard backgammon's words: the cube, the match, resigning with a value, the opening roll.

use vrhcaby_rules::DoubleBar;
use vrhcaby_rules::{Event, Side};

use super::{side_name, Lang};

/// Standard backgammon's events as the live region says them: the opening tie, the cube's
/// doubles and answers, a resignation offered or declined.
#[must_use]
pub fn standard_event(lang: Lang, ev: &Event) -> Option<String> {
    let cs = lang == Lang::Cs;
    let who = |s: Side| side_name(lang, s);
    Some(match *ev {
        Event::OpeningTie { die, cube } if cs => {
            let cube = if cube > 1 {
                format!(" — kostka zdvojení je na {cube}")
            } else {
                String::new()
            };
            format!("Úvodní hod: oba hodili {die}, hází se znovu{cube}")
        }
        Event::OpeningTie { die, cube } => {
            let cube = if cube > 1 {
                format!(" — the cube is at {cube}")
            } else {
                String::new()
            };
            format!("Opening roll: both rolled {die}, roll again{cube}")
        }
        Event::Doubled { by, value } if cs => format!("{} zdvojuje na {value}", who(by)),
        Event::Doubled { by, value } => format!("{} doubles to {value}", who(by)),
        Event::Beavered { by, value } if cs => format!("{} dává bobra: {value}", who(by)),
        Event::Beavered { by, value } => format!("{} beavers to {value}", who(by)),
        Event::Raccooned { by, value } if cs => format!("{} dává mývala: {value}", who(by)),
        Event::Raccooned { by, value } => format!("{} raccoons to {value}", who(by)),
        Event::Taken { by, value } if cs => format!("{} přijímá, kostka je na {value}", who(by)),
        Event::Taken { by, value } => format!("{} takes; the cube is at {value}", who(by)),
        Event::ResignOffered { by, kind } if cs => {
            format!("{} nabízí vzdání: {}", who(by), kind_name(lang, kind))
        }
        Event::ResignOffered { by, kind } => {
            format!("{} offers to resign: {}", who(by), kind_name(lang, kind))
        }
        Event::ResignRejected { by } if cs => format!("{} vzdání nepřijal, hraje se dál", who(by)),
        Event::ResignRejected { by } => {
            format!("{} declined the resignation; play goes on", who(by))
        }
        _ => return None,
    })
}

/// A win's size: single, gammon, backgammon.
#[must_use]
pub fn kind_name(lang: Lang, kind: vrhcaby_rules::Kind) -> &'static str {
    use vrhcaby_rules::Kind as K;
    match (lang, kind) {
        (Lang::Cs, K::Single) => "jednoduchá hra",
        (Lang::En, K::Single) => "a single game",
        (Lang::Cs, K::Gammon) => "gammon",
        (Lang::En, K::Gammon) => "a gammon",
        (Lang::Cs, K::Backgammon) => "backgammon",
        (Lang::En, K::Backgammon) => "a backgammon",
    }
}

/// Points, with Czech number agreement: "1 bod", "2 body", "5 bodů".
#[must_use]
pub fn points(lang: Lang, n: u16) -> String {
    match lang {
        Lang::Cs => match n {
            1 => "1 bod".into(),
            2..=4 => format!("{n} body"),
            _ => format!("{n} bodů"),
        },
        Lang::En if n == 1 => "1 point".into(),
        Lang::En => format!("{n} points"),
    }
}

/// The doubling cube's accessible name.
#[must_use]
pub fn cube_label(lang: Lang, value: u8, owner: Option<Side>) -> String {
    match (lang, owner) {
        (Lang::Cs, None) => format!("Kostka zdvojení uprostřed, {value}"),
        (Lang::En, None) => format!("Doubling cube in the middle, {value}"),
        (Lang::Cs, Some(s)) => format!("Kostka zdvojení: {value}, patří: {}", side_name(lang, s)),
        (Lang::En, Some(s)) => format!("Doubling cube: {value}, {}'s", side_name(lang, s)),
    }
}

/// The match (or money play) score line: "Zápas do 5 — Bílý 2, Černý 1 · Crawfordova hra".
#[must_use]
pub fn match_score(lang: Lang, white: u16, black: u16, length: u8, crawford: bool) -> String {
    let (w, b) = (side_name(lang, Side::White), side_name(lang, Side::Black));
    let head = match (lang, length) {
        (Lang::Cs, 0) => "Hra o peníze".to_string(),
        (Lang::En, 0) => "Money play".to_string(),
        (Lang::Cs, n) => format!("Zápas do {n}"),
        (Lang::En, n) => format!("Match to {n}"),
    };
    let tail = match (lang, crawford) {
        (Lang::Cs, true) => " · Crawfordova hra (bez zdvojování)",
        (Lang::En, true) => " · Crawford game (no doubling)",
        _ => "",
    };
    format!("{head} — {w} {white}, {b} {black}{tail}")
}

/// A double waiting for its answer: "Bílý zdvojuje na 2" (or beavers, raccoons).
#[must_use]
pub fn double_offer(lang: Lang, by: Side, value: u8, stage: vrhcaby_rules::Stage) -> String {
    use vrhcaby_rules::Stage;
    let who = side_name(lang, by);
    match (lang, stage) {
        (Lang::Cs, Stage::Double) => format!("{who} zdvojuje na {value}"),
        (Lang::En, Stage::Double) => format!("{who} doubles to {value}"),
        (Lang::Cs, Stage::Beaver) => format!("{who} dává bobra: {value}"),
        (Lang::En, Stage::Beaver) => format!("{who} beavers to {value}"),
        (Lang::Cs, Stage::Raccoon) => format!("{who} dává mývala: {value}"),
        (Lang::En, Stage::Raccoon) => format!("{who} raccoons to {value}"),
    }
}

/// A standard game's result line: "gammon — 2 body" / "a gammon — 2 points".
#[must_use]
pub fn game_points(lang: Lang, kind: vrhcaby_rules::Kind, n: u16) -> String {
    format!("{} — {}", kind_name(lang, kind), points(lang, n))
}

/// The end of a match: "Bílý vyhrál zápas 5 : 3".
#[must_use]
pub fn match_won(lang: Lang, winner: Side, white: u16, black: u16) -> String {
    match lang {
        Lang::Cs => format!("{} vyhrál zápas {white} : {black}", side_name(lang, winner)),
        Lang::En => format!("{} wins the match {white}–{black}", side_name(lang, winner)),
    }
}

/// The points at stake: "ve hře 2 (gammon 4, backgammon 6)".
#[must_use]
pub fn at_stake(lang: Lang, [single, gammon, backgammon]: [u16; 3]) -> String {
    match lang {
        Lang::Cs => format!("ve hře {single} (gammon {gammon}, backgammon {backgammon})"),
        Lang::En => format!("at stake {single} (gammon {gammon}, backgammon {backgammon})"),
    }
}

/// Why "Double" is not available now.
#[must_use]
pub fn double_blocked(lang: Lang, bar: DoubleBar) -> String {
    let cs = lang == Lang::Cs;
    match bar {
        DoubleBar::NoCube if cs => "Tato hra se hraje bez kostky zdvojení.",
        DoubleBar::NoCube => "This game is played without the cube.",
        DoubleBar::NotBeforeRoll if cs => "Zdvojit lze jen před vlastním hodem.",
        DoubleBar::NotBeforeRoll => "You can double only before your own roll.",
        DoubleBar::NotOwner if cs => "Kostka zdvojení patří soupeři.",
        DoubleBar::NotOwner => "The cube belongs to your opponent.",
        DoubleBar::AtMax if cs => "Kostka už je na 64.",
        DoubleBar::AtMax => "The cube is already at 64.",
        DoubleBar::Crawford if cs => "V Crawfordově hře se nezdvojuje.",
        DoubleBar::Crawford => "No doubling in the Crawford game.",
        DoubleBar::Holland if cs => "Holandské pravidlo: zdvojit lze, až každý dvakrát hodil.",
        DoubleBar::Holland => "Holland rule: you may double once each side has rolled twice.",
    }
    .into()
}

/// The words of standard backgammon's [`super::Key`]s (the full app).
pub(super) fn say(lang: Lang, key: super::Key) -> Option<&'static str> {
    use super::Key::*;
    Some(match (lang, key) {
        (Lang::Cs, Roll) => "Hodit",
        (Lang::En, Roll) => "Roll",
        (Lang::Cs, Double) => "Zdvojit",
        (Lang::En, Double) => "Double",
        (Lang::Cs, Take) => "Přijmout",
        (Lang::En, Take) => "Take",
        (Lang::Cs, Drop) => "Nepřijmout (prohrát)",
        (Lang::En, Drop) => "Drop (lose)",
        (Lang::Cs, Beaver) => "Bobr",
        (Lang::En, Beaver) => "Beaver",
        (Lang::Cs, Raccoon) => "Mýval",
        (Lang::En, Raccoon) => "Raccoon",
        (Lang::Cs, NextGame) => "Další hra",
        (Lang::En, NextGame) => "Next game",
        (Lang::Cs, AcceptResign) => "Přijmout vzdání",
        (Lang::En, AcceptResign) => "Accept",
        (Lang::Cs, RejectResign) => "Hrát dál",
        (Lang::En, RejectResign) => "Play on",
        (Lang::Cs, ResignFor) => "Vzdát za",
        (Lang::En, ResignFor) => "Resign for",
        (Lang::Cs, OfferResign) => "Nabídnout vzdání",
        (Lang::En, OfferResign) => "Offer to resign",
        (Lang::Cs, Options) => "Volby",
        (Lang::En, Options) => "Options",
        (Lang::Cs, OptCube) => "Kostka zdvojení",
        (Lang::En, OptCube) => "Doubling cube",
        (Lang::Cs, OptCubeAbout) => "Hráč na tahu může před hodem zdvojit sázku; soupeř přijme, nebo prohraje.",
        (Lang::En, OptCubeAbout) => "Before rolling you may double the stakes; your opponent takes or loses.",
        (Lang::Cs, OptCrawford) => "Crawfordovo pravidlo",
        (Lang::En, OptCrawford) => "Crawford rule",
        (Lang::Cs, OptCrawfordAbout) => "Hra hned poté, co někdo poprvé potřebuje jen 1 bod, se hraje bez zdvojování.",
        (Lang::En, OptCrawfordAbout) => "The game right after a player first needs 1 point is played without doubling.",
        (Lang::Cs, OptHolland) => "Holandské pravidlo",
        (Lang::En, OptHolland) => "Holland rule",
        (Lang::Cs, OptHollandAbout) => "Po Crawfordově hře smí prohrávající zdvojit, až každý dvakrát hodil.",
        (Lang::En, OptHollandAbout) => "After the Crawford game the trailer may double only once each side has rolled twice.",
        (Lang::Cs, OptJacoby) => "Jacobyho pravidlo",
        (Lang::En, OptJacoby) => "Jacoby rule",
        (Lang::Cs, OptJacobyAbout) => "Gammon a backgammon se počítají jen, když byla kostka zdvojena.",
        (Lang::En, OptJacobyAbout) => "Gammons and backgammons count only once the cube has been turned.",
        (Lang::Cs, OptBeavers) => "Bobři a mývalové",
        (Lang::En, OptBeavers) => "Beavers and raccoons",
        (Lang::Cs, OptBeaversAbout) => "Kdo přijme, smí hned zdvojit znovu a kostku si nechat; soupeř smí odpovědět mývalem.",
        (Lang::En, OptBeaversAbout) => "The taker may redouble at once and keep the cube; the doubler may answer with a raccoon.",
        (Lang::Cs, OptAutoDoubles) => "Automatická zdvojení",
        (Lang::En, OptAutoDoubles) => "Automatic doubles",
        (Lang::Cs, OptAutoDoublesAbout) => "Stejná čísla v úvodním hodu zdvojí kostku (nejvýš tolikrát).",
        (Lang::En, OptAutoDoublesAbout) => "Equal opening dice double the cube (at most this many times).",
        (Lang::Cs, OptClock) => "Hodiny",
        (Lang::En, OptClock) => "Clock",
        (Lang::Cs, OptClockAbout) => "Bez hodin se nikam nespěchá; domácí hodiny dávají 60 s na posun; rezerva: 12 s na tah, pak 2 minuty za bod zápasu.",
        (Lang::En, OptClockAbout) => "No clock: no hurry. House clock: 60 s a move. Reserve: 12 s a turn, then 2 minutes per match point.",
        (Lang::Cs, ClockNone) => "Bez hodin",
        (Lang::En, ClockNone) => "No clock",
        (Lang::Cs, ClockHouse) => "Domácí (60 s na posun)",
        (Lang::En, ClockHouse) => "House (60 s a move)",
        (Lang::Cs, ClockReserve) => "12 s + rezerva",
        (Lang::En, ClockReserve) => "12 s + reserve",
        (Lang::Cs, MoneyOnly) => "jen ve hře o peníze",
        (Lang::En, MoneyOnly) => "money play only",
        (Lang::Cs, MatchOnly) => "jen v zápase",
        (Lang::En, MatchOnly) => "matches only",
        (Lang::Cs, ExportMat) => "Zápas jako .mat (GNU Backgammon, XG)",
        (Lang::En, ExportMat) => "Match as .mat (GNU Backgammon, XG)",
        _ => return None,
    })
}
