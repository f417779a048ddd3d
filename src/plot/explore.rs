//! Charts a reader can explore: the screen SVG of a chart says which
//! legend entry each of its elements was drawn for, and where its points
//! are, so that the report's script can hide a label's series when its
//! legend entry is clicked and show a point's values when it is hovered.
//!
//! [`Tagging`] wraps plotters' SVG backend and forwards every call; for
//! every element the SVG backend writes (one per call whose colour is not
//! fully transparent) it records the series being drawn. The drawing code
//! names that series through a scoped guard: [`series`] around a layer of
//! a panel or a text beside a mark (the legend index of its style), and
//! [`legend_entry`] around an entry of the legend. A panel records each
//! point a reader may hover ([`hover`]): its pixel position and its text.
//! [`draw_svg`] draws a figure under such a recording and tags the SVG
//! afterwards: `data-series="i"` after the attributes of the elements of
//! the legend's i-th label (and `data-legend="i"` on those of its legend
//! entry), then one
//! invisible circle per point before `</svg>` (`fill="none"`,
//! `pointer-events="all"`, `data-series`, and `data-tip` holding the text
//! made inert: no `<`, `url(` or `javascript:`, which the report refuses
//! in an attribute), which no renderer paints. When the elements found
//! in the SVG are not the elements recorded, the SVG is left untagged
//! rather than tagged wrongly.
//!
//! The recording is per thread (a figure is drawn on one thread); outside
//! [`draw_svg`] the guards and [`hover`] do nothing.

use std::cell::RefCell;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};

use super::error::DrawError;
use super::style::SeriesStyle;

/// The radius of a point's invisible hit target, in pixels.
const HIT_RADIUS: u32 = 6;

/// What an element was drawn for: the series of the legend's `series`-th
/// label, in its legend entry or in a panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tag {
    series: usize,
    legend: bool,
}

/// A point a reader may hover: its series, its pixel and its text.
#[derive(Clone, Debug, PartialEq)]
struct Point {
    series: usize,
    at: (i32, i32),
    tip: String,
}

/// The state of one drawing: the legend, the series being drawn, the tag
/// of every element written so far, and the points.
#[derive(Debug, Default)]
struct Recording {
    legend: Vec<(String, SeriesStyle)>,
    current: Option<Tag>,
    elements: Vec<Option<Tag>>,
    points: Vec<Point>,
}

thread_local! {
    static RECORDING: RefCell<Option<Recording>> = const { RefCell::new(None) };
}

/// Sets the series being drawn until dropped, then restores the one
/// before (see [`series`], [`legend_entry`]).
#[must_use = "the series is drawn while the scope lives"]
pub struct Scope {
    previous: Option<Tag>,
}

impl Drop for Scope {
    fn drop(&mut self) {
        let previous = self.previous;
        RECORDING.with_borrow_mut(|recording| {
            if let Some(recording) = recording {
                recording.current = previous;
            }
        });
    }
}

/// Sets the tag of the elements drawn next, returning what it was.
fn set_current(tag: Option<Tag>) -> Scope {
    RECORDING.with_borrow_mut(|recording| Scope {
        previous: recording
            .as_mut()
            .and_then(|r| std::mem::replace(&mut r.current, tag)),
    })
}

/// The legend index of `style` in the drawing under way.
fn index_of(recording: &Recording, style: &SeriesStyle) -> Option<usize> {
    recording.legend.iter().position(|(_, s)| s == style)
}

/// Draws what follows, until the scope is dropped, as the series of the
/// legend's label of `style` (untagged for none, or a style no legend
/// entry has: a reference line, a heat map's cells).
pub fn series(style: Option<&SeriesStyle>) -> Scope {
    let tag = RECORDING.with_borrow(|recording| {
        let index = index_of(recording.as_ref()?, style?)?;
        Some(Tag {
            series: index,
            legend: false,
        })
    });
    set_current(tag)
}

/// Draws what follows, until the scope is dropped, as the legend entry of
/// the legend's `index`-th label.
pub fn legend_entry(index: usize) -> Scope {
    set_current(Some(Tag {
        series: index,
        legend: true,
    }))
}

/// Whether a drawing is being recorded on this thread (a panel computes
/// the texts of its points only then).
pub fn recording() -> bool {
    RECORDING.with_borrow(Option::is_some)
}

