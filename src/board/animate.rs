//! Pure animation planning: which checkers glide after a batch of events.

use vrhcaby_rules::{Event, Side, Target, BAR};

/// A checker gliding from one place to another after a move. Places are in its side's own
/// numbering: 0 off, 1..=24 points, 25 the bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ghost {
    pub side: Side,
    pub from: u8,
    pub to: u8,
}

/// The glides for a batch: each moved checker from its origin to its target, and a hit checker
/// from its point to its bar.
#[must_use]
pub fn plan(events: &[Event]) -> Vec<Ghost> {
    let mut ghosts = Vec::new();
    for ev in events {
        if let Event::Moved { side, mv, hit } = *ev {
            ghosts.push(Ghost {
                side,
                from: mv.from.index(),
                to: mv.to.index(),
            });
            if let (true, Target::Point(p)) = (hit, mv.to) {
                ghosts.push(Ghost {
                    side: !side,
                    from: p.mirror().number(),
                    to: BAR as u8,
                });
            }
        }
    }
    ghosts
}

#[cfg(test)]
mod tests {
    use vrhcaby_rules::{Die, Move, Origin, Point};

    use super::*;

    fn mv(from: u8, to: u8, die: u8) -> Move {
        Move {
            from: Origin::Point(Point::new(from).unwrap()),
            to: Target::Point(Point::new(to).unwrap()),
            die: Die::new(die).unwrap(),
        }
    }

    #[test]
    fn a_move_glides_and_a_hit_checker_glides_to_its_bar() {
        let events = [
            Event::Moved {
                side: Side::White,
                mv: mv(13, 8, 5),
                hit: false,
            },
            Event::Moved {
                side: Side::White,
                mv: mv(8, 5, 3),
                hit: true,
            },
            Event::TurnPassed { to: Side::Black },
        ];
        assert_eq!(
            plan(&events),
            vec![
                Ghost {
                    side: Side::White,
                    from: 13,
                    to: 8
                },
                Ghost {
                    side: Side::White,
                    from: 8,
                    to: 5
                },
                // White's 5-point is Black's 20-point.
                Ghost {
                    side: Side::Black,
                    from: 20,
                    to: 25
                },
            ]
        );
    }

    #[test]
    fn other_events_do_not_animate() {
        assert!(plan(&[Event::Started { first: Side::Black }]).is_empty());
        let off = Move {
            from: Origin::Point(Point::new(3).unwrap()),
            to: Target::Off,
            die: Die::new(4).unwrap(),
        };
        let g = plan(&[Event::Moved {
            side: Side::Black,
            mv: off,
            hit: false,
        }]);
        assert_eq!(
            g,
            vec![Ghost {
                side: Side::Black,
                from: 3,
                to: 0
            }]
        );
    }
}
