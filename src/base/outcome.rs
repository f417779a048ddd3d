//! What one search produced, as every layer sees it: why it stopped
//! ([`StopReason`], the `stop_reason` column), its machine-independent work
//! counters ([`Metrics`]) and the [`Outcome`] itself. Plain data at the
//! bottom of the crate: the solvers produce it, the trial path validates it,
//! the CSV rows carry it.

use serde::{Deserialize, Serialize};

use crate::base::board::Placement;

/// Why a search ended: the `stop_reason` column of every result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// A solution was found.
    Solved,
    /// The step budget (`max_steps`) ran out.
    BudgetSteps,
    /// The restart budget (`max_restarts`) ran out.
    BudgetRestarts,
    /// The check budget (`max_checks`) ran out.
    BudgetChecks,
    /// The time limit ran out.
    BudgetTime,
    /// An exact search tried everything and found no solution: a proof
    /// that the board has none (N = 2 and 3). The trial reached its answer
    /// without a solution: it is neither a success nor a failure, left out
    /// of success rates, and its work counts towards ERT as the work of an
    /// answer ([`StopReason::is_proof`]).
    Exhausted,
    /// The user interrupted the run.
    Interrupted,
    /// An external program failed the trial: it crashed, could not be
    /// started, or sent a reply the protocol refuses (the reason and the
    /// tail of its stderr go to `external.log` beside runs.csv).
    SolverError,
    /// An external program answered with a board that is no solution (a
    /// wrong length, a column off the board, two queens attacking): the
    /// program's error, never solved (the board and the reason go to
    /// `external.log`).
    InvalidSolution,
}

impl StopReason {
    /// The name used in CSV and JSON output (`budget_steps`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::Solved => "solved",
            StopReason::BudgetSteps => "budget_steps",
            StopReason::BudgetRestarts => "budget_restarts",
            StopReason::BudgetChecks => "budget_checks",
            StopReason::BudgetTime => "budget_time",
            StopReason::Exhausted => "exhausted",
            StopReason::Interrupted => "interrupted",
            StopReason::SolverError => "solver_error",
            StopReason::InvalidSolution => "invalid_solution",
        }
    }
}

impl StopReason {
    /// Whether the trial ended in an external program's error
    /// (`solver_error`, `invalid_solution`): not a trial of the algorithm.
    pub fn is_program_error(self) -> bool {
        matches!(self, StopReason::SolverError | StopReason::InvalidSolution)
    }
}

impl StopReason {
    /// Whether the trial proved that no solution exists (`exhausted`): the
    /// answer of the search, not a failure of it.
    pub fn is_proof(self) -> bool {
        self == StopReason::Exhausted
    }
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Machine-independent work counters of one search. Each algorithm documents
/// in its own file what its `steps` are and what its `checks` count, and
/// states the latter in its descriptor
/// ([`Algorithm::checks`](crate::solvers::algorithm::Algorithm::checks)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metrics {
    /// Steps: the algorithm's natural unit of work, which differs between
    /// algorithms (`step_unit` in runs.csv): boards drawn, repairs,
    /// generations, annealing moves proposed, squares tested, queens placed.
    pub steps: u64,
    /// Restarts: fresh boards (or populations) after the first.
    pub restarts: u64,
    /// Checks: the common currency that compares algorithms off the clock.
    ///
    /// **One check is one constant-time query of whether one square (or the
    /// square of one queen) is attacked, or of how many times**: reading the
    /// column and diagonal counters (or occupancy marks) of one square
    /// counts one, however many lines it reads; testing one square in
    /// backtracking counts one; comparing one pair of queens, where an
    /// algorithm compares pairs, counts one; one of the eight direction
    /// tests of the VulgaireDev blog's `count_conflict` counts one. Every
    /// algorithm counts the queries it actually performs and nothing else:
    /// no constant per step, and no query it skips. So a whole-board
    /// evaluation of N queens with counters costs N (one read per queen as
    /// it is counted), a scan of the N squares of a row costs N, a swap
    /// delta costs the squares it reads (4: the two queens' squares and
    /// their two landing squares), and moving a queen on a board that keeps
    /// its attacking-pair total costs the 2 squares that update reads (its
    /// old and its new square). Updating counters without reading them
    /// (applying a swap whose delta is known, setting occupancy flags)
    /// costs nothing, and neither does the count of `final_conflicts` nor a
    /// trace point, which report a search rather than take part in it.
    ///
    /// What each algorithm's checks count, variant by variant, is part of
    /// its descriptor ([`Algorithm::checks`](crate::solvers::algorithm::Algorithm::checks)):
    /// `queens algorithms` lists it, and the book's table of it is the
    /// output of `queens algorithms --checks-markdown`.
    pub checks: u64,
    /// Tests: squares tested for safety by an exact search (Kuechmann's
    /// "tests"; for `csp`, the values tried, which are its nodes except in
    /// plain backtracking); 0 for every other algorithm.
    pub tests: u64,
    /// Backtracks: rows left after all their squares were tried
    /// (Kuechmann's "backtracks"; `csp` counts them the same way); 0 for
    /// every other algorithm.
    pub backtracks: u64,
    /// Evaluations: whole-board fitness (energy) computations, each the
    /// attacking pairs of a whole board counted from scratch: a fresh board
    /// of a local search, the starting board of annealing, an individual of
    /// a GA, a completed initialization of min-conflicts `fast`.
    pub evaluations: u64,
    /// Final conflicts: attacking pairs on the board the search ended with
    /// (0 when solved; 0 for an exact search, whose partial placement never
    /// holds an attack), or `None` when the search did not say: an external
    /// program that sent neither its last board nor its conflicts, or a
    /// trial that ended in an error (written `NA`).
    pub final_conflicts: Option<u64>,
    /// Solutions found: 1 for a solved search, every solution for an
    /// exhaustive one.
    pub solutions: u64,
}

