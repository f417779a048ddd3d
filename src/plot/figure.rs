//! A whole chart and its layout: in the screen style a title naming the
//! experiment and a line saying what is drawn (both wrapped to the width),
//! then one or more panels in a grid (the panels of a column share their
//! margins, so their axes line up), then the legend below the panels,
//! where it cannot hide data; the paper style leaves the title and the line
//! out (the paper's caption carries them). A figure whose cells are
//! coloured by a value (the heat map) has its colour bar right below the
//! panels, in both styles. The note of a panel with something drawn in it
//! ("none solved: …") is written between the panels (and colour bar) and
//! the legend, named by the panel's caption, so that it crosses no curve.
//! A legend entry wider than the line is broken at spaces onto further
//! lines (a row of entries as high as its longest), never cut.
//!
//! On screen a figure of at most [`COLUMN_PANELS`] panels is
//! [`COLUMN_WIDTH`] units wide (a 3.5-inch column, panels stacked or
//! 2 × 2), a larger one [`PAGE_WIDTH`] (a 7-inch page, three or four panels
//! a row); the height follows from the header, the panel grid, the colour
//! bar, the notes and the legend (see [`Figure::size`]); panels of cells
//! (heat maps) are higher for their width, so that the cells are about
//! square. The paper style keeps a column
//! figure at most [`PAPER_COLUMN_HEIGHT`] units (about 3 inches) high: it
//! holds [`PAPER_COLUMN_PANELS`] panel, as low as that height needs (not
//! below [`PAPER_PANEL_HEIGHT`]); a paper figure of more panels is
//! page-wide, with two or three panels side by side in one row, four
//! 2 × 2 (two panels side by side in one 3.5-inch column leave no room
//! for their axes at 8 pt).

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::collide::Rect;
use super::colour_bar::{BarLayout, ColourBar};
use super::error::DrawError;
use super::explore;
use super::fit::{line_height, measure, wrap};
use super::options::Style;
use super::panel::{
    Annotations, CELL_SIDE, CELLS_FRAME_HEIGHT, MARKER_RADIUS, Margins, Panel, dashes,
    marker_outline,
};
use super::style::{
    COLUMN_PANELS, COLUMN_WIDTH, FONT, INK, LEGEND_SIZE, MUTED, PAGE_WIDTH, SUBTITLE_SIZE,
    SeriesStyle, TITLE_SIZE,
};

/// Space kept free at each side and at the top and bottom of the figure.
const MARGIN: u32 = 10;
/// A panel's height for its width, within [`PANEL_HEIGHT`].
const PANEL_ASPECT: f64 = 0.62;
/// The height for its width of a panel of cells (a heat map): higher, so
/// that its cells are about square and a row holds its values.
const CELLS_ASPECT: f64 = 0.9;
/// The lowest and highest panel, in units.
const PANEL_HEIGHT: (u32, u32) = (240, 330);
/// Width of a legend entry's line sample plus the gap before its text.
const SAMPLE: u32 = 56;
/// Free space after a legend entry's text, before the next column.
const LEGEND_GAP: u32 = 18;
/// Vertical distance between legend rows.
const LEGEND_ROW: u32 = 24;
/// The most panels a column figure holds in the paper style.
pub const PAPER_COLUMN_PANELS: usize = 1;
/// The most height of a column figure in the paper style, in units: 3
/// inches at 3.5 inches per [`COLUMN_WIDTH`] units.
pub const PAPER_COLUMN_HEIGHT: u32 = 430;
/// The lowest and highest panel of the paper style, in units.
const PAPER_PANEL_HEIGHT: (u32, u32) = (200, 310);
/// The paper style's legend: width of an entry's line sample plus the gap
/// before its text, the gap after its text, and the distance between rows.
const PAPER_LEGEND: (u32, u32, u32) = (40, 12, 22);

/// A chart ready to draw.
#[derive(Clone, Debug, Default)]
pub struct Figure {
    /// The file name without extension (`scaling` → scaling.svg, scaling.png).
    pub stem: String,
    /// The title, naming the experiment.
    pub title: String,
    /// One line under the title saying what is drawn.
    pub subtitle: String,
    /// The labels shown, with their styles, in legend order.
    pub legend: Vec<(String, SeriesStyle)>,
    /// The panels, filled into a grid row by row.
    pub panels: Vec<Panel>,
    /// Whether all panels have the same y axis, so only the first of each
    /// row needs its description.
    pub shared_y: bool,
    /// The key of the colours of the panels' cells, drawn below the panels
    /// (none for a figure without cells).
    pub colour_bar: Option<ColourBar>,
}

