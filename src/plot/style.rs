//! The look shared by every chart: the embedded font, the figure widths,
//! font sizes, and one colour, marker and dash pattern per algorithm label.
//!
//! Sizes follow one rule: a figure of at most four panels is
//! [`COLUMN_WIDTH`] units wide and printed at 3.5 inches (a paper column),
//! a larger one [`PAGE_WIDTH`] units and printed at 7 inches (a page), so a
//! unit is [`POINTS_PER_UNIT`] points in both, and every font size is
//! chosen so that its text is 8 to 9 pt at that printed width
//! ([`printed_points`]). The screen SVG is as many pixels wide as units,
//! the PNG twice as many ([`PNG_SCALE`]).
//!
//! Styles are assigned by the sorted list of the experiment's labels: the
//! i-th label (in byte order) takes the i-th colour of [`PALETTE`], the i-th
//! marker of [`Marker::ALL`] and a dash pattern of [`Dash::ALL`] (see
//! [`Styles::of`]). Every chart of one experiment therefore shows a label in
//! the same style; up to seven labels get seven distinct colours, and up to
//! ten labels ten distinct markers, so that a greyscale print still tells
//! them apart. A label may get another style in an experiment with a
//! different set of labels. Legends list the labels in the order the
//! experiment's config declares them ([`Styles::in_order`]), not sorted.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use plotters::style::{FontStyle, RGBColor, register_font};

use super::error::PlotError;

/// Width of a figure of at most [`COLUMN_PANELS`] panels, in user units
/// (SVG) — printed 3.5 inches wide, one column of a two-column paper.
pub const COLUMN_WIDTH: u32 = 500;
/// Width of a figure of more panels, in user units — printed 7 inches wide,
/// the text width of a page. A unit is the same length in both.
pub const PAGE_WIDTH: u32 = 1000;
/// The most panels a column figure holds.
pub const COLUMN_PANELS: usize = 4;
/// The printed width of a column figure, in inches.
pub const COLUMN_INCHES: f64 = 3.5;
/// Points (1/72 inch) per user unit when a figure is printed at its width:
/// 3.5 in × 72 pt/in / 500 units (7 in / 1000 units is the same).
pub const POINTS_PER_UNIT: f64 = COLUMN_INCHES * 72.0 / COLUMN_WIDTH as f64;
/// PNG pixels per user unit: PNGs are rendered at twice the density, so
/// they stay crisp on a high-density screen.
pub const PNG_SCALE: u32 = 2;

/// The font family every text of a chart uses. Layout, PNG and PDF text use
/// the embedded DejaVu Sans, never a system font; an SVG names the family
/// and its viewer picks the face.
pub const FONT: &str = "sans-serif";
/// plotters' font sizes are the height of a line: the SVG it writes sets
/// `font-size` (the em) to the size divided by this.
pub const EM_PER_SIZE: f64 = 1.0 / 1.24;

// Font sizes, as plotters takes them. The rule: every text is 8 to 9 pt
// when the figure is printed at its width (3.5 in for [`COLUMN_WIDTH`],
// 7 in for [`PAGE_WIDTH`]), i.e. size × EM_PER_SIZE × POINTS_PER_UNIT is
// between 8 and 9: sizes 19.7 to 22.1. Tests check it on the constants
// and on the `font-size` of every text of the SVG files.

/// Size of the figure title (screen style only; bold): 8.9 pt.
pub const TITLE_SIZE: f64 = 22.0;
/// Size of the line under the title that says what is drawn: 8.1 pt.
pub const SUBTITLE_SIZE: f64 = 20.0;
/// Size of a panel's caption: 8.9 pt.
pub const CAPTION_SIZE: f64 = 22.0;
/// Size of the axis descriptions: 8.5 pt.
pub const AXIS_LABEL_SIZE: f64 = 21.0;
/// Size of the tick labels: 8.1 pt.
pub const TICK_SIZE: f64 = 20.0;
/// Size of the legend entries: 8.1 pt.
pub const LEGEND_SIZE: f64 = 20.0;
/// Every font size above, for the check of the rule.
pub const FONT_SIZES: [f64; 6] = [
    TITLE_SIZE,
    SUBTITLE_SIZE,
    CAPTION_SIZE,
    AXIS_LABEL_SIZE,
    TICK_SIZE,
    LEGEND_SIZE,
];

