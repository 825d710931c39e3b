//! The app's shared state as small contexts, and [`Dispatch`]: the one path into the session.
//! Every input — a click's intent, a tick, the automatic dice, a link event, a peer's message —
//! goes through `Dispatch::input`; the session's effects are handed to the drivers that
//! registered for them (each the only place its side effect happens).

use leptos::prelude::*;
use vrhcaby_rules::{Event, Millis, Roll, Side};

use crate::i18n::{self, t, Key, Lang};
use crate::platform;
use crate::session::{Crossing, Effect, Input, Kind, LoadError, PeerError, Session, SessionError};

/// localStorage keys of the settings.
pub const LANG_KEY: &str = "vrhcaby.lang";
pub const MUTE_KEY: &str = "vrhcaby.muted";
pub const NUMBERS_KEY: &str = "vrhcaby.numbers";
pub const FOLLOW_KEY: &str = "vrhcaby.follow";
pub const AUTO_KEY: &str = "vrhcaby.autoplay";
pub const TUTOR_KEY: &str = "vrhcaby.tutor";
pub const AUTO_ROLL_KEY: &str = "vrhcaby.autoroll";
pub const MOTION_KEY: &str = "vrhcaby.motion";
/// Also read by the inline script in `index.html` and `peer.html`, before the first paint.
pub const THEME_KEY: &str = "vrhcaby.theme";

/// How checkers glide and dice tumble. `Off` (the default where the system asks for reduced
/// motion) draws a move at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    Normal,
    Fast,
    Off,
}

impl Motion {
    pub const ALL: [Motion; 3] = [Motion::Normal, Motion::Fast, Motion::Off];

    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Motion::Normal => "normal",
            Motion::Fast => "fast",
            Motion::Off => "off",
        }
    }

    /// How long a move's glide lasts, in ms (none when off).
    #[must_use]
    pub fn glide_ms(self) -> u64 {
        match self {
            Motion::Normal => 240,
            Motion::Fast => 120,
            Motion::Off => 0,
        }
    }

    /// How long the dice tumble before a roll lands.
    #[must_use]
    pub fn tumble_ms(self) -> u64 {
        match self {
            Motion::Normal => 450,
            Motion::Fast | Motion::Off => 220,
        }
    }
}

/// The colours: the system's choice (`prefers-color-scheme`), or light or dark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// The next value of a setting that a chip cycles through, and one read back from its code.
fn next_of<T: Copy + PartialEq>(all: &[T], now: T) -> T {
    let i = all.iter().position(|v| *v == now).unwrap_or(0);
    all[(i + 1) % all.len()]
}

fn from_code<T: Copy>(all: &[T], code: &str, name: impl Fn(T) -> &'static str) -> Option<T> {
    all.iter().copied().find(|v| name(*v) == code)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Start,
    HowTo,
    Game,
    /// Connecting to a friend's device (invitation, answer).
    Friend,
    /// Setting up a game against the computer.
    Computer,
    /// The replay viewer.
    Replay,
    /// "My games": the finished games kept on this device.
    History,
    /// "Learn from your mistakes": the analysed game's puzzles.
    Learn,
    /// Open tables: "Play someone now".
    Lobby,
}

/// The hint on the board (`drivers::bot`): the steps of the strongest play for the person's roll,
/// in the mover's numbering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub side: Side,
    pub steps: Vec<crate::session::Step>,
}

/// The game on this device and the device clock (refreshed by the tick driver).
#[derive(Clone, Copy)]
pub struct GameState {
    pub session: RwSignal<Option<Session>>,
    pub now: RwSignal<Millis>,
    /// The dice are tumbling before an automatic roll lands.
    pub tumbling: RwSignal<bool>,
    /// The hint on the board (`drivers::bot`), and the record length it was asked at.
    pub hint: RwSignal<Option<Hint>>,
    pub hint_at: RwSignal<Option<usize>>,
    /// Bumped when the computer's worker answers (the bot driver looks again).
    pub bot_answers: RwSignal<u32>,
    /// The computer's worker could not be loaded or stopped working (the page offers a retry).
    pub bot_failed: RwSignal<bool>,
    /// The tutor's warning about the person's last move (`drivers::tutor`).
    pub tutor: RwSignal<Option<crate::session::tutor::Warning>>,
    /// The game screen's menu sheet is open (small screens; wide ones show it in place).
    pub sheet: RwSignal<bool>,
}