/// Where everything of a figure goes, in units.
struct Layout {
    width: u32,
    /// The title's lines, then the subtitle's (none in the paper style).
    title: Vec<String>,
    subtitle: Vec<String>,
    header: u32,
    rows: usize,
    cols: usize,
    panel_height: u32,
    /// The colour bar below the panels.
    colour_bar: Option<BarLayout>,
    /// The notes written below the panels, as wrapped lines.
    notes: Vec<String>,
    /// Width of a legend entry's line sample plus the gap before its text,
    /// and the distance between legend rows.
    sample: u32,
    legend_row: u32,
    /// Free space after a legend entry's text.
    legend_gap: u32,
    /// Legend columns, the width of one, the labels as shown (each its
    /// lines) and the lines above each row of entries.
    legend_cols: usize,
    legend_entry: u32,
    legend_labels: Vec<Vec<String>>,
    legend_lines_before: Vec<u32>,
    legend: u32,
}

impl Layout {
    /// The height of the colour bar, 0 without one.
    fn colour_bar_height(&self) -> u32 {
        self.colour_bar.as_ref().map_or(0, BarLayout::height)
    }

    fn height(&self) -> u32 {
        self.header
            + self.rows as u32 * self.panel_height
            + self.colour_bar_height()
            + self.notes_height()
            + self.legend
            + MARGIN
    }

    /// The height of the notes below the panels (none without notes).
    fn notes_height(&self) -> u32 {
        if self.notes.is_empty() {
            0
        } else {
            self.notes.len() as u32 * line_height(LEGEND_SIZE) + MARGIN
        }
    }
}

impl Figure {
    /// Width and height of the figure drawn in `style`, in units (SVG user
    /// units; the screen PNG has [`PNG_SCALE`](super::style::PNG_SCALE)
    /// pixels per unit).
    pub fn size(&self, style: Style) -> Result<(u32, u32), DrawError> {
        let layout = self.layout(style)?;
        Ok((layout.width, layout.height()))
    }

    /// The notes of the panels that have something drawn (an empty
    /// panel writes its own), each named by its panel's caption when the
    /// figure has several panels.
    fn outside_notes(&self) -> Vec<String> {
        self.panels
            .iter()
            .filter(|panel| !panel.note_inside())
            .filter_map(|panel| {
                let note = panel.note.as_ref()?;
                Some(if self.panels.len() > 1 && !panel.caption.is_empty() {
                    format!("{}: {note}", panel.caption)
                } else {
                    note.clone()
                })
            })
            .collect()
    }

