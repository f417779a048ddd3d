//! `queens summarize` (placeholder until its issue lands).

use super::Exit;

/// Placeholder arguments.
#[derive(clap::Args)]
pub struct SummarizeArgs {}

/// Says the subcommand is not available yet.
pub fn run(_: SummarizeArgs) -> anyhow::Result<Exit> {
    anyhow::bail!("'queens summarize' is not available yet")
}