/// The printed size, in points, of text drawn at plotters size `size` in a
/// figure printed at its width.
pub fn printed_points(size: f64) -> f64 {
    size * EM_PER_SIZE * POINTS_PER_UNIT
}

/// Colour of text and axes.
pub const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
/// Colour of secondary text (the subtitle, notes in empty panels).
pub const MUTED: RGBColor = RGBColor(0x55, 0x55, 0x55);
/// Colour of the major grid lines.
pub const GRID: RGBColor = RGBColor(0xDD, 0xDD, 0xDD);
/// Colour of the minor grid lines.
pub const GRID_LIGHT: RGBColor = RGBColor(0xF0, 0xF0, 0xF0);

/// The series colours, in assignment order: the six colours of Paul Tol's
/// "muted" qualitative scheme that keep a contrast ratio of at least 3:1
/// against the white background (rose, indigo, green, wine, olive, purple),
/// then black. Tol designed the scheme to stay distinct for colour-blind
/// viewers (P. Tol, Colour Schemes, SRON/EPS/TN/09-002, 2021); its sand,
/// cyan and teal (1.6, 1.8 and 2.8:1) and its pale grey (for missing data)
/// are too light for thin lines on white, and Okabe–Ito (Okabe & Ito 2008,
/// "Color Universal Design") keeps only four colours and black above 3:1.
/// Black, distinct from every hue for every colour vision, is the seventh,
/// so the experiments' up to seven labels all get their own colour; from
/// the eighth label on colours repeat, with another marker and dash.
pub const PALETTE: [RGBColor; 7] = [
    RGBColor(0xCC, 0x66, 0x77),
    RGBColor(0x33, 0x22, 0x88),
    RGBColor(0x11, 0x77, 0x33),
    RGBColor(0x88, 0x22, 0x55),
    RGBColor(0x99, 0x99, 0x33),
    RGBColor(0xAA, 0x44, 0x99),
    RGBColor(0x00, 0x00, 0x00),
];

/// The shape drawn at each data point of a series, so that series stay
/// distinct in greyscale print too. Every marker is filled: a hollow marker
/// is left free to mark a cell that is not always solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A filled circle.
    Circle,
    /// A filled square.
    Square,
    /// A filled triangle pointing up.
    Triangle,
    /// A filled diamond.
    Diamond,
    /// A filled triangle pointing down.
    TriangleDown,
    /// A filled five-pointed star.
    Star,
    /// A filled plus sign.
    Plus,
    /// A filled diagonal cross.
    Cross,
    /// A filled triangle pointing left.
    TriangleLeft,
    /// A filled triangle pointing right.
    TriangleRight,
}

impl Marker {
    /// Every marker, in assignment order.
    pub const ALL: [Marker; 10] = [
        Marker::Circle,
        Marker::Square,
        Marker::Triangle,
        Marker::Diamond,
        Marker::TriangleDown,
        Marker::Star,
        Marker::Plus,
        Marker::Cross,
        Marker::TriangleLeft,
        Marker::TriangleRight,
    ];
}

/// The dash pattern of a series' lines, so that lines without markers (ECDF,
/// convergence) stay distinct in greyscale print too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dash {
    /// An unbroken line.
    Solid,
    /// Medium dashes.
    Dashed,
    /// Dots.
    Dotted,
    /// A dash, then a dot.
    DashDot,
    /// Long dashes.
    LongDash,
    /// A dash, then two dots.
    DashDotDot,
    /// A long dash, then a short one.
    LongShort,
}

