//! One board drawn as SVG markup: the squares, the 1-based row and column
//! labels, a line for every pair of queens that attack each other (along
//! their row, column or diagonal), the queens, and on each attacked queen
//! the number of queens attacking it. Shared by the self-playing replay
//! ([`super::svg`]) and the drawing of `queens solve --svg` ([`still`]).
//!
//! Squares are 0-based here and in the markup's `data-pair` attributes (as
//! in a replay's frames); the labels a reader sees count from 1.
//!
//! A board of an instance ([`InstanceMarks`]) shows its blocked squares
//! dark and crossed (`class="blocked"`, [`blocked`]) and its given queens
//! outlined in a framed square (`class="given"`), apart from the filled
//! queens a search placed: shape and pattern, not colour alone.

use std::fmt::Write;

use serde::Serialize;

use crate::base::instance::Instance;
use crate::solvers::Frame;

/// A queen's square: its row and column, 0-based.
pub type Square = (usize, u32);

/// The light squares' colour.
const LIGHT: &str = "#f0d9b5";
/// The dark squares' colour.
const DARK: &str = "#b58863";
/// The colour of an attack line.
pub const ATTACK: &str = "#b3261e";

/// The queens of a board given row by row (`board[r]`: the column of row
/// `r`'s queen, or `None`).
pub fn queens_of(board: &[Option<u32>]) -> Vec<Square> {
    board
        .iter()
        .enumerate()
        .filter_map(|(row, column)| column.map(|c| (row, c)))
        .collect()
}

/// The queens of `frame`: its list of every queen when a row holds several
/// (the blog's crowded grids), otherwise its board's.
pub fn frame_queens(frame: &Frame) -> Vec<Square> {
    match &frame.queens {
        Some(queens) => queens
            .iter()
            .map(|&[row, column]| (row as usize, column))
            .collect(),
        None => queens_of(&frame.board),
    }
}

/// Whether queens on `a` and `b` attack each other: the same row, column
/// or diagonal (whatever stands between them).
pub fn attack(a: Square, b: Square) -> bool {
    a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1) as usize
}

/// Every pair of `queens` that attack each other, each pair in the order of
/// `queens` and the pairs in the order of their first queen, then second.
pub fn attacking_pairs(queens: &[Square]) -> Vec<(Square, Square)> {
    let mut pairs = Vec::new();
    for (i, &a) in queens.iter().enumerate() {
        for &b in &queens[i + 1..] {
            if attack(a, b) {
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// How many of `queens` attack each one, in the order of `queens`.
pub fn conflict_counts(queens: &[Square]) -> Vec<u32> {
    queens
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            queens
                .iter()
                .enumerate()
                .filter(|&(j, &b)| j != i && attack(a, b))
                .count() as u32
        })
        .collect()
}

/// Where a board of `n` × `n` squares of side `side` stands: its top-left
/// corner (`x`, `y`), the labels drawn to its left and above it.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// Left edge of the board.
    pub x: f64,
    /// Top edge of the board.
    pub y: f64,
    /// Side of one square.
    pub side: f64,
    /// Squares per row.
    pub n: usize,
}

impl Geometry {
    /// The font size of the labels: about half a square, from 6 to 13.
    pub fn label_size(&self) -> f64 {
        (self.side * 0.5).clamp(6.0, 13.0)
    }

    /// The room the labels need left of and above the board.
    pub fn margin(label_size: f64) -> f64 {
        (label_size * 1.9).ceil()
    }

    /// The side of the whole board.
    pub fn width(&self) -> f64 {
        self.side * self.n as f64
    }

    /// The top-left corner of square (`row`, `column`).
    fn corner(&self, row: usize, column: u32) -> (f64, f64) {
        (
            self.x + column as f64 * self.side,
            self.y + row as f64 * self.side,
        )
    }

    /// The centre of square `square`.
    fn centre(&self, (row, column): Square) -> (f64, f64) {
        let (x, y) = self.corner(row, column);
        (x + self.side / 2.0, y + self.side / 2.0)
    }
}

/// The crown a queen is drawn as, in a unit square, defined once per
/// document (`<defs>`) and placed with `<use href="#queen">`; a given
/// queen's is the same crown outlined (`#given-queen`).
pub const QUEEN_DEF: &str = r##"<defs><polygon id="queen" points="0.18,0.78 0.14,0.32 0.34,0.55 0.5,0.22 0.66,0.55 0.86,0.32 0.82,0.78" fill="#222" stroke="#fff" stroke-width="0.04"/><polygon id="given-queen" points="0.18,0.78 0.14,0.32 0.34,0.55 0.5,0.22 0.66,0.55 0.86,0.32 0.82,0.78" fill="#fff" stroke="#111" stroke-width="0.07" stroke-linejoin="round"/></defs>"##;

/// The fill of a blocked square.
const BLOCKED: &str = "#3b3b3b";
/// The frame of a given queen's square.
pub const GIVEN: &str = "#0550ae";

/// An instance as a board shows it: its origin, its blocked squares and
/// its given queens, each `[row, column]` 0-based. A replay page carries
/// it once (its data's `instance`), not in every frame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InstanceMarks {
    /// Where the instance comes from, as runs.csv's `instance` column
    /// writes it.
    pub origin: String,
    /// The blocked squares, row by row.
    pub blocked: Vec<[u32; 2]>,
    /// The given queens, by row.
    pub given: Vec<[u32; 2]>,
}

