//! Component tests in a real headless Chromium (wasm-bindgen-test): the app is mounted, clicked
//! through its `data-*` contract, and checked against the rules core.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use vrhcaby::app::App;
use vrhcaby::i18n::Lang;
use vrhcaby::session::{Dice, Kind, Session};
use vrhcaby_rules::{Origin, Phase, Point, Side};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, MouseEvent, MouseEventInit};

mod common;
use common::sleep;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn all(selector: &str) -> Vec<Element> {
    let list = document().query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i).and_then(|n| n.dyn_into::<Element>().ok()))
        .collect()
}

fn one(selector: &str) -> Element {
    document()
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element {selector}"))
}

/// SVG elements have no `.click()`: dispatch a bubbling click.
fn click(el: &Element) {
    let init = MouseEventInit::new();
    init.set_bubbles(true);
    let ev = MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
    el.dispatch_event(&ev).unwrap();
}

fn board_attr(name: &str) -> String {
    document()
        .query_selector("svg.board")
        .ok()
        .flatten()
        .and_then(|b| b.get_attribute(name))
        .unwrap_or_default()
}

/// Mounts a fresh app with empty storage; returns the container (remove it to unmount).
async fn mount_fresh(query_seed: Option<u64>) -> HtmlElement {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.clear().unwrap();
    if let Some(seed) = query_seed {
        let history = web_sys::window().unwrap().history().unwrap();
        history
            .replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("?seed={seed}")),
            )
            .unwrap();
    }
    for old in all(".app") {
        old.remove();
    }
    let host: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&host).unwrap();
    std::mem::forget(leptos::mount::mount_to(host.clone(), App));
    sleep(Duration::from_millis(20)).await;
    host
}

async fn wait_phase(phase: &str) {
    for _ in 0..100 {
        if board_attr("data-phase") == phase {
            return;
        }
        sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "phase {phase} never came (now {})",
        board_attr("data-phase")
    );
}

fn saved() -> Session {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let text = storage.get_item(Kind::Local.key()).unwrap().unwrap();
    Session::load(&text, Dice::Seeded(vrhcaby_rules::SeededDice::new(0))).unwrap()
}

#[wasm_bindgen_test]
async fn start_screen_then_a_full_board() {
    let host = mount_fresh(Some(4)).await;
    assert!(
        all("[data-testid=continue]").is_empty(),
        "nothing to continue yet"
    );
    click(&one("[data-testid=new-local-game]"));
    wait_phase("moving").await;
    assert_eq!(all("[data-point]").len(), 24);
    assert_eq!(all("[data-checker]").len(), 30);
    assert_eq!(all("[data-bar]").len(), 2);
    assert_eq!(all("[data-off]").len(), 2);
    let dice = all("[data-die]");
    assert!(dice.len() == 2 || dice.len() == 4, "the roll is shown");
    assert!(all("[data-die][data-used]").is_empty());
    let turn = board_attr("data-turn");
    assert!(turn == "white" || turn == "black");
    let seconds: u32 = one("[data-seconds-left]")
        .get_attribute("data-seconds-left")
        .unwrap()
        .parse()
        .unwrap();
    assert!((58..=60).contains(&seconds));
    host.remove();
}

#[wasm_bindgen_test]
async fn selecting_lights_exactly_the_rules_targets_and_a_tap_moves() {
    let host = mount_fresh(Some(9)).await;
    click(&one("[data-testid=new-local-game]"));
    wait_phase("moving").await;
    let session = saved();
    let game = session.game();
    assert_eq!(game.phase(), Phase::Moving);
    let mover = game.turn().unwrap();
    let mv = game.legal_moves()[0];
    let Origin::Point(p) = mv.from else {
        panic!("no checker on the bar at the start")
    };
    let white_number = |n: u8| if mover == Side::White { n } else { 25 - n };
    let origin = one(&format!("[data-point=\"{}\"]", white_number(p.number())));
    click(&origin);
    sleep(Duration::from_millis(30)).await;
    assert!(origin.has_attribute("data-selected"));
    // Exactly the targets the rules core lists for this origin light up.
    let mut expected: Vec<String> = game
        .targets_from(mv.from)
        .iter()
        .map(|m| white_number(m.to.index()).to_string())
        .collect();
    expected.sort();
    let mut lit: Vec<String> = all("[data-target]")
        .iter()
        .filter_map(|e| e.get_attribute("data-point"))
        .collect();
    lit.sort();
    assert_eq!(lit, expected);
    // A tap on a point that is not a target does nothing harmful: it just clears the selection.
    let not_target = (1..=24u8)
        .map(|w| w.to_string())
        .find(|w| !expected.contains(w) && *w != white_number(p.number()).to_string())
        .unwrap();
    click(&one(&format!("[data-point=\"{not_target}\"]")));
    sleep(Duration::from_millis(30)).await;
    assert!(all("[data-target]").is_empty());
    assert_eq!(saved().game(), session.game(), "nothing changed");
    // Select again and play to the first target.
    click(&origin);
    sleep(Duration::from_millis(30)).await;
    let target_el = one(&format!("[data-point=\"{}\"]", expected[0]));
    click(&target_el);
    sleep(Duration::from_millis(30)).await;
    let after = saved();
    assert_eq!(
        after.game().moves_played(),
        1,
        "one move was played and saved"
    );
    assert_eq!(all("[data-die][data-used]").len(), 1);
    let to = Point::new(expected[0].parse::<u8>().map(white_number).unwrap()).unwrap();
    assert!(
        after
            .game()
            .position()
            .count(mover, usize::from(to.number()))
            >= 1
    );
    host.remove();
}

