//! The controls under the board: offer a draw (with the rules core's reason when it cannot be
//! offered), resign, Don't wait, the peer's presence and leaving, and the board settings.

use leptos::prelude::*;
use vrhcaby_rules::Side;

use super::{act, with_session, LanguageAndSound};
use crate::i18n::{self, Key};
use crate::session::Intent;
use crate::state::{
    Dispatch, LinkState, Motion, Screen, Settings, AUTO_KEY, AUTO_ROLL_KEY, FOLLOW_KEY, NUMBERS_KEY,
};

#[component]
pub fn Controls(confirm_resign: RwSignal<bool>, confirm_leave: RwSignal<bool>) -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let g = d.game;
    let s = expect_context::<Settings>();
    let mine = move |side: Option<Side>| {
        side.is_some_and(|side| {
            g.session
                .with(|x| x.as_ref().is_some_and(|x| x.controls(side)))
        })
    };
    let offer_state = move || with_session(g, |_, game, now| game.can_offer_draw(now));
    let can_offer = move || {
        matches!(offer_state(), Some(Ok(())))
            && mine(with_session(g, |_, game, _| game.turn()).flatten())
    };
    let offer_reason = move || match offer_state() {
        Some(Err(e)) => i18n::offer_blocked(s.lang.get(), &e),
        _ => String::new(),
    };
    let playing = move || with_session(g, |_, game, _| game.result().is_none()).unwrap_or(false);
    // The other device of a peer game: this device's side and whether the peer is online.
    // A memo: the row below is rebuilt only when the seat or the presence changes, not on every
    // tick (a button rebuilt five times a second cannot be pressed reliably).
    let remote = Memo::new(move |_| {
        with_session(g, |x, _, _| x.remote().map(|p| (p.seat(), p.online()))).flatten()
    });
    let hot_seat = move || with_session(g, |x, _, _| x.own_side().is_none()).unwrap_or(true);
    // The hint: for the person to move, at any point of the roll (not in peer games).
    let can_hint = move || {
        g.session
            .with(|x| x.as_ref().and_then(crate::session::computer::hint_question))
            .is_some()
    };
    let standard =
        move || with_session(g, |_, game, _| game.variant().is_standard()).unwrap_or(false);
    let with_cube = move || {
        with_session(g, |_, game, _| {
            game.variant().is_standard() && game.variant().options().cube
        })
        .unwrap_or(false)
    };
    let open = d.game.sheet;
    // Since when the other device has been offline, in a game still being played.
    let offline_since = RwSignal::new(None::<u64>);
    Effect::new(move |_| {
        let off = remote.get().is_some_and(|(_, online)| !online) && playing();
        let since = offline_since.get_untracked();
        let next = off.then(|| since.unwrap_or_else(|| g.now.get_untracked()));
        if next != since {
            offline_since.set(next);
        }
    });
    let dropped = move || {
        offline_since
            .get()
            .is_some_and(|t| g.now.get() >= t + 10_000)
    };
    view! {
        <section class="controls">
            {standard_controls()}
            // A game whose link dropped and did not come back by itself within 10 s: Reconnect,
            // and the host's link to send again (the friend may have closed theirs).
            {move || dropped().then(|| view! {
                <div class="row dropped" data-testid="dropped">
                    <button class="chip" data-testid="reconnect" on:click=move |_| crate::connection::reconnect(d)>
                        {move || s.say(Key::Reconnect)}
                    </button>
                    {move || {
                        let url = d.nav.game_link.get();
                        (!url.is_empty()).then(|| view! {
                            <button class="chip" data-testid="copy-game-link" data-link=url.clone()
                                title=move || s.say(Key::OneLink)
                                on:click=move |_| crate::platform::copy(&url)>{move || s.say(Key::CopyLink)}</button>
                        })
                    }}
                </div>
            })}
            <div class="row actions">
                // Standard backgammon has no draws (T9).
                <button data-testid="offer-draw" disabled=move || !can_offer() title=offer_reason
                    class:hidden=standard
                    on:click=move |_| act(Intent::OfferDraw)>{move || s.say(Key::OfferDraw)}</button>
                {hint_button(d, can_hint)}
                // Small screens: the settings, resigning and the way back live in a sheet.
                <button class="menu-toggle" data-testid="game-menu" aria-haspopup="dialog"
                    aria-expanded=move || open.get().to_string() aria-controls="game-sheet"
                    on:click=move |_| open.update(|o| *o = !*o)>
                    <span aria-hidden="true">"☰ "</span>{move || s.say(Key::GameMenu)}
                </button>
            </div>
            <p class="reason" data-testid="offer-reason">
                {move || if playing() && !can_offer() && !standard() { offer_reason() } else { String::new() }}
            </p>
        </section>
        <section id="game-sheet" class="sheet" data-open=move || open.get().to_string()
            aria-label=move || s.say(Key::GameMenu) data-testid="game-sheet">
            <div class="sheet-head">
                <button class="chip close" data-testid="sheet-close" on:click=move |_| open.set(false)>
                    {move || s.say(Key::Close)}
                </button>
            </div>
            <div class="group">
                <h2>{move || s.say(Key::GroupGame)}</h2>
                <div class="row">
                    <button data-testid="resign" disabled=move || !playing()
                        on:click=move |_| { open.set(false); confirm_resign.set(true); }>{move || s.say(Key::Resign)}</button>
                    <Show when=move || remote.get().is_some() && playing()>
                        <button data-testid="leave" on:click=move |_| { open.set(false); confirm_leave.set(true); }>
                            {s.say(Key::Leave)}
                        </button>
                    </Show>
                    <button data-testid="menu" on:click=move |_| { open.set(false); d.nav.screen.set(Screen::Start); }>
                        {move || s.say(Key::ToStart)}
                    </button>
                </div>
            </div>
            <div class="group">
                <h2>{move || s.say(Key::GroupBoard)}</h2>
                <div class="switches">
                    {switch("flip", s.follow_turn, FOLLOW_KEY, Key::FollowTurn, Signal::derive(move || !hot_seat()))}
                    {switch("numbers", s.numbers, NUMBERS_KEY, Key::Numbers, Signal::derive(|| false))}
                    {switch("auto-play", s.auto_play, AUTO_KEY, Key::AutoPlay, Signal::derive(|| false))}
                    // Standard with the cube: roll without asking whether to double.
                    {switch("auto-roll", s.auto_roll, AUTO_ROLL_KEY, Key::AutoRoll, Signal::derive(move || !with_cube()))}
                    // The tutor: in games on this device and against the computer.
                    {switch("tutor", s.tutor, crate::state::TUTOR_KEY, Key::Tutor, Signal::derive(move || remote.get().is_some()))}
                    <button data-testid="motion" class="chip" data-motion=move || s.motion.get().code()
                        on:click=move |_| s.next_motion()>
                        {move || s.say(match s.motion.get() {
                            Motion::Normal => Key::MotionNormal,
                            Motion::Fast => Key::MotionFast,
                            Motion::Off => Key::MotionOff,
                        })}
                    </button>
                </div>
            </div>
            <div class="group">
                <h2>{move || s.say(Key::GroupPage)}</h2>
                <div class="switches"><LanguageAndSound/></div>
            </div>
        </section>
    }
}

