//! derived.json: which runs each derived file of a data directory was
//! computed from. summary.csv, params.csv, compare.csv and ranking.csv are
//! computed from runs.csv (params.csv from the config, in the same run);
//! the store writes each of them together with its entry in derived.json —
//! the SHA-256 of the file and of the runs.csv it came from
//! ([`DerivedRecord::set`]) — and reads one only when its entry is present
//! and matches both ([`DerivedRecord::check`]): a file computed from
//! another directory's runs (`compare A B --output A`), one whose runs.csv
//! changed after it was written, one edited or copied in by hand, and one
//! with no entry at all (derived.json deleted, or a file made by hand) is
//! refused with the remedy that rewrites it ([`DerivedError::Stale`]), so a
//! report never presents one experiment's results as another's.
//!
//! The record is a sidecar, not a column or a comment line, so the CSV
//! files stay plain tables for R and pandas. derived.json carries its own
//! format number ([`FORMAT`]); another number, or a damaged file, is
//! refused with the remedy that rewrites the files it records.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::base::records::atomic::write_atomically;
use crate::base::records::{read_optional_text, sha256};
use crate::base::remedy::Remedy;

/// The format of derived.json this version writes and reads.
pub const FORMAT: u32 = 1;

/// What a derived file was computed from: the SHA-256 (hex) of one
/// directory's runs.csv, or of several directories' together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunsDigest {
    /// The SHA-256 of runs.csv's bytes (of several: of their SHA-256s in
    /// the order given, one per line).
    pub sha256: String,
    /// The data directories compared, as given, when the file was written
    /// into a directory other than theirs (empty: the directory's own
    /// runs.csv).
    pub sources: Vec<String>,
}

impl RunsDigest {
    /// The digest of one directory's runs.csv, whose bytes are `bytes`.
    pub fn of_bytes(bytes: &[u8]) -> RunsDigest {
        RunsDigest {
            sha256: sha256(bytes),
            sources: Vec::new(),
        }
    }

    /// The digest of the runs of several directories together: one over
    /// their digests in the order given, naming the directories.
    pub fn joined(parts: &[(&Path, &RunsDigest)]) -> RunsDigest {
        let mut joined = String::new();
        for (_, digest) in parts {
            joined.push_str(&digest.sha256);
            joined.push('\n');
        }
        RunsDigest {
            sha256: sha256(joined.as_bytes()),
            sources: parts
                .iter()
                .map(|(dir, _)| dir.display().to_string())
                .collect(),
        }
    }
}

/// The contents of derived.json.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Record {
    /// [`FORMAT`].
    format: u32,
    /// Each derived file's entry, by file name.
    files: BTreeMap<String, Entry>,
}

/// One derived file's entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Entry {
    /// The SHA-256 of the file as written.
    sha256: String,
    /// The SHA-256 of the runs it was computed from ([`RunsDigest`]).
    runs_sha256: String,
    /// The data directories it was computed from, when not this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    sources: Vec<String>,
}

/// Why a derived file is not what its data directory's runs.csv gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Staleness {
    /// derived.json holds no entry for the file (it was deleted, or the
    /// file was made by hand or by an old version).
    Unrecorded,
    /// The file's bytes are not those recorded.
    Changed,
    /// runs.csv changed after the file was computed.
    RunsChanged,
    /// The file was computed from the runs of other data directories.
    Foreign {
        /// Those directories, as given to the comparison.
        sources: Vec<String>,
    },
}

impl std::fmt::Display for Staleness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Staleness::Unrecorded => write!(
                f,
                "derived.json beside it holds no record of the runs it was computed from (deleted, or the file was made by hand), so it cannot be trusted"
            ),
            Staleness::Changed => write!(
                f,
                "it changed after queens wrote it (edited, or copied in from elsewhere)"
            ),
            Staleness::RunsChanged => write!(
                f,
                "runs.csv changed after it was written (a run still writing the directory rewrites it when it ends)"
            ),
            Staleness::Foreign { sources } => write!(
                f,
                "it was computed from the runs of {} (a comparison written into this directory)",
                sources.join(", ")
            ),
        }
    }
}

