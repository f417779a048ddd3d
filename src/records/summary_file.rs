//! summary.csv: one [`SummaryRow`] per (label, n), written whole through the
//! atomic writer. Its header is the field names of [`SummaryRow`]
//! ([`columns`]), so an empty summary has the same columns as a full one.

use std::path::Path;

use super::csv_file::write_rows_with_header;
use super::error::RecordsResult;
use super::header::columns;
use super::rows::SummaryRow;

/// Writes `rows` to `path` as CSV with its header, also when there are no
/// rows.
pub fn write_summary(path: &Path, rows: &[SummaryRow]) -> RecordsResult<()> {
    write_rows_with_header(path, rows, columns::<SummaryRow>())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The header, by the naming rule `<measure>_<statistic>` and
    /// `ert_<measure>`, for steps, checks, evaluations and seconds.
    fn expected_header() -> String {
        let mut columns: Vec<String> = "label,algorithm,step_unit,params,budget,n,trials,\
            successes,success_rate,success_ci_low,success_ci_high"
            .split(',')
            .map(String::from)
            .collect();
        for m in ["steps", "checks", "evaluations", "seconds"] {
            for s in [
                "mean",
                "median",
                "median_ci_low",
                "median_ci_high",
                "p10",
                "p25",
                "p75",
                "p90",
            ] {
                columns.push(format!("{m}_{s}"));
            }
            for e in ["", "_ci_low", "_ci_high"] {
                columns.push(format!("ert_{m}{e}"));
            }
        }
        columns.join(",")
    }

    #[test]
    fn an_empty_summary_has_every_column_named_by_the_rule() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("summary.csv");
        write_summary(&path, &[]).expect("written");
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            format!("{}\n", expected_header())
        );
    }
}
