//! The SVG board. It knows no rules: it draws a projection of the game (checkers, the targets the
//! rules core lists for the selection, dice, the clock) and turns taps, drags and keys into intents.

use leptos::either::Either;
use leptos::prelude::*;
use vrhcaby_rules::{Origin, Phase, Point, Position, Side, Target, BAR, MOVE_TIME_MS, OFF};

use crate::app::{play_move, Ctx};
use crate::i18n::{self, Key};
use crate::layout::{View, RADIUS};

/// Board units as whole numbers for attributes (keeps float formatting out of the wasm).
fn px(v: f64) -> i32 {
    v.round() as i32
}

fn ir((x, y, w, h): (f64, f64, f64, f64)) -> (i32, i32, i32, i32) {
    (px(x), px(y), px(w), px(h))
}

/// A place on the board a player can tap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// White's point number.
    Point(u8),
    Bar(Side),
    Off(Side),
}

impl Spot {
    fn origin(self, mover: Side) -> Option<Origin> {
        match self {
            Spot::Point(w) => Point::new(own_number(mover, w)).map(Origin::Point),
            Spot::Bar(side) if side == mover => Some(Origin::Bar),
            _ => None,
        }
    }

    fn target(self, mover: Side) -> Option<Target> {
        match self {
            Spot::Point(w) => Point::new(own_number(mover, w)).map(Target::Point),
            Spot::Off(side) if side == mover => Some(Target::Off),
            _ => None,
        }
    }

    fn of_origin(mover: Side, o: Origin) -> Spot {
        match o {
            Origin::Bar => Spot::Bar(mover),
            Origin::Point(p) => Spot::Point(own_number(mover, p.number())),
        }
    }

    fn of_target(mover: Side, t: Target) -> Spot {
        match t {
            Target::Off => Spot::Off(mover),
            Target::Point(p) => Spot::Point(own_number(mover, p.number())),
        }
    }

    /// Reads a spot from a board element's `data-*` attributes.
    fn from_element(el: &web_sys::Element) -> Option<Spot> {
        let side = |v: String| match v.as_str() {
            "white" => Some(Side::White),
            "black" => Some(Side::Black),
            _ => None,
        };
        if let Some(p) = el.get_attribute("data-point") {
            return p.parse().ok().map(Spot::Point);
        }
        if let Some(s) = el.get_attribute("data-off") {
            return side(s).map(Spot::Off);
        }
        el.get_attribute("data-bar").and_then(side).map(Spot::Bar)
    }
}

/// A point number in `side`'s numbering from White's (and back: the map is its own inverse).
fn own_number(side: Side, white_point: u8) -> u8 {
    match side {
        Side::White => white_point,
        Side::Black => 25 - white_point,
    }
}

/// A checker gliding from one place to another (own numbering of its side) after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ghost {
    pub seq: u32,
    pub side: Side,
    pub from_loc: u8,
    pub to_loc: u8,
}

/// What the board shows, derived from the game and the selection. Compared for equality, so the
/// DOM is touched only when something visible changed.
#[derive(Clone, Debug, PartialEq)]
struct Model {
    phase: Phase,
    turn: Option<Side>,
    mover: Option<Side>,
    position: Position,
    movable: Vec<Spot>,
    selected: Option<Spot>,
    targets: Vec<Spot>,
    dice: Vec<(u8, bool)>,
}

