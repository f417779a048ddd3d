//! Placeholder for the `evolutionary` benchmark target.

use super::{BenchOptions, BenchRow};

/// Measures this target.
pub fn run(_: &BenchOptions) -> anyhow::Result<Vec<BenchRow>> {
    anyhow::bail!("the evolutionary benchmark is not available yet")
}
