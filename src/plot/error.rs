//! Why charts could not be drawn: [`PlotError`] for the caller,
//! [`DrawError`], a drawing backend's failure inside the drawing code, and
//! `PdfError` (the `print` feature), why an SVG chart could not be
//! converted into PDF.

use std::path::PathBuf;

use plotters::drawing::DrawingAreaErrorKind;

/// Why [`render`](super::render) drew no charts, or stopped part way.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlotError {
    /// The caller asked to stop (a signal); the charts written so far are
    /// whole.
    #[error("stopped between charts")]
    Stopped,
    /// The embedded DejaVu Sans could not be loaded: a broken build.
    #[error("the embedded DejaVu Sans font could not be loaded ({reason}); rebuild queens")]
    Font {
        /// What the font library reported.
        reason: String,
    },
    /// The plots directory could not be created.
    #[error("cannot create the plots directory {path}")]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// The reason the system gives.
        source: std::io::Error,
    },
    /// Drawing a chart failed in the drawing library.
    #[error("cannot draw {file}")]
    Draw {
        /// The chart file being drawn.
        file: PathBuf,
        /// What the drawing library reported.
        source: DrawError,
    },
    /// A chart file could not be written.
    #[error("cannot write {file}")]
    Write {
        /// The chart file.
        file: PathBuf,
        /// The reason the system gives.
        source: std::io::Error,
    },
    /// PNG and PDF were asked for from a build without them (the `print`
    /// feature).
    #[error(
        "--print writes PNG and PDF, which this build of queens leaves out (their libraries \
         double the first build's time): build it with `cargo install --path . --features print`, \
         or run `cargo run --release --features print -- plot …`; the SVGs need neither"
    )]
    PrintFormatsNotBuilt,
    /// A PNG file could not be encoded or written.
    #[cfg(feature = "print")]
    #[error("cannot write {file}")]
    Png {
        /// The chart file.
        file: PathBuf,
        /// What the PNG encoder reported.
        source: png::EncodingError,
    },
    /// A board size asked for with `--n` has no trial in runs.csv.
    #[error(
        "--n {n}: {} has no trial at N = {n}; it has N = {}: choose among those with --n \
         (comma-separated, like --n {}), or leave --n out to draw every size",
        file.display(),
        available.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
        available.iter().take(2).map(u64::to_string).collect::<Vec<_>>().join(",")
    )]
    NoTrialsAtSize {
        /// The size asked for.
        n: u64,
        /// The runs.csv read.
        file: PathBuf,
        /// The sizes that have trials, increasing.
        available: Vec<u64>,
    },
    /// A chart's SVG could not be converted into PDF.
    #[cfg(feature = "print")]
    #[error("cannot make {file} from the chart's SVG")]
    Pdf {
        /// The PDF file.
        file: PathBuf,
        /// Why the conversion failed.
        source: PdfError,
    },
}

impl PlotError {
    /// Whether the error costs one chart alone (the drawing library or the
    /// PDF converter failed on it), not the whole drawing.
    pub(super) fn costs_one_chart(&self) -> bool {
        match self {
            PlotError::Draw { .. } => true,
            #[cfg(feature = "print")]
            PlotError::Pdf { .. } => true,
            _ => false,
        }
    }
}

/// Why an SVG chart could not be converted into PDF (a bug of queens or of
/// the conversion libraries, not of the data: report it).
#[cfg(feature = "print")]
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PdfError {
    /// The embedded DejaVu Sans could not be read into the font database.
    #[error("the embedded DejaVu Sans font could not be loaded for PDF text; rebuild queens")]
    Font,
    /// usvg could not read the SVG plotters wrote.
    #[error("usvg cannot read the SVG")]
    Parse(#[source] usvg::Error),
    /// The parsed SVG could not be drawn or written as PDF.
    #[error("{0}")]
    Convert(String),
}

/// A drawing backend's failure (the SVG and the PNG backend have error
/// types of their own; this holds either).
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct DrawError(Box<dyn std::error::Error + Send + Sync>);

impl DrawError {
    /// A failure described by `message` (measuring text, rasterising).
    pub(crate) fn new(message: String) -> Self {
        DrawError(message.into())
    }
}

impl<E: std::error::Error + Send + Sync + 'static> From<DrawingAreaErrorKind<E>> for DrawError {
    fn from(error: DrawingAreaErrorKind<E>) -> Self {
        DrawError(Box::new(error))
    }
}
