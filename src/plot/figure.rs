//! A whole chart and its layout: in the screen style a title naming the
//! experiment and a line saying what is drawn (both wrapped to the width),
//! then one or more panels in a grid (the panels of a column share their
//! margins, so their axes line up), then the legend below the panels,
//! where it cannot hide data; the paper style leaves the title and the line
//! out (the paper's caption carries them).
//!
//! A figure of at most [`COLUMN_PANELS`] panels is [`COLUMN_WIDTH`] units
//! wide (a 3.5-inch column, panels stacked or 2 × 2), a larger one
//! [`PAGE_WIDTH`] (a 7-inch page, three or four panels a row); the height
//! follows from the header, the panel grid and the legend (see
//! [`Figure::size`]).

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::error::DrawError;
use super::fit::{fit, line_height, measure, wrap};
use super::options::Style;
use super::panel::{MARKER_RADIUS, Margins, Panel, dashes, marker_outline};
use super::style::{
    COLUMN_PANELS, COLUMN_WIDTH, FONT, INK, LEGEND_SIZE, MUTED, PAGE_WIDTH, SUBTITLE_SIZE,
    SeriesStyle, TITLE_SIZE,
};

/// Space kept free at each side and at the top and bottom of the figure.
const MARGIN: u32 = 10;
/// A panel's height for its width, within [`PANEL_HEIGHT`].
const PANEL_ASPECT: f64 = 0.62;
/// The lowest and highest panel, in units.
const PANEL_HEIGHT: (u32, u32) = (240, 330);
/// Width of a legend entry's line sample plus the gap before its text.
const SAMPLE: u32 = 56;
/// Free space after a legend entry's text, before the next column.
const LEGEND_GAP: u32 = 18;
/// Vertical distance between legend rows.
const LEGEND_ROW: u32 = 24;

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
    /// Legend columns, the width of one, and the labels as shown.
    legend_cols: usize,
    legend_entry: u32,
    legend_labels: Vec<String>,
    legend: u32,
}

impl Layout {
    fn height(&self) -> u32 {
        self.header + self.rows as u32 * self.panel_height + self.legend + MARGIN
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

    fn layout(&self, style: Style) -> Result<Layout, DrawError> {
        let width = if self.panels.len() <= COLUMN_PANELS {
            COLUMN_WIDTH
        } else {
            PAGE_WIDTH
        };
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
        let (rows, cols) = grid(self.panels.len(), width);
        let panel_height = ((f64::from(width) / cols as f64 * PANEL_ASPECT).round() as u32)
            .clamp(PANEL_HEIGHT.0, PANEL_HEIGHT.1);

        let font = (FONT, LEGEND_SIZE).into_font();
        let mut widest = 0;
        for (label, _) in &self.legend {
            widest = widest.max(font.box_size(label).map_err(measure)?.0);
        }
        let text_room = line - SAMPLE;
        let legend_entry = SAMPLE + widest.min(text_room) + LEGEND_GAP;
        let legend_cols = ((line / legend_entry) as usize).clamp(1, self.legend.len().max(1));
        let legend_labels = self
            .legend
            .iter()
            .map(|(label, _)| {
                fit(label, |shown| {
                    Ok(font.box_size(shown).map_err(measure)?.0 <= text_room)
                })
            })
            .collect::<Result<Vec<String>, DrawError>>()?;
        let legend_rows = self.legend.len().div_ceil(legend_cols) as u32;
        let legend = if legend_rows == 0 {
            0
        } else {
            legend_rows * LEGEND_ROW + MARGIN
        };
        Ok(Layout {
            width,
            title,
            subtitle,
            header,
            rows,
            cols,
            panel_height,
            legend_cols,
            legend_entry,
            legend_labels,
            legend,
        })
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
        let (plots, legend) = body.split_vertically(layout.rows as u32 * layout.panel_height);
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
        for (i, (panel, area)) in self.panels.iter().zip(&areas).enumerate() {
            panel.draw_within(area, described(i), columns[i % layout.cols])?;
        }
        self.draw_legend(&legend, &layout)
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
            .saturating_sub(LEGEND_GAP);
        let left = (layout.width.saturating_sub(used) / 2) as i32;
        let entries = self.legend.iter().zip(&layout.legend_labels);
        for (i, ((_, style), shown)) in entries.enumerate() {
            let x = left + (i % layout.legend_cols) as i32 * layout.legend_entry as i32;
            let y = (MARGIN + LEGEND_ROW / 2 + (i / layout.legend_cols) as u32 * LEGEND_ROW) as i32;
            let sample = [(f64::from(x + 2), 0.0), (f64::from(x + 46), 0.0)];
            for dash in dashes(&sample, style.dash, 3) {
                let dash: Vec<(i32, i32)> =
                    dash.iter().map(|(dx, _)| (dx.round() as i32, y)).collect();
                area.draw(&PathElement::new(dash, style.colour.stroke_width(3)))?;
            }
            area.draw(&Text::new(
                shown.as_str(),
                (x + SAMPLE as i32, y),
                text.clone(),
            ))?;
            let (outline, rim) = marker_outline(style.marker, MARKER_RADIUS);
            let at = (x + 24, y);
            area.draw(&(EmptyElement::at(at) + Polygon::new(outline, style.colour.filled())))?;
            area.draw(&(EmptyElement::at(at) + PathElement::new(rim, WHITE.stroke_width(1))))?;
        }
        Ok(())
    }
}

/// Rows and columns for `count` panels on a figure `width` units wide: a
/// column figure stacks one or two panels and puts three or four 2 × 2; a
/// page figure puts three panels a row, four from ten panels on.
fn grid(count: usize, width: u32) -> (usize, usize) {
    if width < PAGE_WIDTH {
        return match count {
            0 | 1 => (1, 1),
            2 => (2, 1),
            _ => (2, 2),
        };
    }
    let cols = if count >= 10 { 4 } else { 3 };
    (count.div_ceil(cols), cols)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn few_panels_fill_a_column_and_many_a_page() {
        assert_eq!(grid(1, COLUMN_WIDTH), (1, 1));
        assert_eq!(grid(2, COLUMN_WIDTH), (2, 1));
        assert_eq!(grid(3, COLUMN_WIDTH), (2, 2));
        assert_eq!(grid(4, COLUMN_WIDTH), (2, 2));
        assert_eq!(grid(5, PAGE_WIDTH), (2, 3));
        assert_eq!(grid(9, PAGE_WIDTH), (3, 3));
        assert_eq!(grid(10, PAGE_WIDTH), (3, 4));
    }
}
