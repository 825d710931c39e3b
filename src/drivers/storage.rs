//! Storage: every kind of game in its own slot (a save never removes another kind's game), the
//! first format's single slot migrated on start, and the games the start screen offers. Opening
//! a game claims it for this tab first (`tab`), so two tabs never write the same game.

use leptos::prelude::*;
use vrhcaby_rules::SeededDice;
use vrhcaby_rules::Side;

use super::tab::{self, Claim};
use crate::platform;
use crate::session::save::{legacy_slot, LEGACY_KEY};
use crate::session::{Dice, Effect, Input, Kind, Session};
use crate::state::{Dispatch, Screen};

/// The rules choice on the start screen, remembered (`screens::setup` writes them).
pub const RULES_KEY: &str = "vrhcaby.new.rules";
pub const LENGTH_KEY: &str = "vrhcaby.new.length";

/// The rules New game would start, as remembered (for a game with a friend, which the start
/// screen's choice leads to): standard games between two devices run on the
/// house clock (T10: S13–S16 judge each device by it).
#[must_use]
pub fn remembered_variant_for_peer() -> vrhcaby_rules::Variant {
    if platform::load(RULES_KEY).as_deref() != Some("standard") {
        return vrhcaby_rules::Variant::VRHCABY;
    }
    let n = platform::load(LENGTH_KEY)
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let v = crate::session::variants::variant_for(n, None);
    vrhcaby_rules::Variant::standard(vrhcaby_rules::Options {
        clock: vrhcaby_rules::Clock::House,
        ..v.options()
    })
    .unwrap_or(v)
}

/// The dice for a game on this device: `?seed=N` makes them deterministic.
#[must_use]
pub fn dice() -> Dice {
    match platform::seed() {
        Some(seed) => Dice::Seeded(SeededDice::new(seed)),
        None => Dice::Other(Box::new(platform::CryptoDice)),
    }
}

pub fn install(d: Dispatch) {
    d.on_effect(|d, e| {
        if *e == Effect::Save {
            save(d);
        }
    });
}

fn save(d: Dispatch) {
    let Some((kind, text, over, invitation)) = d.game.session.with_untracked(|s| {
        s.as_ref().map(|s| {
            (
                s.kind(),
                s.save(),
                s.game().result().is_some(),
                s.unused_invitation(),
            )
        })
    }) else {
        return;
    };
    if text.is_empty() {
        return;
    }
    platform::store(kind.key(), &text);
    if kind == Kind::Peer {
        d.nav.invitation.set(invitation);
    }
    d.nav.saved.update(|v| {
        v.retain(|k| *k != kind);
        if !over && !invitation {
            v.push(kind);
        }
    });
    if d.nav
        .load_error
        .with_untracked(|e| e.as_ref().is_some_and(|(k, _)| *k == kind))
    {
        d.nav.load_error.set(None);
    }
}

/// Moves a first-format save to its kind's slot (never over a newer save of that kind).
fn migrate() {
    let Some(old) = platform::load(LEGACY_KEY) else {
        return;
    };
    let kind = legacy_slot(&old);
    if platform::load(kind.key()).is_none() && !platform::store(kind.key(), &old) {
        return;
    }
    platform::remove(LEGACY_KEY);
}

/// Whether a saved game is still being played, and whether it is an invitation nobody used;
/// a broken save is an error to show.
fn in_progress(text: &str) -> Result<(bool, bool), crate::session::LoadError> {
    // A game with another device says it of itself (reading it whole takes the connection's
    // chunk); one saved before it said so is taken as in progress, and read when opened.
    if crate::session::save::kind_of(text) == Some(Kind::Peer) {
        return crate::session::save::peer_summary(text)
            .map(|sum| (!sum.over.unwrap_or(false), sum.unused.unwrap_or(false)));
    }
    Session::load(text, Dice::Seeded(SeededDice::new(0)))
        .map(|s| (s.game().result().is_none(), s.unused_invitation()))
}

/// On start: migrates, lists the saved games in progress, and returns the one to continue when
/// it is the only one (with several, the start screen offers each); an invitation nobody used
/// is not a game in progress: alone, it is shown again (its link, waiting for the friend).
pub fn startup(d: Dispatch) -> Option<Kind> {
    migrate();
    let mut saved = Vec::new();
    for kind in Kind::ALL {
        let Some(text) = platform::load(kind.key()) else {
            continue;
        };
        match in_progress(&text) {
            Ok((true, true)) => d.nav.invitation.set(true),
            Ok((true, false)) => saved.push(kind),
            Ok(_) => {}
            Err(e) => d.nav.load_error.set(Some((kind, e))),
        }
    }
    let auto = match (saved.as_slice(), d.nav.invitation.get_untracked()) {
        ([one], false) => Some(*one),
        ([], true) => Some(Kind::Peer),
        _ => None,
    };
    d.nav.saved.set(saved);
    auto
}