/// What a search produced: the solution if one was found, the counters, and
/// why it stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The solution, present exactly when `stop_reason` is `Solved`.
    pub solution: Option<Placement>,
    /// The work counters.
    pub metrics: Metrics,
    /// Why the search ended.
    pub stop_reason: StopReason,
    /// Whether `metrics` are the work the search did. `false` for a
    /// foreign solver's trial that ended without a reply the harness
    /// accepted (killed at its time limit, crashed, refused): what it did
    /// is unknown, its counters are zeros that stand for nothing, and
    /// runs.csv writes them `NA`.
    pub work_known: bool,
}

impl Outcome {
    /// A successful search (it found at least one solution).
    pub fn solved(solution: Placement, mut metrics: Metrics) -> Self {
        metrics.solutions = metrics.solutions.max(1);
        metrics.final_conflicts = Some(0);
        Self {
            solution: Some(solution),
            metrics,
            stop_reason: StopReason::Solved,
            work_known: true,
        }
    }

    /// A search that ended without a solution.
    pub fn unsolved(metrics: Metrics, stop_reason: StopReason) -> Self {
        Self {
            solution: None,
            metrics,
            stop_reason,
            work_known: true,
        }
    }

    /// A foreign solver's trial that ended for `stop_reason` without a
    /// reply that says what it did (killed at its time limit, crashed,
    /// refused): no solution and unknown work (zero counters, `work_known`
    /// false, written `NA` in runs.csv).
    pub fn work_unknown(stop_reason: StopReason) -> Self {
        Self {
            work_known: false,
            ..Outcome::unsolved(Metrics::default(), stop_reason)
        }
    }

    /// The end of a search whose last board is `columns` (one queen per
    /// row): solved when `stop` is `None`, otherwise unsolved for that
    /// reason; `final_conflicts` is counted on the board either way.
    pub fn from_last_board(
        columns: Vec<u32>,
        mut metrics: Metrics,
        stop: Option<StopReason>,
    ) -> Self {
        metrics.final_conflicts = Some(crate::base::board::attacking_pairs(&columns));
        match stop {
            None => Outcome::solved(Placement::new(columns), metrics),
            Some(reason) => Outcome::unsolved(metrics, reason),
        }
    }

    /// Whether a solution was found.
    pub fn is_solved(&self) -> bool {
        self.solution.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_reason_names_match_serde() {
        for r in [
            StopReason::Solved,
            StopReason::BudgetSteps,
            StopReason::BudgetRestarts,
            StopReason::BudgetChecks,
            StopReason::BudgetTime,
            StopReason::Exhausted,
            StopReason::Interrupted,
            StopReason::SolverError,
            StopReason::InvalidSolution,
        ] {
            let json = serde_json::to_string(&r).expect("serialises");
            assert_eq!(json, format!("\"{}\"", r.as_str()));
        }
    }
}
