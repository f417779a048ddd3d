//! In-process solvers: code of another language that a front end runs
//! inside this process as a solver (the Python package's registered
//! callables), named `python:NAME` in a config and in runs.csv's
//! `algorithm` column, so a replay knows what to call.
//!
//! The library's side is small. The front end implements
//! [`InProcessSolvers`] (find a registered solver by name, build it with
//! the entry's parameters, verbatim like an external program's) and hands
//! it to [`crate::experiment::config::load_with`]; each built solver
//! overrides [`crate::solvers::Solver::solve_from_seed`] to hand its code
//! the trial's seed, as the external protocol does, and
//! [`crate::solvers::Solver::take_failures`] to give its errors to
//! `external.log`. A solver registered as taking instances hands its code
//! the trial's instance ([`crate::solvers::Control::instance`], in the
//! external protocol's form:
//! [`crate::solvers::algorithms::external::protocol::InstanceField`]) and
//! answers [`Configured::instance_refused`] with `None`; any other is
//! refused for an instance plan when the config loads. Every board still
//! goes through the trial path's validator. A config stored in metadata.json and read back without the
//! front end ([`crate::experiment::config::Programs::AsStored`]: `queens
//! report`, `queens compare`, the plan check) builds an [`Unregistered`]
//! stand-in, which ends any trial `solver_error`.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use rand::rngs::ChaCha8Rng;

use super::algorithm::{Algorithm, CheckCount, Configured};
use super::memory::MemoryEstimate;
use super::params::{ParamError, Params};
use super::{Budget, Control, Outcome, Solver, StopReason};

/// What a config's `name` starts with to name an in-process solver.
pub const PREFIX: &str = "python:";

/// The default budget of an in-process solver, as an external program's:
/// a solver that never stops (N = 3 has no solution) ends here, when it
/// reads its budget.
pub const DEFAULT_BUDGET: Budget = Budget {
    max_steps: None,
    max_restarts: None,
    max_checks: None,
    time_limit: Some(60.0),
};

/// The solvers a front end registered, by name (without [`PREFIX`]).
pub trait InProcessSolvers {
    /// The solver registered as `name` built with `params`, and what one
    /// of its steps is ("repair"); `Err` says why not (no such name, or
    /// parameters it refuses) and what to do.
    fn build(&self, name: &str, params: &Params) -> Result<(Box<dyn Configured>, String), String>;
}

/// The descriptor of the in-process solver `name` (without [`PREFIX`])
/// whose steps are `step_unit`s: made once per pair and kept for the
/// process, since an entry holds a `&'static Algorithm`.
pub fn descriptor(name: &str, step_unit: &str) -> &'static Algorithm {
    static MADE: OnceLock<Mutex<HashMap<(String, String), &'static Algorithm>>> = OnceLock::new();
    let key = (name.to_string(), step_unit.to_string());
    let mut made = MADE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    made.entry(key).or_insert_with(|| {
        let leak = |text: String| -> &'static str { Box::leak(text.into_boxed_str()) };
        Box::leak(Box::new(Algorithm {
            name: leak(format!("{PREFIX}{name}")),
            summary: "a solver of your own, run in process by the Python package",
            source: "your code, registered with queens.register",
            citation: "your code",
            step: leak(format!("one {step_unit}")),
            checks: &[CheckCount {
                variant: None,
                counts: "what the solver reports (its `checks` counter)",
            }],
            params: &[],
            variants: &[],
            default_budget: DEFAULT_BUDGET,
            settings: |_| {
                Err(ParamError::Declaration {
                    algorithm: PREFIX.to_string(),
                    problem: "an in-process solver is built by the front end that registered it"
                        .to_string(),
                })
            },
        }))
    })
}

/// The stand-in for an in-process solver in a config read back without
/// the front end that registered it: it never runs (a trial of it ends
/// `solver_error`).
pub struct Unregistered;

impl Solver for Unregistered {
    fn solve(&self, _: usize, _: &mut ChaCha8Rng, _: &mut Control<'_>) -> Outcome {
        Outcome::unsolved(Default::default(), StopReason::SolverError)
    }
}

impl Configured for Unregistered {
    fn memory(&self, _: usize) -> MemoryEstimate {
        MemoryEstimate::new(0, "")
    }

    fn never_restarts(&self) -> Option<&'static str> {
        None
    }

    /// A stand-in never runs: a stored config of a run whose Python solver
    /// searched instances reads back.
    fn instance_refused(&self) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_descriptor_per_name_and_step() {
        let a = descriptor("mine", "repair");
        assert!(std::ptr::eq(a, descriptor("mine", "repair")));
        assert_eq!((a.name, a.step_unit()), ("python:mine", "repair"));
        assert!(!std::ptr::eq(a, descriptor("mine", "flip")));
    }
}
