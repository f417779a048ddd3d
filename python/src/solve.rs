//! `algorithms()`, `solve()` and `count()`: the registry, one trial
//! through the trial path (as `queens solve`), and the exact counter (as
//! `queens count`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use queens::base::outcome::Metrics;
use queens::base::remedy::Remedy;
use queens::counting::Counter;
use queens::solvers::in_process::{self, PREFIX};
use queens::solvers::params::{ParamKind, RawValue};
use queens::solvers::{Algorithm, Budget, Configured, Params, Trace, find_algorithm};
use queens::trial::{Trial, replay_of, run_trial};

use crate::errors::{ConfigError, InvalidSolutionError, QueensError, guard, message};
use crate::in_process::Registry;

/// The registry as records: name, summary, source, citation, step unit,
/// what its checks count, its parameters (with kind, default and help)
/// and its variants.
#[pyfunction]
pub fn algorithms(py: Python<'_>) -> PyResult<Py<PyList>> {
    guard(|| {
        let list = PyList::empty(py);
        for algorithm in queens::algorithms() {
            let record = PyDict::new(py);
            record.set_item("name", algorithm.name)?;
            record.set_item("summary", algorithm.summary)?;
            record.set_item("source", algorithm.source)?;
            record.set_item("citation", algorithm.citation)?;
            record.set_item("step_unit", algorithm.step_unit())?;
            record.set_item("default_budget", algorithm.default_budget.canonical())?;
            let checks = PyDict::new(py);
            for row in algorithm.checks {
                checks.set_item(row.variant.unwrap_or("*"), row.counts)?;
            }
            record.set_item("checks", checks)?;
            let params = PyList::empty(py);
            for spec in algorithm.params {
                let param = PyDict::new(py);
                param.set_item("name", spec.name)?;
                param.set_item("kind", kind(&spec.kind))?;
                param.set_item("default", spec.default)?;
                param.set_item("help", spec.help)?;
                params.append(param)?;
            }
            record.set_item("params", params)?;
            let variants: Vec<&str> = algorithm.variants.iter().map(|v| v.name).collect();
            record.set_item("variants", variants)?;
            list.append(record)?;
        }
        Ok(list.unbind())
    })
}

/// A parameter's kind in words: `int 1..=1000`, `float 0..=1`, `bool`,
/// `choice a|b`.
fn kind(kind: &ParamKind) -> String {
    match kind {
        ParamKind::Int { min, max } => format!("int {min}..={max}"),
        ParamKind::Float { min, max } => format!("float {min}..={max}"),
        ParamKind::Bool => "bool".to_string(),
        ParamKind::Choice(words) => format!("choice {}", words.join("|")),
    }
}

/// Every trace point of one search.
#[derive(Default)]
struct Points(Vec<(Metrics, u64)>);

impl Trace for Points {
    fn record(&mut self, metrics: &Metrics, conflicts: u64) {
        self.0.push((*metrics, conflicts));
    }
}

/// A Python parameter value as the parameter layer takes it: text is
/// parsed by the declared kind, as on the command line.
fn raw_value(key: &str, value: &Bound<'_, PyAny>) -> PyResult<RawValue> {
    if let Ok(b) = value.extract::<bool>()
        && value.is_instance_of::<pyo3::types::PyBool>()
    {
        return Ok(RawValue::Bool(b));
    }
    if let Ok(i) = value.extract::<i64>() {
        return Ok(RawValue::Integer(i));
    }
    if let Ok(x) = value.extract::<f64>() {
        return Ok(RawValue::Float(x));
    }
    if let Ok(s) = value.extract::<String>() {
        return Ok(RawValue::Text(s));
    }
    Err(ConfigError::new_err(format!(
        "parameter {key:?}: give a number, a word or True/False, not {}",
        value.get_type().name()?
    )))
}

/// The solver `algorithm` names: a registry name, or a registered Python
/// solver (`python:NAME`, or NAME when it is no registry name).
pub fn build(
    algorithm: &str,
    n: usize,
    params: Option<&Bound<'_, PyDict>>,
    registry: &Registry,
) -> PyResult<(&'static Algorithm, Params, Box<dyn Configured>)> {
    let mut given = Vec::new();
    if let Some(params) = params {
        for (key, value) in params.iter() {
            let key: String = key.extract()?;
            let raw = raw_value(&key, &value)?;
            given.push((key, raw));
        }
    }
    let python_name = algorithm
        .strip_prefix(PREFIX)
        .or_else(|| registry.0.contains_key(algorithm).then_some(algorithm));
    if let Some(name) = python_name {
        let texts = given.into_iter().map(|(key, value)| {
            let text = match value {
                RawValue::Text(t) | RawValue::String(t) => t,
                other => other.to_string(),
            };
            (key, text)
        });
        let params =
            Params::verbatim(algorithm, texts).map_err(|e| ConfigError::new_err(e.to_string()))?;
        let (solver, step_unit) = registry
            .solver(name, &params)
            .map_err(ConfigError::new_err)?;
        return Ok((
            in_process::descriptor(name, &step_unit),
            params,
            Box::new(solver),
        ));
    }
    let found = find_algorithm(algorithm).map_err(|e| ConfigError::new_err(e.to_string()))?;
    let (params, solver) = found
        .instantiate_for(n, &given)
        .map_err(|e| ConfigError::new_err(message(&e)))?;
    Ok((found, params, solver))
}

