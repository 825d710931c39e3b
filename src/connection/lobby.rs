//! Open tables ("Play someone now", issue 42): the page's side of the lobby. A relay worker of its
//! own (the room's worker binary in its lobby mode, `vrhcaby_relay::table::Stranger`) publishes
//! the player's table, lists the others' and carries the sealed joins; this module hands it what
//! the lobby screen asks and the screen what it hears. A game agreed goes on through a room and
//! its one link as an invitation's does (`link::host_table`, `link::join_table`), "Someone sat down"
//! shown on both pages meanwhile.

use std::cell::RefCell;

use leptos::prelude::*;
use vrhcaby_relay::talk::{FromWorker, RelayCounts, TableInfo, ToWorker};
use vrhcaby_relay::wish::{Lang, Rules, Wish};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::port::Port;
use super::{link, room};
use crate::state::Dispatch;

/// How long the worker is given to withdraw the page's table before it is stopped (it keeps its
/// sockets open 1.5 s after the withdrawal, for the relays to store it).
const WITHDRAW_MS: i32 = 3_000;

/// Where the page stands in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Looking at the tables; the player's own is open if `View::open`.
    Waiting,
    /// The player is sitting down at this owner's table.
    Sitting(String),
    /// The table the player chose was taken; the player's own is open again.
    Taken,
    /// A game is agreed: connecting.
    Starting,
    /// The worker could not be started.
    Failed,
}

/// What the lobby screen shows, kept up to date by the worker's messages.
#[derive(Clone, Copy)]
pub struct View {
    pub tables: RwSignal<Vec<TableInfo>>,
    pub status: RwSignal<Status>,
    /// Relays open, of all, and tried.
    pub relays: RwSignal<Option<RelayCounts>>,
    /// Relays that refused the table.
    pub refused: RwSignal<usize>,
    /// The player's table is open.
    pub open: RwSignal<bool>,
    /// Open relays holding the player's table (they accepted it): it is said open only then.
    pub accepted: RwSignal<usize>,
    /// When the player opened their table (ms), for the time waited.
    pub opened_at: RwSignal<f64>,
}

impl View {
    #[must_use]
    pub fn new() -> View {
        View {
            tables: RwSignal::new(Vec::new()),
            status: RwSignal::new(Status::Waiting),
            relays: RwSignal::new(None),
            refused: RwSignal::new(0),
            open: RwSignal::new(false),
            accepted: RwSignal::new(0),
            opened_at: RwSignal::new(0.0),
        }
    }
}

impl Default for View {
    fn default() -> Self {
        View::new()
    }
}

struct Active {
    port: Port,
    /// The screen's view (its signals disposed once the screen is gone: each set with `try_set`).
    view: View,
    /// What the worker said last, for the screen when it is shown again.
    tables: Vec<TableInfo>,
    relays: Option<RelayCounts>,
    refused: usize,
    accepted: usize,
    opened_at: f64,
    /// When each table's owner was first heard here (seconds): a table renewed every 50 s is
    /// as old as its first sight, not its last renewal.
    first_seen: Vec<(String, u64)>,
    /// The player went to play the computer while the table waits: the screen's going does
    /// not leave the lobby.
    away: bool,
}

