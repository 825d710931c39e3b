//! Storage: every kind of game in its own slot (a save never removes another kind's game), the
//! first format's single slot migrated on start, and the games the start screen offers. Opening
//! a game claims it for this tab first (`tab`), so two tabs never write the same game.

use leptos::prelude::*;
use vrhcaby_rules::SeededDice;
#[cfg(feature = "computer")]
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
/// page's choice leads to on the full app): standard games between two devices run on the
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
    let Some((kind, text, over)) = d.game.session.with_untracked(|s| {
        s.as_ref()
            .map(|s| (s.kind(), s.save(), s.game().result().is_some()))
    }) else {
        return;
    };
    if text.is_empty() {
        return;
    }
    platform::store(kind.key(), &text);
    d.nav.saved.update(|v| {
        v.retain(|k| *k != kind);
        if !over {
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

/// Whether a saved game is still being played; a broken save is an error to show.
fn in_progress(kind: Kind, text: &str) -> Result<bool, crate::session::LoadError> {
    if kind == Kind::Peer && !cfg!(feature = "peer") {
        // This page cannot read it: the peer page continues it.
        return Ok(true);
    }
    if is_standard(text) && !cfg!(feature = "standard") {
        // A standard game: the full app continues it.
        return Ok(true);
    }
    Session::load(text, Dice::Seeded(SeededDice::new(0))).map(|s| s.game().result().is_none())
}

/// On start: migrates, lists the saved games in progress, and returns the one to continue when
/// it is the only one (with several, the start screen offers each).
pub fn startup(d: Dispatch) -> Option<Kind> {
    migrate();
    let mut saved = Vec::new();
    for kind in Kind::ALL {
        let Some(text) = platform::load(kind.key()) else {
            continue;
        };
        match in_progress(kind, &text) {
            Ok(true) => saved.push(kind),
            Ok(false) => {}
            Err(e) => d.nav.load_error.set(Some((kind, e))),
        }
    }
    let auto = match saved.as_slice() {
        [one] => Some(*one),
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
    tab::claim(
        kind,
        steal,
        move |claim| match claim {
            Claim::Held => then(),
            Claim::Busy => {
                d.nav.busy.set(Some(kind));
                d.nav.screen.set(Screen::Start);
            }
        },
        move || lost(d, kind),
    );
}

/// Whether a saved game is one of standard backgammon (the start page hands those over).
fn is_standard(text: &str) -> bool {
    // A byte scan: `str::contains` would bring its searcher into the start page.
    const RULES: &[u8] = b"\"rules\":\"standard\"";
    text.as_bytes().windows(RULES.len()).any(|w| w == RULES)
}

/// Opens the saved game of `kind` (`steal`: taking it over from another tab).
pub fn open(d: Dispatch, kind: Kind, steal: bool) {
    #[cfg(not(feature = "standard"))]
    if kind != Kind::Peer && platform::load(kind.key()).is_some_and(|t| is_standard(&t)) {
        open_full_app(&format!("#continue={}", kind.name()));
        return;
    }
    #[cfg(not(feature = "peer"))]
    if kind == Kind::Peer {
        super::link::open_peer_page("");
        return;
    }
    #[cfg(not(feature = "computer"))]
    if kind == Kind::Bot {
        open_full_app("#continue=bot");
        return;
    }
    if d.game
        .session
        .with_untracked(|s| s.as_ref().is_some_and(|s| s.kind() == kind))
    {
        d.nav.screen.set(Screen::Game);
        return;
    }
    with_claim(d, kind, steal, move || {
        let Some(text) = platform::load(kind.key()) else {
            return;
        };
        match Session::load(&text, dice()) {
            Ok(session) => {
                switch(d, session);
                d.nav.load_error.set(None);
                d.nav.screen.set(Screen::Game);
                // R19: ten hours may have passed while the page was closed.
                d.input(Input::Tick);
            }
            Err(e) => {
                tab::release(kind);
                d.nav.load_error.set(Some((kind, e)));
            }
        }
    });
}

/// Starts a new game on this device (replacing the saved one of that kind).
pub fn new_local(d: Dispatch) {
    new_local_under(d, vrhcaby_rules::Variant::VRHCABY);
}

/// Starts a new game on this device under `variant` (standard: a new match or money play). The
/// start page plays only the house rules: a standard game opens on the full app
/// (`peer/#new=standard&length=N`).
pub fn new_local_under(d: Dispatch, variant: vrhcaby_rules::Variant) {
    #[cfg(not(feature = "standard"))]
    if variant.is_standard() {
        let n = variant.options().match_length;
        open_full_app(&format!("#new=standard&length={n}"));
        return;
    }
    with_claim(d, Kind::Local, true, move || {
        switch(d, Session::hot_seat_under(dice(), variant));
        d.nav.screen.set(Screen::Game);
        d.perform(&Effect::Save);
    });
}

/// Standard: the next game of the match (or of money play) after the finished one on this
/// device.
#[cfg(feature = "standard")]
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

/// The start page's hand-over of a new standard game (`#new=standard&length=N`): a match to N
/// (0: money play) with the default options.
#[cfg(feature = "standard")]
pub fn standard_request_in_url(d: Dispatch) -> bool {
    let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) else {
        return false;
    };
    let Some(length) = hash.strip_prefix("#new=standard&length=") else {
        return false;
    };
    crate::invite::clear_invitation_from_url();
    let n = length.parse::<u8>().unwrap_or(5);
    new_local_under(d, crate::session::variants::variant_for(n, None));
    true
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

/// The start page's rematch (`peer/#rematch`): the saved game on this device, if it is over, is
/// followed by its rematch, in one claim of the game (no second load can race it); a game not
/// over simply continues.
#[cfg(feature = "viewer")]
pub fn rematch_saved(d: Dispatch) {
    let next = platform::load(Kind::Local.key())
        .and_then(|text| Session::load(&text, dice()).ok())
        .and_then(|finished| finished.rematch(dice(), false, platform::now_ms()));
    let Some(next) = next else {
        open(d, Kind::Local, false);
        return;
    };
    with_claim(d, Kind::Local, true, move || {
        switch(d, next);
        d.nav.screen.set(Screen::Game);
        d.perform(&Effect::Save);
    });
}

/// The computer's levels (the CLI's names), weakest first.
#[cfg(feature = "computer")]
pub const LEVELS: [&str; 4] = ["beginner", "intermediate", "expert", "strongest"];

/// Starts a new game against the computer at `level`; the person plays `side` (`None`: a random
/// side, from `?seed=` when given). Replaces the saved game against the computer.
#[cfg(feature = "computer")]
pub fn new_bot(d: Dispatch, level: &str, side: Option<Side>) {
    new_bot_under(d, level, side, vrhcaby_rules::Variant::VRHCABY);
}

/// [`new_bot`] under `variant` (standard backgammon: a match or money play against it).
#[cfg(feature = "computer")]
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

/// "Play the computer": its set-up screen (on the start page: the full app's, `peer/#computer`).
pub fn computer(d: Dispatch) {
    #[cfg(not(feature = "computer"))]
    {
        let _ = d;
        open_full_app("#computer");
    }
    #[cfg(feature = "computer")]
    d.nav.screen.set(Screen::Computer);
}

/// Opens the full app (`peer/`, which has peer-to-peer play and the computer), keeping the query
/// (`?seed=`) and adding `fragment`.
#[cfg(any(not(feature = "computer"), not(feature = "standard")))]
pub fn open_full_app(fragment: &str) {
    if let Some(w) = web_sys::window() {
        let search = w.location().search().unwrap_or_default();
        let _ = w.location().assign(&format!("./peer/{search}{fragment}"));
    }
}

/// What the start page asked the full app to do (`#computer`: the set-up screen, `#bot=level:side`,
/// `#continue=bot`, or `#continue=local&hint`: its game on this device, with the hint).
#[cfg(feature = "computer")]
pub fn bot_request_in_url(d: Dispatch) -> bool {
    let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) else {
        return false;
    };
    if hash == "#continue=local" {
        crate::invite::clear_invitation_from_url();
        open(d, Kind::Local, false);
        return true;
    }
    if hash == "#continue=bot" {
        crate::invite::clear_invitation_from_url();
        open(d, Kind::Bot, false);
        return true;
    }
    if hash == "#continue=local&hint" {
        // The start page's hint: continue its game here and show the hint once it is open.
        crate::invite::clear_invitation_from_url();
        open(d, Kind::Local, false);
        leptos::prelude::Effect::new(move |asked: Option<bool>| {
            if asked == Some(true) {
                return true;
            }
            let open = d
                .game
                .session
                .with(|s| s.as_ref().is_some_and(|s| s.kind() == Kind::Local));
            if open {
                crate::drivers::bot::ask_hint(d);
            }
            open
        });
        return true;
    }
    if hash == "#computer" {
        crate::invite::clear_invitation_from_url();
        d.nav.screen.set(Screen::Computer);
        return true;
    }
    let Some((level, side)) = hash.strip_prefix("#bot=").and_then(|r| r.split_once(':')) else {
        return false;
    };
    let level = LEVELS
        .into_iter()
        .find(|l| *l == level)
        .unwrap_or("intermediate");
    let side = Side::ALL.into_iter().find(|s| s.name() == side);
    crate::invite::clear_invitation_from_url();
    new_bot(d, level, side);
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
