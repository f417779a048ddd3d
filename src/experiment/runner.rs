//! The runner: checks the data directory, skips the trials already done,
//! runs the rest in parallel (rayon), appends one whole row per trial to the
//! runs file as trials finish, and at the end rewrites the file in plan
//! order and writes summary.csv and metadata.json.
//!
//! Every column except those ending in `_seconds` depends only on the config:
//! not on `--threads`, the shard split, or how often the run was interrupted
//! and resumed.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::error::{Doing, RunError, RunResult};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use rayon::prelude::*;

use super::config::{Entry, Experiment};
use super::metadata::{self, Machine, Metadata, Session};
use super::plan::{Shard, Trial, plan};
use super::progress::{Progress, ProgressMode};
use super::records::{RunRecord, TraceRecord};
use super::runs_file::{AppendWriter, drop_torn_tail, read_rows, write_rows};
use super::trace::SamplingTrace;
use crate::analysis::summary::{summarize, write_summary};
use crate::board::validate;
use crate::solvers::{Control, Outcome, StopReason};

/// The files of one run (or of one shard) in a data directory.
#[derive(Clone, Debug)]
pub struct RunFiles {
    /// runs.csv, or runs.shard-I-of-K.csv.
    pub runs: PathBuf,
    /// traces.csv, or traces.shard-I-of-K.csv.
    pub traces: PathBuf,
    /// metadata.json, or metadata.shard-I-of-K.json.
    pub metadata: PathBuf,
    /// summary.csv (a shard has none: merge the shards first).
    pub summary: Option<PathBuf>,
}

impl RunFiles {
    /// The files of a whole run (`shard = None`) or of one shard in `dir`.
    pub fn new(dir: &Path, shard: Option<Shard>) -> Self {
        match shard {
            None => RunFiles {
                runs: dir.join("runs.csv"),
                traces: dir.join("traces.csv"),
                metadata: dir.join("metadata.json"),
                summary: Some(dir.join("summary.csv")),
            },
            Some(s) => RunFiles {
                runs: dir.join(format!("runs.{}.csv", s.tag())),
                traces: dir.join(format!("traces.{}.csv", s.tag())),
                metadata: dir.join(format!("metadata.{}.json", s.tag())),
                summary: None,
            },
        }
    }
}

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
    /// How progress is shown.
    pub progress: ProgressMode,
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

/// Refuses to run when the data directory holds results of a different
/// config (or results of unknown origin), unless `fresh`. Writes nothing.
pub fn check_data_dir(experiment: &Experiment, files: &RunFiles, fresh: bool) -> RunResult<()> {
    if fresh {
        return Ok(());
    }
    match metadata::read(&files.metadata)? {
        Some(old) if old.config_hash != experiment.hash => Err(RunError::Refused(format!(
            "{} holds results of a different config: {} has config hash {}, {} has {}. \
             Resuming would mix trials of two experiments in one file. Run with --fresh to \
             discard the old results, give another --data directory, or restore the old config \
             (its text is in the metadata file)",
            files.metadata.parent().unwrap_or(Path::new(".")).display(),
            files.metadata.display(),
            short(&old.config_hash),
            experiment.source,
            short(&experiment.hash),
        ))),
        Some(_) => Ok(()),
        None => {
            let has_rows = std::fs::metadata(&files.runs).is_ok_and(|m| m.len() > 0);
            if has_rows {
                return Err(RunError::Refused(format!(
                    "{} exists but {} does not, so the config that wrote it is unknown; \
                     run with --fresh to start over, or give another --data directory",
                    files.runs.display(),
                    files.metadata.display()
                )));
            }
            Ok(())
        }
    }
}

fn short(hash: &str) -> &str {
    &hash[..hash.len().min(12)]
}

/// Finds a trial's position in a (sliced) plan from its (label, n, trial).
pub struct PlanIndex<'a> {
    entry_of: HashMap<&'a str, usize>,
    position: HashMap<(usize, u64, u64), usize>,
}

