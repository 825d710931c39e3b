//! Pure input handling: a tap, a drop or a key on a spot of the board becomes a new selection or
//! an intent, using only the moves the view lists (the board computes no rule).

use vrhcaby_rules::{Origin, Point, Side, Target};

use super::layout::View;
use super::view::BoardView;
use crate::i18n::SpotState;
use crate::session::Intent;

/// A place on the board a player can tap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    /// A point, in White's numbering.
    Point(Point),
    Bar(Side),
    Off(Side),
}

/// A White-numbered point in `side`'s numbering, and back (the map is its own inverse).
pub(super) fn own(side: Side, p: Point) -> Point {
    match side {
        Side::White => p,
        Side::Black => p.mirror(),
    }
}

impl Spot {
    #[must_use]
    pub fn origin(self, mover: Side) -> Option<Origin> {
        match self {
            Spot::Point(p) => Some(Origin::Point(own(mover, p))),
            Spot::Bar(side) if side == mover => Some(Origin::Bar),
            _ => None,
        }
    }

    #[must_use]
    pub fn target(self, mover: Side) -> Option<Target> {
        match self {
            Spot::Point(p) => Some(Target::Point(own(mover, p))),
            Spot::Off(side) if side == mover => Some(Target::Off),
            _ => None,
        }
    }

    #[must_use]
    pub fn of_origin(mover: Side, o: Origin) -> Spot {
        match o {
            Origin::Bar => Spot::Bar(mover),
            Origin::Point(p) => Spot::Point(own(mover, p)),
        }
    }

    #[must_use]
    pub fn of_target(mover: Side, t: Target) -> Spot {
        match t {
            Target::Off => Spot::Off(mover),
            Target::Point(p) => Spot::Point(own(mover, p)),
        }
    }

    /// Reads a spot from a board element's `data-point`, `data-off` or `data-bar` value.
    #[must_use]
    pub fn from_attrs(point: Option<&str>, off: Option<&str>, bar: Option<&str>) -> Option<Spot> {
        let side = |v: &str| Side::ALL.into_iter().find(|s| s.name() == v);
        if let Some(p) = point {
            return p.parse().ok().and_then(Point::new).map(Spot::Point);
        }
        if let Some(s) = off {
            return side(s).map(Spot::Off);
        }
        bar.and_then(side).map(Spot::Bar)
    }
}

/// The spots with a checker that may move now.
#[must_use]
pub fn movable(view: &BoardView) -> Vec<Spot> {
    let Some(m) = view.mover else {
        return Vec::new();
    };
    let mut spots: Vec<Spot> = Vec::new();
    for mv in &view.moves {
        let s = Spot::of_origin(m, mv.from);
        if !spots.contains(&s) {
            spots.push(s);
        }
    }
    spots
}

/// The legal targets of the selected origin.
#[must_use]
pub fn targets(view: &BoardView, selected: Option<Origin>) -> Vec<Spot> {
    match (view.mover, selected) {
        (Some(m), Some(from)) => view
            .moves
            .iter()
            .filter(|mv| mv.from == from)
            .map(|mv| Spot::of_target(m, mv.to))
            .collect(),
        _ => Vec::new(),
    }
}

/// The selection as it stands in this view: dropped when its origin has no move any more.
#[must_use]
pub fn valid_selection(view: &BoardView, selected: Option<Origin>) -> Option<Origin> {
    selected.filter(|o| view.moves.iter().any(|mv| mv.from == *o))
}

/// What a tap (a click, a drop, Enter) on `spot` does: play to it if it is a target of the
/// selection, else select it if it can move, else clear the selection.
#[must_use]
pub fn tap(
    view: &BoardView,
    selected: Option<Origin>,
    spot: Spot,
) -> (Option<Origin>, Option<Intent>) {
    let Some(mover) = view.mover else {
        return (None, None);
    };
    let selected = valid_selection(view, selected);
    if let (Some(from), Some(to)) = (selected, spot.target(mover)) {
        if view.moves.iter().any(|m| m.from == from && m.to == to) {
            return (None, Some(Intent::Move { from, to }));
        }
    }
    match spot
        .origin(mover)
        .filter(|o| valid_selection(view, Some(*o)).is_some())
    {
        Some(o) if selected != Some(o) => match forced_target(view, o) {
            // A quick move: nothing else can move and this checker has one place to go (e.g.
            // entering from the bar with one open point), so one tap plays it — the player had
            // no choice to make.
            Some(to) => (None, Some(Intent::Move { from: o, to })),
            None => (Some(o), None),
        },
        _ => (None, None),
    }
}