/// Why derived.json could not be read or written, or a derived file is
/// not trusted.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DerivedError {
    /// A derived file does not belong to the runs beside it.
    #[error(
        "{} was not computed from the runs.csv beside it: {why}; rewrite it with `{remedy}`",
        file.display()
    )]
    Stale {
        /// The derived file.
        file: PathBuf,
        /// Why.
        why: Staleness,
        /// What rewrites it (boxed, to keep the store's errors small).
        remedy: Box<Remedy>,
    },
    /// derived.json is not a record this version reads.
    #[error(
        "{} is damaged or of another version of queens ({detail}): rewrite the files it records with `{remedy}`",
        path.display()
    )]
    Unreadable {
        /// derived.json.
        path: PathBuf,
        /// What is wrong.
        detail: String,
        /// What rewrites the file asked for (boxed, to keep the store's
        /// errors small).
        remedy: Box<Remedy>,
    },
    /// derived.json could not be read.
    #[error("cannot read {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// derived.json could not be written.
    #[error("cannot write {}", path.display())]
    Write {
        /// derived.json.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
}

/// derived.json of one data directory, read once when the store opens and
/// written whenever the store writes a derived file.
#[derive(Clone, Debug)]
pub struct DerivedRecord {
    /// derived.json's path.
    path: PathBuf,
    /// Its entries.
    record: Record,
    /// Why the file could not be read as a record (damaged, or of another
    /// format): every check is refused, and the next write starts afresh.
    damaged: Option<String>,
}

impl DerivedRecord {
    /// Reads derived.json at `path` (a missing file records nothing).
    pub fn read(path: &Path) -> Result<DerivedRecord, DerivedError> {
        let text = read_optional_text(path).map_err(|source| DerivedError::Read {
            path: path.to_owned(),
            source,
        })?;
        let fresh = Record {
            format: FORMAT,
            files: BTreeMap::new(),
        };
        let (record, damaged) = match text.map(|t| serde_json::from_str::<Record>(&t)) {
            None => (fresh, None),
            Some(Err(e)) => (fresh, Some(e.to_string())),
            Some(Ok(r)) if r.format != FORMAT => {
                let detail = format!(
                    "format {}, where this version reads format {FORMAT}",
                    r.format
                );
                (fresh, Some(detail))
            }
            Some(Ok(r)) => (r, None),
        };
        Ok(DerivedRecord {
            path: path.to_owned(),
            record,
            damaged,
        })
    }

    /// Checks that `file`, whose bytes hash to `file_sha256`, is as written
    /// from the runs whose digest is `runs`; `remedy` says what rewrites it.
    pub fn check(
        &self,
        file: &Path,
        file_sha256: &str,
        runs: &RunsDigest,
        remedy: &Remedy,
    ) -> Result<(), DerivedError> {
        if let Some(detail) = &self.damaged {
            return Err(DerivedError::Unreadable {
                path: self.path.clone(),
                detail: detail.clone(),
                remedy: Box::new(remedy.clone()),
            });
        }
        let stale = |why| DerivedError::Stale {
            file: file.to_owned(),
            why,
            remedy: Box::new(remedy.clone()),
        };
        let Some(entry) = file
            .file_name()
            .and_then(|name| self.record.files.get(&*name.to_string_lossy()))
        else {
            return Err(stale(Staleness::Unrecorded));
        };
        if file_sha256 != entry.sha256 {
            return Err(stale(Staleness::Changed));
        }
        if runs.sha256 != entry.runs_sha256 {
            return Err(stale(if entry.sources.is_empty() {
                Staleness::RunsChanged
            } else {
                Staleness::Foreign {
                    sources: entry.sources.clone(),
                }
            }));
        }
        Ok(())
    }

    /// Records that the files `written` (name and SHA-256 of the bytes
    /// written) were computed from `runs`, and writes derived.json (left
    /// alone when it already says so). Entries of other files are kept; a
    /// damaged or other-format record is started afresh. The caller holds
    /// the data directory's lock.
    pub fn set(
        &mut self,
        written: &[(&str, String)],
        runs: &RunsDigest,
    ) -> Result<(), DerivedError> {
        if self.damaged.take().is_some() {
            self.record.files.clear();
        }
        for (name, sha256) in written {
            self.record.files.insert(
                (*name).to_owned(),
                Entry {
                    sha256: sha256.clone(),
                    runs_sha256: runs.sha256.clone(),
                    sources: runs.sources.clone(),
                },
            );
        }
        let path = &self.path;
        let encode = |source| DerivedError::Write {
            path: path.clone(),
            source,
        };
        let text = serde_json::to_string_pretty(&self.record)
            .map_err(|e| encode(std::io::Error::other(e)))?
            + "\n";
        // Left alone when it already says the same (no write on a full disk
        // when nothing changed).
        if std::fs::read(path).is_ok_and(|old| old == text.as_bytes()) {
            return Ok(());
        }
        write_atomically(path, |file| file.write_all(text.as_bytes())).map_err(encode)
    }
}
