//! The look shared by every chart: the embedded font, the figure size, font
//! sizes, and one colour and marker per algorithm label.
//!
//! Colours are assigned by the sorted list of the experiment's labels: the
//! i-th label (in byte order) takes the i-th colour of [`PALETTE`] and the
//! i-th marker of [`Marker::ALL`]. Every chart of one experiment therefore
//! shows a label in the same colour, and up to ten labels always get ten
//! distinct colours. A label may get another colour in an experiment with a
//! different set of labels.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use plotters::style::{FontStyle, RGBColor, register_font};

use super::error::PlotError;

/// Width of every chart, in pixels (PNG) and user units (SVG).
pub const WIDTH: u32 = 1000;
/// Height of every chart, in pixels (PNG) and user units (SVG).
pub const HEIGHT: u32 = 650;

/// The font family every text of a chart uses. Layout and PNG text use the
/// embedded DejaVu Sans, never a system font; an SVG names the family and
/// its viewer picks the face.
pub const FONT: &str = "sans-serif";
/// Size of the figure title.
pub const TITLE_SIZE: f64 = 26.0;
/// Size of the line under the title that says what is drawn.
pub const SUBTITLE_SIZE: f64 = 16.0;
/// Size of a panel's caption.
pub const CAPTION_SIZE: f64 = 19.0;
/// Size of the axis descriptions.
pub const AXIS_LABEL_SIZE: f64 = 17.0;
/// Size of the tick labels.
pub const TICK_SIZE: f64 = 15.0;
/// Size of the legend entries.
pub const LEGEND_SIZE: f64 = 16.0;

/// Colour of text and axes.
pub const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
/// Colour of secondary text (the subtitle, notes in empty panels).
pub const MUTED: RGBColor = RGBColor(0x55, 0x55, 0x55);
/// Colour of the major grid lines.
pub const GRID: RGBColor = RGBColor(0xDD, 0xDD, 0xDD);
/// Colour of the minor grid lines.
pub const GRID_LIGHT: RGBColor = RGBColor(0xF0, 0xF0, 0xF0);

/// The series colours, in assignment order: Tableau 10, a palette designed
/// for categorical data that stays distinguishable in print.
pub const PALETTE: [RGBColor; 10] = [
    RGBColor(0x4E, 0x79, 0xA7),
    RGBColor(0xF2, 0x8E, 0x2B),
    RGBColor(0xE1, 0x57, 0x59),
    RGBColor(0x59, 0xA1, 0x4F),
    RGBColor(0xB0, 0x7A, 0xA1),
    RGBColor(0x76, 0xB7, 0xB2),
    RGBColor(0x9C, 0x75, 0x5F),
    RGBColor(0xFF, 0x9D, 0xA7),
    RGBColor(0xED, 0xC9, 0x48),
    RGBColor(0xBA, 0xB0, 0xAC),
];

/// The shape drawn at each data point of a series, so that series stay
/// distinct in greyscale print too.
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
}

impl Marker {
    /// Every marker, in assignment order.
    pub const ALL: [Marker; 5] = [
        Marker::Circle,
        Marker::Square,
        Marker::Triangle,
        Marker::Diamond,
        Marker::TriangleDown,
    ];
}

/// How one algorithm label is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeriesStyle {
    /// The line and marker colour.
    pub colour: RGBColor,
    /// The point marker.
    pub marker: Marker,
}

/// The style of every label of one experiment.
#[derive(Clone, Debug)]
pub struct Styles {
    labels: Vec<String>,
}

impl Styles {
    /// Assigns styles to the given labels by their sorted order (duplicates
    /// are ignored).
    pub fn for_labels<'a>(labels: impl IntoIterator<Item = &'a str>) -> Self {
        let sorted: BTreeSet<&str> = labels.into_iter().collect();
        Styles {
            labels: sorted.into_iter().map(str::to_owned).collect(),
        }
    }

    /// The labels, sorted: the order of every legend.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// The style of `label`, or `None` for a label the experiment lacks.
    pub fn of(&self, label: &str) -> Option<SeriesStyle> {
        let i = self
            .labels
            .binary_search_by(|l| l.as_str().cmp(label))
            .ok()?;
        Some(SeriesStyle {
            colour: PALETTE[i % PALETTE.len()],
            marker: Marker::ALL[(i / PALETTE.len() + i) % Marker::ALL.len()],
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

#[cfg(test)]
mod tests {
    use super::*;

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
    fn labels_beyond_the_palette_differ_by_marker() {
        let labels: Vec<String> = (0..12).map(|i| format!("l{i:02}")).collect();
        let styles = Styles::for_labels(labels.iter().map(String::as_str));
        let first = styles.of("l00").unwrap();
        let eleventh = styles.of("l10").unwrap();
        assert_eq!(first.colour, eleventh.colour);
        assert_ne!(first.marker, eleventh.marker);
    }
}
