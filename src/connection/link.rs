//! The app's one WebRTC link: invitations, answers, and the wiring between the link and the
//! session (every link event and message goes through `Dispatch::input`, like a click; every
//! `Effect::Send` goes out here).

use std::cell::RefCell;

use leptos::prelude::*;
use vrhcaby_p2p::PeerGame;
use vrhcaby_relay::Role;
use vrhcaby_rules::Side;

use vrhcaby_relay::Do;

use super::ice::{ice_lines, ice_servers, DEFAULT_ICE};
pub use super::invite::{answer_in_url, invitation_in_url, room_in_url};
use super::net::webrtc::{Link, LinkEvent};
use super::room::{self, RoomInfo};
use super::sat;
use crate::drivers::storage;
use crate::platform;
use crate::session::{Effect, Input, Kind, LinkInput, PeerSession, Session};
use crate::state::{Dispatch, LinkState, Screen, Stage};

thread_local! {
    static LINK: RefCell<Option<Link>> = const { RefCell::new(None) };
}

/// What the room hands this link.
const HOOKS: room::Hooks = room::Hooks {
    carry_out,
    no_relay,
};

/// Carries out what the room's negotiation says.
fn carry_out(d: Dispatch, todo: Vec<Do>) {
    for act in todo {
        match act {
            Do::MakeOffer => {
                let ice = room::ice();
                leptos::task::spawn_local(async move {
                    let made = offer_in_room(d, &ice).await;
                    carry_out(d, room::offer_made(made));
                });
            }
            Do::Answer { offer, code } => {
                let ice = room::ice();
                leptos::task::spawn_local(async move {
                    let Some(answer) = answer_in_room(d, &ice, &code).await else {
                        return;
                    };
                    carry_out(d, room::answer_made(&offer, answer));
                });
            }
            Do::Accept { code } => accept_in_room(d, code),
            Do::Publish(note) => room::say(note),
            Do::Quiet => room::quiet(),
        }
    }
}

/// Carries the session's messages to the peer, and drops the link when the game on this tab is
/// no longer a peer game; a peer game with no room and no open link goes back into its room
/// (`resume`: the connection's entry, which loads this chunk first).
pub fn install(d: Dispatch, resume: fn(Dispatch), restore: fn(Dispatch, String)) {
    // A saved game with another device to open: read here, in the connection's chunk.
    leptos::prelude::Effect::new(move |_| {
        if let Some(text) = d.nav.restore.get() {
            d.nav.restore.set(None);
            restore(d, text);
        }
    });
    d.on_effect(|_, e| {
        if let Effect::Send(m) = e {
            LINK.with(|l| {
                if let Some(link) = l.borrow().as_ref() {
                    link.send(m);
                }
            });
        }
    });
    leptos::prelude::Effect::new(move |_| {
        let peer = d
            .game
            .session
            .with(|s| s.as_ref().is_some_and(|s| s.kind() == Kind::Peer));
        // (A stranger's game on its way has no game yet on the guest's page, nor the friend
        // screen: "Someone sat down" shows meanwhile.)
        if !peer && d.nav.screen.get() != Screen::Friend && !sat::showing() {
            close();
            room::leave();
            d.nav.link.set(LinkState::Offline);
        } else if peer
            && !room::active()
            && !LINK.with(|l| l.borrow().as_ref().is_some_and(Link::is_open))
        {
            // A peer game continued on this device (a reload, a later visit): back into its
            // room, to find the friend by itself.
            resume(d);
        }
    });
}

/// Whether this tab's game is a peer game.
fn is_peer(d: Dispatch) -> bool {
    d.game
        .session
        .with_untracked(|s| s.as_ref().is_some_and(|s| s.kind() == Kind::Peer))
}

/// Drops the link (leaving a peer game or starting a local one).
pub fn close() {
    let old = LINK.with(|l| l.borrow_mut().take());
    drop(old);
}

/// The player gives up waiting for a stranger's board: the link and the room dropped, the game
/// that never began with them too.
pub fn give_up(d: Dispatch) {
    sat::drop_held();
    close();
    room::leave();
    sat::hide();
    d.nav.stage.set(Stage::Idle);
    d.nav.link.set(LinkState::Offline);
    storage::withdraw_invitation(d);
    d.nav.screen.set(Screen::Start);
}

/// The link's events, held while "Someone sat down" has not shown its time (`sat::hold`).
fn handler(d: Dispatch) -> impl Fn(LinkEvent) + 'static {
    move |ev| sat::hold(ev, move |ev| on_event(d, ev))
}

