//! The words: Czech number agreement, the board's screen-reader labels, results, forfeits and
//! the browser's language.

use vrhcaby_rules::{Outcome, Reason, Side};

use super::*;

#[test]
fn czech_checkers_agree_with_their_number() {
    let cs = |side, n| checkers_cs(side, n);
    assert_eq!(cs(Side::Black, 1), "černý");
    for n in 2..=4 {
        assert_eq!(cs(Side::Black, n), "černé", "{n}");
        assert_eq!(cs(Side::White, n), "bílé", "{n}");
    }
    for n in [5, 6, 11, 15] {
        assert_eq!(cs(Side::Black, n), "černých", "{n}");
        assert_eq!(cs(Side::White, n), "bílých", "{n}");
    }
    assert_eq!(cs(Side::White, 1), "bílý");
}

#[test]
fn point_labels_say_who_stands_there_and_whether_selected_or_a_target() {
    let none = SpotState::default();
    let label = |lang, n, who| point_label(lang, 13, who, n);
    assert_eq!(
        label(Lang::Cs, none, Some((Side::Black, 1))),
        "Bod 13, 1 černý"
    );
    assert_eq!(
        label(Lang::Cs, none, Some((Side::Black, 2))),
        "Bod 13, 2 černé"
    );
    assert_eq!(
        label(Lang::Cs, none, Some((Side::White, 5))),
        "Bod 13, 5 bílých"
    );
    assert_eq!(label(Lang::Cs, none, None), "Bod 13, prázdný");
    assert_eq!(
        label(Lang::En, none, Some((Side::White, 1))),
        "Point 13, 1 white checker"
    );
    assert_eq!(
        label(Lang::En, none, Some((Side::Black, 7))),
        "Point 13, 7 black checkers"
    );
    let selected = SpotState {
        selected: true,
        movable: true,
        ..none
    };
    let target = SpotState {
        target: true,
        ..none
    };
    assert_eq!(
        label(Lang::Cs, selected, Some((Side::White, 5))),
        "Bod 13, 5 bílých, vybraný"
    );
    assert_eq!(
        label(Lang::En, selected, Some((Side::White, 5))),
        "Point 13, 5 white checkers, selected"
    );
    assert_eq!(label(Lang::Cs, target, None), "Bod 13, prázdný, cíl tahu");
    assert_eq!(
        label(Lang::En, target, None),
        "Point 13, empty, move target"
    );
    assert_eq!(
        holder_label(
            Lang::Cs,
            Side::White,
            false,
            2,
            SpotState {
                movable: true,
                ..none
            }
        ),
        "Bar bílého: 2 bílé, lze táhnout"
    );
    assert_eq!(
        holder_label(Lang::En, Side::Black, false, 0, none),
        "Black's bar: none"
    );
    assert_eq!(
        holder_label(Lang::Cs, Side::Black, true, 5, target),
        "Vyvedené kameny černého: 5 černých, cíl tahu"
    );
}

#[test]
fn the_dice_have_words() {
    assert_eq!(dice_label(Lang::Cs, &[], false), "Kostky: žádné");
    assert_eq!(
        dice_label(Lang::Cs, &[(6, true), (5, false)], false),
        "Kostky: 6 (použitá), 5"
    );
    let double = [(3, false), (3, false), (3, true), (3, true)];
    assert_eq!(
        dice_label(Lang::En, &double, false),
        "Dice: 3, 3, 3 (used), 3 (used)"
    );
    assert_eq!(dice_label(Lang::En, &[], true), "Dice rolling");
}

#[test]
fn a_forfeited_roll_says_who_rolled_what() {
    assert_eq!(
        forfeited(Lang::Cs, Side::Black, 3, 2),
        "Černý hodil 3 a 2 — nemá tah"
    );
    assert_eq!(
        forfeited(Lang::En, Side::Black, 3, 2),
        "Black rolled 3 and 2 — no legal move"
    );
    assert_eq!(draw_declined(Lang::Cs, Side::White), "Bílý remízu odmítl");
}