impl<'a> PlanIndex<'a> {
    /// Indexes `slice`, a plan of `experiment` or a slice of one.
    pub fn new(experiment: &'a Experiment, slice: &[Trial]) -> Self {
        PlanIndex {
            entry_of: experiment
                .entries
                .iter()
                .enumerate()
                .map(|(i, e)| (e.label.as_str(), i))
                .collect(),
            position: slice
                .iter()
                .enumerate()
                .map(|(i, t)| ((t.entry, t.n, t.trial), i))
                .collect(),
        }
    }

    /// The position in the slice of trial `trial` of (`label`, `n`), if planned.
    pub fn locate(&self, label: &str, n: u64, trial: u64) -> Option<usize> {
        let entry = *self.entry_of.get(label)?;
        self.position.get(&(entry, n, trial)).copied()
    }
}

/// The trials of `experiment` that `shard` runs (all of them without one).
pub fn plan_slice(experiment: &Experiment, shard: Option<Shard>) -> Vec<Trial> {
    plan(experiment)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| s.contains(*i)))
        .map(|(_, t)| t)
        .collect()
}

/// Runs `experiment` (or one shard of it) into `options.data_dir`.
pub fn run_experiment(experiment: &Experiment, options: &RunOptions<'_>) -> RunResult<RunReport> {
    let files = RunFiles::new(&options.data_dir, options.shard);
    check_data_dir(experiment, &files, options.fresh)?;
    let slice = plan_slice(experiment, options.shard);
    let index = PlanIndex::new(experiment, &slice);
    prepare_dir(&options.data_dir, &files, options.fresh)?;

    let mut done = load_done(&files.runs, &index, slice.len())?;
    let previously_done = done.iter().filter(|d| d.is_some()).count() as u64;
    let mut traces = if experiment.trace {
        load_traces(&files.traces, &index, &done)?
    } else {
        Vec::new()
    };
    let mut meta = match metadata::read(&files.metadata)? {
        Some(m) => m,
        None => new_metadata(experiment, options.shard, slice.len() as u64),
    };
    meta.trials_done = previously_done;
    meta.sessions.push(Session {
        started: metadata::now_rfc3339(),
        finished: None,
        threads: options.threads,
        trials_run: 0,
        interrupted: false,
    });
    metadata::write(&files.metadata, &meta)?;

    let pending: Vec<usize> = (0..slice.len()).filter(|&p| done[p].is_none()).collect();
    let title = match options.shard {
        Some(s) => format!("{} [shard {s}]", experiment.name),
        None => experiment.name.clone(),
    };
    if options.progress != ProgressMode::Hidden {
        crate::stderr_line!(
            "{title}: {} trials planned, {previously_done} done already, running {} on {} thread{} into {}",
            slice.len(),
            pending.len(),
            options.threads,
            if options.threads == 1 { "" } else { "s" },
            files.runs.display()
        );
    }
    let (finished, new_traces) = execute(experiment, &slice, &pending, &files, &title, options)?;
    let ran = finished.len() as u64;
    for (p, record) in finished {
        done[p] = Some(record);
    }
    let interrupted = options.interrupt.load(Ordering::Relaxed) && done.iter().any(Option::is_none);

    // Rewrite the files in plan order, so they do not depend on scheduling.
    let records: Vec<RunRecord> = done.into_iter().flatten().collect();
    write_rows(&files.runs, &records)?;
    if experiment.trace {
        traces.extend(new_traces);
        let mut keyed: Vec<(usize, TraceRecord)> = traces
            .into_iter()
            .filter_map(|r| index.locate(&r.label, r.n, r.trial).map(|p| (p, r)))
            .collect();
        keyed.sort_by_key(|(p, _)| *p);
        let sorted: Vec<TraceRecord> = keyed.into_iter().map(|(_, r)| r).collect();
        write_rows(&files.traces, &sorted)?;
    }
    if let Some(summary) = &files.summary {
        write_summary(summary, &summarize(&records))
            .doing(|| format!("cannot write {}", summary.display()))?;
    }
    meta.trials_done = records.len() as u64;
    if let Some(session) = meta.sessions.last_mut() {
        session.finished = Some(metadata::now_rfc3339());
        session.trials_run = ran;
        session.interrupted = interrupted;
    }
    metadata::write(&files.metadata, &meta)?;
    Ok(RunReport {
        planned: slice.len() as u64,
        previously_done,
        ran,
        interrupted,
        files,
    })
}

