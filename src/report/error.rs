//! Why a report could not be written.

use std::path::PathBuf;

use crate::base::records::{DerivedError, RecordsError};
use crate::plot::data::DataError;

/// Why a report could not be written; every variant names the file and
/// the remedy.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReportError {
    /// The experiment's CSV files could not be read.
    #[error(transparent)]
    Data(#[from] DataError),
    /// summary.csv, compare.csv or ranking.csv was not computed from the
    /// runs.csv beside it.
    #[error(transparent)]
    Derived(#[from] DerivedError),
    /// summary.csv, compare.csv or ranking.csv could not be read.
    #[error("{source}: {remedy}")]
    Table {
        /// What went wrong, with the file and the line.
        source: RecordsError,
        /// How to rebuild the file.
        remedy: String,
    },
    /// external.log exists but cannot be read.
    #[error("cannot read {}: check its permissions, or move it aside to report without the replay commands of external programs", path.display())]
    Log {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// metadata.json is damaged.
    #[error(
        "{} is damaged or not a queens metadata file ({detail}): restore it (`git checkout -- {}`) or rerun the experiment",
        path.display(),
        crate::base::shell::path(path)
    )]
    Metadata {
        /// The file.
        path: PathBuf,
        /// The parser's message.
        detail: String,
    },
    /// The charts directory does not exist or cannot be listed.
    #[error(
        "cannot read the charts directory {}: draw the charts first with `queens plot {}` (or give it with --plots DIR)",
        path.display(),
        crate::base::shell::path(data_dir)
    )]
    PlotsDir {
        /// The charts directory.
        path: PathBuf,
        /// The data directory.
        data_dir: PathBuf,
        /// The reason.
        source: std::io::Error,
    },
    /// A chart could not be read or is not an SVG image.
    #[error(
        "{} {reason}: redraw the charts with `queens plot {}`",
        path.display(),
        crate::base::shell::path(data_dir)
    )]
    Chart {
        /// The chart file.
        path: PathBuf,
        /// The data directory.
        data_dir: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// A report file could not be written.
    #[error(
        "cannot write {}: make its directory writable and free some space (or give another --plots DIR), then run `queens report` again; the data and charts are unchanged",
        path.display()
    )]
    Write {
        /// The file.
        path: PathBuf,
        /// The reason.
        source: std::io::Error,
    },
}