thread_local! {
    static LOBBY: RefCell<Option<Active>> = const { RefCell::new(None) };
    /// The strangers blocked on this page (until it is reloaded).
    static BLOCKED: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// The stranger of the last game agreed here.
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The player's wish: the rules and match length a game with a friend would have now
/// (`storage::remembered_variant_for_peer`), always on the clock, in the page's language.
#[must_use]
pub fn wish(lang: crate::i18n::Lang) -> Wish {
    let v = crate::drivers::storage::remembered_variant_for_peer();
    Wish {
        rules: if v.is_standard() {
            Rules::Standard
        } else {
            Rules::House
        },
        length: if v.is_standard() {
            v.options().match_length
        } else {
            0
        },
        clock: true,
        lang: match lang {
            crate::i18n::Lang::Cs => Lang::Cs,
            crate::i18n::Lang::En => Lang::En,
        },
    }
}

/// Enters the lobby (the open tables listed, the player's own not yet open); `view` is kept up
/// to date.
pub fn enter(d: Dispatch, view: View) {
    // Back from playing the computer while the table waited: the same lobby, shown again.
    let back = LOBBY.with(|l| {
        let mut l = l.borrow_mut();
        let a = l.as_mut().filter(|a| a.away)?;
        a.away = false;
        a.view = view;
        view.tables.set(a.tables.clone());
        view.relays.set(a.relays);
        view.refused.set(a.refused);
        view.accepted.set(a.accepted);
        view.opened_at.set(a.opened_at);
        view.open.set(true);
        Some(())
    });
    d.nav.waiting.set(false);
    if back.is_some() {
        return;
    }
    leave();
    let failed = move || {
        view.status.try_set(Status::Failed);
    };
    let Some(mut port) = Port::start(move |msg| from_worker(d, msg), failed) else {
        failed();
        return;
    };
    port.say(&ToWorker::Lobby {
        relays: room::relays(),
        wish: wish(d.settings.lang.get_untracked()),
        open: false,
    });
    BLOCKED.with(|b| {
        for author in b.borrow().iter() {
            port.say(&ToWorker::Block {
                author: author.clone(),
            });
        }
    });
    view.status.set(Status::Waiting);
    view.open.set(false);
    withdraw_on_pagehide();
    LOBBY.with(|l| {
        *l.borrow_mut() = Some(Active {
            port,
            view,
            tables: Vec::new(),
            relays: None,
            refused: 0,
            accepted: 0,
            opened_at: 0.0,
            first_seen: Vec::new(),
            away: false,
        });
    });
}

/// When the page goes away (a tab closed, another address), the worker is asked to withdraw the
/// table while it still can; if it cannot, the table expires within two minutes. Installed once.
fn withdraw_on_pagehide() {
    thread_local! {
        static INSTALLED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if INSTALLED.with(|i| i.replace(true)) {
        return;
    }
    let on_hide = Closure::<dyn FnMut()>::new(leave);
    if let Some(w) = web_sys::window() {
        let _ = w.add_event_listener_with_callback("pagehide", on_hide.as_ref().unchecked_ref());
    }
    on_hide.forget();
}

/// The player's wish changed (the rules, the match length, the language): the list and the
/// table follow it.
pub fn rewish(d: Dispatch) {
    let open = view().is_some_and(|v| v.open.get_untracked());
    set_open(d, open);
}

/// Opens the player's table with the wish chosen now, or withdraws it.
pub fn set_open(d: Dispatch, open: bool) {
    if let Some(v) = view() {
        // A table opened anew is open once a relay accepts it; one that stays open (a changed
        // wish) keeps its time waited.
        if open && !v.open.get_untracked() {
            let now = js_sys::Date::now();
            v.opened_at.try_set(now);
            v.accepted.try_set(0);
            remember(|a| {
                a.opened_at = now;
                a.accepted = 0;
            });
        }
        v.open.try_set(open);
        if open {
            v.status.try_set(Status::Waiting);
        }
    }
    post(&ToWorker::Lobby {
        relays: room::relays(),
        wish: wish(d.settings.lang.get_untracked()),
        open,
    });
}

/// A game with a friend is in progress on this page (a table is not opened meanwhile).
#[must_use]
pub fn friend_game(d: Dispatch) -> bool {
    d.game.session.with_untracked(|s| {
        s.as_ref()
            .is_some_and(|s| s.kind() == crate::session::Kind::Peer && s.game().result().is_none())
    })
}

fn view() -> Option<View> {
    LOBBY.with(|l| l.borrow().as_ref().map(|a| a.view))
}

/// The player plays the computer while their open table waits: the lobby stays when its screen
/// goes, and a bar on the other screens says the table waits.
pub fn wait_away(d: Dispatch) {
    LOBBY.with(|l| {
        if let Some(a) = l.borrow_mut().as_mut() {
            a.away = true;
            d.nav.waiting.set(true);
        }
    });
}

/// The tables' screen goes: the lobby is left, unless the table waits while the player is away.
pub fn screen_gone() {
    if !LOBBY.with(|l| l.borrow().as_ref().is_some_and(|a| a.away)) {
        leave();
    }
}

/// Keeps what the worker said in the lobby's state (and `f` on it).
fn remember(f: impl FnOnce(&mut Active)) {
    LOBBY.with(|l| {
        if let Some(a) = l.borrow_mut().as_mut() {
            f(a);
        }
    });
}

/// Sits down at `author`'s table.
pub fn sit(author: String) {
    if let Some(view) = view() {
        view.status.set(Status::Sitting(author.clone()));
    }
    post(&ToWorker::Sit { author });
}

/// The stranger of the last game agreed on this page, if any is not blocked yet.
#[must_use]
pub fn last_stranger() -> Option<String> {
    LAST.with(|l| l.borrow().clone())
        .filter(|a| !BLOCKED.with(|b| b.borrow().contains(a)))
}

/// Ignores `author` until the page is reloaded.
pub fn block(author: String) {
    BLOCKED.with(|b| b.borrow_mut().push(author.clone()));
    post(&ToWorker::Block { author });
}

/// Leaves the lobby: the table withdrawn, then the worker stopped.
pub fn leave() {
    let Some(a) = LOBBY.with(|l| l.borrow_mut().take()) else {
        return;
    };
    let mut port = a.port;
    port.say(&ToWorker::Leave);
    port.stop_after(WITHDRAW_MS);
}

fn post(message: &ToWorker) {
    LOBBY.with(|l| {
        if let Some(a) = l.borrow_mut().as_mut() {
            a.port.say(message);
        }
    });
}

/// The worker's messages. The screen's view may be gone (its signals disposed) by the time one
/// arrives: each is set with `try_set`.
fn from_worker(d: Dispatch, msg: FromWorker) {
    let Some(view) = view() else {
        return;
    };
    match msg {
        FromWorker::Ready => LOBBY.with(|l| {
            if let Some(a) = l.borrow_mut().as_mut() {
                a.port.ready();
            }
        }),
        FromWorker::Tables { mut tables } => {
            remember(|a| {
                for t in &mut tables {
                    match a.first_seen.iter().find(|(author, _)| *author == t.author) {
                        Some(&(_, first)) => t.created_at = t.created_at.min(first),
                        None => a.first_seen.push((t.author.clone(), t.created_at)),
                    }
                }
                a.tables.clone_from(&tables);
            });
            view.tables.try_set(tables);
        }
        FromWorker::Relays { open, total, tried } => {
            let counts = RelayCounts { open, total, tried };
            remember(|a| a.relays = Some(counts));
            view.relays.try_set(Some(counts));
        }
        FromWorker::Published { refused, accepted } => {
            remember(|a| {
                a.refused = refused;
                a.accepted = accepted;
            });
            view.refused.try_set(refused);
            view.accepted.try_set(accepted);
        }
        FromWorker::Taken { .. } => {
            view.status.try_set(Status::Taken);
        }
        FromWorker::Play {
            room: secret,
            host,
            opponent,
        } => {
            d.nav.waiting.set(false);
            // A game with a friend in progress here is never replaced by a stranger's (the
            // table should not have waited; the stranger, left in the room, can go back).
            if host && friend_game(d) {
                leave();
                return;
            }
            view.status.try_set(Status::Starting);
            LAST.with(|l| *l.borrow_mut() = Some(opponent));
            if !d.settings.muted.get_untracked() {
                crate::sound::play(crate::sound::Sound::Chime);
            }
            leave();
            if host {
                link::host_table(d, secret);
            } else {
                link::join_table(d, secret);
            }
        }
        FromWorker::Heard { .. } => {}
    }
}
