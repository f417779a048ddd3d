//! `queens merge` (placeholder until its issue lands).

use super::Exit;

/// Placeholder arguments.
#[derive(clap::Args)]
pub struct MergeArgs {}

/// Says the subcommand is not available yet.
pub fn run(_: MergeArgs) -> anyhow::Result<Exit> {
    anyhow::bail!("'queens merge' is not available yet")
}
