//! The trial path: one seeded search, timed and validated. Every caller that
//! runs a solver for a result — `queens solve`, the experiment runner, the
//! benchmarks — goes through [`run_trial`], so a row of runs.csv, its replay
//! ([`replay_of`]) and a benchmark figure come from the same code.
//!
//! A trial seeds a fresh ChaCha8 generator from its seed, builds the
//! [`Control`] (budget, interrupt flag, trace observer), measures the wall
//! time of the search alone (and, when asked, the CPU time of the thread
//! that ran it, for the benchmarks), and checks any solution with the independent
//! validator ([`crate::base::board::validate`]), which shares no code with a
//! solver. An external program ([`Solver::external`]) is started before the
//! clock and sent the trial's seed instead of a generator; an in-process
//! solver of another language gets the seed through
//! [`Solver::solve_from_seed`].

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use cpu_time::ThreadTime;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use crate::base::board::{Violation, validate};
use crate::base::instance::{Instance, InstanceViolation};
use crate::base::outcome::{Outcome, StopReason};
use crate::base::remedy::{Replay, ReplaySolver, Value};
use crate::solvers::params::ParamValue;
use crate::solvers::{Budget, Control, Params, Solver, Trace, in_process};

/// What one trial is: the solver, the board size, the seed of its generator
/// and the budget, with an optional interrupt flag and trace observer.
pub struct Trial<'a> {
    /// The configured solver.
    pub solver: &'a dyn Solver,
    /// The board size N.
    pub n: usize,
    /// The seed of the trial's ChaCha8 generator.
    pub seed: u64,
    /// The limits in force.
    pub budget: Budget,
    /// Set by Ctrl-C: the search stops at its next poll (stop reason
    /// `interrupted`).
    pub interrupt: Option<&'a AtomicBool>,
    /// Receives the search's convergence points.
    pub trace: Option<&'a mut dyn Trace>,
    /// Whether to measure the CPU time of the search (a system call before
    /// and after it, which the runner's many tiny trials do without).
    pub measure_cpu: bool,
    /// The first board the search is given instead of drawing one
    /// ([`Control::take_start`]).
    pub start: Option<&'a [u32]>,
    /// The instance searched, `None` for the plain problem
    /// ([`Control::instance`]); its solution is checked against it too.
    pub instance: Option<&'a Instance>,
}

impl<'a> Trial<'a> {
    /// A trial of `solver` at size `n` with `seed` and `budget`, without an
    /// interrupt flag or trace observer.
    pub fn new(solver: &'a dyn Solver, n: usize, seed: u64, budget: Budget) -> Self {
        Trial {
            solver,
            n,
            seed,
            budget,
            interrupt: None,
            trace: None,
            start: None,
            instance: None,
            measure_cpu: false,
        }
    }

    /// Searches `instance` instead of the plain problem; the solver must
    /// accept instances ([`crate::solvers::Configured::instance_refused`]).
    pub fn with_instance(mut self, instance: &'a Instance) -> Self {
        self.instance = Some(instance);
        self
    }

    /// Also stop when `flag` becomes true.
    pub fn with_interrupt(mut self, flag: &'a AtomicBool) -> Self {
        self.interrupt = Some(flag);
        self
    }

    /// Send convergence points to `trace`.
    pub fn with_trace(mut self, trace: &'a mut dyn Trace) -> Self {
        self.trace = Some(trace);
        self
    }

    /// Begins the search from `columns` (one column per row) instead of
    /// a board it draws; the solver must accept one
    /// ([`crate::solvers::Configured::start_refused`]).
    pub fn with_start(mut self, columns: &'a [u32]) -> Self {
        self.start = Some(columns);
        self
    }

    /// Also measure the CPU time of the search
    /// ([`TrialResult::cpu_seconds`]).
    pub fn with_cpu_time(mut self) -> Self {
        self.measure_cpu = true;
        self
    }
}

/// A finished trial: the outcome (its solution, if any, passed the
/// validator), the wall time of the search and, when asked, its CPU time.
#[derive(Clone, Debug)]
pub struct TrialResult {
    /// What the search produced.
    pub outcome: Outcome,
    /// Wall seconds of the search alone (not the validation).
    pub wall_seconds: f64,
    /// CPU seconds of the thread that ran the search, the search alone,
    /// when the trial asked for them ([`Trial::with_cpu_time`]).
    pub cpu_seconds: Option<f64>,
}

