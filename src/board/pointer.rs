//! What a tap, a double-tap, a drag and a key do on the board: the selection, the drag's state
//! and the roving focus, each turned into an intent through the pure [`super::input`] and
//! [`super::keys`]. One `Copy` value the board's parts call into; its window listeners live as
//! long as the board.

use leptos::prelude::*;
use vrhcaby_rules::Origin;

use super::input::{self, Spot};
use super::keys;
use super::layout::{self, View};
use super::BoardView;
use crate::session::Intent;

/// A drag: where it started and where the pointer is now (board units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Drag {
    pub from: Spot,
    pub start: (f64, f64),
    pub at: (f64, f64),
    pub moved: bool,
}

/// The board's input state and what it does with each event.
#[derive(Clone, Copy)]
pub(super) struct Pointer {
    view: Memo<BoardView>,
    view_of: Memo<View>,
    /// The checker selected (`input::spot_state` drops it as the view changes and its moves go).
    pub selected: RwSignal<Option<Origin>>,
    pub drag: RwSignal<Option<Drag>>,
    /// A drop ignores the click its own release may fire.
    suppress_click: RwSignal<bool>,
    /// The last spot a tap selected, and when: a second tap within 400 ms is a double-tap.
    last_select: StoredValue<Option<(Spot, vrhcaby_rules::Millis)>>,
    pub svg: NodeRef<leptos::svg::Svg>,
    on_intent: Callback<Intent>,
}

impl Pointer {
    /// The board's input, with its window listeners (pointer moves and releases, Escape) until
    /// the board is gone.
    pub fn new(view: Memo<BoardView>, view_of: Memo<View>, on_intent: Callback<Intent>) -> Self {
        let p = Pointer {
            view,
            view_of,
            selected: RwSignal::new(None),
            drag: RwSignal::new(None),
            suppress_click: RwSignal::new(false),
            last_select: StoredValue::new(None),
            svg: NodeRef::new(),
            on_intent,
        };
        let escape = window_event_listener(leptos::ev::keydown, move |ev| {
            if ev.key() == "Escape" {
                p.selected.set(None);
            }
        });
        let move_listener = window_event_listener(leptos::ev::pointermove, move |ev| p.moved(&ev));
        // A drop ignores the click its own release may fire (on the spot where it was dropped,
        // if it began there too). No click follows most drags, so the flag must not wait for
        // one: any new press ends it — the next real tap always begins with one.
        let down_listener = window_event_listener(leptos::ev::pointerdown, move |_| {
            p.suppress_click.set(false);
        });
        let up_listener = window_event_listener(leptos::ev::pointerup, move |ev| p.released(&ev));
        on_cleanup(move || {
            move_listener.remove();
            down_listener.remove();
            up_listener.remove();
            escape.remove();
        });
        p
    }

    /// A tap (or Enter) on `spot`: select, move or deselect.
    pub fn tap(self, spot: Spot) {
        let (sel, intent) = self
            .view
            .with_untracked(|v| input::tap(v, self.selected.get_untracked(), spot));
        self.selected.set(sel);
        if let Some(intent) = intent {
            self.on_intent.run(intent);
        }
    }

    /// A click on `spot`: a tap, a double-tap (the checker moves by the higher die,
    /// `input::double_tap`), or nothing after a drop.
    pub fn click(self, spot: Spot) {
        if self.suppress_click.get_untracked() {
            self.suppress_click.set(false);
            return;
        }
        let now = crate::platform::now_ms();
        let double = self
            .last_select
            .get_value()
            .is_some_and(|(s, t)| s == spot && now.saturating_sub(t) < 400);
        self.last_select.set_value(None);
        if double {
            if let Some(intent) = self.view.with_untracked(|v| input::double_tap(v, spot)) {
                self.selected.set(None);
                self.on_intent.run(intent);
                return;
            }
        }
        self.tap(spot);
        if self.selected.get_untracked().is_some() {
            self.last_select.set_value(Some((spot, now)));
        }
    }

    /// A press on `spot`: a drag may begin (on a checker that can move).
    pub fn press(self, spot: Spot, ev: &web_sys::PointerEvent) {
        if ev.button() != 0
            || !self
                .view
                .with_untracked(|v| input::movable(v).contains(&spot))
        {
            return;
        }
        if let Some(at) = self.to_board(f64::from(ev.client_x()), f64::from(ev.client_y())) {
            self.drag.set(Some(Drag {
                from: spot,
                start: at,
                at,
                moved: false,
            }));
        }
    }

