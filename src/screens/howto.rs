//! How to play, in the player's language.

use leptos::prelude::*;

use crate::i18n::{self, Key};
use crate::panel::LanguageAndSound;
use crate::state::{Nav, Screen, Settings};

/// Standard backgammon's rules, on the full app (the start page plays only the house rules).
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

#[component]
pub fn HowTo() -> impl IntoView {
    let s = expect_context::<Settings>();
    let nav = expect_context::<Nav>();
    view! {
        <main class="howto">
            <h1>{move || s.say(Key::HowToPlay)}</h1>
            {move || i18n::how_to_play(s.lang.get()).iter().map(|(h, p)| view! {
                <section><h2>{*h}</h2><p>{*p}</p></section>
            }).collect_view()}
            {standard()}
            <button class="primary" data-testid="back" on:click=move |_| nav.screen.set(Screen::Start)>
                {move || s.say(Key::Back)}
            </button>
            <div class="settings"><LanguageAndSound/></div>
        </main>
    }
}
