//! The rows of the CSV files an experiment writes. These structs are the
//! contract between the runner (which writes them), the summary (which reads
//! runs.csv) and the charts (which read all three): column names are the
//! field names, in field order.

use serde::{Deserialize, Serialize};

use crate::outcome::StopReason;

/// One trial: a row of `runs.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The experiment's name.
    pub experiment: String,
    /// The registry name of the algorithm.
    pub algorithm: String,
    /// The label of this algorithm configuration (unique in the experiment).
    pub label: String,
    /// What one of its `steps` is ("repair", "generation", "move
    /// proposed"…): steps of two labels compare only when this is equal.
    pub step_unit: String,
    /// The parameters, canonical `key=value;key=value` (`none` when the
    /// algorithm has none).
    pub params: String,
    /// The budget in force, canonical `max_steps=…;time_limit=…`
    /// (`unlimited` when none is set): with `params` and `seed` it replays
    /// the row exactly.
    pub budget: String,
    /// The board size.
    pub n: u64,
    /// The trial index within (label, n), from 0.
    pub trial: u64,
    /// The seed of this trial's RNG: replays it with `queens solve --seed`.
    pub seed: u64,
    /// Whether a solution was found (`TRUE`/`FALSE`; `true`/`True` as a
    /// file rewritten by another tool holds them are read too).
    #[serde(with = "crate::records::values::logical")]
    pub solved: bool,
    /// Why the search ended (`solved`, `budget_steps`, …).
    pub stop_reason: StopReason,
    /// The algorithm's natural unit of work.
    pub steps: u64,
    /// Restarts.
    pub restarts: u64,
    /// Conflict evaluations.
    pub checks: u64,
    /// Squares tested (exact search).
    pub tests: u64,
    /// Backtracks (exact search).
    pub backtracks: u64,
    /// Full fitness evaluations.
    pub evaluations: u64,
    /// Attacking pairs on the final board.
    pub final_conflicts: u64,
    /// Solutions found (all of them for an exhaustive search).
    pub solutions: u64,
    /// Wall time of the search, measured by the runner.
    pub wall_seconds: f64,
}

/// One sampled point of a convergence trace: a row of `traces.csv`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceRecord {
    /// The algorithm configuration's label.
    pub label: String,
    /// The board size.
    pub n: u64,
    /// The trial index.
    pub trial: u64,
    /// Steps done so far.
    pub step: u64,
    /// Checks done so far (the common currency, see `RunRecord::checks`).
    pub checks: u64,
    /// Full-board evaluations done so far.
    pub evaluations: u64,
    /// Attacking pairs on the current board at that step.
    pub conflicts: u64,
    /// The fewest attacking pairs seen up to that step.
    pub best_conflicts: u64,
}

