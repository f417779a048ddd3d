//! Placeholder for the `min_conflicts` benchmark target.

use super::{BenchOptions, BenchRow};

/// Measures this target.
pub fn run(_: &BenchOptions) -> anyhow::Result<Vec<BenchRow>> {
    anyhow::bail!("the min_conflicts benchmark is not available yet")
}
