//! derived.json: which runs each derived file of a data directory was
//! computed from. summary.csv, params.csv, compare.csv and ranking.csv are
//! computed from runs.csv (params.csv from the config, in the same run);
//! whoever writes one records, beside it in derived.json, the SHA-256 of
//! the file and of the runs.csv it came from ([`record`]), and every reader
//! of a derived file checks both before trusting it ([`check`]): a file
//! computed from another directory's runs (`queens compare A B --output
//! A`), one whose runs.csv changed after it was written, or one edited or
//! copied in by hand is refused with the command that rewrites it
//! ([`DerivedError::Stale`]), so a report never presents one experiment's
//! results as another's.
//!
//! The record is a sidecar, not a column or a comment line, so the CSV
//! files stay plain tables for R and pandas. A derived file derived.json
//! holds no entry for (written before derived.json existed, or made by
//! hand) is read as it is; one with an entry must match it. derived.json
//! carries its own format number ([`FORMAT`]); another number, or a
//! damaged file, is refused with the commands that rewrite it.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::atomic::write_atomically;
use super::data_dir::{COMPARE_FILE, DERIVED_FILE, PARAMS_FILE, RANKING_FILE, SUMMARY_FILE};
use super::optional_file::{read_optional, read_optional_text};
use crate::base::shell;

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
    /// The digest of the runs.csv in `dir` (an empty digest input when
    /// there is none).
    pub fn of_dir(dir: &Path) -> Result<RunsDigest, DerivedError> {
        Ok(RunsDigest {
            sha256: file_sha256(&dir.join(super::data_dir::RUNS_FILE))?,
            sources: Vec::new(),
        })
    }

    /// The digest of the runs of `dirs` together, for files written into
    /// `into`: a single directory's own digest when `into` is that
    /// directory, otherwise one over every directory's digest, naming them.
    pub fn of_dirs(dirs: &[PathBuf], into: &Path) -> Result<RunsDigest, DerivedError> {
        if let [dir] = dirs
            && same_dir(dir, into)
        {
            return RunsDigest::of_dir(dir);
        }
        let mut joined = String::new();
        for dir in dirs {
            joined.push_str(&RunsDigest::of_dir(dir)?.sha256);
            joined.push('\n');
        }
        Ok(RunsDigest {
            sha256: hex(&Sha256::digest(joined.as_bytes())),
            sources: dirs.iter().map(|d| d.display().to_string()).collect(),
        })
    }
}

/// Whether `a` and `b` name the same directory.
fn same_dir(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
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
    /// The file's bytes are not those recorded.
    Changed,
    /// runs.csv changed after the file was computed.
    RunsChanged,
    /// The file was computed from the runs of other data directories.
    Foreign {
        /// Those directories, as given to `queens compare`.
        sources: Vec<String>,
    },
}

impl std::fmt::Display for Staleness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Staleness::Changed => write!(
                f,
                "it changed after queens wrote it (edited, or copied in from elsewhere)"
            ),
            Staleness::RunsChanged => write!(
                f,
                "runs.csv changed after it was written (a `queens run` still writing the directory rewrites it when it ends)"
            ),
            Staleness::Foreign { sources } => write!(
                f,
                "it was computed from the runs of {} (`queens compare` with --output into this directory)",
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
        /// The command that rewrites it.
        remedy: String,
    },
    /// derived.json is not a record this version reads.
    #[error(
        "{} is damaged or of another version of queens ({detail}): rewrite the files it records with `queens summarize {dir}` and `queens compare {dir}`",
        path.display(),
        dir = shell::path(path.parent().unwrap_or(Path::new(".")))
    )]
    Unreadable {
        /// derived.json.
        path: PathBuf,
        /// What is wrong.
        detail: String,
    },
    /// A file could not be read to hash it.
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

/// The SHA-256 (hex) of the file at `path`; of no bytes when it does not
/// exist.
pub fn file_sha256(path: &Path) -> Result<String, DerivedError> {
    match read_optional(path) {
        Ok(bytes) => Ok(hex(&Sha256::digest(bytes.unwrap_or_default()))),
        Err(source) => Err(DerivedError::Read {
            path: path.to_owned(),
            source,
        }),
    }
}

/// `bytes` in lowercase hex.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Records in `dir`'s derived.json that the files `names` of `dir`, as
/// they are now, were computed from `runs` (a file that already says so is
/// left alone). Entries of other files are
/// kept; a damaged or other-format derived.json is started afresh (the
/// files it recorded are then refused until rewritten). The caller holds
/// the data directory's lock, so no other writer changes derived.json
/// meanwhile.
pub fn record(dir: &Path, names: &[&str], runs: &RunsDigest) -> Result<(), DerivedError> {
    let path = dir.join(DERIVED_FILE);
    let mut derived = match read(&path) {
        Ok(Some(derived)) => derived,
        Ok(None) | Err(DerivedError::Unreadable { .. }) => Record {
            format: FORMAT,
            files: BTreeMap::new(),
        },
        Err(e) => return Err(e),
    };
    for name in names {
        derived.files.insert(
            (*name).to_owned(),
            Entry {
                sha256: file_sha256(&dir.join(name))?,
                runs_sha256: runs.sha256.clone(),
                sources: runs.sources.clone(),
            },
        );
    }
    let encode = |source| DerivedError::Write {
        path: path.clone(),
        source,
    };
    let text = serde_json::to_string_pretty(&derived)
        .map_err(|e| encode(std::io::Error::other(e)))?
        + "\n";
    // Left alone when it already says the same (no write on a full disk
    // when nothing changed).
    if std::fs::read(&path).is_ok_and(|old| old == text.as_bytes()) {
        return Ok(());
    }
    write_atomically(&path, |file| file.write_all(text.as_bytes())).map_err(encode)
}

