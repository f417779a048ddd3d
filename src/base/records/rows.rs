//! The rows of runs.csv and traces.csv. These structs are the contract
//! between the runner (which writes them), the summary (which reads
//! runs.csv) and the charts (which read them and summary.csv, whose row is
//! [`super::SummaryRow`]): column names are the field names, in field
//! order, but for [`RunRecord::work_known`], which is no column: a trial
//! whose work is unknown has its counters written `NA` (see
//! [`RunRecord`]).

use serde::{Deserialize, Serialize};

use crate::base::outcome::StopReason;

/// One trial: a row of `runs.csv`.
///
/// The work counters (`steps`, `restarts`, `checks`, `tests`,
/// `backtracks`, `evaluations`) are what the search counted, unless
/// [`RunRecord::work_known`] is false: a foreign solver's trial that ended
/// without a reply the harness accepted (killed at its time limit, crashed,
/// refused), whose work nobody knows. Those counters are 0 in memory and
/// written `NA` in runs.csv, all six; a row read with any of them `NA` (or
/// empty, as pandas and R write a missing value back) has unknown work.
/// So the file says what is unknown, and a summary, a comparison or a
/// resume reads it back as it was. `wall_seconds` is always measured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(into = "RunColumns", from = "RunColumns")]
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
    /// The instance searched: `plain` for the N-Queens problem itself, a
    /// generator with its parameters and seed
    /// (`blocked(blocks=40,min_free=1,seed=7)`), or a file with its
    /// SHA-256 (`file(PATH,sha256=HEX)`): what `queens solve --instance`
    /// takes back ([`crate::base::instance::Origin`]).
    pub instance: String,
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
    /// Whether the counters are the work the search did (no column: when
    /// false the counters are written `NA`).
    pub work_known: bool,
}

impl RunRecord {
    /// Whether the trial reached its answer: it found a solution, or
    /// proved that none exists (`exhausted`, see
    /// [`StopReason::is_proof`]).
    pub fn answered(&self) -> bool {
        self.solved || self.stop_reason.is_proof()
    }
}

/// A row of runs.csv as it is written and read: [`RunRecord`] with each
/// work counter `NA` when its work is unknown.
#[derive(Serialize, Deserialize)]
struct RunColumns {
    experiment: String,
    algorithm: String,
    label: String,
    step_unit: String,
    params: String,
    budget: String,
    instance: String,
    n: u64,
    trial: u64,
    seed: u64,
    #[serde(with = "crate::base::records::values::logical")]
    solved: bool,
    stop_reason: StopReason,
    #[serde(with = "crate::base::records::values::optional_count")]
    steps: Option<u64>,
    #[serde(with = "crate::base::records::values::optional_count")]
    restarts: Option<u64>,
    #[serde(with = "crate::base::records::values::optional_count")]
    checks: Option<u64>,
    #[serde(with = "crate::base::records::values::optional_count")]
    tests: Option<u64>,
    #[serde(with = "crate::base::records::values::optional_count")]
    backtracks: Option<u64>,
    #[serde(with = "crate::base::records::values::optional_count")]
    evaluations: Option<u64>,
    #[serde(with = "crate::base::records::values::optional_count")]
    final_conflicts: Option<u64>,
    solutions: u64,
    wall_seconds: f64,
}

impl From<RunRecord> for RunColumns {
    fn from(r: RunRecord) -> Self {
        let count = |value: u64| r.work_known.then_some(value);
        RunColumns {
            steps: count(r.steps),
            restarts: count(r.restarts),
            checks: count(r.checks),
            tests: count(r.tests),
            backtracks: count(r.backtracks),
            evaluations: count(r.evaluations),
            experiment: r.experiment,
            algorithm: r.algorithm,
            label: r.label,
            step_unit: r.step_unit,
            params: r.params,
            budget: r.budget,
            instance: r.instance,
            n: r.n,
            trial: r.trial,
            seed: r.seed,
            solved: r.solved,
            stop_reason: r.stop_reason,
            final_conflicts: r.final_conflicts,
            solutions: r.solutions,
            wall_seconds: r.wall_seconds,
        }
    }
}

impl From<RunColumns> for RunRecord {
    fn from(c: RunColumns) -> Self {
        let counters = [
            c.steps,
            c.restarts,
            c.checks,
            c.tests,
            c.backtracks,
            c.evaluations,
        ];
        let work_known = counters.iter().all(Option::is_some);
        let count = |value: Option<u64>| if work_known { value.unwrap_or(0) } else { 0 };
        RunRecord {
            steps: count(c.steps),
            restarts: count(c.restarts),
            checks: count(c.checks),
            tests: count(c.tests),
            backtracks: count(c.backtracks),
            evaluations: count(c.evaluations),
            experiment: c.experiment,
            algorithm: c.algorithm,
            label: c.label,
            step_unit: c.step_unit,
            params: c.params,
            budget: c.budget,
            instance: c.instance,
            n: c.n,
            trial: c.trial,
            seed: c.seed,
            solved: c.solved,
            stop_reason: c.stop_reason,
            final_conflicts: c.final_conflicts,
            solutions: c.solutions,
            wall_seconds: c.wall_seconds,
            work_known,
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_row_reads_back_with_its_instance_and_unknown_work() {
        let row = RunRecord {
            experiment: "e".into(),
            algorithm: "csp".into(),
            label: "fc".into(),
            step_unit: "node".into(),
            params: "none".into(),
            budget: "unlimited".into(),
            instance: "blocked(blocks=40,min_free=1,seed=7)".into(),
            n: 10,
            trial: 3,
            seed: 99,
            solved: false,
            stop_reason: StopReason::Exhausted,
            steps: 5,
            restarts: 0,
            checks: 17,
            tests: 8,
            backtracks: 4,
            evaluations: 0,
            final_conflicts: None,
            solutions: 0,
            wall_seconds: 0.5,
            work_known: true,
        };
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.serialize(&row).expect("written");
        let unknown = RunRecord {
            work_known: false,
            steps: 0,
            checks: 0,
            tests: 0,
            backtracks: 0,
            ..row.clone()
        };
        writer.serialize(&unknown).expect("written");
        let bytes = writer.into_inner().expect("flushed");
        let text = String::from_utf8(bytes).expect("UTF-8");
        assert!(
            text.contains(",\"blocked(blocks=40,min_free=1,seed=7)\",10,3,"),
            "{text}"
        );
        let read: Vec<RunRecord> = csv::Reader::from_reader(text.as_bytes())
            .deserialize()
            .collect::<Result<_, _>>()
            .expect("read back");
        assert_eq!(read, [row, unknown]);
    }
}