fn on_event(d: Dispatch, ev: LinkEvent) {
    match ev {
        LinkEvent::Open => {
            sat::hide();
            d.nav.stage.set(Stage::Connected);
            d.nav.link.set(LinkState::Online);
            room::opened(d);
            if is_peer(d) {
                d.input(Input::Link(LinkInput::Open));
                d.nav.screen.set(Screen::Game);
            }
        }
        LinkEvent::Message(text) => receive(d, text),
        LinkEvent::Closed => {
            // In a room, both devices look for each other again by themselves (the host's
            // link shown to send again, should the friend have closed theirs).
            if room::closed(d) {
                if let Some(info) = room::info().filter(|i| i.role == Role::Host) {
                    d.nav.game_link.set(room_link(&info));
                }
                d.input(Input::Link(LinkInput::Closed));
                return;
            }
            d.nav.link.set(LinkState::Offline);
            // A connection that never opened failed: say what to try.
            if matches!(
                d.nav.stage.get_untracked(),
                Stage::Invited(_) | Stage::Answered(_) | Stage::Connecting
            ) {
                d.nav.stage.set(Stage::Failed);
            }
            d.input(Input::Link(LinkInput::Closed));
        }
    }
}

fn receive(d: Dispatch, text: String) {
    if is_peer(d) {
        d.input(Input::Link(LinkInput::Message(text)));
        return;
    }
    // The guest learns the game from the host's hello (the session layer reads it): its saved
    // game if it is this one.
    let saved = storage::saved_text(Kind::Peer);
    let Some(session) = PeerSession::from_hello(&text, saved.as_deref(), platform::now_ms()) else {
        return;
    };
    room::bind_game(session.game_id());
    storage::adopt(d, Session::peer(session.boxed()), move || {
        d.input(Input::Link(LinkInput::Open));
        d.input(Input::Link(LinkInput::Message(text)));
        d.nav.screen.set(Screen::Game);
    });
}

/// The host: a new peer game (or the current one, to reconnect) and its one link: the friend's
/// device connects through the relays. A game whose room is saved goes back into it.
pub fn invite(d: Dispatch) {
    let current = d.game.session.with_untracked(|s| {
        s.as_ref()
            .filter(|s| s.kind() == Kind::Peer && s.game().result().is_none())
            .and_then(|s| s.remote().map(|p| p.game_id().to_string()))
    });
    close();
    if let Some(info) = current.as_deref().and_then(room::saved) {
        let again = info.role == Role::Guest || !info.game.is_empty();
        let url = room_link(&info);
        if info.role == Role::Host {
            d.nav.game_link.set(url.clone());
            d.nav.stage.set(Stage::Room(url));
        }
        room::enter(d, info, again, HOOKS);
        return;
    }
    let relays = room::relays();
    if relays.is_empty() {
        invite_manual(d);
        return;
    }
    d.nav.stage.set(Stage::Preparing);
    d.nav.screen.set(Screen::Friend);
    if let Some(game) = current {
        let info = host_room(room::new_secret(), relays, game);
        d.nav.stage.set(Stage::Room(room_link(&info)));
        room::enter(d, info, true, HOOKS);
        return;
    }
    host_new_game(d, room::new_secret(), relays, true);
}

/// The host's room of `secret` for the peer game `game`, with the host's own STUN/TURN servers
/// when it set them.
fn host_room(secret: String, relays: Vec<String>, game: String) -> RoomInfo {
    let own_ice = ice_servers();
    RoomInfo {
        secret,
        role: Role::Host,
        relays,
        ice: (own_ice.trim() != DEFAULT_ICE).then_some(own_ice),
        game,
        token: String::new(),
    }
}

/// A new peer game (the rules remembered for one), hosted in the room of `secret`; `show_link`:
/// the room's one link is shown to send (an invitation), or not (an open table's stranger).
fn host_new_game(d: Dispatch, secret: String, relays: Vec<String>, show_link: bool) {
    let id = format!("{:016x}", platform::entropy());
    let game = PeerGame::new_under(
        id.clone(),
        Side::White,
        storage::remembered_variant_for_peer(),
        platform::now_ms(),
    );
    let info = host_room(secret, relays, id);
    storage::adopt(
        d,
        Session::peer(PeerSession::new(game).boxed()),
        move || {
            // (A stranger's room has no link to send anybody.)
            let url = if show_link {
                room_link(&info)
            } else {
                String::new()
            };
            d.nav.game_link.set(url.clone());
            if show_link {
                d.nav.stage.set(Stage::Room(url));
            }
            room::enter(d, info, false, HOOKS);
        },
    );
}

