//! What a run tells its caller while it goes, as argmin's observers do: the
//! caller passes a [`RunObserver`] and the runner calls it with the config's
//! warnings, the start of the session, every trial started and finished,
//! and the end of the trials. Every method does nothing unless implemented;
//! [`NoObserver`] implements none. The library itself never prints: the
//! `queens` binary's observer draws the progress bar.

use std::path::Path;

use super::runner::RunReport;
use super::service::ThreadsCapped;
use crate::base::records::RunRecord;
use crate::base::records::Shard;
use crate::experiment::diagnostics::ConfigWarning;

/// A session about to run its trials.
#[derive(Clone, Copy, Debug)]
pub struct SessionStart<'a> {
    /// The experiment's name.
    pub experiment: &'a str,
    /// The shard being run, if any.
    pub shard: Option<Shard>,
    /// Trials in the plan (of the shard, if any).
    pub planned: u64,
    /// Trials done by earlier sessions.
    pub previously_done: u64,
    /// Trials this session will run (unless stopped).
    pub to_run: u64,
    /// Worker threads.
    pub threads: usize,
    /// The runs file the rows are appended to.
    pub runs: &'a Path,
    /// The log of the external programs' failures, beside it.
    pub external_log: &'a Path,
}

/// A trial of the plan, as a worker takes it.
#[derive(Clone, Copy, Debug)]
pub struct TrialInfo<'a> {
    /// Its position in the plan (of the shard, if any).
    pub position: usize,
    /// The algorithm configuration's label.
    pub label: &'a str,
    /// The board size.
    pub n: u64,
    /// The trial index within (label, n).
    pub trial: u64,
    /// The seed of its generator.
    pub seed: u64,
}

/// Receives the events of a run. Workers call the trial methods from
/// several threads at once.
pub trait RunObserver: Sync {
    /// A setting of the config cannot take effect; called once per warning,
    /// before the data directory is opened (after
    /// [`RunObserver::threads_capped`]).
    fn warning(&self, _warning: &ConfigWarning) {}

    /// More threads were asked for than are started.
    fn threads_capped(&self, _capped: &ThreadsCapped) {}

    /// The data directory is checked and the session recorded; the trials
    /// start next.
    fn session_started(&self, _start: &SessionStart<'_>) {}

    /// A worker starts a trial.
    fn trial_started(&self, _trial: &TrialInfo<'_>) {}

    /// A trial ended: `record` is its row, already appended to the runs
    /// file, or `None` when it was interrupted (it is not recorded, and a
    /// resume runs it again).
    fn trial_finished(&self, _trial: &TrialInfo<'_>, _record: Option<&RunRecord>) {}

    /// Every worker has stopped (all trials done, Ctrl-C, or an error); the
    /// files are finished next.
    fn trials_ended(&self) {}

    /// The run's files are finished (or left as they were, when every
    /// trial was already done); the steps after it come next.
    fn run_ended(&self, _report: &RunReport) {}
}

/// An observer that ignores every event.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl RunObserver for NoObserver {}
