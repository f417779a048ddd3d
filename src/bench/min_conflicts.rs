//! The `min-conflicts` benchmark target: min-conflicts `fast` at 10⁶, 10⁷ and
//! 10⁸ queens (10⁹ on request with `-n 1000000000`), seed 0, no budget.
//! Each solution is checked by the independent validator outside the timed
//! part; the note gives the repairs, restarts and heap bytes per queen.

use anyhow::{Context, ensure};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::{BenchOptions, BenchRow, measure};
use crate::board::validate;
use crate::solvers::{Budget, Control, min_conflicts_fast};

/// Board sizes measured by default.
const SIZES: &[usize] = &[1_000_000, 10_000_000, 100_000_000];

/// Board sizes measured with `--quick`.
const QUICK_SIZES: &[usize] = &[100_000, 1_000_000];

/// The seed of every measured run.
const SEED: u64 = 0;

/// Measures min-conflicts `fast` at each size.
pub fn run(options: &BenchOptions) -> anyhow::Result<Vec<BenchRow>> {
    let sizes = if !options.sizes.is_empty() {
        options.sizes.as_slice()
    } else if options.quick {
        QUICK_SIZES
    } else {
        SIZES
    };
    sizes.iter().map(|&n| run_one(n)).collect()
}

fn run_one(n: usize) -> anyhow::Result<BenchRow> {
    ensure!(
        n <= min_conflicts_fast::MAX_N,
        "board size {n} is too large for min-conflicts fast (at most {})",
        min_conflicts_fast::MAX_N
    );
    let (outcome, timing) = measure(|| {
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        let mut control = Control::new(Budget::UNLIMITED);
        min_conflicts_fast::solve(n, &mut rng, &mut control)
    });
    let solution = outcome
        .solution
        .with_context(|| format!("min-conflicts fast did not solve n={n} ({})", outcome.stop_reason))?;
    validate(solution.columns())
        .with_context(|| format!("min-conflicts fast returned an invalid board for n={n}"))?;
    let m = outcome.metrics;
    let note = format!(
        "repairs {} restarts {} checks {} bytes/queen {:.2}",
        m.steps,
        m.restarts,
        m.checks,
        timing.peak_heap_bytes as f64 / n.max(1) as f64
    );
    Ok(BenchRow::new(
        format!("min-conflicts fast n={n} seed={SEED}"),
        timing,
        note,
    ))
}
