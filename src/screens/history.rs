//! "Moje hry / My games": the finished games kept on this device (`crate::history`), newest
//! first — when, against whom, how it ended, the points and its length — each opening in the
//! replay viewer; the totals per kind of game and computer level; removing one or all.

use leptos::prelude::*;
use vrhcaby_rules::{Outcome, Record};

use crate::drivers::history::{load, remove};
use crate::history::{totals, Played, Totals, MAX_GAMES};
use crate::i18n::{self, Key, Lang};
use crate::state::{Dispatch, Screen};

#[component]
pub fn HistoryScreen() -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let s = d.settings;
    let games = RwSignal::new(load());
    let confirm_all = RwSignal::new(false);
    let open = move |g: &Played| {
        if let Ok(record) = Record::from_json(&g.record) {
            d.nav.analysis.set(
                g.analysis
                    .as_deref()
                    .map_or(crate::analysis::State::Idle, crate::analysis::restored),
            );
            d.nav.replay_side.set(g.me);
            d.nav.replay.set(Some(record));
            d.nav.screen.set(Screen::Replay);
        }
    };
    let list = move || {
        let lang = s.lang.get();
        games
            .get()
            .into_iter()
            .rev()
            .map(|g| {
                let g2 = g.clone();
                let g3 = g.clone();
                let result = i18n::history_result(lang, g.outcome, g.won());
                view! {
                    <li class="history-game" data-testid="history-game" data-kind=g.kind.clone()
                        data-outcome=outcome_name(g.outcome)>
                        <div class="when">{date_time(lang, g.ended)}</div>
                        <div class="what">
                            <strong>{result}</strong>" · "{mode(lang, &g.kind, g.level.as_deref())}
                        </div>
                        <div class="detail">{i18n::history_detail(lang, g.points, g.moves)}</div>
                        <div class="row">
                            <button data-testid="history-open" on:click=move |_| open(&g2)>
                                {move || s.say(Key::HistoryOpen)}
                            </button>
                            <button data-testid="history-remove" aria-label=move || s.say(Key::HistoryRemove)
                                on:click=move |_| {
                                    remove(Some(&g3));
                                    games.set(load());
                                }>"×"</button>
                        </div>
                    </li>
                }
            })
            .collect_view()
    };
    let summary = move || {
        let lang = s.lang.get();
        games
            .with(|g| totals(g))
            .into_iter()
            .map(|t| {
                let line = totals_line(lang, &t);
                view! { <li data-testid="history-total" data-kind=t.kind.clone()>{line}</li> }
            })
            .collect_view()
    };
    view! {
        <main class="history" data-testid="history">
            <h1>{move || s.say(Key::MyGames)}</h1>
            <Show when=move || games.with(Vec::is_empty)>
                <p class="empty" data-testid="history-empty">{move || s.say(Key::HistoryEmpty)}</p>
            </Show>
            <ul class="totals">{summary}</ul>
            <ol class="games">{list}</ol>
            <div inner_html=move || dice_stats_html(s.lang.get(), &games.get())></div>
            <p class="note">{move || i18n::history_cap(s.lang.get(), MAX_GAMES)}</p>
            <div class="row">
                <Show when=move || !games.with(Vec::is_empty)>
                    <button class="danger" data-testid="history-remove-all" on:click=move |_| {
                        if confirm_all.get_untracked() {
                            remove(None);
                            games.set(load());
                            confirm_all.set(false);
                        } else {
                            confirm_all.set(true);
                        }
                    }>
                        {move || if confirm_all.get() { s.say(Key::HistoryRemoveAllSure) } else { s.say(Key::HistoryRemoveAll) }}
                    </button>
                </Show>
            </div>
            <crate::panel::BackToStart/>
        </main>
    }
}

