//! The terminal side of the finishing pipeline ([`queens::finish`]) that
//! `run`, `merge`, `plot`, `compare` and `report` share: its notes on
//! stderr as they come, and the lines that say what it wrote.

use std::path::Path;

use anyhow::anyhow;
use queens::analysis::compare::DEFAULT_ALPHA;
use queens::base::records::Measure;
use queens::base::records::RankingRow;
use queens::finish::{FinishObserver, Finished, Written};
use queens::plot::Skipped;
use queens::store::Store;
use queens::store::error::StoreError;

use super::stderr::stderr_line;

/// Prints the pipeline's notes and skipped charts to stderr, and stops it
/// when Ctrl-C or SIGTERM asked to ([`super::signals`]).
pub struct Notes;

impl FinishObserver for Notes {
    fn begin(&self) {
        super::signals::finishing();
    }

    fn stop_requested(&self) -> bool {
        super::signals::requested_exit().is_some()
    }

    fn note(&self, note: &str) {
        stderr_line!("note: {note}");
    }

    fn skipped(&self, skipped: &Skipped) {
        stderr_line!("note: {skipped}");
    }
}

/// The data directory `dir` opened to write its comparison (compare.csv,
/// ranking.csv): its lock taken, refused beside another writer with the
/// holder named, or where the lock file cannot be made with the way out. A
/// directory that does not exist is refused as a reader refuses it.
pub fn open_to_compare(dir: &Path) -> anyhow::Result<Store> {
    if !dir.is_dir() {
        return Ok(Store::open(dir)?);
    }
    Store::open_to_write(dir).map_err(|e| match e {
        StoreError::DataDirLocked { .. } => anyhow!(
            "{e} (the comparison writes compare.csv and ranking.csv into it; a `queens run` draws its charts and report itself when it ends)"
        ),
        StoreError::Io { .. } => anyhow!(
            "{e:#}; the comparison writes compare.csv, ranking.csv and a lock file into {}: make it writable, or copy it to a writable place",
            dir.display()
        ),
        e => e.into(),
    })
}

/// "wrote FILE", or "FILE unchanged" when it already held the result.
pub fn written(file: &Written) -> String {
    if file.changed {
        format!("wrote {}", file.path.display())
    } else {
        format!("{} unchanged", file.path.display())
    }
}

/// The lines after a run or a merge on stderr: the charts, the comparison
/// files and the brief ranking (unless `quiet`), and the report.
pub fn print_summary(finished: &Finished, plots_dir: &Path, quiet: bool) {
    // Each chart is one SVG (with its PNG and PDF beside it).
    let charts = finished
        .charts
        .iter()
        .filter(|f| f.extension().is_some_and(|x| x == "svg"))
        .count();
    stderr_line!("{charts} charts in {}", plots_dir.display());
    if !quiet {
        print_comparison(finished);
    }
    if let Some(report) = finished.report() {
        stderr_line!("report: {}", report.display());
    }
}

/// The comparison files and the brief ranking by checks on stderr.
pub fn print_comparison(finished: &Finished) {
    if let [pairs, ranking] = finished.comparison_files.as_slice() {
        stderr_line!("comparison: {}; {}", written(pairs), written(ranking));
    }
    if let Some(comparison) = &finished.comparison {
        for line in brief_ranking(&comparison.ranking, Measure::Checks, DEFAULT_ALPHA) {
            stderr_line!("{line}");
        }
    }
}

/// One line per N: the best label (none where nothing solved), then the
/// others by their standing against it: no detectable difference, worse,
/// better in their pairwise test, untestable (ranked by `measure`, tested
/// at `alpha`).
fn brief_ranking(ranking: &[RankingRow], measure: Measure, alpha: f64) -> Vec<String> {
    let mut lines = vec![format!(
        "ranking by {} (best: lowest ERT; Holm-corrected against the best at alpha {alpha}; every pair in compare.csv):",
        measure.name(),
    )];
    for rows in ranking.chunk_by(|a, b| a.n == b.n) {
        if rows[0].versus_best != "best" {
            lines.push(format!("  N = {}: no best (no trial solved)", rows[0].n));
            continue;
        }
        let labels = |standing: &[&str]| -> Vec<&str> {
            rows[1..]
                .iter()
                .filter(|r| standing.contains(&r.versus_best.as_str()))
                .map(|r| r.label.as_str())
                .collect()
        };
        let mut line = format!("  N = {}: best {}", rows[0].n, rows[0].label);
        for (name, standing) in [
            (
                "no detectable difference",
                &["no_detectable_difference"][..],
            ),
            ("worse", &["worse"][..]),
            ("better in a pairwise test", &["better"][..]),
            ("untestable (too few trials)", &["untestable"][..]),
        ] {
            let found = labels(standing);
            if !found.is_empty() {
                line.push_str(&format!("; {name}: {}", found.join(", ")));
            }
        }
        lines.push(line);
    }
    lines
}