#[wasm_bindgen_test]
async fn language_and_mute_are_remembered() {
    let host = mount_fresh(None).await;
    let title = one("h1").text_content().unwrap();
    assert_eq!(title, "Vrhcáby");
    // With no choice stored, the browser's language: Czech for Czech, else English.
    let browser = web_sys::window()
        .unwrap()
        .navigator()
        .language()
        .unwrap_or_default();
    let first = Lang::from_browser(&browser);
    let words = |lang| match lang {
        Lang::Cs => "Nová hra",
        Lang::En => "New game",
    };
    let menu_button = one("[data-testid=new-local-game]").text_content().unwrap();
    assert!(
        menu_button.contains(words(first)),
        "{browser}: {menu_button}"
    );
    click(&one("[data-testid=language]"));
    sleep(Duration::from_millis(30)).await;
    assert!(one("[data-testid=new-local-game]")
        .text_content()
        .unwrap()
        .contains(words(first.other())));
    click(&one("[data-testid=mute]"));
    sleep(Duration::from_millis(30)).await;
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    assert_eq!(
        storage.get_item("vrhcaby.lang").unwrap().as_deref(),
        Some(first.other().code())
    );
    assert_eq!(
        storage.get_item("vrhcaby.muted").unwrap().as_deref(),
        Some("1")
    );
    host.remove();
}

/// `navigator.locks` and its method `name`.
fn locks_method(name: &str) -> (wasm_bindgen::JsValue, js_sys::Function) {
    let locks =
        js_sys::Reflect::get(&web_sys::window().unwrap().navigator(), &"locks".into()).unwrap();
    let method = js_sys::Reflect::get(&locks, &name.into())
        .unwrap()
        .dyn_into()
        .unwrap();
    (locks, method)
}

/// The names of the locks this origin holds (`navigator.locks.query()`).
async fn held_locks() -> Vec<String> {
    let (locks, query) = locks_method("query");
    let promise: js_sys::Promise = query.call0(&locks).unwrap().dyn_into().unwrap();
    let snapshot = wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    let held: js_sys::Array = js_sys::Reflect::get(&snapshot, &"held".into())
        .unwrap()
        .dyn_into()
        .unwrap();
    held.iter()
        .filter_map(|l| js_sys::Reflect::get(&l, &"name".into()).ok()?.as_string())
        .collect()
}

/// Another holder's steal of the lock `name` (as another tab's), let go at once.
fn steal_elsewhere(name: &str) {
    let (locks, request) = locks_method("request");
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"steal".into(), &wasm_bindgen::JsValue::TRUE).unwrap();
    let release = js_sys::Function::new_no_args("return null;");
    request
        .call3(&locks, &name.into(), &options, &release)
        .unwrap();
}

/// A steal opens its game at once (the browser grants the lock later); meanwhile the game counts
/// as held, another claim asks nothing more, and a release before the grant lets the lock go as
/// soon as it comes. A claim without `steal` waits for the browser's answer.
#[wasm_bindgen_test]
async fn a_steal_opens_at_once_and_takes_the_lock_meanwhile() {
    use std::cell::Cell;
    use std::rc::Rc;
    use vrhcaby::drivers::tab::{self, Claim};
    let kind = Kind::Bot;
    let name = kind.lock_name().to_owned();
    assert!(!held_locks().await.contains(&name));
    // A steal whose outcome is kept to look at (and never taken over here).
    let steal = || {
        let heard = Rc::new(Cell::new(None));
        let h = Rc::clone(&heard);
        tab::claim(
            kind,
            true,
            move |c| h.set(Some(c)),
            || panic!("not taken over"),
        );
        heard
    };
    assert_eq!(steal().get(), Some(Claim::Held), "at once");
    assert!(tab::holds(kind), "held before the browser answers");
    assert_eq!(steal().get(), Some(Claim::Held));
    sleep(Duration::from_millis(100)).await;
    assert_eq!(
        held_locks().await.iter().filter(|n| **n == name).count(),
        1,
        "one lock, taken"
    );
    tab::release(kind);
    sleep(Duration::from_millis(50)).await;
    assert!(!tab::holds(kind));
    assert!(!held_locks().await.contains(&name));

    // Released before the browser answered: the lock is let go as soon as it is granted.
    tab::claim(kind, true, |_| {}, || panic!("not taken over"));
    tab::release(kind);
    assert!(!tab::holds(kind));
    sleep(Duration::from_millis(100)).await;
    assert!(!held_locks().await.contains(&name));

    // Another steal right after this one (another tab's, say): the game is lost here, whether
    // the browser had granted this one first or not.
    let lost = Rc::new(Cell::new(false));
    let l = Rc::clone(&lost);
    tab::claim(kind, true, |_| {}, move || l.set(true));
    steal_elsewhere(&name);
    sleep(Duration::from_millis(100)).await;
    assert!(lost.get(), "taken over");
    assert!(!tab::holds(kind));
    sleep(Duration::from_millis(50)).await;
    assert!(
        !held_locks().await.contains(&name),
        "the other steal let go of it"
    );

    // Without `steal` the answer comes from the browser: nothing is heard at once.
    let later = Rc::new(Cell::new(None));
    let l = Rc::clone(&later);
    tab::claim(kind, false, move |c| l.set(Some(c)), || {});
    assert_eq!(later.get(), None);
    sleep(Duration::from_millis(100)).await;
    assert_eq!(later.get(), Some(Claim::Held));
    assert!(held_locks().await.contains(&name));
    tab::release(kind);
    sleep(Duration::from_millis(50)).await;
    assert!(!held_locks().await.contains(&name));
}
