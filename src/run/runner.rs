//! The runner, [`run_experiment`]: into a data directory the store has
//! opened for the run (locked, checked, emptied with `--fresh`;
//! [`Store::for_run`]), it resumes the trials already done, opens a session
//! in the metadata (`session.rs`; none when every trial is done and an
//! earlier session finished the files, which are then left as they are),
//! runs the pending trials in parallel (`execute.rs`, one trial through
//! `trial_rows.rs`) and finishes the files through the store: runs.csv and
//! traces.csv rewritten in plan order, summary.csv and params.csv with
//! their record, metadata.json.
//!
//! Every column except those ending in `_seconds` depends only on the config:
//! not on the threads, the shard split, or how often the run was interrupted
//! and resumed.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use super::error::RunResult;
pub use super::execute::Workers;
use super::execute::execute;
use super::observer::{RunObserver, SessionStart};
use super::session;
use crate::analysis::summary::summarize;
use crate::base::records::{RunRecord, Shard};
use crate::experiment::config::Experiment;
use crate::experiment::params_file::param_rows;
use crate::experiment::plan::{PlanIndex, plan_slice};
use crate::store::Store;

/// How to run an experiment.
pub struct RunOptions<'a> {
    /// Where the CSV files and metadata go.
    pub data_dir: PathBuf,
    /// Worker threads.
    pub threads: usize,
    /// Discard earlier results of this run (or shard) instead of resuming.
    pub fresh: bool,
    /// Run only this slice of the plan.
    pub shard: Option<Shard>,
    /// Hears of the warnings, the session and every trial
    /// ([`NoObserver`](super::observer::NoObserver) for none).
    pub observer: &'a dyn RunObserver,
    /// Set by Ctrl-C: stop taking trials, abandon the running ones.
    pub interrupt: &'a AtomicBool,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct RunReport {
    /// The experiment's name.
    pub experiment: String,
    /// Trials in the plan (of the shard, if any).
    pub planned: u64,
    /// Trials already done before this session.
    pub previously_done: u64,
    /// Trials this session ran.
    pub ran: u64,
    /// Whether Ctrl-C stopped the session early.
    pub interrupted: bool,
    /// The runs file the trials are in (runs.csv, or the shard's).
    pub runs_file: PathBuf,
    /// summary.csv (none for a shard: merge the shards first).
    pub summary_file: Option<PathBuf>,
    /// The log of the external programs' failures.
    pub external_log: PathBuf,
    /// Rows of the runs file that ended in an external program's (or
    /// Python solver's) error.
    pub program_errors: usize,
}

/// Runs `experiment` (or one shard of it) into `options.data_dir`, holding
/// its lock throughout ([`Store::for_run`]: refused, before anything is
/// written, when another process holds it, or when it holds results of
/// another config unless `options.fresh`). The observer hears the config's
/// warnings first.
pub fn run_experiment(experiment: &Experiment, options: &RunOptions<'_>) -> RunResult<RunReport> {
    for warning in &experiment.warnings {
        options.observer.warning(warning);
    }
    let mut store = Store::for_run(&options.data_dir, experiment, options.shard, options.fresh)?;
    let workers = Workers {
        threads: options.threads,
        interrupt: options.interrupt,
        observer: options.observer,
    };
    run_into(experiment, &mut store, &workers)
}

/// Runs `experiment` (or the shard `store` was opened for) into `store`,
/// opened for it with [`Store::for_run`], on `workers` (the caller has
/// passed the config's warnings on already).
pub fn run_into(
    experiment: &Experiment,
    store: &mut Store,
    workers: &Workers<'_>,
) -> RunResult<RunReport> {
    let options = workers;
    let slice = plan_slice(experiment, store.shard());
    let index = PlanIndex::new(experiment, &slice);
    let mut done = store.resume(&index, slice.len(), experiment.trace)?;
    let previously_done = done.iter().filter(|d| d.is_some()).count() as u64;
    let pending: Vec<usize> = (0..slice.len()).filter(|&p| done[p].is_none()).collect();
    // Nothing to run and the files already finished: leave them byte for
    // byte as they are (no session recorded, nothing rewritten).
    let settled = pending.is_empty() && store.settled(previously_done);
    let meta = if settled {
        None
    } else {
        let meta = session::open(
            store.metadata().cloned(),
            experiment,
            store.shard(),
            slice.len() as u64,
            previously_done,
            options.threads,
        );
        store.write_run_metadata(meta.clone())?;
        Some(meta)
    };
    let runs_file = store.runs_file();
    let external_log = store.external_log().path().to_owned();
    options.observer.session_started(&SessionStart {
        experiment: &experiment.name,
        shard: store.shard(),
        planned: slice.len() as u64,
        previously_done,
        to_run: pending.len() as u64,
        threads: options.threads,
        runs: &runs_file,
        external_log: &external_log,
    });
    if !pending.is_empty() {
        store.external_log().note_replays(&experiment.entries)?;
    }
    let mut ran = 0;
    for (p, record) in execute(experiment, &slice, &pending, store, workers)?.into_rows() {
        done[p] = Some(record);
        ran += 1;
    }
    let interrupted = options.interrupt.load(Ordering::Relaxed) && done.iter().any(Option::is_none);
    let records: Vec<RunRecord> = done.into_iter().flatten().collect();
    let program_errors = records
        .iter()
        .filter(|r| r.stop_reason.is_program_error())
        .count();
    if let Some(mut meta) = meta {
        session::close(
            &mut meta,
            experiment,
            records.len() as u64,
            ran,
            interrupted,
        );
        let derived = store
            .shard()
            .is_none()
            .then(|| (summarize(&records), param_rows(experiment)));
        store.write_results(&index, records, experiment.trace, derived, meta)?;
    }
    let report = RunReport {
        experiment: experiment.name.clone(),
        planned: slice.len() as u64,
        previously_done,
        ran,
        interrupted,
        runs_file,
        summary_file: store.summary_file(),
        external_log,
        program_errors,
    };
    options.observer.run_ended(&report);
    Ok(report)
}