/// Statistics of one (label, n) cell: a row of `summary.csv`.
///
/// Every statistic is named `<measure>_<statistic>` for the measures
/// `steps`, `checks`, `evaluations` and `seconds` (wall time): the mean,
/// the median with its bootstrap 95% interval (`_median_ci_low`,
/// `_median_ci_high`) and the quantiles p10, p25, p75 and p90, all over
/// solved trials (`NA` when none solved; the interval `NA` below
/// [`MIN_SOLVED_FOR_INTERVAL`] solved trials), and `ert_<measure>` with its
/// interval. ERT is `Inf` when no trial solved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryRow {
    /// The algorithm configuration's label.
    pub label: String,
    /// The registry name of the algorithm.
    pub algorithm: String,
    /// What one of its steps is (see [`RunRecord::step_unit`]).
    pub step_unit: String,
    /// Its parameters, canonical (as in runs.csv).
    pub params: String,
    /// Its budget, canonical (as in runs.csv): ERT depends on it.
    pub budget: String,
    /// The board size.
    pub n: u64,
    /// Trials run.
    pub trials: u64,
    /// Trials that found a solution.
    pub successes: u64,
    /// successes / trials.
    pub success_rate: f64,
    /// Lower end of the Wilson 95% interval of the success rate (exactly 0
    /// when no trial solved).
    pub success_ci_low: f64,
    /// Upper end of that interval (exactly 1 when every trial solved).
    pub success_ci_high: f64,
    /// Mean steps (unit: `step_unit`) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub steps_mean: Option<f64>,
    /// Median steps (unit: `step_unit`) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub steps_median: Option<f64>,
    /// Lower end of the seeded bootstrap 95% interval of the median steps (unit: `step_unit`) (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials).
    #[serde(with = "crate::records::values::optional")]
    pub steps_median_ci_low: Option<f64>,
    /// Upper end of the bootstrap 95% interval of the median steps (unit: `step_unit`).
    #[serde(with = "crate::records::values::optional")]
    pub steps_median_ci_high: Option<f64>,
    /// 10th percentile steps (unit: `step_unit`) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub steps_p10: Option<f64>,
    /// 25th percentile steps (unit: `step_unit`) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub steps_p25: Option<f64>,
    /// 75th percentile steps (unit: `step_unit`) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub steps_p75: Option<f64>,
    /// 90th percentile steps (unit: `step_unit`) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub steps_p90: Option<f64>,
    /// Expected running time in steps (unit: `step_unit`) (COCO): the steps of all trials,
    /// unsolved ones at what they spent, divided by the successes; `Inf`
    /// when none solved.
    #[serde(with = "crate::records::values::number")]
    pub ert_steps: f64,
    /// Lower end of the bootstrap 95% interval of `ert_steps` from simulated
    /// restarts (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials).
    #[serde(with = "crate::records::values::optional")]
    pub ert_steps_ci_low: Option<f64>,
    /// Upper end of that interval.
    #[serde(with = "crate::records::values::optional")]
    pub ert_steps_ci_high: Option<f64>,
    /// Mean checks (the common currency) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub checks_mean: Option<f64>,
    /// Median checks (the common currency) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub checks_median: Option<f64>,
    /// Lower end of the seeded bootstrap 95% interval of the median checks (the common currency) (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials).
    #[serde(with = "crate::records::values::optional")]
    pub checks_median_ci_low: Option<f64>,
    /// Upper end of the bootstrap 95% interval of the median checks (the common currency).
    #[serde(with = "crate::records::values::optional")]
    pub checks_median_ci_high: Option<f64>,
    /// 10th percentile checks (the common currency) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub checks_p10: Option<f64>,
    /// 25th percentile checks (the common currency) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub checks_p25: Option<f64>,
    /// 75th percentile checks (the common currency) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub checks_p75: Option<f64>,
    /// 90th percentile checks (the common currency) over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub checks_p90: Option<f64>,
    /// Expected running time in checks (the common currency) (COCO): the checks of all trials,
    /// unsolved ones at what they spent, divided by the successes; `Inf`
    /// when none solved.
    #[serde(with = "crate::records::values::number")]
    pub ert_checks: f64,
    /// Lower end of the bootstrap 95% interval of `ert_checks` from simulated
    /// restarts (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials).
    #[serde(with = "crate::records::values::optional")]
    pub ert_checks_ci_low: Option<f64>,
    /// Upper end of that interval.
    #[serde(with = "crate::records::values::optional")]
    pub ert_checks_ci_high: Option<f64>,
    /// Mean whole-board evaluations over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub evaluations_mean: Option<f64>,
    /// Median whole-board evaluations over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub evaluations_median: Option<f64>,
    /// Lower end of the seeded bootstrap 95% interval of the median whole-board evaluations (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials).
    #[serde(with = "crate::records::values::optional")]
    pub evaluations_median_ci_low: Option<f64>,
    /// Upper end of the bootstrap 95% interval of the median whole-board evaluations.
    #[serde(with = "crate::records::values::optional")]
    pub evaluations_median_ci_high: Option<f64>,
    /// 10th percentile whole-board evaluations over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub evaluations_p10: Option<f64>,
    /// 25th percentile whole-board evaluations over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub evaluations_p25: Option<f64>,
    /// 75th percentile whole-board evaluations over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub evaluations_p75: Option<f64>,
    /// 90th percentile whole-board evaluations over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub evaluations_p90: Option<f64>,
    /// Expected running time in whole-board evaluations (COCO): the evaluations of all trials,
    /// unsolved ones at what they spent, divided by the successes; `Inf`
    /// when none solved.
    #[serde(with = "crate::records::values::number")]
    pub ert_evaluations: f64,
    /// Lower end of the bootstrap 95% interval of `ert_evaluations` from simulated
    /// restarts (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials).
    #[serde(with = "crate::records::values::optional")]
    pub ert_evaluations_ci_low: Option<f64>,
    /// Upper end of that interval.
    #[serde(with = "crate::records::values::optional")]
    pub ert_evaluations_ci_high: Option<f64>,
    /// Mean wall seconds over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub seconds_mean: Option<f64>,
    /// Median wall seconds over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub seconds_median: Option<f64>,
    /// Lower end of the seeded bootstrap 95% interval of the median wall seconds (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials).
    #[serde(with = "crate::records::values::optional")]
    pub seconds_median_ci_low: Option<f64>,
    /// Upper end of the bootstrap 95% interval of the median wall seconds.
    #[serde(with = "crate::records::values::optional")]
    pub seconds_median_ci_high: Option<f64>,
    /// 10th percentile wall seconds over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub seconds_p10: Option<f64>,
    /// 25th percentile wall seconds over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub seconds_p25: Option<f64>,
    /// 75th percentile wall seconds over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub seconds_p75: Option<f64>,
    /// 90th percentile wall seconds over solved trials (`NA` when none solved).
    #[serde(with = "crate::records::values::optional")]
    pub seconds_p90: Option<f64>,
    /// Expected running time in wall seconds (COCO): the seconds of all trials,
    /// unsolved ones at what they spent, divided by the successes; `Inf`
    /// when none solved.
    #[serde(with = "crate::records::values::number")]
    pub ert_seconds: f64,
    /// Lower end of the bootstrap 95% interval of `ert_seconds` from simulated
    /// restarts (`NA` below [`MIN_SOLVED_FOR_INTERVAL`] solved trials).
    #[serde(with = "crate::records::values::optional")]
    pub ert_seconds_ci_low: Option<f64>,
    /// Upper end of that interval.
    #[serde(with = "crate::records::values::optional")]
    pub ert_seconds_ci_high: Option<f64>,
}

/// The fewest solved trials from which a summary reports an interval of a
/// median or of ERT: below it the interval says more than the data.
pub const MIN_SOLVED_FOR_INTERVAL: u64 = 10;
