//! What the charts draw from, taken from an open store
//! ([`crate::store::Store`]): its runs, summary and traces, read and checked
//! there, the order of its labels and the targets of the traces' views.

use std::path::PathBuf;

use crate::analysis::targets::TargetRule;
use crate::base::records::{RunRecord, SummaryRow, TraceRecord};
use crate::store::Store;
use crate::store::error::StoreError;

/// Everything the charts draw from.
#[derive(Clone, Debug)]
pub struct ExperimentData {
    /// The experiment's name, for titles.
    pub name: String,
    /// Where the runs came from (runs.csv of the data directory), for
    /// messages.
    pub source: PathBuf,
    /// The rows of runs.csv, less those that ended in an external
    /// program's error (no trials of the algorithm, never drawn).
    pub runs: Vec<RunRecord>,
    /// The rows of summary.csv.
    pub summary: Vec<SummaryRow>,
    /// The rows of traces.csv, when the experiment wrote traces.
    pub traces: Option<Vec<TraceRecord>>,
    /// The labels in the order the stored config declares them (the order
    /// of every legend); empty without a stored config.
    pub label_order: Vec<String>,
    /// The targets of the traces' views: the stored config's `targets`,
    /// else the default rule.
    pub targets: TargetRule,
}

impl ExperimentData {
    /// The charts' data of the experiment in `store`.
    pub fn from_store(store: &Store) -> Result<ExperimentData, StoreError> {
        let summary = store.summary()?.to_vec();
        let runs = store
            .runs()?
            .iter()
            .filter(|r| !r.stop_reason.is_program_error())
            .cloned()
            .collect();
        Ok(ExperimentData {
            name: store.name(),
            source: store.runs_file(),
            runs,
            summary,
            traces: store.traces()?.map(<[TraceRecord]>::to_vec),
            label_order: store.label_order().to_vec(),
            targets: store.target_rule().clone(),
        })
    }

    /// Every label in any of the files.
    pub fn labels(&self) -> impl Iterator<Item = &str> {
        let traces = self.traces.iter().flatten().map(|t| t.label.as_str());
        self.summary
            .iter()
            .map(|s| s.label.as_str())
            .chain(self.runs.iter().map(|r| r.label.as_str()))
            .chain(traces)
    }
}
