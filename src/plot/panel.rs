//! One panel of a figure: two axes and the layers drawn between them (bands,
//! lines with markers, error bars), described in data space and drawn with
//! plotters on any backend. Every layer of a label (and every text beside
//! its marks) is drawn as that label's series, and each point a reader may
//! hover is recorded with its tooltip, for a tagged SVG (see
//! [`super::explore`]).

use plotters::coord::Shift;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::axis::Axis;
use super::collide::{Obstacles, Rect, candidates, rects_meet};
use super::error::DrawError;
use super::explore;
use super::fit::{fit, line_height, wrap};
use super::style::{
    AXIS_LABEL_SIZE, CAPTION_SIZE, Dash, EM_PER_SIZE, FONT, GRID, GRID_LIGHT, INK, MUTED, Marker,
    SeriesStyle, TICK_SIZE, luminance,
};

/// Opacity of a p10–p90 band.
const BAND_OPACITY: f64 = 0.16;
/// Size of the texts beside marks ("2/200") and in heat-map cells: the
/// tick size, the smallest that prints at 8 pt (see the style module).
const MARK_TEXT_SIZE: f64 = TICK_SIZE;
/// Height of a digit (DejaVu Sans: 0.73 em) as a share of a plotters font
/// size: a heat-map cell prints its value only when at least that high
/// and a little more, so that no value reaches into the next row.
const DIGIT_HEIGHT: f64 = 0.73 * EM_PER_SIZE;

/// Radius of a point marker, in pixels.
pub const MARKER_RADIUS: f64 = 5.0;
/// A series with more points than this in one layer (more than 20 board
/// sizes) is dense: its markers are drawn at [`DENSE_MARKER_RADIUS`] so
/// that the line joining them shows. Up to 20 points across a panel, even
/// bunched at the top of a logarithmic axis, full-size markers still
/// leave the line visible between most of them.
pub const DENSE_POINTS: usize = 20;
/// Radius of the markers of a dense series, in pixels: about half the
/// full size, still big enough for a hollow marker (white inside) to read
/// apart from a filled one.
pub const DENSE_MARKER_RADIUS: f64 = 3.0;
/// Radius of a [`Layer::Points`] dot, in pixels.
const DOT_RADIUS: u32 = 2;
/// Opacity of a [`Layer::Points`] dot: overlapping dots darken, so dense
/// stretches of a strip read as dense.
const DOT_OPACITY: f64 = 0.35;
/// The fill of a [`Layer::Strip`]: a faint grey, over the grid.
const STRIP_TINT: RGBColor = RGBColor(0xF7, 0xF7, 0xF7);
/// Width of a [`Layer::Span`], in pixels.
const SPAN_WIDTH: u32 = 4;
/// The least free space between two tick labels, in pixels.
const TICK_GAP: u32 = 12;
/// Half the width of an error bar's cap, in pixels.
const CAP: i32 = 5;

/// Space kept free around a panel (above, below and left of its labels).
const OUTER_MARGIN: u32 = 10;
/// The least space right of a panel's plotting area, in pixels.
const RIGHT_MARGIN: u32 = 18;
/// The side of a heat-map cell that holds its A12 with two digits (".96")
/// above three significance marks at the text size of marks, in pixels.
pub const CELL_SIDE: u32 = 32;

/// The height a heat-map panel keeps beyond its cells: its caption above,
/// the x tick labels and the axis description below, in pixels.
pub const CELLS_FRAME_HEIGHT: u32 = 110;

/// The least space between a tick label's end and the panel's edge.
const EDGE_GAP: u32 = 4;

/// The space a panel keeps beside its plotting area, in pixels: `left` for
/// the y tick labels and description, `right` for the end of the last x
/// tick label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Margins {
    /// Width of the y label area, left of the plotting area.
    pub left: u32,
    /// Space right of the plotting area.
    pub right: u32,
}

/// A vertical interval at one x: an error bar around `mid`.
#[derive(Clone, Copy, Debug)]
pub struct Interval {
    /// The x value.
    pub x: f64,
    /// The lower end.
    pub low: f64,
    /// The point estimate.
    pub mid: f64,
    /// The upper end.
    pub high: f64,
}

/// A point drawn with its series' marker, filled or hollow, with an
/// optional text beside it.
#[derive(Clone, Debug)]
pub struct Mark {
    /// The x value.
    pub x: f64,
    /// The y value.
    pub y: f64,
    /// Drawn hollow (white inside): some of the cell's trials failed.
    pub hollow: bool,
    /// Written beside the marker (right, left or above), like "2/200";
    /// left out where it would cover a marker or another text.
    pub text: Option<String>,
    /// Whether the text goes before the optional texts, so those give way.
    pub first: bool,
}

/// One cell of a [`Layer::Cells`] heat map.
#[derive(Clone, Debug)]
pub struct Cell {
    /// The column position (the square spans x ± 0.5).
    pub x: f64,
    /// The row position (the square spans y ± 0.5).
    pub y: f64,
    /// The fill colour.
    pub fill: RGBColor,
    /// The texts that may be written in the cell, in order of preference:
    /// the first whose every line fits the cell's width and whose lines
    /// fit its height is written, each a list of lines (none when no text
    /// fits).
    pub texts: Vec<Vec<String>>,
}