impl TrialResult {
    /// Whether the user interrupted the search: such a trial is not a result
    /// and is not recorded.
    pub fn was_interrupted(&self) -> bool {
        self.outcome.stop_reason == StopReason::Interrupted
    }
}

/// A solver returned a board that is not a solution: a bug in the solver.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the solver returned an invalid board for N = {n} with seed {seed}: {violation}")]
pub struct InvalidSolution {
    /// The board size.
    pub n: usize,
    /// The trial's seed.
    pub seed: u64,
    /// The first violation the validator found.
    pub violation: Invalid,
}

/// What is wrong with a board a solver returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// Two queens attack, or one is off the board.
    #[error(transparent)]
    Attack(#[from] Violation),
    /// A queen stands on a blocked square, or a given queen moved.
    #[error("{0}")]
    Instance(#[from] InstanceViolation),
}

/// The replay of a trial of `solver`, the registry's `algorithm` with
/// `params`, at size `n` with `seed` under `budget`: an external program
/// is named by its command, an in-process solver (`python:NAME`) by its
/// name. A front end renders it as its own call
/// ([`Remedy::Replay`](crate::base::remedy::Remedy::Replay)).
pub fn replay_of(
    solver: &dyn Solver,
    algorithm: &str,
    n: u64,
    seed: u64,
    params: &Params,
    budget: &Budget,
) -> Replay {
    Replay {
        n: Some(n),
        seed: Some(seed),
        ..replay_template_of(solver, algorithm, params, budget)
    }
}

/// [`replay_of`] for any row of `solver`'s label: its `n` and `seed` are
/// the row's (`N` and `SEED` in `external.log` and the report).
pub fn replay_template_of(
    solver: &dyn Solver,
    algorithm: &str,
    params: &Params,
    budget: &Budget,
) -> Replay {
    let solver = if let Some(name) = algorithm.strip_prefix(in_process::PREFIX) {
        ReplaySolver::InProcess(name.to_string())
    } else {
        match solver.external() {
            Some(program) => ReplaySolver::Command(program.command_line()),
            None => ReplaySolver::Algorithm(algorithm.to_string()),
        }
    };
    Replay {
        solver,
        n: None,
        seed: None,
        params: params
            .iter()
            .map(|(key, value)| (key.to_string(), value_of(value)))
            .collect(),
        budget: [
            ("max_steps", budget.max_steps.map(|v| Value::Int(v.into()))),
            (
                "max_restarts",
                budget.max_restarts.map(|v| Value::Int(v.into())),
            ),
            (
                "max_checks",
                budget.max_checks.map(|v| Value::Int(v.into())),
            ),
            ("time_limit", budget.time_limit.map(Value::Float)),
        ]
        .into_iter()
        .filter_map(|(key, value)| Some((key, value?)))
        .collect(),
        start: None,
        instance: None,
    }
}

/// A parameter's value as a replay holds it.
fn value_of(value: &ParamValue) -> Value {
    match value {
        ParamValue::Int(v) => Value::Int((*v).into()),
        ParamValue::Float(v) => Value::Float(*v),
        ParamValue::Bool(v) => Value::Bool(*v),
        ParamValue::Word(v) => Value::Word(v.clone()),
    }
}

/// Runs one trial: seeds the generator, runs the search under the budget,
/// times it, and validates the solution. An external program's trial is
/// timed from its request to its reply; the output it writes after the
/// reply is looked for once the clock has stopped
/// ([`ExternalSolver::confirm_reply`](crate::solvers::algorithms::external::ExternalSolver::confirm_reply)).
pub fn run_trial(trial: Trial<'_>) -> Result<TrialResult, InvalidSolution> {
    let Trial {
        solver,
        n,
        seed,
        budget,
        interrupt,
        trace,
        measure_cpu,
        start,
        instance,
    } = trial;
    let external = solver.external();
    if let Some(program) = external {
        program.prepare(&budget);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut control = Control::new(budget);
    if let Some(flag) = interrupt {
        control = control.with_interrupt(flag);
    }
    if let Some(trace) = trace {
        control = control.with_trace(trace);
    }
    if let Some(columns) = start {
        control = control.with_start(columns);
    }
    if let Some(instance) = instance {
        control = control.with_instance(instance);
    }
    let cpu = measure_cpu.then(ThreadTime::now);
    let start = Instant::now();
    let outcome = match external {
        Some(program) => program.solve_trial(n, seed, &mut control),
        None => solver.solve_from_seed(n, seed, &mut rng, &mut control),
    };
    let wall_seconds = start.elapsed().as_secs_f64();
    let cpu_seconds = cpu.map(|c| c.elapsed().as_secs_f64());
    // Output after the reply is looked for once the clock has stopped.
    let outcome = match external {
        Some(program) => program.confirm_reply(outcome),
        None => outcome,
    };
    if let Some(solution) = &outcome.solution {
        let invalid = |violation| InvalidSolution { n, seed, violation };
        validate(solution.columns()).map_err(|v| invalid(Invalid::Attack(v)))?;
        if let Some(instance) = instance {
            instance
                .check(solution.columns())
                .map_err(|v| invalid(Invalid::Instance(v)))?;
        }
    }
    Ok(TrialResult {
        outcome,
        wall_seconds,
        cpu_seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::board::Placement;
    use crate::base::outcome::Metrics;
    use crate::solvers::find_algorithm;

    /// A solver that always returns the same board, valid or not.
    struct Fixed(Vec<u32>);

    impl Solver for Fixed {
        fn solve(&self, _: usize, _: &mut ChaCha8Rng, _: &mut Control<'_>) -> Outcome {
            Outcome::solved(Placement::new(self.0.clone()), Metrics::default())
        }
    }

    #[test]
    fn a_trial_replays_bit_for_bit() {
        let algorithm = find_algorithm("min-conflicts").expect("registered");
        let (_, solver) = algorithm.instantiate(&[]).expect("defaults");
        let run = || {
            run_trial(Trial::new(solver.as_ref(), 30, 7, Budget::steps(100_000)))
                .expect("valid")
                .outcome
        };
        let first = run();
        assert!(first.is_solved());
        assert_eq!(first, run());
    }

    #[test]
    fn an_invalid_board_is_refused_with_its_violation() {
        assert!(
            run_trial(Trial::new(
                &Fixed(vec![1, 3, 0, 2]),
                4,
                0,
                Budget::UNLIMITED
            ))
            .is_ok()
        );
        let error = run_trial(Trial::new(
            &Fixed(vec![0, 1, 2, 3]),
            4,
            9,
            Budget::UNLIMITED,
        ))
        .expect_err("a diagonal is shared");
        assert_eq!((error.n, error.seed), (4, 9));
        assert!(matches!(
            error.violation,
            Invalid::Attack(Violation::SameDiagonal { .. })
        ));
    }

    #[test]
    fn the_replay_names_everything_that_fixes_the_trial() {
        let algorithm = find_algorithm("naive-repair").expect("registered");
        let (params, solver) = algorithm.instantiate(&[]).expect("defaults");
        let replay = replay_of(
            solver.as_ref(),
            algorithm.name,
            12,
            99,
            &params,
            &Budget::steps(500),
        );
        assert_eq!(
            replay.solver,
            ReplaySolver::Algorithm("naive-repair".into())
        );
        assert_eq!((replay.n, replay.seed), (Some(12), Some(99)));
        assert_eq!(replay.params.len(), params.iter().count());
        assert_eq!(replay.budget, [("max_steps", Value::Int(500))]);
        let template =
            replay_template_of(solver.as_ref(), algorithm.name, &params, &Budget::UNLIMITED);
        assert_eq!((template.n, template.seed), (None, None));
        assert!(template.budget.is_empty());
    }

    #[test]
    fn an_interrupted_trial_says_so() {
        let algorithm = find_algorithm("random-restart").expect("registered");
        let (_, solver) = algorithm.instantiate(&[]).expect("defaults");
        let flag = AtomicBool::new(true);
        let result =
            run_trial(Trial::new(solver.as_ref(), 40, 1, Budget::UNLIMITED).with_interrupt(&flag))
                .expect("no solution to validate");
        assert!(result.was_interrupted());
    }
}
