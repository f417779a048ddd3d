//! `queens plot` (placeholder until its issue lands).

use super::Exit;

/// Placeholder arguments.
#[derive(clap::Args)]
pub struct PlotArgs {}

/// Says the subcommand is not available yet.
pub fn run(_: PlotArgs) -> anyhow::Result<Exit> {
    anyhow::bail!("'queens plot' is not available yet")
}
