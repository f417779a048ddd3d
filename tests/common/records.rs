//! Rows of runs.csv made by hand, for tests that write an experiment's data
//! without running it.

use queens::StopReason;
use queens::base::records::RunRecord;

/// A row of runs.csv: trial `trial` (its seed too) of `label` at `n`,
/// solved after `steps` repairs of `min-conflicts` or stopped there by its
/// step budget (one attacking pair left), with every other counter 0, no
/// parameter, no budget and no wall time, in experiment "t". A test sets
/// what it varies with struct update syntax
/// (`RunRecord { checks, ..run_record(…) }`).
pub fn run_record(label: &str, n: u64, trial: u64, solved: bool, steps: u64) -> RunRecord {
    RunRecord {
        experiment: "t".into(),
        algorithm: "min-conflicts".into(),
        label: label.into(),
        step_unit: "repair".into(),
        params: String::new(),
        budget: "unlimited".into(),
        instance: "plain".into(),
        n,
        trial,
        seed: trial,
        solved,
        stop_reason: if solved {
            StopReason::Solved
        } else {
            StopReason::BudgetSteps
        },
        steps,
        restarts: 0,
        checks: 0,
        tests: 0,
        backtracks: 0,
        evaluations: 0,
        final_conflicts: Some(u64::from(!solved)),
        solutions: u64::from(solved),
        wall_seconds: 0.0,
        work_known: true,
    }
}
