//! The board geometry in SVG units, for either seat and orientation: plain data, testable without a
//! DOM. Nothing here knows a rule.

use vrhcaby_rules::{Side, BAR, OFF};

// ---- Geometry ---------------------------------------------------------------------------------
// The board is laid out landscape in these units; portrait screens get the same board mirrored on
// its diagonal (x ↔ y), which keeps each seat's home at the bottom right.

pub const WIDTH: f64 = 870.0;
pub const MARGIN: f64 = 10.0;
pub const POINT_W: f64 = 60.0;
pub const BAR_X: f64 = 370.0;
pub const BAR_W: f64 = 56.0;
pub const TRAY_X: f64 = 796.0;
pub const TRAY_W: f64 = 64.0;
pub const RADIUS: f64 = 25.0;
/// The doubling cube's side.
pub const CUBE: f64 = 40.0;
/// Room in the tray beyond the top slab's centre: half a slab and the count.
const OFF_ROOM: f64 = 30.0;
/// Across the board: two rows of points and the band between them (for dice and the clock).
/// Portrait screens get shorter points so that each point is a ≥ 40 px touch target at 360 px.
const LANDSCAPE: (f64, f64) = (250.0, 120.0);
const PORTRAIT: (f64, f64) = (205.0, 90.0);

/// How the board is drawn: from whose seat, and landscape or portrait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub seat: Side,
    pub portrait: bool,
}

impl View {
    /// The length of a point (from its base to the middle band).
    #[must_use]
    pub fn point_len(self) -> f64 {
        if self.portrait {
            PORTRAIT.0
        } else {
            LANDSCAPE.0
        }
    }

    /// The board's size across the rows of points (landscape units).
    #[must_use]
    pub fn height(self) -> f64 {
        let (len, band) = if self.portrait { PORTRAIT } else { LANDSCAPE };
        2.0 * (MARGIN + len) + band
    }

