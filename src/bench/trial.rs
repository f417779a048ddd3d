//! Benchmarks that run a solver go through the trial path
//! ([`crate::trial::run_trial`]), as `queens run` and `queens solve` do: a
//! benchmark figure and a row of runs.csv come from the same code.
//!
//! A measured trial reports the trial's own wall and CPU time (the search
//! alone, on the thread that ran it) and the peak heap of the whole trial,
//! which includes the validation of the solution.

use super::{BenchError, Timing, measure};
use crate::base::outcome::Outcome;
use crate::solvers::params::split_assignment;
use crate::solvers::{Algorithm, Budget, Solver};
use crate::trial::{Trial, run_trial};

/// The solver of `algorithm` with `params` (`key=value` each) for a run at
/// size `n` (refused if its memory estimate is above the limit).
pub fn configured(
    algorithm: &Algorithm,
    params: &[&str],
    n: usize,
) -> Result<Box<dyn Solver>, BenchError> {
    let refused = |source| BenchError::Params {
        algorithm: algorithm.name,
        n,
        source: Box::new(source),
    };
    let given = params
        .iter()
        .map(|p| split_assignment(p))
        .collect::<Result<Vec<_>, _>>()
        .map_err(refused)?;
    let (_, solver) = algorithm.instantiate_for(n, &given).map_err(refused)?;
    Ok(solver)
}

/// Runs one trial of `solver` (named `name` in errors) and measures it: the
/// wall and CPU time are the search's alone, the peak heap covers the whole
/// trial, validation included. A solution is always valid here.
pub fn measured_trial(
    name: &'static str,
    solver: &dyn Solver,
    n: usize,
    seed: u64,
    budget: Budget,
) -> Result<(Outcome, Timing), BenchError> {
    let (result, timing) =
        measure(|| run_trial(Trial::new(solver, n, seed, budget).with_cpu_time()));
    let result = result.map_err(|source| BenchError::InvalidSolution {
        solver: name,
        source,
    })?;
    let timing = Timing {
        wall_seconds: result.wall_seconds,
        cpu_seconds: result.cpu_seconds.unwrap_or(timing.cpu_seconds),
        ..timing
    };
    Ok((result.outcome, timing))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::find_algorithm;

    #[test]
    fn a_measured_trial_replays_the_trial_path() {
        let algorithm = find_algorithm("min-conflicts").expect("registered");
        let solver = configured(algorithm, &["variant=fast"], 1000).expect("valid");
        let run = || {
            measured_trial("fast", solver.as_ref(), 1000, 3, Budget::UNLIMITED)
                .expect("solved and valid")
        };
        let (outcome, timing) = run();
        assert!(outcome.is_solved());
        assert_eq!(outcome, run().0);
        let direct = run_trial(Trial::new(solver.as_ref(), 1000, 3, Budget::UNLIMITED))
            .expect("valid")
            .outcome;
        assert_eq!(outcome, direct);
        assert!(timing.wall_seconds > 0.0);
    }

    #[test]
    fn a_misspelled_parameter_is_refused_with_the_algorithm_and_size() {
        let algorithm = find_algorithm("min-conflicts").expect("registered");
        match configured(algorithm, &["varient=fast"], 50) {
            Err(BenchError::Params { algorithm, n, .. }) => {
                assert_eq!((algorithm, n), ("min-conflicts", 50));
            }
            Ok(_) => panic!("a misspelled parameter was accepted"),
            Err(other) => panic!("expected a parameter error, got {other:?}"),
        }
    }
}
