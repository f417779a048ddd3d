//! Placeholder for the `runner` benchmark target.

use super::{BenchOptions, BenchRow};

/// Measures this target.
pub fn run(_: &BenchOptions) -> anyhow::Result<Vec<BenchRow>> {
    anyhow::bail!("the runner benchmark is not available yet")
}
