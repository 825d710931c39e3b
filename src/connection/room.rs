//! Signalling through Nostr relays (one link; issue 20): the relay worker (loaded only when a game
//! with a friend needs it), this side's [`Negotiator`], and the WebRTC link they set up — and set
//! up again, by themselves, after every drop, reload or sleep while the game goes on.

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use vrhcaby_relay::talk::{FromWorker, ToWorker};
use vrhcaby_relay::{hex, Do, Negotiator, Role};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::ice::{ice_lines, ice_servers};
use super::port::Port;
use crate::platform;
use crate::state::{Dispatch, LinkState};

/// The public relays used unless the player or the address sets others (one place to change).
pub const DEFAULT_RELAYS: &[&str] = &[
    "wss://relay.damus.io",
    "wss://nos.lol",
    "wss://relay.primal.net",
    "wss://offchain.pub",
];
const RELAYS_KEY: &str = "vrhcaby.relays";
/// The room of the peer game in progress, so a reload or a later visit finds the friend again.
const ROOM_KEY: &str = "vrhcaby.room";
/// With no relay open this long after entering the room, the manual codes are offered.
const FALLBACK_MS: u64 = 6_000;
const TICK_MS: i32 = 1_000;

/// What a device keeps of a room: the invitation's secret and what it was made with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomInfo {
    pub secret: String,
    pub role: Role,
    pub relays: Vec<String>,
    /// The host's STUN/TURN servers, when it set its own (carried in the invitation).
    #[serde(default)]
    pub ice: Option<String>,
    /// The peer game it is for (the guest learns it from the host's hello).
    #[serde(default)]
    pub game: String,
    /// The guest's token: the guest's own; the host's, the guest's once a link has opened (from
    /// then on the host hears no one else who has the link).
    #[serde(default)]
    pub token: String,
}

struct Active {
    info: RoomInfo,
    neg: Negotiator,
    port: Port,
    entered: u64,
    relays_open: usize,
    /// The manual codes were offered (no relay answered).
    fell_back: bool,
    interval: i32,
}

thread_local! {
    static ROOM: RefCell<Option<Active>> = const { RefCell::new(None) };
    static HOOKS: Cell<Option<Hooks>> = const { Cell::new(None) };
}

/// What the room hands to the link (`connection::link`, which enters the room): what the
/// negotiation says to do (make an offer or an answer, accept one, say a note or be quiet), and
/// that no relay answers (the manual codes).
#[derive(Clone, Copy)]
pub struct Hooks {
    pub carry_out: fn(Dispatch, Vec<Do>),
    pub no_relay: fn(Dispatch, Role),
}

/// The relays: the address's `?relays=` (this tab only), else the player's list, else the
/// defaults.
#[must_use]
pub fn relays() -> Vec<String> {
    if let Some(list) = platform::query_param("relays") {
        let list = js_sys::decode_uri_component(&list)
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or(list);
        return split(&list.replace(',', "\n"));
    }
    split(&relays_text())
}

/// The player's relay list as edited on the connection screen (one URL a line).
#[must_use]
pub fn relays_text() -> String {
    platform::load(RELAYS_KEY).unwrap_or_else(|| DEFAULT_RELAYS.join("\n"))
}

pub fn set_relays(text: &str) {
    platform::store(RELAYS_KEY, text);
}

fn split(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("ws://") || l.starts_with("wss://"))
        .map(String::from)
        .collect()
}

/// A new room secret: 16 random bytes.
#[must_use]
pub fn new_secret() -> String {
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&platform::entropy().to_le_bytes());
    bytes[8..].copy_from_slice(&platform::entropy().to_le_bytes());
    hex(&bytes)
}

/// The room saved for the peer game `game`.
#[must_use]
pub fn saved(game: &str) -> Option<RoomInfo> {
    let info: RoomInfo = serde_json::from_str(&platform::load(ROOM_KEY)?).ok()?;
    (info.game == game).then_some(info)
}

fn save(info: &RoomInfo) {
    if let Ok(text) = serde_json::to_string(info) {
        platform::store(ROOM_KEY, &text);
    }
}

