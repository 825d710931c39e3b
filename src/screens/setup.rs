//! The new game's rules on the start screen: the house rules or standard backgammon
//! (`game-rules`), a match to N points or money play (`match-length`), and on the full app the
//! standard options with a line on each. The choice is remembered; the controls are read from
//! the page when New game is pressed.

use leptos::prelude::*;
use vrhcaby_rules::Variant;
use vrhcaby_rules::{Clock, Options};

use crate::i18n::Key;
use crate::platform;
use crate::state::Settings;

use crate::drivers::storage::{LENGTH_KEY, RULES_KEY};
use crate::session::variants::variant_for;

/// Whether standard backgammon was the rules last chosen (the start screen shows it so).
fn remembered_standard() -> bool {
    platform::load(RULES_KEY).as_deref() == Some("standard")
}

/// The match length last chosen (5 at first).
fn remembered_length() -> u8 {
    platform::load(LENGTH_KEY)
        .and_then(|v| v.parse().ok())
        .unwrap_or(5)
}

/// The choice of rules and match length, and the standard options.
#[component]
pub fn RulesChoice() -> impl IntoView {
    let s = expect_context::<Settings>();
    let standard = RwSignal::new(remembered_standard());
    let length = remembered_length();
    let lengths = (0u8..=25).filter(|n| *n == 0 || n % 2 == 1 || *n == 2 || *n == 4);
    view! {
        <div class="rules-choice">
            <label class="field">
                <span>{move || s.say(Key::GameRules)}</span>
                <select data-testid="game-rules" id="game-rules" on:change=move |ev| {
                    let v = event_target_value(&ev);
                    platform::store(RULES_KEY, &v);
                    standard.set(v == "standard");
                }>
                    <option value="vrhcaby" selected=move || !standard.get()>{move || s.say(Key::RulesVrhcaby)}</option>
                    <option value="standard" selected=move || standard.get()>{move || s.say(Key::RulesStandard)}</option>
                </select>
            </label>
            <label class="field" class:hidden=move || !standard.get()>
                <span>{move || s.say(Key::MatchLength)}</span>
                <select data-testid="match-length" id="match-length"
                    on:change=move |ev| { platform::store(LENGTH_KEY, &event_target_value(&ev)); }>
                    // One closure for the list (not one per option): the first load stays small.
                    {move || {
                        let lang = s.lang.get();
                        lengths.clone().map(|n| view! {
                            <option value=n.to_string() selected=n == length>
                                {if n == 0 { s.say(Key::MoneyPlay).to_owned() } else { crate::i18n::points(lang, u16::from(n)) }}
                            </option>
                        }).collect_view()
                    }}
                </select>
            </label>
            {options(standard)}
        </div>
    }
}

fn select_value(id: &str) -> Option<String> {
    let el = document().get_element_by_id(id)?;
    el.get_attribute("data-value")
        .or_else(|| js_sys::Reflect::get(&el, &"value".into()).ok()?.as_string())
}

/// New game with the rules chosen on the page.
pub fn start_new(d: crate::state::Dispatch) {
    crate::drivers::storage::new_local_under(d, chosen_variant());
}

/// The variant New game starts, read from the page; before the start screen is drawn (a tap on
/// the painted one, index.html), what it would show: the remembered rules and length, the
/// options at their defaults.
#[must_use]
pub fn chosen_variant() -> Variant {
    if !select_value("game-rules").map_or_else(remembered_standard, |v| v == "standard") {
        return Variant::VRHCABY;
    }
    let n = select_value("match-length").map_or_else(remembered_length, |v| v.parse().unwrap_or(5));
    variant_for(n, read_options())
}

fn checked(id: &str) -> bool {
    document()
        .get_element_by_id(id)
        .and_then(|el| js_sys::Reflect::get(&el, &"checked".into()).ok())
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

fn read_options() -> Option<Options> {
    document().get_element_by_id("opt-cube")?;
    let clock = match select_value("opt-clock").as_deref() {
        Some("house") => Clock::House,
        Some("reserve") => Clock::DelayReserve {
            delay_ms: 12_000,
            reserve_ms: 120_000,
        },
        _ => Clock::None,
    };
    Some(Options {
        match_length: 0,
        cube: checked("opt-cube"),
        crawford: checked("opt-crawford"),
        holland: checked("opt-holland"),
        jacoby: checked("opt-jacoby"),
        beavers: checked("opt-beavers"),
        auto_doubles: select_value("opt-auto-doubles")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0),
        clock,
    })
}