/// The player's settings, remembered in localStorage.
#[derive(Clone, Copy)]
pub struct Settings {
    pub lang: RwSignal<Lang>,
    pub muted: RwSignal<bool>,
    pub numbers: RwSignal<bool>,
    pub follow_turn: RwSignal<bool>,
    pub portrait: RwSignal<bool>,
    /// Play a roll by itself when it can be played only one way (off unless chosen).
    pub auto_play: RwSignal<bool>,
    /// Standard: roll by itself when the player here may double, as if they chose to roll
    /// (off unless chosen; the computer never waits on it).
    pub auto_roll: RwSignal<bool>,
    pub motion: RwSignal<Motion>,
    pub theme: RwSignal<Theme>,
    /// The tutor: warn of a bad move in games on this device and against the computer (off
    /// unless chosen).
    pub tutor: RwSignal<bool>,
}

impl Settings {
    fn load() -> Settings {
        let flag = |key: &str, default: bool| platform::load(key).map_or(default, |v| v == "1");
        Settings {
            // The player's choice, else the browser's language, else Czech.
            lang: RwSignal::new(
                platform::load(LANG_KEY)
                    .map(|code| Lang::from_code(&code))
                    .or_else(|| platform::browser_language().map(|tag| Lang::from_browser(&tag)))
                    .unwrap_or_default(),
            ),
            muted: RwSignal::new(flag(MUTE_KEY, false)),
            numbers: RwSignal::new(flag(NUMBERS_KEY, true)),
            follow_turn: RwSignal::new(flag(FOLLOW_KEY, true)),
            portrait: RwSignal::new(platform::is_portrait()),
            auto_play: RwSignal::new(flag(AUTO_KEY, false)),
            auto_roll: RwSignal::new(flag(AUTO_ROLL_KEY, false)),
            tutor: RwSignal::new(flag(TUTOR_KEY, false)),
            motion: RwSignal::new(
                platform::load(MOTION_KEY)
                    .and_then(|c| from_code(&Motion::ALL, &c, Motion::code))
                    .unwrap_or(if platform::media("(prefers-reduced-motion: reduce)") {
                        Motion::Off
                    } else {
                        Motion::Normal
                    }),
            ),
            theme: RwSignal::new(
                platform::load(THEME_KEY)
                    .and_then(|c| from_code(&Theme::ALL, &c, Theme::code))
                    .unwrap_or(Theme::Auto),
            ),
        }
    }

    pub fn next_motion(&self) {
        let m = next_of(&Motion::ALL, self.motion.get_untracked());
        self.motion.set(m);
        platform::store(MOTION_KEY, m.code());
    }

    /// The next theme, drawn at once (`data-theme` on the root element; `Auto` as the system
    /// prefers now).
    pub fn next_theme(&self) {
        let t = next_of(&Theme::ALL, self.theme.get_untracked());
        self.theme.set(t);
        platform::store(THEME_KEY, t.code());
        platform::show_theme(t.code());
    }

    /// A plain word in the current language (tracked).
    pub fn say(&self, key: Key) -> &'static str {
        t(self.lang.get(), key)
    }

    pub fn toggle(&self, which: RwSignal<bool>, key: &str) {
        which.update(|v| *v = !*v);
        platform::store(key, if which.get_untracked() { "1" } else { "0" });
    }

    pub fn set_lang(&self, lang: Lang) {
        self.lang.set(lang);
        platform::store(LANG_KEY, lang.code());
    }
}

