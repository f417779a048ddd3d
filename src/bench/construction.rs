//! Benchmark of the explicit O(N) construction: CPU time and heap per queen
//! at 10^6..10^8 queens (the target: 10^8 in about 1 s with at most
//! 5 bytes per queen). The construction runs as a trial of the registered
//! `construction` algorithm, so its board is validated inside the
//! measurement: the heap peak includes the validator (2 bits per queen),
//! the CPU and wall time are the construction's alone. Given the `queens`
//! executable, a whole `queens solve -a construction` process is measured
//! beside it (see `process`).

use super::process::with_solve_process;
use super::trial::{configured, measured_trial};
use super::{BenchError, BenchOptions, BenchRow};
use crate::solvers::{Budget, find_algorithm};

/// The construction's registry name.
const ALGORITHM: &str = "construction";

/// Measures the construction at each size.
pub fn run(options: &BenchOptions) -> Result<Vec<BenchRow>, BenchError> {
    let sizes = if !options.sizes.is_empty() {
        options.sizes.clone()
    } else if options.quick {
        vec![1_000_000]
    } else {
        vec![1_000_000, 10_000_000, 100_000_000]
    };
    let algorithm = find_algorithm(ALGORITHM)?;
    let mut rows = Vec::new();
    for n in sizes {
        let solver = configured(algorithm, &[], n)?;
        let (outcome, timing) =
            measured_trial(ALGORITHM, solver.as_ref(), n, 0, Budget::UNLIMITED)?;
        if !outcome.is_solved() {
            return Err(BenchError::Unsolved {
                solver: ALGORITHM,
                n,
                stop_reason: outcome.stop_reason,
            });
        }
        let per_queen = timing.peak_heap_bytes as f64 / n as f64;
        let row = BenchRow::new(
            format!("construction n={n}"),
            timing,
            format!("valid; {per_queen:.2} bytes/queen (the heap includes the validation)"),
        );
        rows.push(with_solve_process(row, options, ALGORITHM, &[], n, 0)?);
    }
    Ok(rows)
}
