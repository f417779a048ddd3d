//! What `queens run` shows on stderr while it runs, as the runner's
//! observer: a capped `--threads`, the config's warnings, the banner of the
//! session, the progress — an indicatif bar (trials done of total, rate,
//! ETA, the current cell) on a terminal, a plain line every few seconds
//! otherwise (a log file, a Slurm job) — and the lines that say what the
//! trials left (done of planned, where, the summary). With `--quiet`, the
//! warnings and those closing lines alone.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::stderr::stderr_line;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use queens::base::records::RunRecord;
use queens::experiment::diagnostics::ConfigWarning;
use queens::run::observer::{RunObserver, SessionStart, TrialInfo};
use queens::run::runner::RunReport;
use queens::run::service::ThreadsCapped;

/// Seconds between two plain progress lines.
const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// The run's display on stderr.
pub struct RunDisplay {
    /// Whether the banner and the progress are shown (not `--quiet`).
    progress: bool,
    /// The counters the workers update and the reporter reads.
    counters: Arc<Counters>,
    /// The thread drawing the progress, while the trials run.
    reporter: Mutex<Option<JoinHandle<()>>>,
}

/// Counters the workers update and the reporter thread reads.
#[derive(Default)]
struct Counters {
    done: AtomicU64,
    /// Trials an external program failed (stop reason `solver_error` or
    /// `invalid_solution`).
    failed: AtomicU64,
    /// Where their reasons are logged: `external.log` beside the runs file.
    log: Mutex<Option<std::path::PathBuf>>,
    current: Mutex<String>,
    closed: AtomicBool,
}

impl RunDisplay {
    /// A display showing the banner and the progress when `progress`, the
    /// warnings in any case.
    pub fn new(progress: bool) -> Self {
        RunDisplay {
            progress,
            counters: Arc::default(),
            reporter: Mutex::new(None),
        }
    }

    /// Stops the reporter (it draws its last state first) and waits for it.
    fn stop_reporter(&self) {
        self.counters.closed.store(true, Ordering::Release);
        let reporter = self.reporter.lock().ok().and_then(|mut r| r.take());
        if let Some(reporter) = reporter {
            reporter.thread().unpark();
            let _ = reporter.join();
        }
    }
}

impl RunObserver for RunDisplay {
    fn warning(&self, warning: &ConfigWarning) {
        stderr_line!("warning: {warning}");
    }

    fn threads_capped(&self, capped: &ThreadsCapped) {
        stderr_line!(
            "warning: {}",
            crate::cli::commands::args::capped_text(capped)
        );
    }

    fn run_ended(&self, report: &RunReport) {
        let done = report.previously_done + report.ran;
        stderr_line!(
            "{}: {done} of {} trials done ({} this time) in {}",
            report.experiment,
            report.planned,
            report.ran,
            report.runs_file.display()
        );
        if report.ran == 0 && report.planned > 0 && !report.interrupted {
            stderr_line!(
                "every trial was already in {}: nothing to run, the charts are redrawn from it; add --fresh to run the trials again",
                report.runs_file.display()
            );
        }
        if let (Some(summary), false) = (&report.summary_file, report.interrupted) {
            stderr_line!("summary: {}", summary.display());
        }
    }

    fn session_started(&self, start: &SessionStart<'_>) {
        if let Ok(mut log) = self.counters.log.lock() {
            *log = Some(start.external_log.to_owned());
        }
        if !self.progress {
            return;
        }
        let title = match start.shard {
            Some(s) => format!("{} [shard {s}]", start.experiment),
            None => start.experiment.to_string(),
        };
        stderr_line!(
            "{title}: {} trials planned, {} done already, running {} on {} thread{} into {}",
            start.planned,
            start.previously_done,
            start.to_run,
            start.threads,
            if start.threads == 1 { "" } else { "s" },
            start.runs.display()
        );
        if start.to_run == 0 {
            return;
        }
        let reporter = Reporter {
            title,
            total: start.to_run,
            started: Instant::now(),
            counters: Arc::clone(&self.counters),
        };
        if let Ok(mut slot) = self.reporter.lock() {
            *slot = Some(std::thread::spawn(move || reporter.run()));
        }
    }

    fn trial_started(&self, trial: &TrialInfo<'_>) {
        if !self.progress {
            return;
        }
        if let Ok(mut current) = self.counters.current.lock() {
            current.clear();
            let _ = write!(current, "{} n={}", trial.label, trial.n);
        }
    }

    fn trial_finished(&self, _trial: &TrialInfo<'_>, record: Option<&RunRecord>) {
        self.counters.done.fetch_add(1, Ordering::Relaxed);
        if record.is_some_and(|r| r.stop_reason.is_program_error()) {
            self.counters.failed.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn trials_ended(&self) {
        self.stop_reporter();
        let failed = self.counters.failed.load(Ordering::Relaxed);
        if failed > 0 {
            let log = self.counters.log.lock().ok().and_then(|l| l.clone());
            stderr_line!(
                "warning: an external program failed {failed} trial{} (stop_reason solver_error or invalid_solution): the reasons and its stderr are in {}",
                if failed == 1 { "" } else { "s" },
                log.map_or_else(
                    || "the data directory's external.log".to_string(),
                    |l| l.display().to_string()
                )
            );
        }
    }
}

impl Drop for RunDisplay {
    fn drop(&mut self) {
        self.stop_reporter();
    }
}

/// Draws the progress of one session on its own thread.
struct Reporter {
    title: String,
    total: u64,
    started: Instant,
    counters: Arc<Counters>,
}

impl Reporter {
    /// Shows progress until the counters are closed.
    fn run(self) {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(self.total), ProgressDrawTarget::stderr())
                .with_elapsed(self.started.elapsed());
            let style = ProgressStyle::with_template(
                "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} trials, ETA {eta}, {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar.set_prefix(self.title.clone());
            bar
        });
        let mut last_line = Instant::now();
        while !self.counters.closed.load(Ordering::Acquire) {
            std::thread::park_timeout(Duration::from_millis(100));
            let done = self.counters.done.load(Ordering::Relaxed);
            if let Some(bar) = &bar {
                bar.set_position(done);
                let secs = self.started.elapsed().as_secs_f64();
                let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
                bar.set_message(format!("{rate:.1}/s, now {}", self.cell()));
            } else if last_line.elapsed() >= PLAIN_EVERY {
                last_line = Instant::now();
                stderr_line!("{}", self.plain_line(done, &self.cell()));
            }
        }
        let done = self.counters.done.load(Ordering::Relaxed);
        match bar {
            Some(bar) => {
                bar.set_position(done);
                bar.finish_and_clear();
            }
            None => stderr_line!("{}", self.plain_line(done, "")),
        }
    }

    /// The cell of the trial started last.
    fn cell(&self) -> String {
        self.counters
            .current
            .lock()
            .map(|c| c.clone())
            .unwrap_or_default()
    }

    fn plain_line(&self, done: u64, cell: &str) -> String {
        let secs = self.started.elapsed().as_secs_f64();
        let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
        let eta = if rate > 0.0 {
            format!("{:.0}s", (self.total - done.min(self.total)) as f64 / rate)
        } else {
            "?".to_string()
        };
        let percent = 100.0 * done as f64 / self.total as f64;
        let now = if cell.is_empty() {
            String::new()
        } else {
            format!(", now {cell}")
        };
        format!(
            "{}: {done}/{} trials ({percent:.1}%), {rate:.1}/s, ETA {eta}{now}",
            self.title, self.total
        )
    }
}
