//! `queens enumerate` (placeholder until its issue lands).

use super::Exit;

/// Placeholder arguments.
#[derive(clap::Args)]
pub struct EnumerateArgs {}

/// Says the subcommand is not available yet.
pub fn run(_: EnumerateArgs) -> anyhow::Result<Exit> {
    anyhow::bail!("'queens enumerate' is not available yet")
}
