//! Python solvers run in process: the library's [`InProcessSolvers`] hook
//! over the solvers `queens.register` keeps, and the [`Solver`] each one
//! is. A trial hands the Python side the trial's seed, the entry's
//! parameters and the budget, and reads back its answer as the external
//! protocol's reply, through the same parser
//! ([`protocol::parse_reply`]): the same counters, stop reasons and
//! checks, every board validated here and again by the trial path. A
//! solver registered with `instances=True` is handed the trial's instance
//! too (the protocol's `instance` field as JSON, `None` for a plain
//! trial); any other is refused for an instance plan when the config
//! loads. A Python exception is a `solver_error` whose traceback goes to
//! `external.log`.
//!
//! Python code cannot be interrupted, so the time limit is judged when
//! the call returns: the solver learns the seconds left when it is called
//! (its `budget.deadline`), and a call that ends past the limit is a
//! `budget_time` trial whatever it answered, as an external program
//! killed at its limit.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pyo3::prelude::*;
use queens::base::instance::Instance;
use queens::base::outcome::StopReason;
use queens::base::records::seed::SEED_BOUND;
use queens::solvers::algorithms::external::Failure;
use queens::solvers::algorithms::external::protocol::{self, Answer, InstanceField, Refused};
use queens::solvers::blocks::frame::{Frame, View};
use queens::solvers::in_process::InProcessSolvers;
use queens::solvers::memory::MemoryEstimate;
use queens::solvers::{Budget, Configured, Control, Outcome, Params, Solver};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

/// The id every reply echoes: one request per call.
const REPLY_ID: u64 = 1;

/// A registered solver as the Python side hands it over: its trial
/// function `trial(n, seed, params_json, budget_json, tracing, time_left,
/// instance_json) -> (ok, text)` (the reply as JSON, or the traceback),
/// what one of its steps is and whether it searches instances.
pub struct Registered {
    /// The trial function (`queens._solvers.Registered.trial`).
    pub trial: Py<PyAny>,
    /// The `step_unit` of its rows.
    pub step_unit: String,
    /// What the solver is (its qualified name) and the SHA-256 of its
    /// source, for the run's record.
    pub fingerprint: (String, String),
    /// Whether it was registered with `instances=True`.
    pub instances: bool,
}

/// The registered solvers of this call, by name.
pub struct Registry(pub HashMap<String, Registered>);