/// Something drawn in a panel, in data coordinates.
#[derive(Clone, Debug)]
pub enum Layer {
    /// A filled area between two curves sharing their x values.
    Band {
        /// The series' style (its colour is used, translucent).
        style: SeriesStyle,
        /// The lower curve, by increasing x.
        lower: Vec<(f64, f64)>,
        /// The upper curve, by increasing x.
        upper: Vec<(f64, f64)>,
    },
    /// A polyline in the series' dash pattern; points an axis cannot show (0
    /// on a log axis) break it.
    Line {
        /// The series' style.
        style: SeriesStyle,
        /// The points, in drawing order.
        points: Vec<(f64, f64)>,
        /// Stroke width in pixels.
        width: u32,
        /// Opacity from 0 to 1.
        opacity: f64,
        /// Whether to draw the series' marker at each point.
        markers: bool,
    },
    /// Points with the series' marker (see [`Mark`]).
    Marks {
        /// The series' style.
        style: SeriesStyle,
        /// The points.
        marks: Vec<Mark>,
    },
    /// Unit squares centred on whole (x, y) positions of linear axes, each
    /// filled and labelled (the cells of a heat map).
    Cells(Vec<Cell>),
    /// A thick solid horizontal segment in the series' colour from `from`
    /// to `to` at height `y` (a run of unsolved cells); texts beside marks
    /// keep clear of it.
    Span {
        /// The series' style (its colour is used).
        style: SeriesStyle,
        /// The height.
        y: f64,
        /// The x where it starts.
        from: f64,
        /// The x where it ends.
        to: f64,
    },
    /// A strip across the whole panel from height `low` to `high`, outside
    /// the y axis's scale (the rows of unsolved cells): tinted over the
    /// grid, with a grey rule along its lower edge separating it from the
    /// data.
    Strip {
        /// The height of its lower edge.
        low: f64,
        /// The height of its upper edge.
        high: f64,
    },
    /// Small translucent dots, one per value (a strip of individual
    /// trials); dots falling on the same pixel are drawn once.
    Points {
        /// The series' style (its colour is used, translucent).
        style: SeriesStyle,
        /// The points.
        points: Vec<(f64, f64)>,
    },
    /// Error bars with the series' marker at the point estimate.
    Intervals {
        /// The series' style.
        style: SeriesStyle,
        /// The intervals.
        bars: Vec<Interval>,
    },
}

impl Layer {
    /// The style of the series the layer draws; none for the cells of a
    /// heat map and a strip.
    pub fn style(&self) -> Option<&SeriesStyle> {
        match self {
            Layer::Band { style, .. }
            | Layer::Line { style, .. }
            | Layer::Marks { style, .. }
            | Layer::Span { style, .. }
            | Layer::Points { style, .. }
            | Layer::Intervals { style, .. } => Some(style),
            Layer::Cells(_) | Layer::Strip { .. } => None,
        }
    }
}

/// Room left free on either side of a note written across a panel, in
/// units (a note is wrapped to the plotting area's width less this).
const NOTE_MARGIN: u32 = 20;

/// The texts a panel wrote beside its marks and what they kept clear of,
/// in pixels of the drawing area.
#[derive(Clone, Debug, Default)]
pub struct Annotations {
    /// Each text written, with its box.
    pub texts: Vec<(String, Rect)>,
    /// The panel's markers, lines, error bars and spans.
    pub obstacles: Obstacles,
}

/// A panel: caption, axes, layers, and an optional note (written across
/// an empty panel; a figure writes the note of a panel with layers below
/// its panels, where it crosses no curve: see [`Panel::note_inside`]).
#[derive(Clone, Debug)]
pub struct Panel {
    /// The caption above the panel.
    pub caption: String,
    /// The horizontal axis.
    pub x: Axis,
    /// The vertical axis.
    pub y: Axis,
    /// What is drawn, bottom layer first.
    pub layers: Vec<Layer>,
    /// A remark on the panel (e.g. "no solved trials"): written in its
    /// middle when it has no layers, else outside its plotting area.
    pub note: Option<String>,
}

type Chart<'a, DB> = ChartContext<'a, DB, Cartesian2d<Ticked, Ticked>>;

/// A linear coordinate in display space whose ticks are the axis's own.
struct Ticked {
    inner: RangedCoordf64,
    major: Vec<f64>,
    minor: Vec<f64>,
}

impl Ticked {
    fn new(axis: &Axis, major: Vec<f64>) -> Ticked {
        Ticked {
            inner: (axis.lo..axis.hi).into(),
            major,
            minor: axis.minor_ticks(),
        }
    }
}

impl Ranged for Ticked {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.inner.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            self.minor.clone()
        } else {
            self.major.clone()
        }
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.inner.range()
    }
}