    fn layout(&self, style: Style) -> Result<Layout, DrawError> {
        let column_panels = match style {
            Style::Screen => COLUMN_PANELS,
            Style::Paper => PAPER_COLUMN_PANELS,
        };
        let mut width = if self.panels.len() <= column_panels {
            COLUMN_WIDTH
        } else {
            PAGE_WIDTH
        };
        // A heat map whose cells a column cannot hold at their least side
        // takes the page.
        let mut least_cells = 0;
        for panel in self.panels.iter().filter(|p| p.has_cells()) {
            least_cells = least_cells.max(panel.least_cells_width()?);
        }
        if least_cells + 2 * MARGIN > COLUMN_WIDTH {
            width = PAGE_WIDTH;
        }
        let line = width - 2 * MARGIN;
        let (title, subtitle) = match style {
            Style::Screen => (
                wrap(&self.title, TITLE_SIZE, FontStyle::Bold, line)?,
                wrap(&self.subtitle, SUBTITLE_SIZE, FontStyle::Normal, line)?,
            ),
            Style::Paper => (Vec::new(), Vec::new()),
        };
        let header = MARGIN
            + line_height(TITLE_SIZE) * title.len() as u32
            + line_height(SUBTITLE_SIZE) * subtitle.len() as u32;
        let (mut rows, mut cols) = grid(self.panels.len(), width, style);
        // On screen, heat maps stand one above the other, each as wide as
        // the figure, and as high as their cells need (on paper the
        // figure's height is bounded: its cells may hold the marks alone).
        let cells_high = self
            .panels
            .iter()
            .map(Panel::cells_across)
            .max()
            .unwrap_or(0) as u32
            * CELL_SIDE;
        // On paper, three heat maps share a page two by two, their cells
        // wide enough for three marks.
        match style {
            Style::Screen if cells_high > 0 => (rows, cols) = (self.panels.len(), 1),
            Style::Paper if cells_high > 0 && self.panels.len() == 3 => (rows, cols) = (2, 2),
            _ => {}
        }
        let (floor, ceiling) = match style {
            Style::Screen => PANEL_HEIGHT,
            Style::Paper => PAPER_PANEL_HEIGHT,
        };
        let aspect = if self.panels.iter().any(Panel::has_cells) {
            CELLS_ASPECT
        } else {
            PANEL_ASPECT
        };
        let mut natural =
            ((f64::from(width) / cols as f64 * aspect).round() as u32).clamp(floor, ceiling);
        let floor = if cells_high > 0 && style == Style::Screen {
            natural = natural.max(cells_high + CELLS_FRAME_HEIGHT);
            natural
        } else {
            floor
        };

        let colour_bar = match &self.colour_bar {
            Some(bar) => Some(bar.layout(width, MARGIN)?),
            None => None,
        };
        let mut notes = Vec::new();
        for note in self.outside_notes() {
            notes.extend(wrap(&note, LEGEND_SIZE, FontStyle::Normal, line)?);
        }
        let (sample, gap, legend_row) = match style {
            Style::Screen => (SAMPLE, LEGEND_GAP, LEGEND_ROW),
            Style::Paper => PAPER_LEGEND,
        };
        let font = (FONT, LEGEND_SIZE).into_font();
        let mut widest = 0;
        for (label, _) in &self.legend {
            widest = widest.max(font.box_size(label).map_err(measure)?.0);
        }
        let text_room = line - sample;
        let legend_entry = sample + widest.min(text_room) + gap;
        let legend_cols = ((line / legend_entry) as usize).clamp(1, self.legend.len().max(1));
        let legend_labels = self
            .legend
            .iter()
            .map(|(label, _)| {
                if font.box_size(label).map_err(measure)?.0 <= text_room {
                    Ok(vec![label.clone()])
                } else {
                    wrap(label, LEGEND_SIZE, FontStyle::Normal, text_room)
                }
            })
            .collect::<Result<Vec<Vec<String>>, DrawError>>()?;
        let mut legend_lines_before = vec![0u32];
        for row in legend_labels.chunks(legend_cols) {
            let lines = row.iter().map(Vec::len).max().unwrap_or(1).max(1) as u32;
            let above = legend_lines_before.last().copied().unwrap_or(0);
            legend_lines_before.push(above + lines);
        }
        let legend_lines = legend_lines_before.last().copied().unwrap_or(0);
        let legend = if legend_lines == 0 {
            0
        } else {
            legend_lines * legend_row + MARGIN
        };
        let mut layout = Layout {
            width,
            title,
            subtitle,
            header,
            rows,
            cols,
            panel_height: natural,
            colour_bar,
            notes,
            sample,
            legend_row,
            legend_gap: gap,
            legend_cols,
            legend_entry,
            legend_labels,
            legend_lines_before,
            legend,
        };
        if style == Style::Paper && width == COLUMN_WIDTH {
            // Lower panels until the figure is no higher than a column
            // figure may be, but not below the floor.
            let others = layout.height() - rows as u32 * natural;
            let room = PAPER_COLUMN_HEIGHT.saturating_sub(others) / rows.max(1) as u32;
            layout.panel_height = natural.min(room).max(floor);
        }
        Ok(layout)
    }

