//! The board geometry in SVG units, for either seat and orientation: plain data, testable without a
//! DOM. Nothing here knows a rule.

use vrhcaby_rules::{Side, BAR, OFF};

// ---- Geometry ---------------------------------------------------------------------------------
// The board is laid out landscape in these units; portrait screens get the same board mirrored on
// its diagonal (x ↔ y), which keeps each seat's home at the bottom right.

pub const WIDTH: f64 = 870.0;
pub const HEIGHT: f64 = 640.0;
pub const MARGIN: f64 = 10.0;
pub const POINT_W: f64 = 60.0;
pub const POINT_LEN: f64 = 250.0;
pub const BAR_X: f64 = 370.0;
pub const BAR_W: f64 = 56.0;
pub const TRAY_X: f64 = 796.0;
pub const TRAY_W: f64 = 64.0;
pub const RADIUS: f64 = 25.0;
/// The band between the two rows of points, where the dice and the clock are drawn.
pub const MID_Y: f64 = 320.0;

/// How the board is drawn: from whose seat, and landscape or portrait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub seat: Side,
    pub portrait: bool,
}

impl View {
    /// A landscape point `(x, y)` on the screen.
    #[must_use]
    pub fn xy(self, x: f64, y: f64) -> (f64, f64) {
        if self.portrait {
            (y, x)
        } else {
            (x, y)
        }
    }

    /// A landscape rectangle `(x, y, w, h)` on the screen.
    #[must_use]
    pub fn rect(self, x: f64, y: f64, w: f64, h: f64) -> (f64, f64, f64, f64) {
        if self.portrait {
            (y, x, h, w)
        } else {
            (x, y, w, h)
        }
    }

    #[must_use]
    pub fn view_box(self) -> String {
        let (w, h) = self.xy(WIDTH, HEIGHT);
        format!("0 0 {} {}", w as i32, h as i32)
    }

    /// A point in the seat's numbering (1..=24) for White's point `white_point`.
    #[must_use]
    pub fn seat_point(self, white_point: u8) -> u8 {
        match self.seat {
            Side::White => white_point,
            Side::Black => 25 - white_point,
        }
    }

    /// The centre x of a point's column and whether it is in the bottom row (landscape units).
    #[must_use]
    pub fn column(self, white_point: u8) -> (f64, bool) {
        let q = f64::from(self.seat_point(white_point));
        let right = BAR_X + BAR_W;
        match self.seat_point(white_point) {
            1..=6 => (right + (6.0 - q) * POINT_W + POINT_W / 2.0, true),
            7..=12 => (MARGIN + (12.0 - q) * POINT_W + POINT_W / 2.0, true),
            13..=18 => (MARGIN + (q - 13.0) * POINT_W + POINT_W / 2.0, false),
            _ => (right + (q - 19.0) * POINT_W + POINT_W / 2.0, false),
        }
    }

