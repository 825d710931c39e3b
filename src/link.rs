//! The app's one WebRTC link and its wiring: invitations, answers, and the messages between the
//! link and the peer session (every message goes through `dispatch`, like a click).

use std::cell::RefCell;

use leptos::prelude::*;
use vrhcaby_p2p::{decode, Message, PeerGame};
use vrhcaby_rules::Side;

use crate::app::{dispatch, Ctx, Screen, SAVE_KEY};
pub use crate::invite::{clear_invitation_from_url, invitation_in_url, Stage};
use crate::net::webrtc::{Link, LinkEvent};
use crate::peer::PeerSession;
use crate::platform;
use crate::session::Session;

const ICE_KEY: &str = "vrhcaby.ice";
/// Public STUN servers used unless the player sets others.
pub const DEFAULT_ICE: &str = "stun:stun.l.google.com:19302\nstun:stun.cloudflare.com:3478";

thread_local! {
    static LINK: RefCell<Option<Link>> = const { RefCell::new(None) };
}

/// The ICE servers: the player's list (one URL a line) or the default.
#[must_use]
pub fn ice_servers() -> String {
    platform::load(ICE_KEY).unwrap_or_else(|| DEFAULT_ICE.to_string())
}

pub fn set_ice_servers(text: &str) {
    platform::store(ICE_KEY, text);
}

fn ice_list() -> Vec<String> {
    ice_servers()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// Sends what the peer session has queued.
pub fn flush(ctx: Ctx) {
    let msgs = ctx
        .session
        .try_update_untracked(|s| match s {
            Some(Session::Peer(p)) => p.take_outbox(),
            _ => Vec::new(),
        })
        .unwrap_or_default();
    if msgs.is_empty() {
        return;
    }
    LINK.with(|l| {
        if let Some(link) = l.borrow().as_ref() {
            for m in &msgs {
                link.send(m);
            }
        }
    });
}

/// Drops the link (leaving a peer game or starting a local one).
pub fn close() {
    let old = LINK.with(|l| l.borrow_mut().take());
    drop(old);
}

fn handler(ctx: Ctx) -> impl Fn(LinkEvent) + 'static {
    move |ev| match ev {
        LinkEvent::Open => {
            ctx.stage.set(Stage::Connected);
            dispatch(ctx, |s, now| match s {
                Session::Peer(p) => Ok(p.on_open(now)),
                Session::Local(_) => Ok(Vec::new()),
            });
            if ctx
                .session
                .with_untracked(|s| matches!(s, Some(Session::Peer(_))))
            {
                ctx.screen.set(Screen::Game);
            }
        }
        LinkEvent::Message(text) => receive(ctx, &text),
        LinkEvent::Closed => {
            // A connection that never opened failed: say what to try.
            if matches!(
                ctx.stage.get_untracked(),
                Stage::Invited(_) | Stage::Answered(_) | Stage::Connecting
            ) {
                ctx.stage.set(Stage::Failed(
                    "the devices could not reach each other".into(),
                ));
            }
            dispatch(ctx, |s, now| match s {
                Session::Peer(p) => Ok(p.on_close(now)),
                Session::Local(_) => Ok(Vec::new()),
            });
        }
    }
}

fn receive(ctx: Ctx, text: &str) {
    // The guest learns the game from the host's hello.
    let is_peer = ctx
        .session
        .with_untracked(|s| matches!(s, Some(Session::Peer(_))));
    if !is_peer {
        let Ok(Message::Hello { game_id, seat, .. }) = decode(text) else {
            return;
        };
        let saved = platform::load(SAVE_KEY)
            .and_then(|t| PeerSession::load(&t).ok())
            .filter(|p| p.pg.game_id() == game_id);
        let session = saved.unwrap_or_else(|| PeerSession::new(PeerGame::new(game_id, !seat)));
        ctx.session.set(Some(Session::Peer(session)));
        dispatch(ctx, |s, now| match s {
            Session::Peer(p) => Ok(p.on_open(now)),
            Session::Local(_) => Ok(Vec::new()),
        });
        ctx.screen.set(Screen::Game);
    }
    let text = text.to_string();
    dispatch(ctx, move |s, now| match s {
        Session::Peer(p) => {
            let events = p.receive(&text, now);
            Ok(events)
        }
        Session::Local(_) => Ok(Vec::new()),
    });
    let warning = ctx
        .session
        .try_update_untracked(|s| match s {
            Some(Session::Peer(p)) => p.take_warning(),
            _ => None,
        })
        .flatten();
    if let Some(w) = warning {
        ctx.notice.set(Some(w));
    }
}

/// The host: a new peer game (or the current one, to reconnect) and an invitation.
pub fn invite(ctx: Ctx) {
    let reconnecting = ctx
        .session
        .with_untracked(|s| matches!(s, Some(Session::Peer(p)) if p.game().result().is_none()));
    if !reconnecting {
        let id = format!("{:016x}", platform::entropy());
        let session = PeerSession::new(PeerGame::new(id, Side::White));
        ctx.session.set(Some(Session::Peer(session)));
    }
    close();
    ctx.stage.set(Stage::Preparing);
    ctx.screen.set(Screen::Friend);
    leptos::task::spawn_local(async move {
        match Link::offer(&ice_list(), handler(ctx)).await {
            Ok((link, code)) => {
                LINK.with(|l| *l.borrow_mut() = Some(link));
                ctx.stage.set(Stage::Invited(invitation_link(&code)));
            }
            Err(e) => ctx.stage.set(Stage::Failed(e)),
        }
    });
}

/// The host pastes the guest's answer code.
pub fn connect(ctx: Ctx, answer: String) {
    ctx.stage.set(Stage::Connecting);
    leptos::task::spawn_local(async move {
        let result = LINK.with(|l| l.borrow().is_some());
        if !result {
            ctx.stage.set(Stage::Failed("no invitation is open".into()));
            return;
        }
        // The link stays in the thread-local; borrow it only across the await-free call.
        let fut = LINK.with(|l| l.borrow().as_ref().map(|link| link.accept(&answer)));
        let Some(fut) = fut else { return };
        if let Err(e) = fut.await {
            ctx.stage.set(Stage::Failed(e));
        }
    });
}

/// The guest opened an invitation: answer it.
pub fn join(ctx: Ctx, invitation: String) {
    close();
    // An invitation this device made but nobody used is dropped; the host's hello brings the game.
    let unused = ctx.session.with_untracked(
        |s| matches!(s, Some(Session::Peer(p)) if p.game().record().commands.is_empty()),
    );
    if unused {
        ctx.session.set(None);
    }
    ctx.stage.set(Stage::Preparing);
    ctx.screen.set(Screen::Friend);
    leptos::task::spawn_local(async move {
        match Link::answer(&ice_list(), &invitation, handler(ctx)).await {
            Ok((link, code)) => {
                LINK.with(|l| *l.borrow_mut() = Some(link));
                ctx.stage.set(Stage::Answered(code));
            }
            Err(e) => ctx.stage.set(Stage::Failed(e)),
        }
    });
}

/// The page's address with the invitation in the fragment.
fn invitation_link(code: &str) -> String {
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let base = base.split('#').next().unwrap_or_default();
    let base = base.split('?').next().unwrap_or_default();
    format!("{base}#join={code}")
}