impl InstanceMarks {
    /// The marks of `instance`.
    pub fn of(instance: &Instance) -> Self {
        InstanceMarks {
            origin: instance.origin().to_string(),
            blocked: instance.blocked_squares().map(|(r, c)| [r, c]).collect(),
            given: instance.given_queens().map(|(r, c)| [r, c]).collect(),
        }
    }

    /// Whether a queen was given on `square`.
    pub fn is_given(&self, (row, column): Square) -> bool {
        self.given.contains(&[row as u32, column])
    }

    /// `queens` with every given queen not among them added: a given
    /// queen stands whether or not a search's board shows it.
    pub fn with_given(&self, queens: &[Square]) -> Vec<Square> {
        let mut all = queens.to_vec();
        for &[row, column] in &self.given {
            let square = (row as usize, column);
            if !all.contains(&square) {
                all.push(square);
            }
        }
        all
    }

    /// The legend of the marks, two lines: the instance and its counts,
    /// then what a blocked square and a given queen look like.
    pub fn legend(&self) -> [String; 2] {
        let count =
            |k: usize, one: &str, many: &str| format!("{k} {}", if k == 1 { one } else { many });
        [
            format!(
                "instance {}: {}, {}",
                self.origin,
                count(self.blocked.len(), "blocked square", "blocked squares"),
                count(self.given.len(), "given queen", "given queens")
            ),
            "dark crossed ✕: blocked; outlined crown, dashed frame: given (fixed); filled: placed"
                .to_string(),
        ]
    }
}

/// Draws the checkerboard and its labels: row numbers 1..N left of the
/// board, column numbers 1..N above it.
pub fn squares(out: &mut String, g: &Geometry) {
    let s = g.side;
    for row in 0..g.n {
        for column in 0..g.n as u32 {
            let fill = if (row + column as usize).is_multiple_of(2) {
                LIGHT
            } else {
                DARK
            };
            let (x, y) = g.corner(row, column);
            let _ = write!(
                out,
                r#"<rect x="{x:.2}" y="{y:.2}" width="{s:.2}" height="{s:.2}" fill="{fill}"/>"#
            );
        }
    }
    let size = g.label_size();
    let _ = write!(
        out,
        r##"<g font-size="{size:.1}" fill="#444" text-anchor="middle" aria-hidden="true">"##
    );
    for i in 0..g.n {
        let (cx, cy) = g.centre((i, i as u32));
        let _ = write!(
            out,
            r#"<text x="{:.2}" y="{:.2}">{}</text><text x="{cx:.2}" y="{:.2}">{}</text>"#,
            g.x - size * 0.95,
            cy + size * 0.35,
            i + 1,
            g.y - size * 0.45,
            i + 1
        );
    }
    out.push_str("</g>");
}

/// Draws the blocked squares of `marks`: each dark and crossed, one
/// `<g class="blocked" data-square="r,c">` per square (0-based).
pub fn blocked(out: &mut String, g: &Geometry, marks: &InstanceMarks) {
    let s = g.side;
    let inset = s * 0.2;
    let width = (s * 0.08).max(1.0);
    for &[row, column] in &marks.blocked {
        if row as usize >= g.n || column as usize >= g.n {
            continue;
        }
        let (x, y) = g.corner(row as usize, column);
        let (a, b) = (inset, s - inset);
        let _ = write!(
            out,
            r##"<g class="blocked" data-square="{row},{column}"><rect x="{x:.2}" y="{y:.2}" width="{s:.2}" height="{s:.2}" fill="{BLOCKED}"/><path d="M{:.2},{:.2}L{:.2},{:.2}M{:.2},{:.2}L{:.2},{:.2}" stroke="#e6e6e6" stroke-width="{width:.2}" stroke-linecap="round"/></g>"##,
            x + a,
            y + a,
            x + b,
            y + b,
            x + b,
            y + a,
            x + a,
            y + b
        );
    }
}

