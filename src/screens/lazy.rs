//! The screens a game does not need, each loaded when first opened.
//!
//! With the `split` feature (the page's release build, `scripts/build.sh`), each function below is
//! a split point of `wasm_split_helpers`: the build step (`xtask/`) moves the code only it reaches
//! into a wasm chunk of its own, fetched the first time it is called. Without the feature (tests,
//! clippy, native builds) each is a plain `async fn` that is ready at once.

use std::future::Future;

use leptos::prelude::*;

use crate::i18n::Key;
use crate::state::{Nav, Screen, Settings};

use crate::chunks::split_point;
pub use crate::chunks::Unavailable;

split_point!(
    /// How to play.
    howto: how_to() -> AnyView => view! { <super::HowTo/> }.into_any()
);
split_point!(
    /// Connecting to a friend's device.
    friend: friend() -> AnyView => view! { <super::FriendScreen/> }.into_any()
);
split_point!(
    /// Open tables: play someone now.
    lobby: lobby() -> AnyView => view! { <super::LobbyScreen/> }.into_any()
);
split_point!(
    /// A game record replayed.
    replay: replay() -> AnyView => view! { <super::ReplayScreen/> }.into_any()
);
split_point!(
    /// My games.
    history: history() -> AnyView => view! { <super::HistoryScreen/> }.into_any()
);
split_point!(
    /// Learn: the puzzles.
    learn: learn() -> AnyView => view! { <super::LearnScreen/> }.into_any()
);

/// The screen `load` gives: "Loading…" until its chunk has arrived (shown only if that takes a
/// moment, style/full.css), then the screen; if the chunk cannot arrive, a second try and a way
/// back to the start. A screen that is there at once (its chunk loaded before, or no `split`
/// feature) is drawn in this same task.
pub fn show<F>(load: fn() -> F) -> impl IntoView
where
    F: Future<Output = Result<AnyView, Unavailable>> + 'static,
{
    let s = expect_context::<Settings>();
    let nav = expect_context::<Nav>();
    // `None` while loading; the screen waits in `screen` until drawn.
    let outcome = RwSignal::new(None::<Result<(), Unavailable>>);
    let screen = StoredValue::new_local(None::<AnyView>);
    // `try_`: the player may have left the screen before its chunk arrived.
    let arrived = move |result: Result<AnyView, Unavailable>| {
        let result = result.map(|view| {
            screen.try_update_value(|slot| *slot = Some(view));
        });
        outcome.try_set(Some(result));
    };
    // The screen is built in this owner (its contexts), also when a second try is pressed on the
    // failure's view, whose own owner is gone once it is replaced.
    let owner = Owner::current();
    let start = move || {
        let go = || crate::chunks::run(load(), arrived);
        match &owner {
            Some(owner) => owner.with(go),
            None => go(),
        }
    };
    start();
    move || match outcome.get() {
        None => view! {
            <main class="loading" data-testid="screen-loading" aria-busy="true">
                <p>{move || s.say(Key::Loading)}</p>
            </main>
        }
        .into_any(),
        Some(Ok(())) => screen
            .try_update_value(Option::take)
            .flatten()
            .unwrap_or_else(|| ().into_any()),
        Some(Err(Unavailable)) => {
            let start = start.clone();
            view! {
                <main class="loading" data-testid="screen-failed" role="alert">
                    <p>{move || s.say(Key::ScreenFailed)}</p>
                    <button class="primary" data-testid="screen-retry" on:click=move |_| {
                        outcome.set(None);
                        start();
                    }>{move || s.say(Key::Retry)}</button>
                    <button data-testid="back" on:click=move |_| nav.screen.set(Screen::Start)>
                        {move || s.say(Key::Back)}
                    </button>
                </main>
            }
            .into_any()
        }
    }
}