impl Panel {
    /// Draws the panel into `area` with its own [`Margins`];
    /// `y_description` says whether to write the y axis description (only
    /// the first panel of a row does).
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        y_description: bool,
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        let margins = self.margins(area, y_description, 0)?;
        self.draw_within(area, y_description, margins)
    }

    /// The margins this panel needs in `area`: left, its widest y tick
    /// label, a gap and (with `y_description`) the rotated description, or
    /// `least_left` if that is wider; right, at least [`RIGHT_MARGIN`] and
    /// enough for the last x tick label, centred on its tick, to end inside
    /// the area.
    pub fn margins<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        y_description: bool,
        least_left: u32,
    ) -> Result<Margins, DrawError>
    where
        DB::ErrorType: 'static,
    {
        let tick_font = (FONT, TICK_SIZE).into_font().color(&INK);
        let widest_tick = self
            .y
            .major_ticks()
            .iter()
            .map(|&d| area.estimate_text_size(&self.y.tick_label(d), &tick_font))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .map(|(w, _)| w)
            .max()
            .unwrap_or(0);
        let description = if y_description {
            (AXIS_LABEL_SIZE * 1.6) as u32
        } else {
            0
        };
        let left = (widest_tick + 16 + description).max(60).max(least_left);
        let (width, _) = area.dim_in_pixel();
        let ticks = self.fitting_x_ticks(
            area,
            width.saturating_sub(OUTER_MARGIN + left + RIGHT_MARGIN),
        )?;
        let right = self.right_overhang(area, left, &ticks)?.max(RIGHT_MARGIN);
        Ok(Margins { left, right })
    }

    /// Draws the panel into `area` with the given margins (at least its own
    /// [`Panel::margins`]; a figure gives every panel of a column the
    /// largest, so that their axes line up). An x tick label that would
    /// still cross the area's right edge is left out.
    pub fn draw_within<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        y_description: bool,
        margins: Margins,
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        self.draw_annotated(area, y_description, margins)
            .map(|_| ())
    }

    /// The number of cells across a heat map (the ticks of its x axis); 0
    /// for a panel without cells.
    pub fn cells_across(&self) -> usize {
        if !self.has_cells() {
            return 0;
        }
        self.x.ticks.as_ref().map_or(0, Vec::len)
    }

    /// The least width of a heat-map panel whose cells are [`CELL_SIDE`]
    /// wide: its left margin as [`Panel::margins`] measures it (the y tick
    /// labels, a gap and the description), the cells and the right margin.
    pub fn least_cells_width(&self) -> Result<u32, DrawError> {
        let tick_font = (FONT, TICK_SIZE).into_font();
        let mut widest_tick = 0;
        for d in self.y.major_ticks() {
            let (w, _) = tick_font
                .box_size(&self.y.tick_label(d))
                .map_err(super::fit::measure)?;
            widest_tick = widest_tick.max(w);
        }
        let left = (widest_tick + 16 + (AXIS_LABEL_SIZE * 1.6) as u32).max(60);
        Ok(OUTER_MARGIN + left + self.cells_across() as u32 * CELL_SIDE + RIGHT_MARGIN)
    }

    /// Whether the panel draws cells (a heat map).
    pub fn has_cells(&self) -> bool {
        self.layers.iter().any(|l| matches!(l, Layer::Cells(_)))
    }

    /// Whether the note is written inside the panel: only in a panel with
    /// nothing drawn, where it can cross no curve. The figure writes the
    /// others below its panels.
    pub fn note_inside(&self) -> bool {
        self.layers.is_empty()
    }

    /// [`Panel::draw_within`], returning the texts written beside marks
    /// and the obstacles they were placed around.
    pub fn draw_annotated<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        y_description: bool,
        margins: Margins,
    ) -> Result<Annotations, DrawError>
    where
        DB::ErrorType: 'static,
    {
        let mut builder = ChartBuilder::on(area);
        if !self.caption.is_empty() {
            builder.caption(&self.caption, (FONT, CAPTION_SIZE).into_font().color(&INK));
        }
        let (width, _) = area.dim_in_pixel();
        let plot_width = width.saturating_sub(OUTER_MARGIN + margins.left + margins.right);
        let mut x_ticks = self.fitting_x_ticks(area, plot_width)?;
        if x_ticks.len() > 1 && self.right_overhang(area, margins.left, &x_ticks)? > margins.right {
            x_ticks.pop();
        }
        let (_, height) = area.dim_in_pixel();
        let caption = if self.caption.is_empty() {
            0
        } else {
            line_height(CAPTION_SIZE)
        };
        let plot_height = height.saturating_sub(2 * OUTER_MARGIN + 58 + caption);
        let y_ticks = self.fitting_y_ticks(plot_height);
        let mut chart = builder
            .margin(OUTER_MARGIN)
            .margin_right(margins.right)
            .x_label_area_size(58)
            .y_label_area_size(margins.left)
            .build_cartesian_2d(Ticked::new(&self.x, x_ticks), Ticked::new(&self.y, y_ticks))?;
        let x_format = |d: &f64| self.x.tick_label(*d);
        let y_format = |d: &f64| self.y.tick_label(*d);
        // The x description is centred under the plotting area and the y
        // description beside it: each kept within the panel (the y one
        // between the caption and the x tick labels), shortened when
        // longer.
        let x_room = plot_width + 2 * margins.right.min(margins.left);
        let y_room = plot_height + 2 * caption.min(58);
        let x_desc = fitted_description(area, &self.x.description(), x_room)?;
        let y_desc = fitted_description(area, &self.y.description(), y_room)?;
        chart
            .configure_mesh()
            .x_desc(x_desc.as_str())
            .y_desc(if y_description { y_desc.as_str() } else { "" })
            .x_label_formatter(&x_format)
            .y_label_formatter(&y_format)
            .label_style((FONT, TICK_SIZE).into_font().color(&INK))
            .axis_desc_style((FONT, AXIS_LABEL_SIZE).into_font().color(&INK))
            .bold_line_style(GRID.stroke_width(1))
            .light_line_style(GRID_LIGHT.stroke_width(1))
            .axis_style(INK.stroke_width(1))
            .draw()?;
        for layer in &self.layers {
            let _series = explore::series(layer.style());
            self.draw_layer(&mut chart, layer)?;
        }
        if explore::recording() {
            self.record_points(&chart);
        }
        let annotations = self.draw_mark_texts(&mut chart)?;
        if let Some(note) = self.note.as_ref().filter(|_| self.note_inside()) {
            // Broken into lines that fit the plotting area, centred in it.
            let style = (FONT, AXIS_LABEL_SIZE)
                .into_font()
                .color(&MUTED)
                .pos(Pos::new(HPos::Center, VPos::Center));
            let area = chart.plotting_area().strip_coord_spec();
            let (width, height) = area.dim_in_pixel();
            let lines = wrap(
                note,
                AXIS_LABEL_SIZE,
                FontStyle::Normal,
                width.saturating_sub(NOTE_MARGIN),
            )?;
            let step = line_height(AXIS_LABEL_SIZE) as i32;
            let first = height as i32 / 2 - step * (lines.len() as i32 - 1) / 2;
            for (i, line) in lines.into_iter().enumerate() {
                let at = (width as i32 / 2, first + step * i as i32);
                area.draw(&Text::new(line, at, style.clone()))?;
            }
        }
        Ok(annotations)
    }

    /// Draws one layer of the panel onto `chart`.
    fn draw_layer<DB: DrawingBackend>(
        &self,
        chart: &mut Chart<'_, DB>,
        layer: &Layer,
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        match layer {
            Layer::Band {
                style,
                lower,
                upper,
            } => self.draw_band(chart, style.colour, lower, upper),
            Layer::Line {
                style,
                points,
                width,
                opacity,
                markers,
            } => self.draw_line(chart, style, points, *width, *opacity, *markers),
            Layer::Marks { style, marks } => self.draw_marks(chart, style, marks),
            Layer::Cells(cells) => draw_cells(chart, cells),
            Layer::Span { style, y, from, to } => self.draw_span(chart, style, *y, *from, *to),
            Layer::Strip { low, high } => self.draw_strip(chart, *low, *high),
            Layer::Points { style, points } => self.draw_points(chart, style.colour, points),
            Layer::Intervals { style, bars } => self.draw_intervals(chart, style, bars),
        }
    }

    /// Draws a [`Layer::Band`]: the area between `lower` and `upper` filled
    /// translucent, the points an axis cannot show left out (nothing with
    /// fewer than three left).
    fn draw_band<DB: DrawingBackend>(
        &self,
        chart: &mut Chart<'_, DB>,
        colour: RGBColor,
        lower: &[(f64, f64)],
        upper: &[(f64, f64)],
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        let mut outline: Vec<(f64, f64)> = lower.iter().filter_map(|p| self.map(*p)).collect();
        outline.extend(upper.iter().rev().filter_map(|p| self.map(*p)));
        if outline.len() >= 3 {
            let fill = colour.mix(BAND_OPACITY).filled();
            chart.draw_series(std::iter::once(Polygon::new(outline, fill)))?;
        }
        Ok(())
    }

    /// Draws a [`Layer::Line`]: each piece between points an axis cannot
    /// show, solid or cut into the series' dashes, then (with `markers`)
    /// the series' marker at every point shown.
    fn draw_line<DB: DrawingBackend>(
        &self,
        chart: &mut Chart<'_, DB>,
        style: &SeriesStyle,
        points: &[(f64, f64)],
        width: u32,
        opacity: f64,
        markers: bool,
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        let stroke = style.colour.mix(opacity).stroke_width(width);
        for piece in points
            .split(|p| self.map(*p).is_none())
            .filter(|piece| !piece.is_empty())
        {
            let mapped: Vec<(f64, f64)> = piece.iter().filter_map(|p| self.map(*p)).collect();
            if style.dash == Dash::Solid {
                chart.draw_series(LineSeries::new(mapped, stroke))?;
                continue;
            }
            // Dashes are measured in pixels, so they are cut from the
            // piece's pixel path and drawn relative to its first point.
            let anchor = mapped[0];
            let origin = chart.backend_coord(&anchor);
            let pixels: Vec<(f64, f64)> = mapped
                .iter()
                .map(|p| {
                    let (x, y) = chart.backend_coord(p);
                    (f64::from(x - origin.0), f64::from(y - origin.1))
                })
                .collect();
            chart.draw_series(
                dashes(&pixels, style.dash, width).into_iter().map(|dash| {
                    EmptyElement::at(anchor) + PathElement::new(rounded(&dash), stroke)
                }),
            )?;
        }
        if markers {
            let shown: Vec<(f64, f64)> = points.iter().filter_map(|p| self.map(*p)).collect();
            draw_markers(chart, &shown, style, false, marker_radius(shown.len()))?;
        }
        Ok(())
    }

    /// Draws a [`Layer::Marks`]: the filled markers, then the hollow ones.
    fn draw_marks<DB: DrawingBackend>(
        &self,
        chart: &mut Chart<'_, DB>,
        style: &SeriesStyle,
        marks: &[Mark],
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        let (filled, hollow): (Vec<&Mark>, Vec<&Mark>) = marks.iter().partition(|m| !m.hollow);
        let at = |marks: Vec<&Mark>| -> Vec<(f64, f64)> {
            marks
                .into_iter()
                .filter_map(|m| self.map((m.x, m.y)))
                .collect()
        };
        let radius = marker_radius(marks.len());
        draw_markers(chart, &at(filled), style, false, radius)?;
        draw_markers(chart, &at(hollow), style, true, radius)
    }

    /// Draws a [`Layer::Span`]: a thick segment in the series' colour, when
    /// both its ends can be shown.
    fn draw_span<DB: DrawingBackend>(
        &self,
        chart: &mut Chart<'_, DB>,
        style: &SeriesStyle,
        y: f64,
        from: f64,
        to: f64,
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        if let (Some(start), Some(end)) = (self.map((from, y)), self.map((to, y))) {
            let stroke = style.colour.stroke_width(SPAN_WIDTH);
            chart.draw_series([PathElement::new(vec![start, end], stroke)])?;
        }
        Ok(())
    }

    /// Draws a [`Layer::Strip`]: the tint across the panel from `low` to
    /// `high`, with a grey rule along its lower edge.
    fn draw_strip<DB: DrawingBackend>(
        &self,
        chart: &mut Chart<'_, DB>,
        low: f64,
        high: f64,
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        if let (Some(low), Some(high)) = (self.y.display(low), self.y.display(high)) {
            let (left, right) = (self.x.lo, self.x.hi);
            chart.draw_series([Rectangle::new(
                [(left, low), (right, high)],
                STRIP_TINT.filled(),
            )])?;
            chart.draw_series([PathElement::new(
                vec![(left, low), (right, low)],
                MUTED.stroke_width(1),
            )])?;
        }
        Ok(())
    }

    /// Draws a [`Layer::Points`]: a translucent dot per point shown, once
    /// per pixel.
    fn draw_points<DB: DrawingBackend>(
        &self,
        chart: &mut Chart<'_, DB>,
        colour: RGBColor,
        points: &[(f64, f64)],
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        let mut seen = std::collections::BTreeSet::new();
        let shown: Vec<(f64, f64)> = points
            .iter()
            .filter_map(|p| self.map(*p))
            .filter(|p| seen.insert(chart.backend_coord(p)))
            .collect();
        let fill = colour.mix(DOT_OPACITY).filled();
        chart.draw_series(shown.into_iter().map(|p| Circle::new(p, DOT_RADIUS, fill)))?;
        Ok(())
    }

    /// Draws a [`Layer::Intervals`]: each bar an axis can show, with its
    /// caps and the series' marker at its point estimate.
    fn draw_intervals<DB: DrawingBackend>(
        &self,
        chart: &mut Chart<'_, DB>,
        style: &SeriesStyle,
        bars: &[Interval],
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        let stroke = style.colour.stroke_width(2);
        for bar in bars {
            let (Some(x), Some(low), Some(high)) = (
                self.x.display(bar.x),
                self.y.display(bar.low),
                self.y.display(bar.high),
            ) else {
                continue;
            };
            chart.draw_series([PathElement::new(vec![(x, low), (x, high)], stroke)])?;
            chart.draw_series([low, high].map(|y| {
                EmptyElement::at((x, y)) + PathElement::new(vec![(-CAP, 0), (CAP, 0)], stroke)
            }))?;
            if let Some(at) = self.map((bar.x, bar.mid)) {
                draw_markers(chart, &[at], style, false, MARKER_RADIUS)?;
            }
        }
        Ok(())
    }

    /// Records each point a reader may hover (see [`explore::hover`]): the
    /// points of a line with markers, the marks, and the point estimates
    /// of error bars, each where it is drawn, reading "X, Y [LOW, HIGH]"
    /// (the interval of the same series at that x, from its error bar or
    /// band, when it has one) and the mark's text in parentheses.
    fn record_points<DB: DrawingBackend>(&self, chart: &Chart<'_, DB>) {
        let hover = |style: &SeriesStyle, (x, y): (f64, f64), interval, text: Option<&str>| {
            let Some(at) = self.map((x, y)) else {
                return;
            };
            let mut reading = format!("{}, {}", self.x.reading(x), self.y_reading(y));
            if let Some((low, high)) = interval {
                reading.push_str(&format!(
                    " [{}, {}]",
                    self.y.value_text(low),
                    self.y.value_text(high)
                ));
            }
            if let Some(text) = text {
                reading.push_str(&format!(" ({text})"));
            }
            explore::hover(style, chart.backend_coord(&at), &self.caption, &reading);
        };
        for layer in &self.layers {
            match layer {
                Layer::Line {
                    style,
                    points,
                    markers: true,
                    ..
                } => {
                    for &(x, y) in points {
                        hover(style, (x, y), self.interval_at(style, x), None);
                    }
                }
                Layer::Marks { style, marks } => {
                    for mark in marks {
                        let interval = self.interval_at(style, mark.x);
                        hover(style, (mark.x, mark.y), interval, mark.text.as_deref());
                    }
                }
                Layer::Intervals { style, bars } => {
                    for bar in bars {
                        hover(style, (bar.x, bar.mid), Some((bar.low, bar.high)), None);
                    }
                }
                _ => {}
            }
        }
    }

    /// The interval drawn for the series of `style` at `x`: its error bar
    /// there, or its band's lower and upper ends there.
    fn interval_at(&self, style: &SeriesStyle, x: f64) -> Option<(f64, f64)> {
        self.layers.iter().find_map(|layer| match layer {
            Layer::Intervals { style: s, bars } if s == style => bars
                .iter()
                .find(|bar| bar.x == x)
                .map(|bar| (bar.low, bar.high)),
            Layer::Band {
                style: s,
                lower,
                upper,
            } if s == style => {
                let low = lower.iter().find(|p| p.0 == x)?.1;
                let high = upper.iter().find(|p| p.0 == x)?.1;
                Some((low, high))
            }
            _ => None,
        })
    }

    /// How a point at height `y` reads: the name of the strip it lies in
    /// (the cells without a value), else its value on the y axis.
    fn y_reading(&self, y: f64) -> String {
        let strip = self.layers.iter().find_map(|layer| match layer {
            Layer::Strip { low, high } if (*low..=*high).contains(&y) => self
                .y
                .named
                .iter()
                .find(|(d, _)| (*low..=*high).contains(&self.y.value(*d))),
            _ => None,
        });
        match strip {
            Some((_, name)) => name.clone(),
            None => self.y.reading(y),
        }
    }

    /// Everything drawn in the panel that a text must keep clear of, in
    /// pixels: each marker (with a pixel of rim), each segment of a line
    /// (dashed ones as if solid), error bars with their caps, and spans.
    fn obstacles<DB: DrawingBackend>(&self, chart: &Chart<'_, DB>) -> Obstacles {
        let pixel = |p: (f64, f64)| {
            let (x, y) = chart.backend_coord(&p);
            (f64::from(x), f64::from(y))
        };
        let square = |(x, y): (f64, f64), r: f64| {
            let r = r.ceil() as i32 + 1;
            let (x, y) = (x.round() as i32, y.round() as i32);
            [x - r, y - r, x + r, y + r]
        };
        let mut obstacles = Obstacles::default();
        for layer in &self.layers {
            match layer {
                Layer::Line {
                    points, markers, ..
                } => {
                    for piece in points.split(|p| self.map(*p).is_none()) {
                        let path: Vec<(f64, f64)> = piece
                            .iter()
                            .filter_map(|p| self.map(*p))
                            .map(pixel)
                            .collect();
                        obstacles.add_path(&path);
                        if *markers {
                            let r = marker_radius(path.len());
                            obstacles.rects.extend(path.iter().map(|&p| square(p, r)));
                        }
                    }
                }
                Layer::Marks { marks, .. } => {
                    let r = marker_radius(marks.len());
                    obstacles.rects.extend(
                        marks
                            .iter()
                            .filter_map(|m| self.map((m.x, m.y)))
                            .map(|p| square(pixel(p), r)),
                    );
                }
                Layer::Intervals { bars, .. } => {
                    for bar in bars {
                        let (Some(low), Some(high)) =
                            (self.map((bar.x, bar.low)), self.map((bar.x, bar.high)))
                        else {
                            continue;
                        };
                        let (low, high) = (pixel(low), pixel(high));
                        obstacles.add_path(&[low, high]);
                        let cap = f64::from(CAP);
                        for end in [low, high] {
                            obstacles.add_path(&[(end.0 - cap, end.1), (end.0 + cap, end.1)]);
                        }
                        if let Some(mid) = self.map((bar.x, bar.mid)) {
                            obstacles.rects.push(square(pixel(mid), MARKER_RADIUS));
                        }
                    }
                }
                Layer::Span { y, from, to, .. } => {
                    if let (Some(start), Some(end)) = (self.map((*from, *y)), self.map((*to, *y))) {
                        let ((x0, py), (x1, _)) = (pixel(start), pixel(end));
                        let half = f64::from(SPAN_WIDTH) / 2.0;
                        obstacles.rects.push([
                            x0.min(x1) as i32,
                            (py - half).floor() as i32,
                            x0.max(x1).ceil() as i32,
                            (py + half).ceil() as i32,
                        ]);
                    }
                }
                Layer::Points { points, .. } => {
                    let r = f64::from(DOT_RADIUS);
                    obstacles.rects.extend(
                        points
                            .iter()
                            .filter_map(|p| self.map(*p))
                            .map(|p| square(pixel(p), r)),
                    );
                }
                Layer::Band { .. } | Layer::Cells(_) | Layer::Strip { .. } => {}
            }
        }
        obstacles
    }

    /// Writes the texts of the marks beside them, those marked `first`
    /// first, each at the first of the [`candidates`] places around its
    /// marker that stays inside the plotting area and covers no marker, no
    /// line, no error bar, no span and no text written before it; a text
    /// with no such place is left out. Returns the texts written, with
    /// their boxes in pixels, and the obstacles they kept clear of.
    fn draw_mark_texts<DB: DrawingBackend>(
        &self,
        chart: &mut Chart<'_, DB>,
    ) -> Result<Annotations, DrawError>
    where
        DB::ErrorType: 'static,
    {
        let mut texts: Vec<(&Mark, &SeriesStyle, f64)> = self
            .layers
            .iter()
            .filter_map(|layer| match layer {
                Layer::Marks { style, marks } => {
                    let radius = marker_radius(marks.len());
                    Some(marks.iter().map(move |m| (m, style, radius)))
                }
                _ => None,
            })
            .flatten()
            .filter(|(m, _, _)| m.text.is_some())
            .collect();
        texts.sort_by_key(|(m, _, _)| !m.first);
        let font = (FONT, MARK_TEXT_SIZE).into_font().color(&INK);
        let (x_range, y_range) = chart.plotting_area().get_pixel_range();
        let obstacles = self.obstacles(chart);
        let mut placed: Vec<(String, Rect)> = Vec::new();
        for (mark, series, radius) in texts {
            let (Some(text), Some(at)) = (&mark.text, self.map((mark.x, mark.y))) else {
                continue;
            };
            let (w, h) = chart.plotting_area().estimate_text_size(text, &font)?;
            let (px, py) = chart.backend_coord(&at);
            let gap = radius as i32 + 4;
            let inside = |r: &Rect| {
                r[0] >= x_range.start
                    && r[2] <= x_range.end
                    && r[1] >= y_range.start - 2
                    && r[3] <= y_range.end
            };
            let free =
                |r: &Rect| !obstacles.hits(r) && placed.iter().all(|(_, p)| !rects_meet(r, p));
            let Some(rect) = candidates(px, py, w as i32, h as i32, gap)
                .into_iter()
                .find(|r| inside(r) && free(r))
            else {
                continue;
            };
            let style = (FONT, MARK_TEXT_SIZE)
                .into_font()
                .color(&series.colour)
                .pos(Pos::new(HPos::Left, VPos::Center));
            let offset = (rect[0] - px, (rect[1] + rect[3]) / 2 - py);
            let _series = explore::series(Some(series));
            chart.draw_series(std::iter::once(
                EmptyElement::at(at) + Text::new(text.clone(), offset, style),
            ))?;
            placed.push((text.clone(), rect));
        }
        Ok(Annotations {
            texts: placed,
            obstacles,
        })
    }

    /// The x ticks, thinned to every second, third… one until no two
    /// neighbouring labels (centred on their ticks, `width` pixels for the
    /// whole axis) come closer than [`TICK_GAP`].
    /// The y ticks whose labels stand apart on a plotting area `height`
    /// pixels high: every named tick (a strip, the zero level), and every
    /// k-th number tick for the least k that leaves a label's height and a
    /// gap between any two kept ticks (a number tick too near a named one
    /// left out).
    fn fitting_y_ticks(&self, height: u32) -> Vec<f64> {
        let least = TICK_SIZE * EM_PER_SIZE * 0.8 + 3.0;
        let per_unit = f64::from(height) / (self.y.hi - self.y.lo).abs();
        let named: Vec<f64> = self.y.named.iter().map(|(d, _)| *d).collect();
        let numbers: Vec<f64> = self
            .y
            .major_ticks()
            .into_iter()
            .filter(|d| !named.contains(d))
            .filter(|d| named.iter().all(|n| (n - d).abs() * per_unit >= least))
            .collect();
        let mut every = 1;
        loop {
            let mut kept: Vec<f64> = numbers.iter().copied().step_by(every).collect();
            kept.extend(&named);
            kept.sort_by(f64::total_cmp);
            let apart = kept.windows(2).all(|w| (w[1] - w[0]) * per_unit >= least);
            if apart || every >= numbers.len().max(1) {
                return kept;
            }
            every += 1;
        }
    }

    fn fitting_x_ticks<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        width: u32,
    ) -> Result<Vec<f64>, DrawError>
    where
        DB::ErrorType: 'static,
    {
        let font = (FONT, TICK_SIZE).into_font().color(&INK);
        let mut ticks = Vec::new();
        for tick in self.x.major_ticks() {
            let label_width = area.estimate_text_size(&self.x.tick_label(tick), &font)?.0;
            ticks.push((tick, f64::from(label_width)));
        }
        let pixels_per_unit = f64::from(width) / (self.x.hi - self.x.lo);
        let fits = |kept: &[(f64, f64)]| {
            kept.windows(2).all(|w| {
                (w[1].0 - w[0].0) * pixels_per_unit >= (w[0].1 + w[1].1) / 2.0 + f64::from(TICK_GAP)
            })
        };
        let mut every = 1;
        loop {
            let kept: Vec<(f64, f64)> = ticks.iter().copied().step_by(every).collect();
            if every >= ticks.len() || fits(&kept) {
                return Ok(kept.into_iter().map(|(tick, _)| tick).collect());
            }
            every += 1;
        }
    }

    /// The right margin, in pixels, that lets the label of the last of
    /// `ticks` (centred on its tick) end [`EDGE_GAP`] inside `area`, with
    /// `left` pixels of y label area; 0 when there is no tick.
    fn right_overhang<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        left: u32,
        ticks: &[f64],
    ) -> Result<u32, DrawError>
    where
        DB::ErrorType: 'static,
    {
        let Some(&last) = ticks.last() else {
            return Ok(0);
        };
        let font = (FONT, TICK_SIZE).into_font().color(&INK);
        let half_label =
            f64::from(area.estimate_text_size(&self.x.tick_label(last), &font)?.0) / 2.0;
        let share = (last - self.x.lo) / (self.x.hi - self.x.lo);
        if !share.is_finite() || share <= 0.0 {
            return Ok(0);
        }
        // The plot spans `room - right` pixels after its left edge; the
        // label ends at `share` of that plus half its width.
        let room = f64::from(area.dim_in_pixel().0.saturating_sub(OUTER_MARGIN + left));
        let right = room - (room - half_label - f64::from(EDGE_GAP)) / share;
        Ok(right.max(0.0).ceil() as u32)
    }

    /// A data point in display space, if both axes can show it.
    fn map(&self, (x, y): (f64, f64)) -> Option<(f64, f64)> {
        Some((self.x.display(x)?, self.y.display(y)?))
    }
}