/// A double-tap on a checker moves it by the highest die it can use now (so a second double-tap
/// moves it on by the other die). The player picked the checker and the die order; the move is
/// one the view lists, so no rule is decided here. `None` when the spot has no move.
#[must_use]
pub fn double_tap(view: &BoardView, spot: Spot) -> Option<Intent> {
    let from = spot.origin(view.mover?)?;
    view.moves
        .iter()
        .filter(|m| m.from == from)
        .max_by_key(|m| m.die)
        .map(|m| Intent::Move { from, to: m.to })
}

/// The one target of `from` when every legal move starts there and all go to the same place.
fn forced_target(view: &BoardView, from: Origin) -> Option<Target> {
    let first = view.moves.first()?;
    view.moves
        .iter()
        .all(|m| m.from == from && m.to == first.to)
        .then_some(first.to)
}

/// What a spot is now, for its attributes and its label: the selection, a target of it, or a
/// checker that can move.
#[must_use]
pub fn spot_state(view: &BoardView, selected: Option<Origin>, spot: Spot) -> SpotState {
    let sel = valid_selection(view, selected);
    SpotState {
        selected: view
            .mover
            .zip(sel)
            .is_some_and(|(m, o)| Spot::of_origin(m, o) == spot),
        target: targets(view, sel).contains(&spot),
        movable: movable(view).contains(&spot),
    }
}

/// Picking a checker up (a drag) selects it when it can move.
#[must_use]
pub fn pick_up(view: &BoardView, spot: Spot) -> Option<Origin> {
    view.mover
        .and_then(|m| spot.origin(m))
        .filter(|o| valid_selection(view, Some(*o)).is_some())
}

/// Where a spot is drawn on the landscape board from `seat`'s side: its column (0–5 and 7–12
/// the points, 6 the bar, 13 the trays) and its row (0 the top, 1 the bottom).
fn cell(seat: Side, spot: Spot) -> (i8, i8) {
    match spot {
        Spot::Point(p) => {
            let q = own(seat, p).number() as i8;
            match q {
                1..=6 => (13 - q, 1),
                7..=12 => (12 - q, 1),
                13..=18 => (q - 13, 0),
                _ => (q - 12, 0),
            }
        }
        // The seat's own bar half is at the top and its tray at the bottom (`layout`).
        Spot::Bar(side) => (6, i8::from(side != seat)),
        Spot::Off(side) => (13, i8::from(side == seat)),
    }
}