/// The guest learned its game from the host's hello: the room is this game's.
pub fn bind_game(game: &str) {
    ROOM.with(|r| {
        if let Some(a) = r.borrow_mut().as_mut() {
            if a.info.game.is_empty() {
                a.info.game = game.to_string();
                save(&a.info);
            }
        }
    });
}

/// Whether this tab is in a room now.
#[must_use]
pub fn active() -> bool {
    ROOM.with(|r| r.borrow().is_some())
}

/// The room's secret and relays, for the invitation link.
#[must_use]
pub fn info() -> Option<RoomInfo> {
    ROOM.with(|r| r.borrow().as_ref().map(|a| a.info.clone()))
}

/// Enters a room: starts the relay worker and this side's negotiation, whose acts go to
/// `hooks`. `again`: a game that was connected before (the screen says "reconnecting").
pub fn enter(d: Dispatch, info: RoomInfo, again: bool, hooks: Hooks) {
    HOOKS.with(|h| h.set(Some(hooks)));
    leave();
    d.nav.relays.set(None);
    let Some(mut port) = Port::start(move |msg| from_worker(d, msg), move || fall_back(d)) else {
        fall_back(d);
        return;
    };
    let tick = Closure::<dyn FnMut()>::new(move || tick(d));
    let interval = web_sys::window()
        .and_then(|w| {
            w.set_interval_with_callback_and_timeout_and_arguments_0(
                tick.as_ref().unchecked_ref(),
                TICK_MS,
            )
            .ok()
        })
        .unwrap_or(0);
    tick.forget();
    save(&info);
    wake_on_visible();
    let me = format!("{:016x}", platform::entropy());
    let join = ToWorker::Join {
        secret: info.secret.clone(),
        relays: info.relays.clone(),
    };
    let mut neg = match info.role {
        Role::Guest => Negotiator::new(info.role, me).with_token(info.token.clone()),
        Role::Host => Negotiator::new(info.role, me).pinned_to(Some(info.token.clone())),
    };
    let first = neg.start(platform::now_ms());
    port.say(&join);
    ROOM.with(|r| {
        *r.borrow_mut() = Some(Active {
            info,
            neg,
            port,
            entered: platform::now_ms(),
            relays_open: 0,
            fell_back: false,
            interval,
        });
    });
    d.nav.link.set(if again {
        LinkState::Reconnecting
    } else {
        LinkState::Connecting
    });
    run(d, first);
}