/// Pixel offsets from a point.
pub type Pixels = Vec<(i32, i32)>;

/// The radius of the markers of a series drawn with `points` points in one
/// layer: [`DENSE_MARKER_RADIUS`] beyond [`DENSE_POINTS`], else full size.
pub fn marker_radius(points: usize) -> f64 {
    if points > DENSE_POINTS {
        DENSE_MARKER_RADIUS
    } else {
        MARKER_RADIUS
    }
}

/// The outline of a marker of radius `r` (pixels) around its centre, and
/// the same outline closed (for the white rim that keeps overlapping
/// markers apart).
pub fn marker_outline(marker: Marker, r: f64) -> (Pixels, Pixels) {
    let turned = |(x, y): (f64, f64)| (-y, x);
    let triangle = vec![(0.0, -1.25 * r), (1.1 * r, 0.8 * r), (-1.1 * r, 0.8 * r)];
    let plus = [
        (0.35, -1.2),
        (0.35, -0.35),
        (1.2, -0.35),
        (1.2, 0.35),
        (0.35, 0.35),
        (0.35, 1.2),
        (-0.35, 1.2),
        (-0.35, 0.35),
        (-1.2, 0.35),
        (-1.2, -0.35),
        (-0.35, -0.35),
        (-0.35, -1.2),
    ];
    let corners: Vec<(f64, f64)> = match marker {
        Marker::Circle => (0..16)
            .map(|i| {
                let a = f64::from(i) * std::f64::consts::TAU / 16.0;
                (r * a.cos(), r * a.sin())
            })
            .collect(),
        Marker::Square => vec![(-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)]
            .into_iter()
            .map(|(x, y)| (x * r, y * r))
            .collect(),
        Marker::Triangle => triangle,
        Marker::TriangleDown => triangle.into_iter().map(|(x, y)| (x, -y)).collect(),
        Marker::TriangleLeft => triangle
            .into_iter()
            .map(|p| turned(turned(turned(p))))
            .collect(),
        Marker::TriangleRight => triangle.into_iter().map(turned).collect(),
        Marker::Diamond => vec![
            (0.0, -1.3 * r),
            (1.1 * r, 0.0),
            (0.0, 1.3 * r),
            (-1.1 * r, 0.0),
        ],
        Marker::Star => (0..10)
            .map(|i| {
                let a = f64::from(i) * std::f64::consts::TAU / 10.0;
                let reach = if i % 2 == 0 { 1.4 * r } else { 0.6 * r };
                (reach * a.sin(), -reach * a.cos())
            })
            .collect(),
        Marker::Plus => plus.iter().map(|(x, y)| (x * r, y * r)).collect(),
        Marker::Cross => plus
            .iter()
            .map(|(x, y)| {
                let h = std::f64::consts::FRAC_1_SQRT_2;
                ((x - y) * h * r, (x + y) * h * r)
            })
            .collect(),
    };
    let outline = rounded(&corners);
    let mut rim = outline.clone();
    rim.extend(outline.first().copied());
    (outline, rim)
}

