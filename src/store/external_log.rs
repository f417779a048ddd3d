//! `external.log`, beside runs.csv: one record per trial an external
//! program (or an in-process solver, [`crate::solvers::in_process`])
//! failed (crashed, replied what the protocol refuses, answered
//! with a board that is no solution, or was killed at the time limit),
//! appended as the trial ends, with the command that replays the trial
//! and the tail of the program's stderr. The trial's row in runs.csv says
//! `solver_error` (or `invalid_solution`, or `budget_time`); this file says
//! why. Before its first trial, each external entry gets one line with the
//! command that replays any of its rows ([`ExternalLog::note_replays`]), `N` and `SEED`
//! standing for the row's. Both are spelled as the data format the log
//! keeps whatever front end wrote it ([`replay_line::command`]).

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::error::{Doing, StoreResult};
use crate::base::records::{read_optional_text, replay_line};
use crate::experiment::config::Entry;
use crate::solvers::algorithms::external::Failure;
use crate::trial::{replay_of, replay_template_of};

/// A data directory's external.log.
#[derive(Clone, Debug)]
pub struct ExternalLog {
    /// Its path.
    path: PathBuf,
}

impl ExternalLog {
    /// The log at `path`.
    pub(super) fn new(path: PathBuf) -> ExternalLog {
        ExternalLog { path }
    }

    /// Where it is, for messages.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends, for each external entry of `entries`, the line that says
    /// how to replay any of its rows, unless the log already holds it (a
    /// resumed run).
    pub fn note_replays<'a>(
        &self,
        entries: impl IntoIterator<Item = &'a Entry>,
    ) -> StoreResult<()> {
        note_replays(entries, &self.path)
    }

    /// Appends the failures `entry`'s program (or in-process solver)
    /// reported since the last call (none for a built-in algorithm).
    pub fn append(&self, entry: &Entry) -> StoreResult<()> {
        append(entry, &self.path)
    }
}

/// Appends, for each external entry of `entries`, the line that says how to
/// replay any of its rows to the log at `log`, unless it already holds it.
fn note_replays<'a>(entries: impl IntoIterator<Item = &'a Entry>, log: &Path) -> StoreResult<()> {
    let existing = read_optional_text(log)
        .doing(|| format!("cannot read {}", log.display()))?
        .unwrap_or_default();
    let text: String = entries
        .into_iter()
        .filter(|entry| {
            entry.solver.external().is_some()
                || entry
                    .algorithm
                    .name
                    .starts_with(crate::solvers::in_process::PREFIX)
        })
        .map(|entry| {
            let replay = replay_template_of(
                &*entry.solver,
                entry.algorithm.name,
                &entry.params,
                &entry.budget,
            );
            replay_line::format(&entry.label, &replay_line::command(&replay))
        })
        .filter(|line| !existing.lines().any(|l| format!("{l}\n") == *line))
        .collect();
    append_text(log, &text)
}

/// Appends the failures `entry`'s program (or in-process solver) reported
/// since the last call (none for a built-in algorithm) to the log at `log`.
fn append(entry: &Entry, log: &Path) -> StoreResult<()> {
    let failures = entry.solver.take_failures();
    if failures.is_empty() {
        return Ok(());
    }
    let text: String = failures
        .iter()
        .map(|f| {
            let replay = replay_of(
                &*entry.solver,
                entry.algorithm.name,
                f.n as u64,
                f.seed,
                &entry.params,
                &entry.budget,
            );
            record(&entry.label, f, &replay_line::command(&replay))
        })
        .collect();
    append_text(log, &text)
}

/// Appends `text` to the log at `log` (created if missing); nothing when
/// `text` is empty.
fn append_text(log: &Path, text: &str) -> StoreResult<()> {
    if text.is_empty() {
        return Ok(());
    }
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .doing(|| format!("cannot append to {}", log.display()))
}

/// One failure as the log writes it: a header line, the `replay` command,
/// then the stderr tail indented.
fn record(label: &str, failure: &Failure, replay: &str) -> String {
    let mut text = format!(
        "[{label}] n={} seed={}: {}\n  replay: {replay}\n",
        failure.n, failure.seed, failure.reason
    );
    if failure.stderr_tail.trim().is_empty() {
        text.push_str("  (nothing on stderr)\n");
    } else {
        text.push_str("  stderr (last lines):\n");
        for line in failure.stderr_tail.lines() {
            text.push_str("    ");
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}