/// The owner of an open table a stranger sat down at (`lobby`): a new peer game, hosted in the
/// room whose secret the stranger chose, as an invitation's host would (the game as a friend's
/// would be; no link to show).
pub fn host_table(d: Dispatch, secret: String) {
    close();
    d.nav.stage.set(Stage::Connecting);
    sat::show(d.settings.lang.get_untracked(), true, move || give_up(d));
    host_new_game(d, secret, room::relays(), false);
}

/// A stranger's table the player sat down at (`lobby`): into the room of `secret` as its
/// guest, "Someone sat down" shown meanwhile (never the friend screen).
pub fn join_table(d: Dispatch, secret: String) {
    sat::show(d.settings.lang.get_untracked(), false, move || give_up(d));
    enter_as_guest(d, secret, room::relays(), None, Stage::Connecting);
}

/// The one link of a room.
fn room_link(info: &RoomInfo) -> String {
    page_link(&super::invite::room_fragment(
        &info.secret,
        &info.relays,
        info.ice.as_deref(),
    ))
}

/// Before this tab joins as a guest: the link closed; the game it shows stays saved, and an
/// invitation this device made but nobody used is dropped (the host's hello brings the game).
fn make_way_for_a_guest(d: Dispatch) {
    close();
    let unused = d.game.session.with_untracked(|s| {
        s.as_ref()
            .is_some_and(|s| s.kind() == Kind::Peer && s.game().record().commands.is_empty())
    });
    if unused || !is_peer(d) {
        d.set_session(None);
    }
}

/// The guest opened a one-link invitation: into the room (the host's hello brings the game).
pub fn join_room(d: Dispatch, secret: String, relays: Vec<String>, ice: Option<String>) {
    d.nav.screen.set(Screen::Friend);
    enter_as_guest(d, secret, relays, ice, Stage::Joining);
}

fn enter_as_guest(
    d: Dispatch,
    secret: String,
    relays: Vec<String>,
    ice: Option<String>,
    stage: Stage,
) {
    make_way_for_a_guest(d);
    d.nav.game_link.set(String::new());
    d.nav.stage.set(stage);
    let relays = if relays.is_empty() {
        room::relays()
    } else {
        relays
    };
    let info = RoomInfo {
        secret,
        role: Role::Guest,
        relays,
        ice,
        game: String::new(),
        token: room::new_secret(),
    };
    storage::with_claim(d, Kind::Peer, true, move || {
        room::enter(d, info, false, HOOKS)
    });
}

/// The room reaches no relay: the host gets the manual codes, the guest is asked for one.
pub fn no_relay(d: Dispatch, role: Role) {
    match role {
        Role::Host => {
            room::forget();
            invite_manual(d);
        }
        Role::Guest => {
            if d.nav.stage.get_untracked() == Stage::Joining {
                d.nav.stage.set(Stage::NoRelay);
            }
        }
    }
}

/// "Connect with codes instead": the host leaves the room for the manual codes; the guest is
/// shown where to paste the host's code.
pub fn manual(d: Dispatch) {
    match room::info().map(|i| i.role) {
        Some(Role::Guest) => d.nav.stage.set(Stage::NoRelay),
        _ => {
            // The room is forgotten: this game goes on with codes (no resuming into the room).
            room::forget();
            invite_manual(d);
        }
    }
}

/// A saved game with another device read (its text, from the start screen's Continue or the
/// page's start), and opened as any saved game is.
pub fn restore(d: Dispatch, text: String) {
    storage::open_read(d, Kind::Peer, Session::load_peer(&text));
}

/// A peer game in progress continued on this device: back into its room, if it has one.
pub fn resume(d: Dispatch) {
    let game = d.game.session.with_untracked(|s| {
        s.as_ref()
            .filter(|s| s.kind() == Kind::Peer && s.game().result().is_none())
            .and_then(|s| s.remote().map(|p| p.game_id().to_string()))
    });
    if let Some(info) = game.as_deref().and_then(room::saved) {
        if !room::active() {
            // The host's link, to send again (the friend screen for an invitation nobody
            // used, the game's own offer once its link dropped).
            if info.role == Role::Host {
                let url = room_link(&info);
                d.nav.game_link.set(url.clone());
                d.nav.stage.set(Stage::Room(url));
            }
            room::enter(d, info, true, HOOKS);
        }
    }
}

