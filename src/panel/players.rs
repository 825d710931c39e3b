//! The players' panel: each side's name, pip count and checkers borne off, and who is on turn.

use leptos::prelude::*;
use vrhcaby_rules::{Phase, Side};

use super::with_session;
use crate::i18n::{self, Key};
use crate::state::{GameState, Settings};

#[component]
pub fn Players() -> impl IntoView {
    let g = expect_context::<GameState>();
    let s = expect_context::<Settings>();
    let panel = move |side: Side| {
        let info = move || {
            with_session(g, |x, game, _| {
                let p = game.position();
                (
                    p.pip_count(side),
                    p.off(side),
                    game.turn() == Some(side),
                    // The dice on their way (not while the player chooses to roll or double).
                    game.phase() == Phase::Rolling
                        && game.turn() == Some(side)
                        && !x.awaits_roll_choice(),
                )
            })
            .unwrap_or((167, 0, false, false))
        };
        view! {
            <div class=format!("player {}", side.name()) class:on-turn=move || info().2
                data-testid=format!("player-{}", side.name())>
                <span class=format!("swatch {}", side.name())></span>
                <strong>{move || i18n::side_name(s.lang.get(), side)}</strong>
                {move || {
                    let who = with_session(g, |x, _, _| {
                        i18n::seat_name(s.lang.get(), x.seat(side), x.own_side() == Some(side))
                    })
                    .flatten()?;
                    Some(view! {
                        <span class="who" data-testid=format!("who-{}", side.name())>{who}</span>
                    })
                }}
                <span class="stat" data-testid=format!("pips-{}", side.name())>
                    {move || i18n::pips(s.lang.get(), info().0)}
                </span>
                <span class="stat" data-testid=format!("off-{}", side.name())>
                    {move || i18n::borne_off(s.lang.get(), info().1)}
                </span>
                <Show when=move || info().3><span class="stat rolling">{move || s.say(Key::Rolling)}</span></Show>
            </div>
        }
    };
    view! {
        <header class="players">
            {panel(Side::White)}
            <div class="turn" data-testid="turn">
                {move || with_session(g, |_, game, _| game.turn()).flatten()
                    .map(|side| i18n::on_turn(s.lang.get(), side)).unwrap_or_default()}
            </div>
            {panel(Side::Black)}
        </header>
    }
}