/// Pixel offsets rounded to whole pixels.
fn rounded(points: &[(f64, f64)]) -> Pixels {
    points
        .iter()
        .map(|(x, y)| (x.round() as i32, y.round() as i32))
        .collect()
}

/// The drawn stretches of a polyline (in pixels) under a dash pattern for a
/// line `width` pixels wide; the pattern runs on across the vertices. A
/// solid line is returned whole.
pub fn dashes(path: &[(f64, f64)], dash: Dash, width: u32) -> Vec<Vec<(f64, f64)>> {
    let scale = f64::from(width.max(2)) / 2.0;
    let pattern: Vec<f64> = dash.pattern().iter().map(|l| l * scale).collect();
    if pattern.is_empty() {
        return vec![path.to_vec()];
    }
    let mut stretches = Vec::new();
    let mut current: Vec<(f64, f64)> = path.first().copied().into_iter().collect();
    // Which entry of the pattern is running, and how much of it is left.
    let (mut entry, mut left) = (0, pattern[0]);
    for pair in path.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        let length = (x1 - x0).hypot(y1 - y0);
        let mut done = 0.0;
        while length - done > left {
            done += left;
            let at = (
                x0 + (x1 - x0) * done / length,
                y0 + (y1 - y0) * done / length,
            );
            if entry % 2 == 0 {
                current.push(at);
                stretches.push(std::mem::take(&mut current));
            } else {
                current.push(at);
            }
            entry = (entry + 1) % pattern.len();
            left = pattern[entry];
        }
        left -= length - done;
        if entry % 2 == 0 {
            current.push((x1, y1));
        }
    }
    if entry % 2 == 0 && current.len() >= 2 {
        stretches.push(current);
    }
    stretches
}

