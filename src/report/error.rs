//! Why a report could not be written.

use std::path::PathBuf;

use crate::base::remedy::{Remedy, Setting};
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
        "cannot read the charts directory {}: draw the charts first with `{}` (or give it with {})",
        path.display(),
        Remedy::Plot { data: data_dir.clone(), plots: None },
        Remedy::Set(Setting::Plots)
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
        "{} {reason}: redraw the charts with `{}`",
        path.display(),
        Remedy::Plot { data: data_dir.clone(), plots: None }
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
        "cannot write {}: make its directory writable and free some space (or give another {}), then run `{}` again; the data and charts are unchanged",
        path.display(),
        Remedy::Set(Setting::Plots),
        Remedy::Report { data: None, plots: None, latex: false }
    )]
    Write {
        /// The file.
        path: PathBuf,
        /// The reason.
        source: std::io::Error,
    },
}
