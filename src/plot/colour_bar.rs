//! The key of a chart whose cells are coloured by a value from 0 to 1 (the
//! heat map's A12): a title, then one horizontal gradient strip per way the
//! cells are coloured (the heat map's significant cells and its paled,
//! non-significant ones), each named on its left, then ticks with their
//! values under the strips. A figure draws it below its panels, centred,
//! so it shares the figure and covers nothing drawn in a panel.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::collide::Rect;
use super::error::DrawError;
use super::fit::{fit, line_height, measure};
use super::style::{FONT, INK, LEGEND_SIZE, MUTED};

/// Space kept free above the title and below the tick labels, in units.
const GAP: u32 = 10;
/// Height of one strip, and the space between two strips, in units.
const STRIP: (u32, u32) = (18, 4);
/// Length of a tick below the strips, in units.
const TICK: u32 = 5;
/// The widest strip, in units.
const MAX_STRIP_WIDTH: u32 = 300;
/// Space between a strip's name and the strip, in units.
const NAME_GAP: u32 = 8;
/// Pieces of one colour a strip is drawn in: fine enough that the steps do
/// not show, few enough that the SVG stays small.
const PIECES: u32 = 100;

/// A colour bar for values from 0 to 1.
#[derive(Clone, Debug)]
pub struct ColourBar {
    /// Written above the strips: what the value is.
    pub title: String,
    /// The strips, top first.
    pub strips: Vec<Strip>,
    /// The values marked under the strips (from 0 to 1) and their texts.
    pub ticks: Vec<(f64, String)>,
}

/// One strip of a [`ColourBar`]: how cells of one kind are coloured.
#[derive(Clone, Debug)]
pub struct Strip {
    /// Written left of the strip: which cells are coloured so.
    pub name: String,
    /// The colour of a value from 0 to 1.
    pub colour: fn(f64) -> RGBColor,
}

/// Where the parts of a colour bar go in a figure `width` units wide.
#[derive(Clone, Debug)]
pub struct BarLayout {
    /// The left end of the strips, and their width, in units.
    left: u32,
    strip_width: u32,
    /// The title and the strips' names as written (cut to the room).
    title: String,
    names: Vec<String>,
    /// The height the bar takes, in units ([`ColourBar::height`]).
    height: u32,
}

impl BarLayout {
    /// The height the bar takes, in units.
    pub fn height(&self) -> u32 {
        self.height
    }
}

impl ColourBar {
    /// The height the bar takes, in units.
    pub fn height(&self) -> u32 {
        let strips = self.strips.len() as u32;
        GAP + line_height(LEGEND_SIZE)
            + strips * STRIP.0
            + strips.saturating_sub(1) * STRIP.1
            + TICK
            + line_height(LEGEND_SIZE)
            + GAP
    }

    /// Places the bar in a figure `width` units wide with `margin` free at
    /// each side: the names and the strips, as wide as the room allows up
    /// to [`MAX_STRIP_WIDTH`], centred together.
    pub fn layout(&self, width: u32, margin: u32) -> Result<BarLayout, DrawError> {
        let font = (FONT, LEGEND_SIZE).into_font();
        let text_width =
            |text: &str| -> Result<u32, DrawError> { Ok(font.box_size(text).map_err(measure)?.0) };
        let room = width.saturating_sub(2 * margin);
        // The names take at most a third of the room.
        let name_room = room / 3;
        let names = self
            .strips
            .iter()
            .map(|strip| {
                fit(&strip.name, |shown| {
                    Ok::<bool, DrawError>(text_width(shown)? <= name_room)
                })
            })
            .collect::<Result<Vec<String>, DrawError>>()?;
        let mut names_width = 0;
        for name in &names {
            names_width = names_width.max(text_width(name)?);
        }
        let names_width = if names_width == 0 {
            0
        } else {
            names_width + NAME_GAP
        };
        // Half a tick label may stick out right of the strips.
        let overhang = match self.ticks.last() {
            Some((_, text)) => text_width(text)? / 2 + 1,
            None => 0,
        };
        let strip_width = room
            .saturating_sub(names_width + 2 * overhang)
            .min(MAX_STRIP_WIDTH);
        let left = margin + (room - (names_width + strip_width)) / 2 + names_width;
        let title = fit(&self.title, |shown| {
            Ok::<bool, DrawError>(text_width(shown)? <= room)
        })?;
        Ok(BarLayout {
            left,
            strip_width,
            title,
            names,
            height: self.height(),
        })
    }