/// An axis description no wider than `room` at the description size: as
/// it is, else with "log scale" written "log", else without its last
/// parenthesis, else cut with an ellipsis.
fn fitted_description<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    description: &str,
    room: u32,
) -> Result<String, DrawError>
where
    DB::ErrorType: 'static,
{
    let font = (FONT, AXIS_LABEL_SIZE).into_font().color(&INK);
    let fits = |text: &str| -> Result<bool, DrawError> {
        Ok(area.estimate_text_size(text, &font)?.0 <= room)
    };
    if fits(description)? {
        return Ok(description.to_owned());
    }
    let short = description.replace("log scale", "log");
    if fits(&short)? {
        return Ok(short);
    }
    // Without its last parenthesis (the ticks show a log scale).
    let bare = match short.rfind(" (") {
        Some(open) if short.ends_with(')') => short[..open].to_owned(),
        _ => short,
    };
    fit(&bare, fits)
}

/// Draws a [`Layer::Cells`] heat map: each cell filled and outlined in
/// white, with the first of its texts whose lines fit its width and
/// height (a line a digit high and a little more), in white on a dark
/// fill.
fn draw_cells<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    cells: &[Cell],
) -> Result<(), DrawError>
where
    DB::ErrorType: 'static,
{
    let line = (MARK_TEXT_SIZE * DIGIT_HEIGHT).ceil() as i32 + 3;
    let area = chart.plotting_area().strip_coord_spec();
    let (base_x, base_y) = area.get_base_pixel();
    for cell in cells {
        let corners = [(cell.x - 0.5, cell.y - 0.5), (cell.x + 0.5, cell.y + 0.5)];
        chart.draw_series([Rectangle::new(corners, cell.fill.filled())])?;
        chart.draw_series([Rectangle::new(corners, WHITE.stroke_width(2))])?;
        let (left, top) = chart.backend_coord(&corners[0]);
        let (right, bottom) = chart.backend_coord(&corners[1]);
        let room = (right - left).unsigned_abs().saturating_sub(3);
        let height = (bottom - top).abs();
        let ink = if luminance(cell.fill) < 0.3 {
            WHITE
        } else {
            INK
        };
        let font = (FONT, MARK_TEXT_SIZE)
            .into_font()
            .color(&ink)
            .pos(Pos::new(HPos::Center, VPos::Center));
        let (centre_x, centre_y) = ((left + right) / 2 - base_x, (top + bottom) / 2 - base_y);
        for lines in &cell.texts {
            let count = lines.len() as i32;
            if count * line > height {
                continue;
            }
            let mut fits = true;
            for text in lines {
                fits &= area.estimate_text_size(text, &font)?.0 <= room;
            }
            if !fits {
                continue;
            }
            let first = centre_y - (count - 1) * line / 2;
            for (i, text) in lines.iter().enumerate() {
                let at = (centre_x, first + i as i32 * line);
                area.draw(&Text::new(text.clone(), at, font.clone()))?;
            }
            break;
        }
    }
    Ok(())
}

