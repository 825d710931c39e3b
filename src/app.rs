//! The app shell: screens, the shared context, and the one path every command takes
//! (`dispatch`: a session command → the rules core → events → sounds, announcements, the save).

use std::time::Duration;

use leptos::either::EitherOf4;
use leptos::prelude::*;
use vrhcaby_rules::{Command, Event, Millis, Origin, Phase, Side, Target};

use crate::board::{Board, Ghost};
use crate::controls::{Controls, Dialogs, Players};
use crate::i18n::{self, t, Key, Lang};
use crate::platform;
use crate::session::{LocalSession, Session};
use crate::sound::{self, Sound};

/// localStorage keys.
pub const SAVE_KEY: &str = "vrhcaby.local.v1";
const LANG_KEY: &str = "vrhcaby.lang";
pub const MUTE_KEY: &str = "vrhcaby.muted";
pub const NUMBERS_KEY: &str = "vrhcaby.numbers";
pub const FOLLOW_KEY: &str = "vrhcaby.follow";

/// How long the dice tumble before a roll lands, and the pause after a forfeit so it can be read.
const ROLL_DELAY: Duration = Duration::from_millis(450);
const FORFEIT_DELAY: Duration = Duration::from_millis(1400);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Start,
    HowTo,
    Game,
    /// Connecting to a friend's device (invitation, answer).
    Friend,
}

/// Everything the components share. Signals are `Copy`, so is this.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub session: RwSignal<Option<Session>>,
    pub screen: RwSignal<Screen>,
    pub lang: RwSignal<Lang>,
    pub muted: RwSignal<bool>,
    pub numbers: RwSignal<bool>,
    pub follow_turn: RwSignal<bool>,
    pub portrait: RwSignal<bool>,
    /// The selected origin, in the mover's numbering.
    pub selected: RwSignal<Option<Origin>>,
    /// The device clock, refreshed by the tick.
    pub now: RwSignal<Millis>,
    /// The ARIA live region's text.
    pub announce: RwSignal<String>,
    /// A short visible notice (a forfeited roll, a rejected command).
    pub notice: RwSignal<Option<String>>,
    pub ghosts: RwSignal<Vec<Ghost>>,
    pub rolling: RwSignal<bool>,
    pub load_error: RwSignal<Option<String>>,
    pub confirm_resign: RwSignal<bool>,
    /// Whether a saved game exists that "Continue" can open.
    pub can_continue: RwSignal<bool>,
    /// Peer-to-peer connection progress.
    pub stage: RwSignal<crate::link::Stage>,
    ghost_seq: RwSignal<u32>,
}

impl Ctx {
    fn new() -> Ctx {
        let flag = |key: &str, default: bool| platform::load(key).map_or(default, |v| v == "1");
        Ctx {
            session: RwSignal::new(None),
            screen: RwSignal::new(Screen::Start),
            lang: RwSignal::new(Lang::from_code(
                &platform::load(LANG_KEY).unwrap_or_default(),
            )),
            muted: RwSignal::new(flag(MUTE_KEY, false)),
            numbers: RwSignal::new(flag(NUMBERS_KEY, true)),
            follow_turn: RwSignal::new(flag(FOLLOW_KEY, true)),
            portrait: RwSignal::new(platform::is_portrait()),
            selected: RwSignal::new(None),
            now: RwSignal::new(platform::now_ms()),
            announce: RwSignal::new(String::new()),
            notice: RwSignal::new(None),
            ghosts: RwSignal::new(Vec::new()),
            rolling: RwSignal::new(false),
            load_error: RwSignal::new(None),
            confirm_resign: RwSignal::new(false),
            can_continue: RwSignal::new(false),
            stage: RwSignal::new(crate::link::Stage::Idle),
            ghost_seq: RwSignal::new(0),
        }
    }

    pub fn say(&self, key: Key) -> &'static str {
        t(self.lang.get(), key)
    }

    /// The side whose seat the board is drawn from.
    pub fn seat(&self) -> Side {
        if !self.follow_turn.get() {
            return Side::White;
        }
        self.session
            .with(|s| {
                s.as_ref()
                    .and_then(|s| s.seat().or(s.game().dice_owner()).or(s.game().turn()))
            })
            .unwrap_or(Side::White)
    }

    pub fn toggle_setting(&self, which: RwSignal<bool>, key: &str) {
        which.update(|v| *v = !*v);
        platform::store(key, if which.get_untracked() { "1" } else { "0" });
    }

    pub fn set_lang(&self, lang: Lang) {
        self.lang.set(lang);
        platform::store(LANG_KEY, lang.code());
    }
}