/// A setting that is on or off, drawn as a switch with its state visible (the knob and its
/// colour) and told (`aria-pressed`); `hidden` where it does not apply.
fn switch(
    id: &'static str,
    value: RwSignal<bool>,
    key: &'static str,
    label: Key,
    hidden: Signal<bool>,
) -> impl IntoView {
    let s = expect_context::<Settings>();
    view! {
        <button data-testid=id class="switch" class:hidden=move || hidden.get()
            aria-pressed=move || value.get().to_string()
            on:click=move |_| s.toggle(value, key)>
            <span class="track" aria-hidden="true"><span class="knob"></span></span>
            <span class="label">{move || s.say(label)}</span>
        </button>
    }
}

/// The messages over the board, in one strip between the players and the board (never under
/// the board, where a phone would hide them): the notice, the peer's notes and presence, Don't
/// wait, the tutor, the computer's failure, the forfeits, and in a player's first games what the
/// clock means.
#[component]
pub fn Strip() -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let g = d.game;
    let s = expect_context::<Settings>();
    let notice = d.notices.notice;
    // Don't wait: in a peer game by this device's own clock (with the connection's grace).
    let claimant = move || {
        let device_now = g.now.get();
        g.session
            .with(|x| x.as_ref().and_then(|x| x.claimant(device_now)))
    };
    let forfeits = move || with_session(g, |_, game, _| game.forfeits_in_a_row()).unwrap_or(0);
    let remote = Memo::new(move |_| {
        with_session(g, |x, _, _| x.remote().map(|p| (p.seat(), p.online()))).flatten()
    });
    let link_state = move || d.nav.link.get();
    view! {
        <div class="strip" data-testid="strip">
            {move || notice.get().map(|n| view! {
                <div class="notice" data-testid="notice" on:click=move |_| notice.set(None)>
                    {move || notice_text(s.lang.get(), &n)}
                </div>
            })}
            <Show when=move || claimant().is_some()>
                <button class="claim" data-testid="claim-win" on:click=move |_| act(Intent::ClaimWin)>
                    {move || claimant().map(|side| i18n::dont_wait(s.lang.get(), side)).unwrap_or_default()}
                </button>
            </Show>
            <PeerNotes/>
            {move || remote.get().map(|(me, online)| view! {
                <div class="row peer">
                    <span class="stat">{i18n::you_play(s.lang.get(), me)}</span>" "
                    // `peer-status` keeps its text contract (`online`/`offline`, for tests); the
                    // player reads the state in their language.
                    <span class=if online { "presence on" } else { "presence off" }>
                        <span class="sr-only" aria-hidden="true" data-testid="peer-status"
                            data-link=move || if online { "online" } else { link_state().name() }>
                            {if online { "online" } else { "offline" }}
                        </span>
                        {move || if online {
                            s.say(Key::Online)
                        } else if link_state() == LinkState::Reconnecting || link_state() == LinkState::Connecting {
                            s.say(Key::Reconnecting)
                        } else {
                            s.say(Key::Offline)
                        }}
                    </span>
                </div>
            })}
            {tutor_note(d)}
            {bot_failed(d)}
            <Show when=move || { forfeits() > 0 }>
                <p class="reason" data-testid="forfeits">
                    {move || format!("{}: {} / 5", s.say(Key::Forfeits), forfeits())}
                </p>
            </Show>
            {clock_note(d)}
        </div>
    }
}

