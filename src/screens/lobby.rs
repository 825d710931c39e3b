//! "Hrát s kýmkoli hned / Play someone now" (issue 42): the player's table, open while this
//! screen is; the open tables that fit the player's wish, newest first, each to sit down at; the
//! stranger of the last game to block; what a relay and a stranger see. The lobby itself is
//! `connection::lobby`.

use leptos::prelude::*;

use crate::connection::lobby::{self, Status, View};
use crate::i18n::{self, Lobby};
use crate::panel::LanguageAndSound;
use crate::state::{Dispatch, Screen};

#[component]
pub fn LobbyScreen() -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let s = d.settings;
    let view = View::new();
    lobby::enter(d, view);
    // The table follows the page's language; it is withdrawn when the screen goes.
    Effect::new(move |prev: Option<i18n::Lang>| {
        let lang = s.lang.get();
        if prev.is_some_and(|p| p != lang) {
            lobby::rewish(d);
        }
        lang
    });
    on_cleanup(lobby::leave);
    let say = move |p: Lobby| move || i18n::lobby(s.lang.get(), p);
    let now = RwSignal::new(js_sys::Date::now());
    // The tables' ages move on.
    let handle = set_interval_with_handle(
        move || now.set(js_sys::Date::now()),
        std::time::Duration::from_secs(20),
    )
    .ok();
    on_cleanup(move || {
        if let Some(h) = handle {
            h.clear();
        }
    });
    let status_name = move || match view.status.get() {
        Status::Waiting => "waiting",
        Status::Sitting(_) => "sitting",
        Status::Taken => "taken",
        Status::Starting => "starting",
        Status::Failed => "failed",
    };
    let status = move || {
        let lang = s.lang.get();
        match view.status.get() {
            Status::Waiting => i18n::lobby(lang, Lobby::Waiting),
            Status::Sitting(_) => i18n::lobby(lang, Lobby::Sitting),
            Status::Taken => i18n::lobby(lang, Lobby::Taken),
            Status::Starting => i18n::lobby(lang, Lobby::Starting),
            Status::Failed => i18n::lobby(lang, Lobby::Failed),
        }
    };
    let relays = move || {
        let lang = s.lang.get();
        let reached = view
            .relays
            .get()
            .map(|(open, total, _)| i18n::relays_reached(lang, open as u64, total as u64));
        let refused = view.refused.get();
        match (reached, refused) {
            (Some(r), 0) => r,
            (Some(r), n) => format!("{r} {}", i18n::refused_words(lang, n)),
            (None, _) => String::new(),
        }
    };
    let tables = move || {
        let lang = s.lang.get();
        let now_s = (now.get() / 1000.0) as u64;
        let busy = matches!(view.status.get(), Status::Sitting(_) | Status::Starting);
        view.tables
            .get()
            .into_iter()
            .map(|t| {
                let author = t.author.clone();
                let age = i18n::table_age(lang, now_s.saturating_sub(t.created_at));
                view! {
                    <li class="table" data-testid="table" data-author=t.author.clone()>
                        <span class="what">{i18n::wish_words(lang, &t.wish)}</span>
                        <span class="age">{age}</span>
                        <button class="primary" data-testid="sit" disabled=busy
                            on:click=move |_| lobby::sit(author.clone())>
                            {i18n::lobby(lang, Lobby::Sit)}
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    let blocked = RwSignal::new(false);
    let last = lobby::last_stranger();
    view! {
        <main class="friend lobby" data-testid="lobby">
            <h1>{say(Lobby::Title)}</h1>
            <p class="wish" data-testid="lobby-wish">
                <strong>{say(Lobby::YourTable)}": "</strong>
                {move || i18n::wish_words(s.lang.get(), &lobby::wish(s.lang.get()))}
            </p>
            <p class="status" data-testid="lobby-status" data-state=status_name role="status">{status}</p>
            <p class="status" data-testid="lobby-relays">{relays}</p>
            <h2>{say(Lobby::Tables)}</h2>
            <Show when=move || view.tables.with(Vec::is_empty)>
                <p class="status" data-testid="no-tables">{say(Lobby::NoTables)}</p>
            </Show>
            <ul class="tables" data-testid="tables">{tables}</ul>
            {last.map(|author| view! {
                <button data-testid="block-last" disabled=move || blocked.get()
                    on:click=move |_| { lobby::block(author.clone()); blocked.set(true); }>
                    {say(Lobby::BlockLast)}
                </button>
                <Show when=move || blocked.get()>
                    <p class="status" role="status">{say(Lobby::Blocked)}</p>
                </Show>
            })}
            <details class="help" data-testid="lobby-help">
                <summary>{say(Lobby::Help)}</summary>
                <p>{say(Lobby::HelpText)}</p>
            </details>
            <button data-testid="back" on:click=move |_| d.nav.screen.set(Screen::Start)>
                {move || s.say(crate::i18n::Key::Back)}
            </button>
            <div class="settings"><LanguageAndSound/></div>
        </main>
    }
}