/// Runs one session command through the rules core and reacts to what happened. A rejected
/// command changes nothing and is shown as a notice.
pub fn dispatch(
    ctx: Ctx,
    f: impl FnOnce(&mut Session, Millis) -> Result<Vec<Event>, String>,
) -> bool {
    let device_now = platform::now_ms();
    let mut outcome = None;
    let mut must_save = false;
    ctx.session.maybe_update(|s| match s {
        Some(s) => {
            let now = s.now(device_now);
            let r = f(s, now);
            must_save = s.take_needs_save();
            let changed = r.as_ref().is_ok_and(|e| !e.is_empty()) || s.peer().is_some();
            outcome = Some(r);
            changed
        }
        None => false,
    });
    crate::link::flush(ctx);
    match outcome {
        Some(Ok(events)) => {
            if !events.is_empty() {
                react(ctx, &events);
            }
            if !events.is_empty() || must_save {
                save(ctx);
            }
            true
        }
        Some(Err(e)) => {
            ctx.notice.set(Some(e));
            false
        }
        None => false,
    }
}

/// A player's command from this device.
pub fn act(ctx: Ctx, cmd: Command) -> bool {
    dispatch(ctx, |s, now| s.act(cmd, now))
}

/// Plays a move for the side on turn from one origin to one target (mover's numbering).
pub fn play_move(ctx: Ctx, from: Origin, to: Target) -> bool {
    let Some(side) = ctx
        .session
        .with_untracked(|s| s.as_ref().and_then(|s| s.game().dice_owner()))
    else {
        return false;
    };
    ctx.selected.set(None);
    act(ctx, Command::Move { side, from, to })
}

fn save(ctx: Ctx) {
    if let Some(text) = ctx
        .session
        .with_untracked(|s| s.as_ref().map(Session::save))
    {
        platform::store(SAVE_KEY, &text);
        ctx.can_continue.set(true);
    }
}

fn play_sound(ctx: Ctx, s: Sound) {
    if !ctx.muted.get_untracked() {
        sound::play(s);
    }
}

/// Sounds, announcements, checker animation and selection after accepted events.
fn react(ctx: Ctx, events: &[Event]) {
    let lang = ctx.lang.get_untracked();
    let mut said = Vec::new();
    for ev in events {
        match *ev {
            Event::Started { first } => {
                let text = i18n::lot(lang, first);
                ctx.notice.set(Some(text.clone()));
                said.push(text);
            }
            Event::Rolled { side, roll } => {
                ctx.notice.set(None);
                play_sound(ctx, Sound::Dice);
                said.push(i18n::rolled(
                    lang,
                    side,
                    roll.high().value(),
                    roll.low().value(),
                ));
            }
            Event::Forfeited { side, .. } => {
                let text = format!("{} {}", i18n::side_name(lang, side), t(lang, Key::NoMove));
                ctx.notice.set(Some(text.clone()));
                said.push(text);
            }
            Event::Moved { side, mv, hit } => {
                play_sound(ctx, if hit { Sound::Hit } else { Sound::Move });
                animate_move(ctx, side, mv, hit);
                let name = |i: u8| match i {
                    0 => t(lang, Key::Off).to_string(),
                    25 => t(lang, Key::Bar).to_string(),
                    n => n.to_string(),
                };
                said.push(i18n::moved(
                    lang,
                    side,
                    &name(mv.from.index()),
                    &name(mv.to.index()),
                    hit,
                ));
            }
            Event::TurnPassed { to } => {
                ctx.selected.set(None);
                said.push(i18n::on_turn(lang, to));
            }
            Event::DrawOffered { by } => {
                ctx.selected.set(None);
                said.push(format!(
                    "{} {}",
                    i18n::side_name(lang, by),
                    t(lang, Key::DrawOffered)
                ));
            }
            Event::DrawDeclined { .. } | Event::DrawLapsed { .. } | Event::Presence { .. } => {}
            Event::GameOver { outcome, reason } => {
                ctx.selected.set(None);
                ctx.confirm_resign.set(false);
                let loser = outcome.winner().map(|w| !w);
                said.push(format!(
                    "{}: {}",
                    i18n::result_title(lang, outcome),
                    i18n::reason_text(lang, reason, loser)
                ));
            }
        }
    }
    if !said.is_empty() {
        ctx.announce.set(said.join(". "));
    }
}

fn animate_move(ctx: Ctx, side: Side, mv: vrhcaby_rules::Move, hit: bool) {
    let seq = ctx.ghost_seq.get_untracked().wrapping_add(2);
    ctx.ghost_seq.set(seq);
    let mut ghosts = vec![Ghost {
        seq,
        side,
        from_loc: mv.from.index(),
        to_loc: mv.to.index(),
    }];
    if let (true, Target::Point(p)) = (hit, mv.to) {
        ghosts.push(Ghost {
            seq: seq + 1,
            side: !side,
            from_loc: 25 - p.number(),
            to_loc: 25,
        });
    }
    ctx.ghosts.set(ghosts);
    set_timeout(
        move || {
            ctx.ghosts
                .update(|g| g.retain(|x| x.seq < seq || x.seq > seq + 1))
        },
        Duration::from_millis(240),
    );
}

