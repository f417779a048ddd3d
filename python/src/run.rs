//! `run()`: an experiment config through the library's runner and
//! finishing steps, as `queens run` does; `finish()`: the comparison, the
//! charts and the report of a data directory, as `queens compare`, `queens
//! plot` and `queens report` do.
//!
//! The run goes on a worker thread with the GIL released; the calling
//! thread wakes every 100 ms to hand the progress to Python and to check
//! for Ctrl-C, which sets the run's interrupt flag: the finished trials
//! are kept, the run stops cleanly, and running it again resumes it.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use queens::base::records::RunRecord;
use queens::experiment::config::{self, Programs};
use queens::experiment::diagnostics::ConfigWarning;
use queens::finish::{FinishObserver, Finished, Steps, finish as finish_steps};
use queens::run::observer::{RunObserver, SessionStart, TrialInfo};
use queens::run::service::{self, Listeners, Ran, Request, Status, ThreadsCapped};
use queens::store::Store;

use crate::errors::{ConfigError, DataError, QueensError, guard, message, panicked, run_error};
use crate::in_process::Registry;

/// How often the calling thread wakes during a run.
const POLL: Duration = Duration::from_millis(100);

/// What the run tells the calling thread.
#[derive(Default)]
struct Progress {
    /// Trials this session will run.
    to_run: AtomicU64,
    /// Trials done by earlier sessions.
    previously_done: AtomicU64,
    /// Trials this session finished.
    done: AtomicU64,
    /// The config's warnings.
    warnings: Mutex<Vec<String>>,
}

impl RunObserver for Progress {
    fn warning(&self, warning: &ConfigWarning) {
        if let Ok(mut w) = self.warnings.lock() {
            w.push(warning.to_string());
        }
    }

    fn threads_capped(&self, capped: &ThreadsCapped) {
        if let Ok(mut w) = self.warnings.lock() {
            w.push(capped.to_string());
        }
    }

    fn session_started(&self, start: &SessionStart<'_>) {
        self.to_run.store(start.to_run, Ordering::Relaxed);
        self.previously_done
            .store(start.previously_done, Ordering::Relaxed);
    }

    fn trial_finished(&self, _: &TrialInfo<'_>, record: Option<&RunRecord>) {
        if record.is_some() {
            self.done.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// The finishing steps' notes, and the interrupt flag they stop on.
pub struct Notes<'a> {
    stop: &'a AtomicBool,
    notes: Mutex<Vec<String>>,
}

impl<'a> Notes<'a> {
    /// No notes yet; the steps stop when `stop` is set.
    pub fn new(stop: &'a AtomicBool) -> Self {
        Notes {
            stop,
            notes: Mutex::new(Vec::new()),
        }
    }

    /// The notes taken.
    pub fn into_notes(self) -> Vec<String> {
        self.notes.into_inner().unwrap_or_default()
    }
}

impl FinishObserver for Notes<'_> {
    fn note(&self, note: &str) {
        if let Ok(mut n) = self.notes.lock() {
            n.push(note.to_string());
        }
    }

    fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// What the worker thread brings back: what the run did and the notes of
/// the steps after it.
type Outcome = Result<(Ran, Vec<String>), PyErr>;

/// Runs the config `text` (named `source` in messages; relative paths in
/// it start from `source`'s directory) into `data` and `plots` (default
/// `data/<name>`, `plots/<name>`) on `threads` workers, through the run
/// service `queens run` uses; `progress(done, total)` is called from the
/// calling thread as trials finish; `solvers` are the registered Python
/// solvers; `charts = False` writes the data (and its comparison) alone.
/// Returns what the run did.
#[pyfunction]
#[pyo3(signature = (source, text, data=None, plots=None, threads=None, fresh=false, progress=None, solvers=None, charts=true))]
#[allow(clippy::too_many_arguments)]
pub fn run(
    py: Python<'_>,
    source: &str,
    text: &str,
    data: Option<PathBuf>,
    plots: Option<PathBuf>,
    threads: Option<usize>,
    fresh: bool,
    progress: Option<Py<PyAny>>,
    solvers: Option<&Bound<'_, PyDict>>,
    charts: bool,
) -> PyResult<Py<PyDict>> {
    guard(|| {
        let registry = Registry::from_python(solvers)?;
        let experiment = config::load_with(source, text, Programs::Check, Some(&registry))
            .map_err(|e| ConfigError::new_err(e.to_string()))?;
        let stop = AtomicBool::new(false);
        let observed = Progress::default();
        let mut interrupted_by_user = false;
        let mut callback_error = None;
        let outcome: Outcome = std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let notes = Notes::new(&stop);
                let request = Request {
                    experiment: &experiment,
                    data: data.as_deref(),
                    plots: plots.as_deref(),
                    threads,
                    fresh,
                    shard: None,
                    charts,
                };
                let listeners = Listeners {
                    run: &observed,
                    finish: &notes,
                    interrupt: &stop,
                };
                let ran = service::run(&request, &listeners).map_err(run_error)?;
                Ok((ran, notes.into_notes()))
            });
            let mut shown = u64::MAX;
            loop {
                let finished = py.detach(|| {
                    let start = std::time::Instant::now();
                    while !worker.is_finished() && start.elapsed() < POLL {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    worker.is_finished()
                });
                if let Some(callback) = &progress {
                    let done = observed.done.load(Ordering::Relaxed);
                    if done != shown || finished {
                        shown = done;
                        let total = observed.to_run.load(Ordering::Relaxed);
                        if let Err(e) = callback.call1(py, (done, total)) {
                            stop.store(true, Ordering::Relaxed);
                            // Ctrl-C's handler runs in whatever Python code
                            // the calling thread runs: here, the callback.
                            if e.is_instance_of::<PyKeyboardInterrupt>(py) {
                                interrupted_by_user = true;
                            } else {
                                callback_error.get_or_insert(e);
                            }
                        }
                    }
                }
                if finished {
                    break;
                }
                if let Err(e) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    if e.is_instance_of::<PyKeyboardInterrupt>(py) {
                        interrupted_by_user = true;
                    } else {
                        callback_error.get_or_insert(e);
                    }
                }
            }
            worker.join().unwrap_or_else(|panic| Err(panicked(&panic)))
        });
        if let Some(e) = callback_error {
            return Err(e);
        }
        let (ran, notes) = outcome?;
        let result = PyDict::new(py);
        result.set_item("name", &experiment.name)?;
        result.set_item("data", &ran.data_dir)?;
        result.set_item("plots", &ran.plots_dir)?;
        result.set_item("planned", ran.report.planned)?;
        result.set_item("previously_done", ran.report.previously_done)?;
        result.set_item("ran", ran.report.ran)?;
        let interrupted = ran.status() == Status::Interrupted || interrupted_by_user;
        result.set_item("interrupted", interrupted)?;
        result.set_item("program_errors", ran.report.program_errors)?;
        let warnings = observed.warnings.into_inner().unwrap_or_default();
        result.set_item("warnings", warnings)?;
        put_finished(&result, ran.finished.as_ref(), notes)?;
        Ok(result.unbind())
    })
}

