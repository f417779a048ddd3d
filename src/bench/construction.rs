//! Benchmark of the explicit O(N) construction: CPU time and heap per queen
//! at 10^6..10^8 queens (the target: 10^8 in about 1 s with at most
//! 5 bytes per queen).

use anyhow::ensure;

use super::{BenchOptions, BenchRow, measure};
use crate::board::validate;
use crate::solvers::construction::construct;

/// Measures the construction at each size; validates every result outside
/// the timed part.
pub fn run(options: &BenchOptions) -> anyhow::Result<Vec<BenchRow>> {
    let sizes = if !options.sizes.is_empty() {
        options.sizes.clone()
    } else if options.quick {
        vec![1_000_000]
    } else {
        vec![1_000_000, 10_000_000, 100_000_000]
    };
    let mut rows = Vec::new();
    for n in sizes {
        let (columns, timing) = measure(|| construct(n));
        let columns = columns.ok_or_else(|| anyhow::anyhow!("N = {n} has no solution"))?;
        ensure!(
            validate(&columns).is_ok(),
            "construction produced an invalid board at N = {n}"
        );
        let per_queen = timing.peak_heap_bytes as f64 / n as f64;
        rows.push(BenchRow::new(
            format!("construction n={n}"),
            timing,
            format!("valid; {per_queen:.2} bytes/queen"),
        ));
    }
    Ok(rows)
}