/// Records a point of the series of `style` at pixel `at`, whose tooltip
/// reads "LABEL · CAPTION: READING" (without the caption when it is
/// empty or the label itself); nothing for a style no legend entry has.
pub fn hover(style: &SeriesStyle, at: (i32, i32), caption: &str, reading: &str) {
    RECORDING.with_borrow_mut(|recording| {
        let Some(recording) = recording else {
            return;
        };
        let Some(series) = index_of(recording, style) else {
            return;
        };
        let label = &recording.legend[series].0;
        let tip = if caption.is_empty() || caption == label {
            format!("{label} · {reading}")
        } else {
            format!("{label} · {caption}: {reading}")
        };
        recording.points.push(Point {
            series,
            at,
            tip: inert(&tip),
        });
    });
}

/// Notes one element written with the series being drawn.
fn emitted() {
    RECORDING.with_borrow_mut(|recording| {
        if let Some(recording) = recording {
            recording.elements.push(recording.current);
        }
    });
}

/// A drawing backend that forwards every call to `inner` (an
/// [`SVGBackend`]) and records the series of each element it writes.
pub struct Tagging<DB> {
    inner: DB,
}

impl<DB: DrawingBackend> DrawingBackend for Tagging<DB> {
    type ErrorType = DB::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.present()
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_pixel(point, color)?;
        note(color);
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_line(from, to, style)?;
        note(style.color());
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner
            .draw_rect(upper_left, bottom_right, style, fill)?;
        note(style.color());
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_path(path, style)?;
        note(style.color());
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_circle(center, radius, style, fill)?;
        note(style.color());
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.fill_polygon(vert, style)?;
        note(style.color());
        Ok(())
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
        self.inner.draw_text(text, style, pos)?;
        note(style.color());
        Ok(())
    }

    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        self.inner.estimate_text_size(text, style)
    }
}

/// Notes an element drawn in `color`: the SVG backend writes none for a
/// fully transparent colour.
fn note(color: BackendColor) {
    if color.alpha != 0.0 {
        emitted();
    }
}

/// The area a figure is drawn on: the SVG backend, tagged.
pub type Area<'a> = DrawingArea<Tagging<SVGBackend<'a>>, Shift>;

/// Draws with `draw` an SVG of `size` units whose legend is `legend`,
/// presented, and tags it (see the module header); untagged when the
/// elements written are not those recorded.
pub fn draw_svg(
    legend: &[(String, SeriesStyle)],
    size: (u32, u32),
    draw: impl FnOnce(&Area<'_>) -> Result<(), DrawError>,
) -> Result<String, DrawError> {
    let mut svg = String::new();
    RECORDING.with_borrow_mut(|recording| {
        *recording = Some(Recording {
            legend: legend.to_vec(),
            ..Recording::default()
        });
    });
    let drawn = {
        let root = Tagging {
            inner: SVGBackend::with_string(&mut svg, size),
        }
        .into_drawing_area();
        draw(&root).and_then(|()| Ok(root.present()?))
    };
    let recording = RECORDING.with_borrow_mut(Option::take).unwrap_or_default();
    drawn?;
    Ok(tag(&svg, &recording.elements, &recording.points).unwrap_or(svg))
}

/// `svg` with the elements tagged as `elements` say, in order, and a hit
/// target per point before `</svg>`; `None` when the SVG holds another
/// number of elements than `elements`.
fn tag(svg: &str, elements: &[Option<Tag>], points: &[Point]) -> Option<String> {
    let mut out = String::with_capacity(svg.len() + points.len() * 120);
    let mut tags = elements.iter();
    let mut rest = svg;
    // Every `<` of plotters' SVG opens a tag and every `>` closes one
    // (texts and attribute values are escaped): the root, a closing tag,
    // or one element, whose tags go after its attributes.
    while let Some(open) = rest.find('<') {
        let (before, from) = rest.split_at(open);
        out.push_str(before);
        let close = from.find('>')?;
        let (start_tag, after) = from.split_at(close);
        let attributes = start_tag.strip_suffix('/').unwrap_or(start_tag);
        out.push_str(attributes);
        let element = !(start_tag.starts_with("</") || start_tag.starts_with("<svg "));
        if element && let Some(tag) = tags.next()? {
            out.push_str(&format!(" data-series=\"{}\"", tag.series));
            if tag.legend {
                out.push_str(&format!(" data-legend=\"{}\"", tag.series));
            }
        }
        out.push_str(&start_tag[attributes.len()..]);
        rest = after;
    }
    if tags.next().is_some() {
        return None;
    }
    out.push_str(rest);
    let end = out.rfind("</svg>")?;
    let targets: String = points
        .iter()
        .map(|p| {
            format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{HIT_RADIUS}\" fill=\"none\" pointer-events=\"all\" \
                 data-series=\"{}\" data-tip=\"{}\"/>\n",
                p.at.0,
                p.at.1,
                p.series,
                escape(&p.tip)
            )
        })
        .collect();
    out.insert_str(end, &targets);
    Some(out)
}