/// The board's one tab stop moves with the arrow keys (a roving tabindex): to the next spot on
/// the screen in the key's direction, as the board is drawn now (portrait is the landscape board
/// mirrored on its diagonal); `None` at the edge.
#[must_use]
pub fn neighbour(v: View, from: Spot, key: &str) -> Option<Spot> {
    let (along_x, across) = match key {
        "ArrowRight" => (1, 0),
        "ArrowLeft" => (-1, 0),
        "ArrowDown" => (0, 1),
        "ArrowUp" => (0, -1),
        _ => return None,
    };
    let (dc, dr) = if v.portrait {
        (across, along_x)
    } else {
        (along_x, across)
    };
    let (c, r) = cell(v.seat, from);
    let (c, r) = (c + dc, r + dr);
    if !(0..=1).contains(&r) {
        return None;
    }
    let top = r == 0;
    Some(match c {
        6 => Spot::Bar(if top { v.seat } else { !v.seat }),
        13 => Spot::Off(if top { !v.seat } else { v.seat }),
        // `cell` counts in the seat's numbering; spots are in White's.
        0..=12 => {
            let q = match (top, c < 6) {
                (true, true) => c + 13,
                (true, false) => c + 12,
                (false, true) => 12 - c,
                (false, false) => 13 - c,
            };
            Spot::Point(own(v.seat, Point::new(q as u8)?))
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(n: u8) -> Point {
        Point::new(n).unwrap()
    }

    fn view(first: Side, dice: (u8, u8)) -> BoardView {
        BoardView::build(
            &super::super::view::started(first, dice),
            |_| true,
            None,
            first,
        )
    }

    #[test]
    fn select_then_play_a_target() {
        let v = view(Side::White, (6, 5));
        // White's 24-point can move 6 and 5.
        let (sel, intent) = tap(&v, None, Spot::Point(p(24)));
        assert_eq!(sel, Some(Origin::Point(p(24))));
        assert_eq!(intent, None);
        // 24/18 is open; 24/19 is Black's 6-point, blocked.
        assert_eq!(targets(&v, sel), vec![Spot::Point(p(18))]);
        let (sel, intent) = tap(&v, sel, Spot::Point(p(18)));
        assert_eq!(sel, None);
        assert_eq!(
            intent,
            Some(Intent::Move {
                from: Origin::Point(p(24)),
                to: Target::Point(p(18))
            })
        );
    }

    #[test]
    fn a_forced_move_is_played_by_one_tap_and_a_choice_is_not() {
        use vrhcaby_rules::{Die, Move};
        let mv = |from, to, die| Move {
            from,
            to,
            die: Die::new(die).unwrap(),
        };
        // On the bar with one open point: every legal move enters there (with either die).
        let bar = BoardView {
            mover: Some(Side::White),
            moves: vec![
                mv(Origin::Bar, Target::Point(p(20)), 5),
                mv(Origin::Bar, Target::Point(p(20)), 5),
            ],
            ..BoardView::default()
        };
        assert_eq!(
            tap(&bar, None, Spot::Bar(Side::White)),
            (
                None,
                Some(Intent::Move {
                    from: Origin::Bar,
                    to: Target::Point(p(20))
                })
            )
        );
        // Two places to go, or another checker that could move: the tap only selects.
        let two = BoardView {
            moves: vec![
                mv(Origin::Bar, Target::Point(p(20)), 5),
                mv(Origin::Bar, Target::Point(p(22)), 3),
            ],
            ..bar.clone()
        };
        assert_eq!(
            tap(&two, None, Spot::Bar(Side::White)),
            (Some(Origin::Bar), None)
        );
        let other = BoardView {
            moves: vec![
                mv(Origin::Point(p(13)), Target::Point(p(8)), 5),
                mv(Origin::Point(p(6)), Target::Point(p(1)), 5),
            ],
            ..bar.clone()
        };
        assert_eq!(
            tap(&other, None, Spot::Point(p(13))),
            (Some(Origin::Point(p(13))), None)
        );
    }

    #[test]
    fn a_double_tap_moves_by_the_higher_die_then_the_other() {
        let v = view(Side::White, (6, 3));
        // From the 13-point, 6 goes to 7 and 3 to 10: the double-tap takes the 6.
        assert_eq!(
            double_tap(&v, Spot::Point(p(13))),
            Some(Intent::Move {
                from: Origin::Point(p(13)),
                to: Target::Point(p(7))
            })
        );
        // From the 6-point the 6 would bear off, not legal yet: the 3.
        assert_eq!(
            double_tap(&v, Spot::Point(p(6))),
            Some(Intent::Move {
                from: Origin::Point(p(6)),
                to: Target::Point(p(3))
            })
        );
        // An empty point, or the other side's checker, does nothing.
        assert_eq!(double_tap(&v, Spot::Point(p(20))), None);
        assert_eq!(double_tap(&v, Spot::Point(p(1))), None);
        // After the 6 is played, the checker moves on by the 3.
        let mut game = super::super::view::started(Side::White, (6, 3));
        game.apply(
            vrhcaby_rules::Command::Move {
                side: Side::White,
                from: Origin::Point(p(13)),
                to: Target::Point(p(7)),
            },
            0,
        )
        .unwrap();
        let after = BoardView::build(&game, |_| true, None, Side::White);
        assert_eq!(
            double_tap(&after, Spot::Point(p(7))),
            Some(Intent::Move {
                from: Origin::Point(p(7)),
                to: Target::Point(p(4))
            })
        );
    }

    #[test]
    fn black_taps_use_blacks_numbering() {
        let v = view(Side::Black, (6, 5));
        // Black's 24-point is White's 1-point.
        let (sel, _) = tap(&v, None, Spot::Point(p(1)));
        assert_eq!(sel, Some(Origin::Point(p(24))));
        let (_, intent) = tap(&v, sel, Spot::Point(p(7)));
        assert_eq!(
            intent,
            Some(Intent::Move {
                from: Origin::Point(p(24)),
                to: Target::Point(p(18))
            })
        );
    }

    #[test]
    fn taps_that_are_not_moves_change_only_the_selection() {
        let v = view(Side::White, (6, 5));
        // An empty point, an opponent's point, a tap on the selection: nothing selected.
        assert_eq!(tap(&v, None, Spot::Point(p(20))), (None, None));
        assert_eq!(tap(&v, None, Spot::Point(p(1))), (None, None));
        let sel = Some(Origin::Point(p(24)));
        assert_eq!(tap(&v, sel, Spot::Point(p(24))), (None, None));
        // Another movable checker moves the selection there.
        assert_eq!(
            tap(&v, sel, Spot::Point(p(13))),
            (Some(Origin::Point(p(13))), None)
        );
        // The opponent's tray is never a target.
        assert_eq!(tap(&v, sel, Spot::Off(Side::Black)).1, None);
    }

    #[test]
    fn a_spot_knows_if_it_is_selected_a_target_or_movable() {
        let v = view(Side::White, (6, 5));
        let sel = Some(Origin::Point(p(24)));
        let st = |s| spot_state(&v, sel, s);
        assert!(st(Spot::Point(p(24))).selected && st(Spot::Point(p(24))).movable);
        assert!(st(Spot::Point(p(18))).target && !st(Spot::Point(p(18))).selected);
        assert_eq!(st(Spot::Point(p(20))), SpotState::default());
        assert!(!spot_state(&v, None, Spot::Point(p(18))).target);
    }

    #[test]
    fn nothing_moves_without_a_mover_here() {
        let mut v = view(Side::White, (6, 5));
        v.mover = None;
        v.moves.clear();
        assert_eq!(tap(&v, None, Spot::Point(p(24))), (None, None));
        assert!(movable(&v).is_empty());
        assert_eq!(pick_up(&v, Spot::Point(p(24))), None);
    }

    #[test]
    fn movable_spots_are_distinct_origins() {
        let v = view(Side::White, (6, 5));
        let m = movable(&v);
        assert!(m.contains(&Spot::Point(p(24))));
        let mut dedup = m.clone();
        dedup.dedup();
        assert_eq!(m.len(), dedup.len());
        assert_eq!(pick_up(&v, Spot::Point(p(13))), Some(Origin::Point(p(13))));
    }

    #[test]
    fn arrows_move_to_the_neighbour_on_the_screen() {
        let v = View {
            seat: Side::White,
            portrait: false,
        };
        let go = |from, key| neighbour(v, from, key);
        let pt = |n| Spot::Point(p(n));
        // White's seat: 19–24 top right, 1–6 bottom right, the bar between the halves.
        assert_eq!(go(pt(24), "ArrowLeft"), Some(pt(23)));
        assert_eq!(go(pt(24), "ArrowDown"), Some(pt(1)));
        assert_eq!(go(pt(1), "ArrowUp"), Some(pt(24)));
        assert_eq!(go(pt(24), "ArrowRight"), Some(Spot::Off(Side::Black)));
        assert_eq!(go(pt(1), "ArrowRight"), Some(Spot::Off(Side::White)));
        assert_eq!(go(pt(19), "ArrowLeft"), Some(Spot::Bar(Side::White)));
        assert_eq!(go(Spot::Bar(Side::White), "ArrowLeft"), Some(pt(18)));
        assert_eq!(go(pt(6), "ArrowLeft"), Some(Spot::Bar(Side::Black)));
        assert_eq!(go(pt(13), "ArrowLeft"), None, "the edge: the stop stays");
        assert_eq!(go(pt(12), "ArrowDown"), None);
        // Every spot is reachable: from point 13, right along the top row and back on the bottom.
        let mut seen = vec![pt(13)];
        let mut at = pt(13);
        for key in ["ArrowRight", "ArrowDown", "ArrowLeft"] {
            while let Some(next) = go(at, key) {
                at = next;
                seen.push(at);
                if key == "ArrowDown" {
                    break;
                }
            }
        }
        assert_eq!(
            seen.len(),
            28,
            "24 points, both bar halves, both trays: {seen:?}"
        );
        // Portrait is the landscape board mirrored on its diagonal: left becomes up.
        let portrait = View {
            seat: Side::White,
            portrait: true,
        };
        assert_eq!(neighbour(portrait, pt(24), "ArrowUp"), Some(pt(23)));
        assert_eq!(neighbour(portrait, pt(24), "ArrowRight"), Some(pt(1)));
        // From Black's seat the same screen places hold Black's numbers.
        let black = View {
            seat: Side::Black,
            portrait: false,
        };
        assert_eq!(neighbour(black, pt(1), "ArrowLeft"), Some(pt(2)));
        assert_eq!(neighbour(black, pt(1), "ArrowDown"), Some(pt(24)));
        assert_eq!(
            neighbour(black, Spot::Bar(Side::Black), "ArrowDown"),
            Some(Spot::Bar(Side::White))
        );
        assert_eq!(neighbour(v, pt(1), "Enter"), None);
    }

    #[test]
    fn the_arrow_grid_is_the_drawn_board() {
        // Each spot's cell agrees with where `layout` draws it, for both seats.
        for seat in Side::ALL {
            let v = View {
                seat,
                portrait: false,
            };
            let mut all: Vec<Spot> = (1..=24u8).filter_map(Point::new).map(Spot::Point).collect();
            all.extend(Side::ALL.map(Spot::Bar));
            all.extend(Side::ALL.map(Spot::Off));
            for spot in all {
                let (x, y, w, h) = match spot {
                    Spot::Point(pt) => v.point_area(pt.number()),
                    Spot::Bar(side) => v.bar_area(side),
                    Spot::Off(side) => v.tray_area(side),
                };
                let (c, r) = cell(seat, spot);
                let left = [10.0, 70.0, 130.0, 190.0, 250.0, 310.0, 370.0];
                let col = if x >= 426.0 {
                    if x >= 796.0 {
                        13
                    } else {
                        7 + ((x - 426.0) / 60.0).round() as i8
                    }
                } else {
                    left.iter().position(|l| (x - l).abs() < 1.0).unwrap() as i8
                };
                assert_eq!(c, col, "{spot:?} from {seat:?}: x {x}");
                assert_eq!(
                    r,
                    i8::from(y + h / 2.0 > v.mid_y()),
                    "{spot:?} from {seat:?}"
                );
                assert!(w > 0.0);
            }
        }
    }

    #[test]
    fn spots_read_from_attributes() {
        assert_eq!(
            Spot::from_attrs(Some("7"), None, None),
            Some(Spot::Point(p(7)))
        );
        assert_eq!(Spot::from_attrs(Some("0"), None, None), None);
        assert_eq!(Spot::from_attrs(Some("x"), None, None), None);
        assert_eq!(
            Spot::from_attrs(None, Some("black"), None),
            Some(Spot::Off(Side::Black))
        );
        assert_eq!(
            Spot::from_attrs(None, None, Some("white")),
            Some(Spot::Bar(Side::White))
        );
        assert_eq!(Spot::from_attrs(None, None, Some("red")), None);
    }
}
