//! The app: creates the contexts, installs the drivers, continues the saved game or answers the
//! invitation in the address, and shows the current screen. Imported by nobody.

use leptos::either::EitherOf6;
use leptos::prelude::*;

use crate::connection::{self, link};
use crate::drivers::{self, address, storage};
use crate::i18n::Key;
use crate::platform;
use crate::screens::{lazy, GameScreen, StartScreen};
use crate::state::{Dispatch, Screen};

#[component]
pub fn App() -> impl IntoView {
    let d = Dispatch::provide();
    drivers::install(d);
    connection::install(d);
    let auto = storage::startup(d);
    // Opened from a friend's invitation: answer it; "Play with a friend" from the start screen:
    // make an invitation; opened from a friend's answer link: hand the answer to the waiting tab;
    // else reopening the page mid-game goes straight back to the game.
    if answer_handed_over(d) {
    } else if let Some((secret, relays, ice)) = link::room_in_url() {
        platform::clear_fragment();
        connection::join_room(d, secret, relays, ice);
    } else if let Some(invitation) = link::invitation_in_url() {
        platform::clear_fragment();
        connection::join(d, invitation);
    } else if web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .as_deref()
        == Some("#invite")
    {
        platform::clear_fragment();
        connection::invite(d);
    } else if storage::old_address(d) {
    } else if let Some(tap) = crate::platform::take_boot_tap() {
        act_on_tap(d, &tap);
    } else if let Some(screen) = address::screen_in_url() {
        d.nav.screen.set(screen);
    } else if let Some(kind) = auto {
        storage::open(d, kind, false);
    }
    storage::wait_for_claims(d);
    // From here on the browser's Back and the address follow the screens.
    address::install(d);
    let lang = d.settings.lang;
    Effect::new(move |_| {
        if let Some(doc) = document().document_element() {
            let _ = doc.set_attribute("lang", lang.get().code());
        }
    });
    // The live region speaks the current language: old text is dropped when it changes.
    Effect::new(move |prev: Option<crate::i18n::Lang>| {
        let now = lang.get();
        if prev.is_some_and(|p| p != now) {
            d.notices.announce.set(String::new());
        }
        now
    });

    view! {
        <div class="app" class:portrait=move || d.settings.portrait.get()>
            <div class="sr-only" aria-live="polite" role="status" data-testid="live">
                {move || d.notices.announce.get()}
            </div>
            // The player's open table waits while they are elsewhere (`connection::lobby`).
            <Show when=move || d.nav.waiting.get() && d.nav.screen.get() != Screen::Lobby>
                <div class="table-waiting" data-testid="table-waiting" role="status">
                    {move || d.settings.say(Key::TableWaiting)}
                    <button data-testid="back-to-tables" on:click=move |_| d.nav.screen.set(Screen::Lobby)>
                        {move || d.settings.say(Key::PlayStranger)}
                    </button>
                </div>
            </Show>
            {move || match d.nav.screen.get() {
                Screen::Start if d.nav.opening.get() => EitherOf6::F(()),
                Screen::Start => EitherOf6::A(view! { <StartScreen/> }),
                Screen::HowTo => EitherOf6::B(lazy::show(lazy::how_to)),
                Screen::Game => EitherOf6::C(view! { <GameScreen/> }),
                Screen::Friend => EitherOf6::D(lazy::show(lazy::friend)),
                Screen::Computer | Screen::Replay | Screen::History | Screen::Learn | Screen::Lobby => EitherOf6::E(more_screens(d.nav.screen.get())),
            }}
        </div>
    }
}

/// A tap on the painted start screen or the computer's set-up screen (index.html) before the app
/// was ready, acted on before the first view: the app's first screen is the one tapped for (New
/// game reads the rules remembered from the start screen, which is not drawn; the set-up screen's
/// Start reads the painted screen's choices, still on the page).
fn act_on_tap(d: Dispatch, tap: &str) {
    match tap {
        "new-local-game" => crate::screens::setup::start_new(d),
        "play-friend" => connection::invite(d),
        "play-computer" => {
            crate::screens::setup::keep_painted_options();
            storage::computer(d);
        }
        "start-bot-game" => crate::screens::computer::start_from_page(d),
        "my-games" => d.nav.screen.set(Screen::History),
        "play-stranger" => d.nav.screen.set(Screen::Lobby),
        "how-to-play" => d.nav.screen.set(Screen::HowTo),
        _ => {}
    }
}

/// The screens reached from the start screen or a game (other than the game and connecting).
fn more_screens(screen: Screen) -> impl IntoView {
    use crate::screens::ComputerScreen;
    use leptos::either::EitherOf5;
    match screen {
        Screen::Replay => EitherOf5::A(lazy::show(lazy::replay)),
        Screen::History => EitherOf5::B(lazy::show(lazy::history)),
        Screen::Learn => EitherOf5::C(lazy::show(lazy::learn)),
        Screen::Lobby => EitherOf5::E(lazy::show(lazy::lobby)),
        _ => EitherOf5::D(view! { <ComputerScreen/> }),
    }
}

/// Opened from a guest's answer link (`#answer=`): hand it to this browser's tab that waits with
/// the invitation, and open no game here.
fn answer_handed_over(d: Dispatch) -> bool {
    let Some(code) = link::answer_in_url() else {
        return false;
    };
    platform::clear_fragment();
    connection::hand_over(d, code);
    true
}
