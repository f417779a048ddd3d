//! The plan of the config stored in a data directory's metadata.json,
//! loaded once when the store opens (or taken from the experiment a run
//! holds), and the check every reader of runs.csv makes with it besides
//! "each trial once": each row is a trial of that plan — its label, board
//! size and trial index planned, and its seed the one the plan gives that
//! trial. A row appended from another experiment, or edited by hand, would
//! otherwise be counted in every statistic. The same plan says which
//! traces.csv rows belong to the experiment, the order of its labels (the
//! order of every legend and table), the questions its report answers and
//! the targets of the traces' views (the config's `targets`, else the
//! default rule).
//!
//! A data directory without a complete metadata.json (hand-made data may
//! carry only the experiment's name) has no stored plan and is not
//! checked.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::analysis::targets::TargetRule;
use crate::base::records::{Metadata, RunRecord};
use crate::base::remedy::{Remedy, Setting};
use crate::experiment::config::{self, Experiment, Programs};
use crate::experiment::diagnostics::ConfigError;
use crate::experiment::plan::plan;
use crate::experiment::question::Question;

/// At most this many lines are named in the message.
const LINES_NAMED: usize = 5;

/// Why the rows of a runs.csv are not those of its stored plan.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlanCheckError {
    /// The config stored in metadata.json does not load.
    #[error(
        "the config stored in {} does not load with this version of queens, so the rows of runs.csv cannot be checked against its plan: run the experiment again with this version (`{}`)",
        metadata.display(),
        Remedy::RunFresh { data: Some(metadata.parent().unwrap_or(Path::new(".")).to_owned()) }
    )]
    StoredConfig {
        /// metadata.json.
        metadata: PathBuf,
        /// Why it does not load.
        #[source]
        source: Box<ConfigError>,
    },
    /// Rows that are no trial of the stored plan.
    #[error(
        "{}: {} (first: label '{}', n = {}, trial {}) {} no trial of the plan of the config stored in {}; delete {} (`{}` runs a deleted trial again), or run the experiment again with {}",
        rows.runs.display(),
        lines_text(&rows.lines, rows.count),
        rows.first.0.escape_debug(),
        rows.first.1,
        rows.first.2,
        if rows.count == 1 { "is" } else { "are" },
        rows.metadata.display(),
        if rows.count == 1 { "that line" } else { "those lines" },
        Remedy::Run { data: rows.runs.parent().filter(|d| !d.as_os_str().is_empty()).map(Path::to_owned) },
        Remedy::Set(Setting::Fresh)
    )]
    Unplanned {
        /// The rows.
        rows: Box<UnplannedRows>,
    },
}

/// The rows of a runs file that are no trial of its stored plan.
#[derive(Debug)]
pub struct UnplannedRows {
    /// The runs file.
    pub runs: PathBuf,
    /// The metadata holding the plan's config.
    pub metadata: PathBuf,
    /// The first lines (the header is line 1) of such rows.
    pub lines: Vec<usize>,
    /// How many rows are not planned.
    pub count: usize,
    /// The first such row's label, board size and trial index.
    pub first: (String, u64, u64),
}

/// "line 7", "lines 7, 9" or "lines 7, 9, … (12 rows)".
fn lines_text(lines: &[usize], count: usize) -> String {
    let listed: Vec<String> = lines.iter().map(usize::to_string).collect();
    match count {
        1 => format!("line {}", listed.join(", ")),
        _ if count <= lines.len() => format!("lines {}", listed.join(", ")),
        _ => format!("lines {}, … ({count} rows)", listed.join(", ")),
    }
}

/// The plan of an experiment's config, owned: its labels in config order,
/// its questions, and the seed of every planned (label, n, trial).
#[derive(Clone, Debug)]
pub struct StoredPlan {
    /// The labels, in the order the config declares them.
    labels: Vec<String>,
    /// The questions the config asks.
    questions: Vec<Question>,
    /// The targets of the traces' views.
    targets: TargetRule,
    /// Each label's position in `labels`.
    entry_of: HashMap<String, usize>,
    /// The seed of each planned (entry, n, trial).
    seeds: HashMap<(usize, u64, u64), u64>,
}

impl StoredPlan {
    /// The plan of `experiment`.
    pub fn of(experiment: &Experiment) -> StoredPlan {
        let seeds = plan(experiment)
            .into_iter()
            .map(|t| ((t.entry, t.n, t.trial), t.seed))
            .collect();
        let labels: Vec<String> = experiment.entries.iter().map(|e| e.label.clone()).collect();
        StoredPlan {
            entry_of: labels
                .iter()
                .enumerate()
                .map(|(i, l)| (l.clone(), i))
                .collect(),
            labels,
            questions: experiment.questions.clone(),
            targets: experiment.targets.clone(),
            seeds,
        }
    }

    /// The plan of the config stored in `metadata` (read from the file at
    /// `path`), loaded once.
    pub fn load(metadata: &Metadata, path: &Path) -> Result<StoredPlan, PlanCheckError> {
        let experiment = config::load_checking(
            &metadata.config_source,
            &metadata.config_text,
            Programs::AsStored,
        )
        .map_err(|source| PlanCheckError::StoredConfig {
            metadata: path.to_owned(),
            source: Box::new(source),
        })?;
        Ok(StoredPlan::of(&experiment))
    }

    /// The labels, in the order the config declares them.
    pub fn labels(&self) -> &[String] {
        &self.labels
    }

    /// The questions the config asks.
    pub fn questions(&self) -> &[Question] {
        &self.questions
    }

    /// The targets of the traces' views: the config's `targets`, else the
    /// default rule.
    pub fn targets(&self) -> &TargetRule {
        &self.targets
    }

    /// The seed the plan gives trial `trial` of (`label`, `n`), if planned.
    pub fn seed(&self, label: &str, n: u64, trial: u64) -> Option<u64> {
        let entry = *self.entry_of.get(label)?;
        self.seeds.get(&(entry, n, trial)).copied()
    }

    /// Checks `rows`, the rows of the runs file at `runs` in file order
    /// (row `i` on line `i + 2`), against the plan stored in `metadata`.
    pub fn check_rows(
        &self,
        runs: &Path,
        metadata: &Path,
        rows: &[RunRecord],
    ) -> Result<(), PlanCheckError> {
        let unplanned = rows
            .iter()
            .enumerate()
            .filter(|(_, row)| self.seed(&row.label, row.n, row.trial) != Some(row.seed));
        let mut lines = Vec::new();
        let mut count = 0;
        let mut first = None;
        for (i, row) in unplanned {
            count += 1;
            if lines.len() < LINES_NAMED {
                lines.push(i + 2);
            }
            first.get_or_insert_with(|| (row.label.clone(), row.n, row.trial));
        }
        match first {
            None => Ok(()),
            Some(first) => Err(PlanCheckError::Unplanned {
                rows: Box::new(UnplannedRows {
                    runs: runs.to_owned(),
                    metadata: metadata.to_owned(),
                    lines,
                    count,
                    first,
                }),
            }),
        }
    }
}