impl Model {
    fn build(ctx: Ctx) -> Model {
        let selected = ctx.selected.get();
        ctx.session.with(|s| {
            let Some(s) = s else {
                return Model {
                    phase: Phase::Lot,
                    turn: None,
                    mover: None,
                    position: Position::start(),
                    movable: Vec::new(),
                    selected: None,
                    targets: Vec::new(),
                    dice: Vec::new(),
                };
            };
            let g = s.game();
            // In a peer game only this device's player moves its checkers.
            let mover = g.dice_owner().filter(|m| s.controls(*m));
            let legal = g.legal_moves();
            let (movable, selected, targets) = match mover {
                Some(m) => {
                    let mut movable: Vec<Spot> =
                        legal.iter().map(|mv| Spot::of_origin(m, mv.from)).collect();
                    movable.dedup();
                    let targets = legal
                        .iter()
                        .filter(|mv| Some(mv.from) == selected)
                        .map(|mv| Spot::of_target(m, mv.to))
                        .collect();
                    (movable, selected.map(|o| Spot::of_origin(m, o)), targets)
                }
                None => (Vec::new(), None, Vec::new()),
            };
            let dice = match g.current_roll() {
                Some(roll) => {
                    let left = g.dice_left();
                    if roll.is_double() {
                        let v = roll.high().value();
                        (0..4).map(|i| (v, i >= left.len())).collect()
                    } else {
                        let mut left = left;
                        [roll.high(), roll.low()]
                            .iter()
                            .map(|&d| (d.value(), !left.remove(d)))
                            .collect()
                    }
                }
                None => Vec::new(),
            };
            Model {
                phase: g.phase(),
                turn: g.turn(),
                mover,
                position: *g.position(),
                movable,
                selected,
                targets,
                dice,
            }
        })
    }
}

/// A tap on a spot: play to it if it is a target of the selection, else (de)select it.
pub fn tap(ctx: Ctx, spot: Spot) {
    let (phase, mover) = ctx.session.with_untracked(|s| {
        s.as_ref().map_or((Phase::Lot, None), |s| {
            (
                s.game().phase(),
                s.game().dice_owner().filter(|m| s.controls(*m)),
            )
        })
    });
    let Some(mover) = mover.filter(|_| phase == Phase::Moving) else {
        return;
    };
    let selected = ctx.selected.get_untracked();
    if let (Some(from), Some(to)) = (selected, spot.target(mover)) {
        let legal = ctx.session.with_untracked(|s| {
            s.as_ref()
                .is_some_and(|s| s.game().targets_from(from).iter().any(|m| m.to == to))
        });
        if legal {
            play_move(ctx, from, to);
            return;
        }
    }
    let origin = spot.origin(mover).filter(|o| {
        ctx.session.with_untracked(|s| {
            s.as_ref()
                .is_some_and(|s| !s.game().targets_from(*o).is_empty())
        })
    });
    match origin {
        Some(o) if selected != Some(o) => ctx.selected.set(Some(o)),
        _ => ctx.selected.set(None),
    }
}

/// Drag state: where the drag started and where the pointer is now (board units).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    from: Spot,
    start: (f64, f64),
    at: (f64, f64),
    moved: bool,
}

