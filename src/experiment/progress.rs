//! Progress of a run on stderr: an indicatif bar (trials done of total, rate,
//! ETA, the current cell) on a terminal, a plain line every few seconds
//! otherwise (a log file, a Slurm job), or nothing.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgressMode {
    /// A bar when stderr is a terminal, plain lines otherwise.
    Auto,
    /// Nothing (tests, benchmarks).
    Hidden,
}

/// Seconds between two plain progress lines.
const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// Counters the workers update and the reporter thread reads.
pub struct Progress {
    total: u64,
    started: Instant,
    done: AtomicU64,
    current: AtomicUsize,
    finished: AtomicBool,
}

impl Progress {
    /// Progress over `total` trials, starting now.
    pub fn new(total: u64) -> Self {
        Self {
            total,
            started: Instant::now(),
            done: AtomicU64::new(0),
            current: AtomicUsize::new(usize::MAX),
            finished: AtomicBool::new(false),
        }
    }

    /// A worker starts the trial numbered `id` (the caller knows its cell).
    pub fn start(&self, id: usize) {
        self.current.store(id, Ordering::Relaxed);
    }

    /// A trial finished.
    pub fn finish_one(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    /// The run is over: the reporter stops (unpark its thread to stop it at
    /// once).
    pub fn close(&self) {
        self.finished.store(true, Ordering::Release);
    }

    /// Shows progress until [`Progress::close`], naming the current cell
    /// with `describe(id)`. Runs on its own thread.
    pub fn report(&self, mode: ProgressMode, title: &str, describe: impl Fn(usize) -> String) {
        if mode == ProgressMode::Hidden || self.total == 0 {
            return;
        }
        let stderr_is_terminal = std::io::stderr().is_terminal();
        let bar = stderr_is_terminal.then(|| {
            let bar = ProgressBar::with_draw_target(Some(self.total), ProgressDrawTarget::stderr())
                .with_elapsed(self.started.elapsed());
            let style = ProgressStyle::with_template(
                "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} trials, ETA {eta}, {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar.set_prefix(title.to_string());
            bar
        });
        let mut last_line = Instant::now();
        let cell = || {
            let id = self.current.load(Ordering::Relaxed);
            if id == usize::MAX {
                String::new()
            } else {
                describe(id)
            }
        };
        while !self.finished.load(Ordering::Acquire) {
            std::thread::park_timeout(Duration::from_millis(100));
            let done = self.done.load(Ordering::Relaxed);
            if let Some(bar) = &bar {
                bar.set_position(done);
                let secs = self.started.elapsed().as_secs_f64();
                let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
                bar.set_message(format!("{rate:.1}/s, now {}", cell()));
            } else if last_line.elapsed() >= PLAIN_EVERY {
                last_line = Instant::now();
                crate::stderr_line!(
                    "{}",
                    self.plain_line(title, done, self.started.elapsed(), &cell())
                );
            }
        }
        let done = self.done.load(Ordering::Relaxed);
        match bar {
            Some(bar) => {
                bar.set_position(done);
                bar.finish_and_clear();
            }
            None => crate::stderr_line!(
                "{}",
                self.plain_line(title, done, self.started.elapsed(), "")
            ),
        }
    }

    fn plain_line(&self, title: &str, done: u64, elapsed: Duration, cell: &str) -> String {
        let secs = elapsed.as_secs_f64();
        let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
        let eta = if rate > 0.0 {
            format!("{:.0}s", (self.total - done.min(self.total)) as f64 / rate)
        } else {
            "?".to_string()
        };
        let percent = if self.total > 0 {
            100.0 * done as f64 / self.total as f64
        } else {
            100.0
        };
        let now = if cell.is_empty() {
            String::new()
        } else {
            format!(", now {cell}")
        };
        format!(
            "{title}: {done}/{} trials ({percent:.1}%), {rate:.1}/s, ETA {eta}{now}",
            self.total
        )
    }
}
