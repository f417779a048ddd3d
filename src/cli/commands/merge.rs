//! `queens merge`: combine the shards of a run (`queens run --shard I/K`)
//! into one runs.csv, summary.csv, params.csv and metadata.json, then draw the
//! charts and compare the labels (compare.csv, ranking.csv).

use std::path::PathBuf;

use queens::finish::{Steps, finish};
use queens::run::merge::merge;
use queens::store::plots_dir_of;

use crate::cli::Exit;
use crate::cli::terminal::finishing::{Notes, print_summary};
use crate::cli::terminal::stderr::stderr_line;

/// Combine the shards of an experiment into one runs.csv and summary.
///
/// Looks for runs.shard-I-of-K.csv and metadata.shard-I-of-K.json in every
/// DIR; refuses shards of different configs, a missing shard and an
/// incomplete one, and a target directory that holds the results of another
/// config or that another queens process is writing.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// Data directories holding the shards.
    #[arg(required = true, value_name = "DIR")]
    dirs: Vec<PathBuf>,
    /// Where the merged files go [default: the first DIR].
    #[arg(long, value_name = "DIR")]
    into: Option<PathBuf>,
    /// The charts directory [default: plots/<name>].
    #[arg(long, value_name = "DIR")]
    plots: Option<PathBuf>,
}

/// Merges the shards, draws the charts and compares the labels.
pub fn run(args: MergeArgs) -> anyhow::Result<Exit> {
    let into = args.into.clone().unwrap_or_else(|| args.dirs[0].clone());
    let (report, mut store) = merge(&args.dirs, &into)?;
    stderr_line!(
        "{}: merged {} shards, {} trials, into {}",
        report.experiment,
        report.shards,
        report.trials,
        store.runs_file().display()
    );
    let plots = args
        .plots
        .unwrap_or_else(|| plots_dir_of(&report.experiment));
    let finished = finish(&mut store, &plots, Steps::ALL, &Default::default(), &Notes)?;
    print_summary(&finished, &plots, false);
    Ok(Exit::Success)
}
