//! The SVG board: `<Board view hint on_intent/>`. It knows no rules: it draws a [`BoardView`]
//! (built from the game by asking the rules core) and the hint it is handed, turns taps, drags
//! and keys into intents (`pointer`, through the pure [`input`] module), and glides checkers as
//! [`animate`] plans from each batch of events. Its parts — the frame, the points, their
//! numbers, the bars and trays, the dice, the cube, the hint's arrows, the clock, the gliding
//! checkers — are each a small component of what they draw.

pub mod animate;
pub mod input;
pub mod layout;
pub mod view;

use std::time::Duration;

use leptos::either::Either;
use leptos::prelude::*;
use vrhcaby_rules::{Point, Position, Side, BAR, OFF};

use crate::i18n::{self, Lang};
use crate::session::Intent;
use crate::state::{Batch, Hint, Motion};
use animate::Ghost;
use input::Spot;
use layout::{View, RADIUS};
use pointer::Pointer;
pub use view::{seat_of, BoardView, ClockView};

/// `data-series-white`, `data-series-black`: the series' score.
fn series_attributes(view: Memo<BoardView>) -> impl leptos::attr::Attribute {
    use crate::session::series::points_text;
    view! {
        <{..}
            data-series-white=move || view.with(|m| m.series.map(|s| points_text(s.0)))
            data-series-black=move || view.with(|m| m.series.map(|s| points_text(s.1)))
        />
    }
}

mod cube;
mod hint;
mod keys;
mod pointer;
use cube::{cube, standard_attributes};
use hint::hint_arrows;

/// Board units as whole numbers for attributes (keeps float formatting out of the wasm).
fn px(v: f64) -> i32 {
    v.round() as i32
}

fn ir((x, y, w, h): (f64, f64, f64, f64)) -> (i32, i32, i32, i32) {
    (px(x), px(y), px(w), px(h))
}

/// A rectangle as a path (clockwise from its top left corner, as a `<rect>` is drawn): one
/// attribute to keep up to date instead of four (the board's first drawing has fewer effects).
fn rect_path((x, y, w, h): (i32, i32, i32, i32)) -> String {
    format!("M{x} {y}h{w}v{h}h{}z", -w)
}

/// What every spot of the board draws from: the view, its geometry, the words' language, the
/// input, the checkers gliding now and the hint shown.
#[derive(Clone, Copy)]
struct Spots {
    view: Memo<BoardView>,
    view_of: Memo<View>,
    lang: RwSignal<Lang>,
    pointer: Pointer,
    ghosts: RwSignal<(u32, Vec<Ghost>)>,
    hint: Signal<Option<Hint>>,
}

impl Spots {
    fn state(self, spot: Spot) -> i18n::SpotState {
        self.view
            .with(|v| input::spot_state(v, self.pointer.selected.get(), spot))
    }
}

/// `Some("")` for a flag attribute that is on.
fn flag(b: bool) -> Option<&'static str> {
    b.then_some("")
}

/// The board. `view` is what to draw, `clock` the countdown ring, `events` the last batch (for
/// the glide), `tumbling` whether the dice spin before a roll lands, `hint` the play shown as
/// arrows; every tap, drop or key that makes a move is handed to `on_intent`.
#[component]
#[allow(clippy::too_many_arguments)]
pub fn Board(
    view: Memo<BoardView>,
    clock: Memo<ClockView>,
    events: RwSignal<Batch>,
    tumbling: RwSignal<bool>,
    portrait: RwSignal<bool>,
    numbers: RwSignal<bool>,
    motion: RwSignal<Motion>,
    lang: RwSignal<Lang>,
    #[prop(into)] hint: Signal<Option<Hint>>,
    on_intent: Callback<Intent>,
) -> impl IntoView {
    let view_of = Memo::new(move |_| View {
        seat: view.with(|v| v.seat),
        portrait: portrait.get(),
    });
    let pointer = Pointer::new(view, view_of, on_intent);
    let spots = Spots {
        view,
        view_of,
        lang,
        pointer,
        ghosts: glide(events, motion),
        hint,
    };
    view! {
        <div class="board-wrap">
            <svg class="board" node_ref=pointer.svg data-testid="board"
                class:fast=move || motion.get() == Motion::Fast
                viewBox=move || view_of.get().view_box()
                preserveAspectRatio="xMidYMid meet"
                data-turn=move || view.with(|m| m.turn.map(Side::name))
                data-phase=move || view.with(|m| m.phase.name())
                data-seat=move || view.with(|m| m.own.map(Side::name))
                data-rules=move || view.with(|m| m.rules.name())
                {..series_attributes(view)}
                {..standard_attributes(view)}
                role="group" aria-label=move || i18n::board_label(lang.get())>
                <Frame view_of=view_of/>
                <Points spots=spots/>
                <PointNumbers view_of=view_of numbers=numbers/>
                <Holders spots=spots/>
                <Dice view=view view_of=view_of tumbling=tumbling lang=lang/>
                {cube(view, view_of, lang)}
                // The hint's arrows under the clock: an arrow crossing the band never hides the
                // seconds left.
                {hint_arrows(view, view_of, hint)}
                <Clock view_of=view_of clock=clock lang=lang/>
                <Gliders spots=spots/>
            </svg>
        </div>
    }
}