/// The host in a room: a new offer on a new link. `None` if the browser could not make one.
pub async fn offer_in_room(d: Dispatch, ice: &[String]) -> Option<String> {
    close();
    let (link, code) = Link::offer(ice, handler(d)).await.ok()?;
    LINK.with(|l| *l.borrow_mut() = Some(link));
    Some(code)
}

/// The guest in a room: answers an offer on a new link.
pub async fn answer_in_room(d: Dispatch, ice: &[String], offer: &str) -> Option<String> {
    close();
    let (link, code) = Link::answer(ice, offer, handler(d)).await.ok()?;
    LINK.with(|l| *l.borrow_mut() = Some(link));
    Some(code)
}

/// The host in a room takes the guest's answer.
pub fn accept_in_room(d: Dispatch, answer: String) {
    let _ = d;
    let fut = LINK.with(|l| l.borrow().as_ref().map(|link| link.accept(&answer)));
    if let Some(fut) = fut {
        leptos::task::spawn_local(async move {
            let _ = fut.await;
        });
    }
}

/// The host: the manual codes (no relay, or asked for): an invitation code and an answer box.
pub fn invite_manual(d: Dispatch) {
    let reconnecting = d.game.session.with_untracked(|s| {
        s.as_ref()
            .is_some_and(|s| s.kind() == Kind::Peer && s.game().result().is_none())
    });
    close();
    d.nav.stage.set(Stage::Preparing);
    d.nav.screen.set(Screen::Friend);
    let offer = move || {
        leptos::task::spawn_local(async move {
            match Link::offer(&ice_lines(&ice_servers()), handler(d)).await {
                Ok((link, code)) => {
                    LINK.with(|l| *l.borrow_mut() = Some(link));
                    d.nav.stage.set(Stage::Invited(invitation_link(&code)));
                }
                Err(_) => d.nav.stage.set(Stage::Failed),
            }
        });
    };
    if reconnecting {
        offer();
    } else {
        let id = format!("{:016x}", platform::entropy());
        // The rules chosen on the start screen (remembered there); between two devices the
        // standard game runs on the house clock (T10).
        let game = PeerGame::new_under(
            id,
            Side::White,
            storage::remembered_variant_for_peer(),
            platform::now_ms(),
        );
        let session = Session::peer(PeerSession::new(game).boxed());
        storage::adopt(d, session, offer);
    }
}

/// The host pastes the guest's answer code.
pub fn connect(d: Dispatch, answer: String) {
    d.nav.stage.set(Stage::Connecting);
    leptos::task::spawn_local(async move {
        let result = LINK.with(|l| l.borrow().is_some());
        if !result {
            d.nav.stage.set(Stage::Failed);
            return;
        }
        // The link stays in the thread-local; borrow it only across the await-free call.
        let fut = LINK.with(|l| l.borrow().as_ref().map(|link| link.accept(&answer)));
        let Some(fut) = fut else { return };
        if fut.await.is_err() {
            d.nav.stage.set(Stage::Failed);
        }
    });
}

/// The guest opened an invitation (the manual codes): answer it.
pub fn join(d: Dispatch, invitation: String) {
    make_way_for_a_guest(d);
    d.nav.stage.set(Stage::Preparing);
    d.nav.screen.set(Screen::Friend);
    // Claim the peer game for this tab now, so the hello finds it held.
    storage::with_claim(d, Kind::Peer, true, move || {
        leptos::task::spawn_local(async move {
            match Link::answer(&ice_lines(&ice_servers()), &invitation, handler(d)).await {
                Ok((link, code)) => {
                    LINK.with(|l| *l.borrow_mut() = Some(link));
                    d.nav.stage.set(Stage::Answered(code));
                }
                Err(_) => d.nav.stage.set(Stage::Failed),
            }
        });
    });
}

/// The page's address with the invitation in the fragment.
fn invitation_link(code: &str) -> String {
    page_link(&format!("join={code}"))
}

/// The page's address with the guest's answer in the fragment (`connection::handover`): the same
/// page as the host's, so it opens there.
#[must_use]
pub fn answer_link(code: &str) -> String {
    page_link(&format!("answer={code}"))
}

fn page_link(fragment: &str) -> String {
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let base = base.split('#').next().unwrap_or_default();
    let base = base.split('?').next().unwrap_or_default();
    format!("{base}#{fragment}")
}
