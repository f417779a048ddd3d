//! Placeholder for the `count` benchmark target.

use super::{BenchOptions, BenchRow};

/// Measures this target.
pub fn run(_: &BenchOptions) -> anyhow::Result<Vec<BenchRow>> {
    anyhow::bail!("the count benchmark is not available yet")
}
