//! The PNG drawing backend: plotters' bitmap backend, with text rasterised
//! by ab_glyph directly from the embedded DejaVu Sans.
//!
//! plotters 0.3.7 draws ab_glyph text without each glyph's left side
//! bearing, so letters crowd or drift apart ("sizeN"). This backend places
//! every glyph at its caret position plus its bearing, with kerning, on a
//! baseline that matches where the SVG files put it; everything else goes
//! straight to the bitmap backend.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use plotters::prelude::{BitMapBackend, DrawingBackend};
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontStyle,
};

use super::error::PlotError;

/// The baseline's distance below the anchor, in ems, for each vertical
/// anchor: top (as SVG's `dy="0.76em"`), centre (digits and capitals
/// centred), bottom (descenders end at the anchor).
const BASELINE: [f64; 3] = [0.76, 0.36, -0.22];

type Error = DrawingErrorKind<<BitMapBackend<'static> as DrawingBackend>::ErrorType>;

/// A bitmap backend over an RGB buffer that draws text with correct glyph
/// placement.
pub struct Raster<'a> {
    inner: BitMapBackend<'a>,
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

impl<'a> Raster<'a> {
    /// A backend drawing into `rgb` (width × height × 3 bytes).
    pub fn new(rgb: &'a mut [u8], size: (u32, u32)) -> Result<Raster<'a>, PlotError> {
        let font = |bytes| {
            FontRef::try_from_slice(bytes).map_err(|e| PlotError::Font {
                reason: e.to_string(),
            })
        };
        Ok(Raster {
            inner: BitMapBackend::with_buffer(rgb, size),
            regular: font(dejavu::sans::regular())?,
            bold: font(dejavu::sans::bold())?,
        })
    }
}

impl DrawingBackend for Raster<'_> {
    type ErrorType = <BitMapBackend<'static> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }

    fn ensure_prepared(&mut self) -> Result<(), Error> {
        self.inner.ensure_prepared()
    }

    fn present(&mut self) -> Result<(), Error> {
        self.inner.present()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), Error> {
        self.inner.draw_pixel(point, color)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), Error> {
        self.inner.draw_line(from, to, style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        self.inner.draw_rect(upper_left, bottom_right, style, fill)
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Error> {
        self.inner.draw_path(path, style)
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        self.inner.draw_circle(center, radius, style, fill)
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Error> {
        self.inner.fill_polygon(vert, style)
    }

    fn blit_bitmap(
        &mut self,
        pos: BackendCoord,
        size: (u32, u32),
        src: &[u8],
    ) -> Result<(), Error> {
        self.inner.blit_bitmap(pos, size, src)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), Error> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let font = match style.style() {
            FontStyle::Bold => &self.bold,
            _ => &self.regular,
        };
        // The same scale plotters uses when it measures text for layout.
        let scaled = font.as_scaled(PxScale::from(style.size() as f32));
        let em = f64::from(scaled.scale().y) * f64::from(font.units_per_em().unwrap_or(2048.0))
            / f64::from(font.height_unscaled());
        let mut glyphs = Vec::with_capacity(text.len());
        let mut caret = 0f32;
        let mut previous = None;
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(p) = previous {
                caret += scaled.kern(p, id);
            }
            glyphs.push(id.with_scale_and_position(scaled.scale(), ab_glyph::point(caret, 0.0)));
            caret += scaled.h_advance(id);
            previous = Some(id);
        }
        let anchor = style.anchor();
        let dx = match anchor.h_pos {
            HPos::Left => 0.0,
            HPos::Center => -f64::from(caret) / 2.0,
            HPos::Right => -f64::from(caret),
        };
        let baseline = em
            * match anchor.v_pos {
                VPos::Top => BASELINE[0],
                VPos::Center => BASELINE[1],
                VPos::Bottom => BASELINE[2],
            };
        let transform = style.transform();
        let (width, height) = self.get_size();
        for glyph in glyphs {
            let Some(outline) = font.outline_glyph(glyph) else {
                continue;
            };
            let bounds = outline.px_bounds();
            let mut pixels = Vec::new();
            outline.draw(|x, y, coverage| {
                let ox = f64::from(bounds.min.x) + f64::from(x) + dx;
                let oy = f64::from(bounds.min.y) + f64::from(y) + baseline;
                pixels.push((ox.round() as i32, oy.round() as i32, coverage));
            });
            for (ox, oy, coverage) in pixels {
                let (tx, ty) = transform.transform(ox, oy);
                let (x, y) = (pos.0 + tx, pos.1 + ty);
                if coverage > 0.0 && x >= 0 && y >= 0 && x < width as i32 && y < height as i32 {
                    let alpha = color.alpha * f64::from(coverage.min(1.0));
                    self.inner.draw_pixel(
                        (x, y),
                        BackendColor {
                            alpha,
                            rgb: color.rgb,
                        },
                    )?;
                }
            }
        }
        Ok(())
    }
}
