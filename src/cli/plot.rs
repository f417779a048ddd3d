//! `queens plot`: draws an experiment's charts from its CSV files, then
//! compares its labels (compare.csv, ranking.csv); also the charts step of
//! `queens run` and `queens merge`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use queens::plot;

use super::Exit;
use super::stderr::stderr_line;

/// Draw the charts of an experiment from its CSV files.
///
/// Reads summary.csv and runs.csv (and traces.csv when present) in DATA_DIR
/// and writes each chart as SVG, PNG and PDF: scaling, success rate, ERT, ECDFs
/// of steps and of time, convergence. Then writes compare.csv and ranking.csv
/// into DATA_DIR (as `queens compare` by checks) and prints the ranking.
/// Never runs a solver.
#[derive(clap::Args)]
pub struct PlotArgs {
    /// The experiment's data directory (as written by `queens run`).
    data_dir: PathBuf,
    /// Where to write the charts [default: plots/<experiment name>].
    #[arg(long, value_name = "DIR")]
    plots: Option<PathBuf>,
}

/// Renders every chart, lists the files written and notes what was skipped.
pub fn run(args: PlotArgs) -> anyhow::Result<Exit> {
    let plots = match args.plots {
        Some(plots) => plots,
        None => plot::data::default_plots_dir(&args.data_dir)?,
    };
    let files = render_with_notes(&args.data_dir, &plots)?;
    super::compare::after_experiment(&args.data_dir, false)?;
    let mut out = io::stdout().lock();
    for file in &files {
        writeln!(out, "{}", file.display())?;
    }
    Ok(Exit::Success)
}

/// Draws every chart of the experiment in `data_dir` into `plots_dir`,
/// prints the notes on skipped charts to stderr and returns the files
/// written.
pub fn render_with_notes(data_dir: &Path, plots_dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    // No lock on `data_dir`: drawing only reads it, and reads a consistent
    // snapshot even beside a running experiment (see queens::experiment::lock).
    let report = plot::render(data_dir, plots_dir)?;
    for note in &report.notes {
        stderr_line!("note: {note}");
    }
    Ok(report.files)
}
