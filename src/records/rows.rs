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
    /// The parameters, canonical `key=value;key=value`.
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SummaryRow {
    /// The algorithm configuration's label.
    pub label: String,
    /// The registry name of the algorithm.
    pub algorithm: String,
    /// The board size.
    pub n: u64,
    /// Trials run.
    pub trials: u64,
    /// Trials that found a solution.
    pub successes: u64,
    /// successes / trials.
    pub success_rate: f64,
    /// Lower end of the Wilson 95% interval of the success rate.
    pub success_low: f64,
    /// Upper end of the Wilson 95% interval of the success rate.
    pub success_high: f64,
    /// Mean steps over solved trials (empty when none solved).
    pub steps_mean: Option<f64>,
    /// Median steps over solved trials.
    pub steps_median: Option<f64>,
    /// 10th percentile of steps over solved trials.
    pub steps_p10: Option<f64>,
    /// 90th percentile of steps over solved trials.
    pub steps_p90: Option<f64>,
    /// Lower end of the seeded bootstrap 95% interval of the median steps.
    pub steps_median_low: Option<f64>,
    /// Upper end of that interval.
    pub steps_median_high: Option<f64>,
    /// Mean checks over solved trials.
    pub checks_mean: Option<f64>,
    /// Median checks over solved trials.
    pub checks_median: Option<f64>,
    /// 10th percentile of checks over solved trials.
    pub checks_p10: Option<f64>,
    /// 90th percentile of checks over solved trials.
    pub checks_p90: Option<f64>,
    /// Mean wall seconds over solved trials.
    pub mean_wall_seconds: Option<f64>,
    /// Median wall seconds over solved trials.
    pub median_wall_seconds: Option<f64>,
    /// 10th percentile of wall seconds over solved trials.
    pub p10_wall_seconds: Option<f64>,
    /// 90th percentile of wall seconds over solved trials.
    pub p90_wall_seconds: Option<f64>,
    /// Expected running time in steps (COCO): steps of all trials / successes.
    pub ert_steps: Option<f64>,
    /// Expected running time in seconds: wall time of all trials / successes.
    pub ert_seconds: Option<f64>,
}
