//! Why a report could not be written.

use std::path::PathBuf;

use crate::store::error::StoreError;

/// Why a report could not be written; every variant names the file and
/// the remedy.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReportError {
    /// The experiment's files could not be read or trusted.
    #[error(transparent)]
    Store(#[from] StoreError),
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