    /// The middle of the band between the rows.
    #[must_use]
    pub fn mid_y(self) -> f64 {
        self.height() / 2.0
    }

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
        let (w, h) = self.xy(WIDTH, self.height());
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
            (
                self.height() - MARGIN,
                self.height() - MARGIN - self.point_len() + 22.0,
            )
        } else {
            (MARGIN, MARGIN + self.point_len() - 22.0)
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
            self.height() - MARGIN - self.point_len()
        } else {
            MARGIN
        };
        self.rect(x - POINT_W / 2.0, y, POINT_W, self.point_len())
    }

    /// Where a point's number label goes (in the middle band, next to the point).
    #[must_use]
    pub fn number_xy(self, white_point: u8) -> (f64, f64) {
        let (x, bottom) = self.column(white_point);
        // Portrait bands are narrower: labels hug the points, clear of the dice and the clock.
        let (above, below) = if self.portrait {
            (12.0, 12.0)
        } else {
            (7.0, 19.0)
        };
        let y = if bottom {
            self.height() - MARGIN - self.point_len() - above
        } else {
            MARGIN + self.point_len() + below
        };
        self.xy(x, y)
    }

    /// The bar half of `side`: the seat's own bar checkers wait in the top half, next to the
    /// opponent's home where they enter; the opponent's in the bottom half.
    #[must_use]
    pub fn bar_area(self, side: Side) -> (f64, f64, f64, f64) {
        let top = side == self.seat;
        let y = if top { MARGIN } else { self.mid_y() };
        self.rect(BAR_X, y, BAR_W, self.mid_y() - MARGIN)
    }

    /// The bear-off tray of `side`: the seat's at the bottom right, the opponent's at the top right.
    #[must_use]
    pub fn tray_area(self, side: Side) -> (f64, f64, f64, f64) {
        let bottom = side == self.seat;
        let y = if bottom {
            self.height() - MARGIN - self.point_len()
        } else {
            MARGIN
        };
        self.rect(TRAY_X, y, TRAY_W, self.point_len())
    }

    /// The centre of a checker: `side`'s checker number `index` of `stack` at `loc` (own numbering).
    /// Stacks over five are squeezed to fit; borne-off checkers are drawn as slabs (see [`View::slab`]).
    #[must_use]
    pub fn checker_xy(self, side: Side, loc: u8, index: u8, stack: u8) -> (f64, f64) {
        let k = f64::from(index);
        let n = f64::from(stack.max(1));
        // Checkers touch while they fit; a taller stack is squeezed into its room.
        let step = |room: f64| {
            if n <= 1.0 {
                0.0
            } else {
                (2.0 * RADIUS).min((room - 2.0 * RADIUS) / (n - 1.0))
            }
        };
        match usize::from(loc) {
            BAR => {
                let top = side == self.seat;
                let s = step(self.mid_y() - MARGIN - 40.0).min(2.0 * RADIUS);
                let y = if top {
                    self.mid_y() - 40.0 - RADIUS - k * s
                } else {
                    self.mid_y() + 40.0 + RADIUS + k * s
                };
                self.xy(BAR_X + BAR_W / 2.0, y)
            }
            OFF => {
                let (x, y, w, h) = self.tray_area_landscape(side);
                // All 15 slabs and the count beyond the top one fit in the tray.
                let step = 17.0_f64.min((h - 8.0 - OFF_ROOM) / 14.0);
                self.xy(x + w / 2.0, y + h - 8.0 - k * step)
            }
            p => {
                let white_point = match side {
                    Side::White => p as u8,
                    Side::Black => 25 - p as u8,
                };
                let (x, bottom) = self.column(white_point);
                let s = step(self.point_len());
                let y = if bottom {
                    self.height() - MARGIN - RADIUS - k * s
                } else {
                    MARGIN + RADIUS + k * s
                };
                self.xy(x, y)
            }
        }
    }

    /// The centre of the doubling cube (standard rules): in the middle of the band beside the
    /// trays while centred, at its owner's end of the band once owned. The portrait band is too
    /// narrow for that to show: there the owned cube stands in the inner end of its owner's tray
    /// (borne-off checkers fill a tray from its outer end).
    #[must_use]
    pub fn cube_xy(self, owner: Option<Side>) -> (f64, f64) {
        let band = self.height() - 2.0 * (MARGIN + self.point_len());
        let shift = if self.portrait {
            band / 2.0 + CUBE / 2.0 + 6.0
        } else {
            band / 2.0 - CUBE / 2.0 - 4.0
        };
        let y = match owner {
            None => self.mid_y(),
            Some(side) if side == self.seat => self.mid_y() + shift,
            Some(_) => self.mid_y() - shift,
        };
        self.xy(TRAY_X + TRAY_W / 2.0, y)
    }

    fn tray_area_landscape(self, side: Side) -> (f64, f64, f64, f64) {
        let bottom = side == self.seat;
        let y = if bottom {
            self.height() - MARGIN - self.point_len()
        } else {
            MARGIN
        };
        (TRAY_X, y, TRAY_W, self.point_len())
    }

    /// Where the count of borne-off checkers stands: just beyond the top slab at `(cx, cy)`,
    /// along the stack (up in landscape, left in portrait), inside the tray.
    #[must_use]
    pub fn off_count_xy(self, cx: f64, cy: f64) -> (f64, f64) {
        if self.portrait {
            (cx - 19.0, cy + 6.0)
        } else {
            (cx, cy - 13.0)
        }
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
        let x = centre + (i as f64 - (count as f64 - 1.0) / 2.0) * (self.die_size() + 14.0);
        self.xy(x, self.mid_y())
    }

    /// The side of a die and the radius of the clock ring.
    #[must_use]
    pub fn die_size(self) -> f64 {
        if self.portrait {
            36.0
        } else {
            48.0
        }
    }

    #[must_use]
    pub fn ring_radius(self) -> f64 {
        if self.portrait {
            20.0
        } else {
            30.0
        }
    }

    #[must_use]
    pub fn clock_xy(self) -> (f64, f64) {
        self.xy(MARGIN + 3.0 * POINT_W, self.mid_y())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_owned_cube_is_clearly_on_its_owners_side() {
        for portrait in [false, true] {
            for seat in Side::ALL {
                let v = View { seat, portrait };
                let (cx, cy) = v.cube_xy(None);
                for owner in Side::ALL {
                    let (x, y) = v.cube_xy(Some(owner));
                    // Towards the owner's tray, by at least most of a cube.
                    let (tx, ty, tw, th) = v.tray_area(owner);
                    let (mx, my) = (tx + tw / 2.0, ty + th / 2.0);
                    let before = (cx - mx).hypot(cy - my);
                    let after = (x - mx).hypot(y - my);
                    assert!(
                        before - after >= 0.8 * CUBE - 1.0 || !portrait && before - after > 30.0,
                        "{portrait} {seat} {owner}: {before} → {after}"
                    );
                }
            }
        }
    }

    #[test]
    fn fifteen_borne_off_checkers_and_their_count_stay_inside_the_tray() {
        for portrait in [false, true] {
            for seat in Side::ALL {
                let v = View { seat, portrait };
                for side in Side::ALL {
                    let (tx, ty, tw, th) = v.tray_area(side);
                    let inside = |x: f64, y: f64| {
                        x >= tx - 0.5 && x <= tx + tw + 0.5 && y >= ty - 0.5 && y <= ty + th + 0.5
                    };
                    for k in 0..15 {
                        let (cx, cy) = v.checker_xy(side, OFF as u8, k, 15);
                        let (x, y, w, h) = v.slab(cx, cy);
                        assert!(
                            inside(x, y) && inside(x + w, y + h),
                            "{portrait} {seat} {side} {k}"
                        );
                    }
                    // The count's text (16 px, centred on x, its baseline at y).
                    let (cx, cy) = v.checker_xy(side, OFF as u8, 14, 15);
                    let (lx, ly) = v.off_count_xy(cx, cy);
                    assert!(
                        inside(lx - 10.0, ly - 13.0) && inside(lx + 10.0, ly + 2.0),
                        "{portrait} {seat} {side} count"
                    );
                }
            }
        }
    }

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
            let (px, py) = portrait.xy(x, portrait.height() - MARGIN);
            assert!(px > portrait.mid_y() && py > WIDTH / 2.0);
        }
    }
}