/// A short visible notice, rendered in the current language when shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    Lot(Side),
    Forfeit {
        side: Side,
        roll: Roll,
    },
    /// The responder declined a draw offer (R25).
    DrawDeclined(Side),
    Refused(SessionError),
    Peer(PeerError),
    /// Two acts crossed in flight (a peer game).
    Crossed(Crossing),
    /// A side's part of the dice exchange is late (S14); `mine`: the player here is late.
    DiceLate {
        mine: bool,
    },
}

/// One batch of events, numbered so the board can plan an animation per batch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Batch {
    pub seq: u32,
    pub events: Vec<Event>,
}

/// What the player is told: a notice, the ARIA live region, and the last events.
#[derive(Clone, Copy)]
pub struct Notices {
    pub notice: RwSignal<Option<Notice>>,
    pub announce: RwSignal<String>,
    pub events: RwSignal<Batch>,
}

/// Where the player is: the screen, the saved games the start screen offers, and what stops
/// one from opening.
#[derive(Clone, Copy)]
pub struct Nav {
    pub screen: RwSignal<Screen>,
    /// The first screen waits for this tab's claim on the game it opens (`storage::wait_for_claims`):
    /// nothing is drawn, the painted start screen stays.
    pub opening: RwSignal<bool>,
    /// The kinds of game with a save in progress.
    pub saved: RwSignal<Vec<Kind>>,
    /// The game with a friend saved is an invitation nobody has used yet (not in `saved`: the
    /// start screen offers it as an invitation, never as a game that dropped).
    pub invitation: RwSignal<bool>,

    pub load_error: RwSignal<Option<(Kind, LoadError)>>,
    /// A game this tab wanted to open is open in another tab.
    pub busy: RwSignal<Option<Kind>>,
    /// Peer-to-peer connection progress.
    pub stage: RwSignal<Stage>,
    /// The link with the friend (`data-link` of `peer-status`).
    pub link: RwSignal<LinkState>,
    /// The host's one link of the game with a friend in progress, to send again once its link
    /// dropped (empty when there is none).
    pub game_link: RwSignal<String>,
    /// A saved game with another device to open (its saved text): the connection reads it, in
    /// its chunk, where the peer-to-peer protocol's code is (`connection::link::restore`).
    pub restore: RwSignal<Option<String>>,
    /// The room's relays as its worker last told; `None` before it tells.
    pub relays: RwSignal<Option<vrhcaby_relay::talk::RelayCounts>>,
    /// The record open in the replay viewer, and why the last file could not be opened.
    pub replay: RwSignal<Option<vrhcaby_rules::Record>>,
    pub import_error: RwSignal<Option<LoadError>>,
    /// The analysis of the record in the viewer.
    pub analysis: RwSignal<crate::analysis::State>,
    /// The side played here in the game open in the viewer, when it was played on this device
    /// against the computer or a friend (its puzzles are that side's mistakes only).
    pub replay_side: RwSignal<Option<Side>>,
    /// The judge's answer to the puzzle being played (`drivers::analysis::judge_puzzle`).
    pub puzzle: RwSignal<crate::learn::Judging>,
    /// The player's open table waits while they are away from the tables' screen (playing the
    /// computer meanwhile): a bar on every other screen says so (`connection::lobby`).
    pub waiting: RwSignal<bool>,
}

/// Where the link with the friend stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// Looking for the friend for the first time.
    Connecting,
    Online,
    /// The link dropped; both devices are looking for each other.
    Reconnecting,
    Offline,
}

impl LinkState {
    /// The name in `data-link` (DESIGN.md's contract).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            LinkState::Connecting => "connecting",
            LinkState::Online => "online",
            LinkState::Reconnecting => "reconnecting",
            LinkState::Offline => "offline",
        }
    }
}

/// A driver's handler for the effects it carries out (a plain function of the dispatcher).
type Sink = fn(Dispatch, &Effect);

