//! `queens man DIR`: the manual pages, `queens.1` and one
//! `queens-<subcommand>.1` per subcommand, written into a directory
//! (clap_mangen renders them from the same clap definitions as `--help`).
//! Each page is written whole by the atomic writer, so a page is never
//! left half-written.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use queens::base::records::atomic::write_atomically;
use queens::base::shell;

use crate::cli::Exit;

/// Write the manual pages into a directory.
///
/// Writes queens.1 and queens-<subcommand>.1 for every subcommand; read one
/// with `man DIR/queens-run.1`, or put DIR on MANPATH (as DIR/man1) to read
/// `man queens-run`.
#[derive(clap::Args)]
pub struct ManArgs {
    /// The directory to write the pages into (created if missing).
    dir: PathBuf,
}

/// Writes the page of `command` and of each of its subcommands into the
/// directory, and prints the files written.
pub fn run(args: ManArgs, command: clap::Command) -> anyhow::Result<Exit> {
    std::fs::create_dir_all(&args.dir).with_context(|| {
        format!(
            "cannot create the directory {}: choose a directory you can write",
            shell::path(&args.dir)
        )
    })?;
    let mut command = command.disable_help_subcommand(true);
    command.build();
    let mut written = Vec::new();
    write_pages(command, &args.dir, &mut written)?;
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "wrote {} manual pages into {}; read one with: man {}",
        written.len(),
        args.dir.display(),
        shell::path(&args.dir.join("queens-run.1"))
    )?;
    Ok(Exit::Success)
}

/// Writes the page of `command`, then those of its subcommands.
fn write_pages(
    command: clap::Command,
    dir: &Path,
    written: &mut Vec<PathBuf>,
) -> anyhow::Result<()> {
    let man = clap_mangen::Man::new(command.clone());
    let path = dir.join(man.get_filename());
    write_atomically(&path, |file| man.render(file))
        .with_context(|| format!("cannot write {}", shell::path(&path)))?;
    written.push(path);
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_pages(sub.clone(), dir, written)?;
    }
    Ok(())
}
