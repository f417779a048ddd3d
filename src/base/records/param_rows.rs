//! params.csv: the parameters and the budget of every label in long, tidy
//! form — one [`ParamRow`] per key, `label, algorithm, source, key, value` —
//! written whole through the atomic writer. A label's `param` rows joined
//! `key=value` with `;` are its `params` column in runs.csv; its `budget`
//! rows (one per limit that is set, none for an unlimited budget) are its
//! `budget` column. Values are text of mixed kinds (`100`, `0.5`, `true`,
//! `first`): read the `value` column as text.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::csv_file::{Rewrite, WrittenFile, write_rows_with_header};
use super::error::RecordsResult;
use super::header::columns;

/// Where a key of params.csv comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ParamSource {
    /// A parameter in effect (defaults filled in).
    Param,
    /// A budget limit that is set.
    Budget,
}

/// One key of one label: a row of `params.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParamRow {
    /// The label (as in runs.csv).
    pub label: String,
    /// The registry name of the algorithm.
    pub algorithm: String,
    /// `param` or `budget`.
    pub source: ParamSource,
    /// The parameter's name, or the limit's (`max_steps`, `max_restarts`,
    /// `max_checks`, `time_limit`).
    pub key: String,
    /// The value as canonical text, as in the `params` and `budget` columns.
    pub value: String,
}

/// Writes `rows` to `path` as CSV with its header, also when there are no
/// rows.
pub fn write_params(path: &Path, rows: &[ParamRow]) -> RecordsResult<WrittenFile> {
    write_rows_with_header(path, rows, columns::<ParamRow>(), Rewrite::Always)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_params_file_has_the_header_and_rows_read_back() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("params.csv");
        write_params(&path, &[]).expect("written");
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            "label,algorithm,source,key,value\n"
        );
        let row = ParamRow {
            label: "a, b".into(),
            algorithm: "min-conflicts".into(),
            source: ParamSource::Budget,
            key: "time_limit".into(),
            value: "0.5".into(),
        };
        write_params(&path, std::slice::from_ref(&row)).expect("written");
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            "label,algorithm,source,key,value\n\"a, b\",min-conflicts,budget,time_limit,0.5\n"
        );
        assert_eq!(
            super::super::read_rows::<ParamRow>(&path).expect("read"),
            [row]
        );
    }
}
