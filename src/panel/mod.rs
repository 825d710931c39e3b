//! Around the board: the players' panel, the controls under the board, the move list, the dialogs
//! (made modal by `modal`), and the language, sound and theme chips. Every button asks the rules core (through the session) whether its
//! command is allowed now; none decides a rule itself.

mod controls;
mod dialogs;
pub mod modal;
mod moves;
mod players;
pub(crate) mod proof;
pub mod standard;

pub use controls::{Controls, Strip};
pub use dialogs::Dialogs;
pub use moves::{export_mat, list_html, position_ids_of, GameFiles, MoveList, MoveListOf};
pub use players::Players;

use leptos::prelude::*;
use vrhcaby_rules::{Game, Millis};

use crate::i18n::Key;
use crate::session::{Intent, Session};
use crate::state::{Dispatch, GameState, Settings, Theme, MUTE_KEY};

/// Reads the session and the game's time (tracked), if there is a game: the time is
/// `Session::game_time`, shared by both devices in a peer game.
pub(crate) fn with_session<T>(
    g: GameState,
    f: impl FnOnce(&Session, &Game, Millis) -> T,
) -> Option<T> {
    let now = g.now.get();
    g.session
        .with(|s| s.as_ref().map(|s| f(s, s.game(), s.game_time(now))))
}

/// Sends a player's intent.
pub(crate) fn act(intent: Intent) {
    expect_context::<Dispatch>().input(crate::session::Input::Intent(intent));
}

/// A screen's foot: Back to the start screen, and the language, sound and theme chips.
#[component]
pub fn BackToStart() -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let s = d.settings;
    view! {
        <div class="row">
            <button data-testid="menu" on:click=move |_| d.nav.screen.set(crate::state::Screen::Start)>
                {move || s.say(Key::Back)}
            </button>
        </div>
        <div class="settings"><LanguageAndSound/></div>
    }
}

/// The language, sound and theme chips, on every screen.
#[component]
pub fn LanguageAndSound() -> impl IntoView {
    let s = expect_context::<Settings>();
    view! {
        <button data-testid="language" class="chip"
            on:click=move |_| s.set_lang(s.lang.get_untracked().other())>
            {move || s.say(Key::LanguageName)}
        </button>
        // Sound is a state, shown as a switch: on (pressed) unless muted.
        <button data-testid="mute" class="switch" aria-pressed=move || (!s.muted.get()).to_string()
            on:click=move |_| s.toggle(s.muted, MUTE_KEY)>
            <span class="track" aria-hidden="true"><span class="knob"></span></span>
            <span class="label">{move || s.say(Key::Sound)}</span>
        </button>
        <button data-testid="theme" class="chip" data-theme-choice=move || s.theme.get().code()
            on:click=move |_| s.next_theme()>
            {move || s.say(match s.theme.get() {
                Theme::Auto => Key::ThemeAuto,
                Theme::Light => Key::ThemeLight,
                Theme::Dark => Key::ThemeDark,
            })}
        </button>
    }
}
