//! The errors of running and merging experiments. Each says what could not
//! be done, with the file and the reason, and what to do; `queens` prints
//! them and exits 2 (70 for the two that only a bug in queens can cause, see
//! [`RunError::is_internal`]). What concerns the data directory itself is a
//! [`StoreError`].

use std::path::PathBuf;

use crate::base::records::Shard;
use crate::base::remedy::Remedy;
use crate::experiment::diagnostics::ConfigError;
use crate::finish::FinishError;
use crate::store::error::{StoreError, short};
use crate::trial::Invalid;

/// Why a run, a resume or a merge could not go on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// The config does not load.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A planned board size is larger than this machine's addresses.
    #[error("board size {n} does not fit this machine")]
    BoardTooLarge {
        /// The board size.
        n: u64,
    },
    /// No shard results where a merge looked.
    #[error(
        "no shard results (metadata.shard-I-of-K.json) in {}: run `{}` first",
        dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", "),
        Remedy::RunShard { shard: None }
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
         run `{}` again to finish it (it resumes)",
        runs.display(),
        Remedy::RunShard { shard: Some(*shard) }
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
        violation: Invalid,
        /// The replay of the trial ([`Remedy::Replay`]; boxed, as the
        /// largest field of any run error).
        replay: Box<Remedy>,
    },
    /// A trial's instance could not be made (the config's check at load
    /// made it once: a file changed since, or a bug).
    #[error("{label}: the instance of trial {trial} at N = {n} cannot be made: {message}")]
    Instance {
        /// The algorithm configuration's label.
        label: String,
        /// The board size.
        n: u64,
        /// The trial index.
        trial: u64,
        /// Why.
        message: String,
    },
    /// The worker threads could not start.
    #[error("cannot start the worker threads")]
    Pool(#[from] rayon::ThreadPoolBuildError),
    /// A worker thread panicked while holding the results: a bug in queens.
    #[error("a worker thread panicked")]
    Poisoned,
    /// The data directory could not be opened, checked, read or written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A step after the trials (the comparison, the charts, the report)
    /// failed; the data is complete.
    #[error(transparent)]
    Finish(#[from] Box<FinishError>),
    /// No worker thread was asked for.
    #[error("0 worker threads: give at least 1 (or none, for all cores)")]
    NoThreads,
}

impl From<FinishError> for RunError {
    fn from(error: FinishError) -> Self {
        RunError::Finish(Box::new(error))
    }
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
    /// validator disagreeing, a panicked worker, a store asked to write
    /// what it was not opened to write), rather than the input or the
    /// files.
    pub fn is_internal(&self) -> bool {
        match self {
            RunError::InvalidSolution { .. } | RunError::Poisoned => true,
            RunError::Store(e) => e.is_internal(),
            RunError::Finish(e) => e.is_internal(),
            _ => false,
        }
    }
}

/// The result of a run, resume or merge step.
pub type RunResult<T> = Result<T, RunError>;