/// Each batch of events glides its checkers for a moment (none with motion off): the checkers
/// gliding now, tagged with their batch.
fn glide(events: RwSignal<Batch>, motion: RwSignal<Motion>) -> RwSignal<(u32, Vec<Ghost>)> {
    let ghosts = RwSignal::new((0u32, Vec::<Ghost>::new()));
    Effect::new(move |_| {
        let (seq, planned) = events.with(|b| (b.seq, animate::plan(&b.events)));
        let ms = motion.get_untracked().glide_ms();
        if planned.is_empty() || ms == 0 {
            return;
        }
        ghosts.set((seq, planned));
        set_timeout(
            move || {
                ghosts.update(|g| {
                    if g.0 == seq {
                        g.1.clear();
                    }
                })
            },
            Duration::from_millis(ms),
        );
    });
    ghosts
}

/// The 24 points, each a button with its checkers, its state and the hint's steps from and to it.
#[component]
fn Points(spots: Spots) -> impl IntoView {
    let Spots {
        view,
        view_of,
        lang,
        pointer,
        ghosts,
        hint,
    } = spots;
    let hint_at = hint::step_numbers(hint);
    let position = move || view.with(|v| v.position);
    (1..=24u8)
        .filter_map(Point::new)
        .map(|pt| {
            let w = pt.number();
            let spot = Spot::Point(pt);
            let state = move || spots.state(spot);
            let area = move || ir(view_of.get().point_area(w));
            view! {
                <g class="point" tabindex=if w == 24 { "0" } else { "-1" } role="button" data-point=w.to_string()
                    data-hint-from=move || hint_at(spot, true)
                    data-hint-to=move || hint_at(spot, false)
                    data-selected=move || flag(state().selected)
                    data-target=move || flag(state().target)
                    class:movable=move || state().movable
                    aria-label=move || {
                        let v = view_of.get();
                        i18n::point_label(lang.get(), v.seat_point(w), view.with(|v| v.position.at_white_point(w)), state())
                    }
                    on:click=move |_| pointer.click(spot)
                    on:keydown=move |ev| pointer.key(spot, &ev)
                    on:pointerdown=move |ev| pointer.press(spot, &ev)>
                    <polygon class=if w % 2 == 0 { "tri even" } else { "tri odd" }
                        points=move || view_of.get().triangle(w)/>
                    <path class="hit" d=move || rect_path(area())/>
                    {move || ghosts.with_untracked(|g| point_checkers(&g.1, view_of.get(), position(), pt))}
                </g>
            }
        })
        .collect_view()
}

/// The point numbers, outside the points: a point's name says its number (and holds all it
/// shows, for the label-in-name rule).
#[component]
fn PointNumbers(view_of: Memo<View>, numbers: RwSignal<bool>) -> impl IntoView {
    view! {
        <g aria-hidden="true" class:hidden=move || !numbers.get()>
            {(1..=24u8).map(|w| view! {
                <text class="num" transform=move || {
                    let (x, y) = view_of.get().number_xy(w);
                    format!("translate({} {})", px(x), px(y))
                }>
                    {move || view_of.get().seat_point(w).to_string()}
                </text>
            }).collect_view()}
        </g>
    }
}

