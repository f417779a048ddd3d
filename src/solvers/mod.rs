//! The solver interface shared by every algorithm: what a solver is given
//! (board size, seeded RNG, a [`Control`] holding the budget and the trace
//! observer) and what it returns (an [`Outcome`] with machine-independent
//! [`Metrics`]); and every algorithm.
//!
//! A solver never reads the clock for its decisions and never owns global
//! state: the same inputs give the same outcome, bit for bit. Wall time is
//! measured by the caller, not the solver.
//!
//! Three folders' worth of layers:
//!
//! - **The interface** (this folder's files): what an algorithm is, its
//!   descriptor ([`Algorithm`], in [`algorithm`]), listed in [`registry`]
//!   ([`algorithms()`], [`find_algorithm`]); its parameters, checked by
//!   [`params`] and read once into its typed settings, which are the
//!   solver ([`Configured`]: also its memory estimate, checked by
//!   [`memory`], whether it restarts and whether it searches instances of
//!   the hard variants); [`Control`] (budget, clock, interrupt, trace, the
//!   `--start` board and the trial's instance) in [`control`].
//! - **The shared building blocks** ([`blocks`]): boards with one queen per
//!   row and the traits they answer, the columns each row may take in an
//!   instance of a hard variant, the blog's grid, the shared random
//!   draws, the local-search driver (stops, restarts, trace points,
//!   outcome) and replay frames (what a solver shows at one step of an
//!   animated replay, sent through the trace observer only when it asks,
//!   [`Control::frames_wanted`]).
//! - **The algorithms** ([`algorithms`](mod@algorithms)), one file each, whose header
//!   names its source and its choices, and `external`: a program of the
//!   user's own, in any language, as a solver (the `queens-external`
//!   protocol over its stdin and stdout).
//! - **In-process solvers** ([`in_process`]): a front end's own solvers
//!   (the Python package's registered callables), by name, through two
//!   hooks of [`Solver`] ([`Solver::solve_from_seed`],
//!   [`Solver::take_failures`]).

pub mod algorithm;
pub mod control;
pub mod in_process;
pub mod memory;
pub mod params;
pub mod registry;

pub mod algorithms;
pub mod blocks;

use rand::rngs::ChaCha8Rng;

pub use crate::base::outcome::{Metrics, Outcome, StopReason};
pub use algorithm::{Algorithm, Configured};
pub use blocks::frame::{Frame, View};
pub use control::{Budget, Control, Trace};
pub use memory::MemoryEstimate;
pub use params::{ParamError, ParamKind, ParamSpec, ParamValue, Params, Use, VariantSpec};
pub use registry::{UnknownAlgorithm, algorithms, find_algorithm};

/// A search algorithm for the N-Queens problem.
pub trait Solver: Send + Sync {
    /// Searches for a solution of the N×N board (of the trial's instance,
    /// [`Control::instance`], when it has one). `rng` is the only source of
    /// randomness; `control` says when to stop and receives trace points.
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome;

    /// The external program this solver is, if it is one: the trial path
    /// then starts it before its clock and sends it the trial's seed
    /// ([`algorithms::external::ExternalSolver::solve_trial`]) instead of calling
    /// [`Solver::solve`]. Built-in solvers are not.
    fn external(&self) -> Option<&algorithms::external::ExternalSolver> {
        None
    }

    /// Runs one trial from its `seed`: the trial path's call for a solver
    /// that is not an external program. The default calls
    /// [`Solver::solve`] with `rng`, the generator seeded from `seed`; an
    /// in-process solver of another language ([`in_process`]) overrides
    /// it to hand its code the trial's seed itself, as the external
    /// protocol does.
    fn solve_from_seed(
        &self,
        n: usize,
        _seed: u64,
        rng: &mut ChaCha8Rng,
        control: &mut Control<'_>,
    ) -> Outcome {
        self.solve(n, rng, control)
    }

    /// The trials this solver failed since the last call, oldest first,
    /// for `external.log`: an external program's
    /// ([`algorithms::external::ExternalSolver::take_failures`]) or an
    /// in-process solver's; none for a built-in algorithm.
    fn take_failures(&self) -> Vec<algorithms::external::Failure> {
        self.external()
            .map(algorithms::external::ExternalSolver::take_failures)
            .unwrap_or_default()
    }

    /// What a foreign solver, whose code can change between two sessions
    /// of a run, is made of: what it is, for a person, and the SHA-256
    /// (hex) of its code. An external program's
    /// ([`algorithms::external::ExternalSolver::fingerprint`]) or an
    /// in-process solver's; `None` for a built-in algorithm, whose code is
    /// the binary's.
    fn fingerprint(&self) -> Option<(String, String)> {
        self.external()
            .map(algorithms::external::ExternalSolver::fingerprint)
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
