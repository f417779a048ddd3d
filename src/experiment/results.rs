//! The finishing step of a run and of a merge: runs.csv rewritten in plan
//! order, traces.csv in plan order (when the config traces; streamed from
//! the files the trials were appended to, see `trace_file.rs`), summary.csv
//! from the rows, params.csv from the config (`params_file.rs`), the
//! record of the runs.csv they were computed from (derived.json,
//! [`crate::base::records::derived`]) and metadata.json — every file
//! through the atomic writer, so none depends on the order in which trials
//! finished.

use super::config::Experiment;
use super::data_dir::RunFiles;
use super::error::RunResult;
use super::params_file::param_rows;
use super::plan::PlanIndex;
use super::trace_file::TraceBlocks;
use crate::analysis::summary::summarize;
use crate::base::records::derived::{self, RunsDigest};
use crate::base::records::metadata::{self, Metadata};
use crate::base::records::{
    PARAMS_FILE, RunRecord, SUMMARY_FILE, write_params, write_rows, write_summary,
};

use std::path::{Path, PathBuf};

/// Writes the finished files of a run or a merge into `files`: `runs` (in
/// plan order already), the rows of the `traces` files (any order; `None`
/// when the config does not trace) sorted by their trial's position in
/// `index` — rows of a trial keep their order, rows of no planned trial are
/// dropped — the summary and the params of `experiment` (when the files
/// have them, with their record in derived.json) and `metadata`.
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
    let mut derived_files = Vec::new();
    if let Some(summary) = &files.summary {
        write_summary(summary, &summarize(runs))?;
        derived_files.push(SUMMARY_FILE);
    }
    if let Some(params) = &files.params {
        write_params(params, &param_rows(experiment))?;
        derived_files.push(PARAMS_FILE);
    }
    if !derived_files.is_empty() {
        let dir = files.runs.parent().unwrap_or(Path::new("."));
        derived::record(dir, &derived_files, &RunsDigest::of_dir(dir)?)?;
    }
    Ok(metadata::write(&files.metadata, metadata)?)
}
