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
//! The print formats are written when asked for: the screen style writes
//! the SVG alone unless [`Options::print`](super::Options::print) is set,
//! the paper style (made for print) always adds its PDF. A chart drawn
//! without them removes the PNG and PDF an earlier drawing left beside it,
//! so that no file of the directory shows older data than its SVG.
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
use super::style::POINTS_PER_UNIT;
use crate::base::records::atomic::{remove_stale, write_atomically};

/// Writes `figure` in `style` into `dir`: `<stem>.svg`, then with `print`
/// `<stem>.png` (screen style only) and `<stem>.pdf`, which the paper style
/// writes whenever the build has the print formats
/// ([`PRINT_FORMATS`](super::PRINT_FORMATS)); returns the paths in that
/// order. Print files not written are removed if an earlier drawing left
/// them.
pub fn write(
    figure: &Figure,
    dir: &Path,
    style: Style,
    print: bool,
) -> Result<Vec<PathBuf>, PlotError> {
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
    let png_file = dir.join(format!("{}.png", figure.stem));
    let pdf_file = dir.join(format!("{}.pdf", figure.stem));
    let (png, pdf) = match style {
        Style::Screen => (print, print),
        Style::Paper => (false, super::PRINT_FORMATS),
    };
    for (file, wanted) in [(&png_file, png), (&pdf_file, pdf)] {
        if !wanted {
            remove_if_present(file)?;
        }
    }
    #[cfg(feature = "print")]
    let print_files = match pdf {
        true => super::print::write(&svg, png.then_some(&*png_file), &pdf_file, printed)?,
        false => Vec::new(),
    };
    #[cfg(not(feature = "print"))]
    let print_files = Vec::new();
    Ok([vec![svg_file], print_files].concat())
}

/// Removes `file` and the temporaries of it that writers no longer alive
/// left beside it ([`remove_stale`]); a file that is not there is no error.
pub(super) fn remove_if_present(file: &Path) -> Result<(), PlotError> {
    if let (Some(dir), Some(name)) = (file.parent(), file.file_name()) {
        remove_stale(dir, name);
    }
    match std::fs::remove_file(file) {
        Err(source) if source.kind() != std::io::ErrorKind::NotFound => Err(PlotError::Write {
            file: file.to_owned(),
            source,
        }),
        _ => Ok(()),
    }
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
