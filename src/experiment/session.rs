//! The sessions of a run in its metadata file: a run begins the file (or
//! reads the one of the run it resumes), opens a session before any trial
//! runs and closes it with what it did — unless every trial is done and an
//! earlier session finished the files ([`settled`]): then no session is
//! recorded. A merge begins a file of its own.

use std::path::Path;

use super::config::Experiment;
use super::data_dir::RunFiles;
use super::error::RunResult;
use super::metadata::{git_revision, now_rfc3339, rustc_version};
use crate::base::records::Shard;
use crate::base::records::metadata::{self, ExternalProgram, Machine, Metadata, Session};

/// A fresh metadata record for `experiment` (or one `shard` of it) with
/// `planned` trials, on this machine, without sessions.
pub fn new_metadata(experiment: &Experiment, shard: Option<Shard>, planned: u64) -> Metadata {
    Metadata {
        experiment: experiment.name.clone(),
        description: experiment.description.clone(),
        config_source: experiment.source.clone(),
        config_hash: experiment.hash.clone(),
        config_text: experiment.text.clone(),
        crate_version: env!("CARGO_PKG_VERSION").to_string(),
        git_revision: git_revision(),
        rustc_version: rustc_version(),
        shard,
        trials_planned: planned,
        trials_done: 0,
        machine: Machine::current(),
        sessions: Vec::new(),
    }
}

/// Opens a session on `threads` threads: reads the metadata file at `path`
/// (or begins one for `experiment`, `shard`, `planned` trials), records the
/// `done` trials and the new session, and writes the file.
pub fn open(
    path: &Path,
    experiment: &Experiment,
    shard: Option<Shard>,
    planned: u64,
    done: u64,
    threads: usize,
) -> RunResult<Metadata> {
    let mut meta = match metadata::read(path)? {
        Some(m) => m,
        None => new_metadata(experiment, shard, planned),
    };
    meta.trials_done = done;
    meta.sessions.push(Session {
        started: now_rfc3339(),
        finished: None,
        threads,
        trials_run: 0,
        interrupted: false,
        external_programs: Vec::new(),
    });
    metadata::write(path, &meta)?;
    Ok(meta)
}

/// Whether a run whose every trial (`done` of them) is in its runs file was
/// finished by an earlier session: its metadata records `done` trials, its
/// last session ended (the finishing step writes the metadata file last, so
/// a session killed before finishing its files never ended), and the summary
/// is there. A session that would run no trial then records nothing and
/// rewrites nothing, so rerunning a finished experiment leaves its files
/// byte for byte as they were.
pub fn settled(files: &RunFiles, done: u64) -> RunResult<bool> {
    let Some(meta) = metadata::read(&files.metadata)? else {
        return Ok(false);
    };
    let ended = meta
        .sessions
        .last()
        .is_none_or(|session| session.finished.is_some());
    let summary = files.summary.as_ref().is_none_or(|path| path.is_file());
    Ok(ended && summary && meta.trials_done == done)
}

/// Closes the last session: it ran `ran` trials of `experiment` and was
/// `interrupted` or not; `done` trials are now in the runs file. Records
/// the name and version each external program gave. The caller writes the
/// file.
pub fn close(meta: &mut Metadata, experiment: &Experiment, done: u64, ran: u64, interrupted: bool) {
    meta.trials_done = done;
    if let Some(session) = meta.sessions.last_mut() {
        session.finished = Some(now_rfc3339());
        session.trials_run = ran;
        session.interrupted = interrupted;
        session.external_programs = external_programs(experiment);
    }
}

/// Every external program of `experiment` that answered the handshake, by
/// entry, with the name and version it gave.
fn external_programs(experiment: &Experiment) -> Vec<ExternalProgram> {
    experiment
        .entries
        .iter()
        .filter_map(|entry| Some((entry, entry.solver.external()?)))
        .flat_map(|(entry, program)| {
            program
                .identities()
                .into_iter()
                .map(|identity| ExternalProgram {
                    label: entry.label.clone(),
                    name: identity.name,
                    version: identity.version,
                })
        })
        .collect()
}
