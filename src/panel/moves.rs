//! The move list: every turn of a game in backgammon notation (`vrhcaby_rules::notation`), one
//! entry per turn with who rolled, kept scrolled to the latest turn (by CSS: the scroller is a
//! reversed column). Shown under the board in a game and in the replay viewer; with the export
//! link and the position's IDs.
//!
//! Built as one HTML string of our own words and the notation's digits (no player text goes in):
//! a list of views would cost the first load kilobytes of generic view code.

use leptos::prelude::*;
use vrhcaby_rules::notation::move_list;
use vrhcaby_rules::{Record, Side};

use crate::i18n::Key;
use crate::state::{GameState, Settings};

/// The list's items for `record`, the first `upto` turns (all with `None`); the last shown turn
/// is marked `aria-current`. `check`: in a game between two devices, the button that opens a
/// roll's proof, with this label, on each roll played (the last too when `last_played`).
#[must_use]
pub fn list_html(
    record: &Record,
    upto: Option<usize>,
    white: &str,
    black: &str,
    no_move: &str,
    marks: &[(usize, String)],
    check: Option<(&str, bool)>,
) -> String {
    let mut out = String::new();
    let turns = move_list(record).unwrap_or_default();
    let n = upto.unwrap_or(turns.len()).min(turns.len());
    for (i, t) in turns.iter().take(n).enumerate() {
        let (side, who) = if t.side == Side::White {
            ("white", white)
        } else {
            ("black", black)
        };
        let current = if i + 1 == n && upto.is_some() {
            r#" aria-current="step""#
        } else {
            ""
        };
        // A roll played with no move (another roll followed it): said, not left blank.
        let mut text = if t.moves.is_empty() && i + 1 < turns.len() {
            format!("{} ({no_move})", t.text())
        } else {
            t.text()
        };
        // The analysis's worst mark of this roll, by colour and symbol.
        if let Some((_, m)) = marks.iter().find(|(turn, _)| *turn == i) {
            let m = match m.as_str() {
                "very_bad" => "very_bad",
                "bad" => "bad",
                _ => "doubtful",
            };
            text.push_str(&format!(
                r#" <span class="mark {m}" data-mark="{m}">{}</span>"#,
                crate::analysis::symbol(m)
            ));
        }

        // A die with a tick, and its words: what the button does, in view.
        let button = match check {
            Some((label, last_played)) if i + 1 < n || last_played => format!(
                r#" <button class="check" data-testid="check-roll" data-turn="{i}"><svg viewBox="0 0 16 16" aria-hidden="true"><rect x="1" y="1" width="14" height="14" rx="3"/><path d="M4.5 8.5l2.5 2.5 4.5-5.5"/></svg>{label}</button>"#
            ),
            _ => String::new(),
        };
        for part in [
            r#"<li data-side=""#,
            side,
            r#"""#,
            current,
            r#"><span class="who">"#,
            who,
            "</span> ",
            &text,
            &button,
            "</li>",
        ] {
            out.push_str(part);
        }
    }
    out
}

/// The move list of the game being played; in a game between two devices each roll can be
/// checked against its proof (`RollProof`).
#[component]
pub fn MoveList() -> impl IntoView {
    let g = expect_context::<GameState>();
    let s = expect_context::<Settings>();
    let html = Signal::derive(move || {
        let (white, black) = (s.say(Key::White), s.say(Key::Black));
        g.session.with(|x| {
            x.as_ref()
                .map(|x| {
                    // Only rolls thrown between the two devices and played.
                    let played = x.game().phase() != vrhcaby_rules::Phase::Moving;
                    let check = x.remote().map(|_| (s.say(Key::CheckRoll), played));
                    list_html(
                        x.game().record(),
                        None,
                        white,
                        black,
                        s.say(Key::NoMove),
                        &[],
                        check,
                    )
                })
                .unwrap_or_default()
        })
    });
    // The turn whose proof is open.
    let open = RwSignal::new(None::<usize>);
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let turn = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest(r#"[data-testid="check-roll"]"#).ok().flatten())
            .and_then(|el| el.get_attribute("data-turn"))
            .and_then(|t| t.parse().ok());
        if turn.is_some() {
            open.set(turn);
        }
    };
    view! {
        <div on:click=on_click>
            <MoveListOf html=html/>
        </div>
        {move || open.get().map(|turn| view! { <super::proof::LazyProof turn=turn open=open/> })}
    }
}