/// Each side's bar (its checkers hit, to enter) and tray (its checkers borne off).
#[component]
fn Holders(spots: Spots) -> impl IntoView {
    let Spots {
        view,
        view_of,
        lang,
        pointer,
        ghosts,
        hint,
    } = spots;
    let hint_at = hint::step_numbers(hint);
    let bars = Side::ALL
        .into_iter()
        .map(|side| {
            let spot = Spot::Bar(side);
            let state = move || spots.state(spot);
            let area = move || ir(view_of.get().bar_area(side));
            view! {
                <g class="bar" tabindex="-1" role="button" data-bar=side.name()
                    data-hint-from=move || hint_at(spot, true)
                    data-selected=move || flag(state().selected)
                    class:movable=move || state().movable
                    aria-label=move || i18n::holder_label(lang.get(), side, false, view.with(|v| v.position.bar(side)), state())
                    on:click=move |_| pointer.click(spot)
                    on:keydown=move |ev| pointer.key(spot, &ev)
                    on:pointerdown=move |ev| pointer.press(spot, &ev)>
                    <path class="hit" d=move || rect_path(area())/>
                    {move || ghosts.with_untracked(|g| stack(&g.1, view_of.get(), side, BAR as u8, view.with(|v| v.position.bar(side))))}
                </g>
            }
        })
        .collect_view();
    let trays = Side::ALL
        .into_iter()
        .map(|side| {
            let spot = Spot::Off(side);
            let state = move || spots.state(spot);
            let area = move || ir(view_of.get().tray_area(side));
            view! {
                <g class="tray" tabindex="-1" role="button" data-off=side.name()
                    data-hint-to=move || hint_at(spot, false)
                    data-target=move || flag(state().target)
                    aria-label=move || i18n::holder_label(lang.get(), side, true, view.with(|v| v.position.off(side)), state())
                    on:click=move |_| pointer.click(spot)
                    on:keydown=move |ev| pointer.key(spot, &ev)>
                    <rect class="tray-bg" x=move || area().0 y=move || area().1
                        width=move || area().2 height=move || area().3 rx="6"/>
                    {move || ghosts.with_untracked(|g| stack(&g.1, view_of.get(), side, OFF as u8, view.with(|v| v.position.off(side))))}
                </g>
            }
        })
        .collect_view();
    view! { {bars}{trays} }
}

/// The dice: two spinning while a roll is on its way, then the roll's, the used ones dimmed.
/// (A forfeited roll waiting for the next one stays at rest: `BoardView::show_forfeited`.)
#[component]
fn Dice(
    view: Memo<BoardView>,
    view_of: Memo<View>,
    tumbling: RwSignal<bool>,
    lang: RwSignal<Lang>,
) -> impl IntoView {
    let rolling = move || {
        tumbling.get()
            && view.with(|m| {
                m.dice.is_empty()
                    && matches!(
                        m.phase,
                        vrhcaby_rules::Phase::Rolling
                            | vrhcaby_rules::Phase::Lot
                            | vrhcaby_rules::Phase::Opening
                    )
            })
    };
    let label = move || view.with(|m| i18n::dice_label(lang.get(), &m.dice, rolling()));
    let dice = move || {
        let v = view_of.get();
        let rolling = rolling();
        let dice: Vec<(u8, bool)> = if rolling {
            vec![(3, false), (5, false)]
        } else {
            view.with(|m| m.dice.clone())
        };
        let n = dice.len();
        dice.into_iter()
            .enumerate()
            .map(|(i, (value, used))| die_view(v, i, n, value, used, rolling))
            .collect_view()
    };
    view! { <g class="dice" role="img" aria-label=label>{dice}</g> }
}

/// The checkers gliding from one spot to another after a batch of events, and the one being
/// dragged.
#[component]
fn Gliders(spots: Spots) -> impl IntoView {
    let Spots {
        view,
        view_of,
        pointer,
        ghosts,
        ..
    } = spots;
    let gliders = move || {
        let v = view_of.get();
        let gliding: Vec<_> = ghosts
            .get()
            .1
            .into_iter()
            .map(|g| {
                let counts = view.with_untracked(|v| *v.position.side(g.side));
                let n_from = counts[usize::from(g.from)];
                let n_to = counts[usize::from(g.to)].max(1);
                let (fx, fy) = v.checker_xy(g.side, g.from, n_from, n_from + 1);
                let (tx, ty) = v.checker_xy(g.side, g.to, n_to - 1, n_to);
                let (fx, fy, tx, ty) = (px(fx), px(fy), px(tx), px(ty));
                view! {
                    <circle class=format!("checker ghost {}", g.side.name()) r=px(RADIUS) cx="0" cy="0"
                        style=format!("--fx:{fx}px;--fy:{fy}px;--tx:{tx}px;--ty:{ty}px")/>
                }
            })
            .collect();
        let dragged = pointer.drag.get().filter(|d| d.moved).map(|d| {
            let side = view.with_untracked(|m| m.mover).unwrap_or(Side::White);
            view! {
                <circle class=format!("checker dragging {}", side.name()) r=px(RADIUS)
                    cx=px(d.at.0) cy=px(d.at.1)/>
            }
        });
        (gliding, dragged)
    };
    view! { <g class="ghosts" aria-hidden="true">{gliders}</g> }
}

#[component]
fn Frame(view_of: Memo<View>) -> impl IntoView {
    use layout::{BAR_W, BAR_X, WIDTH};
    let r = move |x: f64, y: f64, w: f64, h: f64| ir(view_of.get().rect(x, y, w, h));
    let height = move || view_of.get().height();
    view! {
        <rect class="frame" x="0" y="0" width=move || r(0.0, 0.0, WIDTH, height()).2
            height=move || r(0.0, 0.0, WIDTH, height()).3 rx="14"/>
        <path class="bar-bg" d=move || rect_path(r(BAR_X, 0.0, BAR_W, height()))/>
    }
}

