//! The start screen: a new game on this device, a "Continue" for each saved game in progress
//! (`data-kind`), play with a friend, how to play; a broken save is reported with a way out, and
//! a game open in another tab can be taken over.

use leptos::prelude::*;

use crate::drivers::storage;
use crate::i18n::{self, Key};
use crate::panel::LanguageAndSound;
use crate::platform;
use crate::session::Kind;
use crate::state::{Dispatch, Screen};

#[component]
pub fn StartScreen() -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let s = d.settings;
    let nav = d.nav;
    let discard = move |kind: Kind| {
        nav.load_error.set(None);
        if kind == Kind::Local {
            storage::new_local(d);
        } else {
            platform::remove(kind.key());
        }
    };
    view! {
        <main class="start">
            <h1>{move || s.say(Key::Title)}</h1>
            <p class="tagline">{move || s.say(Key::Tagline)}</p>
            {move || nav.load_error.get().map(|(kind, e)| view! {
                <div class="broken" role="alert" data-testid="load-error" data-kind=kind.name()>
                    <strong>{s.say(Key::SavedGameBroken)}</strong>
                    <p class="detail">{i18n::load_error(s.lang.get(), &e)}</p>
                    <button class="primary" data-testid="discard-save" on:click=move |_| discard(kind)>
                        {s.say(Key::StartFresh)}
                    </button>
                </div>
            })}
            {move || nav.busy.get().map(|kind| view! {
                <div class="broken" role="alert" data-testid="tab-busy" data-kind=kind.name()>
                    <strong>{s.say(Key::OpenElsewhere)}</strong>
                    <button class="primary" data-testid="take-over"
                        on:click=move |_| storage::open(d, kind, true)>{s.say(Key::TakeOver)}</button>
                </div>
            })}
            // An invitation nobody has used yet: shown as one, its link again or withdrawn.
            {move || nav.invitation.get().then(|| view! {
                <div class="invitation" data-testid="invitation" role="status">
                    <strong>{move || s.say(Key::InvitationWaiting)}</strong>
                    <div class="row">
                        <button class="primary" data-testid="show-invitation"
                            on:click=move |_| storage::open(d, Kind::Peer, false)>
                            {move || s.say(Key::ShowInvitation)}
                        </button>
                        <button data-testid="withdraw-invitation"
                            on:click=move |_| storage::withdraw_invitation(d)>
                            {move || s.say(Key::WithdrawInvitation)}
                        </button>
                    </div>
                </div>
            })}
            <div class="menu">
                {move || nav.saved.get().into_iter().filter(|k| nav.busy.get() != Some(*k)).map(|kind| view! {
                    <button class="primary" data-testid="continue" data-kind=kind.name()
                        on:click=move |_| storage::open(d, kind, false)>
                        {move || i18n::continue_game(s.lang.get(), kind)}
                    </button>
                }).collect_view()}
                <super::setup::RulesChoice/>
                // One first step for a newcomer: the computer is always there to play.
                <button class="primary" data-testid="play-computer" on:click=move |_| storage::computer(d)>
                    {move || s.say(Key::PlayComputer)}
                </button>
                <button data-testid="new-local-game"
                    on:click=move |_| super::setup::start_new(d)>
                    {move || s.say(Key::NewLocalGame)}
                </button>
                <button data-testid="play-friend" on:click=move |_| crate::connection::invite(d)>
                    {move || s.say(Key::PlayFriend)}
                </button>
                <button data-testid="play-stranger" on:click=move |_| nav.screen.set(Screen::Lobby)>
                    {move || s.say(Key::PlayStranger)}
                </button>
                {import_button(d)}
                <button data-testid="my-games" on:click=move |_| open_history(d)>
                    {move || s.say(Key::MyGames)}
                </button>
                <button data-testid="how-to-play" on:click=move |_| nav.screen.set(Screen::HowTo)>
                    {move || s.say(Key::HowToPlay)}
                </button>
            </div>
            <div class="settings"><LanguageAndSound/></div>
        </main>
    }
}

/// "My games".
fn open_history(d: Dispatch) {
    d.nav.screen.set(Screen::History);
}

/// Opening a game record: the file input (into the replay viewer).
fn import_button(d: Dispatch) -> impl IntoView {
    let s = d.settings;
    let nav = d.nav;
    view! {
        <label class="button import">
            {move || s.say(Key::Import)}
            <input type="file" accept=".json,application/json" data-testid="import"
                on:change=move |ev| crate::drivers::records::import_file(d, &ev)/>
        </label>
        {move || nav.import_error.get().map(|e| view! {
            <p class="broken" role="alert" data-testid="import-error">
                {move || match &e {
                    crate::session::LoadError::Unreadable => s.say(Key::NotARecord).to_owned(),
                    other => i18n::load_error(s.lang.get(), other),
                }}
            </p>
        })}
    }
}
