//! traces.csv read once, whole, with the rules a reader relies on: the file
//! ends with a whole line (a line cut short is named, not dropped), every
//! row fits its columns, and every row is a point of a trial of the stored
//! plan (a row of another size or trial, appended or edited by hand, would
//! otherwise enter the fixed-target, fixed-budget and runtime-ECDF views).

use std::path::Path;

use crate::base::records::{TraceRecord, read_whole_lines, rows_from_bytes};

use super::error::{StoreError, StoreResult};
use super::stored_plan::StoredPlan;

/// Reads the traces file at `path`, checking each row against `plan` (the
/// stored plan, whose config is in `metadata`) when there is one; `None`
/// when the file does not exist or holds no rows.
pub fn read(
    path: &Path,
    plan: Option<&StoredPlan>,
    metadata: &Path,
) -> StoreResult<Option<Vec<TraceRecord>>> {
    let Some(bytes) = read_whole_lines(path)? else {
        return Ok(None);
    };
    let rows: Vec<TraceRecord> = rows_from_bytes(path, &bytes)?;
    if let Some(plan) = plan {
        let unplanned = rows
            .iter()
            .position(|r| plan.seed(&r.label, r.n, r.trial).is_none());
        if let Some(i) = unplanned {
            let row = &rows[i];
            return Err(StoreError::UnplannedTrace {
                traces: path.to_path_buf(),
                line: i + 2,
                label: row.label.clone(),
                n: row.n,
                trial: row.trial,
                metadata: metadata.to_path_buf(),
            });
        }
    }
    Ok((!rows.is_empty()).then_some(rows))
}