    /// Draws the bar into `area` (as wide as the figure, [`Self::height`]
    /// high) as `layout` places it, returning every text written with its
    /// box in pixels of `area`.
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        layout: &BarLayout,
    ) -> Result<Vec<(String, Rect)>, DrawError>
    where
        DB::ErrorType: 'static,
    {
        let mut texts = Vec::new();
        let mut write = |text: &str, at: (i32, i32), pos: Pos, colour: RGBColor| {
            let font = (FONT, LEGEND_SIZE).into_font().color(&colour).pos(pos);
            let (w, h) = area.estimate_text_size(text, &font)?;
            let (w, h) = (w as i32, h as i32);
            let left = match pos.h_pos {
                HPos::Left => at.0,
                HPos::Center => at.0 - w / 2,
                HPos::Right => at.0 - w,
            };
            let top = match pos.v_pos {
                VPos::Top => at.1,
                VPos::Center => at.1 - h / 2,
                VPos::Bottom => at.1 - h,
            };
            area.draw(&Text::new(text.to_owned(), at, font))?;
            texts.push((text.to_owned(), [left, top, left + w, top + h]));
            Ok::<(), DrawError>(())
        };
        let (left, width) = (layout.left as i32, layout.strip_width as i32);
        let centre = left + width / 2;
        let mut y = GAP as i32;
        write(
            &layout.title,
            (centre, y),
            Pos::new(HPos::Center, VPos::Top),
            INK,
        )?;
        y += line_height(LEGEND_SIZE) as i32;
        for (strip, name) in self.strips.iter().zip(&layout.names) {
            let bottom = y + STRIP.0 as i32;
            // Each piece reaches one unit into the next, so no seam shows
            // between them.
            let pieces = PIECES as i32;
            for i in 0..pieces {
                let from = left + width * i / pieces;
                let to = (left + width * (i + 1) / pieces + 1).min(left + width);
                let value = (f64::from(i) + 0.5) / f64::from(pieces);
                let fill = (strip.colour)(value).filled();
                area.draw(&Rectangle::new([(from, y), (to, bottom)], fill))?;
            }
            area.draw(&Rectangle::new(
                [(left, y), (left + width, bottom)],
                MUTED.stroke_width(1),
            ))?;
            write(
                name,
                (left - NAME_GAP as i32, (y + bottom) / 2),
                Pos::new(HPos::Right, VPos::Center),
                INK,
            )?;
            y = bottom + STRIP.1 as i32;
        }
        let strips_bottom = y - STRIP.1 as i32;
        for (value, text) in &self.ticks {
            let x = left + (value.clamp(0.0, 1.0) * f64::from(width)).round() as i32;
            area.draw(&PathElement::new(
                vec![(x, strips_bottom), (x, strips_bottom + TICK as i32)],
                INK.stroke_width(1),
            ))?;
            write(
                text,
                (x, strips_bottom + TICK as i32 + 2),
                Pos::new(HPos::Center, VPos::Top),
                INK,
            )?;
        }
        Ok(texts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::collide::rects_meet;
    use crate::plot::style::register_fonts;

    fn grey(value: f64) -> RGBColor {
        let v = (value * 255.0).round() as u8;
        RGBColor(v, v, v)
    }

    fn bar() -> ColourBar {
        ColourBar {
            title: "value of the cell".to_owned(),
            strips: vec![
                Strip {
                    name: "bright".to_owned(),
                    colour: grey,
                },
                Strip {
                    name: "a much longer name than the room left for names allows".to_owned(),
                    colour: grey,
                },
            ],
            ticks: [0.0, 0.5, 1.0].map(|v| (v, format!("{v}"))).to_vec(),
        }
    }

    #[test]
    fn the_bar_writes_its_texts_apart_inside_its_area() {
        register_fonts().expect("the embedded font");
        let bar = bar();
        let (width, height) = (500, bar.height());
        let layout = bar.layout(width, 10).expect("laid out");
        assert!(layout.names[1].ends_with('…'), "{:?}", layout.names);
        let mut svg = String::new();
        let texts = {
            let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
            bar.draw(&root, &layout).expect("drawn")
        };
        let written: Vec<&str> = texts.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(
            written[..3],
            ["value of the cell", "bright", &layout.names[1]]
        );
        assert_eq!(written[3..], ["0", "0.5", "1"]);
        for (i, (text, rect)) in texts.iter().enumerate() {
            assert!(
                rect[0] >= 0 && rect[1] >= 0 && rect[2] <= width as i32 && rect[3] <= height as i32,
                "{text} at {rect:?} outside {width} × {height}"
            );
            for (other, r) in &texts[..i] {
                assert!(!rects_meet(rect, r), "{text} meets {other}");
            }
        }
        // The strips run from black (0) to white (1).
        assert!(svg.contains("fill=\"#010101\""), "{svg}");
        assert!(svg.contains("fill=\"#FEFEFE\""), "{svg}");
    }
}