/// Creates the data directory; with `fresh`, removes this run's old files.
fn prepare_dir(dir: &Path, files: &RunFiles, fresh: bool) -> RunResult<()> {
    std::fs::create_dir_all(dir).doing(|| format!("cannot create {}", dir.display()))?;
    if !fresh {
        return Ok(());
    }
    let old = [
        Some(&files.runs),
        Some(&files.traces),
        Some(&files.metadata),
        files.summary.as_ref(),
    ];
    for path in old.into_iter().flatten() {
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(e).doing(|| format!("cannot remove {}", path.display()));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The rows already in the runs file, by plan position, after dropping a
/// torn last line.
fn load_done(
    runs: &Path,
    index: &PlanIndex<'_>,
    planned: usize,
) -> RunResult<Vec<Option<RunRecord>>> {
    drop_torn_tail(runs)?;
    let mut done: Vec<Option<RunRecord>> = vec![None; planned];
    for row in read_rows::<RunRecord>(runs)? {
        match index.locate(&row.label, row.n, row.trial) {
            Some(p) => {
                done[p].get_or_insert(row);
            }
            None => {
                return Err(RunError::Refused(format!(
                    "{} has a row (label '{}', n = {}, trial {}) that the config does not plan; \
                 run with --fresh to start over",
                    runs.display(),
                    row.label,
                    row.n,
                    row.trial
                )));
            }
        }
    }
    Ok(done)
}

/// The trace rows of the trials already done (the traces of a trial killed
/// before its run row was written are dropped, and the file rewritten).
fn load_traces(
    path: &Path,
    index: &PlanIndex<'_>,
    done: &[Option<RunRecord>],
) -> RunResult<Vec<TraceRecord>> {
    drop_torn_tail(path)?;
    let all: Vec<TraceRecord> = read_rows(path)?;
    let before = all.len();
    let kept: Vec<TraceRecord> = all
        .into_iter()
        .filter(|r| {
            index
                .locate(&r.label, r.n, r.trial)
                .is_some_and(|p| done[p].is_some())
        })
        .collect();
    if kept.len() != before {
        write_rows(path, &kept)?;
    }
    Ok(kept)
}

/// Finished trials (plan position, row) and their trace rows.
type Finished = (Vec<(usize, RunRecord)>, Vec<TraceRecord>);

/// Runs the `pending` trials of `slice` on a pool of `options.threads`
/// workers, appending each finished trial to the files at once, with a
/// progress reporter beside them. Stops taking trials on Ctrl-C or on the
/// first error.
fn execute(
    experiment: &Experiment,
    slice: &[Trial],
    pending: &[usize],
    files: &RunFiles,
    title: &str,
    options: &RunOptions<'_>,
) -> RunResult<Finished> {
    let sink = Mutex::new(Sink {
        runs: AppendWriter::open(&files.runs)?,
        traces: if experiment.trace {
            Some(AppendWriter::open(&files.traces)?)
        } else {
            None
        },
        finished: Vec::with_capacity(pending.len()),
        new_traces: Vec::new(),
    });
    let failure: Mutex<Option<RunError>> = Mutex::new(None);
    let failed = AtomicBool::new(false);
    let progress = Progress::new(pending.len() as u64);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.max(1))
        .build()?;
    let describe = |p: usize| {
        let t = &slice[p];
        format!("{} n={}", experiment.entries[t.entry].label, t.n)
    };
    std::thread::scope(|scope| {
        let reporter = scope.spawn(|| progress.report(options.progress, title, describe));
        pool.install(|| {
            pending.par_iter().for_each(|&p| {
                if options.interrupt.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed) {
                    return;
                }
                progress.start(p);
                let t = &slice[p];
                let entry = &experiment.entries[t.entry];
                let result =
                    run_trial(experiment, entry, t, options.interrupt).and_then(|finished| {
                        match finished {
                            Some((record, trace)) => sink
                                .lock()
                                .map_err(|_| RunError::Poisoned)?
                                .write(p, record, trace),
                            None => Ok(()),
                        }
                    });
                match result {
                    Ok(()) => progress.finish_one(),
                    Err(e) => {
                        failed.store(true, Ordering::Relaxed);
                        if let Ok(mut f) = failure.lock() {
                            f.get_or_insert(e);
                        }
                    }
                }
            });
        });
        progress.close();
        reporter.thread().unpark();
    });
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let sink = sink.into_inner().map_err(|_| RunError::Poisoned)?;
    Ok((sink.finished, sink.new_traces))
}

