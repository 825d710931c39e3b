//! The move list: every turn of the game so far in backgammon notation (`vrhcaby_rules::notation`),
//! one entry per turn with who rolled, kept scrolled to the latest turn (by CSS: the scroller is
//! a reversed column).
//!
//! Built as one HTML string of our own words and the notation's digits (no player text goes in):
//! a list of views would cost the start page's first load kilobytes of generic view code.

use leptos::prelude::*;
use vrhcaby_rules::notation::move_list;
use vrhcaby_rules::Side;

use crate::i18n::Key;
use crate::state::{GameState, Settings};

#[component]
pub fn MoveList() -> impl IntoView {
    let g = expect_context::<GameState>();
    let s = expect_context::<Settings>();
    let html = move || {
        let white = s.say(Key::White);
        let black = s.say(Key::Black);
        g.session.with(|x| {
            let mut out = String::new();
            let turns = x.as_ref().and_then(|x| move_list(x.game().record()).ok());
            for t in turns.unwrap_or_default() {
                let (side, who) = if t.side == Side::White {
                    ("white", white)
                } else {
                    ("black", black)
                };
                for part in [
                    r#"<li data-side=""#,
                    side,
                    r#""><span class="who">"#,
                    who,
                    "</span> ",
                    &t.text(),
                    "</li>",
                ] {
                    out.push_str(part);
                }
            }
            out
        })
    };
    view! {
        <section class="moves" aria-labelledby="moves-title">
            <h2 id="moves-title">{move || s.say(Key::MoveList)}</h2>
            <div class="move-scroll" tabindex="0">
                <ol class="move-list" data-testid="move-list" inner_html=html></ol>
            </div>
        </section>
    }
}