/// The budget the algorithm's default and `budget`'s keys give: whole
/// numbers (a bool is none) and a time limit in seconds.
pub fn budget_of(algorithm: &Algorithm, budget: Option<&Bound<'_, PyDict>>) -> PyResult<Budget> {
    let mut given = Budget::UNLIMITED;
    if let Some(budget) = budget {
        for (key, value) in budget.iter() {
            let key: String = key.extract()?;
            if value.is_instance_of::<pyo3::types::PyBool>() {
                return Err(ConfigError::new_err(format!(
                    "budget {key} = {value}: True and False are not numbers; give a whole number >= 0 (time_limit: a number of seconds)"
                )));
            }
            let whole = || {
                value.extract::<u64>().map_err(|_| {
                    ConfigError::new_err(format!(
                        "budget {key} = {value}: give a whole number >= 0"
                    ))
                })
            };
            match key.as_str() {
                "max_steps" => given.max_steps = Some(whole()?),
                "max_restarts" => given.max_restarts = Some(whole()?),
                "max_checks" => given.max_checks = Some(whole()?),
                "time_limit" => {
                    let seconds: f64 = value.extract().unwrap_or(f64::NAN);
                    if !Budget::is_valid_time_limit(seconds) {
                        return Err(ConfigError::new_err(format!(
                            "budget time_limit = {value}: give a positive number of seconds up to {:e}",
                            Budget::MAX_TIME_LIMIT
                        )));
                    }
                    given.time_limit = Some(seconds);
                }
                other => {
                    return Err(ConfigError::new_err(format!(
                        "unknown budget key {other:?}: the keys are max_steps, max_restarts, max_checks, time_limit"
                    )));
                }
            }
        }
    }
    Ok(algorithm.default_budget.overridden_by(&given))
}

/// One seeded, timed, validated trial (as `queens solve`); returns its
/// record as a dict.
#[pyfunction]
#[pyo3(signature = (algorithm, n, seed, params=None, budget=None, trace=false, solvers=None))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    algorithm: &str,
    n: usize,
    seed: u64,
    params: Option<&Bound<'_, PyDict>>,
    budget: Option<&Bound<'_, PyDict>>,
    trace: bool,
    solvers: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyDict>> {
    guard(|| {
        let registry = Registry::from_python(solvers)?;
        let (found, params, solver) = build(algorithm, n, params, &registry)?;
        let budget = budget_of(found, budget)?;
        let mut points = Points::default();
        let result = py.detach(|| {
            let mut planned = Trial::new(solver.as_ref(), n, seed, budget);
            if trace {
                planned = planned.with_trace(&mut points);
            }
            run_trial(planned.with_cpu_time())
        });
        let replay = Remedy::Replay(Box::new(replay_of(
            solver.as_ref(),
            found.name,
            n as u64,
            seed,
            &params,
            &budget,
        )));
        let result =
            result.map_err(|e| InvalidSolutionError::new_err(format!("{e}; replay: {replay}")))?;
        let record = PyDict::new(py);
        let m = result.outcome.metrics;
        record.set_item("algorithm", found.name)?;
        record.set_item("step_unit", found.step_unit())?;
        record.set_item("n", n)?;
        record.set_item("seed", seed)?;
        record.set_item("params", params.canonical())?;
        record.set_item("budget", budget.canonical())?;
        record.set_item("solved", result.outcome.is_solved())?;
        record.set_item("stop_reason", result.outcome.stop_reason.as_str())?;
        for (name, value) in [
            ("steps", m.steps),
            ("restarts", m.restarts),
            ("checks", m.checks),
            ("tests", m.tests),
            ("backtracks", m.backtracks),
            ("evaluations", m.evaluations),
            ("solutions", m.solutions),
        ] {
            record.set_item(name, value)?;
        }
        record.set_item("final_conflicts", m.final_conflicts)?;
        record.set_item("wall_seconds", result.wall_seconds)?;
        record.set_item("cpu_seconds", result.cpu_seconds)?;
        let solution: Option<Vec<u32>> = result
            .outcome
            .solution
            .as_ref()
            .map(|s| s.columns().to_vec());
        record.set_item("solution", solution)?;
        record.set_item("replay", replay.to_string())?;
        let errors: Vec<String> = solver
            .take_failures()
            .into_iter()
            .map(|f| {
                if f.stderr_tail.is_empty() {
                    f.reason
                } else {
                    format!("{}\n{}", f.reason, f.stderr_tail)
                }
            })
            .collect();
        record.set_item("error", errors.first())?;
        let trace_points: Vec<(u64, u64, u64, u64, u64)> = points
            .0
            .iter()
            .map(|(m, c)| (m.steps, m.checks, m.restarts, m.evaluations, *c))
            .collect();
        record.set_item("trace", trace_points)?;
        Ok(record.unbind())
    })
}

/// The exact number of solutions and of fundamental solutions at `n` (as
/// `queens count`), on `threads` threads (all cores by default).
#[pyfunction]
#[pyo3(signature = (n, threads=None))]
pub fn count(py: Python<'_>, n: usize, threads: Option<usize>) -> PyResult<(u128, u128)> {
    guard(|| {
        let counter = Counter::new(n).map_err(|e| ConfigError::new_err(e.to_string()))?;
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(t) = threads {
            if t == 0 {
                return Err(ConfigError::new_err("threads = 0: give at least 1"));
            }
            pool = pool.num_threads(t);
        }
        let pool = pool
            .build()
            .map_err(|e| QueensError::new_err(format!("cannot start the worker threads: {e}")))?;
        let units: Vec<usize> = (0..counter.unit_count()).collect();
        let total = py.detach(|| pool.install(|| counter.count_units(&units, &|_| {})));
        let counts = counter.counts_from_total(total);
        Ok((counts.solutions, counts.unique))
    })
}
