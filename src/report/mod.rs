//! The experiment's report: one self-contained HTML file,
//! `report.html` in the charts directory, that answers in its first
//! screen: the headline is the first question the config declares
//! (`[[question]]`) answered in words across every N (`sentences.rs`), or
//! without questions the best label over the sizes every label ran; then
//! the other questions, the charts (inline SVG), the growth exponents,
//! the findings at each size (collapsible), what was compared, the summary
//! and comparison tables (long ones showing their first rows, untestable
//! pairs behind one line), each label's ERT ratio to the best and the
//! ranking across sizes (`versus_best.rs`), the methods and the
//! provenance; and the tables as LaTeX (booktabs) for a paper.
//!
//! Like the charts, the report is drawn from files alone, taken from an
//! open store ([`crate::store::Store`]): the data directory's summary.csv,
//! compare.csv, ranking.csv and metadata.json (with traces.csv and runs.csv
//! for the tables of the targets reached, targets.rs), and the SVG charts
//! `queens plot` wrote. The HTML is built with `maud`, whose
//! templates escape every value they insert; only the charts are inserted
//! as markup, and only after a check that they hold nothing but the shapes
//! and text a chart is made of (`svg_check.rs`: no script, no event
//! handler, no link or external reference; the data attributes the plot
//! module tags a chart with for exploring it are allowed). One script of
//! the crate's own, `explore.js` with its `explore.css`, inlined by
//! html.rs, lets a reader click a legend entry to hide or show its
//! series and hover a point for its values; with JavaScript off the
//! charts are static and complete. The same
//! inputs give the same bytes. Nothing here prints: the functions return
//! the files written or a [`ReportError`] naming the file and the remedy.

mod charts;
mod error;
mod format;
mod headline;
mod html;
mod inputs;
mod latex;
mod questions;
mod sentences;
mod svg_check;
mod targets;
mod versus_best;

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::base::records::atomic::write_atomically;
use crate::store::Store;

pub use error::ReportError;
pub use inputs::Inputs;

/// The report's file name in the charts directory.
pub const HTML_FILE: &str = "report.html";
/// The LaTeX summary table's file name in the charts directory.
pub const SUMMARY_TEX: &str = "summary.tex";
/// The LaTeX comparison table's file name in the charts directory.
pub const COMPARE_TEX: &str = "compare.tex";
/// The LaTeX fixed-target and runtime-ECDF tables' file name in the charts
/// directory (written when the experiment has traces).
pub const TARGETS_TEX: &str = "targets.tex";
/// The LaTeX table of growth exponents' file name in the charts directory.
pub const GROWTH_TEX: &str = "growth.tex";
/// The LaTeX table of ERT ratios to the best's file name in the charts
/// directory.
pub const RATIO_TEX: &str = "ert-ratio.tex";

/// Writes `plots_dir/report.html` for the experiment in `store`, whose
/// charts are in `plots_dir`; returns its path.
pub fn write_html(store: &Store, plots_dir: &Path) -> Result<PathBuf, ReportError> {
    let inputs = Inputs::load(store, plots_dir)?;
    let path = plots_dir.join(HTML_FILE);
    write_file(&path, html::render(&inputs).as_bytes())?;
    Ok(path)
}

/// Writes the summary, comparison, growth-exponent and ERT-ratio tables of
/// the experiment in `store` as LaTeX (booktabs) into `plots_dir`
/// (`summary.tex`, `compare.tex`, `growth.tex`, `ert-ratio.tex`, and
/// `targets.tex` when it has traces); returns their paths.
pub fn write_latex(store: &Store, plots_dir: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let inputs = Inputs::load_tables(store, plots_dir)?;
    let summary = plots_dir.join(SUMMARY_TEX);
    write_file(&summary, latex::summary(&inputs).as_bytes())?;
    let compare = plots_dir.join(COMPARE_TEX);
    write_file(&compare, latex::compare(&inputs).as_bytes())?;
    let growth = plots_dir.join(GROWTH_TEX);
    write_file(&growth, latex::growth(&inputs).as_bytes())?;
    let ratios = plots_dir.join(RATIO_TEX);
    write_file(
        &ratios,
        versus_best::latex(&inputs, latex::escape).as_bytes(),
    )?;
    let mut written = vec![summary, compare, growth, ratios];
    if let Some(targets) = &inputs.targets {
        let path = plots_dir.join(TARGETS_TEX);
        write_file(&path, latex::targets(targets).as_bytes())?;
        written.push(path);
    }
    Ok(written)
}

/// Writes `bytes` to `path` through the atomic writer (a failure leaves any
/// earlier file whole).
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), ReportError> {
    write_atomically(path, |file| file.write_all(bytes)).map_err(|source| ReportError::Write {
        path: path.to_owned(),
        source,
    })
}
