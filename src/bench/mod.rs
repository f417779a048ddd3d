//! Self-timing benchmarks behind `queens bench`: each target measures process
//! CPU time (and wall time, for parallel speed-ups) and heap use, so figures
//! can be quoted from one run on a shared, noisy machine. Targets that run a
//! solver run it as a trial (module `trial`); every target checks its
//! results and fails with a [`BenchError`] rather than report a figure for a
//! wrong one.

pub mod alloc;
pub mod construction;
pub mod count;
mod error;
pub mod evolutionary;
pub mod min_conflicts;
pub mod runner;
pub mod trial;

use std::time::Instant;

use serde::Serialize;

pub use error::BenchError;

/// One measured figure.
#[derive(Clone, Debug, Serialize)]
pub struct BenchRow {
    /// What was measured (`count n=16 threads=1`, …).
    pub name: String,
    /// CPU seconds of the whole process (all threads) during the measurement.
    pub cpu_seconds: f64,
    /// Wall seconds: of the search alone when a solver ran as a trial, of
    /// the whole measurement otherwise.
    pub wall_seconds: f64,
    /// Peak heap bytes allocated during the measurement, when tracked.
    pub peak_heap_bytes: Option<u64>,
    /// The CPU time the project aims for on this measurement, when it has
    /// one (see [`Goal`]).
    pub goal: Option<Goal>,
    /// Anything else worth reporting (a count, a ratio).
    pub note: String,
}

/// A speed goal the project set for one measurement: at most this much
/// CPU time on one core of the 2-core machine the book's speed figures come
/// from. A table shows whether the measurement met it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Goal {
    /// The most CPU seconds the measurement may take.
    pub cpu_seconds_at_most: f64,
    /// Whether the measured CPU time is within it.
    pub met: bool,
}

/// CPU and wall time of one measurement, plus its peak heap use.
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// Process CPU seconds (all threads).
    pub cpu_seconds: f64,
    /// Wall seconds.
    pub wall_seconds: f64,
    /// Peak heap bytes above the level at the start (0 unless the binary
    /// installs [`alloc::CountingAllocator`]).
    pub peak_heap_bytes: u64,
}

/// Runs `f` once and measures it.
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, Timing) {
    let base = alloc::reset_peak();
    let cpu = cpu_time::ProcessTime::now();
    let wall = Instant::now();
    let value = f();
    let timing = Timing {
        cpu_seconds: cpu.elapsed().as_secs_f64(),
        wall_seconds: wall.elapsed().as_secs_f64(),
        peak_heap_bytes: alloc::peak().saturating_sub(base),
    };
    (value, timing)
}

impl BenchRow {
    /// A row from a measurement.
    pub fn new(name: impl Into<String>, timing: Timing, note: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            cpu_seconds: timing.cpu_seconds,
            wall_seconds: timing.wall_seconds,
            peak_heap_bytes: alloc::is_tracking().then_some(timing.peak_heap_bytes),
            goal: None,
            note: note.into(),
        }
    }

    /// The row with a goal of at most `cpu_seconds` of CPU time.
    pub fn with_goal(mut self, cpu_seconds: f64) -> Self {
        self.goal = Some(Goal {
            cpu_seconds_at_most: cpu_seconds,
            met: self.cpu_seconds <= cpu_seconds,
        });
        self
    }
}

/// What a benchmark target is asked to do.
#[derive(Clone, Debug, Default)]
pub struct BenchOptions {
    /// Board sizes to measure instead of the target's defaults.
    pub sizes: Vec<usize>,
    /// Smaller sizes that finish in seconds (for a smoke test).
    pub quick: bool,
    /// Also the sizes that take minutes (the counter at N = 19, 20, 21).
    pub large: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(cpu_seconds: f64) -> BenchRow {
        let timing = Timing {
            cpu_seconds,
            wall_seconds: cpu_seconds,
            peak_heap_bytes: 0,
        };
        BenchRow::new("min-conflicts fast n=100000000 seed=0", timing, "")
    }

    #[test]
    fn a_goal_is_met_up_to_its_cpu_time_and_missed_above() {
        assert_eq!(row(4.2).goal, None);
        let met = row(4.2).with_goal(5.0).goal.expect("a goal");
        assert!(met.met);
        assert!(row(5.0).with_goal(5.0).goal.expect("a goal").met);
        assert!(!row(5.01).with_goal(5.0).goal.expect("a goal").met);
    }
}
