//! What `queens count` shows on stderr while it counts: units done of the
//! total, solutions so far, the rate and an ETA weighted by each unit's
//! expected work — an indicatif bar on a terminal, a plain line every few
//! seconds otherwise (a log file, a Slurm job), nothing for small boards.
//! The ETA is the elapsed time scaled by the expected work left over the
//! expected work done, which holds because the units come in a fixed
//! random order (see `count::run`).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use queens::counting::UnitCount;

use super::stderr::stderr_line;

/// Seconds between two plain progress lines.
const PLAIN_EVERY: Duration = Duration::from_secs(10);

/// The smallest board whose count takes long enough (seconds, on any
/// kernel) to show progress.
const SLOW_N: usize = 18;

/// The progress of one count (or shard).
pub struct CountProgress {
    n: usize,
    bar: Option<ProgressBar>,
    plain: bool,
    units: usize,
    units_done: usize,
    /// Units counted in this process, the base of the rate.
    units_here: usize,
    expected_total: f64,
    expected_done: f64,
    /// Expected work counted in this process (not read from a checkpoint),
    /// the base of the rate and the ETA.
    expected_here: f64,
    solutions: u128,
    start: Instant,
    last_line: Instant,
}

impl CountProgress {
    /// The progress of counting `units` units of N (`expected_total` their
    /// expected work), of which `units_done` with `expected_done` and
    /// `solutions` were already finished (a resumed checkpoint).
    pub fn new(
        n: usize,
        units: usize,
        expected_total: f64,
        (units_done, expected_done, solutions): (usize, f64, u128),
    ) -> Self {
        let shown = n >= SLOW_N;
        let terminal = std::io::stderr().is_terminal();
        let bar = (shown && terminal).then(|| {
            let bar = ProgressBar::new(units as u64);
            bar.set_style(
                ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:40}] {pos}/{len} units, {msg}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
            );
            bar.set_position(units_done as u64);
            bar
        });
        let now = Instant::now();
        CountProgress {
            n,
            bar,
            plain: shown && !terminal,
            units,
            units_done,
            units_here: 0,
            expected_total: expected_total.max(1.0),
            expected_done,
            expected_here: 0.0,
            solutions,
            start: now,
            last_line: now,
        }
    }

    /// One unit finished, adding `weighted` solutions.
    pub fn unit_done(&mut self, unit: &UnitCount, weighted: u128) {
        self.units_done += 1;
        self.units_here += 1;
        self.expected_done += unit.expected_work as f64;
        self.expected_here += unit.expected_work as f64;
        self.solutions += weighted;
        if let Some(bar) = &self.bar {
            bar.set_position(self.units_done as u64);
            bar.set_message(self.status());
        } else if self.plain && self.last_line.elapsed() >= PLAIN_EVERY {
            self.last_line = Instant::now();
            stderr_line!(
                "count N = {}: {}/{} units, {}",
                self.n,
                self.units_done,
                self.units,
                self.status()
            );
        }
    }

    /// Solutions so far, the share of the expected work done, the rate
    /// and the ETA.
    fn status(&self) -> String {
        let elapsed = self.start.elapsed().as_secs_f64();
        let share = self.expected_done / self.expected_total;
        let remaining = (self.expected_total - self.expected_done).max(0.0);
        let eta = if self.expected_here > 0.0 {
            format_duration(elapsed * remaining / self.expected_here)
        } else {
            "unknown".to_string()
        };
        format!(
            "{} solutions so far, {:.1}% of the expected work, {:.0} units/s, eta {eta}",
            self.solutions,
            100.0 * share,
            self.units_here as f64 / elapsed.max(1e-9),
        )
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Seconds as `1h02m03s`, `2m03s` or `4s`.
fn format_duration(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match (s / 3600, (s / 60) % 60, s % 60) {
        (0, 0, sec) => format!("{sec}s"),
        (0, min, sec) => format!("{min}m{sec:02}s"),
        (h, min, sec) => format!("{h}h{min:02}m{sec:02}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_hours_minutes_seconds() {
        assert_eq!(format_duration(4.4), "4s");
        assert_eq!(format_duration(123.0), "2m03s");
        assert_eq!(format_duration(3723.0), "1h02m03s");
    }
}
