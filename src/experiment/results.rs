//! The finishing step of a run and of a merge: runs.csv rewritten in plan
//! order, traces.csv in plan order (when the config traces; streamed from
//! the files the trials were appended to, see `trace_file.rs`), summary.csv
//! from the rows, params.csv from the config (`params_file.rs`), and
//! metadata.json — every file through the atomic writer,
//! so none depends on the order in which trials finished.

use super::config::Experiment;
use super::data_dir::RunFiles;
use super::error::RunResult;
use super::params_file::param_rows;
use super::plan::PlanIndex;
use super::trace_file::TraceBlocks;
use crate::analysis::summary::summarize;
use crate::base::records::metadata::{self, Metadata};
use crate::base::records::{RunRecord, write_params, write_rows, write_summary};

use std::path::PathBuf;

/// Writes the finished files of a run or a merge into `files`: `runs` (in
/// plan order already), the rows of the `traces` files (any order; `None`
/// when the config does not trace) sorted by their trial's position in
/// `index` — rows of a trial keep their order, rows of no planned trial are
/// dropped — the summary and the params of `experiment` (when the files
/// have them) and `metadata`.
pub fn write_results(
    experiment: &Experiment,
    files: &RunFiles,
    index: &PlanIndex<'_>,
    runs: &[RunRecord],
    traces: Option<&[PathBuf]>,
    metadata: &Metadata,
) -> RunResult<()> {
    write_rows(&files.runs, runs)?;
    if let Some(sources) = traces {
        TraceBlocks::scan(sources, index)?.write(&files.traces)?;
    }
    if let Some(summary) = &files.summary {
        write_summary(summary, &summarize(runs))?;
    }
    if let Some(params) = &files.params {
        write_params(params, &param_rows(experiment))?;
    }
    Ok(metadata::write(&files.metadata, metadata)?)
}