/// The one path into the session. `Copy`, so every handler can hold one.
#[derive(Clone, Copy)]
pub struct Dispatch {
    pub game: GameState,
    pub settings: Settings,
    pub notices: Notices,
    pub nav: Nav,
    sinks: StoredValue<Vec<Sink>>,
}

impl Dispatch {
    /// Creates every context and provides them (call once, in `App`).
    pub fn provide() -> Dispatch {
        let d = Dispatch {
            game: GameState {
                session: RwSignal::new(None),
                now: RwSignal::new(platform::now_ms()),
                tumbling: RwSignal::new(false),
                hint: RwSignal::new(None),
                hint_at: RwSignal::new(None),
                bot_answers: RwSignal::new(0),
                bot_failed: RwSignal::new(false),
                tutor: RwSignal::new(None),
                sheet: RwSignal::new(false),
            },
            settings: Settings::load(),
            notices: Notices {
                notice: RwSignal::new(None),
                announce: RwSignal::new(String::new()),
                events: RwSignal::new(Batch::default()),
            },
            nav: Nav {
                screen: RwSignal::new(Screen::Start),
                opening: RwSignal::new(false),
                saved: RwSignal::new(Vec::new()),
                invitation: RwSignal::new(false),
                game_link: RwSignal::new(String::new()),
                restore: RwSignal::new(None),
                load_error: RwSignal::new(None),
                busy: RwSignal::new(None),
                stage: RwSignal::new(Stage::Idle),
                relays: RwSignal::new(None),
                link: RwSignal::new(LinkState::Offline),
                replay: RwSignal::new(None),
                import_error: RwSignal::new(None),
                analysis: RwSignal::new(crate::analysis::State::Idle),
                replay_side: RwSignal::new(None),
                puzzle: RwSignal::new(crate::learn::Judging::Idle),
                waiting: RwSignal::new(false),
            },
            sinks: StoredValue::new(Vec::new()),
        };
        provide_context(d);
        provide_context(d.game);
        provide_context(d.settings);
        provide_context(d.notices);
        provide_context(d.nav);
        d
    }

    /// A driver registers for the effects it carries out.
    pub fn on_effect(self, sink: Sink) {
        self.sinks.update_value(|s| s.push(sink));
    }

    /// Hands an effect to the drivers.
    pub fn perform(self, effect: &Effect) {
        let sinks = self.sinks.with_value(Clone::clone);
        for sink in sinks {
            sink(self, effect);
        }
    }

    /// Replaces the session (a new game, a loaded one, or none); the old one is dropped.
    pub fn set_session(self, session: Option<Session>) {
        self.notices.notice.set(None);
        self.game.session.set(session);
    }

    /// Runs one input through the session and reacts to what happened. A refused input changes
    /// nothing and is shown as a notice. Returns whether it was accepted.
    pub fn input(self, input: Input) -> bool {
        let quiet = matches!(input, Input::Tick | Input::Dice);
        let device_now = platform::now_ms();
        let mut result = None;
        self.game.session.maybe_update(|s| {
            let Some(s) = s else { return false };
            let r = s.handle(input, device_now);
            let changed = r
                .as_ref()
                .is_ok_and(|o| !o.events.is_empty() || !o.effects.is_empty());
            result = Some(r);
            changed
        });
        match result {
            Some(Ok(out)) => {
                if !out.events.is_empty() {
                    self.react(&out.events);
                }
                for effect in &out.effects {
                    self.announce_effect(effect);
                    self.perform(effect);
                }
                true
            }
            Some(Err(e)) => {
                if !quiet {
                    self.notices.notice.set(Some(Notice::Refused(e)));
                }
                false
            }
            None => false,
        }
    }

    // (`Warn` has no values in the local-only build.)
    fn announce_effect(self, effect: &Effect) {
        let lang = self.settings.lang.get_untracked();
        match effect {
            Effect::Countdown(left) => self
                .notices
                .announce
                .set(i18n::seconds_warning(lang, *left)),
            Effect::Warn(e) => self.notices.notice.set(Some(Notice::Peer(e.clone()))),
            Effect::Crossed(c) => {
                self.notices.notice.set(Some(Notice::Crossed(*c)));
                self.notices.announce.set(i18n::crossed(lang, *c));
            }
            _ => {}
        }
    }