/// `text` as a tooltip the report's check of charts accepts whatever a
/// label holds: `<` written as the full-width `＜`, and a space put into
/// `url(` and `javascript:` (in any case), which an attribute may not hold.
fn inert(text: &str) -> String {
    let mut text = text.replace('<', "＜");
    for (pattern, at) in [("url(", 3), ("javascript:", 10)] {
        // ASCII lowercasing keeps every byte where it was.
        while let Some(start) = text.to_ascii_lowercase().find(pattern) {
            text.insert(start + at, ' ');
        }
    }
    text
}

/// `text` escaped for an attribute value.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '&' => escaped.push_str("&amp;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            other => escaped.push(other),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::super::axis::{Axis, Scale};
    use super::super::figure::Figure;
    use super::super::options::Style;
    use super::super::panel::{Interval, Layer, Panel};
    use super::super::style::{Dash, Marker, PALETTE};
    use super::*;

    /// A figure of two labels: "a" a line with markers at N = 4, 8, 16
    /// over a band, "b" two error bars.
    fn two_labels() -> Figure {
        let a = SeriesStyle {
            colour: PALETTE[0],
            marker: Marker::Circle,
            dash: Dash::Solid,
        };
        let b = SeriesStyle {
            colour: PALETTE[1],
            marker: Marker::Square,
            dash: Dash::Solid,
        };
        let line = [(4.0, 100.0), (8.0, 12_345.0), (16.0, 50_000.0)];
        let panel = Panel {
            caption: "size panel".to_owned(),
            x: Axis::padded("board size N (queens)", Scale::Linear, [4.0, 16.0]).expect("x"),
            y: Axis::fit("checks", Scale::Log, [10.0, 100_000.0]).expect("y"),
            layers: vec![
                Layer::Band {
                    style: a,
                    lower: vec![(4.0, 50.0), (8.0, 10_000.0), (16.0, 40_000.0)],
                    upper: vec![(4.0, 200.0), (8.0, 15_000.0), (16.0, 60_000.0)],
                },
                Layer::Line {
                    style: a,
                    points: line.to_vec(),
                    width: 2,
                    opacity: 1.0,
                    markers: true,
                },
                Layer::Intervals {
                    style: b,
                    bars: vec![
                        Interval {
                            x: 4.0,
                            low: 20.0,
                            mid: 30.0,
                            high: 45.5,
                        },
                        Interval {
                            x: 8.0,
                            low: 900.0,
                            mid: 1000.0,
                            high: 1500.0,
                        },
                    ],
                },
            ],
            note: None,
        };
        Figure {
            stem: "two".to_owned(),
            title: "Two labels".to_owned(),
            subtitle: "a test".to_owned(),
            legend: vec![("a".to_owned(), a), ("b".to_owned(), b)],
            panels: vec![panel],
            ..Figure::default()
        }
    }

    fn tagged(figure: &Figure) -> String {
        crate::plot::style::register_fonts().expect("the embedded font");
        let size = figure.size(Style::Screen).expect("a size");
        draw_svg(&figure.legend, size, |root| {
            figure.draw(root, Style::Screen)
        })
        .expect("drawn")
    }

    /// The `#RRGGBB` plotters writes for `colour`.
    fn hex(colour: RGBColor) -> String {
        format!("#{:02X}{:02X}{:02X}", colour.0, colour.1, colour.2)
    }

    #[test]
    fn every_element_of_a_label_carries_its_series_and_every_point_a_hit_target() {
        let figure = two_labels();
        let svg = tagged(&figure);
        let document = roxmltree::Document::parse(&svg).expect("XML");
        let elements: Vec<roxmltree::Node<'_, '_>> = document
            .descendants()
            .filter(|n| n.is_element() && n.tag_name().name() != "svg")
            .collect();
        for (series, (label, style)) in figure.legend.iter().enumerate() {
            let colour = hex(style.colour);
            let drawn: Vec<_> = elements
                .iter()
                .filter(|e| {
                    e.attribute("fill") == Some(&colour) || e.attribute("stroke") == Some(&colour)
                })
                .collect();
            assert!(drawn.len() >= 4, "{label}: {} elements", drawn.len());
            for element in drawn {
                assert_eq!(
                    element.attribute("data-series"),
                    Some(series.to_string().as_str()),
                    "{label}: {element:?}"
                );
            }
            // Its legend entry: the line sample, the text, the marker and
            // its rim.
            let entry = elements
                .iter()
                .filter(|e| e.attribute("data-legend") == Some(series.to_string().as_str()))
                .count();
            assert_eq!(entry, 4, "{label}");
        }
        // The axes, ticks and title belong to no label.
        let untagged = elements
            .iter()
            .filter(|e| e.attribute("data-series").is_none())
            .count();
        assert!(untagged > 10);
        let tips: Vec<&str> = elements
            .iter()
            .filter_map(|e| e.attribute("data-tip"))
            .collect();
        assert_eq!(tips.len(), 3 + 2, "{tips:?}");
        assert!(tips.contains(&"a · size panel: N = 8, checks 12,345 [10,000, 15,000]"));
        assert!(tips.contains(&"b · size panel: N = 4, checks 30 [20, 45.5]"));
        let targets = elements
            .iter()
            .filter(|e| e.attribute("pointer-events") == Some("all"));
        for target in targets {
            assert_eq!(target.attribute("fill"), Some("none"));
            assert!(target.attribute("stroke").is_none());
        }
    }

    #[cfg(feature = "print")]
    #[test]
    fn the_tags_and_hit_targets_paint_nothing() {
        let figure = two_labels();
        let svg = tagged(&figure);
        let size = figure.size(Style::Screen).expect("a size");
        let mut plain = String::new();
        {
            let root = SVGBackend::with_string(&mut plain, size).into_drawing_area();
            figure.draw(&root, Style::Screen).expect("drawn");
            root.present().expect("presented");
        }
        assert_ne!(svg, plain);
        let pixels = |svg: &str| {
            let tree = super::super::pdf::parse(svg).expect("parsed");
            super::super::raster::rgb(&tree).expect("rendered")
        };
        assert!(pixels(&svg) == pixels(&plain));
    }

    #[test]
    fn an_svg_of_other_elements_than_recorded_is_left_untagged() {
        let svg =
            "<svg width=\"1\" height=\"1\">\n<rect x=\"0\"/>\n<text x=\"0\">\na\n</text>\n</svg>\n";
        let one = [Some(Tag {
            series: 0,
            legend: false,
        })];
        assert_eq!(tag(svg, &one, &[]), None);
        let both = [one[0], None];
        let tagged = tag(svg, &both, &[]).expect("tagged");
        assert!(tagged.contains("<rect x=\"0\" data-series=\"0\"/>"));
        assert!(tagged.contains("<text x=\"0\">"));
        assert_eq!(tag(svg, &[None, None, None], &[]), None);
    }

    #[test]
    fn a_tooltip_holds_nothing_the_check_of_charts_refuses() {
        assert_eq!(inert("a<b · N = 8"), "a＜b · N = 8");
        assert_eq!(inert("URL(x) JavaScript:y"), "URL (x) JavaScript :y");
        assert_eq!(inert("min-conflicts · N = 64"), "min-conflicts · N = 64");
    }

    #[test]
    fn outside_a_drawing_the_guards_and_points_record_nothing() {
        assert!(!recording());
        let _entry = legend_entry(0);
        hover(&two_labels().legend[0].1, (1, 1), "c", "r");
        emitted();
        assert!(!recording());
    }
}