    /// A key on `spot`: Enter or Space taps, N and P jump between the checkers that can move
    /// (or the selected one's targets), the arrows move the focus.
    pub fn key(self, spot: Spot, ev: &web_sys::KeyboardEvent) {
        let k = ev.key();
        if k == "Enter" || k == " " {
            ev.prevent_default();
            self.tap(spot);
        } else if matches!(k.as_str(), "n" | "N" | "p" | "P") {
            // Shift+N or P goes back; the board stays one Tab stop.
            let back = k == "N" || k.eq_ignore_ascii_case("p");
            if let Some(next) = self
                .view
                .with_untracked(|v| keys::jump(v, self.selected.get_untracked(), spot, back))
            {
                ev.prevent_default();
                self.focus(next);
            }
        } else if let Some(next) = input::neighbour(self.view_of.get_untracked(), spot, &k) {
            ev.prevent_default();
            self.focus(next);
        }
    }

    /// One tab stop for the whole board (a roving tabindex): every spot is drawn with tabindex
    /// -1 but one (White's 24-point at first); the focus moves to `next`, and the 0 with it.
    fn focus(self, next: Spot) {
        let selector = match next {
            Spot::Point(p) => format!("[data-point=\"{}\"]", p.number()),
            Spot::Bar(side) => format!("[data-bar={}]", side.name()),
            Spot::Off(side) => format!("[data-off={}]", side.name()),
        };
        let Some(svg) = self.svg.get_untracked() else {
            return;
        };
        if let Ok(Some(el)) = svg.query_selector(&selector) {
            if let Ok(Some(old)) = svg.query_selector("[tabindex=\"0\"]") {
                let _ = old.set_attribute("tabindex", "-1");
            }
            let _ = el.set_attribute("tabindex", "0");
            crate::platform::focus(&el);
        }
    }

    /// The pointer moved: a drag follows it; past 10 units it picks the checker up (selecting
    /// it, so its targets light up).
    fn moved(self, ev: &web_sys::PointerEvent) {
        if self.drag.with_untracked(Option::is_none) {
            return;
        }
        let Some(at) = self.to_board(f64::from(ev.client_x()), f64::from(ev.client_y())) else {
            return;
        };
        self.drag.update(|d| {
            if let Some(d) = d {
                let (dx, dy) = (at.0 - d.start.0, at.1 - d.start.1);
                if !d.moved && dx * dx + dy * dy > 100.0 {
                    d.moved = true;
                    if let Some(o) = self.view.with_untracked(|v| input::pick_up(v, d.from)) {
                        self.selected.set(Some(o));
                    }
                }
                d.at = at;
            }
        });
    }

    /// The pointer was released: a drag that moved drops on the spot under it.
    fn released(self, ev: &web_sys::PointerEvent) {
        let Some(d) = self.drag.get_untracked() else {
            return;
        };
        self.drag.set(None);
        if !d.moved {
            return;
        }
        self.suppress_click.set(true);
        let dropped = document()
            .element_from_point(ev.client_x() as f32, ev.client_y() as f32)
            .and_then(|el| {
                el.closest("[data-point],[data-off],[data-bar]")
                    .ok()
                    .flatten()
            })
            .and_then(|el| {
                Spot::from_attrs(
                    el.get_attribute("data-point").as_deref(),
                    el.get_attribute("data-off").as_deref(),
                    el.get_attribute("data-bar").as_deref(),
                )
            });
        match dropped {
            Some(spot) if spot != d.from => self.tap(spot),
            _ => {}
        }
    }

    /// Client coordinates → board units.
    fn to_board(self, x: f64, y: f64) -> Option<(f64, f64)> {
        let svg = self.svg.get_untracked()?;
        let rect = svg.get_bounding_client_rect();
        let v = self.view_of.get_untracked();
        let (w, h) = v.xy(layout::WIDTH, v.height());
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        // The SVG keeps its aspect ratio (xMidYMid meet): one scale, centred.
        let scale = (rect.width() / w).min(rect.height() / h);
        let ox = rect.left() + (rect.width() - w * scale) / 2.0;
        let oy = rect.top() + (rect.height() - h * scale) / 2.0;
        Some(((x - ox) / scale, (y - oy) / scale))
    }
}