    /// Notices and announcements after accepted events; the board plans its animation from the
    /// same batch.
    fn react(self, events: &[Event]) {
        let lang = self.settings.lang.get_untracked();
        let mut said = Vec::new();
        let mut rolled = None;
        for ev in events {
            match *ev {
                Event::Started { first } => {
                    self.notices.notice.set(Some(Notice::Lot(first)));
                    said.push(i18n::lot(lang, first));
                }
                Event::Rolled { side, roll } => {
                    self.notices.notice.set(None);
                    rolled = Some(roll);
                    said.push(i18n::rolled(
                        lang,
                        side,
                        roll.high().value(),
                        roll.low().value(),
                    ));
                }
                // Said with its dice, in place of the roll: "Černý hodil 3 a 2 — nemá tah".
                // (The roll that had no move comes in the same batch.)
                Event::Forfeited { side, .. } => {
                    if let Some(roll) = rolled {
                        said.pop();
                        said.push(i18n::forfeited(
                            lang,
                            side,
                            roll.high().value(),
                            roll.low().value(),
                        ));
                        self.notices
                            .notice
                            .set(Some(Notice::Forfeit { side, roll }));
                    }
                }
                Event::Moved { side, mv, hit } => said.push(i18n::moved(lang, side, mv, hit)),
                Event::TurnPassed { to } => said.push(i18n::on_turn(lang, to)),
                Event::DrawOffered { by } => said.push(i18n::draw_offered(lang, by)),
                Event::DrawDeclined { by } => {
                    self.notices.notice.set(Some(Notice::DrawDeclined(by)));
                    said.push(i18n::draw_declined(lang, by));
                }
                Event::DiceLate { side } => {
                    let mine = self
                        .game
                        .session
                        .with_untracked(|s| s.as_ref().and_then(Session::own_side))
                        == Some(side);
                    self.notices.notice.set(Some(Notice::DiceLate { mine }));
                    said.push(i18n::dice_late(lang, mine));
                }
                Event::DrawLapsed { .. } | Event::Presence { .. } => {}
                Event::GameOver { outcome, reason } => {
                    said.push(i18n::result_line(lang, outcome, reason));
                }
                Event::OpeningTie { .. }
                | Event::Doubled { .. }
                | Event::Beavered { .. }
                | Event::Raccooned { .. }
                | Event::Taken { .. }
                | Event::ResignOffered { .. }
                | Event::ResignRejected { .. } => said.extend(standard_said(lang, ev)),
            }
        }
        if !said.is_empty() {
            self.notices.announce.set(said.join(". "));
        }
        self.notices.events.update(|b| {
            b.seq = b.seq.wrapping_add(1);
            b.events = events.to_vec();
        });
    }
}

/// Standard backgammon's events in words.
fn standard_said(lang: crate::i18n::Lang, ev: &Event) -> Option<String> {
    i18n::standard_event(lang, ev)
}

/// Where the connection stands, for the friend screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    Idle,
    /// Making the invitation (gathering network candidates).
    Preparing,
    /// The host shows this invitation link and waits for the answer code.
    Invited(String),
    /// The guest shows this answer code and waits for the host.
    Answered(String),
    Connecting,
    Connected,
    /// The devices could not reach each other.
    Failed,
    /// The host shows this one link and waits: the friend's device connects through the relays.
    Room(String),
    /// The guest opened a link and is connecting through the relays.
    Joining,
    /// The guest's device reaches no relay: it needs the host's invitation code.
    NoRelay,
    /// This tab was opened from an answer link and handed the answer to the host's tab
    /// (`connection::handover`): `taken` is `None` while no tab has said it took it, `Some(false)`
    /// when none did (the code is shown to paste by hand).
    HandedOver {
        code: String,
        taken: Option<bool>,
    },
}