/// Starts a fresh local game (the lot is drawn after a short pause, like a roll).
pub fn new_game(ctx: Ctx) {
    let session = LocalSession::new(platform::seed(), platform::entropy());
    ctx.session.set(Some(Session::Local(session)));
    crate::link::close();
    ctx.selected.set(None);
    ctx.notice.set(None);
    ctx.load_error.set(None);
    ctx.confirm_resign.set(false);
    ctx.screen.set(Screen::Game);
    save(ctx);
}

/// Opens the saved game, if it can be read; a broken save is reported, never thrown away silently.
fn continue_saved(ctx: Ctx) -> bool {
    let Some(text) = platform::load(SAVE_KEY) else {
        return false;
    };
    match Session::load(&text, platform::entropy()) {
        Ok(session) => {
            ctx.session.set(Some(session));
            ctx.selected.set(None);
            ctx.load_error.set(None);
            ctx.screen.set(Screen::Game);
            // R19: ten hours may have passed while the page was closed.
            dispatch(ctx, |s, now| s.tick(now));
            true
        }
        Err(e) => {
            ctx.load_error.set(Some(e.to_string()));
            false
        }
    }
}

/// The automatic lot and rolls (R3, R4): whenever the machine waits for dice, they come after a
/// short tumble.
fn auto_roll(ctx: Ctx) {
    Effect::new(move |_| {
        // In a peer game the dice come from the fair-dice exchange (driven by the tick and the
        // peer's messages), never from this device alone.
        let phase = ctx.session.with(|s| {
            s.as_ref()
                .and_then(|s| s.peer().is_none().then(|| s.game().phase()))
        });
        let waiting = matches!(phase, Some(Phase::Lot | Phase::Rolling));
        if !waiting || ctx.rolling.get_untracked() || ctx.screen.get() != Screen::Game {
            return;
        }
        ctx.rolling.set(true);
        let forfeit_shown = ctx.notice.get_untracked().is_some();
        set_timeout(
            move || {
                ctx.rolling.set(false);
                if ctx.screen.get_untracked() != Screen::Game {
                    return;
                }
                dispatch(ctx, |s, now| match s {
                    Session::Local(l) if l.game.phase() == Phase::Lot => {
                        l.start(now).map_err(|e| e.to_string())
                    }
                    Session::Local(l) => l.roll(now).map_err(|e| e.to_string()),
                    Session::Peer(_) => Ok(Vec::new()),
                });
            },
            if forfeit_shown {
                FORFEIT_DELAY
            } else {
                ROLL_DELAY
            },
        );
    });
}

/// The clock: refreshes `now`, lets timed events happen (S3), and warns in the last 10 seconds.
fn tick(ctx: Ctx) {
    let handle = set_interval_with_handle(
        move || {
            let device_now = platform::now_ms();
            let before = ctx.now.get_untracked();
            ctx.now.set(device_now);
            let info = ctx.session.with_untracked(|s| {
                s.as_ref().map(|s| {
                    let now = s.now(device_now);
                    let g = s.game();
                    (g.seconds_left(before), g.seconds_left(now), g.phase())
                })
            });
            let Some((was, left, phase)) = info else {
                return;
            };
            dispatch(ctx, |s, now| s.tick(now));
            if matches!(phase, Phase::Moving | Phase::DrawOffered) {
                for mark in [10, 5] {
                    if was > mark && left <= mark && left > 0 {
                        ctx.announce
                            .set(i18n::seconds_warning(ctx.lang.get_untracked(), left));
                        play_sound(ctx, Sound::Warning);
                    }
                }
            }
        },
        Duration::from_millis(200),
    );
    if let Ok(handle) = handle {
        on_cleanup(move || handle.clear());
    }
    let resize = window_event_listener(leptos::ev::resize, move |_| {
        ctx.portrait.set(platform::is_portrait());
    });
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" {
            ctx.selected.set(None);
            ctx.confirm_resign.set(false);
        }
    });
    on_cleanup(move || {
        resize.remove();
        keys.remove();
    });
}

