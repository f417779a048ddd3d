//! `queens summarize`: recompute summary.csv from runs.csv alone.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::bail;
use queens::analysis::summary::summarize;
use queens::experiment::lock::lock_data_dir;
use queens::records::{RunRecord, read_rows, write_summary};

use super::Exit;
use super::stderr::stderr_line;

/// Recompute DIR/summary.csv from DIR/runs.csv (no solver runs).
///
/// Per (label, n): trials, successes, success rate with its Wilson 95%
/// interval; mean, median, p10 and p90 of steps, checks and wall time over
/// solved trials; a seeded bootstrap 95% interval of the median steps; ERT
/// (COCO) in steps and seconds. Prints a short table. Refused while another
/// queens process writes DIR.
#[derive(clap::Args)]
pub struct SummarizeArgs {
    /// The data directory holding runs.csv.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
}

/// Writes the summary and prints its main columns.
pub fn run(args: SummarizeArgs) -> anyhow::Result<Exit> {
    let runs_path = args.dir.join("runs.csv");
    if !runs_path.is_file() {
        bail!(
            "{} not found: give a data directory written by `queens run` (or `queens merge`)",
            runs_path.display()
        );
    }
    // Held while reading and writing: refused while a run or merge writes
    // this directory, and no run starts before summary.csv is written.
    let _lock = lock_data_dir(&args.dir)?;
    let runs: Vec<RunRecord> = read_rows(&runs_path)?;
    let rows = summarize(&runs);
    let path = args.dir.join("summary.csv");
    write_summary(&path, &rows)?;
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:<40} {:>7} {:>7} {:>8} {:>12} {:>12}",
        "label", "n", "trials", "success", "median steps", "ERT steps"
    )?;
    let show = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |x| format!("{x:.1}"));
    for r in &rows {
        writeln!(
            out,
            "{:<40} {:>7} {:>7} {:>7.1}% {:>12} {:>12}",
            r.label,
            r.n,
            r.trials,
            100.0 * r.success_rate,
            show(r.steps_median),
            show(r.ert_steps)
        )?;
    }
    stderr_line!("wrote {}", path.display());
    Ok(Exit::Success)
}
