//! The PNG pixels of a chart: its SVG, parsed by `usvg` with the embedded
//! DejaVu Sans only (see [`pdf::parse`](super::pdf::parse)), rendered by
//! `resvg` (pure Rust, software rendering with `tiny-skia`, no system font)
//! at [`PNG_SCALE`] pixels per unit onto white. The PNG therefore shows
//! exactly what the SVG and the PDF show, and the same SVG gives the same
//! pixels.

use resvg::tiny_skia::{Color, Pixmap, Transform};

use super::error::DrawError;
use super::style::PNG_SCALE;

/// The 8-bit RGB pixels of `tree` rendered at [`PNG_SCALE`] pixels per
/// unit, with their width and height.
pub fn rgb(tree: &usvg::Tree) -> Result<(u32, u32, Vec<u8>), DrawError> {
    let size = tree.size().to_int_size();
    let (width, height) = (size.width() * PNG_SCALE, size.height() * PNG_SCALE);
    let mut pixmap = Pixmap::new(width, height)
        .ok_or_else(|| DrawError::new(format!("cannot make a {width} × {height} pixel image")))?;
    pixmap.fill(Color::WHITE);
    let scale = PNG_SCALE as f32;
    resvg::render(
        tree,
        Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    // Drawn onto opaque white, every pixel is opaque: its premultiplied
    // colour is its colour.
    let rgb = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    Ok((width, height, rgb))
}