/// A fresh metadata record for `experiment`.
pub fn new_metadata(experiment: &Experiment, shard: Option<Shard>, planned: u64) -> Metadata {
    Metadata {
        experiment: experiment.name.clone(),
        description: experiment.description.clone(),
        config_source: experiment.source.clone(),
        config_hash: experiment.hash.clone(),
        config_text: experiment.text.clone(),
        crate_version: env!("CARGO_PKG_VERSION").to_string(),
        git_revision: metadata::git_revision(),
        shard,
        trials_planned: planned,
        trials_done: 0,
        machine: Machine::current(),
        sessions: Vec::new(),
    }
}

/// Where finished trials go: appended to the files at once, and kept to
/// rewrite the files in plan order at the end.
struct Sink {
    runs: AppendWriter,
    traces: Option<AppendWriter>,
    finished: Vec<(usize, RunRecord)>,
    new_traces: Vec<TraceRecord>,
}

impl Sink {
    fn write(
        &mut self,
        position: usize,
        record: RunRecord,
        trace: Vec<TraceRecord>,
    ) -> RunResult<()> {
        // Trace rows first: a resume keeps only the traces of trials with a row.
        if let Some(w) = &mut self.traces {
            w.append(&trace)?;
            self.new_traces.extend(trace);
        }
        self.runs.append(std::slice::from_ref(&record))?;
        self.finished.push((position, record));
        Ok(())
    }
}

/// Runs one trial; `None` when it was interrupted (it is not recorded, so a
/// resume runs it again).
fn run_trial(
    experiment: &Experiment,
    entry: &Entry,
    t: &Trial,
    interrupt: &AtomicBool,
) -> RunResult<Option<(RunRecord, Vec<TraceRecord>)>> {
    let mut rng = ChaCha8Rng::seed_from_u64(t.seed);
    let mut tracer = experiment
        .trace
        .then(|| SamplingTrace::new(experiment.trace_every));
    let n = usize::try_from(t.n)
        .map_err(|_| RunError::Refused(format!("board size {} does not fit this machine", t.n)))?;
    let start = Instant::now();
    let outcome: Outcome = {
        let mut control = Control::new(entry.budget).with_interrupt(interrupt);
        if let Some(tr) = tracer.as_mut() {
            control = control.with_trace(tr);
        }
        entry.solver.solve(n, &mut rng, &mut control)
    };
    let wall_seconds = start.elapsed().as_secs_f64();
    if outcome.stop_reason == StopReason::Interrupted {
        return Ok(None);
    }
    if let Some(solution) = &outcome.solution {
        validate(solution.columns()).map_err(|v| {
            RunError::InvalidSolution(format!(
                "{} returned an invalid board ({v:?}); replay: queens solve -a {} -n {} --seed {} {} {}",
                entry.label,
                entry.algorithm.name,
                t.n,
                t.seed,
                entry.params.as_cli_args(),
                entry.budget.as_cli_args()
            ))
        })?;
    }
    let m = outcome.metrics;
    let record = RunRecord {
        experiment: experiment.name.clone(),
        algorithm: entry.algorithm.name.to_string(),
        label: entry.label.clone(),
        params: entry.params_text.clone(),
        budget: entry.budget.canonical(),
        n: t.n,
        trial: t.trial,
        seed: t.seed,
        solved: outcome.is_solved(),
        stop_reason: outcome.stop_reason.as_str().to_string(),
        steps: m.steps,
        restarts: m.restarts,
        checks: m.checks,
        tests: m.tests,
        backtracks: m.backtracks,
        evaluations: m.evaluations,
        final_conflicts: m.final_conflicts,
        solutions: m.solutions,
        wall_seconds,
    };
    let trace = tracer.map_or_else(Vec::new, |tr| tr.records(&entry.label, t.n, t.trial));
    Ok(Some((record, trace)))
}