#[test]
fn results_read_as_one_sentence() {
    assert_eq!(
        result_line(Lang::Cs, Outcome::Draw, Reason::DrawAgreed),
        "Remíza dohodou"
    );
    assert_eq!(
        result_line(Lang::En, Outcome::Draw, Reason::DrawAgreed),
        "Draw by agreement"
    );
    assert_eq!(
        result_line(Lang::Cs, Outcome::Draw, Reason::DrawForfeits),
        "Remíza po 5 propadlých hodech za sebou"
    );
    assert_eq!(
        result_line(Lang::Cs, Outcome::Draw, Reason::Inactivity),
        "Remíza po 10 hodinách bez posunu"
    );
    assert_eq!(
        result_line(Lang::Cs, Outcome::White, Reason::Resigned),
        "Bílý vyhrává: Černý se vzdal"
    );
    assert_eq!(
        result_line(Lang::En, Outcome::Black, Reason::Inactivity),
        "Black wins: 10 hours without a move — White loses"
    );
}

#[test]
fn panel_and_turn_phrases() {
    assert_eq!(pips(Lang::Cs, 167), "167 pipů");
    assert_eq!(pips(Lang::Cs, 1), "1 pip");
    assert_eq!(pips(Lang::Cs, 3), "3 pipy");
    assert_eq!(pips(Lang::En, 167), "167 pips");
    assert_eq!(borne_off(Lang::Cs, 3), "vyvedeno 3");
    assert_eq!(lot(Lang::En, Side::Black), "Black starts");
    assert_eq!(you_play(Lang::Cs, Side::Black), "Hraješ za černé ");
    assert_eq!(
        t(Lang::Cs, Key::Tagline),
        "České vrhcáby na jednom zařízení, s přítelem nebo s počítačem."
    );
    assert_eq!(t(Lang::Cs, Key::Online), "soupeř připojen");
}

#[test]
fn the_browser_language_picks_czech_or_english() {
    assert_eq!(Lang::from_browser("cs-CZ"), Lang::Cs);
    assert_eq!(Lang::from_browser("cs"), Lang::Cs);
    assert_eq!(Lang::from_browser("sk"), Lang::Cs);
    assert_eq!(Lang::from_browser("en-US"), Lang::En);
    assert_eq!(Lang::from_browser("de-DE"), Lang::En);
    // A stored choice is a code of ours; anything else is Czech, the default.
    assert_eq!(Lang::from_code("en"), Lang::En);
    assert_eq!(Lang::from_code(""), Lang::Cs);
}

#[test]
fn the_series_score_in_points_with_halves() {
    assert_eq!(series_score(Lang::Cs, 5, 0), "Série: Bílý 2½ – 0 Černý");
    assert_eq!(series_score(Lang::En, 1, 4), "Series: White ½ – 2 Black");
}

#[test]
fn a_cube_decision_judged_in_both_languages() {
    use super::{analysis_cube, Lang};
    assert_eq!(
        analysis_cube(Lang::Cs, "double", -0.4123, 0.105, Some("very_bad")),
        "Zdvojení -0,412 ??, nejlepší +0,105"
    );
    assert_eq!(
        analysis_cube(Lang::En, "no_double", 0.2, 0.2, None),
        "No double +0.200, best +0.200"
    );
    assert_eq!(
        analysis_cube(Lang::En, "beaver", 0.0, 0.1, Some("bad")),
        "Beaver +0.000 ?, best +0.100"
    );
}

