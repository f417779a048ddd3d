//! A whole chart: a title naming the experiment, a line saying what is drawn,
//! one or more panels in a grid, and a legend in its own column to the right
//! of the panels, where it cannot hide data.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::error::DrawError;
use super::fit::fit;
use super::panel::{Panel, dashes, marker_outline};
use super::style::{
    FONT, GRID, INK, LEGEND_SIZE, MUTED, SUBTITLE_SIZE, SeriesStyle, TITLE_SIZE, WIDTH,
};

/// Space kept free on each side of the title and subtitle.
const SIDE_MARGIN: u32 = 20;
/// Height of the title block.
const HEADER: u32 = 84;
/// Narrowest and widest legend column.
const LEGEND_WIDTH: (u32, u32) = (150, 320);
/// Width of a legend entry's line sample plus the gap before its text.
const SAMPLE: u32 = 74;
/// Vertical distance between legend entries.
const LEGEND_ROW: i32 = 28;
/// The closest legend entries get when there are many labels.
const MIN_LEGEND_ROW: i32 = 17;

/// A chart ready to draw.
#[derive(Clone, Debug)]
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

impl Figure {
    /// Draws the figure onto `root` (a [`WIDTH`] × [`HEIGHT`](super::style::HEIGHT) area).
    pub fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        root.fill(&WHITE)?;
        let centre = (WIDTH / 2) as i32;
        let title = fitting_size(root, &self.title, TITLE_SIZE, FontStyle::Bold)?;
        let title = (FONT, title, FontStyle::Bold)
            .into_font()
            .color(&INK)
            .pos(Pos::new(HPos::Center, VPos::Top));
        root.draw(&Text::new(self.title.as_str(), (centre, 14), title))?;
        let subtitle = fitting_size(root, &self.subtitle, SUBTITLE_SIZE, FontStyle::Normal)?;
        let subtitle = (FONT, subtitle, FontStyle::Normal)
            .into_font()
            .color(&MUTED)
            .pos(Pos::new(HPos::Center, VPos::Top));
        root.draw(&Text::new(self.subtitle.as_str(), (centre, 52), subtitle))?;

        let (_, body) = root.split_vertically(HEADER);
        let legend_text = (FONT, LEGEND_SIZE).into_font().color(&INK);
        let widest = self
            .legend
            .iter()
            .map(|(label, _)| root.estimate_text_size(label, &legend_text).map(|(w, _)| w))
            .try_fold(0, |acc, w| w.map(|w| acc.max(w)))?;
        let legend_width = (widest + SAMPLE + 24).clamp(LEGEND_WIDTH.0, LEGEND_WIDTH.1);
        let (plots, legend) = body.split_horizontally(WIDTH - legend_width);
        let (rows, cols) = grid(self.panels.len());
        let areas = plots.split_evenly((rows, cols));
        for (i, (panel, area)) in self.panels.iter().zip(areas).enumerate() {
            let shares_y = self.shared_y && i % cols != 0;
            panel.draw(&area, !shares_y)?;
        }
        self.draw_legend(&legend, legend_width - SAMPLE - 24)
    }

    fn draw_legend<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        text_width: u32,
    ) -> Result<(), DrawError>
    where
        DB::ErrorType: 'static,
    {
        if self.legend.is_empty() {
            return Ok(());
        }
        let text = (FONT, LEGEND_SIZE)
            .into_font()
            .color(&INK)
            .pos(Pos::new(HPos::Left, VPos::Center));
        let (width, height) = area.dim_in_pixel();
        let top = 40;
        let count = self.legend.len() as i32;
        let row = LEGEND_ROW
            .min((height as i32 - top) / count)
            .max(MIN_LEGEND_ROW);
        let bottom = top + row * count;
        area.draw(&Rectangle::new(
            [
                (4, top - row / 2 - 6),
                (width as i32 - 8, bottom - row / 2 + 6),
            ],
            GRID.stroke_width(1),
        ))?;
        for (i, (label, style)) in self.legend.iter().enumerate() {
            let y = top + row * i as i32;
            for dash in dashes(&[(10.0, 0.0), (64.0, 0.0)], style.dash, 3) {
                let dash: Vec<(i32, i32)> =
                    dash.iter().map(|(x, _)| (x.round() as i32, y)).collect();
                area.draw(&PathElement::new(dash, style.colour.stroke_width(3)))?;
            }
            let shown = fit_text(area, label, &text, text_width)?;
            area.draw(&Text::new(shown, (SAMPLE as i32, y), text.clone()))?;
            let (outline, rim) = marker_outline(style.marker);
            area.draw(&(EmptyElement::at((37, y)) + Polygon::new(outline, style.colour.filled())))?;
            area.draw(&(EmptyElement::at((37, y)) + PathElement::new(rim, WHITE.stroke_width(1))))?;
        }
        Ok(())
    }
}

/// The largest font size up to `size` (and no smaller than 60% of it) at
/// which `text` fits across the figure with a margin.
fn fitting_size<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    text: &str,
    size: f64,
    style: FontStyle,
) -> Result<f64, DrawError>
where
    DB::ErrorType: 'static,
{
    let mut fitted = size;
    while fitted > size * 0.6 {
        let font = (FONT, fitted, style).into_font().color(&INK);
        if root.estimate_text_size(text, &font)?.0 <= WIDTH - 2 * SIDE_MARGIN {
            break;
        }
        fitted -= 1.0;
    }
    Ok(fitted)
}

/// Shortens `text` with an ellipsis until it fits in `width` pixels.
fn fit_text<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    style: &TextStyle,
    width: u32,
) -> Result<String, DrawError>
where
    DB::ErrorType: 'static,
{
    fit(text, |shown| {
        Ok(area.estimate_text_size(shown, style)?.0 <= width)
    })
}

/// Rows and columns for `count` panels.
fn grid(count: usize) -> (usize, usize) {
    match count {
        0 | 1 => (1, 1),
        2 => (1, 2),
        3 => (1, 3),
        4 => (2, 2),
        n => (n.div_ceil(3), 3),
    }
}