/// The standard options' controls (and their fold-out), by id.
const OPTION_IDS: [&str; 8] = [
    "opt-cube",
    "opt-crawford",
    "opt-holland",
    "opt-jacoby",
    "opt-beavers",
    "opt-auto-doubles",
    "opt-clock",
    "standard-options",
];

thread_local! {
    /// The standard options as the painted set-up screen (index.html) left them, for the app's
    /// set-up screen that takes its place: (id, value; "true"/"false" for a box or the fold-out).
    static PAINTED: std::cell::RefCell<Vec<(&'static str, String)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Keeps the painted set-up screen's standard options (before it is removed) for the app's
/// set-up screen to start from: the other choices are remembered, these are not.
pub fn keep_painted_options() {
    let kept = OPTION_IDS
        .into_iter()
        .filter_map(|id| {
            let el = document()
                .query_selector(&format!("#boot [data-testid={id}]"))
                .ok()??;
            let read = |prop: &str| js_sys::Reflect::get(&el, &prop.into()).ok();
            // A box's `checked`, the fold-out's `open`, else a list's `value`.
            let value = ["checked", "open"]
                .into_iter()
                .find_map(|p| read(p)?.as_bool())
                .map(|on| on.to_string())
                .or_else(|| read("value")?.as_string())?;
            Some((id, value))
        })
        .collect();
    PAINTED.with(|p| *p.borrow_mut() = kept);
}

/// The standard options, each with its line, in a fold-out; checked as the rules' defaults (what
/// New game plays when the options were never shown), or as the painted set-up screen left them.
fn options(standard: RwSignal<bool>) -> impl IntoView {
    let s = expect_context::<Settings>();
    let painted = PAINTED.with(|p| std::mem::take(&mut *p.borrow_mut()));
    let painted = move |id: &str| {
        painted
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, v)| v.clone())
    };
    let on = Options::default();
    let painted_on = |id: &str, default: bool| painted(id).map_or(default, |v| v == "true");
    let check = move |id: &'static str, label: Key, about: Key, on: bool| {
        view! {
            <label class="option">
                <input type="checkbox" id=id data-testid=id checked=painted_on(id, on)/>
                <span>{move || s.say(label)}</span>
                <small>{move || s.say(about)}</small>
            </label>
        }
    };
    view! {
        <details class="options" class:hidden=move || !standard.get() data-testid="standard-options"
            open=painted_on("standard-options", false)>
            <summary>{move || s.say(Key::Options)}</summary>
            {check("opt-cube", Key::OptCube, Key::OptCubeAbout, on.cube)}
            {check("opt-crawford", Key::OptCrawford, Key::OptCrawfordAbout, on.crawford)}
            {check("opt-holland", Key::OptHolland, Key::OptHollandAbout, on.holland)}
            {check("opt-jacoby", Key::OptJacoby, Key::OptJacobyAbout, on.jacoby)}
            {check("opt-beavers", Key::OptBeavers, Key::OptBeaversAbout, on.beavers)}
            <label class="option">
                <span>{move || s.say(Key::OptAutoDoubles)}</span>
                <select id="opt-auto-doubles" data-testid="opt-auto-doubles">
                    {(0..=vrhcaby_rules::MAX_AUTO_DOUBLES).map(|n| {
                        let selected = painted("opt-auto-doubles") == Some(n.to_string());
                        view! { <option value=n.to_string() selected=selected>{n.to_string()}</option> }
                    }).collect_view()}
                </select>
                <small>{move || s.say(Key::OptAutoDoublesAbout)}</small>
            </label>
            <label class="option">
                <span>{move || s.say(Key::OptClock)}</span>
                <select id="opt-clock" data-testid="opt-clock">
                    {[("none", Key::ClockNone), ("house", Key::ClockHouse), ("reserve", Key::ClockReserve)]
                        .map(|(v, key)| view! {
                            <option value=v selected=painted("opt-clock").as_deref() == Some(v)>{move || s.say(key)}</option>
                        })}
                </select>
                <small>{move || s.say(Key::OptClockAbout)}</small>
            </label>
        </details>
    }
}
