//! Placing a panel's annotations (the texts beside marks, like "76/100")
//! clear of what is drawn: every marker, line segment, error bar and span
//! of the panel is an [`Obstacles`] entry in pixel space, and a text takes
//! the first of the [`candidates`] around its anchor that stays inside the
//! plotting area and meets no obstacle and no text placed before it.

/// A rectangle in pixels: left, top, right, bottom.
pub type Rect = [i32; 4];

/// A straight segment in pixels, from one end to the other.
pub type Segment = ((f64, f64), (f64, f64));

/// Free space kept between a text and the lines around it, in pixels.
const CLEARANCE: i32 = 2;

/// What a text must not cover: rectangles (markers, spans, texts already
/// placed) and segments (lines, error bars).
#[derive(Clone, Debug, Default)]
pub struct Obstacles {
    /// Markers, spans and placed texts.
    pub rects: Vec<Rect>,
    /// Line segments.
    pub segments: Vec<Segment>,
}

impl Obstacles {
    /// Adds every segment of the polyline `path`.
    pub fn add_path(&mut self, path: &[(f64, f64)]) {
        self.segments
            .extend(path.windows(2).map(|pair| (pair[0], pair[1])));
    }

    /// Whether `rect`, grown by [`CLEARANCE`], meets any obstacle.
    pub fn hits(&self, rect: &Rect) -> bool {
        let grown = [
            rect[0] - CLEARANCE,
            rect[1] - CLEARANCE,
            rect[2] + CLEARANCE,
            rect[3] + CLEARANCE,
        ];
        self.rects.iter().any(|r| rects_meet(&grown, r))
            || self
                .segments
                .iter()
                .any(|&(a, b)| rect_meets_segment(&grown, a, b))
    }
}

/// Whether two rectangles share a point.
pub fn rects_meet(a: &Rect, b: &Rect) -> bool {
    !(a[2] < b[0] || b[2] < a[0] || a[3] < b[1] || b[3] < a[1])
}

/// Whether the segment from `a` to `b` passes through `rect` (either end
/// inside, or crossing it), by clipping the segment to the rectangle
/// (Liang–Barsky).
pub fn rect_meets_segment(rect: &Rect, a: (f64, f64), b: (f64, f64)) -> bool {
    let (x0, y0, x1, y1) = (
        f64::from(rect[0]),
        f64::from(rect[1]),
        f64::from(rect[2]),
        f64::from(rect[3]),
    );
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut enter, mut leave) = (0.0_f64, 1.0_f64);
    for (p, q) in [
        (-dx, a.0 - x0),
        (dx, x1 - a.0),
        (-dy, a.1 - y0),
        (dy, y1 - a.1),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                enter = enter.max(t);
            } else {
                leave = leave.min(t);
            }
        }
    }
    enter <= leave
}

/// The places tried for a text `w` × `h` pixels beside an anchor at
/// (`x`, `y`), `gap` pixels off it, in order of preference: right, left,
/// above, below, then the four corners, then the same again twice as far.
pub fn candidates(x: i32, y: i32, w: i32, h: i32, gap: i32) -> Vec<Rect> {
    let mut places = Vec::new();
    for gap in [gap, 2 * gap + h / 2] {
        let right = [x + gap, y - h / 2, x + gap + w, y + h - h / 2];
        let left = [x - gap - w, y - h / 2, x - gap, y + h - h / 2];
        let above = [x - w / 2, y - gap - h, x + w - w / 2, y - gap];
        let below = [x - w / 2, y + gap, x + w - w / 2, y + gap + h];
        let corner = gap * 7 / 10;
        let up_right = [x + corner, y - corner - h, x + corner + w, y - corner];
        let down_right = [x + corner, y + corner, x + corner + w, y + corner + h];
        let up_left = [x - corner - w, y - corner - h, x - corner, y - corner];
        let down_left = [x - corner - w, y + corner, x - corner, y + corner + h];
        places.extend([
            right, left, above, below, up_right, down_right, up_left, down_left,
        ]);
    }
    places
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_through_a_box_meets_it_and_one_beside_it_does_not() {
        let rect = [10, 10, 20, 20];
        // Crossing with both ends outside.
        assert!(rect_meets_segment(&rect, (0.0, 15.0), (30.0, 15.0)));
        assert!(rect_meets_segment(&rect, (0.0, 0.0), (30.0, 30.0)));
        // One end inside.
        assert!(rect_meets_segment(&rect, (15.0, 15.0), (100.0, 0.0)));
        // Beside, above, and a diagonal passing the corner.
        assert!(!rect_meets_segment(&rect, (0.0, 25.0), (30.0, 25.0)));
        assert!(!rect_meets_segment(&rect, (15.0, 0.0), (15.0, 9.0)));
        assert!(!rect_meets_segment(&rect, (0.0, 12.0), (12.0, 0.0)));
    }

    #[test]
    fn a_text_avoids_a_line_through_its_first_choice() {
        let mut obstacles = Obstacles::default();
        // A horizontal line through the anchor rules out right and left.
        obstacles.add_path(&[(0.0, 100.0), (400.0, 100.0)]);
        let places = candidates(200, 100, 40, 16, 9);
        let free: Vec<&Rect> = places.iter().filter(|r| !obstacles.hits(r)).collect();
        assert!(obstacles.hits(&places[0]) && obstacles.hits(&places[1]));
        assert_eq!(free.first(), Some(&&places[2]), "above comes next");
    }
}