    /// The triangle of a point as an SVG `points` list.
    #[must_use]
    pub fn triangle(self, white_point: u8) -> String {
        let (x, bottom) = self.column(white_point);
        let (base, apex) = if bottom {
            (HEIGHT - MARGIN, HEIGHT - MARGIN - POINT_LEN + 22.0)
        } else {
            (MARGIN, MARGIN + POINT_LEN - 22.0)
        };
        let pts = [
            self.xy(x - POINT_W / 2.0 + 2.0, base),
            self.xy(x + POINT_W / 2.0 - 2.0, base),
            self.xy(x, apex),
        ];
        pts.iter()
            .map(|(a, b)| format!("{},{}", a.round() as i32, b.round() as i32))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The clickable area of a point (the whole column half).
    #[must_use]
    pub fn point_area(self, white_point: u8) -> (f64, f64, f64, f64) {
        let (x, bottom) = self.column(white_point);
        let y = if bottom {
            HEIGHT - MARGIN - POINT_LEN
        } else {
            MARGIN
        };
        self.rect(x - POINT_W / 2.0, y, POINT_W, POINT_LEN)
    }

    /// Where a point's number label goes (in the middle band, next to the point).
    #[must_use]
    pub fn number_xy(self, white_point: u8) -> (f64, f64) {
        let (x, bottom) = self.column(white_point);
        let y = if bottom {
            HEIGHT - MARGIN - POINT_LEN - 7.0
        } else {
            MARGIN + POINT_LEN + 19.0
        };
        self.xy(x, y)
    }

    /// The bar half of `side`: the seat's own bar checkers wait in the top half, next to the
    /// opponent's home where they enter; the opponent's in the bottom half.
    #[must_use]
    pub fn bar_area(self, side: Side) -> (f64, f64, f64, f64) {
        let top = side == self.seat;
        let y = if top { MARGIN } else { HEIGHT / 2.0 };
        self.rect(BAR_X, y, BAR_W, HEIGHT / 2.0 - MARGIN)
    }

    /// The bear-off tray of `side`: the seat's at the bottom right, the opponent's at the top right.
    #[must_use]
    pub fn tray_area(self, side: Side) -> (f64, f64, f64, f64) {
        let bottom = side == self.seat;
        let y = if bottom {
            HEIGHT - MARGIN - POINT_LEN
        } else {
            MARGIN
        };
        self.rect(TRAY_X, y, TRAY_W, POINT_LEN)
    }

    /// The centre of a checker: `side`'s checker number `index` of `stack` at `loc` (own numbering).
    /// Stacks over five are squeezed to fit; borne-off checkers are drawn as slabs (see [`View::slab`]).
    #[must_use]
    pub fn checker_xy(self, side: Side, loc: u8, index: u8, stack: u8) -> (f64, f64) {
        let k = f64::from(index);
        let n = f64::from(stack.max(1));
        let step = |room: f64| {
            if n <= 5.0 {
                2.0 * RADIUS
            } else {
                (room - 2.0 * RADIUS) / (n - 1.0)
            }
        };
        match usize::from(loc) {
            BAR => {
                let top = side == self.seat;
                let s = step(HEIGHT / 2.0 - MARGIN - 40.0).min(2.0 * RADIUS);
                let y = if top {
                    HEIGHT / 2.0 - 40.0 - RADIUS - k * s
                } else {
                    HEIGHT / 2.0 + 40.0 + RADIUS + k * s
                };
                self.xy(BAR_X + BAR_W / 2.0, y)
            }
            OFF => {
                let (x, y, w, h) = self.tray_area_landscape(side);
                self.xy(x + w / 2.0, y + h - 8.0 - k * 17.0)
            }
            p => {
                let white_point = match side {
                    Side::White => p as u8,
                    Side::Black => 25 - p as u8,
                };
                let (x, bottom) = self.column(white_point);
                let s = step(POINT_LEN);
                let y = if bottom {
                    HEIGHT - MARGIN - RADIUS - k * s
                } else {
                    MARGIN + RADIUS + k * s
                };
                self.xy(x, y)
            }
        }
    }

    fn tray_area_landscape(self, side: Side) -> (f64, f64, f64, f64) {
        let bottom = side == self.seat;
        let y = if bottom {
            HEIGHT - MARGIN - POINT_LEN
        } else {
            MARGIN
        };
        (TRAY_X, y, TRAY_W, POINT_LEN)
    }

    /// A borne-off checker's slab (x, y, w, h) around its centre.
    #[must_use]
    pub fn slab(self, cx: f64, cy: f64) -> (f64, f64, f64, f64) {
        let (w, h) = if self.portrait {
            (14.0, 54.0)
        } else {
            (54.0, 14.0)
        };
        (cx - w / 2.0, cy - h / 2.0, w, h)
    }

    /// Where the dice sit: the middle band of the right half, the clock in the left half.
    #[must_use]
    pub fn dice_xy(self, i: usize, count: usize) -> (f64, f64) {
        let centre = BAR_X + BAR_W + 3.0 * POINT_W;
        let x = centre + (i as f64 - (count as f64 - 1.0) / 2.0) * 62.0;
        self.xy(x, MID_Y)
    }

    #[must_use]
    pub fn clock_xy(self) -> (f64, f64) {
        self.xy(MARGIN + 3.0 * POINT_W, MID_Y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_seat_sees_its_home_bottom_right() {
        for seat in Side::ALL {
            let view = View {
                seat,
                portrait: false,
            };
            let own_one = match seat {
                Side::White => 1,
                Side::Black => 24,
            };
            let (x, bottom) = view.column(own_one);
            assert!(bottom && x > BAR_X, "{seat}'s point 1 is bottom right");
            let portrait = View {
                seat,
                portrait: true,
            };
            let (px, py) = portrait.xy(x, HEIGHT - MARGIN);
            assert!(px > HEIGHT / 2.0 && py > WIDTH / 2.0);
        }
    }
}
