//! The `min-conflicts` benchmark target: min-conflicts `fast` at 10⁶, 10⁷ and
//! 10⁸ queens (10⁹ on request with `-n 1000000000`), seed 0, no budget, run
//! as a trial of the registered `min-conflicts` algorithm with
//! `variant=fast`. The trial validates the solution with the independent
//! validator `queens::base::board::validate` (2 bits per queen): the CPU and
//! wall time are the search's alone, and the heap peak is the process's
//! (above N = 65 535 the solver's own 4.5 bytes per queen; the validation
//! needs the solution's 4 and its 0.25). The note gives the repairs,
//! restarts, checks and peak heap bytes per queen; 10⁸ and 10⁹ queens have
//! a goal of CPU time (5 s and 60 s) the table says is met or missed.
//!
//! Given the `queens` executable ([`BenchOptions::queens_program`]), each
//! size is also solved by a whole `queens solve --json` process with the
//! same options and seed (the same board and work): its CPU time is the
//! row's `process_cpu_seconds`, everything a user waits for, and the
//! search's CPU time it reports is `process_search_cpu_seconds`, so the
//! work outside the search is measured within one process.

use super::process::with_solve_process;
use super::trial::{configured, measured_trial};
use super::{BenchError, BenchOptions, BenchRow};
use crate::solvers::algorithms::min_conflicts_fast;
use crate::solvers::{Budget, find_algorithm};

/// Board sizes measured by default.
const SIZES: &[usize] = &[1_000_000, 10_000_000, 100_000_000];

/// The CPU seconds aimed for at a size: 10⁸ queens in 5 s and 10⁹ in a
/// minute.
const GOALS: &[(usize, f64)] = &[(100_000_000, 5.0), (1_000_000_000, 60.0)];

/// Board sizes measured with `--quick`.
const QUICK_SIZES: &[usize] = &[100_000, 1_000_000];

/// The seed of every measured run.
const SEED: u64 = 0;

/// The solver's name in errors.
const SOLVER: &str = "min-conflicts fast";

/// The registered algorithm and the parameters that make it `fast`.
const ALGORITHM: (&str, &[&str]) = ("min-conflicts", &["variant=fast"]);

/// Measures min-conflicts `fast` at each size.
pub fn run(options: &BenchOptions) -> Result<Vec<BenchRow>, BenchError> {
    let sizes = if !options.sizes.is_empty() {
        options.sizes.as_slice()
    } else if options.quick {
        QUICK_SIZES
    } else {
        SIZES
    };
    sizes.iter().map(|&n| run_one(n, options)).collect()
}

/// Solves the N×N board once and reports the figures.
fn run_one(n: usize, options: &BenchOptions) -> Result<BenchRow, BenchError> {
    if n > min_conflicts_fast::MAX_N {
        return Err(BenchError::TooLarge {
            solver: SOLVER,
            n,
            max: min_conflicts_fast::MAX_N,
        });
    }
    let (algorithm, params) = ALGORITHM;
    let solver = configured(find_algorithm(algorithm)?, params, n)?;
    let (outcome, timing) = measured_trial(SOLVER, solver.as_ref(), n, SEED, Budget::UNLIMITED)?;
    if !outcome.is_solved() {
        return Err(BenchError::Unsolved {
            solver: SOLVER,
            n,
            stop_reason: outcome.stop_reason,
        });
    }
    let m = outcome.metrics;
    let note = format!(
        "repairs {} restarts {} checks {} bytes/queen {:.2}",
        m.steps,
        m.restarts,
        m.checks,
        timing.peak_heap_bytes as f64 / n.max(1) as f64
    );
    let row = BenchRow::new(
        format!("min-conflicts fast n={n} seed={SEED}"),
        timing,
        note,
    );
    let row = with_solve_process(row, options, algorithm, params, n, SEED)?;
    Ok(match GOALS.iter().find(|(size, _)| *size == n) {
        Some(&(_, seconds)) => row.with_goal(seconds),
        None => row,
    })
}
