//! The errors of a data directory: what could not be opened, locked,
//! checked, read, written or trusted, each naming the file, the reason and
//! what to do (a [`Remedy`], which the front end spells); `queens` prints
//! them and exits 2.

use std::path::PathBuf;

use crate::base::records::RecordsError;
use crate::base::records::Shard;
use crate::base::records::metadata::MetadataError;
use crate::base::remedy::{Remedy, Setting};

use super::derived::DerivedError;
use super::stored_plan::PlanCheckError;

/// Why a data directory could not be opened, checked, read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The data directory does not exist.
    #[error(
        "data directory {0} does not exist (run `{run}` to make it)",
        run = Remedy::RunConfig { config: None, data: None }
    )]
    MissingDir(PathBuf),
    /// The data directory given is not a directory.
    #[error(
        "{0} is a file, not a data directory: give the directory that holds runs.csv and summary.csv (like data/NAME, written by `{run}`)",
        run = Remedy::Run { data: None }
    )]
    NotADir(PathBuf),
    /// runs.csv is missing.
    #[error(
        "{0} not found: give a data directory written by `{run}` (run `{first}` first)",
        run = Remedy::Run { data: None },
        first = Remedy::RunConfig { config: None, data: None }
    )]
    MissingRuns(PathBuf),
    /// summary.csv is missing.
    #[error(
        "{} not found: run `{}` to compute it from runs.csv",
        file.display(),
        Remedy::Summarize { data: Some(dir.clone()) }
    )]
    MissingSummary {
        /// The file looked for.
        file: PathBuf,
        /// The data directory.
        dir: PathBuf,
    },
    /// summary.csv holds no rows.
    #[error("{0} has no rows: there is nothing to draw")]
    EmptySummary(PathBuf),
    /// metadata.json names the experiment with something that is not one
    /// safe path component, so it cannot name the default plots directory.
    #[error(
        "{file}: experiment name '{name}' cannot be a directory name (use {rule}): correct the \"experiment\" field or give the charts directory with {plots}",
        rule = crate::base::records::SAFE_NAME_RULE,
        plots = Remedy::Set(Setting::Plots)
    )]
    UnsafeName {
        /// The metadata.json read.
        file: PathBuf,
        /// The name found there.
        name: String,
    },
    /// A store opened to read was asked to write: a bug in queens.
    #[error("internal error: the data directory {0} was opened to read, not to write")]
    ReadOnly(PathBuf),
    /// A CSV file could not be read or written.
    #[error(transparent)]
    Records(#[from] RecordsError),
    /// derived.json could not be read or written.
    #[error(transparent)]
    Derived(#[from] DerivedError),
    /// A file or directory could not be read or written.
    #[error("{what}")]
    Io {
        /// What was being done (with the path).
        what: String,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// A metadata file could not be read or written.
    #[error("{what}")]
    Json {
        /// What was being done (with the path).
        what: String,
        /// The JSON library's reason.
        #[source]
        source: serde_json::Error,
    },
    /// The data directory holds results of another config.
    #[error(
        "{} holds results of a different config: {} has config hash {}, {config} has {}. \
         Resuming would mix trials of two experiments in one file. Run with {} to \
         discard the old results, give another {} directory, or restore the old config \
         (its text is in the metadata file). What changed (- stored, + {config}):\n{changes}",
        metadata.parent().unwrap_or(std::path::Path::new(".")).display(),
        metadata.display(), short(stored_hash), short(config_hash),
        Remedy::Set(Setting::Fresh), Remedy::Set(Setting::Data)
    )]
    DifferentConfig {
        /// The data directory's metadata file.
        metadata: PathBuf,
        /// The config hash recorded there.
        stored_hash: String,
        /// Where the config of this run came from.
        config: String,
        /// Its hash.
        config_hash: String,
        /// The lines that differ, stored (`-`) against this config (`+`).
        changes: String,
    },
    /// Another process holds the lock on the data directory (it is writing
    /// it).
    #[error(
        "{} is in use by another queens process ({}) that holds its lock {}; \
         wait for that process to finish, or stop it, then run this command again \
         (or give another data directory)",
        dir.display(),
        pid.map_or_else(
            || "shard runs, or a process that has not recorded its PID yet".to_string(),
            |p| format!("PID {p}")
        ),
        lock.display()
    )]
    DataDirLocked {
        /// The data directory.
        dir: PathBuf,
        /// Its lock file.
        lock: PathBuf,
        /// The holder's PID, when it has written it into the lock file.
        pid: Option<u32>,
    },
    /// Another process is running the same shard into the data directory.
    #[error(
        "shard {shard} of {} is being run by another queens process ({}) that holds its lock {}; \
         wait for that process to finish, or stop it, then run this shard again",
        dir.display(),
        pid.map_or_else(|| "PID not yet recorded".to_string(), |p| format!("PID {p}")),
        lock.display()
    )]
    ShardLocked {
        /// The data directory.
        dir: PathBuf,
        /// The shard's lock file.
        lock: PathBuf,
        /// The shard.
        shard: Shard,
        /// The holder's PID, when it has written it into the lock file.
        pid: Option<u32>,
    },
    /// The directory holds the whole-run results of another config, which
    /// merging shards there would replace.
    #[error(
        "{} holds the results of another config: {} is of {} (config hash {}), the shards are of \
         {} (config hash {}); merging them there would replace those results. Give the shards \
         another directory ({}), or remove the old runs.csv, summary.csv and metadata.json from \
         {} if they are no longer wanted",
        .0.dir.display(), .0.metadata.display(), .0.stored_config, short(&.0.stored_hash),
        .0.config, short(&.0.config_hash), shards_elsewhere(), .0.dir.display()
    )]
    ResultsOfAnotherConfig(Box<OtherResults>),
    /// The directory holds a runs.csv without the metadata.json that says
    /// which config wrote it, which merging shards there would replace.
    #[error(
        "{} exists but {} does not, so the config that wrote it is unknown; merging the shards \
         there would replace it. Give the shards another directory ({}), or remove {} if it is \
         no longer wanted (or is what an interrupted merge left) and merge again",
        runs.display(), metadata.display(), shards_elsewhere(), runs.display()
    )]
    ResultsOfUnknownConfig {
        /// The runs file.
        runs: PathBuf,
        /// The missing metadata file.
        metadata: PathBuf,
    },
    /// A foreign solver of the run changed since the run began: resuming
    /// would mix the rows of two solvers under one label.
    #[error(
        "{} holds rows of '{}' run by {} (code SHA-256 {}), which has changed since: {} now has \
         code SHA-256 {}. Resuming would mix the rows of two solvers under one label. Run with \
         {} to discard the old results, give another {} directory, or restore the solver as it \
         was",
        .0.metadata.parent().unwrap_or(std::path::Path::new(".")).display(),
        .0.label, .0.stored_solver, short(&.0.stored_sha256), .0.solver, short(&.0.sha256),
        Remedy::Set(Setting::Fresh), Remedy::Set(Setting::Data)
    )]
    SolverChanged(Box<ChangedSolver>),
    /// A runs file without the metadata file that says which config wrote it.
    #[error(
        "{} exists but {} does not, so the config that wrote it is unknown; \
         run with {} to start over, or give another {} directory",
        runs.display(), metadata.display(), Remedy::Set(Setting::Fresh), Remedy::Set(Setting::Data)
    )]
    UnknownOrigin {
        /// The runs file.
        runs: PathBuf,
        /// The missing metadata file.
        metadata: PathBuf,
    },
    /// The runs file holds a trial the config does not plan.
    #[error(
        "{} has a row (label '{label}', n = {n}, trial {trial}) that the config does not plan; \
         run with {} to start over",
        runs.display(), Remedy::Set(Setting::Fresh)
    )]
    UnplannedRow {
        /// The runs file.
        runs: PathBuf,
        /// The row's label.
        label: String,
        /// Its board size.
        n: u64,
        /// Its trial index.
        trial: u64,
    },
    /// A row of traces.csv is no trial of the stored plan.
    #[error(
        "{}: line {line} is a point of trial {trial} of '{}' at n = {n}, which is no trial of the \
         plan of the config stored in {}; delete that line, or run the experiment again with {}",
        traces.display(), label.escape_debug(), metadata.display(), Remedy::Set(Setting::Fresh)
    )]
    UnplannedTrace {
        /// The traces file.
        traces: PathBuf,
        /// The line of the row (the header is line 1).
        line: usize,
        /// Its label.
        label: String,
        /// Its board size.
        n: u64,
        /// Its trial index.
        trial: u64,
        /// The metadata holding the plan's config.
        metadata: PathBuf,
    },
    /// The config stored in metadata.json does not load, so the rows
    /// cannot be checked against its plan.
    #[error(transparent)]
    StoredConfig(std::sync::Arc<PlanCheckError>),
    /// The rows of runs.csv are not trials of the stored plan, or the
    /// stored config does not load.
    #[error(transparent)]
    Plan(#[from] PlanCheckError),
}