/// Adds the files the finishing steps wrote, and their notes.
pub fn put_finished(
    result: &Bound<'_, PyDict>,
    finished: Option<&Finished>,
    mut notes: Vec<String>,
) -> PyResult<()> {
    let charts: Vec<PathBuf> = finished.map(|f| f.charts.clone()).unwrap_or_default();
    result.set_item("charts", charts)?;
    result.set_item(
        "report",
        finished.and_then(|f| f.report().map(Path::to_owned)),
    )?;
    let comparison: Vec<PathBuf> = finished
        .map(|f| f.comparison_files.iter().map(|w| w.path.clone()).collect())
        .unwrap_or_default();
    result.set_item("comparison", comparison)?;
    // The observer heard every note already; the skipped charts it did not.
    if let Some(f) = finished {
        notes.extend(
            f.skipped
                .iter()
                .map(|s| format!("{}: {}", s.chart, s.reason)),
        );
    }
    result.set_item("notes", notes)
}

/// The steps after a run, from `data`'s files into `plots`: `steps` is
/// "all" (comparison, charts, report), "charts", "report" (the charts when
/// missing, then the report) or "comparison".
#[pyfunction]
pub fn finish(py: Python<'_>, data: PathBuf, plots: PathBuf, steps: &str) -> PyResult<Py<PyDict>> {
    guard(|| {
        let steps = match steps {
            "all" => Steps::ALL,
            "charts" => Steps::CHARTS,
            "report" => Steps::REPORT,
            "comparison" => Steps::COMPARISON,
            other => {
                return Err(QueensError::new_err(format!(
                    "steps {other:?}: say \"all\", \"charts\", \"report\" or \"comparison\""
                )));
            }
        };
        let stop = AtomicBool::new(false);
        let notes = Notes::new(&stop);
        let finished = py
            .detach(|| {
                let mut store = if steps.comparison {
                    crate::data::open_to_write(&data)
                } else {
                    Store::open(&data)
                }?;
                finish_steps(&mut store, &plots, steps, &Default::default(), &notes)
                    .map_err(Box::new)
                    .map_err(queens::run::error::RunError::Finish)
            })
            .map_err(|e| DataError::new_err(message(&e)))?;
        let result = PyDict::new(py);
        put_finished(&result, Some(&finished), notes.into_notes())?;
        Ok(result.unbind())
    })
}
