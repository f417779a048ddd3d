//! One planned trial through the trial path ([`crate::trial::run_trial`]),
//! as the rows it adds to runs.csv and traces.csv.

use std::sync::atomic::AtomicBool;

use super::error::{RunError, RunResult};
use super::trace::SamplingTrace;
use crate::base::records::{RunRecord, TraceRecord};
use crate::base::remedy::Remedy;
use crate::experiment::config::{Entry, Experiment};
use crate::experiment::plan::Trial;
use crate::trial::{self, replay_of, run_trial};

/// The rows of one finished trial.
pub struct TrialRows {
    /// Its row of runs.csv.
    pub record: RunRecord,
    /// Its rows of traces.csv (none when the config does not trace).
    pub trace: Vec<TraceRecord>,
}

/// Runs trial `t` of `entry`; `None` when it was interrupted (it is not
/// recorded, so a resume runs it again).
pub fn run_planned(
    experiment: &Experiment,
    entry: &Entry,
    t: &Trial,
    interrupt: &AtomicBool,
) -> RunResult<Option<TrialRows>> {
    let n = usize::try_from(t.n).map_err(|_| RunError::BoardTooLarge { n: t.n })?;
    let mut tracer = experiment
        .trace
        .then(|| SamplingTrace::new(experiment.trace_every));
    let instance = entry
        .instance
        .as_ref()
        .map(|source| source.instance(experiment.seed, t.n, t.trial))
        .transpose()
        .map_err(|e| RunError::Instance {
            label: entry.label.clone(),
            n: t.n,
            trial: t.trial,
            message: e.to_string(),
        })?;
    let mut planned =
        trial::Trial::new(&*entry.solver, n, t.seed, entry.budget).with_interrupt(interrupt);
    if let Some(instance) = &instance {
        planned = planned.with_instance(instance);
    }
    if let Some(tr) = tracer.as_mut() {
        planned = planned.with_trace(tr);
    }
    let result = run_trial(planned).map_err(|e| RunError::InvalidSolution {
        label: entry.label.clone(),
        n: t.n,
        seed: t.seed,
        violation: e.violation,
        replay: Box::new(Remedy::Replay(Box::new(
            replay_of(
                &*entry.solver,
                entry.algorithm.name,
                t.n,
                t.seed,
                &entry.params,
                &entry.budget,
            )
            .on_instance(instance.as_ref()),
        ))),
    })?;
    if result.was_interrupted() {
        return Ok(None);
    }
    let outcome = result.outcome;
    let m = outcome.metrics;
    let record = RunRecord {
        experiment: experiment.name.clone(),
        algorithm: entry.algorithm.name.to_string(),
        label: entry.label.clone(),
        step_unit: match entry.solver.external() {
            Some(program) => program.step_unit().to_string(),
            None => entry.algorithm.step_unit().to_string(),
        },
        params: entry.params_text.clone(),
        budget: entry.budget.canonical(),
        instance: instance
            .as_ref()
            .map_or_else(|| "plain".to_string(), |i| i.origin().to_string()),
        n: t.n,
        trial: t.trial,
        seed: t.seed,
        solved: outcome.is_solved(),
        stop_reason: outcome.stop_reason,
        steps: m.steps,
        restarts: m.restarts,
        checks: m.checks,
        tests: m.tests,
        backtracks: m.backtracks,
        evaluations: m.evaluations,
        final_conflicts: m.final_conflicts,
        solutions: m.solutions,
        wall_seconds: result.wall_seconds,
        work_known: outcome.work_known,
    };
    let trace = tracer.map_or_else(Vec::new, |tr| tr.records(&entry.label, t.n, t.trial));
    Ok(Some(TrialRows { record, trace }))
}