/// Tints square (`row`, `column`) with `colour`.
pub fn tint(out: &mut String, g: &Geometry, (row, column): Square, colour: &str) {
    if row < g.n && (column as usize) < g.n {
        let (x, y) = g.corner(row, column);
        let s = g.side;
        let _ = write!(
            out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{s:.1}" height="{s:.1}" fill="{colour}" fill-opacity="0.75"/>"#
        );
    }
}

/// Marks square `square` with `glyph` in a white disc at its bottom-left
/// corner (✓, ✗, ↑: the marks that do not rely on colour; a queen on the
/// square stays visible).
pub fn glyph(out: &mut String, g: &Geometry, square: Square, glyph: char) {
    if square.0 < g.n && (square.1 as usize) < g.n {
        let (x, y) = g.corner(square.0, square.1);
        let r = g.side * 0.22;
        let (cx, cy) = (x + r, y + g.side - r);
        let _ = write!(
            out,
            r##"<circle cx="{cx:.2}" cy="{cy:.2}" r="{r:.2}" fill="#fff" stroke="#111" stroke-width="{:.2}"/><text x="{cx:.2}" y="{:.2}" font-size="{:.1}" text-anchor="middle" font-weight="bold" fill="#111">{glyph}</text>"##,
            (g.side * 0.03).max(0.5),
            cy + r * 0.55,
            r * 1.5
        );
    }
}

