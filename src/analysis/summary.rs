//! The statistics of summary.csv: one [`SummaryRow`] per (label, n),
//! computed from runs.csv rows alone (the file itself is written by
//! [`crate::base::records::write_summary`]). Every measure gets the same block of
//! statistics, [`MeasureSummary`], which names each statistic and the
//! primitive it is computed from; this module computes the primitives of
//! one measure in one cell ([`MeasureSample`]): the spread over the trials
//! that answered (its maximum too, and whether it is heavy-tailed: the
//! maximum more than 100 times the median), a bootstrap interval of the
//! median, and ERT with its interval from simulated restarts.
//!
//! Three outcomes are not the plain success or failure of a trial:
//!
//! - **An error of the program** (`solver_error`, `invalid_solution`) is no
//!   trial of the algorithm: counted in `errors`, left out of everything
//!   else. A cell whose every row is one has no trial: its success rate,
//!   interval and ERT are `NA` (0 of 0 is not 0%), its spread `NA`.
//! - **A proof** (`exhausted`: the search covered everything and the board
//!   has no solution, N = 2 and 3) is the answer the trial was asked for,
//!   reached without a solution. It is counted in `proved`, left out of the
//!   success rate (successes / (trials − proved), `NA` when every trial is
//!   a proof: success is not defined where no solution exists), and
//!   *answers* the trial as a success does: the spread is over the trials
//!   that answered (solved or proved), and ERT is what every trial spent
//!   over the trials that answered. So at N = 3, ten proofs costing 30
//!   checks each have ERT 30: the work to reach the answer.
//! - **Unknown work**: a foreign solver's trial killed at its time limit
//!   (its counters `NA` in runs.csv, [`RunRecord::work_known`] false) is a
//!   trial that did not answer, counted in `unknown_work`. In steps, checks
//!   and evaluations what it spent is unknown, so the sum ERT needs is
//!   unknown: ERT and its interval are `NA` in those measures (not the
//!   work of the solved trials alone, which made a program that hangs look
//!   cheap). Wall seconds are measured by the harness, which waits for the
//!   limit before it kills, so ERT in seconds counts it at the limit. A
//!   built-in solver's `budget_time` trial keeps its real counters.

use std::collections::BTreeMap;

use super::stats::{
    TrialCost, bootstrap_median_interval, ert, ert_intervals, heavy_tail, mean, quantile_sorted,
    sorted, wilson_interval,
};
use crate::base::records::rows::MIN_SOLVED_FOR_INTERVAL;
use crate::base::records::seed::SeedChain;
use crate::base::records::{Measure, MeasureSample, MeasureSummary, RunRecord, SummaryRow};

/// The master seed of the bootstrap intervals; each cell's generators are
/// seeded with the SplitMix64 chain of (this, label, n, what is bootstrapped),
/// so a summary depends on runs.csv alone.
pub const BOOTSTRAP_SEED: u64 = 0x5155_4545_4e53; // "QUEENS"

/// The number of measures of a summary row.
const MEASURE_COUNT: usize = SummaryRow::MEASURES.len();

/// One measure's costs over the trials of one cell, with the primitives
/// that draw a bootstrap computed once.
struct Sample {
    /// The costs of the trials that answered, in trial order (the mean
    /// sums in it).
    solved: Vec<f64>,
    /// The same, sorted ascending.
    sorted: Vec<f64>,
    /// The bootstrap interval of the median of `solved`.
    median_interval: Option<(f64, f64)>,
    /// ERT; `None` when it is not known (see the module header).
    ert: Option<f64>,
    /// The bootstrap interval of ERT.
    ert_interval: Option<(f64, f64)>,
}

impl MeasureSample for Sample {
    fn mean(&self) -> Option<f64> {
        mean(&self.solved)
    }

    fn quantile(&self, q: f64) -> Option<f64> {
        quantile_sorted(&self.sorted, q)
    }

