//! runs.csv read whole with the rule every reader of it relies on: each
//! trial, named by (label, n, trial), appears once. A duplicated row (a
//! file edited, concatenated or appended to by hand) would count a trial
//! twice in every statistic, so it is an error naming both lines and the
//! way out, wherever runs.csv is read: resume, merge, summarize, compare,
//! the charts and the exports all call [`read_runs`] or, when they read
//! the rows themselves, [`check_unique_trials`]. That each row is a trial of
//! the stored plan is checked a layer up, where the plan is known
//! (`experiment::stored_plan`).

use std::collections::HashMap;
use std::path::Path;

use super::csv_file::read_rows;
use super::error::{RecordsError, RecordsResult};
use super::rows::RunRecord;

/// Reads the rows of the runs file at `path` ([`read_rows`]: a torn last
/// line is ignored, a missing file has no rows) and refuses a trial that
/// appears twice ([`check_unique_trials`]).
pub fn read_runs(path: &Path) -> RecordsResult<Vec<RunRecord>> {
    let rows = read_rows(path)?;
    check_unique_trials(path, &rows)?;
    Ok(rows)
}

/// Refuses `rows`, the rows of the runs file at `path` in file order (row
/// `i` on line `i + 2`, after the header), when a (label, n, trial)
/// appears twice: the error names both lines.
pub fn check_unique_trials(path: &Path, rows: &[RunRecord]) -> RecordsResult<()> {
    let mut seen: HashMap<(&str, u64, u64), usize> = HashMap::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        if let Some(first) = seen.insert((row.label.as_str(), row.n, row.trial), i) {
            return Err(RecordsError::DuplicateTrial {
                path: path.to_path_buf(),
                label: row.label.clone(),
                n: row.n,
                trial: row.trial,
                first_line: first + 2,
                second_line: i + 2,
            });
        }
    }
    Ok(())
}