/// Outlines square `square` in `colour`, dashed or not.
pub fn outline(out: &mut String, g: &Geometry, square: Square, colour: &str, dashed: bool) {
    if square.0 < g.n && (square.1 as usize) < g.n {
        let (x, y) = g.corner(square.0, square.1);
        let w = (g.side * 0.09).max(1.5);
        let s = g.side - w;
        let dash = if dashed {
            format!(r#" stroke-dasharray="{:.2}""#, w * 1.5)
        } else {
            String::new()
        };
        let _ = write!(
            out,
            r#"<rect x="{:.2}" y="{:.2}" width="{s:.2}" height="{s:.2}" fill="none" stroke="{colour}" stroke-width="{w:.2}"{dash}/>"#,
            x + w / 2.0,
            y + w / 2.0
        );
    }
}

/// Draws a dashed line from the empty square `square` to each of `queens`
/// that attacks it (`data-attacker="r,c"`, 0-based): who made a tested
/// square unsafe.
pub fn attackers(out: &mut String, g: &Geometry, square: Square, queens: &[Square]) {
    let (x1, y1) = g.centre(square);
    let width = (g.side * 0.06).max(1.0);
    for &(r, c) in queens.iter().filter(|&&q| q != square && attack(q, square)) {
        let (x2, y2) = g.centre((r, c));
        let _ = write!(
            out,
            r#"<line data-attacker="{r},{c}" x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}" stroke="{ATTACK}" stroke-width="{width:.2}" stroke-dasharray="{:.2}" stroke-linecap="round"/>"#,
            width * 2.0
        );
    }
}

/// The fill of a heat cell holding `value` out of `max`: light orange for
/// 0 to dark brown for the most (one hue, so its lightness reads without
/// colour), and the text colour that stays legible on it.
pub fn heat(value: u32, max: u32) -> (String, &'static str) {
    let t = f64::from(value) / f64::from(max.max(1));
    let mix = |from: f64, to: f64| (from + (to - from) * t).round() as u8;
    let fill = format!(
        "#{:02x}{:02x}{:02x}",
        mix(255.0, 127.0),
        mix(245.0, 39.0),
        mix(235.0, 4.0)
    );
    (fill, if t > 0.5 { "#fff" } else { "#111" })
}

/// Draws the heat strip of row `row`: each square tinted by its value in
/// `values` (one per column) and labelled with it.
pub fn heat_row(out: &mut String, g: &Geometry, row: usize, values: &[u32]) {
    let max = values.iter().copied().max().unwrap_or(0);
    let size = (g.side * 0.45).max(5.0);
    let s = g.side;
    let _ = write!(out, r#"<g font-size="{size:.1}" text-anchor="middle">"#);
    for (column, &value) in values.iter().enumerate().take(g.n) {
        let (x, y) = g.corner(row, column as u32);
        let (fill, ink) = heat(value, max);
        let _ = write!(
            out,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{s:.1}" height="{s:.1}" fill="{fill}"/><text x="{:.1}" y="{:.1}" fill="{ink}">{value}</text>"#,
            x + s / 2.0,
            y + s / 2.0 + size * 0.35
        );
    }
    out.push_str("</g>");
}

/// Draws a line for every attacking pair (`data-pair="r1,c1,r2,c2"`,
/// 0-based), the queens, and on each attacked queen the number of queens
/// attacking it.
pub fn pieces(out: &mut String, g: &Geometry, queens: &[Square]) {
    pieces_on(out, g, queens, None);
}

/// [`pieces`] on an instance: the queens given with `marks` drawn
/// outlined in a framed square (`<g class="given" data-square="r,c">`),
/// apart from those the search placed.
pub fn pieces_on(out: &mut String, g: &Geometry, queens: &[Square], marks: Option<&InstanceMarks>) {
    let pairs = attacking_pairs(queens);
    if !pairs.is_empty() {
        let _ = write!(
            out,
            r#"<g stroke="{ATTACK}" stroke-width="{:.1}" stroke-opacity="0.8" stroke-linecap="round">"#,
            (g.side * 0.07).max(1.0)
        );
        for ((r1, c1), (r2, c2)) in pairs {
            let (x1, y1) = g.centre((r1, c1));
            let (x2, y2) = g.centre((r2, c2));
            let _ = write!(
                out,
                r#"<line data-pair="{r1},{c1},{r2},{c2}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
            );
        }
        out.push_str("</g>");
    }
    let s = g.side;
    for &(row, column) in queens {
        let (x, y) = g.corner(row, column);
        if marks.is_some_and(|m| m.is_given((row, column))) {
            let w = (s * 0.07).max(1.2);
            let _ = write!(
                out,
                r##"<g class="given" data-square="{row},{column}"><rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="none" stroke="{GIVEN}" stroke-width="{w:.2}" stroke-dasharray="{:.2} {:.2}"/><use href="#given-queen" transform="translate({x:.1},{y:.1}) scale({s:.2})"/></g>"##,
                x + w / 2.0,
                y + w / 2.0,
                s - w,
                s - w,
                w * 2.0,
                w
            );
        } else {
            let _ = write!(
                out,
                r##"<use href="#queen" transform="translate({x:.1},{y:.1}) scale({s:.2})"/>"##
            );
        }
    }
    let r = s * 0.2;
    let attacked: Vec<((f64, f64), u32)> = queens
        .iter()
        .zip(conflict_counts(queens))
        .filter(|&(_, count)| count > 0)
        .map(|(&(row, column), count)| {
            let (x, y) = g.corner(row, column);
            ((x + s - r, y + r), count)
        })
        .collect();
    if !attacked.is_empty() {
        let _ = write!(
            out,
            r##"<g fill="#fff" stroke="{ATTACK}" stroke-width="{:.2}">"##,
            (s * 0.03).max(0.5)
        );
        for ((cx, cy), _) in &attacked {
            let _ = write!(out, r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}"/>"#);
        }
        let _ = write!(
            out,
            r##"</g><g font-size="{:.1}" text-anchor="middle" font-weight="bold" fill="#111">"##,
            r * 1.5
        );
        for ((cx, cy), count) in &attacked {
            let _ = write!(
                out,
                r#"<text x="{cx:.1}" y="{:.1}">{count}</text>"#,
                cy + r * 0.55
            );
        }
        out.push_str("</g>");
    }
}

/// A sentence on the attacks among `queens`.
pub fn attacks_sentence(queens: &[Square]) -> String {
    match attacking_pairs(queens).len() {
        0 => "no two queens attack each other".to_string(),
        1 => "1 attacking pair (the line); numbers: each queen's attackers".to_string(),
        k => format!("{k} attacking pairs (the lines); numbers: each queen's attackers"),
    }
}

/// One board drawn on its own, as `queens solve --svg` writes it: `queens`
/// on an `n` × `n` board with its labels, attack lines and conflict counts,
/// `heading` above it and a caption below saying how many pairs attack
/// each other. Readable up to N = 64.
pub fn still(n: usize, queens: &[Square], heading: &str) -> String {
    still_on(n, queens, heading, None)
}

/// [`still`] on an instance: its blocked squares and given queens drawn
/// ([`InstanceMarks`]), the given queens among `queens` whether or not
/// listed, and a legend line below the caption.
pub fn still_on(
    n: usize,
    queens: &[Square],
    heading: &str,
    marks: Option<&InstanceMarks>,
) -> String {
    let n = n.max(1);
    let queens = &marks.map_or_else(|| queens.to_vec(), |m| m.with_given(queens));
    let side = (640 / n).clamp(8, 60) as f64;
    let label = (side * 0.5).clamp(6.0, 13.0);
    let margin = Geometry::margin(label);
    let line = 18.0;
    let g = Geometry {
        x: margin,
        y: line + margin,
        side,
        n,
    };
    let caption = attacks_sentence(queens);
    let legend = marks.map(InstanceMarks::legend);
    let width = (margin + g.width() + 4.0).max(460.0);
    let height = g.y + g.width() + if legend.is_some() { 3.4 } else { 1.6 } * line;
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans, sans-serif" font-size="13"><title>{}: {}</title>{QUEEN_DEF}<rect width="100%" height="100%" fill="#fff"/><text x="0" y="14" font-weight="bold">{}</text>"##,
        escape(heading),
        escape(&caption),
        escape(heading),
    );
    squares(&mut out, &g);
    if let Some(marks) = marks {
        blocked(&mut out, &g, marks);
    }
    pieces_on(&mut out, &g, queens, marks);
    let _ = write!(
        out,
        r#"<text x="0" y="{:.1}">{}</text>"#,
        g.y + g.width() + 1.2 * line,
        escape(&caption)
    );
    if let Some(legend) = legend {
        legend_text(&mut out, 0.0, g.y + g.width() + 2.1 * line, &legend);
    }
    out.push_str("</svg>\n");
    out
}

/// Writes the two lines of an instance's legend ([`InstanceMarks::legend`])
/// from (`x`, `y`), in small type.
pub fn legend_text(out: &mut String, x: f64, y: f64, lines: &[String; 2]) {
    let _ = write!(
        out,
        r##"<g class="legend" font-size="11" fill="#333"><text x="{x:.1}" y="{y:.1}">{}</text><text x="{x:.1}" y="{:.1}">{}</text></g>"##,
        escape(&lines[0]),
        y + 14.0,
        escape(&lines[1])
    );
}

/// Escapes text for XML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `data-pair` attributes and the endpoints of the lines of `svg`.
    fn lines(svg: &str) -> Vec<(String, [f64; 4])> {
        svg.split("<line ")
            .skip(1)
            .map(|tag| {
                let tag = format!(" {tag}");
                let attribute = |name: &str| {
                    let start = tag.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
                    let end = tag[start..].find('"').expect("closed") + start;
                    tag[start..end].to_string()
                };
                let pair = attribute("data-pair");
                let coordinate = |name| attribute(name).parse::<f64>().expect("a number");
                (
                    pair,
                    [
                        coordinate("x1"),
                        coordinate("y1"),
                        coordinate("x2"),
                        coordinate("y2"),
                    ],
                )
            })
            .collect()
    }

    #[test]
    fn a_hand_made_board_draws_its_attacking_pairs() {
        // 4×4, queens at (0,0), (1,2), (2,3), (3,2): by hand, (0,0)–(2,3)
        // no, (0,0)–(1,2) no, (0,0)–(3,2) no; (1,2)–(2,3) diagonal,
        // (1,2)–(3,2) column, (2,3)–(3,2) anti-diagonal: three pairs.
        let board = [Some(0), Some(2), Some(3), Some(2)];
        let svg = still(4, &queens_of(&board), "a hand-made board");
        let drawn = lines(&svg);
        let pairs: Vec<&str> = drawn.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(pairs, ["1,2,2,3", "1,2,3,2", "2,3,3,2"]);
        // Squares of 60 (640 / 4 capped at 60); the labels take
        // ceil(13 × 1.9) = 25 left and above, the heading 18 more above:
        // the board's corner is (25, 43), a square's centre is 30 in.
        let centre = |r: f64, c: f64| (25.0 + 60.0 * c + 30.0, 43.0 + 60.0 * r + 30.0);
        let expected = [
            ((1., 2.), (2., 3.)),
            ((1., 2.), (3., 2.)),
            ((2., 3.), (3., 2.)),
        ];
        for ((_, ends), ((r1, c1), (r2, c2))) in drawn.iter().zip(expected) {
            let (a, b) = (centre(r1, c1), centre(r2, c2));
            assert_eq!(*ends, [a.0, a.1, b.0, b.1]);
        }
        // The queen of row 2 is attacked by the other two; (0,0) by none.
        assert_eq!(conflict_counts(&queens_of(&board)), [0, 2, 2, 2]);
        assert_eq!(svg.matches("<use href=\"#queen\"").count(), 4);
        assert_eq!(svg.matches("<circle").count(), 3, "three queens attacked");
        assert!(svg.contains("3 attacking pairs"));
        assert!(usvg::Tree::from_str(&svg, &usvg::Options::default()).is_ok());
    }

    #[test]
    fn a_solution_says_no_two_queens_attack() {
        let svg = still(4, &queens_of(&[1, 3, 0, 2].map(Some)), "4-queens solution");
        assert_eq!(lines(&svg).len(), 0);
        assert!(svg.contains("<title>4-queens solution: no two queens attack each other"));
        assert_eq!(svg.matches("<use href=\"#queen\"").count(), 4);
        assert_eq!(
            svg.matches("<rect").count(),
            16 + 1,
            "squares and background"
        );
    }

    #[test]
    fn crowded_rows_attack_along_the_row() {
        let queens = [(0, 0), (0, 3), (3, 1)];
        assert_eq!(attacking_pairs(&queens), [((0, 0), (0, 3))]);
        assert_eq!(conflict_counts(&queens), [1, 1, 0]);
    }

    #[test]
    fn heat_runs_from_light_to_dark() {
        assert_eq!(heat(0, 4), ("#fff5eb".to_string(), "#111"));
        assert_eq!(heat(4, 4), ("#7f2704".to_string(), "#fff"));
        assert_eq!(heat(0, 0).0, "#fff5eb");
    }

    #[test]
    fn an_instance_board_marks_each_blocked_square_and_given_queen() {
        use crate::base::instance::{Diagonal, Origin};
        // 6×6: blocked (0,0), (2,5), (5,5) by hand and sum diagonal 1,
        // (0,1) and (1,0): five blocked squares; queens given at (1,2) and
        // (4,0) (no attack: columns 2 and 0, rows 1 and 4, |dr| 3 ≠ |dc| 2).
        let instance = Instance::build(
            6,
            &[(0, 0), (2, 5), (5, 5)],
            &[(1, 2), (4, 0)],
            &[Diagonal::Sum(1)],
            Origin::Plain,
        )
        .expect("an instance");
        let marks = InstanceMarks::of(&instance);
        assert_eq!(marks.blocked, [[0, 0], [0, 1], [1, 0], [2, 5], [5, 5]]);
        assert_eq!(marks.given, [[1, 2], [4, 0]]);
        // The search's board shows one of the given queens and one of its
        // own: the other given queen is drawn all the same.
        let svg = still_on(6, &[(1, 2), (3, 4)], "a hand-made instance", Some(&marks));
        let squares = |class: &str| -> Vec<String> {
            svg.split(&format!("<g class=\"{class}\" data-square=\""))
                .skip(1)
                .map(|rest| rest[..rest.find('"').expect("closed")].to_string())
                .collect()
        };
        assert_eq!(squares("blocked"), ["0,0", "0,1", "1,0", "2,5", "5,5"]);
        assert_eq!(squares("given"), ["1,2", "4,0"]);
        assert_eq!(svg.matches("<use href=\"#given-queen\"").count(), 2);
        assert_eq!(
            svg.matches("<use href=\"#queen\"").count(),
            1,
            "(3,4) placed"
        );
        // (1,2)–(3,4) share a diagonal: the line is drawn as for any queens.
        assert_eq!(
            lines(&svg)
                .iter()
                .map(|(p, _)| p.as_str())
                .collect::<Vec<_>>(),
            ["1,2,3,4"]
        );
        assert!(svg.contains("5 blocked squares, 2 given queens"));
        assert!(svg.contains("dark crossed ✕: blocked; outlined crown, dashed frame: given"));
        assert!(usvg::Tree::from_str(&svg, &usvg::Options::default()).is_ok());
        // Without an instance nothing of it is drawn.
        let plain = still(6, &[(1, 2), (3, 4)], "plain");
        assert!(!plain.contains("class=\"blocked\"") && !plain.contains("class=\"given\""));
    }
}