    fn median_interval(&self) -> Option<(f64, f64)> {
        self.median_interval
    }

    fn ert(&self) -> Option<f64> {
        self.ert
    }

    fn ert_interval(&self) -> Option<(f64, f64)> {
        self.ert_interval
    }

    fn heavy_tail(&self) -> bool {
        heavy_tail(self.quantile(0.5), self.quantile(1.0))
    }
}

/// Summarises one cell: all rows share `label` and `n`. Rows that ended in
/// an external program's error are counted (`errors`) and left out of
/// every statistic; proofs and trials of unknown work are treated as the
/// module header says.
pub fn summarize_cell(rows: &[&RunRecord]) -> Option<SummaryRow> {
    let first = *rows.first()?;
    let errors = rows
        .iter()
        .filter(|r| r.stop_reason.is_program_error())
        .count() as u64;
    let rows: Vec<&RunRecord> = rows
        .iter()
        .copied()
        .filter(|r| !r.stop_reason.is_program_error())
        .collect();
    let trials = rows.len() as u64;
    let successes = rows.iter().filter(|r| r.solved).count() as u64;
    let proved = rows.iter().filter(|r| r.stop_reason.is_proof()).count() as u64;
    let answered = rows.iter().filter(|r| r.answered()).count() as u64;
    let unknown_work = rows.iter().filter(|r| !r.work_known).count() as u64;
    let could_solve = trials - proved;
    let success_interval = (could_solve > 0).then(|| wilson_interval(successes, could_solve));
    let cell = SeedChain::new(BOOTSTRAP_SEED)
        .text(&first.label)
        .word(first.n);
    let trial_costs: Vec<TrialCost<MEASURE_COUNT>> = rows
        .iter()
        .map(|r| TrialCost {
            solved: r.answered(),
            cost: std::array::from_fn(|m| SummaryRow::MEASURES[m].spent(r)),
        })
        .collect();
    let ert_intervals = (answered >= MIN_SOLVED_FOR_INTERVAL)
        .then(|| ert_intervals(&trial_costs, cell.text("ert").finish()))
        .flatten();
    let block = |measure: Measure| {
        let solved: Vec<f64> = rows
            .iter()
            .filter(|r| r.answered())
            .map(|r| measure.spent(r))
            .collect();
        let enough = solved.len() as u64 >= MIN_SOLVED_FOR_INTERVAL;
        let seed = cell.text(measure.name()).finish();
        let work: Option<Vec<f64>> = rows.iter().map(|r| measure.work(r)).collect();
        let ert_interval = SummaryRow::MEASURES
            .iter()
            .zip(ert_intervals.into_iter().flatten())
            .find_map(|(&m, interval)| (m == measure).then_some(interval))
            .filter(|_| work.is_some());
        MeasureSummary::of(&Sample {
            sorted: sorted(&solved),
            median_interval: enough
                .then(|| bootstrap_median_interval(&solved, seed))
                .flatten(),
            solved,
            ert: work
                .filter(|_| trials > 0)
                .map(|work| ert(work.iter().sum(), answered)),
            ert_interval,
        })
    };
    Some(SummaryRow {
        label: first.label.clone(),
        algorithm: first.algorithm.clone(),
        step_unit: first.step_unit.clone(),
        params: first.params.clone(),
        budget: first.budget.clone(),
        n: first.n,
        trials,
        errors,
        successes,
        proved,
        unknown_work,
        success_rate: (could_solve > 0).then(|| successes as f64 / could_solve as f64),
        success_ci_low: success_interval.map(|(low, _)| low),
        success_ci_high: success_interval.map(|(_, high)| high),
        steps: block(Measure::Steps),
        checks: block(Measure::Checks),
        evaluations: block(Measure::Evaluations),
        seconds: block(Measure::Seconds),
    })
}

