//! The check every reader of a finished runs.csv makes besides "each trial
//! once" ([`crate::base::records::read_runs`]): each row is a trial of the
//! plan of the config stored in the data directory's metadata.json — its
//! label, board size and trial index planned, and its seed the one the
//! plan gives that trial. A row appended from another experiment, or
//! edited by hand, would otherwise be counted in every statistic.
//! `queens summarize`, the charts, the comparison and the exports call
//! [`check_rows`]; a resume and a merge check the same through the plan
//! they build anyway.
//!
//! A data directory without a complete metadata.json (hand-made data may
//! carry only the experiment's name) has no stored plan and is not
//! checked.

use std::path::{Path, PathBuf};

use super::config::{self, Programs};
use super::diagnostics::ConfigError;
use super::plan::{PlanIndex, plan};
use crate::base::records::{DataDir, Metadata, RunRecord};
use crate::base::shell;

/// At most this many lines are named in the message.
const LINES_NAMED: usize = 5;

/// Why the rows of a runs.csv are not those of its stored plan.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlanCheckError {
    /// The config stored in metadata.json does not load.
    #[error(
        "the config stored in {} does not load with this version of queens, so the rows of runs.csv cannot be checked against its plan: run the experiment again with this version (`queens run CONFIG --fresh --data {}`)",
        metadata.display(),
        shell::path(metadata.parent().unwrap_or(Path::new(".")))
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
        "{}: {} (first: label '{}', n = {}, trial {}) {} no trial of the plan of the config stored in {}; delete {} (`queens run` runs a deleted trial again), or run the experiment again with --fresh",
        rows.runs.display(),
        lines_text(&rows.lines, rows.count),
        rows.first.0.escape_debug(),
        rows.first.1,
        rows.first.2,
        if rows.count == 1 { "is" } else { "are" },
        rows.metadata.display(),
        if rows.count == 1 { "that line" } else { "those lines" }
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

/// Checks `rows`, the rows of the runs file at `runs` in file order (row
/// `i` on line `i + 2`), against the plan of the config stored in `dir`'s
/// metadata.json; passes when there is no complete metadata.json.
pub fn check_rows(dir: &Path, runs: &Path, rows: &[RunRecord]) -> Result<(), PlanCheckError> {
    let metadata_path = DataDir::new(dir).metadata();
    let Some(metadata) = complete_metadata(&metadata_path) else {
        return Ok(());
    };
    let experiment = config::load_checking(
        &metadata.config_source,
        &metadata.config_text,
        Programs::AsStored,
    )
    .map_err(|source| PlanCheckError::StoredConfig {
        metadata: metadata_path.clone(),
        source: Box::new(source),
    })?;
    let trials = plan(&experiment);
    let index = PlanIndex::new(&experiment, &trials);
    let mut lines = Vec::new();
    let mut count = 0;
    let mut first = None;
    for (i, row) in rows.iter().enumerate() {
        let planned = index
            .locate(&row.label, row.n, row.trial)
            .is_some_and(|p| trials[p].seed == row.seed);
        if planned {
            continue;
        }
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
                metadata: metadata_path,
                lines,
                count,
                first,
            }),
        }),
    }
}

/// The labels of the config stored in `dir`'s metadata.json, in the order
/// the config declares them; `None` without a complete metadata.json or
/// when its config does not load (the check of the rows reports that).
pub fn stored_labels(dir: &Path) -> Option<Vec<String>> {
    let metadata = complete_metadata(&DataDir::new(dir).metadata())?;
    let experiment = config::load_checking(
        &metadata.config_source,
        &metadata.config_text,
        Programs::AsStored,
    )
    .ok()?;
    Some(experiment.entries.iter().map(|e| e.label.clone()).collect())
}

/// metadata.json at `path` when it exists and holds every field a run
/// writes.
fn complete_metadata(path: &Path) -> Option<Metadata> {
    let text = std::fs::read_to_string(path).ok()?;
    serde_json::from_str(&text).ok()
}
