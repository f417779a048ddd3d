//! `queens export`: writes an experiment's data in a format other tools
//! read; today the IOHprofiler format of IOHanalyzer and `iohinspector`
//! ([`queens::export::ioh`] holds the conventions).

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;

use queens::base::records::Measure;
use queens::export::ioh;
use queens::store::Store;

use crate::cli::Exit;
use crate::cli::terminal::output_file::STDOUT_FAILED;
use crate::cli::terminal::stderr::stderr_line;

/// Write an experiment in the IOHprofiler format (IOHanalyzer, iohinspector).
///
/// Reads runs.csv (and traces.csv when present) in DATA_DIR and writes, per
/// label, a folder with a JSON info file and one .dat file per board size:
/// the experiment is the function (minimised), N the dimension, the label
/// the algorithm, each trial a run (instance 1; its trial index and seed as
/// run attributes), the chosen measure the evaluations and attacking pairs
/// the objective, 0 when solved. Traced trials log each improvement; the
/// others their final board. A solution is written at the trial's final
/// count, so fixed-target ERT at target 0 equals summary.csv's ERT.
/// IOH stores the dimension in 16 bits: N above 65535 is refused unless
/// --omit-large-sizes leaves it out. Open the directory with iohinspector
/// (`DataManager().add_folder(DIR)`) or zip it and upload it to
/// IOHanalyzer's web app. Never runs a solver.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// The format to write: ioh (the IOHprofiler JSON + .dat layout).
    #[arg(long, value_name = "FORMAT", value_parser = ["ioh"])]
    format: String,
    /// The experiment's data directory (as written by `queens run`).
    #[arg(value_name = "DATA_DIR")]
    data_dir: PathBuf,
    /// The directory to write; it must be new or empty (see --force).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// The count written as IOH's evaluations: checks (the unit every
    /// algorithm counts alike), evaluations (whole-board evaluations; only
    /// when every label evaluates boards) or steps (only when every label
    /// counts steps in one unit).
    #[arg(long, value_name = "MEASURE", default_value = "checks", value_parser = measure)]
    measure: Measure,
    /// Leave out the board sizes above 65535 (IOH stores the dimension in
    /// 16 bits) instead of refusing the export.
    #[arg(long)]
    omit_large_sizes: bool,
    /// Replace an earlier export in --out (refused if it holds anything but
    /// .json and .dat files). The new export replaces it whole, or not at all.
    #[arg(long)]
    force: bool,
}

/// Parses `--measure`: a count, not wall time.
fn measure(name: &str) -> Result<Measure, String> {
    match Measure::parse(name) {
        Ok(Measure::Seconds) | Err(_) => Err(format!(
            "'{name}' cannot be IOH's evaluations: use checks, evaluations or steps"
        )),
        Ok(m) => Ok(m),
    }
}

/// Builds the export, writes it and says what was written.
pub fn run(args: ExportArgs) -> anyhow::Result<Exit> {
    let options = ioh::Options {
        measure: args.measure,
        omit_large_sizes: args.omit_large_sizes,
    };
    let store = Store::open(&args.data_dir)?;
    let export = ioh::write(&store, options, &args.out, args.force)?;
    for (label, n) in &export.omitted {
        stderr_line!(
            "note: left out {label} at N = {n}: above {}, the largest dimension IOH stores",
            ioh::MAX_DIMENSION
        );
    }
    if export.raised_to_one > 0 {
        stderr_line!(
            "note: {} run{} cost 0 {}; IOH counts evaluations from 1, so they are written at 1 and ERT from the export exceeds summary.csv's there",
            export.raised_to_one,
            if export.raised_to_one == 1 { "" } else { "s" },
            args.measure.name()
        );
    }
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "wrote {}: {} algorithm{}, {} runs, evaluations = {}",
        args.out.display(),
        export.algorithms,
        if export.algorithms == 1 { "" } else { "s" },
        export.runs,
        args.measure.name()
    )
    .context(STDOUT_FAILED)?;
    Ok(Exit::Success)
}