/// Standard backgammon: the match score and, before the roll, Roll or Double.
fn standard_controls() -> impl IntoView {
    use super::standard::{MatchScore, RollOrDouble};
    view! { <MatchScore/><RollOrDouble/> }
}

/// A peer game's notes above the controls: the records differing for good (in words), and
/// the opponent not receiving our acts while offline (S16).
#[component]
fn PeerNotes() -> impl IntoView {
    let g = expect_context::<Dispatch>().game;
    let s = expect_context::<Settings>();
    // A memo: the notes are made again only when what they say changes (an alert inserted anew
    // on every tick would be read out again and again).
    let remote = Memo::new(move |_| {
        with_session(g, |x, game, _| {
            x.remote().map(|p| {
                (
                    p.online(),
                    p.unconfirmed(),
                    p.divergence().cloned(),
                    game.result().is_none(),
                )
            })
        })
        .flatten()
    });
    view! {
        {move || remote.get().and_then(|r| r.2).map(|dv| view! {
            <p class="halted" role="alert" data-testid="diverged">{i18n::divergence(s.lang.get(), &dv)}</p>
        })}
        {move || remote.get().filter(|r| !r.0 && r.1 > 0 && r.3).map(|r| view! {
            <p class="reason" role="status" data-testid="not-receiving" data-unconfirmed=r.1.to_string()>
                {i18n::not_receiving(s.lang.get())}
            </p>
        })}
    }
}

/// The tutor's warning about the last move, with the best way on as the hint's arrows.
fn tutor_note(d: Dispatch) -> impl IntoView {
    let s = d.settings;
    let w = d.game.tutor;
    let show = move |_| {
        let Some(warning) = w.get_untracked() else {
            return;
        };
        let len = d
            .game
            .session
            .with_untracked(|x| x.as_ref().map(|x| x.game().record().commands.len()));
        crate::drivers::bot::show_hint(
            d,
            len,
            crate::state::Hint {
                side: warning.side,
                steps: warning.rest,
            },
        );
    };
    view! {
        <Show when=move || w.with(Option::is_some)>
            <div class="tutor" data-testid="tutor-warning"
                data-loss=move || w.with(|w| w.as_ref().map(|w| i18n::fixed(w.loss, 3, false)))
                data-at=move || w.with(|w| w.as_ref().map(|w| w.at.to_string()))>
                <p>{move || w.with(|w| w.as_ref().map(|w| i18n::tutor_warning(s.lang.get(), w.loss, &w.best, w.standard)))}</p>
                <Show when=move || w.with(|w| w.as_ref().is_some_and(|w| !w.rest.is_empty()))>
                    <button class="chip" data-testid="tutor-show" on:click=show>{move || s.say(Key::TutorShow)}</button>
                </Show>
                // Standard: "points a game" is equity, explained one tap away.
                <Show when=move || w.with(|w| w.as_ref().is_some_and(|w| w.standard))>
                    <details class="what" data-testid="equity-what">
                        <summary aria-label=move || s.say(Key::EquityWhat) title=move || s.say(Key::EquityWhat)>"?"</summary>
                        <p>{move || i18n::equity_meaning(s.lang.get())}</p>
                    </details>
                </Show>
            </div>
        </Show>
    }
}