/// When the page becomes visible again (a phone waking up), the worker retries its relays at
/// once. Installed once a page.
fn wake_on_visible() {
    thread_local! {
        static INSTALLED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if INSTALLED.with(|i| i.replace(true)) {
        return;
    }
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let doc2 = doc.clone();
    let on_change = Closure::<dyn FnMut()>::new(move || {
        if doc2.visibility_state() == web_sys::VisibilityState::Visible {
            post(&ToWorker::Wake);
        }
    });
    let _ = doc
        .add_event_listener_with_callback("visibilitychange", on_change.as_ref().unchecked_ref());
    on_change.forget();
}

/// Leaves the room (the game ended or was left, or the manual codes took over).
pub fn leave() {
    if let Some(a) = ROOM.with(|r| r.borrow_mut().take()) {
        if let Some(w) = web_sys::window() {
            w.clear_interval_with_handle(a.interval);
        }
        a.port.stop_after(0);
    }
}

/// Forgets the saved room too (the peer game is over or left).
pub fn forget() {
    leave();
    platform::remove(ROOM_KEY);
}

fn post(message: &ToWorker) {
    ROOM.with(|r| {
        if let Some(a) = r.borrow_mut().as_mut() {
            a.port.say(message);
        }
    });
}

fn from_worker(d: Dispatch, msg: FromWorker) {
    match msg {
        FromWorker::Ready => ROOM.with(|r| {
            if let Some(a) = r.borrow_mut().as_mut() {
                a.port.ready();
            }
        }),
        FromWorker::Heard { note } => {
            let out = ROOM.with(|r| {
                r.borrow_mut()
                    .as_mut()
                    .map(|a| a.neg.heard(&note, platform::now_ms()))
            });
            run(d, out.unwrap_or_default());
        }
        FromWorker::Relays { open, total, tried } => {
            let counts = vrhcaby_relay::talk::RelayCounts { open, total, tried };
            d.nav.relays.set(Some(counts));
            ROOM.with(|r| {
                if let Some(a) = r.borrow_mut().as_mut() {
                    a.relays_open = open;
                }
            });
            if counts.unreached() {
                // Every relay refused or failed: no need to wait for the fallback's time.
                fall_back(d);
            }
        }
        // The lobby's messages (`connection::lobby`'s own worker), never a room's.
        FromWorker::Tables { .. }
        | FromWorker::Published { .. }
        | FromWorker::Play { .. }
        | FromWorker::Taken { .. } => {}
    }
}

fn tick(d: Dispatch) {
    let now = platform::now_ms();
    let (out, no_relay) = ROOM.with(|r| match r.borrow_mut().as_mut() {
        Some(a) => (
            a.neg.tick(now),
            !a.fell_back && a.relays_open == 0 && now.saturating_sub(a.entered) >= FALLBACK_MS,
        ),
        None => (Vec::new(), false),
    });
    if no_relay {
        fall_back(d);
    }
    run(d, out);
}

/// No relay answers: the host is offered the manual codes; the guest is told to ask for one.
fn fall_back(d: Dispatch) {
    let first = ROOM.with(|r| {
        let mut r = r.borrow_mut();
        match r.as_mut() {
            Some(a) if !a.fell_back && !a.neg.is_open() => {
                a.fell_back = true;
                Some(a.info.role)
            }
            _ => None,
        }
    });
    if let (Some(role), Some(hooks)) = (first, HOOKS.with(Cell::get)) {
        (hooks.no_relay)(d, role);
    }
}

/// Hands what the negotiation says to the link (`Hooks::carry_out`).
fn run(d: Dispatch, todo: Vec<Do>) {
    if let Some(hooks) = HOOKS.with(Cell::get) {
        (hooks.carry_out)(d, todo);
    }
}

/// The link's offer for the room was made (`Some(code)`) or failed: what the negotiation says
/// next.
pub fn offer_made(made: Option<String>) -> Vec<Do> {
    ROOM.with(|r| {
        r.borrow_mut().as_mut().map(|a| match made {
            Some(code) => a.neg.offer_made(
                format!("{:016x}", platform::entropy()),
                code,
                platform::now_ms(),
            ),
            None => {
                a.neg.offer_failed();
                Vec::new()
            }
        })
    })
    .unwrap_or_default()
}

/// The link's answer to the offer named `offer` was made: what the negotiation says next.
pub fn answer_made(offer: &str, answer: String) -> Vec<Do> {
    ROOM.with(|r| {
        r.borrow_mut()
            .as_mut()
            .map(|a| a.neg.answer_made(offer, answer, platform::now_ms()))
    })
    .unwrap_or_default()
}

/// Says `note` in the room (again and again, until [`quiet`]).
pub fn say(note: vrhcaby_relay::Note) {
    post(&ToWorker::Say { note });
}

/// Stops saying the note.
pub fn quiet() {
    post(&ToWorker::Quiet);
}

/// The STUN/TURN servers for this room: the host's from the invitation, else this device's.
#[must_use]
pub fn ice() -> Vec<String> {
    let carried = ROOM.with(|r| r.borrow().as_ref().and_then(|a| a.info.ice.clone()));
    ice_lines(&carried.unwrap_or_else(ice_servers))
}

/// The link opened (called by the link's handler).
pub fn opened(d: Dispatch) {
    let out = ROOM.with(|r| {
        r.borrow_mut().as_mut().map(|a| {
            let out = a.neg.opened();
            // The host's room now belongs to this guest: kept for a reload.
            if let Some(token) = a.neg.pinned().filter(|t| *t != a.info.token) {
                a.info.token = token.to_string();
                save(&a.info);
            }
            out
        })
    });
    if let Some(out) = out {
        d.nav.link.set(LinkState::Online);
        run(d, out);
    }
}

/// The link went down: look for the friend again. `false` if this tab is in no room.
pub fn closed(d: Dispatch) -> bool {
    let out = ROOM.with(|r| {
        r.borrow_mut()
            .as_mut()
            .map(|a| a.neg.closed(platform::now_ms()))
    });
    match out {
        Some(out) => {
            d.nav.link.set(LinkState::Reconnecting);
            run(d, out);
            true
        }
        None => false,
    }
}
