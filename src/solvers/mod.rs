//! The solver interface shared by every algorithm: what a solver is given
//! (board size, seeded RNG, a [`Control`] holding the budget and the trace
//! observer) and what it returns (an [`Outcome`] with machine-independent
//! [`Metrics`]); and every algorithm.
//!
//! A solver never reads the clock for its decisions and never owns global
//! state: the same inputs give the same outcome, bit for bit. Wall time is
//! measured by the caller, not the solver.
//!
//! - What an algorithm is: its descriptor ([`Algorithm`], in [`algorithm`]),
//!   listed in [`registry`] ([`algorithms`], [`find_algorithm`]); its
//!   parameters are checked by [`params`] and read once into its typed
//!   settings, which are the solver ([`Configured`]: also its memory
//!   estimate, checked by [`memory`], and whether it restarts).
//! - The algorithms, one file each, whose header names its source and its
//!   choices: [`backtracking`], [`construction`], [`random_restart`],
//!   [`naive_repair`], [`min_conflicts`] (its `fast` variant in
//!   [`min_conflicts_fast`]), [`genetic`], [`annealing`], [`csp`] (the
//!   textbook's backtracking heuristics); the `blog`
//!   variants of naive repair and min-conflicts share [`blog_repair`] on
//!   [`blog_grid`].
//! - Their shared building blocks: [`boards`] (line counters of a board
//!   with one queen per row, and the traits every such board answers),
//!   [`local_search`] (the loop of a search on one
//!   board: stops, restarts, trace points, outcome) and [`random`] (the
//!   shared draws).
//! - [`external`]: a program of the user's own, in any language, as a
//!   solver (the `queens-external` protocol over its stdin and stdout).
//! - Replay frames ([`frame`]): what a solver shows at one step of an
//!   animated replay, sent through the trace observer only when it asks
//!   ([`Control::frames_wanted`]).

pub mod algorithm;
pub mod backtracking;
pub mod boards;
pub mod construction;
pub mod control;
pub mod csp;
pub mod frame;
pub mod memory;
pub mod params;
pub mod registry;

pub mod local_search;
pub mod random;

pub mod annealing;
pub mod genetic;
pub mod min_conflicts;
pub mod min_conflicts_fast;
pub mod naive_repair;
pub mod random_restart;

pub mod blog_grid;
pub mod blog_repair;

pub mod external;

use rand::rngs::ChaCha8Rng;

pub use crate::outcome::{Metrics, Outcome, StopReason};
pub use algorithm::{Algorithm, Configured};
pub use control::{Budget, Control, Trace};
pub use frame::{Frame, View};
pub use memory::MemoryEstimate;
pub use params::{ParamError, ParamKind, ParamSpec, ParamValue, Params, Use, VariantSpec};
pub use registry::{UnknownAlgorithm, algorithms, find_algorithm};

/// A search algorithm for the N-Queens problem.
pub trait Solver: Send + Sync {
    /// Searches for a solution of the N×N board. `rng` is the only source of
    /// randomness; `control` says when to stop and receives trace points.
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome;

    /// The external program this solver is, if it is one: the trial path
    /// then starts it before its clock and sends it the trial's seed
    /// ([`external::ExternalSolver::solve_trial`]) instead of calling
    /// [`Solver::solve`]. Built-in solvers are not.
    fn external(&self) -> Option<&external::ExternalSolver> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn public_types_cross_threads() {
        assert_send_sync::<Outcome>();
        assert_send_sync::<Metrics>();
        assert_send_sync::<Budget>();
        assert_send_sync::<Params>();
        assert_send_sync::<Box<dyn Solver>>();
        assert_send_sync::<Box<dyn Configured>>();
    }
}
