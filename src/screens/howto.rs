//! How to play, in the player's language.

use leptos::prelude::*;

use crate::i18n::{self, Key};
use crate::panel::LanguageAndSound;
use crate::state::{Nav, Screen, Settings};

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
            <button class="primary" data-testid="back" on:click=move |_| nav.screen.set(Screen::Start)>
                {move || s.say(Key::Back)}
            </button>
            <div class="settings"><LanguageAndSound/></div>
        </main>
    }
}
