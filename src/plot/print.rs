//! The print formats of a chart (the `print` feature): its PNG, rendered
//! from the SVG written ([`super::raster`]), and its PDF, converted from the
//! same SVG ([`super::pdf`]), on a page of the figure's printed size.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::PlotError;
use super::{pdf, raster};
use crate::base::records::atomic::{AtomicFile, write_atomically};

/// Writes the chart whose SVG is `svg` as PNG into `png_file` (when given)
/// and as PDF into `pdf_file`, `printed` points wide and high; returns the
/// paths written, PNG first.
pub(super) fn write(
    svg: &str,
    png_file: Option<&Path>,
    pdf_file: &Path,
    printed: (f64, f64),
) -> Result<Vec<PathBuf>, PlotError> {
    let converting = |source| PlotError::Pdf {
        file: pdf_file.to_owned(),
        source,
    };
    let tree = pdf::parse(svg).map_err(converting)?;
    let mut files = Vec::new();
    if let Some(png_file) = png_file {
        let (width, height, rgb) = raster::rgb(&tree).map_err(|source| PlotError::Draw {
            file: png_file.to_owned(),
            source,
        })?;
        write_png(png_file, (width, height), &rgb).map_err(|source| PlotError::Png {
            file: png_file.to_owned(),
            source,
        })?;
        files.push(png_file.to_owned());
    }
    let pdf = pdf::from_tree(&tree, printed).map_err(converting)?;
    write_atomically(pdf_file, |f| f.write_all(&pdf)).map_err(|source| PlotError::Write {
        file: pdf_file.to_owned(),
        source,
    })?;
    files.push(pdf_file.to_owned());
    Ok(files)
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
