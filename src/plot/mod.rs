//! Charts drawn from CSV data alone: one function per chart kind.

use std::path::{Path, PathBuf};

/// Draws every chart of the experiment whose CSV files are in `data_dir`
/// (runs.csv, summary.csv, and traces.csv when present) into `plots_dir`, as
/// SVG and PNG; returns the files written.
pub fn render_all(data_dir: &Path, plots_dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    anyhow::bail!(
        "charts are not available yet (data {}, plots {})",
        data_dir.display(),
        plots_dir.display()
    )
}
