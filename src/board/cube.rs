//! Standard rules on the board: the doubling cube and the score attributes.

use leptos::prelude::*;
use vrhcaby_rules::Side;

use super::{layout, px};
use super::{BoardView, View};
use crate::i18n;
use crate::i18n::Lang;

/// Standard rules: `data-score-white`, `data-score-black`, `data-match-length` and
/// `data-crawford` on the board.
pub(super) fn standard_attributes(view: Memo<BoardView>) -> impl leptos::attr::Attribute {
    view! {
        <{..}
            data-score-white=move || view.with(|m| m.score.map(|s| s.0))
            data-score-black=move || view.with(|m| m.score.map(|s| s.1))
            data-match-length=move || view.with(|m| m.score.map(|s| s.2))
            data-crawford=move || view.with(|m| m.crawford.then_some(""))
        />
    }
}

/// Standard rules: the doubling cube, in the middle showing 64 while centred, at its owner's end
/// showing its value once owned (`data-cube`, `data-cube-owner`).
pub(super) fn cube(
    view: Memo<BoardView>,
    view_of: Memo<View>,
    lang: RwSignal<Lang>,
) -> impl IntoView {
    let cube = move || view.with(|m| m.cube);
    move || {
        cube().map(|(value, owner)| {
            let (cx, cy) = view_of.get().cube_xy(owner);
            let half = layout::CUBE / 2.0;
            let shown = if owner.is_none() && value == 1 {
                64
            } else {
                value
            };
            view! {
                <g class="cube" data-testid="cube" data-cube=value
                    data-cube-owner=owner.map_or("center", Side::name)
                    role="img" aria-label=move || i18n::cube_label(lang.get(), value, owner)>
                    <rect x=px(cx - half) y=px(cy - half) width=px(layout::CUBE)
                        height=px(layout::CUBE) rx="6"/>
                    <text x=px(cx) y=px(cy + 7.0)>{shown.to_string()}</text>
                </g>
            }
        })
    }
}