/// `fixed` prints what core's `{:.N}` / `{:+.N}` printed, away from exact ties (where it rounds
/// half away from zero: core's rounding of the exact binary value may differ there only).
#[test]
fn fixed_decimals_agree_with_core_formatting() {
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut checked = 0;
    for i in 0..20_000 {
        let scale = [1.0, 0.01, 3.0, 40.0, 1e-4][i % 5];
        let v = ((next() % 2_000_001) as f64 / 1_000_000.0 - 1.0) * scale;
        for d in 0..=3u32 {
            let scaled = v.abs() * 10f64.powi(d as i32);
            if (scaled - scaled.trunc() - 0.5).abs() < 1e-6 {
                continue;
            }
            let w = d as usize;
            assert_eq!(fixed(v, d, false), format!("{v:.w$}"), "{v} to {d}");
            assert_eq!(fixed(v, d, true), format!("{v:+.w$}"), "{v} to {d} signed");
            checked += 1;
        }
    }
    assert!(checked > 70_000, "{checked}");
    for (v, d, plus, text) in [
        (0.0, 3, true, "+0.000"),
        (-0.0, 3, true, "-0.000"),
        (-0.0004, 3, false, "-0.000"),
        (0.4125, 3, false, "0.413"),
        (-1.25, 1, true, "-1.3"),
        (12.0, 0, false, "12"),
        (f64::NAN, 2, false, "NaN"),
        (f64::NEG_INFINITY, 2, true, "-inf"),
    ] {
        assert_eq!(fixed(v, d, plus), text, "{v} to {d}");
    }
}

#[test]
fn the_tutor_speaks_in_winning_chances_under_the_house_rules_and_points_a_game_under_standard() {
    // A loss of 0.26 equity under the house rules is 13 % of the winning chances (equity 2p − 1).
    assert_eq!(chances_lost(Lang::Cs, 0.26), "13\u{a0}%");
    assert_eq!(chances_lost(Lang::En, 0.26), "13%");
    assert_eq!(
        chances_lost(Lang::En, 0.001),
        "1%",
        "never 0 % for a loss told"
    );
    let best = [(24, 18), (18, 13)];
    assert_eq!(
        tutor_warning(Lang::Cs, 0.26, &best, false),
        "Učitel: tah stojí 13\u{a0}% šance na výhru (hrubá chyba). Lepší: z 24 na 18 a z 18 na 13."
    );
    assert_eq!(
        tutor_warning(Lang::En, 0.07, &best, false),
        "Tutor: this move costs 4% of your winning chances (a mistake). Better: 24 to 18, then 18 to 13."
    );
    assert_eq!(
        tutor_warning(Lang::En, 0.215, &best, true),
        "Tutor: this move costs 0.215 points a game on average (a blunder). Better: 24 to 18, then 18 to 13."
    );
    assert!(tutor_warning(Lang::Cs, 0.215, &best, true).contains("0,215 bodu na hru"));
    assert!(!equity_meaning(Lang::Cs).is_empty() && !equity_meaning(Lang::En).is_empty());
}

#[test]
fn a_play_in_words_names_the_bar_and_bearing_off() {
    assert_eq!(play_words(Lang::Cs, &[(25, 20)]), "z baru na 20");
    assert_eq!(play_words(Lang::En, &[(25, 20)]), "the bar to 20");
    assert_eq!(
        play_words(Lang::Cs, &[(6, 0), (5, 0), (4, 1)]),
        "z 6 ven, z 5 ven a z 4 na 1"
    );
    assert_eq!(
        play_words(Lang::En, &[(6, 0), (5, 0), (4, 1)]),
        "6 off, 5 off, then 4 to 1"
    );
    assert_eq!(play_words(Lang::En, &[]), "no move");
}

