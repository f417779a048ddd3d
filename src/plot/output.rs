//! Writing a figure to disk as SVG (text kept as `<text>` elements) and as
//! PNG (rasterised by [`Raster`] with the embedded font, encoded with the
//! `png` crate).

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use anyhow::Context;
use plotters::prelude::*;

use super::figure::Figure;
use super::raster::Raster;
use super::style::{HEIGHT, WIDTH};

/// Writes `figure` as `<stem>.svg` and `<stem>.png` in `dir`; returns both paths.
pub fn write(figure: &Figure, dir: &Path) -> anyhow::Result<[PathBuf; 2]> {
    let svg_file = dir.join(format!("{}.svg", figure.stem));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        figure
            .draw(&root)
            .with_context(|| format!("cannot draw {}", svg_file.display()))?;
        root.present()?;
    }
    std::fs::write(&svg_file, svg)
        .with_context(|| format!("cannot write {}", svg_file.display()))?;

    let png_file = dir.join(format!("{}.png", figure.stem));
    let mut rgb = vec![0u8; WIDTH as usize * HEIGHT as usize * 3];
    {
        let root = Raster::new(&mut rgb, (WIDTH, HEIGHT))?.into_drawing_area();
        figure
            .draw(&root)
            .with_context(|| format!("cannot draw {}", png_file.display()))?;
        root.present()?;
    }
    write_png(&png_file, &rgb).with_context(|| format!("cannot write {}", png_file.display()))?;
    Ok([svg_file, png_file])
}

/// Encodes an 8-bit RGB buffer of [`WIDTH`] × [`HEIGHT`] pixels as a PNG file.
fn write_png(file: &Path, rgb: &[u8]) -> anyhow::Result<()> {
    let out = BufWriter::new(File::create(file)?);
    let mut encoder = png::Encoder::new(out, WIDTH, HEIGHT);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(rgb)?;
    writer.finish()?;
    Ok(())
}
