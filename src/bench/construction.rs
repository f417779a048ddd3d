//! Placeholder for the `construction` benchmark target.

use super::{BenchOptions, BenchRow};

/// Measures this target.
pub fn run(_: &BenchOptions) -> anyhow::Result<Vec<BenchRow>> {
    anyhow::bail!("the construction benchmark is not available yet")
}
