//! The layout of an experiment's data directory, in one place: the name of
//! every file the tool keeps there, for a whole run and for one shard of a
//! cluster run (`runs.shard-I-of-K.csv`). Only the store asks [`DataDir`]
//! for a path; no other module spells a file's name.

use std::path::{Path, PathBuf};

use crate::base::records::Shard;

/// The rows of every trial.
pub const RUNS_FILE: &str = "runs.csv";
/// The traced trials' samples.
pub const TRACES_FILE: &str = "traces.csv";
/// The statistics per (label, N).
pub const SUMMARY_FILE: &str = "summary.csv";
/// Every label's parameters.
pub const PARAMS_FILE: &str = "params.csv";
/// Every pair of labels compared at each N.
pub const COMPARE_FILE: &str = "compare.csv";
/// The labels ranked at each N.
pub const RANKING_FILE: &str = "ranking.csv";
/// What produced the data.
pub const METADATA_FILE: &str = "metadata.json";
/// What external programs did: how to replay their rows, why trials failed.
pub const EXTERNAL_LOG_FILE: &str = "external.log";
/// Which runs each derived file was computed from ([`super::derived`]).
pub const DERIVED_FILE: &str = "derived.json";

/// An experiment's data directory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataDir {
    path: PathBuf,
}

impl DataDir {
    /// The data directory at `path`.
    pub fn new(path: impl Into<PathBuf>) -> DataDir {
        DataDir { path: path.into() }
    }

    /// The directory itself.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// runs.csv.
    pub fn runs(&self) -> PathBuf {
        self.path.join(RUNS_FILE)
    }

    /// traces.csv.
    pub fn traces(&self) -> PathBuf {
        self.path.join(TRACES_FILE)
    }

    /// summary.csv.
    pub fn summary(&self) -> PathBuf {
        self.path.join(SUMMARY_FILE)
    }

    /// params.csv.
    pub fn params(&self) -> PathBuf {
        self.path.join(PARAMS_FILE)
    }

    /// compare.csv.
    pub fn compare(&self) -> PathBuf {
        self.path.join(COMPARE_FILE)
    }

    /// ranking.csv.
    pub fn ranking(&self) -> PathBuf {
        self.path.join(RANKING_FILE)
    }

    /// metadata.json.
    pub fn metadata(&self) -> PathBuf {
        self.path.join(METADATA_FILE)
    }

    /// external.log.
    pub fn external_log(&self) -> PathBuf {
        self.path.join(EXTERNAL_LOG_FILE)
    }

    /// derived.json.
    pub fn derived(&self) -> PathBuf {
        self.path.join(DERIVED_FILE)
    }

    /// One shard's runs file, `runs.<tag>.csv` (`tag` like `shard-0-of-4`).
    pub fn shard_runs(&self, tag: &str) -> PathBuf {
        self.path.join(format!("runs.{tag}.csv"))
    }

    /// One shard's traces file, `traces.<tag>.csv`.
    pub fn shard_traces(&self, tag: &str) -> PathBuf {
        self.path.join(format!("traces.{tag}.csv"))
    }

    /// One shard's metadata, `metadata.<tag>.json`.
    pub fn shard_metadata(&self, tag: &str) -> PathBuf {
        self.path.join(format!("metadata.{tag}.json"))
    }

    /// The shard whose metadata file is named `name`
    /// (`metadata.shard-I-of-K.json`), if it is one.
    pub fn shard_of_metadata(name: &str) -> Option<Shard> {
        let tag = name
            .strip_prefix("metadata.shard-")?
            .strip_suffix(".json")?;
        let (index, count) = tag.split_once("-of-")?;
        format!("{index}/{count}").parse().ok()
    }
}