impl Dash {
    /// Every dash pattern, in assignment order.
    pub const ALL: [Dash; 7] = [
        Dash::Solid,
        Dash::Dashed,
        Dash::Dotted,
        Dash::DashDot,
        Dash::LongDash,
        Dash::DashDotDot,
        Dash::LongShort,
    ];

    /// The lengths of drawn and skipped stretches, alternating and starting
    /// with a drawn one, in pixels for a line 2 pixels wide (scaled with
    /// the width); empty for a solid line.
    pub fn pattern(self) -> &'static [f64] {
        match self {
            Dash::Solid => &[],
            Dash::Dashed => &[9.0, 5.0],
            Dash::Dotted => &[2.0, 4.0],
            Dash::DashDot => &[9.0, 4.0, 2.0, 4.0],
            Dash::LongDash => &[18.0, 6.0],
            Dash::DashDotDot => &[9.0, 4.0, 2.0, 4.0, 2.0, 4.0],
            Dash::LongShort => &[18.0, 5.0, 6.0, 5.0],
        }
    }
}

/// How one algorithm label is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeriesStyle {
    /// The line and marker colour.
    pub colour: RGBColor,
    /// The point marker.
    pub marker: Marker,
    /// The dash pattern of its lines.
    pub dash: Dash,
}

/// The style of every label of one experiment.
#[derive(Clone, Debug)]
pub struct Styles {
    labels: Vec<String>,
    /// The legend order: labels declared by the config first, in its order.
    order: Vec<String>,
}

impl Styles {
    /// Assigns styles to the given labels by their sorted order (duplicates
    /// are ignored).
    pub fn for_labels<'a>(labels: impl IntoIterator<Item = &'a str>) -> Self {
        let sorted: BTreeSet<&str> = labels.into_iter().collect();
        Styles {
            labels: sorted.into_iter().map(str::to_owned).collect(),
            order: Vec::new(),
        }
    }

    /// The same styles, with legends in `order` (the labels as the config
    /// declares them); a label not in it comes after those that are, in
    /// byte order.
    pub fn in_order(mut self, order: &[String]) -> Self {
        self.order = order.to_vec();
        self
    }

    /// The labels, sorted (the order styles are assigned in).
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// Where `label` goes in a legend: its place in the config's order
    /// (those not in it after all that are), then the label itself.
    pub fn legend_key<'a>(&self, label: &'a str) -> (usize, &'a str) {
        let place = self.order.iter().position(|l| l == label);
        (place.unwrap_or(self.order.len()), label)
    }

    /// The style of `label`, or `None` for a label the experiment lacks.
    ///
    /// The i-th sorted label takes colour i, marker i and dash i, each
    /// cycling through its list; once the colours repeat the dash moves on
    /// one more per round, so no two of the first 49 labels share both
    /// colour and dash, and no two of the first ten share a marker.
    pub fn of(&self, label: &str) -> Option<SeriesStyle> {
        let i = self
            .labels
            .binary_search_by(|l| l.as_str().cmp(label))
            .ok()?;
        Some(SeriesStyle {
            colour: PALETTE[i % PALETTE.len()],
            marker: Marker::ALL[i % Marker::ALL.len()],
            dash: Dash::ALL[(i / PALETTE.len() + i) % Dash::ALL.len()],
        })
    }
}

/// Registers the embedded DejaVu Sans (regular and bold) as [`FONT`], once
/// per process; every chart calls it before drawing.
pub fn register_fonts() -> Result<(), PlotError> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        register_font(FONT, FontStyle::Normal, dejavu::sans::regular()).is_ok()
            && register_font(FONT, FontStyle::Bold, dejavu::sans::bold()).is_ok()
    });
    if ok {
        Ok(())
    } else {
        Err(PlotError::Font {
            reason: "plotters cannot read it as a font".to_owned(),
        })
    }
}