/// The checkers standing on White's point `pt`; a stack over five is squeezed and shows its count.
fn point_checkers(landing: &[Ghost], v: View, pos: Position, pt: Point) -> impl IntoView {
    match pos.at_white_point(pt.number()) {
        Some((side, n)) => {
            let own = if side == Side::White { pt } else { pt.mirror() };
            Either::Left(stack(landing, v, side, own.number(), n))
        }
        None => Either::Right(()),
    }
}

fn stack(landing: &[Ghost], v: View, side: Side, loc: u8, n: u8) -> impl IntoView {
    // The checker that has just arrived stays hidden while its ghost glides in.
    let landing = landing.iter().any(|g| g.side == side && g.to == loc);
    let checkers = (0..n)
        .map(|k| {
            let (cx, cy) = v.checker_xy(side, loc, k, n);
            let class = format!(
                "checker {}{}",
                side.name(),
                if landing && k + 1 == n { " landing" } else { "" }
            );
            if usize::from(loc) == OFF {
                let (x, y, w, h) = ir(v.slab(cx, cy));
                Either::Left(
                    view! { <rect class=class data-checker=side.name() x=x y=y width=w height=h rx="3"/> },
                )
            } else {
                Either::Right(
                    view! { <circle class=class data-checker=side.name() cx=px(cx) cy=px(cy) r=px(RADIUS)/> },
                )
            }
        })
        .collect_view();
    let label = (n > 5 && usize::from(loc) != OFF).then(|| {
        let (cx, cy) = v.checker_xy(side, loc, n - 1, n);
        view! { <text class=format!("count {}", side.name()) x=px(cx) y=px(cy + 7.0)>{n.to_string()}</text> }
    });
    let off_label = (usize::from(loc) == OFF && n > 0).then(|| {
        let (cx, cy) = v.checker_xy(side, loc, n - 1, n);
        let (lx, ly) = v.off_count_xy(cx, cy);
        view! { <text class="count off" x=px(lx) y=px(ly)>{n.to_string()}</text> }
    });
    view! { {checkers}{label}{off_label} }
}

fn die_view(v: View, i: usize, n: usize, value: u8, used: bool, rolling: bool) -> impl IntoView {
    let (cx, cy) = v.dice_xy(i, n);
    let pips: &[(f64, f64)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    let size = v.die_size();
    let (spread, pip_r) = (size / 4.0, size / 10.0);
    let pips = pips
        .iter()
        .map(|(dx, dy)| view! { <circle class="pip" cx=px(cx + dx * spread) cy=px(cy + dy * spread) r=px(pip_r)/> })
        .collect_view();
    let class = format!(
        "die{}{}",
        if used { " used" } else { "" },
        if rolling { " rolling" } else { "" }
    );
    view! {
        <g class=class data-die=value.to_string() data-used=used.then_some("")>
            <rect x=px(cx - size / 2.0) y=px(cy - size / 2.0) width=px(size) height=px(size) rx="8"/>
            {pips}
        </g>
    }
}

/// The countdown ring: empties over the 60 s of the running clock, computed from the deadline.
#[component]
fn Clock(view_of: Memo<View>, clock: Memo<ClockView>, lang: RwSignal<Lang>) -> impl IntoView {
    let radius = move || view_of.get().ring_radius();
    let circumference = move || 2.0 * std::f64::consts::PI * radius();
    let centre = move || {
        let (x, y) = view_of.get().clock_xy();
        (px(x), px(y))
    };
    let secs = move || clock.with(|c| c.seconds);
    view! {
        <g class="clock" data-testid="clock"
            class:warn=move || clock.with(|c| c.running && c.seconds <= 10)
            class:idle=move || !clock.with(|c| c.running)
            class:hidden=move || clock.with(|c| c.untimed)
            data-seconds-left=move || secs().to_string()
            role="timer" aria-label=move || clock.with(|c| i18n::clock_label(lang.get(), c.seconds, c.over))>
            <g transform=move || format!("translate({} {})", centre().0, centre().1)>
                <circle class="ring-bg" r=move || px(radius())/>
                <circle class="ring" r=move || px(radius()) transform="rotate(-90)"
                    stroke-dasharray=move || px(circumference())
                    stroke-dashoffset=move || px(circumference() * (1.0 - clock.with(|c| c.fraction)))/>
                <text class="secs" y="7">{move || secs().to_string()}</text>
            </g>
        </g>
    }
}