#[component]
pub fn Board() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let view_of = Memo::new(move |_| View {
        seat: ctx.seat(),
        portrait: ctx.portrait.get(),
    });
    let model = Memo::new(move |_| Model::build(ctx));
    let drag = RwSignal::new(None::<Drag>);
    let suppress_click = RwSignal::new(false);
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();

    // Client coordinates → board units.
    let to_board = move |x: f64, y: f64| -> Option<(f64, f64)> {
        let svg = svg_ref.get_untracked()?;
        let rect = svg.get_bounding_client_rect();
        let v = view_of.get_untracked();
        let (w, h) = v.xy(crate::layout::WIDTH, v.height());
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        // The SVG keeps its aspect ratio (xMidYMid meet): one scale, centred.
        let scale = (rect.width() / w).min(rect.height() / h);
        let ox = rect.left() + (rect.width() - w * scale) / 2.0;
        let oy = rect.top() + (rect.height() - h * scale) / 2.0;
        Some(((x - ox) / scale, (y - oy) / scale))
    };

    let on_down = move |spot: Spot, ev: web_sys::PointerEvent| {
        if ev.button() != 0 {
            return;
        }
        let movable = model.with_untracked(|m| m.movable.contains(&spot));
        if !movable {
            return;
        }
        if let Some(at) = to_board(f64::from(ev.client_x()), f64::from(ev.client_y())) {
            drag.set(Some(Drag {
                from: spot,
                start: at,
                at,
                moved: false,
            }));
        }
    };
    let move_listener = window_event_listener(leptos::ev::pointermove, move |ev| {
        if drag.with_untracked(Option::is_none) {
            return;
        }
        if let Some(at) = to_board(f64::from(ev.client_x()), f64::from(ev.client_y())) {
            drag.update(|d| {
                if let Some(d) = d {
                    let (dx, dy) = (at.0 - d.start.0, at.1 - d.start.1);
                    if !d.moved && dx * dx + dy * dy > 100.0 {
                        d.moved = true;
                        // Picking a checker up selects it, so its targets light up.
                        if let Some(mover) = model.with_untracked(|m| m.mover) {
                            if let Some(o) = d.from.origin(mover) {
                                ctx.selected.set(Some(o));
                            }
                        }
                    }
                    d.at = at;
                }
            });
        }
    });
    let up_listener = window_event_listener(leptos::ev::pointerup, move |ev| {
        let Some(d) = drag.get_untracked() else {
            return;
        };
        drag.set(None);
        if !d.moved {
            return;
        }
        suppress_click.set(true);
        let dropped = document()
            .element_from_point(ev.client_x() as f32, ev.client_y() as f32)
            .and_then(|el| {
                el.closest("[data-point],[data-off],[data-bar]")
                    .ok()
                    .flatten()
            })
            .and_then(|el| Spot::from_element(&el));
        match dropped {
            Some(spot) if spot != d.from => tap(ctx, spot),
            _ => {}
        }
    });
    on_cleanup(move || {
        move_listener.remove();
        up_listener.remove();
    });

    let on_tap = move |spot: Spot| {
        if suppress_click.get_untracked() {
            suppress_click.set(false);
            return;
        }
        tap(ctx, spot);
    };
    let key = move |spot: Spot, ev: web_sys::KeyboardEvent| {
        if ev.key() == "Enter" || ev.key() == " " {
            ev.prevent_default();
            tap(ctx, spot);
        }
    };
    let is_selected = move |spot: Spot| model.with(|m| m.selected == Some(spot));
    let is_target = move |spot: Spot| model.with(|m| m.targets.contains(&spot));
    let is_movable = move |spot: Spot| model.with(|m| m.movable.contains(&spot));
    let flag = |b: bool| b.then_some("");
    let lang = move || ctx.lang.get();

    let points = (1..=24u8)
        .map(|w| {
            let spot = Spot::Point(w);
            let area = move || ir(view_of.get().point_area(w));
            view! {
                <g class="point" tabindex="0" role="button" data-point=w.to_string()
                    data-selected=move || flag(is_selected(spot))
                    data-target=move || flag(is_target(spot))
                    class:movable=move || is_movable(spot)
                    aria-label=move || {
                        let v = view_of.get();
                        i18n::point_label(lang(), v.seat_point(w), model.with(|m| m.position.at_white_point(w)))
                    }
                    on:click=move |_| on_tap(spot)
                    on:keydown=move |ev| key(spot, ev)
                    on:pointerdown=move |ev| on_down(spot, ev)>
                    <polygon class=if w % 2 == 0 { "tri even" } else { "tri odd" }
                        points=move || view_of.get().triangle(w)/>
                    <rect class="hit" x=move || area().0 y=move || area().1
                        width=move || area().2 height=move || area().3/>
                    {move || point_checkers(ctx, view_of.get(), model.with(|m| m.position), w)}
                    <Show when=move || ctx.numbers.get()>
                        <text class="num" x=move || px(view_of.get().number_xy(w).0)
                            y=move || px(view_of.get().number_xy(w).1)>
                            {move || view_of.get().seat_point(w).to_string()}
                        </text>
                    </Show>
                </g>
            }
        })
        .collect_view();

    let bars = Side::ALL
        .into_iter()
        .map(|side| {
            let spot = Spot::Bar(side);
            let area = move || ir(view_of.get().bar_area(side));
            view! {
                <g class="bar" tabindex="0" role="button" data-bar=side.name()
                    data-selected=move || flag(is_selected(spot))
                    class:movable=move || is_movable(spot)
                    aria-label=move || i18n::bar_label(lang(), side, model.with(|m| m.position.bar(side)))
                    on:click=move |_| on_tap(spot)
                    on:keydown=move |ev| key(spot, ev)
                    on:pointerdown=move |ev| on_down(spot, ev)>
                    <rect class="hit" x=move || area().0 y=move || area().1
                        width=move || area().2 height=move || area().3/>
                    {move || stack(ctx, view_of.get(), side, BAR as u8, model.with(|m| m.position.bar(side)))}
                </g>
            }
        })
        .collect_view();

    let trays = Side::ALL
        .into_iter()
        .map(|side| {
            let spot = Spot::Off(side);
            let area = move || ir(view_of.get().tray_area(side));
            view! {
                <g class="tray" tabindex="0" role="button" data-off=side.name()
                    data-target=move || flag(is_target(spot))
                    aria-label=move || i18n::off_label(lang(), side, model.with(|m| m.position.off(side)))
                    on:click=move |_| on_tap(spot)
                    on:keydown=move |ev| key(spot, ev)>
                    <rect class="tray-bg" x=move || area().0 y=move || area().1
                        width=move || area().2 height=move || area().3 rx="6"/>
                    {move || stack(ctx, view_of.get(), side, OFF as u8, model.with(|m| m.position.off(side)))}
                </g>
            }
        })
        .collect_view();

    let dice = move || {
        let v = view_of.get();
        let rolling =
            ctx.rolling.get() && model.with(|m| matches!(m.phase, Phase::Rolling | Phase::Lot));
        // While the dice tumble, two dice spin; then the roll's dice, used ones dimmed.
        let dice: Vec<(u8, bool)> = if rolling {
            vec![(3, false), (5, false)]
        } else {
            model.with(|m| m.dice.clone())
        };
        let n = dice.len();
        dice.into_iter()
            .enumerate()
            .map(|(i, (value, used))| die_view(v, i, n, value, used, rolling))
            .collect_view()
    };

    let ghosts = move || {
        let v = view_of.get();
        let gliding: Vec<_> = ctx
            .ghosts
            .get()
            .into_iter()
            .map(|g| {
                let counts = model.with_untracked(|m| *m.position.side(g.side));
                let n_from = counts[usize::from(g.from_loc)];
                let n_to = counts[usize::from(g.to_loc)].max(1);
                let (fx, fy) = v.checker_xy(g.side, g.from_loc, n_from, n_from + 1);
                let (tx, ty) = v.checker_xy(g.side, g.to_loc, n_to - 1, n_to);
                let (fx, fy, tx, ty) = (px(fx), px(fy), px(tx), px(ty));
                view! {
                    <circle class=format!("checker ghost {}", g.side.name()) r=px(RADIUS) cx="0" cy="0"
                        style=format!("--fx:{fx}px;--fy:{fy}px;--tx:{tx}px;--ty:{ty}px")/>
                }
            })
            .collect();
        let dragged = drag.get().filter(|d| d.moved).map(|d| {
            let side = model.with_untracked(|m| m.mover).unwrap_or(Side::White);
            view! {
                <circle class=format!("checker dragging {}", side.name()) r=px(RADIUS)
                    cx=px(d.at.0) cy=px(d.at.1)/>
            }
        });
        (gliding, dragged)
    };

    view! {
        <div class="board-wrap">
            <svg class="board" node_ref=svg_ref data-testid="board"
                viewBox=move || view_of.get().view_box()
                preserveAspectRatio="xMidYMid meet"
                data-turn=move || model.with(|m| m.turn.map(Side::name))
                data-phase=move || model.with(|m| m.phase.name())
                data-seat=move || ctx.session.with(|s| s.as_ref().and_then(|s| s.seat()).map(Side::name))
                role="group" aria-label=move || ctx.say(Key::Title)>
                <Frame view_of=view_of/>
                {points}
                {bars}
                {trays}
                <g class="dice" aria-hidden="true">{dice}</g>
                <Clock view_of=view_of/>
                <g class="ghosts" aria-hidden="true">{ghosts}</g>
            </svg>
        </div>
    }
}

