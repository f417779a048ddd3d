//! Self-timing benchmarks behind `queens bench`: each target measures process
//! CPU time (and wall time, for parallel speed-ups) and heap use, so figures
//! can be quoted from one run on a shared, noisy machine; [`repeated`] runs
//! a target several times and reports each measurement's median and range.
//! Targets that run a solver run it as a trial (module `trial`); the
//! min-conflicts and construction targets also run a whole `queens solve`
//! process, given the executable, and read its CPU time from the system
//! ([`process`]), so the work outside the search is measured too. Every target checks its results
//! and fails with a [`BenchError`] rather than report a figure for a wrong
//! one.

pub mod alloc;
pub mod construction;
pub mod count;
mod error;
pub mod evolutionary;
pub mod min_conflicts;
pub mod process;
pub mod runner;
pub mod trial;

use std::path::PathBuf;
use std::time::Instant;

use serde::Serialize;

use crate::analysis::stats::{quantile_sorted, sorted};

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
    /// How many runs the row summarizes (see [`repeated`]); with more than
    /// one, `cpu_seconds` and `wall_seconds` are the runs' medians.
    pub runs: usize,
    /// The fastest run's CPU seconds (`cpu_seconds` for one run).
    pub cpu_seconds_min: f64,
    /// The slowest run's CPU seconds (`cpu_seconds` for one run).
    pub cpu_seconds_max: f64,
    /// Peak heap bytes allocated during the measurement, when tracked.
    pub peak_heap_bytes: Option<u64>,
    /// CPU seconds of a whole `queens` process doing what the measurement
    /// did (start, read its options, allocate, search, validate, free,
    /// exit), when the target measured one (see [`process`]); with more
    /// than one run, the runs' median. Beside a solver's `cpu_seconds`, the
    /// search's alone, it shows what the work outside the search costs.
    pub process_cpu_seconds: Option<f64>,
    /// The CPU seconds of the search inside that process, as it reported
    /// them (median with more than one run): `process_cpu_seconds` less
    /// this is the work outside the search, measured in one process.
    pub process_search_cpu_seconds: Option<f64>,
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
            runs: 1,
            cpu_seconds_min: timing.cpu_seconds,
            cpu_seconds_max: timing.cpu_seconds,
            peak_heap_bytes: alloc::is_tracking().then_some(timing.peak_heap_bytes),
            process_cpu_seconds: None,
            process_search_cpu_seconds: None,
            goal: None,
            note: note.into(),
        }
    }

    /// The row with the CPU seconds of a whole process doing the same, and
    /// of the search inside it.
    pub fn with_process(mut self, process_cpu_seconds: f64, search_cpu_seconds: f64) -> Self {
        self.process_cpu_seconds = Some(process_cpu_seconds);
        self.process_search_cpu_seconds = Some(search_cpu_seconds);
        self
    }

    /// The share of a whole process's CPU time spent outside its search,
    /// relative to the search's (0.1: the process took 10% more than its
    /// search), when a process was measured.
    pub fn outside_search(&self) -> Option<f64> {
        let (process, search) = (self.process_cpu_seconds?, self.process_search_cpu_seconds?);
        (search > 0.0).then(|| (process - search) / search)
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

/// Runs a benchmark target `runs` times (at least once), each run measuring
/// all of its sizes in turn, so a slow spell of a shared machine falls on
/// one round rather than on every run of one size; reports each measurement
/// once: the median CPU and wall seconds of its runs (Hyndman & Fan's type
/// 7, as everywhere in the crate), the fastest and slowest run's CPU
/// seconds, the median whole-process and in-process search CPU seconds
/// where measured, the largest heap peak, the first run's note, and its goal
/// judged on the median CPU time. Fails with the target's error, or if two
/// runs measured different things.
pub fn repeated<E: From<BenchError>>(
    runs: usize,
    mut target: impl FnMut() -> Result<Vec<BenchRow>, E>,
) -> Result<Vec<BenchRow>, E> {
    let mut rounds = Vec::with_capacity(runs.max(1));
    for _ in 0..runs.max(1) {
        rounds.push(target()?);
    }
    let first = rounds.remove(0);
    let name = |row: &BenchRow| row.name.clone();
    // Run k + 2 is `rounds[k]`; it must measure what the first run did, in
    // the same order.
    for (k, round) in rounds.iter().enumerate() {
        let places = first.len().max(round.len());
        if let Some(place) =
            (0..places).find(|&p| first.get(p).map(|r| &r.name) != round.get(p).map(|r| &r.name))
        {
            return Err(BenchError::Unrepeatable {
                run: k + 2,
                expected: first.get(place).map(name),
                found: round.get(place).map(name),
            }
            .into());
        }
    }
    let mut measurements: Vec<Vec<BenchRow>> = first.into_iter().map(|row| vec![row]).collect();
    for round in rounds {
        for (runs, row) in measurements.iter_mut().zip(round) {
            runs.push(row);
        }
    }
    Ok(measurements.into_iter().map(merged).collect())
}

/// One row for the runs of one measurement (see [`repeated`]).
fn merged(rows: Vec<BenchRow>) -> BenchRow {
    let ascending =
        |seconds: fn(&BenchRow) -> f64| sorted(&rows.iter().map(seconds).collect::<Vec<_>>());
    let cpu = ascending(|r| r.cpu_seconds);
    let median = |values: &[f64]| quantile_sorted(values, 0.5).unwrap_or(f64::NAN);
    let cpu_seconds = median(&cpu);
    let wall_seconds = median(&ascending(|r| r.wall_seconds));
    let peak_heap_bytes = rows.iter().filter_map(|r| r.peak_heap_bytes).max();
    let median_of = |seconds: fn(&BenchRow) -> Option<f64>| {
        quantile_sorted(
            &sorted(&rows.iter().filter_map(seconds).collect::<Vec<_>>()),
            0.5,
        )
    };
    let process_cpu_seconds = median_of(|r| r.process_cpu_seconds);
    let process_search_cpu_seconds = median_of(|r| r.process_search_cpu_seconds);
    let runs = rows.len();
    let first = rows.into_iter().next().expect("a measurement has a run");
    BenchRow {
        cpu_seconds,
        wall_seconds,
        runs,
        cpu_seconds_min: cpu[0],
        cpu_seconds_max: cpu[cpu.len() - 1],
        peak_heap_bytes,
        process_cpu_seconds,
        process_search_cpu_seconds,
        goal: first.goal.map(|goal| Goal {
            met: cpu_seconds <= goal.cpu_seconds_at_most,
            ..goal
        }),
        ..first
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
    /// The `queens` executable, for targets that also measure a whole
    /// process (min-conflicts and the construction run `queens solve` at
    /// each size); `None` measures in this process only (the CLI gives it on
    /// Unix, where the children's CPU time can be read).
    pub queens_program: Option<PathBuf>,
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

    /// A run of a target measuring two sizes, the first `cpu` seconds.
    fn round(cpu: f64) -> Vec<BenchRow> {
        let mut second = row(1.0);
        second.name = "min-conflicts fast n=1000000000 seed=0".to_owned();
        vec![row(cpu).with_goal(5.0), second]
    }

    #[test]
    fn repeated_runs_report_the_median_and_the_range_and_judge_the_goal_on_the_median() {
        let mut cpu = [6.2, 4.6, 4.8].into_iter();
        let rows = repeated::<BenchError>(3, || Ok(round(cpu.next().expect("three runs"))))
            .expect("merged");
        assert_eq!(rows.len(), 2);
        let first = &rows[0];
        assert_eq!(first.runs, 3);
        assert_eq!(first.cpu_seconds, 4.8);
        assert_eq!((first.cpu_seconds_min, first.cpu_seconds_max), (4.6, 6.2));
        assert_eq!(first.wall_seconds, 4.8);
        assert_eq!(
            first.goal,
            Some(Goal {
                cpu_seconds_at_most: 5.0,
                met: true
            })
        );
        // Two runs: the mean of the middle two.
        let mut cpu = [6.2, 4.6].into_iter();
        let rows =
            repeated::<BenchError>(2, || Ok(round(cpu.next().expect("two runs")))).expect("merged");
        assert!((rows[0].cpu_seconds - 5.4).abs() < 1e-12);
        assert!(!rows[0].goal.expect("a goal").met);
        // Whole-process figures merge into their own medians, and the work
        // outside the search is judged within the process: (9 - 7.5) / 7.5.
        let mut process = [(8.0, 7.0), (10.0, 8.0), (9.0, 7.5)].into_iter();
        let rows = repeated::<BenchError>(3, || {
            let (whole, search) = process.next().expect("three runs");
            Ok(vec![row(4.0).with_process(whole, search)])
        })
        .expect("merged");
        assert_eq!(rows[0].process_cpu_seconds, Some(9.0));
        assert_eq!(rows[0].process_search_cpu_seconds, Some(7.5));
        assert!((rows[0].outside_search().expect("measured") - 0.2).abs() < 1e-12);
        assert_eq!(row(4.0).outside_search(), None);
        // One run is the run itself; zero runs means one.
        let rows = repeated::<BenchError>(0, || Ok(round(6.2))).expect("one run");
        assert_eq!((rows[0].runs, rows[0].cpu_seconds_max), (1, 6.2));
    }

    #[test]
    fn runs_that_measure_different_things_are_refused_naming_the_run() {
        // Run 3 of 3 lacks the second size.
        let mut runs = 0;
        let error = repeated::<BenchError>(3, || {
            runs += 1;
            let mut rows = round(1.0);
            rows.truncate(if runs == 3 { 1 } else { 2 });
            Ok(rows)
        })
        .expect_err("the third run lacks a size");
        let message = error.to_string();
        assert!(
            message.starts_with("run 3 of the benchmark measured nothing where")
                && message.contains("n=1000000000"),
            "{message}"
        );
        // Run 2 of 2 measures a size more than the first.
        let mut runs = 0;
        let error = repeated::<BenchError>(2, || {
            runs += 1;
            let mut rows = round(1.0);
            rows.truncate(runs);
            Ok(rows)
        })
        .expect_err("the second run has an extra size");
        let message = error.to_string();
        assert!(
            message
                .starts_with("run 2 of the benchmark measured \"min-conflicts fast n=1000000000")
                && message.contains("where the first run measured nothing"),
            "{message}"
        );
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