    /// Draws the figure in `style` onto `root`, an area of [`Figure::size`].
    pub fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        style: Style,
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        self.draw_annotated(root, style).map(|_| ())
    }

    /// Each text written beside a mark (drawing the figure in `style`)
    /// that covers a marker, a line, an error bar, a span or another such
    /// text, as "caption: text".
    #[cfg(test)]
    pub fn annotation_overlaps(&self, style: Style) -> Result<Vec<String>, DrawError> {
        use super::collide::rects_meet;
        let (_, _, annotations) = self.drawn_as_svg(style)?;
        let mut overlaps = Vec::new();
        for (panel, drawn) in self.panels.iter().zip(annotations.0) {
            for (i, (text, rect)) in drawn.texts.iter().enumerate() {
                let on_text = drawn.texts[..i].iter().any(|(_, r)| rects_meet(r, rect));
                if drawn.obstacles.hits(rect) || on_text {
                    overlaps.push(format!("{}: {text}", panel.caption));
                }
            }
        }
        Ok(overlaps)
    }

    /// The figure drawn in `style` as SVG, with the texts of its colour
    /// bar (boxes in pixels of the figure) and the band of heights the
    /// bar may use: below the panels, above the notes and the legend.
    #[cfg(test)]
    pub fn colour_bar_drawn(&self, style: Style) -> Result<ColourBarDrawn, DrawError> {
        let (layout, svg, drawn) = self.drawn_as_svg(style)?;
        let (width, height) = (layout.width, layout.height());
        let top = layout.header + layout.rows as u32 * layout.panel_height;
        let band = (top as i32, (top + layout.colour_bar_height()) as i32);
        Ok(ColourBarDrawn {
            svg,
            size: (width, height),
            band,
            texts: drawn.1,
        })
    }

    /// The figure drawn in `style` as SVG, with its layout and what the
    /// drawing wrote, for the checks above.
    #[cfg(test)]
    fn drawn_as_svg(&self, style: Style) -> Result<(Layout, String, Drawn), DrawError> {
        let layout = self.layout(style)?;
        let mut svg = String::new();
        let drawn = {
            let size = (layout.width, layout.height());
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            self.draw_annotated(&root, style)?
        };
        Ok((layout, svg, drawn))
    }

    /// [`Figure::draw`], returning each panel's texts beside marks and the
    /// colour bar's texts.
    fn draw_annotated<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        style: Style,
    ) -> Result<Drawn, DrawError>
    where
        DB::ErrorType: 'static,
    {
        let layout = self.layout(style)?;
        root.fill(&WHITE)?;
        let centre = (layout.width / 2) as i32;
        let mut y = MARGIN as i32;
        let lines = layout
            .title
            .iter()
            .map(|l| (l, TITLE_SIZE, FontStyle::Bold, INK))
            .chain(
                layout
                    .subtitle
                    .iter()
                    .map(|l| (l, SUBTITLE_SIZE, FontStyle::Normal, MUTED)),
            );
        for (text, size, weight, colour) in lines {
            let font = (FONT, size, weight)
                .into_font()
                .color(&colour)
                .pos(Pos::new(HPos::Center, VPos::Top));
            root.draw(&Text::new(text.as_str(), (centre, y), font))?;
            y += line_height(size) as i32;
        }

        let (_, body) = root.split_vertically(layout.header);
        let (plots, below) = body.split_vertically(layout.rows as u32 * layout.panel_height);
        let (bar_area, below) = below.split_vertically(layout.colour_bar_height());
        let (notes, legend) = below.split_vertically(layout.notes_height());
        let areas = plots.split_evenly((layout.rows, layout.cols));
        // Every panel of a column takes the widest margins of the column,
        // so that their plotting areas, and a tick's x, line up.
        let described = |i: usize| !self.shared_y || i.is_multiple_of(layout.cols);
        // The right margin depends on the left one: the lefts first.
        let mut columns = vec![Margins { left: 0, right: 0 }; layout.cols];
        for (i, (panel, area)) in self.panels.iter().zip(&areas).enumerate() {
            let column = &mut columns[i % layout.cols];
            column.left = panel.margins(area, described(i), column.left)?.left;
        }
        for (i, (panel, area)) in self.panels.iter().zip(&areas).enumerate() {
            let column = &mut columns[i % layout.cols];
            let own = panel.margins(area, described(i), column.left)?;
            column.right = column.right.max(own.right);
        }
        let mut annotations = Vec::new();
        for (i, (panel, area)) in self.panels.iter().zip(&areas).enumerate() {
            annotations.push(panel.draw_annotated(area, described(i), columns[i % layout.cols])?);
        }
        let mut colour_bar = Vec::new();
        if let (Some(bar), Some(placed)) = (&self.colour_bar, &layout.colour_bar) {
            let (dx, dy) = bar_area.get_base_pixel();
            colour_bar = bar
                .draw(&bar_area, placed)?
                .into_iter()
                .map(|(text, r)| (text, [r[0] + dx, r[1] + dy, r[2] + dx, r[3] + dy]))
                .collect();
        }
        Self::draw_notes(&notes, &layout)?;
        self.draw_legend(&legend, &layout)?;
        Ok((annotations, colour_bar))
    }

    /// The notes of the panels with something drawn, one under the other,
    /// centred, in the muted colour of a note.
    fn draw_notes<DB: DrawingBackend>(
        area: &DrawingArea<DB, Shift>,
        layout: &Layout,
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        let font = (FONT, LEGEND_SIZE)
            .into_font()
            .color(&MUTED)
            .pos(Pos::new(HPos::Center, VPos::Top));
        let centre = (layout.width / 2) as i32;
        for (i, line) in layout.notes.iter().enumerate() {
            let y = (MARGIN + i as u32 * line_height(LEGEND_SIZE)) as i32;
            area.draw(&Text::new(line.as_str(), (centre, y), font.clone()))?;
        }
        Ok(())
    }

    /// The legend in rows of `layout.legend_cols` entries, centred: each a
    /// line sample in the label's dash with its marker, then the label.
    fn draw_legend<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        layout: &Layout,
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        let text = (FONT, LEGEND_SIZE)
            .into_font()
            .color(&INK)
            .pos(Pos::new(HPos::Left, VPos::Center));
        let used = (layout.legend_cols.min(self.legend.len()) as u32 * layout.legend_entry)
            .saturating_sub(layout.legend_gap);
        let left = (layout.width.saturating_sub(used) / 2) as i32;
        let entries = self.legend.iter().zip(&layout.legend_labels);
        for (i, ((_, style), shown)) in entries.enumerate() {
            let _entry = explore::legend_entry(i);
            let x = left + (i % layout.legend_cols) as i32 * layout.legend_entry as i32;
            let row = layout.legend_row;
            let above = layout.legend_lines_before[i / layout.legend_cols];
            let y = (MARGIN + row / 2 + above * row) as i32;
            // The line sample ends 10 units before the text, the marker
            // sits in its middle.
            let end = x + layout.sample as i32 - 10;
            let sample = [(f64::from(x + 2), 0.0), (f64::from(end), 0.0)];
            for dash in dashes(&sample, style.dash, 3) {
                let dash: Vec<(i32, i32)> =
                    dash.iter().map(|(dx, _)| (dx.round() as i32, y)).collect();
                area.draw(&PathElement::new(dash, style.colour.stroke_width(3)))?;
            }
            for (line, shown) in shown.iter().enumerate() {
                area.draw(&Text::new(
                    shown.as_str(),
                    (x + layout.sample as i32, y + (line as u32 * row) as i32),
                    text.clone(),
                ))?;
            }
            let (outline, rim) = marker_outline(style.marker, MARKER_RADIUS);
            let at = ((x + 2 + end) / 2, y);
            area.draw(&(EmptyElement::at(at) + Polygon::new(outline, style.colour.filled())))?;
            area.draw(&(EmptyElement::at(at) + PathElement::new(rim, WHITE.stroke_width(1))))?;
        }
        Ok(())
    }
}

