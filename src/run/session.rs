//! The sessions of a run in its metadata: a run begins the record (or
//! takes the one of the run it resumes), opens a session before any trial
//! runs and closes it with what it did — unless every trial is done and an
//! earlier session finished the files ([`crate::store::Store::settled`]):
//! then no session is recorded. A merge begins a record of its own. The
//! store writes the file.

use super::metadata::{git_revision, now_rfc3339, rustc_version};
use crate::base::records::Shard;
use crate::base::records::metadata::{ExternalProgram, Machine, Metadata, Session};
use crate::experiment::config::Experiment;

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
        foreign_solvers: experiment.fingerprints(),
    }
}

/// Opens a session on `threads` threads in `stored`, the run's metadata
/// (or a fresh record for `experiment`, `shard`, `planned` trials): records
/// the `done` trials and the new session. The caller writes it.
pub fn open(
    stored: Option<Metadata>,
    experiment: &Experiment,
    shard: Option<Shard>,
    planned: u64,
    done: u64,
    threads: usize,
) -> Metadata {
    let mut meta = stored.unwrap_or_else(|| new_metadata(experiment, shard, planned));
    meta.trials_done = done;
    meta.sessions.push(Session {
        started: now_rfc3339(),
        finished: None,
        threads,
        trials_run: 0,
        interrupted: false,
        external_programs: Vec::new(),
    });
    meta
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
