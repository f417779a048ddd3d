//! The errors of running and merging experiments. Each says what could not
//! be done, with the file and the reason, and what to do; `queens` prints
//! them and exits 2 (70 for the two that only a bug in queens can cause, see
//! [`RunError::is_internal`]).

use std::path::PathBuf;

use super::diagnostics::ConfigError;
use crate::base::board::Violation;
use crate::base::records::RecordsError;
use crate::base::records::Shard;
use crate::base::records::metadata::MetadataError;

/// Why a run, a resume or a merge could not go on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// The config does not load.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A CSV file could not be read or written.
    #[error(transparent)]
    Records(#[from] RecordsError),
    /// derived.json could not be read or written.
    #[error(transparent)]
    Derived(#[from] crate::base::records::DerivedError),
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
         Resuming would mix trials of two experiments in one file. Run with --fresh to \
         discard the old results, give another --data directory, or restore the old config \
         (its text is in the metadata file). What changed (- stored, + {config}):\n{changes}",
        metadata.parent().unwrap_or(std::path::Path::new(".")).display(),
        metadata.display(), short(stored_hash), short(config_hash)
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
         another directory (--data for `queens run --shard`, --into for `queens merge`), or \
         remove the old runs.csv, summary.csv and metadata.json from {} if they are no longer wanted",
        .0.dir.display(), .0.metadata.display(), .0.stored_config, short(&.0.stored_hash),
        .0.config, short(&.0.config_hash), .0.dir.display()
    )]
    ResultsOfAnotherConfig(Box<OtherResults>),
    /// The directory holds a runs.csv without the metadata.json that says
    /// which config wrote it, which merging shards there would replace.
    #[error(
        "{} exists but {} does not, so the config that wrote it is unknown; merging the shards \
         there would replace it. Give the shards another directory (--data for `queens run \
         --shard`, --into for `queens merge`), or remove {} if it is no longer wanted (or is what \
         an interrupted merge left) and merge again",
        runs.display(), metadata.display(), runs.display()
    )]
    ResultsOfUnknownConfig {
        /// The runs file.
        runs: PathBuf,
        /// The missing metadata file.
        metadata: PathBuf,
    },
    /// A runs file without the metadata file that says which config wrote it.
    #[error(
        "{} exists but {} does not, so the config that wrote it is unknown; \
         run with --fresh to start over, or give another --data directory",
        runs.display(), metadata.display()
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
         run with --fresh to start over",
        runs.display()
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
    /// A planned board size is larger than this machine's addresses.
    #[error("board size {n} does not fit this machine")]
    BoardTooLarge {
        /// The board size.
        n: u64,
    },
    /// No shard results where a merge looked.
    #[error(
        "no shard results (metadata.shard-I-of-K.json) in {}: run `queens run CONFIG --shard I/K` first",
        dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", ")
    )]
    NoShards {
        /// The directories searched.
        dirs: Vec<PathBuf>,
    },
    /// Two shards were run from different configs.
    #[error(
        "shards of different configs: {} has config hash {} ({}), {} has {} ({}); \
         merge only shards of one config",
        .0.first.display(), short(&.0.first_hash), .0.first_config,
        .0.other.display(), short(&.0.other_hash), .0.other_config
    )]
    ShardsOfDifferentConfigs(Box<ShardConfigs>),
    /// Two shards belong to different splits (`I/3` next to `J/4`).
    #[error(
        "shards of different splits: {} is shard {first_shard} but {} is shard {other_shard}; \
         merge the shards of one split (move the other split's runs, traces and metadata files \
         out of the way)",
        first.display(), other.display()
    )]
    ShardsOfDifferentSplits {
        /// The metadata file of the first shard.
        first: PathBuf,
        /// The first shard.
        first_shard: Shard,
        /// The metadata file of a shard of another split.
        other: PathBuf,
        /// That shard.
        other_shard: Shard,
    },
    /// The same shard was found twice.
    #[error(
        "shard {shard} appears twice, in {} and {}; give each shard once",
        first_dir.display(), second_dir.display()
    )]
    ShardTwice {
        /// The shard.
        shard: Shard,
        /// Where it was found first.
        first_dir: PathBuf,
        /// Where it was found again.
        second_dir: PathBuf,
    },
    /// Some shards of the split were not found.
    #[error(
        "missing shard(s) {}: run them before merging",
        missing.iter().map(Shard::to_string).collect::<Vec<_>>().join(", ")
    )]
    MissingShards {
        /// The shards not found.
        missing: Vec<Shard>,
    },
    /// A shard's runs file holds a trial outside its slice of the plan.
    #[error(
        "{} has a row (label '{label}', n = {n}, trial {trial}) that is not in shard {shard}'s slice of the plan",
        runs.display()
    )]
    RowOutsideShard {
        /// The shard's runs file.
        runs: PathBuf,
        /// The shard.
        shard: Shard,
        /// The row's label.
        label: String,
        /// Its board size.
        n: u64,
        /// Its trial index.
        trial: u64,
    },
    /// A shard has not run all of its trials.
    #[error(
        "shard {shard} is incomplete: {have} of {expected} trials in {}; \
         run `queens run … --shard {shard}` again to finish it (it resumes)",
        runs.display()
    )]
    IncompleteShard {
        /// The shard.
        shard: Shard,
        /// Its runs file.
        runs: PathBuf,
        /// Trials in the file.
        have: usize,
        /// Trials in its slice of the plan.
        expected: usize,
    },
    /// The config text stored with the shards does not load with this
    /// version of queens.
    #[error("the config stored in the shard metadata no longer loads")]
    StoredConfig(#[source] ConfigError),
    /// A solver returned a board that is not a solution: a bug in queens.
    #[error(
        "internal error: {label} returned an invalid board for N = {n} with seed {seed} \
         ({violation}); replay: {replay}"
    )]
    InvalidSolution {
        /// The algorithm configuration's label.
        label: String,
        /// The board size.
        n: u64,
        /// The trial's seed.
        seed: u64,
        /// The first violation the validator found.
        violation: Violation,
        /// The `queens solve` command that replays the trial.
        replay: String,
    },
    /// The worker threads could not start.
    #[error("cannot start the worker threads")]
    Pool(#[from] rayon::ThreadPoolBuildError),
    /// A worker thread panicked while holding the results: a bug in queens.
    #[error("a worker thread panicked")]
    Poisoned,
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

/// The two configs of shards that a merge refused to combine.
#[derive(Debug)]
pub struct ShardConfigs {
    /// The metadata file of the first shard.
    pub first: PathBuf,
    /// Its config hash.
    pub first_hash: String,
    /// Where its config came from.
    pub first_config: String,
    /// The metadata file of a shard of another config.
    pub other: PathBuf,
    /// That config's hash.
    pub other_hash: String,
    /// Where that config came from.
    pub other_config: String,
}

impl RunError {
    /// Whether only a bug in queens can cause this error (a solver and the
    /// validator disagreeing, a panicked worker), rather than the input or
    /// the files.
    pub fn is_internal(&self) -> bool {
        matches!(self, RunError::InvalidSolution { .. } | RunError::Poisoned)
    }
}

/// The first 12 hex digits of a config hash, as messages show it (all of a
/// shorter or hand-edited one).
fn short(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}

/// Attaches what was being done to an I/O or JSON error.
pub trait Doing<T> {
    /// The error, as a [`RunError`] saying `what` failed.
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, RunError>;
}

impl From<MetadataError> for RunError {
    fn from(error: MetadataError) -> Self {
        let what = error.to_string();
        match error {
            MetadataError::Read { source, .. } | MetadataError::Write { source, .. } => {
                RunError::Io { what, source }
            }
            MetadataError::Damaged { source, .. } | MetadataError::Encode { source, .. } => {
                RunError::Json { what, source }
            }
        }
    }
}

impl<T> Doing<T> for Result<T, std::io::Error> {
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, RunError> {
        self.map_err(|source| RunError::Io {
            what: what(),
            source,
        })
    }
}

impl<T> Doing<T> for Result<T, serde_json::Error> {
    fn doing(self, what: impl FnOnce() -> String) -> Result<T, RunError> {
        self.map_err(|source| RunError::Json {
            what: what(),
            source,
        })
    }
}

/// The result of a run, resume or merge step.
pub type RunResult<T> = Result<T, RunError>;
