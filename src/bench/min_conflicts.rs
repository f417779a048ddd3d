//! The `min-conflicts` benchmark target: min-conflicts `fast` at 10⁶, 10⁷ and
//! 10⁸ queens (10⁹ on request with `-n 1000000000`), seed 0, no budget.
//! Each solution is checked outside the timed part: by the independent
//! validator `queens::board::validate` up to [`VALIDATE_MAX`] queens, and
//! above (where that validator's 40 bytes per queen would not fit in memory)
//! by [`validate_bitsets`], an equally independent check using 5 bits per
//! queen. The note gives the repairs, restarts, checks and peak heap bytes
//! per queen.

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

/// Largest board checked with `queens::board::validate`.
const VALIDATE_MAX: usize = 200_000_000;

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
    let solution = outcome.solution.with_context(|| {
        format!(
            "min-conflicts fast did not solve n={n} ({})",
            outcome.stop_reason
        )
    })?;
    let valid = if n <= VALIDATE_MAX {
        validate(solution.columns()).map_err(|v| v.to_string())
    } else {
        validate_bitsets(solution.columns())
    };
    valid
        .map_err(anyhow::Error::msg)
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

/// Checks that `columns` is an N-Queens solution with one bit per column and
/// per diagonal (5N bits); shares no code with any solver.
fn validate_bitsets(columns: &[u32]) -> Result<(), String> {
    let n = columns.len();
    let mut column = vec![0u64; n.div_ceil(64)];
    let mut up = vec![0u64; (2 * n).div_ceil(64)];
    let mut down = vec![0u64; (2 * n).div_ceil(64)];
    let claim = |bits: &mut [u64], k: usize| {
        let (word, bit) = (k / 64, 1u64 << (k % 64));
        let free = bits[word] & bit == 0;
        bits[word] |= bit;
        free
    };
    for (row, &c) in columns.iter().enumerate() {
        let c = c as usize;
        if c >= n {
            return Err(format!("row {row}: column {c} is outside the board"));
        }
        if !claim(&mut column, c) {
            return Err(format!("row {row}: column {c} is taken"));
        }
        if !claim(&mut up, row + c) || !claim(&mut down, row + n - 1 - c) {
            return Err(format!("row {row}: a diagonal is taken"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitset_validator_agrees_with_the_reference() {
        for columns in [
            vec![0, 4, 7, 5, 2, 6, 1, 3],
            vec![0, 4, 7, 5, 2, 6, 3, 1],
            vec![1, 3, 0, 2],
            vec![1, 3, 0, 0],
            vec![0],
            vec![0, 1],
            vec![1, 0],
            vec![1, 3, 0, 4],
        ] {
            assert_eq!(
                validate_bitsets(&columns).is_ok(),
                validate(&columns).is_ok(),
                "{columns:?}"
            );
        }
    }
}