/// What drawing a figure wrote that a check looks at: each panel's texts
/// beside marks, and the colour bar's texts with their boxes in pixels of
/// the figure.
type Drawn = (Vec<Annotations>, Vec<(String, Rect)>);

/// A figure drawn as SVG, with where its colour bar's texts went.
#[cfg(test)]
pub struct ColourBarDrawn {
    /// The SVG.
    pub svg: String,
    /// The figure's width and height, in units.
    pub size: (u32, u32),
    /// The heights, from and to, between which the colour bar is drawn.
    pub band: (i32, i32),
    /// Each text of the colour bar with its box.
    pub texts: Vec<(String, Rect)>,
}

/// Rows and columns for `count` panels on a figure `width` units wide in
/// `style`. On screen a column figure stacks one or two panels and puts
/// three or four 2 × 2 (a paper column figure has one panel); a paper page
/// figure puts two or three panels side by side in one row, four 2 × 2.
/// Otherwise a page figure puts three panels a row, four from ten panels
/// on.
fn grid(count: usize, width: u32, style: Style) -> (usize, usize) {
    if width < PAGE_WIDTH {
        return match count {
            0 | 1 => (1, 1),
            2 => (2, 1),
            _ => (2, 2),
        };
    }
    match (style, count) {
        (Style::Paper, 0..=3) => return (1, count.max(1)),
        (Style::Paper, 4) => return (2, 2),
        _ => {}
    }
    let cols = if count >= 10 { 4 } else { 3 };
    (count.div_ceil(cols), cols)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_panels_fill_a_column_and_many_a_page() {
        let screen = Style::Screen;
        assert_eq!(grid(1, COLUMN_WIDTH, screen), (1, 1));
        assert_eq!(grid(2, COLUMN_WIDTH, screen), (2, 1));
        assert_eq!(grid(3, COLUMN_WIDTH, screen), (2, 2));
        assert_eq!(grid(4, COLUMN_WIDTH, screen), (2, 2));
        assert_eq!(grid(5, PAGE_WIDTH, screen), (2, 3));
        assert_eq!(grid(9, PAGE_WIDTH, screen), (3, 3));
        assert_eq!(grid(10, PAGE_WIDTH, screen), (3, 4));
    }

    #[test]
    fn paper_panels_go_side_by_side() {
        let paper = Style::Paper;
        assert_eq!(grid(1, COLUMN_WIDTH, paper), (1, 1));
        assert_eq!(grid(2, PAGE_WIDTH, paper), (1, 2));
        assert_eq!(grid(3, PAGE_WIDTH, paper), (1, 3));
        assert_eq!(grid(4, PAGE_WIDTH, paper), (2, 2));
        assert_eq!(grid(5, PAGE_WIDTH, paper), (2, 3));
    }
}
