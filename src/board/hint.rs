//! The hint's play drawn on the board (`drivers::bot` asks for it; the replay viewer's analysis
//! shows its best play the same way).

use leptos::prelude::*;
use vrhcaby_rules::BAR;

use super::{input::Spot, layout::View, BoardView};
use super::{layout::RADIUS, px};
use crate::state::Hint;

/// The hint's play as arrows, one a step from the checker it takes to where it lands, numbered
/// in order when there are several (said in words by `drivers::bot`).
pub(super) fn hint_arrows(
    view: Memo<BoardView>,
    view_of: Memo<View>,
    hint: Signal<Option<Hint>>,
) -> impl IntoView {
    let arrows = move || {
        let h = hint.get()?;
        let v = view_of.get();
        let mut counts = view.with(|m| *m.position.side(h.side));
        let many = h.steps.len() > 1;
        // The point numbers are in the way of a badge too (one never covers a number).
        let mut badges: Vec<(f64, f64)> = (1..=24).map(|w| v.number_xy(w)).collect();
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
                let (mx, my) = badge_spot((x1, y1), (x2, y2), &badges);
                badges.push((mx, my));
                view! {
                    <g class="hint-arrow" data-testid="hint-arrow" data-step=(i + 1).to_string()
                        data-from=o.to_string() data-to=t.to_string()>
                        <line x1=px(x1) y1=px(y1) x2=px(x2) y2=px(y2) marker-end="url(#hint-head)"/>
                        {many.then(|| view! {
                            <circle class="hint-num-bg" cx=px(mx) cy=px(my) r=px(BADGE_R)/>
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

/// The badges' radius (SVG units) and the gap kept between two badges.
const BADGE_R: f64 = 13.0;

/// Where a step's number sits on its arrow from `a` to `b`: the middle, or else the first place
/// along the arrow (then beside it) that keeps clear of the badges already drawn, so that the
/// numbers of steps over the same stretch (a double moving one checker on) never overlap.
fn badge_spot(a: (f64, f64), b: (f64, f64), placed: &[(f64, f64)]) -> (f64, f64) {
    let clear = |p: (f64, f64)| {
        placed
            .iter()
            .all(|q| (p.0 - q.0).hypot(p.1 - q.1) >= 2.0 * BADGE_R + 2.0)
    };
    let at = |t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
    let along = [0.5, 0.3, 0.7, 0.15, 0.85].map(at);
    if let Some(&p) = along.iter().find(|&&p| clear(p)) {
        return p;
    }
    // Beside the arrow's middle, on either side, further out until clear.
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy).max(1.0);
    let (nx, ny) = (-dy / len, dx / len);
    let mid = at(0.5);
    (1..=4)
        .flat_map(|k| [1.0, -1.0].map(|s| f64::from(k) * s * (2.0 * BADGE_R + 2.0)))
        .map(|off| (mid.0 + nx * off, mid.1 + ny * off))
        .find(|&p| clear(p))
        .unwrap_or(mid)
}

/// The hint's step numbers (1, 2, …) that start (`from`) or end on a spot: the points' and the
/// bar's `data-hint-from`, `data-hint-to`.
pub(super) fn step_numbers(
    hint: Signal<Option<Hint>>,
) -> impl Fn(Spot, bool) -> Option<String> + Copy + Send + Sync + 'static {
    use vrhcaby_rules::Side;
    move |spot: Spot, from: bool| -> Option<String> {
        hint.with(|h| {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_numbers_on_the_same_stretch_do_not_overlap() {
        // Four steps of a double over one line (6-6 from 24: 24/18/12 twice over).
        let arrows = [
            ((0.0, 0.0), (100.0, 0.0)),
            ((0.0, 0.0), (100.0, 0.0)),
            ((100.0, 0.0), (200.0, 0.0)),
            ((0.0, 0.0), (100.0, 0.0)),
        ];
        let mut placed = Vec::new();
        for (a, b) in arrows {
            let p = badge_spot(a, b, &placed);
            for q in &placed {
                let d = (p.0 - q.0).hypot(p.1 - q.1);
                assert!(d >= 2.0 * BADGE_R, "{p:?} overlaps {q:?}");
            }
            placed.push(p);
        }
        assert_eq!(placed[0], (50.0, 0.0), "alone, a number sits in the middle");
    }
}