#[component]
pub fn App() -> impl IntoView {
    let ctx = Ctx::new();
    provide_context(ctx);
    ctx.can_continue.set(platform::load(SAVE_KEY).is_some());
    // Reopening the page mid-game goes straight back to the game.
    if let Some(text) = platform::load(SAVE_KEY) {
        match Session::load(&text, 0) {
            Ok(s) if s.game().result().is_none() => {
                continue_saved(ctx);
            }
            Ok(_) => {}
            Err(e) => ctx.load_error.set(Some(e.to_string())),
        }
    }
    // Opened from a friend's invitation: answer it; "Play with a friend" from the start page:
    // make an invitation.
    if let Some(invitation) = crate::link::invitation_in_url() {
        crate::link::clear_invitation_from_url();
        crate::link::join(ctx, invitation);
    } else if web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .as_deref()
        == Some("#invite")
    {
        crate::link::clear_invitation_from_url();
        crate::link::invite(ctx);
    }
    auto_roll(ctx);
    tick(ctx);
    Effect::new(move |_| {
        if let Some(doc) = document().document_element() {
            let _ = doc.set_attribute("lang", ctx.lang.get().code());
        }
    });

    view! {
        <div class="app" class:portrait=move || ctx.portrait.get()>
            <div class="sr-only" aria-live="polite" role="status" data-testid="live">
                {move || ctx.announce.get()}
            </div>
            {move || match ctx.screen.get() {
                Screen::Start => EitherOf4::A(view! { <StartScreen/> }),
                Screen::HowTo => EitherOf4::B(view! { <HowTo/> }),
                Screen::Game => EitherOf4::C(view! { <GameScreen/> }),
                Screen::Friend => EitherOf4::D(view! { <crate::friend::FriendScreen/> }),
            }}
        </div>
    }
}

/// The language and sound chips, on every screen.
#[component]
pub fn LanguageAndSound() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <button data-testid="language" class="chip"
            on:click=move |_| ctx.set_lang(ctx.lang.get_untracked().other())>
            {move || ctx.say(Key::LanguageName)}
        </button>
        <button data-testid="mute" class="chip" aria-pressed=move || ctx.muted.get().to_string()
            on:click=move |_| ctx.toggle_setting(ctx.muted, MUTE_KEY)>
            {move || if ctx.muted.get() { ctx.say(Key::Unmute) } else { ctx.say(Key::Mute) }}
        </button>
    }
}

#[component]
fn StartScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <main class="start">
            <h1>{move || ctx.say(Key::Title)}</h1>
            <p class="tagline">{move || ctx.say(Key::Tagline)}</p>
            {move || ctx.load_error.get().map(|e| view! {
                <div class="broken" role="alert" data-testid="load-error">
                    <strong>{ctx.say(Key::SavedGameBroken)}</strong>
                    <p class="detail">{e}</p>
                    <button class="primary" data-testid="discard-save" on:click=move |_| new_game(ctx)>
                        {ctx.say(Key::StartFresh)}
                    </button>
                </div>
            })}
            <div class="menu">
                <Show when=move || ctx.can_continue.get() && ctx.load_error.get().is_none()>
                    <button class="primary" data-testid="continue" on:click=move |_| {
                        if ctx.session.with_untracked(Option::is_some) {
                            ctx.screen.set(Screen::Game);
                        } else {
                            continue_saved(ctx);
                        }
                    }>{move || ctx.say(Key::Continue)}</button>
                </Show>
                <button class="primary" data-testid="new-local-game" on:click=move |_| new_game(ctx)>
                    {move || ctx.say(Key::NewLocalGame)}
                </button>
                <button class="primary" data-testid="play-friend" on:click=move |_| crate::link::invite(ctx)>
                    {move || ctx.say(Key::PlayFriend)}
                </button>
                <button data-testid="how-to-play" on:click=move |_| ctx.screen.set(Screen::HowTo)>
                    {move || ctx.say(Key::HowToPlay)}
                </button>
            </div>
            <div class="settings"><LanguageAndSound/></div>
        </main>
    }
}

#[component]
fn HowTo() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <main class="howto">
            <h1>{move || ctx.say(Key::HowToPlay)}</h1>
            {move || i18n::how_to_play(ctx.lang.get()).iter().map(|(h, p)| view! {
                <section><h2>{*h}</h2><p>{*p}</p></section>
            }).collect_view()}
            <button class="primary" data-testid="back" on:click=move |_| ctx.screen.set(Screen::Start)>
                {move || ctx.say(Key::Back)}
            </button>
            <div class="settings"><LanguageAndSound/></div>
        </main>
    }
}

#[component]
fn GameScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <main class="game">
            <Players/>
            <Board/>
            {move || ctx.notice.get().map(|n| view! {
                <div class="notice" data-testid="notice" on:click=move |_| ctx.notice.set(None)>{n}</div>
            })}
            <Controls/>
            <Dialogs/>
        </main>
    }
}
