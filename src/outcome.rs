//! What one search produced, as every layer sees it: why it stopped
//! ([`StopReason`], the `stop_reason` column), its machine-independent work
//! counters ([`Metrics`]) and the [`Outcome`] itself. Plain data at the
//! bottom of the crate: the solvers produce it, the trial path validates it,
//! the CSV rows carry it.

use serde::{Deserialize, Serialize};

use crate::board::Placement;

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
    /// An exact search tried everything and found no (further) solution.
    Exhausted,
    /// The user interrupted the run.
    Interrupted,
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
        }
    }
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Machine-independent work counters of one search. Each algorithm documents
/// in its own file what its `steps` are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metrics {
    /// The algorithm's natural unit of work: boards drawn, repairs,
    /// generations, annealing moves, squares tested.
    pub steps: u64,
    /// Fresh starts from a new random board (or population).
    pub restarts: u64,
    /// Conflict evaluations of one square or one queen: the common currency
    /// that compares algorithms off the clock.
    pub checks: u64,
    /// Squares tested for safety by an exact search (Kuechmann's "tests").
    pub tests: u64,
    /// Rows left after all their squares were tried (Kuechmann's "backtracks").
    pub backtracks: u64,
    /// Full fitness (energy) evaluations of a whole board.
    pub evaluations: u64,
    /// Attacking pairs on the board the search ended with (0 when solved).
    pub final_conflicts: u64,
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
}

impl Outcome {
    /// A successful search (it found at least one solution).
    pub fn solved(solution: Placement, mut metrics: Metrics) -> Self {
        metrics.solutions = metrics.solutions.max(1);
        Self {
            solution: Some(solution),
            metrics,
            stop_reason: StopReason::Solved,
        }
    }

    /// A search that ended without a solution.
    pub fn unsolved(metrics: Metrics, stop_reason: StopReason) -> Self {
        Self {
            solution: None,
            metrics,
            stop_reason,
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
        metrics.final_conflicts = crate::board::attacking_pairs(&columns);
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
        ] {
            let json = serde_json::to_string(&r).expect("serialises");
            assert_eq!(json, format!("\"{}\"", r.as_str()));
        }
    }
}
