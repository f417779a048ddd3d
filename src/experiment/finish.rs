//! The finishing step of a run and of a merge: runs.csv rewritten in plan
//! order, traces.csv in plan order (when the config traces), summary.csv
//! from the rows, and metadata.json — every file through the atomic writer,
//! so none depends on the order in which trials finished.

use super::data_dir::RunFiles;
use super::error::RunResult;
use super::metadata::{self, Metadata};
use super::plan::PlanIndex;
use crate::analysis::summary::summarize;
use crate::records::{RunRecord, TraceRecord, write_rows, write_summary};

/// Writes the finished files of a run or a merge into `files`: `runs` (in
/// plan order already), `traces` (any order; `None` when the config does not
/// trace) sorted by their trial's position in `index` — rows of a trial keep
/// their order, rows of no planned trial are dropped — the summary (when the
/// files have one) and `metadata`.
pub fn write_results(
    files: &RunFiles,
    index: &PlanIndex<'_>,
    runs: &[RunRecord],
    traces: Option<Vec<TraceRecord>>,
    metadata: &Metadata,
) -> RunResult<()> {
    write_rows(&files.runs, runs)?;
    if let Some(traces) = traces {
        let mut keyed: Vec<(usize, TraceRecord)> = traces
            .into_iter()
            .filter_map(|r| index.locate(&r.label, r.n, r.trial).map(|p| (p, r)))
            .collect();
        keyed.sort_by_key(|(p, _)| *p);
        let sorted: Vec<TraceRecord> = keyed.into_iter().map(|(_, r)| r).collect();
        write_rows(&files.traces, &sorted)?;
    }
    if let Some(summary) = &files.summary {
        write_summary(summary, &summarize(runs))?;
    }
    metadata::write(&files.metadata, metadata)
}
