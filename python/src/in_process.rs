//! Python solvers run in process: the library's [`InProcessSolvers`] hook
//! over the solvers `queens.register` keeps, and the [`Solver`] each one
//! is. A trial hands the Python side the trial's seed, the entry's
//! parameters and the budget, and reads back its answer as the external
//! protocol's reply, through the same parser
//! ([`protocol::parse_reply`]): the same counters, stop reasons and
//! checks, every board validated here and again by the trial path. A
//! Python exception is a `solver_error` whose traceback goes to
//! `external.log`.

use std::collections::HashMap;
use std::sync::Mutex;

use pyo3::prelude::*;
use queens::base::outcome::StopReason;
use queens::base::records::seed::SEED_BOUND;
use queens::solvers::algorithms::external::Failure;
use queens::solvers::algorithms::external::protocol::{self, Answer, Refused};
use queens::solvers::blocks::frame::{Frame, View};
use queens::solvers::in_process::InProcessSolvers;
use queens::solvers::memory::MemoryEstimate;
use queens::solvers::{Configured, Control, Outcome, Params, Solver};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

/// The id every reply echoes: one request per call.
const REPLY_ID: u64 = 1;

/// A registered solver as the Python side hands it over: its trial
/// function `trial(n, seed, params_json, budget_json, tracing) -> (ok,
/// text)` (the reply as JSON, or the traceback) and what one of its steps
/// is.
pub struct Registered {
    /// The trial function (`queens._solvers.Registered.trial`).
    pub trial: Py<PyAny>,
    /// The `step_unit` of its rows.
    pub step_unit: String,
}

/// The registered solvers of this call, by name.
pub struct Registry(pub HashMap<String, Registered>);

impl Registry {
    /// Reads `{name: (trial, step_unit)}` from Python.
    pub fn from_python(solvers: Option<&Bound<'_, pyo3::types::PyDict>>) -> PyResult<Self> {
        let mut map = HashMap::new();
        if let Some(solvers) = solvers {
            for (name, entry) in solvers.iter() {
                let (trial, step_unit): (Py<PyAny>, String) = entry.extract()?;
                map.insert(name.extract::<String>()?, Registered { trial, step_unit });
            }
        }
        Ok(Self(map))
    }

    /// The solver registered as `name` with `params`.
    pub fn solver(&self, name: &str, params: &Params) -> Result<(PythonSolver, String), String> {
        let Some(found) = self.0.get(name) else {
            let mut known: Vec<&str> = self.0.keys().map(String::as_str).collect();
            known.sort_unstable();
            return Err(format!(
                "no Python solver is registered as {name:?} (registered: {}): call queens.register({name:?}, solver) first",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ));
        };
        let trial = Python::attach(|py| found.trial.clone_ref(py));
        Ok((
            PythonSolver {
                trial,
                params: params.to_json().to_string(),
                failures: Mutex::new(Vec::new()),
            },
            found.step_unit.clone(),
        ))
    }
}

impl InProcessSolvers for Registry {
    fn build(&self, name: &str, params: &Params) -> Result<(Box<dyn Configured>, String), String> {
        let (solver, step_unit) = self.solver(name, params)?;
        Ok((Box::new(solver), step_unit))
    }
}

/// One configured Python solver.
pub struct PythonSolver {
    trial: Py<PyAny>,
    /// The entry's parameters as JSON, verbatim.
    params: String,
    failures: Mutex<Vec<Failure>>,
}

impl PythonSolver {
    /// Calls the Python side for one trial: `Ok(reply)` or `Err(traceback)`.
    fn call(&self, n: usize, seed: u64, budget: &str, tracing: bool) -> Result<String, String> {
        Python::attach(|py| {
            let answer = self
                .trial
                .call1(py, (n, seed, self.params.as_str(), budget, tracing))
                .and_then(|a| a.extract::<(bool, String)>(py));
            match answer {
                Ok((true, reply)) => Ok(reply),
                Ok((false, traceback)) => Err(traceback),
                Err(e) => Err(e.to_string()),
            }
        })
    }

    /// Keeps a failure of trial (n, seed) and returns its outcome.
    fn failed(
        &self,
        n: usize,
        seed: u64,
        reason: String,
        detail: String,
        stop: StopReason,
    ) -> Outcome {
        if let Ok(mut failures) = self.failures.lock() {
            failures.push(Failure {
                n,
                seed,
                reason,
                stderr_tail: detail,
            });
        }
        Outcome::unsolved(Default::default(), stop)
    }
}

impl Solver for PythonSolver {
    /// Outside the trial path the seed handed over is the generator's next
    /// number below 2^53, as for an external program.
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        let seed = rng.random_range(0..SEED_BOUND);
        self.solve_from_seed(n, seed, rng, control)
    }

    fn solve_from_seed(
        &self,
        n: usize,
        seed: u64,
        _rng: &mut ChaCha8Rng,
        control: &mut Control<'_>,
    ) -> Outcome {
        if control.poll_clock() == Some(StopReason::Interrupted) {
            return Outcome::unsolved(Default::default(), StopReason::Interrupted);
        }
        let budget = serde_json::to_string(control.budget()).unwrap_or_default();
        let reply = match self.call(n, seed, &budget, control.tracing()) {
            Ok(reply) => reply,
            Err(traceback) => {
                let last = traceback
                    .lines()
                    .rev()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("")
                    .to_string();
                return self.failed(
                    n,
                    seed,
                    format!("the Python solver raised {last}"),
                    traceback,
                    StopReason::SolverError,
                );
            }
        };
        match protocol::parse_reply(&reply, REPLY_ID, n, control.budget()) {
            Ok(Answer { outcome, trace }) => {
                if control.tracing() {
                    for point in trace {
                        let metrics = point.counters().metrics();
                        control.observe(&metrics, point.conflicts);
                        if let Some(columns) = &point.columns {
                            control.frame(&Frame::full(columns, metrics, View::Board));
                        }
                    }
                }
                outcome
            }
            Err(e @ Refused::InvalidBoard { .. }) => self.failed(
                n,
                seed,
                e.to_string(),
                String::new(),
                StopReason::InvalidSolution,
            ),
            Err(Refused::Malformed(e)) => self.failed(
                n,
                seed,
                format!("the Python solver's answer is refused: {e}"),
                String::new(),
                StopReason::SolverError,
            ),
        }
    }

    fn take_failures(&self) -> Vec<Failure> {
        self.failures
            .lock()
            .map(|mut f| std::mem::take(&mut *f))
            .unwrap_or_default()
    }
}

impl Configured for PythonSolver {
    /// The harness's side only: the answer and its solution.
    fn memory(&self, n: usize) -> MemoryEstimate {
        MemoryEstimate::harness_side(n, "the solver's own memory is its own; run smaller sizes")
    }

    fn never_restarts(&self) -> Option<&'static str> {
        None
    }
}
