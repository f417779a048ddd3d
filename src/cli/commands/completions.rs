//! `queens completions SHELL`: the shell's completion script for every
//! subcommand, option and value, printed on stdout (clap_complete writes it
//! from the same clap definitions as `--help`, so it cannot fall behind).

use std::io::{self, Write};

use clap_complete::Shell;

use crate::cli::Exit;

/// Print a shell completion script.
///
/// Install it where your shell looks for completions, for example:
///
///   bash: queens completions bash > ~/.local/share/bash-completion/completions/queens
///
///   zsh:  queens completions zsh > ~/.zfunc/_queens   (with `fpath+=~/.zfunc` before `compinit`)
///
///   fish: queens completions fish > ~/.config/fish/completions/queens.fish
#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    shell: Shell,
}

/// Prints the completion script of `command` for the chosen shell.
pub fn run(args: CompletionsArgs, mut command: clap::Command) -> anyhow::Result<Exit> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "queens", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(Exit::Success)
}