/// One summary row per (label, n): labels in the order they first appear in
/// `runs`, sizes ascending within a label.
pub fn summarize(runs: &[RunRecord]) -> Vec<SummaryRow> {
    let mut labels: Vec<&str> = Vec::new();
    let mut cells: BTreeMap<(usize, u64), Vec<&RunRecord>> = BTreeMap::new();
    for r in runs {
        let index = match labels.iter().position(|l| *l == r.label) {
            Some(i) => i,
            None => {
                labels.push(&r.label);
                labels.len() - 1
            }
        };
        cells.entry((index, r.n)).or_default().push(r);
    }
    cells
        .values()
        .filter_map(|cell| summarize_cell(cell))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::outcome::StopReason;
    use crate::base::records::{read_rows, write_summary};

    /// A trial of label "a" at N = 8 with `checks` checks (steps a tenth of
    /// them), solved or not.
    fn run(trial: u64, solved: bool, checks: u64) -> RunRecord {
        RunRecord {
            experiment: "t".into(),
            algorithm: "min-conflicts".into(),
            label: "a".into(),
            step_unit: "repair".into(),
            params: "none".into(),
            budget: "unlimited".into(),
            instance: "plain".into(),
            n: 8,
            trial,
            seed: trial,
            solved,
            stop_reason: if solved {
                StopReason::Solved
            } else {
                StopReason::BudgetSteps
            },
            steps: checks / 10,
            restarts: 0,
            checks,
            tests: 0,
            backtracks: 0,
            evaluations: 0,
            final_conflicts: Some(u64::from(!solved)),
            solutions: u64::from(solved),
            wall_seconds: 0.5,
            work_known: true,
        }
    }

    #[test]
    fn the_block_of_a_measure_gives_its_columns_and_their_values() {
        // Solved at 40 and 100 checks, failed after 130: over the solved,
        // mean 70, median 70, p10 = 40 + 0.1·60 = 46, p25 = 55, p75 = 85,
        // p90 = 94; ERT = (40 + 100 + 130) / 2 = 135; no interval below 10
        // solved trials.
        let rows = [run(0, true, 40), run(1, true, 100), run(2, false, 130)];
        let row = summarize_cell(&rows.iter().collect::<Vec<_>>()).expect("a row");
        let checks = &row.checks;
        assert_eq!((checks.mean, checks.median), (Some(70.0), Some(70.0)));
        assert_eq!((checks.median_ci_low, checks.median_ci_high), (None, None));
        let spread = (checks.p10, checks.p25, checks.p75, checks.p90);
        assert_eq!(spread, (Some(46.0), Some(55.0), Some(85.0), Some(94.0)));
        assert_eq!(checks.ert, Some(135.0));
        assert_eq!((checks.ert_ci_low, checks.ert_ci_high), (None, None));
        assert_eq!(
            row.measure(Measure::Steps).ert,
            Some(13.5),
            "a tenth in steps"
        );
        assert_eq!(row.measure(Measure::Seconds).ert, Some(0.75));

        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("summary.csv");
        write_summary(&path, std::slice::from_ref(&row)).expect("written");
        let text = std::fs::read_to_string(&path).expect("read");
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header = reader.headers().expect("a header").clone();
        let record = reader.records().next().expect("a row").expect("a record");
        let cells: Vec<(&str, &str)> = header
            .iter()
            .zip(record.iter())
            .filter(|(column, _)| column.contains("checks"))
            .collect();
        assert_eq!(
            cells.len(),
            MeasureSummary::COLUMNS.len(),
            "one column per statistic of the block: {cells:?}"
        );
        for cell in [
            ("checks_mean", "70.0"),
            ("checks_median", "70.0"),
            ("checks_median_ci_low", "NA"),
            ("checks_median_ci_high", "NA"),
            ("checks_p10", "46.0"),
            ("checks_p25", "55.0"),
            ("checks_p75", "85.0"),
            ("checks_p90", "94.0"),
            ("ert_checks", "135.0"),
            ("ert_checks_ci_low", "NA"),
            ("ert_checks_ci_high", "NA"),
            ("checks_max", "100.0"),
            ("checks_heavy_tail", "FALSE"),
        ] {
            assert!(cells.contains(&cell), "{cell:?} in {cells:?}");
        }
        assert_eq!(read_rows::<SummaryRow>(&path).expect("read back"), [row]);
    }

    /// The cells of `row` written to summary.csv, by column.
    fn written(row: &SummaryRow) -> Vec<(String, String)> {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("summary.csv");
        write_summary(&path, std::slice::from_ref(row)).expect("written");
        assert_eq!(
            &read_rows::<SummaryRow>(&path).expect("read back"),
            std::slice::from_ref(row)
        );
        let text = std::fs::read_to_string(&path).expect("read");
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header = reader.headers().expect("a header").clone();
        let record = reader.records().next().expect("a row").expect("a record");
        header
            .iter()
            .zip(record.iter())
            .map(|(c, v)| (c.to_owned(), v.to_owned()))
            .collect()
    }

    /// The cell `column` of `cells`.
    fn cell<'a>(cells: &'a [(String, String)], column: &str) -> &'a str {
        cells
            .iter()
            .find(|(c, _)| c == column)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no column {column} in {cells:?}"))
    }

    #[test]
    fn a_trial_killed_at_its_time_limit_makes_the_work_ert_unknown_not_free() {
        // An external program solves trials 0 and 1 at 100 and 156 checks
        // and is killed at its limit (1 s) on trials 2 and 3: their work is
        // unknown. ERT in checks was (100 + 156 + 0 + 0) / 2 = 128, the mean
        // of the solved alone; it is NA, and so in steps and evaluations.
        let killed = |trial| RunRecord {
            stop_reason: StopReason::BudgetTime,
            steps: 0,
            checks: 0,
            final_conflicts: None,
            wall_seconds: 1.0,
            work_known: false,
            ..run(trial, false, 0)
        };
        let rows = [run(0, true, 100), run(1, true, 156), killed(2), killed(3)];
        let row = summarize_cell(&rows.iter().collect::<Vec<_>>()).expect("a row");
        assert_eq!((row.trials, row.successes, row.unknown_work), (4, 2, 2));
        for measure in [Measure::Checks, Measure::Steps, Measure::Evaluations] {
            assert_eq!(row.measure(measure).ert, None, "{measure:?}");
            let reason = row.missing_reason(measure).expect("a reason");
            assert!(reason.contains("2 of 4 trials were killed"), "{reason}");
        }
        // The solved trials' spread is known: 100 and 156.
        assert_eq!(row.checks.median, Some(128.0));
        // Wall seconds are measured, the killed ones at the limit:
        // (0.5 + 0.5 + 1 + 1) / 2 = 1.5.
        assert_eq!(row.seconds.ert, Some(1.5));
        assert_eq!(row.missing_reason(Measure::Seconds), None);
        assert_eq!(row.success_rate, Some(0.5));
        let cells = written(&row);
        assert_eq!(cell(&cells, "ert_checks"), "NA");
        assert_eq!(cell(&cells, "ert_steps"), "NA");
        assert_eq!(cell(&cells, "ert_seconds"), "1.5");
        assert_eq!(cell(&cells, "unknown_work"), "2");

        // A built-in solver stopped by its time limit keeps its counters:
        // (100 + 156 + 70 + 74) / 2 = 200.
        let timed_out = |trial, checks| RunRecord {
            stop_reason: StopReason::BudgetTime,
            ..run(trial, false, checks)
        };
        let rows = [
            run(0, true, 100),
            run(1, true, 156),
            timed_out(2, 70),
            timed_out(3, 74),
        ];
        let row = summarize_cell(&rows.iter().collect::<Vec<_>>()).expect("a row");
        assert_eq!(row.unknown_work, 0);
        assert_eq!(row.checks.ert, Some(200.0));
        assert_eq!(row.steps.ert, Some(19.5), "(10 + 15 + 7 + 7) / 2");
    }

    #[test]
    fn a_cell_whose_every_row_is_an_error_has_no_rate_and_no_ert() {
        let error = |trial| RunRecord {
            stop_reason: StopReason::SolverError,
            final_conflicts: None,
            work_known: false,
            ..run(trial, false, 0)
        };
        let rows = [error(0), error(1), error(2)];
        let row = summarize_cell(&rows.iter().collect::<Vec<_>>()).expect("a row");
        assert_eq!((row.trials, row.errors, row.successes), (0, 3, 0));
        assert_eq!(
            (row.success_rate, row.success_ci_low, row.success_ci_high),
            (None, None, None),
            "0 of 0 is no rate"
        );
        for measure in SummaryRow::MEASURES {
            assert_eq!(row.measure(*measure).ert, None, "{measure:?}");
            let reason = row.missing_reason(*measure).expect("a reason");
            assert!(
                reason.contains("all 3 rows ended in the program's error"),
                "{reason}"
            );
        }
        let reason = row.success_missing_reason().expect("a reason");
        assert!(reason.contains("no trial"), "{reason}");
        let cells = written(&row);
        for column in [
            "success_rate",
            "success_ci_low",
            "success_ci_high",
            "ert_checks",
            "ert_seconds",
        ] {
            assert_eq!(cell(&cells, column), "NA", "{column}");
        }
    }

    #[test]
    fn proofs_that_no_solution_exists_answer_the_trial_and_leave_the_rate_undefined() {
        // Backtracking at N = 2 tests 6 squares (Wirth's order, see
        // solvers::algorithms::backtracking) and proves there is no
        // solution, every trial the same: 5 proofs of 6 checks each.
        let proof = |trial| RunRecord {
            n: 2,
            algorithm: "backtracking".into(),
            stop_reason: StopReason::Exhausted,
            steps: 6,
            tests: 6,
            backtracks: 2,
            final_conflicts: Some(0),
            wall_seconds: 0.25,
            ..run(trial, false, 6)
        };
        let rows: Vec<RunRecord> = (0..5).map(proof).collect();
        let row = summarize_cell(&rows.iter().collect::<Vec<_>>()).expect("a row");
        assert_eq!((row.trials, row.proved, row.successes), (5, 5, 0));
        assert_eq!(
            (row.success_rate, row.success_ci_low, row.success_ci_high),
            (None, None, None),
            "success is not defined where no solution exists"
        );
        let reason = row.success_missing_reason().expect("a reason");
        assert!(
            reason.contains("proved that N = 2 has no solution"),
            "{reason}"
        );
        // ERT is the work to the answer: (5 · 6) / 5 = 6 checks, 0.25 s;
        // the spread is the proofs'.
        assert_eq!(row.checks.ert, Some(6.0));
        assert_eq!(row.steps.ert, Some(6.0));
        assert_eq!(row.seconds.ert, Some(0.25));
        assert_eq!(row.checks.median, Some(6.0));
        let cells = written(&row);
        assert_eq!(cell(&cells, "proved"), "5");
        assert_eq!(cell(&cells, "success_rate"), "NA");
        assert_eq!(cell(&cells, "ert_checks"), "6.0");

        // A proof is left out of the rate, not counted as a failure: one
        // proof, one solved, one stopped by its budget: 1 of 2, and ERT
        // (6 + 40 + 130) / 2 = 88.
        let rows = [proof(0), run(1, true, 40), run(2, false, 130)];
        let row = summarize_cell(&rows.iter().collect::<Vec<_>>()).expect("a row");
        assert_eq!(row.success_rate, Some(0.5));
        assert_eq!(row.checks.ert, Some(88.0));
    }
}