/// Makes `session` this tab's game, releasing the lock of a game of another kind.
fn switch(d: Dispatch, session: Session) {
    let old = d
        .game
        .session
        .with_untracked(|s| s.as_ref().map(Session::kind));
    if let Some(old) = old.filter(|k| *k != session.kind()) {
        tab::release(old);
    }
    d.nav.busy.set(None);
    d.set_session(Some(session));
}

/// Another tab took the game of `kind` over: stop playing it here.
fn lost(d: Dispatch, kind: Kind) {
    if d.game
        .session
        .with_untracked(|s| s.as_ref().is_some_and(|s| s.kind() == kind))
    {
        d.set_session(None);
        d.nav.screen.set(Screen::Start);
    }
    d.nav.busy.set(Some(kind));
}

/// Claims the game of `kind` for this tab, then runs `then`; when another tab holds it, the
/// start screen says so (and offers to take it over).
pub fn with_claim(d: Dispatch, kind: Kind, steal: bool, then: impl FnOnce() + 'static) {
    CLAIMS.with(|c| c.set(c.get() + 1));
    tab::claim(
        kind,
        steal,
        move |claim| {
            CLAIMS.with(|c| c.set(c.get().saturating_sub(1)));
            match claim {
                Claim::Held => then(),
                Claim::Busy => {
                    d.nav.busy.set(Some(kind));
                    d.nav.screen.set(Screen::Start);
                }
            }
            if !claiming() {
                opened(d);
            }
        },
        move || lost(d, kind),
    );
}

