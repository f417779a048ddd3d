//! `queens plot`: draws an experiment's charts from its CSV files.

use std::io::{self, Write};
use std::path::PathBuf;

use queens::plot;

use super::Exit;

/// Draw the charts of an experiment from its CSV files.
///
/// Reads summary.csv and runs.csv (and traces.csv when present) in DATA_DIR
/// and writes each chart as SVG and PNG: scaling, success rate, ERT, ECDFs of
/// steps and of time, convergence. Never runs a solver.
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
    let plots = args.plots.unwrap_or_else(|| {
        PathBuf::from("plots").join(plot::data::experiment_name(&args.data_dir))
    });
    let report = plot::render(&args.data_dir, &plots)?;
    for note in &report.notes {
        queens::stderr_line!("note: {note}");
    }
    let mut out = io::stdout().lock();
    for file in &report.files {
        writeln!(out, "{}", file.display())?;
    }
    Ok(Exit::Success)
}