impl Registry {
    /// Reads `{name: (trial, step_unit, fingerprint, instances)}` from
    /// Python.
    pub fn from_python(solvers: Option<&Bound<'_, pyo3::types::PyDict>>) -> PyResult<Self> {
        let mut map = HashMap::new();
        if let Some(solvers) = solvers {
            for (name, entry) in solvers.iter() {
                let (trial, step_unit, fingerprint, instances): (
                    Py<PyAny>,
                    String,
                    (String, String),
                    bool,
                ) = entry.extract()?;
                map.insert(
                    name.extract::<String>()?,
                    Registered {
                        trial,
                        step_unit,
                        fingerprint,
                        instances,
                    },
                );
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
                name: name.to_string(),
                trial,
                params: params.to_json().to_string(),
                fingerprint: found.fingerprint.clone(),
                instances: found.instances,
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
    /// The name it was registered under.
    name: String,
    trial: Py<PyAny>,
    /// The entry's parameters as JSON, verbatim.
    params: String,
    /// What the solver is and the SHA-256 of its source.
    fingerprint: (String, String),
    /// Whether it searches instances (registered with `instances=True`).
    instances: bool,
    failures: Mutex<Vec<Failure>>,
}

impl PythonSolver {
    /// Calls the Python side for one trial (with its `instance` as the
    /// protocol's JSON, if any): `Ok(reply)` or `Err(traceback)`.
    /// The seconds left before `deadline` are counted once the call holds
    /// the GIL, so time spent waiting for it is not handed to the solver.
    fn call(
        &self,
        n: usize,
        seed: u64,
        budget: &str,
        tracing: bool,
        deadline: Option<Instant>,
        instance: Option<String>,
    ) -> Result<String, String> {
        Python::attach(|py| {
            let time_left =
                deadline.map(|d| d.saturating_duration_since(Instant::now()).as_secs_f64());
            let answer = self
                .trial
                .call1(
                    py,
                    (
                        n,
                        seed,
                        self.params.as_str(),
                        budget,
                        tracing,
                        time_left,
                        instance,
                    ),
                )
                .and_then(|a| a.extract::<(bool, String)>(py));
            match answer {
                Ok((true, reply)) => Ok(reply),
                Ok((false, traceback)) => Err(traceback),
                Err(e) => Err(e.to_string()),
            }
        })
    }

    /// What the call gave at size `n` (on `instance`, if any) under
    /// `budget`: the answer the protocol's parser accepted, or why the
    /// trial failed.
    fn verdict(
        n: usize,
        instance: Option<&Instance>,
        called: Result<String, String>,
        budget: &Budget,
        elapsed: Duration,
    ) -> Verdict {
        let reply = match called {
            Ok(reply) => reply,
            Err(traceback) => {
                let last = traceback
                    .lines()
                    .rev()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or("")
                    .to_string();
                return Verdict::Failed {
                    reason: format!("the Python solver raised {last}"),
                    detail: traceback,
                    stop: StopReason::SolverError,
                };
            }
        };
        match protocol::parse_reply(&reply, REPLY_ID, n, instance, budget, elapsed) {
            Ok(answer) => Verdict::Accepted(answer),
            Err(e @ Refused::InvalidBoard { .. }) => Verdict::Failed {
                reason: e.to_string(),
                detail: String::new(),
                stop: StopReason::InvalidSolution,
            },
            Err(Refused::Malformed(e)) => Verdict::Failed {
                reason: format!("the Python solver's answer is refused: {e}"),
                detail: String::new(),
                stop: StopReason::SolverError,
            },
        }
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
        Outcome::work_unknown(stop)
    }
}

/// What one call of a Python solver gave.
enum Verdict {
    /// An answer the protocol's parser accepted.
    Accepted(Answer),
    /// Why the trial failed: the reason for external.log, the traceback
    /// (or nothing) and the stop reason of its row.
    Failed {
        reason: String,
        detail: String,
        stop: StopReason,
    },
}

impl Verdict {
    /// Whether the solver itself said it stopped at its time limit.
    fn stopped_in_time(&self) -> bool {
        matches!(self, Verdict::Accepted(answer) if answer.outcome.stop_reason == StopReason::BudgetTime)
    }

    /// What the solver answered, in a few words for external.log.
    fn summary(&self) -> String {
        match self {
            Verdict::Accepted(answer) => format!("stop_reason {}", answer.outcome.stop_reason),
            Verdict::Failed { reason, .. } => reason.clone(),
        }
    }
}

impl Solver for PythonSolver {
    /// Outside the trial path the seed handed over is the generator's next
    /// number below 2^53, as for an external program.
    fn solve(&self, n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
        let seed = rng.random_range(0..SEED_BOUND);
        self.solve_from_seed(n, seed, rng, control)
    }

    /// One call of the Python solver. Ctrl-C (before or during the call)
    /// makes the trial `interrupted`; a call that ends after the time limit
    /// makes it `budget_time` whatever it returned (its answer not counted,
    /// the reason kept for external.log), unless the solver itself answered
    /// `budget_time`, whose counters are kept.
    fn solve_from_seed(
        &self,
        n: usize,
        seed: u64,
        _rng: &mut ChaCha8Rng,
        control: &mut Control<'_>,
    ) -> Outcome {
        if let Some(stop) = control.poll_clock() {
            return Outcome::work_unknown(stop);
        }
        let budget = *control.budget();
        let budget_json = serde_json::to_string(&budget).unwrap_or_default();
        let instance = control.instance();
        let instance_json =
            instance.map(|i| serde_json::to_string(&InstanceField::of(i)).unwrap_or_default());
        let answer = self.call(
            n,
            seed,
            &budget_json,
            control.tracing(),
            control.deadline(),
            instance_json,
        );
        let verdict = Self::verdict(n, instance, answer, &budget, control.elapsed());
        match control.poll_clock() {
            Some(StopReason::Interrupted) => {
                return Outcome::unsolved(Default::default(), StopReason::Interrupted);
            }
            Some(StopReason::BudgetTime) if !verdict.stopped_in_time() => {
                let detail = match &verdict {
                    Verdict::Failed { detail, .. } => detail.clone(),
                    Verdict::Accepted(_) => String::new(),
                };
                let reason = format!(
                    "the Python solver returned {:.3} s into the trial, past the time limit of {} s: its answer ({}) is not counted; stop by budget.deadline (budget.expired(), budget.time_left()) and answer budget_time",
                    control.elapsed().as_secs_f64(),
                    budget.time_limit.unwrap_or_default(),
                    verdict.summary()
                );
                return self.failed(n, seed, reason, detail, StopReason::BudgetTime);
            }
            _ => {}
        }
        match verdict {
            Verdict::Accepted(Answer { outcome, trace }) => {
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
            Verdict::Failed {
                reason,
                detail,
                stop,
            } => self.failed(n, seed, reason, detail, stop),
        }
    }

    fn take_failures(&self) -> Vec<Failure> {
        self.failures
            .lock()
            .map(|mut f| std::mem::take(&mut *f))
            .unwrap_or_default()
    }

    /// The function's qualified name and the SHA-256 of its source, as the
    /// Python side computed them when it was registered.
    fn fingerprint(&self) -> Option<(String, String)> {
        Some(self.fingerprint.clone())
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

    /// Registered with `instances=True`: it searches instances; else it is
    /// refused for an instance plan, saying how to register it.
    fn instance_refused(&self) -> Option<String> {
        (!self.instances).then(|| {
            format!(
                "the Python solver {:?} was registered without instances=True, so it would search the plain problem: make it take an `instance` argument (None for a plain trial) that it keeps to, and register it with queens.register({:?}, solver, instances=True)",
                self.name, self.name
            )
        })
    }
}