thread_local! {
    /// Claims asked of the Web Locks API and not yet answered.
    static CLAIMS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Whether a claim on a game is still unanswered (the API answers asynchronously).
#[must_use]
pub fn claiming() -> bool {
    CLAIMS.with(std::cell::Cell::get) > 0
}

/// The app's first screen waits for the claims of the game it opens (a game continued: that
/// claim does not steal, so the browser's answer decides): the painted start screen stays
/// meanwhile, instead of the app's start screen being drawn only to be replaced (on the throttled
/// phone that was ≈ 0.15 s before the board, bench/FIGURES.md). Called by the app after its first
/// actions.
pub fn wait_for_claims(d: Dispatch) {
    if !claiming() {
        opened(d);
        return;
    }
    d.nav.opening.set(true);
    // Never stuck behind a lock request that does not answer: the start screen then.
    set_timeout(move || opened(d), std::time::Duration::from_secs(3));
}

/// The app's first screen is decided: it replaces the painted one.
fn opened(d: Dispatch) {
    if d.nav.opening.get_untracked() {
        d.nav.opening.set(false);
    }
    platform::remove_boot_screen();
}

/// The screen of a game opened: the board, or for an invitation nobody used yet its link and
/// the wait for the friend (the connection puts the page back into its room by itself).
fn screen_of(session: &Session) -> Screen {
    if session.unused_invitation() {
        Screen::Friend
    } else {
        Screen::Game
    }
}

/// Opens the saved game of `kind` (`steal`: taking it over from another tab).
pub fn open(d: Dispatch, kind: Kind, steal: bool) {
    if let Some(screen) = d
        .game
        .session
        .with_untracked(|s| s.as_ref().filter(|s| s.kind() == kind).map(screen_of))
    {
        d.nav.screen.set(screen);
        return;
    }
    with_claim(d, kind, steal, move || {
        let Some(text) = platform::load(kind.key()) else {
            return;
        };
        if kind == Kind::Peer {
            // Read by the connection, in its chunk ([`open_read`] follows).
            d.nav.restore.set(Some(text));
            return;
        }
        open_read(d, kind, Session::load(&text, dice()));
    });
}

/// A saved game of `kind` read (or not): on the screen, or its error said.
pub fn open_read(d: Dispatch, kind: Kind, read: Result<Session, crate::session::LoadError>) {
    match read {
        Ok(session) => {
            let screen = screen_of(&session);
            switch(d, session);
            d.nav.load_error.set(None);
            d.nav.screen.set(screen);
            // R19: ten hours may have passed while the page was closed.
            d.input(Input::Tick);
        }
        Err(e) => {
            tab::release(kind);
            d.nav.load_error.set(Some((kind, e)));
        }
    }
}

/// Withdraws the invitation nobody used: its game is dropped (and with it the room, by the
/// connection's own rule) and its save removed.
pub fn withdraw_invitation(d: Dispatch) {
    if d.game
        .session
        .with_untracked(|s| s.as_ref().is_some_and(Session::unused_invitation))
    {
        d.set_session(None);
        tab::release(Kind::Peer);
    }
    platform::remove(Kind::Peer.key());
    d.nav.invitation.set(false);
}

/// Starts a new game on this device (replacing the saved one of that kind).
pub fn new_local(d: Dispatch) {
    new_local_under(d, vrhcaby_rules::Variant::VRHCABY);
}

/// Starts a new game on this device under `variant` (standard: a new match or money play).
pub fn new_local_under(d: Dispatch, variant: vrhcaby_rules::Variant) {
    with_claim(d, Kind::Local, true, move || {
        switch(d, Session::hot_seat_under(dice(), variant));
        d.nav.screen.set(Screen::Game);
        d.perform(&Effect::Save);
    });
}

/// Standard: the next game of the match (or of money play) after the finished one on this
/// device.
pub fn next_game(d: Dispatch) {
    let Some(next) = d
        .game
        .session
        .with_untracked(|s| s.as_ref()?.next_game(dice(), platform::now_ms()))
    else {
        return;
    };
    let kind = next.kind();
    let finished = d
        .game
        .session
        .with_untracked(|s| s.as_ref().map(|s| s.game().record().clone()));
    with_claim(d, kind, true, move || {
        // The finished game joins the match's kept games (for its `.mat` file).
        if let Some(record) = &finished {
            super::records::keep_finished(kind, record);
        }
        switch(d, next);
        d.nav.screen.set(Screen::Game);
        d.perform(&Effect::Save);
        // Between two devices: the new game's hello on the link that is still open.
        if kind == Kind::Peer {
            d.input(Input::Link(crate::session::LinkInput::Open));
        }
    });
}

/// The rematch of the finished game: the next game of its series, the seats kept or swapped on
/// this device, kept between two devices (`Session::rematch`). Nothing for a game not over.
pub fn rematch(d: Dispatch, swap: bool) {
    let Some(next) = d
        .game
        .session
        .with_untracked(|s| s.as_ref()?.rematch(dice(), swap, platform::now_ms()))
    else {
        return;
    };
    let kind = next.kind();
    with_claim(d, kind, true, move || {
        switch(d, next);
        d.nav.screen.set(Screen::Game);
        d.perform(&Effect::Save);
        // Between two devices: the new game's hello on the link that is still open.
        if kind == Kind::Peer {
            d.input(Input::Link(crate::session::LinkInput::Open));
        }
    });
}

/// The computer's levels (the CLI's names), weakest first.
pub const LEVELS: [&str; 4] = ["beginner", "intermediate", "expert", "strongest"];

/// Starts a new game against the computer at `level`; the person plays `side` (`None`: a random
/// side, from `?seed=` when given). Replaces the saved game against the computer.
pub fn new_bot(d: Dispatch, level: &str, side: Option<Side>) {
    new_bot_under(d, level, side, vrhcaby_rules::Variant::VRHCABY);
}

/// [`new_bot`] under `variant` (standard backgammon: a match or money play against it).
pub fn new_bot_under(
    d: Dispatch,
    level: &str,
    side: Option<Side>,
    variant: vrhcaby_rules::Variant,
) {
    let entropy = platform::seed().unwrap_or_else(platform::entropy);
    let person = side.unwrap_or(if entropy % 2 == 0 {
        Side::White
    } else {
        Side::Black
    });
    let computer = crate::session::Computer {
        side: !person,
        level: level.to_owned(),
        seed: (entropy & 0x7fff_ffff) as u32,
    };
    with_claim(d, Kind::Bot, true, move || {
        switch(d, Session::computer_under(dice(), computer, variant));
        d.nav.screen.set(Screen::Game);
        d.perform(&Effect::Save);
    });
}

/// "Play the computer": its set-up screen.
pub fn computer(d: Dispatch) {
    d.nav.screen.set(Screen::Computer);
}

/// An address the game's second page once handed over (its `peer/` address redirects here,
/// keeping the fragment): each lands where it meant — a game continued, the computer's set-up,
/// My games — or on the start screen (an import, a new standard game: choose again there).
pub fn old_address(d: Dispatch) -> bool {
    let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) else {
        return false;
    };
    let known = [
        "#continue=",
        "#computer",
        "#bot=",
        "#history",
        "#rematch",
        "#import",
        "#new=",
    ];
    if !known.iter().any(|k| hash.starts_with(k)) {
        return false;
    }
    crate::platform::clear_fragment();
    if hash.starts_with("#continue=local") || hash == "#rematch" {
        open(d, Kind::Local, false);
    } else if hash == "#continue=bot" {
        open(d, Kind::Bot, false);
    } else if hash == "#computer" || hash.starts_with("#bot=") {
        d.nav.screen.set(Screen::Computer);
    } else if hash == "#history" {
        d.nav.screen.set(Screen::History);
    }
    true
}

/// A new or reconnected peer game from the link becomes this tab's game.
pub fn adopt(d: Dispatch, session: Session, then: impl FnOnce() + 'static) {
    let kind = session.kind();
    with_claim(d, kind, true, move || {
        switch(d, session);
        d.perform(&Effect::Save);
        then();
    });
}

/// The saved text of the game of `kind`, if any.
#[must_use]
pub fn saved_text(kind: Kind) -> Option<String> {
    platform::load(kind.key())
}
