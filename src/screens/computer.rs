//! Setting up a game against the computer: the computer's level, with a line
//! on how it plays, and the person's side; the choices are remembered for the next game.

use leptos::prelude::*;

use crate::drivers::storage::{self, LEVELS};
use crate::i18n::Key;
use crate::panel::LanguageAndSound;
use crate::platform;
use crate::state::{Dispatch, Screen};
use vrhcaby_rules::Side;

const LEVEL_KEY: &str = "vrhcaby.bot.level";
const SIDE_KEY: &str = "vrhcaby.bot.side";
const SIDES: [&str; 3] = ["white", "black", "random"];

#[component]
pub fn ComputerScreen() -> impl IntoView {
    let d = expect_context::<Dispatch>();
    let s = d.settings;
    let level = RwSignal::new(remembered(LEVEL_KEY, &LEVELS, "intermediate"));
    let side = RwSignal::new(remembered(SIDE_KEY, &SIDES, "white"));
    let choose =
        |signal: RwSignal<&'static str>, among: &'static [&'static str], key: &'static str| {
            move |ev: leptos::ev::Event| {
                let value = event_target_value(&ev);
                if let Some(v) = known(among, &value) {
                    signal.set(v);
                    platform::store(key, v);
                }
            }
        };
    let start = move |_| {
        start_from_page(d);
        // The choices as started, should the screen stay (another tab holds the game).
        level.set(remembered(LEVEL_KEY, &LEVELS, "intermediate"));
        side.set(remembered(SIDE_KEY, &SIDES, "white"));
    };
    view! {
        <main class="computer">
            <h1>{move || s.say(Key::PlayComputer)}</h1>
            <label class="field">
                <span>{move || s.say(Key::BotLevel)}</span>
                <select data-testid="bot-level" on:change=choose(level, &LEVELS, LEVEL_KEY)
                    aria-describedby="level-about">
                    {LEVELS.into_iter().map(|l| view! {
                        <option value=l selected=move || level.get() == l>
                            {move || s.say(level_key(l))}
                        </option>
                    }).collect_view()}
                </select>
            </label>
            <p class="about" id="level-about">{move || s.say(level_about(level.get()))}</p>
            <label class="field">
                <span>{move || s.say(Key::BotSide)}</span>
                <select data-testid="bot-side" on:change=choose(side, &SIDES, SIDE_KEY)>
                    {SIDES.into_iter().map(|v| view! {
                        <option value=v selected=move || side.get() == v>
                            {move || s.say(side_key(v))}
                        </option>
                    }).collect_view()}
                </select>
            </label>
            <crate::screens::setup::RulesChoice/>
            <button class="primary" data-testid="start-bot-game" on:click=start>
                {move || s.say(Key::StartBotGame)}
            </button>
            <button data-testid="back" on:click=move |_| d.nav.screen.set(Screen::Start)>
                {move || s.say(Key::Back)}
            </button>
            <div class="settings"><LanguageAndSound/></div>
        </main>
    }
}

/// Starts a game against the computer with the choices the page shows — this screen's, or the
/// painted one's (index.html) when Start was tapped there before the app was ready — and
/// remembers them for next time. (A change event missed under load must not start another
/// level.)
pub fn start_from_page(d: Dispatch) {
    let pick = |among: &[&'static str], testid: &str, key: &str, default: &'static str| {
        let value = select_value(testid)
            .and_then(|v| known(among, &v))
            .unwrap_or_else(|| remembered(key, among, default));
        platform::store(key, value);
        value
    };
    let level = pick(&LEVELS, "bot-level", LEVEL_KEY, "intermediate");
    let person = match pick(&SIDES, "bot-side", SIDE_KEY, "white") {
        "white" => Some(Side::White),
        "black" => Some(Side::Black),
        _ => None,
    };
    storage::new_bot_under(d, level, person, crate::screens::setup::chosen_variant());
}

/// `value` when it is one of `among`.
fn known(among: &[&'static str], value: &str) -> Option<&'static str> {
    among.iter().copied().find(|l| *l == value)
}

/// The choice remembered under `key`, if still one of `among`; else `default`.
fn remembered(key: &str, among: &[&'static str], default: &'static str) -> &'static str {
    platform::load(key)
        .and_then(|v| known(among, &v))
        .unwrap_or(default)
}

/// The name of a level (the CLI's) in the player's language.
pub(crate) fn level_key(level: &str) -> Key {
    match level {
        "beginner" => Key::LevelBeginner,
        "intermediate" => Key::LevelIntermediate,
        "expert" => Key::LevelExpert,
        _ => Key::LevelStrongest,
    }
}

/// One line on how a level plays.
fn level_about(level: &str) -> Key {
    match level {
        "beginner" => Key::LevelBeginnerAbout,
        "intermediate" => Key::LevelIntermediateAbout,
        "expert" => Key::LevelExpertAbout,
        _ => Key::LevelStrongestAbout,
    }
}

fn side_key(side: &str) -> Key {
    match side {
        "white" => Key::SideWhite,
        "black" => Key::SideBlack,
        _ => Key::SideRandom,
    }
}

/// The current value of the `<select>` with this test id.
fn select_value(testid: &str) -> Option<String> {
    let el = document()
        .query_selector(&format!("[data-testid={testid}]"))
        .ok()
        .flatten()?;
    js_sys::Reflect::get(&el, &"value".into()).ok()?.as_string()
}
