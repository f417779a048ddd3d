//! `queens summarize`: recompute summary.csv from runs.csv alone.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow};
use queens::analysis::summary::summarize;
use queens::base::records::{MeasureSummary, SummaryRow};
use queens::store::Store;
use queens::store::error::StoreError;

use crate::cli::Exit;
use crate::cli::terminal::output_file::STDOUT_FAILED;
use crate::cli::terminal::stderr::stderr_line;

/// Recompute DIR/summary.csv from DIR/runs.csv (no solver runs), and
/// record in DIR/derived.json the runs.csv it was computed from.
///
/// One row per (label, n): the trials, successes and success rate with its
/// Wilson 95% interval; for each measure, statistics over the solved trials
/// (mean, median with a seeded bootstrap 95% interval, quantiles, maximum),
/// the ERT (COCO's expected running time, failed trials included) with its
/// interval and a heavy-tail flag. Prints a short table. Refused while
/// another queens process writes DIR.
#[derive(clap::Args)]
pub struct SummarizeArgs {
    /// The data directory holding runs.csv.
    #[arg(value_name = "DIR")]
    dir: PathBuf,
}

/// The column list that ends the long help: every column of summary.csv,
/// from its definition.
pub fn column_list() -> String {
    let measures: Vec<&str> = SummaryRow::MEASURES.iter().map(|m| m.name()).collect();
    let block: Vec<String> = MeasureSummary::COLUMNS
        .iter()
        .map(|template| template.replace("{m}", "m"))
        .collect();
    format!(
        "The columns of summary.csv: {}; then, for each measure m of {}, the block {}.",
        SummaryRow::cell_columns().join(", "),
        measures.join(", "),
        block.join(", "),
    )
}

/// Writes the summary and prints its main columns.
pub fn run(args: SummarizeArgs) -> anyhow::Result<Exit> {
    if !args.dir.is_dir() {
        Store::open(&args.dir)?;
    }
    // Held while reading and writing: refused while a run or merge writes
    // this directory, and no run starts before summary.csv is written.
    let mut store = Store::open_to_write(&args.dir).map_err(|e| match e {
        StoreError::Io { .. } => unwritable(&args.dir, e.into()),
        e => e.into(),
    })?;
    let runs = store.runs()?;
    let rows = summarize(runs);
    let written = store.write_summary(rows).map_err(|e| match e {
        StoreError::Records(_) | StoreError::Derived(_) | StoreError::Io { .. } => {
            unwritable(&args.dir, e.into())
        }
        e => e.into(),
    })?;
    print(store.summary()?).context(STDOUT_FAILED)?;
    stderr_line!("wrote {}", written.path.display());
    Ok(Exit::Success)
}

/// `error`, which kept summary.csv (or the lock beside it) from being
/// written into `dir`, with the remedy.
fn unwritable(dir: &Path, error: anyhow::Error) -> anyhow::Error {
    anyhow!(
        "{error:#}; summarize writes summary.csv and a lock file into {}: make that directory writable and free space on its disk, or copy it to a writable place and summarize the copy",
        dir.display()
    )
}

/// Prints the main columns of the summary.
fn print(rows: &[SummaryRow]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:<40} {:>7} {:>7} {:>8} {:>12} {:>12}",
        "label", "n", "trials", "success", "median checks", "ERT checks"
    )?;
    let show = |v: Option<f64>| match v {
        Some(x) if x.is_infinite() => "Inf".to_string(),
        Some(x) => format!("{x:.1}"),
        None => "NA".to_string(),
    };
    for r in rows {
        writeln!(
            out,
            "{:<40} {:>7} {:>7} {:>8} {:>12} {:>12}",
            r.label,
            r.n,
            r.trials,
            r.success_rate
                .map_or_else(|| "NA".to_string(), |rate| format!("{:.1}%", 100.0 * rate)),
            show(r.checks.median),
            show(r.checks.ert)
        )?;
    }
    Ok(())
}