/// Relative luminance of an sRGB colour, as WCAG 2.1 defines it
/// (<https://www.w3.org/TR/WCAG21/#dfn-relative-luminance>): 0 for black,
/// 1 for white.
pub fn luminance(c: RGBColor) -> f64 {
    let linear = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_font_size_prints_at_8_to_9_points_at_the_figure_width() {
        assert!((POINTS_PER_UNIT - 252.0 / 500.0).abs() < 1e-12);
        assert!((7.0 * 72.0 / f64::from(PAGE_WIDTH) - POINTS_PER_UNIT).abs() < 1e-12);
        for size in FONT_SIZES {
            let points = printed_points(size);
            assert!((8.0..=9.0).contains(&points), "size {size}: {points:.2} pt");
        }
    }

    #[test]
    fn styles_follow_the_sorted_labels_whatever_order_they_come_in() {
        let a = Styles::for_labels(["sa", "ga", "min-conflicts", "ga"]);
        let b = Styles::for_labels(["min-conflicts", "sa", "ga"]);
        assert_eq!(a.labels(), ["ga", "min-conflicts", "sa"]);
        for label in ["ga", "min-conflicts", "sa"] {
            assert_eq!(a.of(label), b.of(label));
        }
        assert_eq!(a.of("ga").map(|s| s.colour), Some(PALETTE[0]));
        assert_eq!(a.of("sa").map(|s| s.marker), Some(Marker::Triangle));
        assert_eq!(a.of("absent"), None);
    }

    #[test]
    fn labels_beyond_the_palette_differ_by_marker_and_dash() {
        let labels: Vec<String> = (0..12).map(|i| format!("l{i:02}")).collect();
        let styles = Styles::for_labels(labels.iter().map(String::as_str));
        let first = styles.of("l00").unwrap();
        let eighth = styles.of("l07").unwrap();
        assert_eq!(first.colour, eighth.colour);
        assert_ne!(first.marker, eighth.marker);
        assert_ne!(first.dash, eighth.dash);
    }

    #[test]
    fn ten_labels_stay_apart_in_colour_and_in_greyscale() {
        let labels: Vec<String> = (0..10).map(|i| format!("label {i}")).collect();
        let styles = Styles::for_labels(labels.iter().map(String::as_str));
        let all: Vec<SeriesStyle> = labels.iter().map(|l| styles.of(l).unwrap()).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!((a.colour, a.marker, a.dash), (b.colour, b.marker, b.dash));
                // Greyscale drops the hue: shape or dash must differ.
                assert!(a.marker != b.marker || a.dash != b.dash, "{a:?} and {b:?}");
                // Lines without markers (ECDF, convergence) keep colour and dash.
                assert!(a.colour != b.colour || a.dash != b.dash, "{a:?} and {b:?}");
            }
        }
        // The experiments' up to seven labels each get their own colour.
        let colours: BTreeSet<(u8, u8, u8)> = all[..7]
            .iter()
            .map(|s| (s.colour.0, s.colour.1, s.colour.2))
            .collect();
        assert_eq!(colours.len(), 7);
    }

    /// Contrast ratio of two colours, as WCAG 2.1 defines it
    /// (<https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio>).
    fn contrast(a: RGBColor, b: RGBColor) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn every_series_colour_stands_out_against_white() {
        let white = RGBColor(255, 255, 255);
        // The formula itself: black on white is 21:1, Tol's sand 1.6:1.
        assert!((contrast(RGBColor(0, 0, 0), white) - 21.0).abs() < 1e-9);
        assert!(contrast(RGBColor(0xDD, 0xCC, 0x77), white) < 3.0);
        for colour in PALETTE {
            // WCAG 2.1 success criterion 1.4.11: 3:1 for graphical objects.
            let ratio = contrast(colour, white);
            assert!(
                ratio >= 3.0,
                "{colour:?} has only {ratio:.2}:1 against white"
            );
        }
    }
}
