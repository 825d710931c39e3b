//! The hint's play drawn on the board (`drivers::bot` asks for it; the replay viewer's analysis
//! shows its best play the same way).

use leptos::prelude::*;
use vrhcaby_rules::BAR;

use super::{input::Spot, layout::View, BoardView};
use super::{layout::RADIUS, px};

/// The hint's play as arrows, one a step from the checker it takes to where it lands, numbered
/// in order when there are several (said in words by `drivers::bot`).
pub(super) fn hint_arrows(view: Memo<BoardView>, view_of: Memo<View>) -> impl IntoView {
    let hint = use_context::<crate::state::GameState>().map(|g| g.hint);
    let arrows = move || {
        let h = hint?.get()?;
        let v = view_of.get();
        let mut counts = view.with(|m| *m.position.side(h.side));
        let many = h.steps.len() > 1;
        let arrows: Vec<_> = h
            .steps
            .iter()
            .enumerate()
            .filter(|(_, &(o, t))| usize::from(o.max(t)) <= BAR)
            .map(|(i, &(o, t))| {
                let n = counts[usize::from(o)].max(1);
                let (fx, fy) = v.checker_xy(h.side, o, n - 1, n);
                counts[usize::from(o)] = n - 1;
                let m = counts[usize::from(t)];
                let (tx, ty) = v.checker_xy(h.side, t, m, m + 1);
                counts[usize::from(t)] = m.saturating_add(1);
                // From the checker's edge to the landing checker's edge.
                let (dx, dy) = (tx - fx, ty - fy);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                let (ux, uy) = (dx / len, dy / len);
                let cut = (RADIUS * 0.6).min(len / 3.0);
                let (x1, y1, x2, y2) = (fx + ux * cut, fy + uy * cut, tx - ux * cut, ty - uy * cut);
                let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
                view! {
                    <g class="hint-arrow" data-testid="hint-arrow" data-step=(i + 1).to_string()
                        data-from=o.to_string() data-to=t.to_string()>
                        <line x1=px(x1) y1=px(y1) x2=px(x2) y2=px(y2) marker-end="url(#hint-head)"/>
                        {many.then(|| view! {
                            <circle class="hint-num-bg" cx=px(mx) cy=px(my) r="13"/>
                            <text class="hint-num" x=px(mx) y=px(my + 6.0)>{(i + 1).to_string()}</text>
                        })}
                    </g>
                }
            })
            .collect();
        Some(arrows)
    };
    view! {
        <defs>
            <marker id="hint-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4"
                markerHeight="4" orient="auto-start-reverse">
                <path d="M 0 0 L 10 5 L 0 10 z" class="hint-head"/>
            </marker>
        </defs>
        <g class="hint-arrows" aria-hidden="true">{arrows}</g>
    }
}

/// The hint's step numbers (1, 2, …) that start (`from`) or end on a spot: the points' and the
/// bar's `data-hint-from`, `data-hint-to`.
pub(super) fn step_numbers() -> impl Fn(Spot, bool) -> Option<String> + Copy + Send + Sync + 'static
{
    use vrhcaby_rules::Side;
    let hint = use_context::<crate::state::GameState>().map(|g| g.hint);
    move |spot: Spot, from: bool| -> Option<String> {
        hint?.with(|h| {
            let h = h.as_ref()?;
            let steps: Vec<String> = h
                .steps
                .iter()
                .enumerate()
                .filter(|(_, &(o, t))| {
                    let idx = if from { o } else { t };
                    match spot {
                        Spot::Point(pt) => {
                            (1..=24).contains(&idx)
                                && if h.side == Side::White { idx } else { 25 - idx } == pt.number()
                        }
                        Spot::Bar(side) => from && idx == 25 && side == h.side,
                        Spot::Off(side) => !from && idx == 0 && side == h.side,
                    }
                })
                .map(|(i, _)| (i + 1).to_string())
                .collect();
            (!steps.is_empty()).then(|| steps.join(" "))
        })
    }
}
