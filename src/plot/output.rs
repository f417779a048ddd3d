//! Writing a figure to disk, each file through the one atomic writer
//! ([`crate::base::records::atomic`]): a failed write leaves the old chart whole.
//!
//! - Screen style: SVG (text kept as `<text>` elements, as many pixels as
//!   units; its elements tagged with their legend entry's series and an
//!   invisible hit target per point, with its tooltip, for the report's
//!   script: see [`super::explore`]), PNG (that SVG rendered at twice the density with the embedded
//!   font, see [`super::raster`], encoded with the `png` crate) and
//!   PDF.
//! - Paper style: SVG with its physical size (`width="3.5in"` or `"7in"`
//!   and a `viewBox` in units), untagged (a paper has no script), and
//!   PDF; no PNG.
//!
//! The PNG and PDF are drawn from the SVG written (the tags and hit
//! targets paint nothing). The PDF is the SVG converted with the embedded font (see
//! [`super::pdf`]) on a page of the figure's printed size, 3.5 or 7
//! inches wide, in both styles.

use std::io::Write;
use std::path::{Path, PathBuf};

use plotters::prelude::*;

use super::error::{DrawError, PlotError};
use super::explore;
use super::figure::Figure;
use super::options::Style;
use super::pdf;
use super::raster;
use super::style::POINTS_PER_UNIT;
use crate::base::records::atomic::{AtomicFile, write_atomically};

/// Writes `figure` in `style` into `dir`: `<stem>.svg`, `<stem>.png` (screen
/// style only) and `<stem>.pdf`; returns the paths in that order.
pub fn write(figure: &Figure, dir: &Path, style: Style) -> Result<Vec<PathBuf>, PlotError> {
    let svg_file = dir.join(format!("{}.svg", figure.stem));
    let drawing = |source| PlotError::Draw {
        file: svg_file.clone(),
        source,
    };
    let (width, height) = figure.size(style).map_err(drawing)?;
    let mut svg = match style {
        Style::Screen => explore::draw_svg(&figure.legend, (width, height), |root| {
            figure.draw(root, style)
        })
        .map_err(drawing)?,
        Style::Paper => {
            let mut svg = String::new();
            {
                let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
                draw_and_present(figure, &root, style).map_err(drawing)?;
            }
            svg
        }
    };
    let printed = (
        f64::from(width) * POINTS_PER_UNIT,
        f64::from(height) * POINTS_PER_UNIT,
    );
    if style == Style::Paper {
        svg = physical_size(&svg, (width, height), printed);
    }
    write_atomically(&svg_file, |f| f.write_all(svg.as_bytes())).map_err(|source| {
        PlotError::Write {
            file: svg_file.clone(),
            source,
        }
    })?;
    let mut files = vec![svg_file];

    let pdf_file = dir.join(format!("{}.pdf", figure.stem));
    let converting = |source| PlotError::Pdf {
        file: pdf_file.clone(),
        source,
    };
    let tree = pdf::parse(&svg).map_err(converting)?;

    if style == Style::Screen {
        let png_file = dir.join(format!("{}.png", figure.stem));
        let (png_width, png_height, rgb) =
            raster::rgb(&tree).map_err(|source| PlotError::Draw {
                file: png_file.clone(),
                source,
            })?;
        write_png(&png_file, (png_width, png_height), &rgb).map_err(|source| PlotError::Png {
            file: png_file.clone(),
            source,
        })?;
        files.push(png_file);
    }

    let pdf = pdf::from_tree(&tree, printed).map_err(converting)?;
    write_atomically(&pdf_file, |f| f.write_all(&pdf)).map_err(|source| PlotError::Write {
        file: pdf_file.clone(),
        source,
    })?;
    files.push(pdf_file);
    Ok(files)
}

/// `svg` (as plotters writes it, `width` and `height` in units) with its
/// size given in inches, `printed` points wide and high: a viewer or LaTeX
/// shows it at that physical size, the `viewBox` keeping the units.
fn physical_size(svg: &str, (width, height): (u32, u32), printed: (f64, f64)) -> String {
    let inches = |points: f64| format!("{}in", (points / 72.0 * 1000.0).round() / 1000.0);
    svg.replacen(
        &format!("width=\"{width}\" height=\"{height}\""),
        &format!(
            "width=\"{}\" height=\"{}\"",
            inches(printed.0),
            inches(printed.1)
        ),
        1,
    )
}

/// Draws `figure` in `style` onto `root` and flushes the backend.
fn draw_and_present<DB: DrawingBackend>(
    figure: &Figure,
    root: &DrawingArea<DB, plotters::coord::Shift>,
    style: Style,
) -> Result<(), DrawError>
where
    DB::ErrorType: 'static,
{
    figure.draw(root, style)?;
    root.present()?;
    Ok(())
}

/// Encodes 8-bit RGB pixels, `width` × `height`, as a PNG file.
fn write_png(
    file: &Path,
    (width, height): (u32, u32),
    rgb: &[u8],
) -> Result<(), png::EncodingError> {
    let mut out = AtomicFile::create(file)?;
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(rgb)?;
    writer.finish()?;
    out.commit()?;
    Ok(())
}