impl StoreError {
    /// Whether only a bug in queens can cause this error (a store asked to
    /// write what it was opened only to read).
    pub fn is_internal(&self) -> bool {
        matches!(self, StoreError::ReadOnly(_))
    }
}

/// A foreign solver that is not what the run recorded when it began.
#[derive(Debug)]
pub struct ChangedSolver {
    /// The data directory's metadata file.
    pub metadata: PathBuf,
    /// The label of the entry.
    pub label: String,
    /// What the solver was, as recorded.
    pub stored_solver: String,
    /// The SHA-256 of its code recorded.
    pub stored_sha256: String,
    /// What it is now.
    pub solver: String,
    /// The SHA-256 of its code now.
    pub sha256: String,
}

/// Whole-run results of one config where shards of another would be merged.
#[derive(Debug)]
pub struct OtherResults {
    /// The data directory.
    pub dir: PathBuf,
    /// Its metadata.json.
    pub metadata: PathBuf,
    /// Where the config of the results there came from.
    pub stored_config: String,
    /// Its hash.
    pub stored_hash: String,
    /// Where the config of the shards came from.
    pub config: String,
    /// Its hash.
    pub config_hash: String,
}

/// Where else shards may go: the data directory of a shard run, or the
/// directory a merge writes into ("--data for `queens run CONFIG --shard
/// I/K`, --into for `queens merge`" on the command line).
fn shards_elsewhere() -> String {
    format!(
        "{} for `{}`, {} for `{}`",
        Remedy::Set(Setting::Data),
        Remedy::RunShard { shard: None },
        Remedy::Set(Setting::Into),
        Remedy::Merge
    )
}

/// The first 12 hex digits of a config hash, as messages show it (all of a
/// shorter or hand-edited one).
pub fn short(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}

/// Attaches what was being done to an I/O or JSON error.
pub trait Doing<T> {
    /// The error, as a [`StoreError`] saying `what` failed.
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, StoreError>;
}

impl From<MetadataError> for StoreError {
    fn from(error: MetadataError) -> Self {
        let what = error.to_string();
        match error {
            MetadataError::Read { source, .. } | MetadataError::Write { source, .. } => {
                StoreError::Io { what, source }
            }
            MetadataError::Damaged { source, .. } | MetadataError::Encode { source, .. } => {
                StoreError::Json { what, source }
            }
        }
    }
}

impl<T> Doing<T> for Result<T, std::io::Error> {
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, StoreError> {
        self.map_err(|source| StoreError::Io {
            what: what(),
            source,
        })
    }
}

impl<T> Doing<T> for Result<T, serde_json::Error> {
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, StoreError> {
        self.map_err(|source| StoreError::Json {
            what: what(),
            source,
        })
    }
}

/// The result of opening, reading or writing a data directory.
pub type StoreResult<T> = Result<T, StoreError>;