/// Checks that the derived file `name` of `dir` (summary.csv, compare.csv,
/// ranking.csv, params.csv) was computed from the runs.csv beside it and is
/// as written; see the module's rules. A missing file, or one derived.json
/// holds no entry for, passes (the caller handles a missing file).
pub fn check(dir: &Path, name: &str) -> Result<(), DerivedError> {
    let file = dir.join(name);
    let Some(derived) = read(&dir.join(DERIVED_FILE))? else {
        return Ok(());
    };
    if !file.exists() {
        return Ok(());
    }
    let stale = |why| DerivedError::Stale {
        file: file.clone(),
        why,
        remedy: remedy(dir, name),
    };
    let Some(entry) = derived.files.get(name) else {
        return Ok(());
    };
    if file_sha256(&file)? != entry.sha256 {
        return Err(stale(Staleness::Changed));
    }
    if RunsDigest::of_dir(dir)?.sha256 != entry.runs_sha256 {
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

/// The command that rewrites the derived file `name` of `dir`.
fn remedy(dir: &Path, name: &str) -> String {
    let dir = shell::path(dir);
    match name {
        SUMMARY_FILE => format!("queens summarize {dir}"),
        COMPARE_FILE | RANKING_FILE => format!("queens compare {dir}"),
        PARAMS_FILE => format!("queens run CONFIG --fresh --data {dir}"),
        _ => format!("queens run CONFIG --data {dir}"),
    }
}

/// derived.json at `path`; `None` when it does not exist.
fn read(path: &Path) -> Result<Option<Record>, DerivedError> {
    let Some(text) = read_optional_text(path).map_err(|source| DerivedError::Read {
        path: path.to_owned(),
        source,
    })?
    else {
        return Ok(None);
    };
    let unreadable = |detail: String| DerivedError::Unreadable {
        path: path.to_owned(),
        detail,
    };
    let derived: Record = serde_json::from_str(&text).map_err(|e| unreadable(e.to_string()))?;
    if derived.format != FORMAT {
        return Err(unreadable(format!(
            "format {}, where this version reads format {FORMAT}",
            derived.format
        )));
    }
    Ok(Some(derived))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) {
        std::fs::write(dir.join(name), text).expect("write");
    }

    #[test]
    fn a_recorded_file_passes_until_it_or_its_runs_change() {
        let dir = tempfile::tempdir().expect("temp dir");
        let d = dir.path();
        write(d, "runs.csv", "label\nx\n");
        write(d, "summary.csv", "a\n1\n");
        // No derived.json: read as it is.
        check(d, SUMMARY_FILE).expect("unrecorded passes");
        record(d, &[SUMMARY_FILE], &RunsDigest::of_dir(d).expect("digest")).expect("recorded");
        check(d, SUMMARY_FILE).expect("fresh");
        // A file derived.json holds no entry for is read as it is.
        write(d, "compare.csv", "a\n1\n");
        check(d, COMPARE_FILE).expect("unrecorded passes");
        let stale = |name| match check(d, name) {
            Err(DerivedError::Stale { why, .. }) => why,
            other => panic!("expected stale, got {other:?}"),
        };
        write(d, "summary.csv", "a\n2\n");
        assert_eq!(stale(SUMMARY_FILE), Staleness::Changed);
        record(d, &[SUMMARY_FILE], &RunsDigest::of_dir(d).expect("digest")).expect("recorded");
        write(d, "runs.csv", "label\nx\ny\n");
        assert_eq!(stale(SUMMARY_FILE), Staleness::RunsChanged);
    }

    #[test]
    fn a_file_computed_from_other_directories_is_foreign_and_names_them() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (a, b) = (dir.path().join("A"), dir.path().join("B"));
        for d in [&a, &b] {
            std::fs::create_dir(d).expect("dir");
            write(d, "runs.csv", &format!("label\n{}\n", d.display()));
        }
        write(&a, "compare.csv", "x\n");
        let both = RunsDigest::of_dirs(&[a.clone(), b.clone()], &a).expect("digest");
        record(&a, &[COMPARE_FILE], &both).expect("recorded");
        let error = check(&a, COMPARE_FILE).expect_err("foreign");
        let text = error.to_string();
        assert!(
            text.contains(&format!("the runs of {}, {}", a.display(), b.display())),
            "{text}"
        );
        assert!(text.contains("queens compare"), "{text}");
        // The directory compared alone into itself is its own digest.
        let own = RunsDigest::of_dirs(std::slice::from_ref(&a), &a).expect("digest");
        assert_eq!(own, RunsDigest::of_dir(&a).expect("digest"));
        record(&a, &[COMPARE_FILE], &own).expect("recorded");
        check(&a, COMPARE_FILE).expect("fresh");
    }

    #[test]
    fn a_damaged_or_other_format_record_is_refused_and_started_afresh_by_a_writer() {
        let dir = tempfile::tempdir().expect("temp dir");
        let d = dir.path();
        write(d, "runs.csv", "label\n");
        write(d, "summary.csv", "a\n");
        write(d, DERIVED_FILE, "{\"format\": 99, \"files\": {}}");
        let text = check(d, SUMMARY_FILE)
            .expect_err("other format")
            .to_string();
        assert!(text.contains("format 99"), "{text}");
        assert!(text.contains("queens summarize"), "{text}");
        write(d, DERIVED_FILE, "not json");
        assert!(matches!(
            check(d, SUMMARY_FILE),
            Err(DerivedError::Unreadable { .. })
        ));
        record(d, &[SUMMARY_FILE], &RunsDigest::of_dir(d).expect("digest")).expect("recorded");
        check(d, SUMMARY_FILE).expect("fresh");
    }
}
