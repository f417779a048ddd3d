//! The runner's entry point, [`run_experiment`]: locks the data directory
//! ([`super::lock`]), checks it
//! and resumes from it ([`super::data_dir`]), opens a session in the
//! metadata (`session.rs`; none when every trial is done and an earlier
//! session finished the files, which are then left as they are), runs the
//! pending trials in parallel
//! (`execute.rs`, one trial through `trial_rows.rs`) and finishes the files
//! (`finish.rs`, shared with [`super::merge`]): runs.csv and traces.csv
//! rewritten in plan order, summary.csv and metadata.json.
//!
//! Every column except those ending in `_seconds` depends only on the config:
//! not on `--threads`, the shard split, or how often the run was interrupted
//! and resumed.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use super::config::Experiment;
use super::data_dir::{RunFiles, check_data_dir, check_whole_run, prepare_dir, resume};
use super::error::RunResult;
use super::execute::{Workers, execute};
use super::external_log;
use super::lock::{lock_data_dir, lock_shard};
use super::observer::{RunObserver, SessionStart};
use super::plan::{PlanIndex, plan_slice};
use super::results::write_results;
use super::session;
use crate::base::records::RunRecord;
use crate::base::records::Shard;

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
    /// Trials in the plan (of the shard, if any).
    pub planned: u64,
    /// Trials already done before this session.
    pub previously_done: u64,
    /// Trials this session ran.
    pub ran: u64,
    /// Whether Ctrl-C stopped the session early.
    pub interrupted: bool,
    /// The files written.
    pub files: RunFiles,
}

/// Runs `experiment` (or one shard of it) into `options.data_dir`, holding
/// its lock ([`super::lock`]) throughout. Refuses, before writing anything,
/// a data directory that another process holds, or that holds results of
/// another config unless `options.fresh` (for a shard, whole-run results of
/// another config even then: the merge would replace them).
pub fn run_experiment(experiment: &Experiment, options: &RunOptions<'_>) -> RunResult<RunReport> {
    for warning in &experiment.warnings {
        options.observer.warning(warning);
    }
    let files = RunFiles::new(&options.data_dir, options.shard);
    // Held to the end: another run, merge or summarize of this directory is
    // refused until then (checking first would let two runs pass the check).
    let _lock = match options.shard {
        None => lock_data_dir(&options.data_dir)?,
        Some(shard) => lock_shard(&options.data_dir, shard)?,
    };
    check_data_dir(experiment, &files, options.fresh)?;
    if options.shard.is_some() {
        check_whole_run(&options.data_dir, &experiment.source, &experiment.hash)?;
    }
    let slice = plan_slice(experiment, options.shard);
    let index = PlanIndex::new(experiment, &slice);
    prepare_dir(&options.data_dir, &files, options.fresh)?;

    let mut done = resume(experiment, &files, &index, slice.len())?;
    let previously_done = done.iter().filter(|d| d.is_some()).count() as u64;
    let pending: Vec<usize> = (0..slice.len()).filter(|&p| done[p].is_none()).collect();
    // Nothing to run and the files already finished: leave them byte for
    // byte as they are (no session recorded, nothing rewritten).
    let settled = pending.is_empty() && session::settled(&files, previously_done)?;
    let mut meta = if settled {
        None
    } else {
        Some(session::open(
            &files.metadata,
            experiment,
            options.shard,
            slice.len() as u64,
            previously_done,
            options.threads,
        )?)
    };
    options.observer.session_started(&SessionStart {
        experiment: &experiment.name,
        shard: options.shard,
        planned: slice.len() as u64,
        previously_done,
        to_run: pending.len() as u64,
        threads: options.threads,
        runs: &files.runs,
    });
    let workers = Workers {
        threads: options.threads,
        interrupt: options.interrupt,
        observer: options.observer,
    };
    if !pending.is_empty() {
        external_log::note_replays(&experiment.entries, &files.runs)?;
    }
    let mut ran = 0;
    for (p, record) in execute(experiment, &slice, &pending, &files, &workers)?.into_rows() {
        done[p] = Some(record);
        ran += 1;
    }
    let interrupted = options.interrupt.load(Ordering::Relaxed) && done.iter().any(Option::is_none);

    if let Some(meta) = &mut meta {
        let records: Vec<RunRecord> = done.into_iter().flatten().collect();
        session::close(meta, experiment, records.len() as u64, ran, interrupted);
        write_results(
            experiment,
            &files,
            &index,
            &records,
            experiment
                .trace
                .then_some(std::slice::from_ref(&files.traces)),
            meta,
        )?;
    }
    Ok(RunReport {
        planned: slice.len() as u64,
        previously_done,
        ran,
        interrupted,
        files,
    })
}
