//! The rows of runs.csv and traces.csv. These structs are the contract
//! between the runner (which writes them), the summary (which reads
//! runs.csv) and the charts (which read them and summary.csv, whose row is
//! [`super::SummaryRow`]): column names are the field names, in field
//! order.

use serde::{Deserialize, Serialize};

use crate::base::outcome::StopReason;

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
    #[serde(with = "crate::base::records::values::logical")]
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
    /// Attacking pairs on the final board; `NA` when the search did not say
    /// (an external program that sent neither its last board nor its
    /// conflicts, a trial that ended in an error).
    #[serde(with = "crate::base::records::values::optional_count")]
    pub final_conflicts: Option<u64>,
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

/// The fewest solved trials from which a summary reports an interval of a
/// median or of ERT: below it the interval says more than the data.
pub const MIN_SOLVED_FOR_INTERVAL: u64 = 10;
