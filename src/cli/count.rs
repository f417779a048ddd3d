//! `queens count` (placeholder until its issue lands).

use super::Exit;

/// Placeholder arguments.
#[derive(clap::Args)]
pub struct CountArgs {}

/// Says the subcommand is not available yet.
pub fn run(_: CountArgs) -> anyhow::Result<Exit> {
    anyhow::bail!("'queens count' is not available yet")
}
