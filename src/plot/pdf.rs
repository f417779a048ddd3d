//! PDF charts in pure Rust: the SVG plotters wrote is parsed by `usvg` with
//! the embedded DejaVu Sans (regular and bold) as its only fonts — never a
//! system font, no external program — and drawn by `krilla-svg` onto the one
//! page of a `krilla` PDF, text kept as text with the used glyphs of the font
//! embedded, scaled onto a page of the size asked for (the figure's printed
//! size, see [`POINTS_PER_UNIT`](super::style::POINTS_PER_UNIT)). The PDF
//! holds no date and no random identifier: the same SVG gives the same
//! bytes.

use std::sync::{Arc, OnceLock};

use krilla::Document;
use krilla::geom::Size;
use krilla::page::PageSettings;
use krilla_svg::{SurfaceExt, SvgSettings};
use usvg::fontdb::Database;

use super::error::PdfError;

/// The family name of the embedded font, which the SVG's generic family
/// ([`FONT`](super::style::FONT), "sans-serif") resolves to.
const FAMILY: &str = "DejaVu Sans";

/// The embedded faces, loaded once per process.
static FONTS: OnceLock<Arc<Database>> = OnceLock::new();

/// A font database holding the embedded DejaVu Sans regular and bold only,
/// with "sans-serif" mapped to it.
fn fonts() -> Result<Arc<Database>, PdfError> {
    let fonts = FONTS.get_or_init(|| {
        let mut db = Database::new();
        db.load_font_data(dejavu::sans::regular().to_vec());
        db.load_font_data(dejavu::sans::bold().to_vec());
        db.set_sans_serif_family(FAMILY);
        Arc::new(db)
    });
    if fonts.len() == 2 {
        Ok(Arc::clone(fonts))
    } else {
        Err(PdfError::Font)
    }
}

/// Parses an SVG document (as plotters writes it) with the embedded faces
/// as the only fonts.
pub fn parse(svg: &str) -> Result<usvg::Tree, PdfError> {
    let options = usvg::Options {
        font_family: FAMILY.to_owned(),
        fontdb: fonts()?,
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(PdfError::Parse)
}

/// Draws a parsed SVG onto the one page, `width` × `height` points, of a
/// PDF and returns its bytes.
pub fn from_tree(tree: &usvg::Tree, (width, height): (f64, f64)) -> Result<Vec<u8>, PdfError> {
    let size = Size::from_wh(width as f32, height as f32)
        .ok_or_else(|| PdfError::Convert("the SVG has no area".to_owned()))?;
    let mut document = Document::new();
    let mut page = document.start_page_with(PageSettings::new(size));
    let mut surface = page.surface();
    surface
        .draw_svg(tree, size, SvgSettings::default())
        .ok_or_else(|| PdfError::Convert("krilla-svg cannot draw the SVG".to_owned()))?;
    surface.finish();
    page.finish();
    document
        .finish()
        .map_err(|error| PdfError::Convert(format!("krilla cannot write the PDF: {error:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SVG: &str = r##"<svg width="200" height="100" viewBox="0 0 200 100" xmlns="http://www.w3.org/2000/svg">
<rect x="0" y="0" width="200" height="100" fill="#FFFFFF"/>
<text x="100" y="20" dy="0.76em" text-anchor="middle" font-family="sans-serif" font-size="14" fill="#222222">Queens</text>
<text x="100" y="60" text-anchor="middle" font-family="sans-serif" font-size="14" font-weight="bold" fill="#222222">N = 8</text>
</svg>"##;

    #[test]
    fn text_is_set_in_the_embedded_faces_and_the_bytes_are_reproducible() {
        let from_svg = |svg| from_tree(&parse(svg).expect("parses"), (100.8, 50.4));
        let pdf = from_svg(SVG).expect("converts");
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("DejaVuSans-Bold"), "the bold face is used");
        assert!(text.contains("DejaVuSans"), "the regular face is used");
        assert_eq!(text.matches("/FontFile2").count(), 2, "both faces embedded");
        assert!(text.contains("/MediaBox [0 0 100.8 50.4]"), "{text}");
        assert_eq!(from_svg(SVG).expect("converts"), pdf);
    }

    #[test]
    fn malformed_svg_is_a_parse_error() {
        let error = parse("<svg xmlns=\"http://www.w3.org/2000/svg\"><text>").unwrap_err();
        assert!(matches!(error, PdfError::Parse(_)), "{error:?}");
    }
}
