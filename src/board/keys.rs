//! The N key on the board: from one checker that can move to the next, or from a selected
//! checker's target to the next (pure; the board stays one Tab stop, the arrow keys roam it).

use vrhcaby_rules::Origin;

use super::input::{movable, own, targets, valid_selection, Spot};
use super::view::BoardView;

/// The N key on the board jumps between the checkers that can move, or, with one selected,
/// between its targets: in the mover's order of play (the bar, then 24 down to 1, then off).
/// From a spot that is not one of them, to the first (`back`: the last); `None` past the end.
#[must_use]
pub fn jump(view: &BoardView, selected: Option<Origin>, from: Spot, back: bool) -> Option<Spot> {
    let mover = view.mover?;
    let rank = |s: Spot| match s {
        Spot::Bar(_) => 25,
        Spot::Point(p) => own(mover, p).number(),
        Spot::Off(_) => 0,
    };
    let sel = valid_selection(view, selected);
    let mut stops = if sel.is_some() {
        targets(view, sel)
    } else {
        movable(view)
    };
    stops.sort_by_key(|&s| std::cmp::Reverse(rank(s)));
    stops.dedup();
    if !stops.contains(&from) {
        return if back { stops.last() } else { stops.first() }.copied();
    }
    let r = rank(from);
    if back {
        stops
            .into_iter()
            .filter(|&s| rank(s) > r)
            .min_by_key(|&s| rank(s))
    } else {
        stops.into_iter().find(|&s| rank(s) < r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vrhcaby_rules::{Point, Side};

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
    fn n_jumps_between_movable_checkers_then_between_targets() {
        let v = view(Side::White, (6, 5));
        let m = movable(&v);
        assert!(m.len() >= 3, "{m:?}");
        // From a spot that cannot move (White's 20-point, empty): the first movable checker, the
        // one furthest back; then each next one in order; past the last, out of the board.
        let first = jump(&v, None, Spot::Point(p(20)), false).unwrap();
        assert_eq!(first, Spot::Point(p(24)));
        let mut seen = vec![first];
        let mut at = first;
        while let Some(next) = jump(&v, None, at, false) {
            assert!(m.contains(&next));
            seen.push(next);
            at = next;
        }
        assert_eq!(seen.len(), m.len(), "every movable checker once: {seen:?}");
        // Back (P) walks the same way.
        assert_eq!(jump(&v, None, seen[1], true), Some(seen[0]));
        assert_eq!(jump(&v, None, seen[0], true), None);
        // With the 13-point selected: its targets (13/8 with the 5, 13/7 with the 6).
        let sel = Some(Origin::Point(p(13)));
        let t1 = jump(&v, sel, Spot::Point(p(13)), false).unwrap();
        let t2 = jump(&v, sel, t1, false).unwrap();
        assert_eq!((t1, t2), (Spot::Point(p(8)), Spot::Point(p(7))));
        assert_eq!(jump(&v, sel, t2, false), None);
    }
}
