//! summary.csv: one [`SummaryRow`] per (label, n), written whole through the
//! atomic writer. Its header is [`SummaryRow::columns`], so an empty
//! summary has the same columns as a full one.

use std::path::Path;

use super::csv_file::{Rewrite, WrittenFile, write_rows_with_header};
use super::error::RecordsResult;
use super::summary_row::SummaryRow;

/// Writes `rows` to `path` as CSV with its header, also when there are no
/// rows.
pub fn write_summary(path: &Path, rows: &[SummaryRow]) -> RecordsResult<WrittenFile> {
    write_rows_with_header(path, rows, SummaryRow::columns(), Rewrite::Always)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::records::csv_file::read_rows;
    use crate::base::records::{Measure, MeasureSample, MeasureSummary};

    /// The header of summary.csv, written out: the cell's columns, then
    /// each measure's block (its maximum and heavy-tail flag included).
    fn documented_header() -> String {
        let block = |m: &str| {
            format!(
                "{m}_mean,{m}_median,{m}_median_ci_low,{m}_median_ci_high,{m}_p10,{m}_p25,\
                 {m}_p75,{m}_p90,{m}_max,ert_{m},ert_{m}_ci_low,ert_{m}_ci_high,{m}_heavy_tail"
            )
        };
        format!(
            "label,algorithm,step_unit,params,budget,n,trials,errors,successes,proved,unknown_work,success_rate,\
             success_ci_low,success_ci_high,{},{},{},{}",
            block("steps"),
            block("checks"),
            block("evaluations"),
            block("seconds")
        )
    }

    /// A sample whose every primitive is `.0` (an interval from `.0` to
    /// `.0`), ERT `.1`.
    struct Constant(Option<f64>, f64);

    impl MeasureSample for Constant {
        fn mean(&self) -> Option<f64> {
            self.0
        }

        fn quantile(&self, _: f64) -> Option<f64> {
            self.0
        }

        fn median_interval(&self) -> Option<(f64, f64)> {
            self.0.map(|v| (v, v))
        }

        fn ert(&self) -> Option<f64> {
            Some(self.1)
        }

        fn ert_interval(&self) -> Option<(f64, f64)> {
            self.0.map(|v| (v, v))
        }

        fn heavy_tail(&self) -> bool {
            self.0.is_some()
        }
    }

    /// A block whose every statistic is `value`, ERT `ert`.
    fn block(value: Option<f64>, ert: f64) -> MeasureSummary {
        MeasureSummary::of(&Constant(value, ert))
    }

    fn row() -> SummaryRow {
        SummaryRow {
            label: "a, b".to_owned(),
            algorithm: "csp".to_owned(),
            step_unit: "node".to_owned(),
            params: "none".to_owned(),
            budget: "unlimited".to_owned(),
            n: 8,
            trials: 3,
            errors: 1,
            successes: 0,
            proved: 0,
            unknown_work: 0,
            success_rate: Some(0.0),
            success_ci_low: Some(0.0),
            success_ci_high: Some(0.56),
            steps: block(Some(1.5), 2.5),
            checks: block(None, f64::INFINITY),
            evaluations: block(Some(0.0), 0.0),
            seconds: block(Some(7.08e-7), 3.255e-6),
        }
    }

    #[test]
    fn the_columns_are_the_documented_ones() {
        assert_eq!(SummaryRow::columns().join(","), documented_header());
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("summary.csv");
        write_summary(&path, &[]).expect("written");
        let empty = std::fs::read_to_string(&path).expect("read");
        assert_eq!(empty, format!("{}\n", documented_header()));
        write_summary(&path, &[row()]).expect("written");
        let full = std::fs::read_to_string(&path).expect("read");
        assert_eq!(full.lines().next(), Some(documented_header().as_str()));
    }

    #[test]
    fn a_row_reads_back_exactly_with_values_spelled_for_r_and_pandas() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("summary.csv");
        write_summary(&path, &[row()]).expect("written");
        let text = std::fs::read_to_string(&path).expect("read");
        let line = text.lines().nth(1).expect("a row");
        assert!(
            line.starts_with("\"a, b\",csp,node,none,unlimited,8,3,1,0,0,0,0.0,0.0,0.56,1.5,"),
            "{line}"
        );
        assert!(
            line.contains(",Inf,NA,NA,FALSE,0.0,"),
            "checks end, evaluations begin: {line}"
        );
        assert!(line.ends_with(",3.255e-6,7.08e-7,7.08e-7,TRUE"), "{line}");
        let rows: Vec<SummaryRow> = read_rows(&path).expect("read back");
        assert_eq!(rows, [row()]);
        assert_eq!(rows[0].measure(Measure::Seconds).ert, Some(3.255e-6));
    }

    #[test]
    fn columns_are_read_by_name_and_a_bad_one_is_named() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("summary.csv");
        write_summary(&path, &[row()]).expect("written");
        let text = std::fs::read_to_string(&path).expect("read");
        let mut records: Vec<Vec<String>> = csv::Reader::from_reader(text.as_bytes())
            .records()
            .map(|r| r.expect("a record").iter().map(str::to_owned).collect())
            .collect();
        records.insert(
            0,
            SummaryRow::columns()
                .iter()
                .map(|c| c.to_string())
                .collect(),
        );
        let written = |records: &[Vec<String>]| {
            let mut w = csv::Writer::from_path(&path).expect("opened");
            for r in records {
                w.write_record(r).expect("written");
            }
            w.flush().expect("flushed");
        };
        // Reversed columns, and one more that no version writes.
        let reversed: Vec<Vec<String>> = records
            .iter()
            .map(|r| {
                let mut r = r.clone();
                r.reverse();
                r.push("extra".to_owned());
                r
            })
            .collect();
        written(&reversed);
        assert_eq!(read_rows::<SummaryRow>(&path).expect("read"), [row()]);
        let column = |name: &str| SummaryRow::columns().iter().position(|c| *c == name);
        let mut bad = records.clone();
        bad[1][column("checks_p25").expect("a column")] = "x".to_owned();
        written(&bad);
        let error = read_rows::<SummaryRow>(&path).expect_err("a bad value");
        assert!(
            error.to_string().contains(
                "bad row 2: column `checks_p25` holds `x`: expected a number, Inf, -Inf or NA"
            ),
            "{error}"
        );
        let i = column("ert_seconds").expect("a column");
        let mut short = records.clone();
        for r in &mut short {
            r.remove(i);
        }
        written(&short);
        let error = read_rows::<SummaryRow>(&path).expect_err("a missing column");
        assert!(
            error
                .to_string()
                .contains("the file has no column `ert_seconds`"),
            "{error}"
        );
    }
}
