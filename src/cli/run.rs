//! `queens run`: not available until the experiment runner lands.

use super::Exit;

/// Run an experiment config (not available yet).
#[derive(clap::Args)]
pub struct RunArgs {
    /// The experiment config (TOML).
    config: Option<std::path::PathBuf>,
}

/// Says that the runner is not available yet; exits 2.
pub fn run(_: RunArgs) -> anyhow::Result<Exit> {
    anyhow::bail!("'queens run' is not available yet: the experiment runner has not landed")
}