/// How many games have shown what the clock means and the last of them (its first command's
/// time), as "count time" (`CLOCK_NOTE_KEY`); after [`CLOCK_NOTE_GAMES`] games it is not shown
/// again, nor once closed.
const CLOCK_NOTE_KEY: &str = "vrhcaby.clock-note";
const CLOCK_NOTE_GAMES: u32 = 3;

/// The clock note's record: (games counted, the last game counted).
fn clock_note_seen() -> (u32, Option<u64>) {
    let saved = crate::platform::load(CLOCK_NOTE_KEY).unwrap_or_default();
    let mut parts = saved.split(' ');
    let n = parts.next().and_then(|n| n.parse().ok()).unwrap_or(0);
    (n, parts.next().and_then(|t| t.parse().ok()))
}

/// In a player's first games with the house clock (R16–R17), while the game is young: what
/// happens when the ring runs out. Each game counts once, also across reloads.
fn clock_note(d: Dispatch) -> impl IntoView {
    let s = d.settings;
    let g = d.game;
    let seen = RwSignal::new(clock_note_seen());
    let young = Memo::new(move |_| {
        with_session(g, |_, game, _| {
            let record = &game.record().commands;
            let first = record.first()?.t;
            (game.variant().clock() == vrhcaby_rules::Clock::House
                && game.result().is_none()
                && record.len() < 8)
                .then_some(first)
        })
        .flatten()
    });
    Effect::new(move |_| {
        if let Some(game) = young.get() {
            let (n, last) = seen.get_untracked();
            if last != Some(game) && n < CLOCK_NOTE_GAMES {
                crate::platform::store(CLOCK_NOTE_KEY, &format!("{} {game}", n + 1));
                seen.set((n + 1, Some(game)));
            }
        }
    });
    let visible = move || {
        let (n, last) = seen.get();
        young.get().is_some_and(|game| last == Some(game)) && n <= CLOCK_NOTE_GAMES
    };
    view! {
        <Show when=visible>
            <p class="clock-note" data-testid="clock-note">
                // The computer never presses Don't wait: against it time costs nothing.
                <span>{move || s.say(if with_session(g, |x, _, _| x.kind()) == Some(crate::session::Kind::Bot) {
                    Key::ClockNoteBot
                } else {
                    Key::ClockNote
                })}</span>
                <button class="chip" data-testid="clock-note-close" aria-label=move || s.say(Key::Close)
                    on:click=move |_| {
                        let past = CLOCK_NOTE_GAMES + 1;
                        crate::platform::store(CLOCK_NOTE_KEY, &past.to_string());
                        seen.set((past, None));
                    }>"×"</button>
            </p>
        </Show>
    }
}

/// The hint (the computer's worker answers it).
fn hint_button(d: Dispatch, can_hint: impl Fn() -> bool + Send + Sync + 'static) -> impl IntoView {
    let s = d.settings;
    view! {
        <button data-testid="hint" disabled=move || !can_hint()
            on:click=move |_| crate::drivers::bot::ask_hint(d)>{move || s.say(Key::Hint)}</button>
    }
}

/// When the computer's worker could not be loaded: an alert with a retry instead of a computer
/// that silently never moves.
fn bot_failed(d: Dispatch) -> impl IntoView {
    let s = d.settings;
    view! {
        <Show when=move || d.game.bot_failed.get()>
            <p class="halted" role="alert" data-testid="bot-failed">
                {move || s.say(Key::BotFailed)}" "
                <button class="primary" data-testid="bot-retry"
                    on:click=move |_| crate::drivers::bot::retry(d)>{move || s.say(Key::Retry)}</button>
            </p>
        </Show>
    }
}

/// A notice in the player's language.
fn notice_text(lang: crate::i18n::Lang, n: &crate::state::Notice) -> String {
    use crate::state::Notice;
    match n {
        Notice::Lot(first) => crate::i18n::lot(lang, *first),
        Notice::Forfeit { side, roll } => {
            crate::i18n::forfeited(lang, *side, roll.high().value(), roll.low().value())
        }
        Notice::DrawDeclined(by) => crate::i18n::draw_declined(lang, *by),
        Notice::Refused(e) => crate::i18n::session_error(lang, e),
        Notice::Peer(e) => crate::i18n::peer_error(lang, e),
        Notice::Crossed(c) => crate::i18n::crossed(lang, *c),
        Notice::DiceLate { mine } => crate::i18n::dice_late(lang, *mine),
    }
}
