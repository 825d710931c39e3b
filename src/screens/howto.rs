//! How to play, in the player's language.

use leptos::prelude::*;

use crate::i18n::{self, Key};
use crate::panel::LanguageAndSound;
use crate::state::{Nav, Screen, Settings};

/// How to play standard backgammon, after the house rules.
fn standard() -> impl IntoView {
    let s = expect_context::<Settings>();
    move || {
        i18n::how_to_play_standard(s.lang.get())
            .iter()
            .enumerate()
            .map(|(i, (h, p))| {
                if i == 0 {
                    view! { <section data-testid="howto-standard"><h2>{*h}</h2><p>{*p}</p></section> }
                        .into_any()
                } else {
                    view! { <section><h3>{*h}</h3><p>{*p}</p></section> }.into_any()
                }
            })
            .collect_view()
    }
}

/// The direction of play on the board as this page draws it (White's seat): White from its 24 at
/// the top right, leftwards, down and rightwards home to the bottom right (1–6); Black the other
/// way round, home at the top right.
fn direction_picture() -> impl IntoView {
    let s = expect_context::<Settings>();
    // The points: twelve a row, six either side of the bar, in a 340 × 200 box.
    let x = |i: usize| {
        let col = i % 12;
        12.0 + 24.0 * col as f64 + if col >= 6 { 28.0 } else { 0.0 }
    };
    let tri = |i: usize, top: bool| {
        let (x0, y0, y1) = (
            x(i),
            if top { 10.0 } else { 190.0 },
            if top { 80.0 } else { 120.0 },
        );
        format!("M{x0} {y0} L{} {y0} L{} {y1} Z", x0 + 24.0, x0 + 12.0)
    };
    let points = (0..24)
        .map(|i| {
            let top = i < 12;
            let class = if (i + usize::from(top)) % 2 == 0 {
                "tri odd"
            } else {
                "tri even"
            };
            view! { <path class=class d=tri(i, top)/> }
        })
        .collect_view();
    let (white, black, white_home, black_home) = i18n::direction_words(s.lang.get());
    view! {
        <figure class="direction" data-testid="howto-direction">
            <svg viewBox="0 0 340 200" role="img" aria-label=move || i18n::direction_caption(s.lang.get())>
                <defs>
                    <marker id="dir-head-w" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto">
                        <path d="M0 0 L10 5 L0 10 z" class="dir-white-head"/>
                    </marker>
                    <marker id="dir-head-b" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto">
                        <path d="M0 0 L10 5 L0 10 z" class="dir-black-head"/>
                    </marker>
                </defs>
                <rect class="frame" x="0" y="0" width="340" height="200" rx="10"/>
                <rect class="bar-bg" x="156" y="0" width="28" height="200"/>
                {points}
                <text class="dir-num" x="324" y="26" text-anchor="middle">"24"</text>
                <text class="dir-num" x="324" y="186" text-anchor="middle">"1"</text>
                <path class="dir-white" d="M316 60 L24 60 Q12 60 12 75 L12 125 Q12 140 24 140 L300 140"
                    marker-end="url(#dir-head-w)"/>
                <path class="dir-black" d="M316 150 L24 150 Q4 150 4 130 L4 70 Q4 50 24 50 L300 50"
                    marker-end="url(#dir-head-b)"/>
                <text class="dir-label" x="100" y="100" text-anchor="middle">{white}" / "{black}</text>
                <text class="dir-home" x="262" y="196" text-anchor="middle">{white_home}</text>
                <text class="dir-home" x="262" y="10" text-anchor="middle">{black_home}</text>
            </svg>
            <figcaption>{move || i18n::direction_caption(s.lang.get())}</figcaption>
        </figure>
    }
}

#[component]
pub fn HowTo() -> impl IntoView {
    let s = expect_context::<Settings>();
    let nav = expect_context::<Nav>();
    view! {
        <main class="howto">
            // A long page on a phone: its way back stays at hand at the top.
            <header class="topbar">
                <button class="chip" data-testid="back-top" on:click=move |_| nav.screen.set(Screen::Start)>
                    <span aria-hidden="true">"← "</span>{move || s.say(Key::Back)}
                </button>
                <h1>{move || s.say(Key::HowToPlay)}</h1>
            </header>
            {move || i18n::how_to_play(s.lang.get()).iter().enumerate().map(|(i, (h, p))| view! {
                <section><h2>{*h}</h2><p>{*p}</p></section>
                // After the goal: which way each side moves, as a picture.
                {(i == 0).then(direction_picture)}
            }).collect_view()}
            {standard()}
            <button class="primary" data-testid="back" on:click=move |_| nav.screen.set(Screen::Start)>
                {move || s.say(Key::Back)}
            </button>
            <div class="settings"><LanguageAndSound/></div>
        </main>
    }
}
