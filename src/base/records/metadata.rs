//! The format of metadata.json, at the bottom layer beside the CSV
//! contract: what produced the data — the config text and its hash, the
//! crate version, the git revision when known, the machine, one entry per
//! session (start, end, threads, trials run, whether interrupted) and what
//! each foreign solver was when the run began ([`SolverFingerprint`]) — and
//! its reading and writing. The compiler version and the CPU model came
//! later: a file without them reads with them unknown. Every reader (the
//! runner, merge, the charts, the report) reads it through [`read`], typed;
//! the runner fills it in (`experiment::session`).

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::atomic::write_atomically;
use super::optional_file::read_optional_text;
use super::shard::Shard;
use crate::base::remedy::{Remedy, Setting};
use crate::base::shell;

/// The contents of metadata.json (or metadata.shard-I-of-K.json).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Metadata {
    /// The experiment's name.
    pub experiment: String,
    /// Its description.
    pub description: String,
    /// Where the config came from.
    pub config_source: String,
    /// SHA-256 of the config text, hex: a resume or merge needs the same.
    pub config_hash: String,
    /// The config text, verbatim.
    pub config_text: String,
    /// The `queens` crate version.
    pub crate_version: String,
    /// The git revision the binary was built from (`-dirty` when its
    /// sources had local changes), when it can be known.
    pub git_revision: Option<String>,
    /// The compiler that built the binary (`rustc --version`), when known;
    /// absent from files written before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rustc_version: Option<String>,
    /// The shard this file describes, if any.
    pub shard: Option<Shard>,
    /// Trials in the plan (of this shard, if any).
    pub trials_planned: u64,
    /// Trials with a row in the runs file.
    pub trials_done: u64,
    /// The machine.
    pub machine: Machine,
    /// Every session that wrote to the runs file, oldest first.
    pub sessions: Vec<Session>,
    /// What each foreign solver (an external program, a Python function)
    /// was when the run began: a resume refuses to mix its rows with those
    /// of a changed solver. Absent when the experiment has none, and from
    /// files written before it was recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub foreign_solvers: Vec<SolverFingerprint>,
}

/// A foreign solver as it was when a run began: the config entry it ran
/// for, what it is, and the SHA-256 of its code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolverFingerprint {
    /// The label of its entry.
    pub label: String,
    /// What it is, for a person: the command (paths relative to the
    /// working directory), or the Python function's qualified name.
    pub solver: String,
    /// SHA-256 (hex) of its code: the files its command names, or the
    /// function's source.
    pub sha256: String,
}

/// The machine a session ran on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// Host name, when known.
    pub hostname: Option<String>,
    /// Logical cores available to the process.
    pub cores: usize,
    /// The CPU model (`model name` of /proc/cpuinfo), when known; absent
    /// from files written before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_model: Option<String>,
    /// Operating system (`linux`, `macos`, …).
    pub os: String,
    /// CPU architecture.
    pub arch: String,
}

/// One invocation of `queens run` on this data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// Start time, UTC, RFC 3339.
    pub started: String,
    /// End time, UTC, RFC 3339 (absent while running or if killed).
    pub finished: Option<String>,
    /// Worker threads.
    pub threads: usize,
    /// Trials this session ran.
    pub trials_run: u64,
    /// Whether it was stopped by Ctrl-C.
    pub interrupted: bool,
    /// The external programs that answered the handshake in this session,
    /// as each named itself (absent when the experiment has none, or
    /// none started).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub external_programs: Vec<ExternalProgram>,
}

/// An external program of a session: the config entry it ran for and what
/// it said it is in the handshake. The command is not repeated: made
/// absolute, it would tie the file to one machine's paths.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExternalProgram {
    /// The label of its entry (whose command is in the config text).
    pub label: String,
    /// The `name` the program gave.
    pub name: String,
    /// The `version` the program gave.
    pub version: String,
}

/// Why metadata.json could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MetadataError {
    /// The file exists but could not be read.
    #[error("cannot read {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a queens metadata file.
    #[error(
        "{} is damaged or not a queens metadata file (restore it: `git checkout -- {}` or from a backup; or move {} aside, e.g. `mv {dir} {aside}`, and run again; {fresh} discards the results there instead)",
        path.display(),
        shell::path(path),
        path.parent().unwrap_or(Path::new(".")).display(),
        dir = shell::path(path.parent().unwrap_or(Path::new("."))),
        aside = shell::quote(&format!("{}.damaged", path.parent().unwrap_or(Path::new(".")).display())),
        fresh = Remedy::Set(Setting::Fresh)
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// The JSON library's reason.
        #[source]
        source: serde_json::Error,
    },
    /// The metadata could not be encoded.
    #[error("cannot encode {}", path.display())]
    Encode {
        /// The file.
        path: PathBuf,
        /// The JSON library's reason.
        #[source]
        source: serde_json::Error,
    },
    /// The file could not be written whole.
    #[error("cannot write {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
}

/// Reads a metadata file; `None` when it does not exist.
pub fn read(path: &Path) -> Result<Option<Metadata>, MetadataError> {
    let text = read_optional_text(path).map_err(|source| MetadataError::Read {
        path: path.to_owned(),
        source,
    })?;
    text.map(|text| {
        serde_json::from_str(&text).map_err(|source| MetadataError::Damaged {
            path: path.to_owned(),
            source,
        })
    })
    .transpose()
}

/// Writes a metadata file (pretty JSON and a newline) through the atomic
/// writer.
pub fn write(path: &Path, metadata: &Metadata) -> Result<(), MetadataError> {
    let text = serde_json::to_string_pretty(metadata).map_err(|source| MetadataError::Encode {
        path: path.to_owned(),
        source,
    })? + "\n";
    write_atomically(path, |file| file.write_all(text.as_bytes())).map_err(|source| {
        MetadataError::Write {
            path: path.to_owned(),
            source,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_remedies_of_a_damaged_file_paste_as_one_argument_per_path() {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("a b;$(id)");
        std::fs::create_dir(&data).expect("dir");
        let path = data.join("metadata.json");
        std::fs::write(&path, "{").expect("damaged");
        let message = read(&path).expect_err("damaged").to_string();
        let commands: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
        let [checkout, mv] = commands[..] else {
            panic!("two commands in: {message}");
        };
        let path_text = path.display().to_string();
        let data_text = data.display().to_string();
        assert_eq!(
            shell_words::split(checkout).expect("splits"),
            ["git", "checkout", "--", path_text.as_str()]
        );
        assert_eq!(
            shell_words::split(mv).expect("splits"),
            ["mv", data_text.as_str(), &format!("{data_text}.damaged")]
        );
    }
}