/// Under the move list in a game: the export link and the position's IDs.
#[component]
pub fn GameFiles() -> impl IntoView {
    let d = expect_context::<crate::state::Dispatch>();
    let s = d.settings;
    view! {
        <div class="row files">
            <a class="button" data-testid="export" href="#" role="button"
                on:click=move |ev| crate::drivers::records::on_export_click(d, &ev)>
                {move || s.say(Key::Export)}
            </a>
            {export_mat(d)}
            {position_ids(d)}
        </div>
    }
}

/// Standard: the match so far as a `.mat` file (GNU Backgammon, XG), in a match only.
pub fn export_mat(d: crate::state::Dispatch) -> impl IntoView {
    let s = d.settings;
    let in_match = move || {
        d.game.session.with(|x| {
            x.as_ref()
                .and_then(|x| x.game().record().options)
                .is_some_and(|o| o.match_length > 0)
        })
    };
    view! {
        <Show when=in_match>
            <a class="button" data-testid="export-mat" href="#" role="button"
                on:click=move |ev| crate::drivers::records::on_export_mat_click(d, &ev)>
                {move || s.say(Key::ExportMat)}
            </a>
        </Show>
    }
}

/// The position's GNU Backgammon Position ID and XGID, and a copy button.
pub fn position_ids(d: crate::state::Dispatch) -> impl IntoView {
    let s = d.settings;
    let ids = Signal::derive(move || {
        d.game.session.with(|x| {
            let g = x.as_ref()?.game();
            let side = g.dice_owner().or(g.turn()).unwrap_or(Side::White);
            let roll = g.current_roll();
            Some((
                vrhcaby_rules::ids::position_id(g.position(), side),
                vrhcaby_rules::ids::xgid(g.position(), side, roll),
            ))
        })
    });
    position_ids_of(s, ids)
}

/// The IDs of whatever position `ids` holds (the game's, or the replay viewer's step).
pub fn position_ids_of(
    s: crate::state::Settings,
    ids: Signal<Option<(String, String)>>,
) -> impl IntoView {
    let id = move || ids.with(|i| i.as_ref().map(|i| i.0.clone()).unwrap_or_default());
    let xg = move || ids.with(|i| i.as_ref().map(|i| i.1.clone()).unwrap_or_default());
    // "Copied" for a moment after a press, as the invitation's copy button says it.
    let copied = RwSignal::new(false);
    let copy = move |_| {
        crate::platform::copy(&xg());
        copied.set(true);
        set_timeout(
            move || copied.set(false),
            std::time::Duration::from_millis(2000),
        );
    };
    view! {
        <p class="ids">
            <span>"GNU Backgammon: "<code data-testid="position-id">{id}</code></span>" "
            <span>"XG: "<code data-testid="xgid">{xg}</code></span>
        </p>
        <button data-testid="copy-position" title=move || s.say(Key::CopyPositionHelp)
            on:click=copy>
            <span role="status">{move || if copied.get() { s.say(Key::Copied) } else { s.say(Key::CopyPosition) }}</span>
        </button>
    }
}

/// A move list of ready-made items (`list_html`).
#[component]
pub fn MoveListOf(html: Signal<String>) -> impl IntoView {
    let s = expect_context::<Settings>();
    view! {
        <section class="moves" aria-labelledby="moves-title">
            <h2 id="moves-title">{move || s.say(Key::MoveList)}</h2>
            <div class="move-scroll" tabindex="0">
                <ol class="move-list" data-testid="move-list" inner_html=html></ol>
            </div>
        </section>
    }
}