/// Draws the series' marker of `radius` pixels at each point (display
/// space): filled with the series' colour and rimmed in white, or `hollow`:
/// white inside and outlined in the series' colour.
fn draw_markers<DB: DrawingBackend>(
    chart: &mut Chart<'_, DB>,
    at: &[(f64, f64)],
    style: &SeriesStyle,
    hollow: bool,
    radius: f64,
) -> Result<(), DrawError>
where
    DB::ErrorType: 'static,
{
    let (outline, rim) = marker_outline(style.marker, radius);
    let (fill, stroke) = if hollow {
        (WHITE.filled(), style.colour.stroke_width(2))
    } else {
        (style.colour.filled(), WHITE.stroke_width(1))
    };
    chart.draw_series(
        at.iter()
            .map(|p| EmptyElement::at(*p) + Polygon::new(outline.clone(), fill)),
    )?;
    chart.draw_series(
        at.iter()
            .map(|p| EmptyElement::at(*p) + PathElement::new(rim.clone(), stroke)),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dashes_follow_the_pattern_across_vertices() {
        // A 30-pixel path bent at x = 10, dashed 9 on, 5 off (width 2).
        let path = [(0.0, 0.0), (10.0, 0.0), (10.0, 20.0)];
        let stretches = dashes(&path, Dash::Dashed, 2);
        assert_eq!(stretches.len(), 3);
        assert_eq!(stretches[0], vec![(0.0, 0.0), (9.0, 0.0)]);
        assert_eq!(stretches[1], vec![(10.0, 4.0), (10.0, 13.0)]);
        assert_eq!(stretches[2], vec![(10.0, 18.0), (10.0, 20.0)]);
        // A dash that turns the corner keeps the vertex.
        let turning = dashes(&[(0.0, 0.0), (5.0, 0.0), (5.0, 5.0)], Dash::Dashed, 2);
        assert_eq!(turning[0], vec![(0.0, 0.0), (5.0, 0.0), (5.0, 4.0)]);
        // Solid lines come back whole.
        assert_eq!(dashes(&path, Dash::Solid, 3), vec![path.to_vec()]);
    }

    #[test]
    fn a_long_note_is_broken_into_lines_inside_the_panel() {
        let note = "none solved: backtracking 0/1, forward checking 0/1, \
                    plain search 0/1, another label 0/1";
        let panel = Panel {
            caption: String::new(),
            x: Axis::fraction("x"),
            y: Axis::fraction("y"),
            layers: Vec::new(),
            note: Some(note.to_string()),
        };
        crate::plot::style::register_fonts().expect("the embedded font");
        let mut svg = String::new();
        {
            let area = SVGBackend::with_string(&mut svg, (300, 240)).into_drawing_area();
            panel.draw(&area, true).expect("drawn");
        }
        let lines: Vec<&str> = svg
            .split("</text>")
            .filter_map(|t| t.rsplit('>').next())
            .map(str::trim)
            .filter(|t| note.contains(*t) && t.len() > 5)
            .collect();
        assert!(
            lines.len() >= 2,
            "one line would overflow 300 px: {lines:?}"
        );
        assert_eq!(
            lines.join(" "),
            note.split_whitespace().collect::<Vec<_>>().join(" ")
        );
    }

    #[test]
    fn markers_of_a_dense_series_are_about_half_size() {
        assert_eq!(marker_radius(DENSE_POINTS), MARKER_RADIUS);
        assert_eq!(marker_radius(DENSE_POINTS + 1), DENSE_MARKER_RADIUS);
        let width = |r: f64| {
            let (outline, _) = marker_outline(Marker::Square, r);
            let xs = outline.iter().map(|p| p.0);
            xs.clone().max().unwrap_or(0) - xs.min().unwrap_or(0)
        };
        assert_eq!(width(MARKER_RADIUS), 10);
        assert_eq!(width(DENSE_MARKER_RADIUS), 6);
    }
}
