//! The outputs the finishing pipeline writes after the charts, as a list
//! behind one small interface (hyperfine lists its exporters this way):
//! each output is one file here implementing [`Output`], and one line of
//! [`OUTPUTS`]. The pipeline writes the outputs a caller's
//! [`Steps`](super::Steps) name, in that order, each from the open store
//! and the charts directory.

pub mod ioh_export;
pub mod latex_tables;
pub mod report_html;

use std::path::{Path, PathBuf};

use crate::base::remedy::Remedy;
use crate::export::ioh::IohError;
use crate::report::ReportError;
use crate::store::Store;

/// Something the pipeline writes from a data directory and its charts.
pub trait Output: Sync {
    /// The name a caller asks for it by ("report", "latex", …).
    fn name(&self) -> &'static str;
    /// What it is, for messages ("report", "LaTeX tables").
    fn what(&self) -> &'static str;
    /// Writes it from `store` into `plots_dir`; returns the files written.
    fn write(&self, store: &Store, plots_dir: &Path) -> Result<Vec<PathBuf>, OutputError>;
    /// What writes it again for the data in `data_dir` and the charts in
    /// `plots_dir`.
    fn redo(&self, data_dir: &Path, plots_dir: &Path) -> Remedy;
}

/// Every output, one line each.
pub const OUTPUTS: &[&dyn Output] = &[
    &report_html::ReportHtml,
    &latex_tables::LatexTables,
    &ioh_export::IohExport,
];

/// The output named `name`.
pub fn find(name: &str) -> Option<&'static dyn Output> {
    OUTPUTS.iter().copied().find(|o| o.name() == name)
}

/// Why an output could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OutputError {
    /// The report or a table could not be drawn or written.
    #[error(transparent)]
    Report(#[from] ReportError),
    /// The IOHprofiler export could not be built or written.
    #[error(transparent)]
    Export(#[from] IohError),
}
