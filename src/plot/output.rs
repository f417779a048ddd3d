//! Writing a figure to disk as SVG (text kept as `<text>` elements), as
//! PNG (rasterised by [`Raster`] with the embedded font, encoded with the
//! `png` crate) and as PDF (that SVG converted with the embedded font, see
//! [`pdf`](super::pdf)), each through the one atomic writer
//! ([`crate::records::atomic`]): a failed write leaves the old chart whole.

use std::io::Write;
use std::path::{Path, PathBuf};

use plotters::prelude::*;

use super::error::{DrawError, PlotError};
use super::figure::Figure;
use super::pdf;
use super::raster::Raster;
use super::style::{HEIGHT, WIDTH};
use crate::records::atomic::{AtomicFile, write_atomically};

/// Writes `figure` as `<stem>.svg`, `<stem>.png` and `<stem>.pdf` in `dir`;
/// returns the three paths.
pub fn write(figure: &Figure, dir: &Path) -> Result<[PathBuf; 3], PlotError> {
    let svg_file = dir.join(format!("{}.svg", figure.stem));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        draw_and_present(figure, &root).map_err(|source| PlotError::Draw {
            file: svg_file.clone(),
            source,
        })?;
    }
    write_atomically(&svg_file, |f| f.write_all(svg.as_bytes())).map_err(|source| {
        PlotError::Write {
            file: svg_file.clone(),
            source,
        }
    })?;

    let png_file = dir.join(format!("{}.png", figure.stem));
    let mut rgb = vec![0u8; WIDTH as usize * HEIGHT as usize * 3];
    {
        let root = Raster::new(&mut rgb, (WIDTH, HEIGHT))?.into_drawing_area();
        draw_and_present(figure, &root).map_err(|source| PlotError::Draw {
            file: png_file.clone(),
            source,
        })?;
    }
    write_png(&png_file, &rgb).map_err(|source| PlotError::Png {
        file: png_file.clone(),
        source,
    })?;

    let pdf_file = dir.join(format!("{}.pdf", figure.stem));
    let pdf = pdf::from_svg(&svg).map_err(|source| PlotError::Pdf {
        file: pdf_file.clone(),
        source,
    })?;
    write_atomically(&pdf_file, |f| f.write_all(&pdf)).map_err(|source| PlotError::Write {
        file: pdf_file.clone(),
        source,
    })?;
    Ok([svg_file, png_file, pdf_file])
}

/// Draws `figure` onto `root` and flushes the backend.
fn draw_and_present<DB: DrawingBackend>(
    figure: &Figure,
    root: &DrawingArea<DB, plotters::coord::Shift>,
) -> Result<(), DrawError>
where
    DB::ErrorType: 'static,
{
    figure.draw(root)?;
    root.present()?;
    Ok(())
}

/// Encodes an 8-bit RGB buffer of [`WIDTH`] × [`HEIGHT`] pixels as a PNG file.
fn write_png(file: &Path, rgb: &[u8]) -> Result<(), png::EncodingError> {
    let mut out = AtomicFile::create(file)?;
    let mut encoder = png::Encoder::new(&mut out, WIDTH, HEIGHT);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(rgb)?;
    writer.finish()?;
    out.commit()?;
    Ok(())
}
