//! The run service: one experiment from its config to its report, as one
//! library call ([`run`]) that the CLI's `queens run` and the Python
//! package's `queens.run()` both make. It holds the rules both share, once:
//!
//! - **Where things go**: the data in `data/<name>` and the charts in
//!   `plots/<name>` unless the caller says otherwise ([`default_places`]).
//! - **Threads**: all cores unless asked; a request above
//!   [`THREADS_PER_CORE`] per core is capped, and the caller hears of it
//!   ([`worker_threads`], [`RunObserver::threads_capped`]); a request of
//!   none is refused.
//! - **Progress**: the caller's [`RunObserver`] hears the session and every
//!   trial, its [`FinishObserver`] every step after.
//! - **Interruption**: the caller's interrupt flag stops the trials (the
//!   finished ones are kept, and the comparison of older trials removed)
//!   and the steps after them (every file written whole).
//! - **The exit status** ([`Ran::status`]): done, interrupted, or done with
//!   trials an external program failed.
//!
//! The store the run writes through stays open, and locked, until the
//! steps after the run are done, so the runs are read and hashed once.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use super::error::{RunError, RunResult};
use super::observer::RunObserver;
use super::runner::{RunReport, Workers, run_into};
use crate::base::records::Shard;
use crate::experiment::config::Experiment;
use crate::finish::{FinishError, FinishObserver, Finished, Steps, finish};
use crate::store::{Store, data_dir_of, plots_dir_of};

/// The most worker threads per core a run (or a count) starts: more only
/// make the threads wait for each other (4096 threads on 2 cores took
/// 16-35 s for a count that takes milliseconds).
pub const THREADS_PER_CORE: usize = 8;

/// A request for more threads than [`THREADS_PER_CORE`] per core, and what
/// is used instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreadsCapped {
    /// The threads asked for.
    pub requested: usize,
    /// The threads used.
    pub used: usize,
    /// The cores of this machine.
    pub cores: usize,
}

impl std::fmt::Display for ThreadsCapped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} threads is more than {THREADS_PER_CORE} per core on {} core{}: using {} threads",
            self.requested,
            self.cores,
            if self.cores == 1 { "" } else { "s" },
            self.used
        )
    }
}

/// The worker threads to start for `requested` (all cores when `None`),
/// and the cap applied, if any; a request of 0 is refused.
pub fn worker_threads(requested: Option<usize>) -> RunResult<(usize, Option<ThreadsCapped>)> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = cores * THREADS_PER_CORE;
    match requested {
        None => Ok((cores, None)),
        Some(0) => Err(RunError::NoThreads),
        Some(t) if t > cap => Ok((
            cap,
            Some(ThreadsCapped {
                requested: t,
                used: cap,
                cores,
            }),
        )),
        Some(t) => Ok((t, None)),
    }
}

/// The data and charts directories of `experiment`: `data` and `plots`
/// when given, else `data/<name>` and `plots/<name>`.
pub fn default_places(
    experiment: &Experiment,
    data: Option<&Path>,
    plots: Option<&Path>,
) -> (PathBuf, PathBuf) {
    (
        data.map_or_else(|| data_dir_of(&experiment.name), Path::to_owned),
        plots.map_or_else(|| plots_dir_of(&experiment.name), Path::to_owned),
    )
}

/// What to run, and where.
pub struct Request<'a> {
    /// The experiment, its config loaded.
    pub experiment: &'a Experiment,
    /// The data directory (default `data/<name>`).
    pub data: Option<&'a Path>,
    /// The charts directory (default `plots/<name>`).
    pub plots: Option<&'a Path>,
    /// Worker threads (default: all cores; see [`worker_threads`]).
    pub threads: Option<usize>,
    /// Discard the results of an earlier run instead of resuming it.
    pub fresh: bool,
    /// Run only this slice of the plan (no steps after it: merge the
    /// shards first).
    pub shard: Option<Shard>,
    /// Draw the charts and write the report after the run (`false`: the
    /// data alone, with its comparison).
    pub charts: bool,
}

/// Who hears of the run, and the flag that stops it.
pub struct Listeners<'a> {
    /// Hears of the session and every trial.
    pub run: &'a dyn RunObserver,
    /// Hears of every step after the trials, and says when to stop them.
    pub finish: &'a dyn FinishObserver,
    /// Set to stop: the trials stop being taken, the running ones are
    /// abandoned.
    pub interrupt: &'a AtomicBool,
}

/// What a run did.
#[derive(Debug)]
pub struct Ran {
    /// The data directory.
    pub data_dir: PathBuf,
    /// The charts directory.
    pub plots_dir: PathBuf,
    /// The worker threads used.
    pub threads: usize,
    /// The trials.
    pub report: RunReport,
    /// The steps after them, when taken (none for an interrupted run or a
    /// shard, or when they were stopped).
    pub finished: Option<Finished>,
    /// The comparison files of older trials removed after an interruption.
    pub removed: Vec<PathBuf>,
    /// The steps after the trials, when they were stopped before their
    /// end ([`FinishError::Stopped`], naming the step not done).
    pub finishing_stopped: Option<Box<FinishError>>,
}

/// How a run ended, as an exit status says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every trial done and every step after it taken.
    Done,
    /// Stopped by the caller: the finished trials are kept, and running it
    /// again resumes.
    Interrupted,
    /// Done, but some trials ended in an external program's error (left out
    /// of the statistics; the reasons are in external.log).
    ProgramErrors,
}

impl Ran {
    /// How the run ended.
    pub fn status(&self) -> Status {
        if self.report.interrupted || self.finishing_stopped.is_some() {
            Status::Interrupted
        } else if self.report.program_errors > 0 {
            Status::ProgramErrors
        } else {
            Status::Done
        }
    }
}

/// Runs `request`: the trials into the data directory (resuming an
/// earlier run), then — for a whole run not interrupted — the comparison,
/// the charts and the report, reporting to `listeners` as it goes.
pub fn run(request: &Request<'_>, listeners: &Listeners<'_>) -> RunResult<Ran> {
    let experiment = request.experiment;
    let (threads, capped) = worker_threads(request.threads)?;
    if let Some(capped) = &capped {
        listeners.run.threads_capped(capped);
    }
    for warning in &experiment.warnings {
        listeners.run.warning(warning);
    }
    let (data_dir, plots_dir) = default_places(experiment, request.data, request.plots);
    let mut store = Store::for_run(&data_dir, experiment, request.shard, request.fresh)?;
    let workers = Workers {
        threads,
        observer: listeners.run,
        interrupt: listeners.interrupt,
    };
    let report = run_into(experiment, &mut store, &workers)?;
    let mut ran = Ran {
        data_dir,
        plots_dir,
        threads,
        report,
        finished: None,
        removed: Vec::new(),
        finishing_stopped: None,
    };
    if ran.report.interrupted {
        if request.shard.is_none() {
            ran.removed = store.remove_comparison()?;
        }
        return Ok(ran);
    }
    if request.shard.is_some() {
        return Ok(ran);
    }
    let steps = if request.charts {
        Steps::ALL
    } else {
        Steps::COMPARISON
    };
    match finish(
        &mut store,
        &ran.plots_dir,
        steps,
        &Default::default(),
        listeners.finish,
    ) {
        Ok(finished) => ran.finished = Some(finished),
        Err(stopped @ FinishError::Stopped { .. }) => {
            ran.finishing_stopped = Some(Box::new(stopped));
        }
        Err(e) => return Err(e.into()),
    }
    Ok(ran)
}
