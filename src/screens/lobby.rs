//! "Hrát s kýmkoli hned / Play someone now" (issue 42): the game the player wishes (the rules
//! and match length, as on the start screen), their table opened and closed, the open tables that
//! fit that wish, newest first, each to sit down at; the stranger of the last game to block; what
//! a relay and a stranger see. The lobby itself is `connection::lobby`; the player's table is
//! withdrawn when this screen goes.

use leptos::prelude::*;
use vrhcaby_relay::wish::Rules;

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
    // The wish follows the page's language.
    Effect::new(move |prev: Option<i18n::Lang>| {
        let lang = s.lang.get();
        if prev.is_some_and(|p| p != lang) {
            lobby::rewish(d);
        }
        lang
    });
    on_cleanup(lobby::screen_gone);
    let say = move |p: Lobby| move || i18n::lobby(s.lang.get(), p);
    // The wish as chosen (read again when the rules or the length change).
    let chosen = RwSignal::new(0u32);
    let now = RwSignal::new(js_sys::Date::now());
    // The time waited and the tables' ages move on.
    let handle = set_interval_with_handle(
        move || now.set(js_sys::Date::now()),
        std::time::Duration::from_secs(1),
    )
    .ok();
    on_cleanup(move || {
        if let Some(h) = handle {
            h.clear();
        }
    });
    // A game with a friend in progress here: no table meanwhile (its game would replace it).
    let friend_game = move || {
        d.game.session.track();
        lobby::friend_game(d)
    };
    // The player's table is said open only once a relay holds it; "unreached" when every
    // relay failed, or none took it within 10 s.
    let table = move || {
        if view.accepted.get() > 0 && view.relays.get().is_some_and(|c| c.reached()) {
            "open"
        } else if view.relays.get().is_some_and(|c| c.unreached())
            || now.get() - view.opened_at.get() > 10_000.0
        {
            "unreached"
        } else {
            "opening"
        }
    };
    let status_name = move || match view.status.get() {
        Status::Waiting if view.open.get() => table(),
        Status::Waiting => "idle",
        Status::Sitting(_) => "sitting",
        Status::Taken => "taken",
        Status::Starting => "starting",
        Status::Failed => "failed",
    };
    let status = move || {
        let lang = s.lang.get();
        let phrase = match view.status.get() {
            Status::Waiting if view.open.get() => match table() {
                "open" => Lobby::Waiting,
                "unreached" => Lobby::Unreached,
                _ => Lobby::Opening,
            },
            Status::Waiting if friend_game() => Lobby::FriendGame,
            Status::Waiting => Lobby::Idle,
            Status::Sitting(_) => Lobby::Sitting,
            Status::Taken => Lobby::Taken,
            Status::Starting => Lobby::Starting,
            Status::Failed => Lobby::Failed,
        };
        i18n::lobby(lang, phrase)
    };
    let relays = move || {
        let lang = s.lang.get();
        let reached = view.relays.get().map(|c| {
            if c.unreached() {
                i18n::lobby(lang, Lobby::NoRelay).to_owned()
            } else {
                i18n::relays_reached(lang, c.open as u64, c.total as u64)
            }
        });
        match (reached, view.refused.get()) {
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
                let rules = match t.wish.rules {
                    Rules::House => "vrhcaby",
                    Rules::Standard => "standard",
                };
                view! {
                    <li class="table" data-testid="table" data-table=t.id.clone()
                        data-author=t.author.clone() data-rules=rules
                        data-match-length=t.wish.length.to_string()>
                        <span class="what">{i18n::wish_words(lang, &t.wish)}</span>
                        <span class="age">{age}</span>
                        <button class="primary" data-testid="join-table" disabled=busy
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
            // The rules and the length chosen here are the start screen's (remembered); a change
            // changes the list and the open table.
            <div class="wish" on:change=move |_| {
                chosen.update(|n| *n += 1);
                lobby::rewish(d);
            }>
                <super::setup::RulesChoice/>
            </div>
            <p class="wish" data-testid="lobby-wish">
                <strong>{say(Lobby::YourTable)}": "</strong>
                {move || {
                    chosen.track();
                    i18n::wish_words(s.lang.get(), &lobby::wish(s.lang.get()))
                }}
            </p>
            <div class="row">
                <Show when=move || !view.open.get()
                    fallback=move || view! {
                        <button data-testid="withdraw-table" on:click=move |_| lobby::set_open(d, false)>
                            {say(Lobby::WithdrawTable)}
                        </button>
                    }>
                    <button class="primary" data-testid="open-table"
                        disabled=move || friend_game()
                            || matches!(view.status.get(), Status::Sitting(_) | Status::Starting | Status::Failed)
                        on:click=move |_| lobby::set_open(d, true)>
                        {say(Lobby::OpenTable)}
                    </button>
                </Show>
            </div>
            <Show when=move || view.open.get() && view.status.get() == Status::Waiting>
                <button data-testid="wait-with-computer" on:click=move |_| {
                    lobby::wait_away(d);
                    crate::drivers::storage::computer(d);
                }>{say(Lobby::WaitWithComputer)}</button>
            </Show>
            <p class="status" data-testid="lobby-status" data-state=status_name role="status">{status}</p>
            // Waiting is alive: the time waited moves on (not read out every second).
            <p class="waited" data-testid="lobby-waited">
                {move || (view.open.get() && view.status.get() == Status::Waiting).then(|| {
                    i18n::waited(s.lang.get(), ((now.get() - view.opened_at.get()).max(0.0) / 1000.0) as u64)
                })}
            </p>
            <Show when=move || view.status.get() == Status::Taken>
                <p class="broken" data-testid="table-taken" role="alert">{say(Lobby::Taken)}</p>
            </Show>
            <p class="status" data-testid="lobby-relays">{relays}</p>
            <h2>{say(Lobby::Tables)}</h2>
            <Show when=move || view.tables.with(Vec::is_empty)>
                <p class="status" data-testid="no-tables">
                    {move || i18n::lobby(s.lang.get(), if view.open.get() { Lobby::NoTablesOpen } else { Lobby::NoTables })}
                </p>
            </Show>
            <ul class="tables" data-testid="table-list">{tables}</ul>
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
