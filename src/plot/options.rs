//! What the user chooses about the charts: the measure every
//! cross-algorithm chart counts work in, the board sizes of the per-size
//! charts (ECDF, convergence) and the style (screen or paper).

use crate::base::records::Measure;

/// How the figures are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// For a screen and the report: a title inside the image; SVG, with PNG
    /// and PDF on demand ([`Options::print`]).
    #[default]
    Screen,
    /// For a paper: sized for a 3.5-inch column or a 7-inch page with text
    /// at 8–9 pt at that size, no title inside the image (the caption
    /// carries it), vector output.
    Paper,
}

impl Style {
    /// The style called `name` on the command line, or a message naming the
    /// ones there are.
    pub fn parse(name: &str) -> Result<Style, String> {
        match name {
            "screen" => Ok(Style::Screen),
            "paper" => Ok(Style::Paper),
            _ => Err(format!("unknown style '{name}': use screen or paper")),
        }
    }
}

/// The choices of one rendering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The work measure of the cross-algorithm charts (scaling, ERT, ECDF):
    /// `checks` unless chosen; `steps` only where every label counts steps
    /// in the same unit.
    pub measure: Measure,
    /// The board sizes the ECDF and convergence charts are drawn at; `None`
    /// draws every size as small multiples, or the largest shared one when
    /// there are too many.
    pub sizes: Option<Vec<u64>>,
    /// Screen or paper figures.
    pub style: Style,
    /// Whether the screen style also writes each chart as PNG and PDF (the
    /// print formats, made on demand: the SVG is what the report and a
    /// browser show). The paper style writes its PDF either way.
    pub print: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            measure: Measure::Checks,
            sizes: None,
            style: Style::Screen,
            print: false,
        }
    }
}