#[test]
fn the_analysis_summary_is_sentences_with_czech_counts_and_no_jargon() {
    let line = |lang, errs, luck, adj| {
        analysis_summary(
            lang,
            Side::White,
            14,
            errs,
            (214.0, "beginner"),
            luck,
            adj,
            false,
        )
    };
    assert_eq!(
        line(Lang::Cs, (2, 1), 0.39, Some(-1.24)),
        "Bílý, 14 rozhodnutí: 2 hrubé chyby a 1 chyba. Rozhodnutí ho stálo v průměru \
         10,7\u{a0}% šance na výhru: v této hře hrál jako začátečník. Kostky mu přidaly +0,39 \
         hry. Bez vlivu kostek: -1,24 hry."
    );
    assert!(line(Lang::Cs, (5, 0), -0.2, None).contains(": 5 hrubých chyb. "));
    assert!(line(Lang::Cs, (0, 1), -0.2, None).contains("Kostky mu ubraly 0,20 hry."));
    assert!(line(Lang::Cs, (0, 0), 0.05, None).contains(": bez chyb. "));
    assert!(line(Lang::Cs, (0, 0), 0.05, None).contains("Kostky byly vyrovnané"));
    assert_eq!(
        line(Lang::En, (1, 2), -0.39, None),
        "White, 14 decisions: 1 blunder and 2 mistakes. A decision cost 10.7% of the winning \
         chances on average: in this game the play was at beginner level. The dice cost White \
         0.39 games."
    );
    // Standard: in points.
    let standard = analysis_summary(
        Lang::En,
        Side::Black,
        3,
        (0, 0),
        (186.3, "beginner"),
        0.0,
        Some(-2.31),
        true,
    );
    assert!(
        standard.contains("cost 0.186 points on average"),
        "{standard}"
    );
    assert!(
        standard.ends_with("Without the dice's luck: -2.31 points."),
        "{standard}"
    );
    for lang in [Lang::Cs, Lang::En] {
        for standard in [false, true] {
            let scale = analysis_scale(lang, standard);
            assert!(scale.iter().all(|p| p.len() > 40));
            for p in &scale {
                assert!(!p.contains("equity") && !p.contains("ekvit"), "{p}");
            }
        }
    }
    assert!(analysis_scale(Lang::Cs, false)[1].contains("pod 0,25\u{a0}% supervelmistr"));
}

#[test]
fn the_analysis_and_the_puzzles_speak_in_winning_chances_under_the_house_rules() {
    // Equity −0.04 is a 48 % chance, +0.1 a 55 % one.
    assert_eq!(
        analysis_here(Lang::Cs, -0.04, 0.1, Some("bad"), false),
        "Zahráno: šance na výhru 48\u{a0}% ?; nejlepší tah (šipky): 55\u{a0}%"
    );
    assert_eq!(
        analysis_here(Lang::En, 0.1, 0.1, None, true),
        "Played +0.100, best (the arrows) +0.100 points a game"
    );
    assert_eq!(
        puzzle_verdict(Lang::Cs, "worse", 0.1, 0.2, false),
        "Ani tohle není lepší (ztráta 5\u{a0}% šance na výhru). Zkus to znovu."
    );
    assert_eq!(
        puzzle_verdict(Lang::En, "good", 0.02, 0.2, true),
        "Good: nearly the best (it loses only 0.020 points a game)."
    );
}

/// Every key has its words in both languages, in exactly one of the files that own words, and
/// the two languages differ wherever the words are not a name (no English left in Czech).
#[test]
fn every_key_has_words_in_both_languages() {
    let owners = |lang, key| {
        [
            say(lang, key),
            standard::say(lang, key),
            learn::say(lang, key),
            friend::say(lang, key),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
    };
    // Words that are Czech as well as English.
    let same = [
        Key::Title,
        Key::Menu,
        Key::Seconds,
        Key::Bar,
        Key::LevelExpert,
    ];
    let mut missing = Vec::new();
    for &key in Key::ALL {
        for lang in [Lang::Cs, Lang::En] {
            match owners(lang, key).as_slice() {
                [text] if !text.trim().is_empty() => {}
                found => missing.push(format!("{key:?} in {lang:?}: {found:?}")),
            }
        }
        if !same.contains(&key) && t(Lang::Cs, key) == t(Lang::En, key) {
            missing.push(format!("{key:?}: the same words in both languages"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(Key::ALL.len() > 150, "{} keys", Key::ALL.len());
}

/// The friend screen's and a roll's proof's own phrases: in both languages, and different.
#[test]
fn every_friend_phrase_has_words_in_both_languages() {
    for &phrase in Friend::ALL {
        let (cs, en) = (friend(Lang::Cs, phrase), friend(Lang::En, phrase));
        assert!(!cs.trim().is_empty() && !en.trim().is_empty(), "{phrase:?}");
        assert_ne!(cs, en, "{phrase:?}");
    }
}