#[component]
fn Frame(view_of: Memo<View>) -> impl IntoView {
    use crate::layout::{BAR_W, BAR_X, WIDTH};
    let r = move |x: f64, y: f64, w: f64, h: f64| ir(view_of.get().rect(x, y, w, h));
    let height = move || view_of.get().height();
    view! {
        <rect class="frame" x="0" y="0" width=move || r(0.0, 0.0, WIDTH, height()).2
            height=move || r(0.0, 0.0, WIDTH, height()).3 rx="14"/>
        <rect class="bar-bg" x=move || r(BAR_X, 0.0, BAR_W, height()).0 y=move || r(BAR_X, 0.0, BAR_W, height()).1
            width=move || r(BAR_X, 0.0, BAR_W, height()).2 height=move || r(BAR_X, 0.0, BAR_W, height()).3/>
    }
}

/// The checkers standing on White's point `w`; a stack over five is squeezed and shows its count.
fn point_checkers(ctx: Ctx, v: View, pos: Position, w: u8) -> impl IntoView {
    match pos.at_white_point(w) {
        Some((side, n)) => Either::Left(stack(ctx, v, side, own_number(side, w), n)),
        None => Either::Right(()),
    }
}

fn stack(ctx: Ctx, v: View, side: Side, loc: u8, n: u8) -> impl IntoView {
    // The checker that has just arrived stays hidden while its ghost glides in.
    let landing = ctx
        .ghosts
        .with_untracked(|g| g.iter().any(|g| g.side == side && g.to_loc == loc));
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
        view! { <text class="count off" x=px(cx) y=px(cy - 14.0)>{n.to_string()}</text> }
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
fn Clock(view_of: Memo<View>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let radius = move || view_of.get().ring_radius();
    let circumference = move || 2.0 * std::f64::consts::PI * radius();
    let state = move || {
        let now = ctx.now.get();
        ctx.session.with(|s| {
            s.as_ref().map_or((60, 1.0, false), |s| {
                let now = s.now(now);
                let g = s.game();
                let running = matches!(g.phase(), Phase::Moving | Phase::DrawOffered);
                let left = g.millis_left(now);
                (
                    g.seconds_left(now),
                    left as f64 / MOVE_TIME_MS as f64,
                    running,
                )
            })
        })
    };
    let centre = move || {
        let (x, y) = view_of.get().clock_xy();
        (px(x), px(y))
    };
    view! {
        <g class="clock" data-testid="clock"
            class:warn=move || { let (s, _, run) = state(); run && s <= 10 }
            class:idle=move || !state().2
            data-seconds-left=move || state().0.to_string()
            role="timer" aria-label=move || format!("{} {}", state().0, ctx.say(Key::Seconds))>
            <circle class="ring-bg" cx=move || centre().0 cy=move || centre().1 r=move || px(radius())/>
            <circle class="ring" cx=move || centre().0 cy=move || centre().1 r=move || px(radius())
                stroke-dasharray=move || px(circumference())
                stroke-dashoffset=move || px(circumference() * (1.0 - state().1))
                transform=move || format!("rotate(-90 {} {})", centre().0, centre().1)/>
            <text class="secs" x=move || centre().0 y=move || centre().1 + 7>{move || state().0.to_string()}</text>
        </g>
    }
}
