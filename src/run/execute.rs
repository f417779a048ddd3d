//! Parallel execution of a session's trials: a rayon pool of workers takes
//! the pending trials, each finished trial's rows are appended to the files
//! at once (one whole write per file, under one lock), and the observer
//! hears of every trial. Ctrl-C or the first error stops the workers from
//! taking more trials.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::error::{RunError, RunResult};
use super::observer::{RunObserver, TrialInfo};
use super::trial_rows::run_planned;
use crate::base::records::RunRecord;
use crate::experiment::config::Experiment;
use crate::experiment::plan::Trial;
use crate::store::Store;

/// The workers a run's trials go to: how many, the flag that stops them,
/// and who hears of every trial.
pub struct Workers<'a> {
    /// Pool size.
    pub threads: usize,
    /// Set by Ctrl-C: stop taking trials, abandon the running ones.
    pub interrupt: &'a AtomicBool,
    /// Hears of every trial.
    pub observer: &'a dyn RunObserver,
}

/// The trials a session finished (their trace rows are on disk only).
pub struct Executed {
    /// The run row of each pending trial, in the order of the pending list;
    /// `None` for a trial not run or interrupted.
    results: Vec<Option<(usize, RunRecord)>>,
}

impl Executed {
    /// The finished trials: (plan position, run row).
    pub fn into_rows(self) -> impl Iterator<Item = (usize, RunRecord)> {
        self.results.into_iter().flatten()
    }
}

/// Runs the `pending` positions of `slice` on a pool of workers, appending
/// each finished trial to `store`'s files as it ends. Stops taking trials on Ctrl-C
/// or on the first error, which it returns once every worker has stopped.
pub fn execute(
    experiment: &Experiment,
    slice: &[Trial],
    pending: &[usize],
    store: &mut Store,
    workers: &Workers<'_>,
) -> RunResult<Executed> {
    if pending.is_empty() {
        // Nothing appended: the files (and what the store read of them)
        // stay as they are.
        workers.observer.trials_ended();
        return Ok(Executed {
            results: Vec::new(),
        });
    }
    let sink = Mutex::new(store.trial_sink(experiment.trace)?);
    let log = store.external_log();
    let failure: Mutex<Option<RunError>> = Mutex::new(None);
    let failed = AtomicBool::new(false);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(workers.threads.max(1))
        .build()?;
    let results: Vec<Option<(usize, RunRecord)>> = pool.install(|| {
        pending
            .par_iter()
            .map(|&p| {
                if workers.interrupt.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed) {
                    return None;
                }
                let t = &slice[p];
                let entry = &experiment.entries[t.entry];
                let info = TrialInfo {
                    position: p,
                    label: &entry.label,
                    n: t.n,
                    trial: t.trial,
                    seed: t.seed,
                };
                workers.observer.trial_started(&info);
                let written =
                    run_planned(experiment, entry, t, workers.interrupt).and_then(|rows| {
                        log.append(entry)?;
                        match rows {
                            Some(rows) => {
                                let mut sink = sink.lock().map_err(|_| RunError::Poisoned)?;
                                sink.append(&rows.record, &rows.trace)?;
                                Ok(Some(rows.record))
                            }
                            None => Ok(None),
                        }
                    });
                match written {
                    Ok(rows) => {
                        workers.observer.trial_finished(&info, rows.as_ref());
                        rows.map(|r| (p, r))
                    }
                    Err(e) => {
                        failed.store(true, Ordering::Relaxed);
                        if let Ok(mut f) = failure.lock() {
                            f.get_or_insert(e);
                        }
                        None
                    }
                }
            })
            .collect()
    });
    workers.observer.trials_ended();
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    Ok(Executed { results })
}