/// The dice statistics of `games` (`crate::dice_stats`), each player's in a card; nothing
/// without a roll. Built as one HTML string of our own words and numbers (no player text goes
/// in), as the move list is: views would cost the chunk kilobytes.
fn dice_stats_html(lang: Lang, games: &[Played]) -> String {
    use crate::dice_stats::{tallies, Verdict, Whose};
    use std::fmt::Write;
    let tallies = tallies(games);
    if tallies.is_empty() {
        return String::new();
    }
    let (title, about) = i18n::dice_about(lang);
    let (face, times) = i18n::dice_face_words(lang);
    let verdict_name = |v: Verdict| match v {
        Verdict::TooFew => "too_few",
        Verdict::Usual => "usual",
        Verdict::Unusual => "unusual",
        Verdict::VeryUnusual => "very_unusual",
    };
    let mut out = format!(
        r#"<section class="dice-stats" data-testid="dice-stats" aria-labelledby="dice-stats-title"><h2 id="dice-stats-title">{title}</h2><p class="note">{about}</p>"#
    );
    for (whose, t) in tallies {
        let (who, level) = match &whose {
            Whose::Me => ("me", String::new()),
            Whose::Computer(l) => ("computer", level_name(lang, l)),
            Whose::Friend => ("friend", String::new()),
            Whose::HotSeat => ("hot_seat", String::new()),
        };
        let (faces, doubles) = (t.faces_test(), t.doubles_test());
        let (vf, vd) = (Verdict::of(faces), Verdict::of(doubles));
        let _ = write!(
            out,
            r#"<article class="dice-tally" data-testid="dice-tally" data-whose="{who}" data-rolls="{}" data-doubles="{}" data-faces-verdict="{}" data-doubles-verdict="{}"><h3>{}</h3><p>{}</p><table class="faces"><thead><tr><th scope="row">{face}</th>"#,
            t.rolls,
            t.doubles,
            verdict_name(vf),
            verdict_name(vd),
            i18n::dice_whose(lang, &whose, &level),
            i18n::dice_counts(lang, t.rolls, t.doubles, t.doubles_share()),
        );
        for f in 1..=6 {
            let _ = write!(out, r#"<th scope="col">{f}</th>"#);
        }
        let _ = write!(
            out,
            r#"</tr></thead><tbody><tr><th scope="row">{times}</th>"#
        );
        let dice = f64::from(t.rolls.max(1)) * 2.0;
        let percent = match lang {
            Lang::Cs => "\u{a0}%",
            Lang::En => "%",
        };
        for &n in &t.faces {
            let share = i18n::decimal(lang, f64::from(n) / dice * 100.0, 1, false);
            let _ = write!(out, "<td>{n}<small>{share}{percent}</small></td>");
        }
        let _ = write!(
            out,
            r#"</tr></tbody></table><p class="verdict">{}</p><p class="verdict">{}</p></article>"#,
            i18n::dice_verdict(lang, true, vf, faces.map(|x| x.p)),
            i18n::dice_verdict(lang, false, vd, doubles.map(|x| x.p)),
        );
    }
    out.push_str("</section>");
    out
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::White => "white",
        Outcome::Black => "black",
        Outcome::Draw => "draw",
    }
}

/// When a game ended, in the player's language and the device's time zone.
fn date_time(lang: Lang, ms: vrhcaby_rules::Millis) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    let locale = match lang {
        Lang::Cs => "cs-CZ",
        Lang::En => "en-GB",
    };
    // The date and the time to the minute.
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into());
    let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into());
    date.to_locale_string(locale, &options)
        .as_string()
        .unwrap_or_default()
}

/// The kind of game, with the computer's level.
fn mode(lang: Lang, kind: &str, level: Option<&str>) -> String {
    let level = level.map(|l| level_name(lang, l));
    i18n::history_mode(lang, kind, level.as_deref())
}

fn level_name(lang: Lang, level: &str) -> String {
    i18n::t(lang, crate::screens::computer::level_key(level)).to_owned()
}

fn totals_line(lang: Lang, t: &Totals) -> String {
    let what = mode(lang, &t.kind, t.level.as_deref());
    i18n::history_totals(lang, &what, t)
}
