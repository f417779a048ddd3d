//! runs.csv read once, whole, with every rule a reader relies on: the file
//! ends with a whole line (a line cut short is named, not dropped), every
//! row fits its columns, each trial — named by (label, n, trial) — appears
//! once (a duplicated row would count a trial twice in every statistic),
//! and a row's `solved` and `stop_reason` agree (a trial is solved exactly
//! when it stopped because it found a solution). The bytes are hashed in
//! the same pass ([`RunsDigest`]), so the derived files are checked against
//! the runs that were read. That each row is a trial of the stored plan is
//! checked by the store with [`super::stored_plan`].

use std::collections::HashMap;
use std::path::Path;

use crate::base::outcome::StopReason;
use crate::base::records::{
    RecordsError, RecordsResult, RunRecord, read_whole_lines, rows_from_bytes,
};

use super::derived::RunsDigest;

/// runs.csv as read: its rows in file order and the digest of its bytes.
#[derive(Clone, Debug)]
pub struct Runs {
    /// The rows, in file order (row `i` on line `i + 2`).
    pub rows: Vec<RunRecord>,
    /// The SHA-256 of the file's bytes.
    pub digest: RunsDigest,
}

/// Reads the runs file at `path` once: refused when its last line is cut
/// short, a row does not fit, a trial appears twice or a row contradicts
/// itself. `None` when the file does not exist.
pub fn read(path: &Path) -> RecordsResult<Option<Runs>> {
    let Some(bytes) = read_whole_lines(path)? else {
        return Ok(None);
    };
    let rows = rows_from_bytes(path, &bytes)?;
    check_rows(path, &rows)?;
    Ok(Some(Runs {
        rows,
        digest: RunsDigest::of_bytes(&bytes),
    }))
}

/// The rules of the rows of the runs file at `path`, in file order: each
/// trial once, `solved` and `stop_reason` agreeing.
pub fn check_rows(path: &Path, rows: &[RunRecord]) -> RecordsResult<()> {
    check_unique_trials(path, rows)?;
    check_consistent(path, rows)
}

/// Refuses `rows`, the rows of the runs file at `path` in file order (row
/// `i` on line `i + 2`, after the header), when a (label, n, trial)
/// appears twice: the error names both lines.
fn check_unique_trials(path: &Path, rows: &[RunRecord]) -> RecordsResult<()> {
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

/// Refuses the first row of `rows` whose `solved` says otherwise than its
/// `stop_reason`, naming its line and both cells.
fn check_consistent(path: &Path, rows: &[RunRecord]) -> RecordsResult<()> {
    let contradictory = rows
        .iter()
        .position(|r| r.solved != (r.stop_reason == StopReason::Solved));
    match contradictory {
        None => Ok(()),
        Some(i) => Err(RecordsError::Contradictory {
            path: path.to_path_buf(),
            line: i + 2,
            solved: rows[i].solved,
            stop_reason: rows[i].stop_reason.as_str().to_owned(),
        }),
    }
}
