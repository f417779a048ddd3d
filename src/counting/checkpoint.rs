//! Checkpoints of a count: each finished unit's exact count, appended to a
//! text file as it finishes, so a count that is killed resumes where it
//! stopped, and the shards of a count on a cluster are added up by
//! [`merge`].
//!
//! The file is one header line, then one line per finished unit:
//!
//! ```text
//! queens-count-checkpoint 2 n=19 shard=0/1 units=5736 list=3f0c9a1e5b7d2c48
//! 17 862240 9b1d0c54e3a27f10
//! 4 1203318 52e07a9c11d4b6f3
//! ```
//!
//! The header gives the format version, N, the shard (`I/K`), the number of
//! units in the whole list and the list's fingerprint (module `units`); a
//! unit line gives the unit's index, its completions (before the class
//! weight) and its check. Lines are written whole, one `write` each, so
//! after a `kill -9` only the last line can be torn; it has no newline, and
//! resuming drops it (as the runner does with runs.csv).
//!
//! Nothing in a checkpoint is trusted: a total is printed only from a file
//! whose every line reads. The header must be of a size the counter takes,
//! of this program's unit list and of a shard count the list splits into;
//! every unit line must carry its check, name a unit of the header's shard
//! and name it once. Any other line is an error naming the file and line.
//! An existing file that does not start with a checkpoint header is never
//! written to. A checkpoint is locked while a count writes it
//! (`File::try_lock`), so two counts cannot append to one file.
//!
//! Choices:
//! - The check is the first 8 bytes (16 hex digits) of SHA-256 over N, the
//!   unit list's version ([`UNIT_LIST_VERSION`]), the unit's index and its
//!   completions. It catches a changed digit, a line typed by hand and a
//!   line copied from a count of another N; a line copied from another
//!   shard of the same count carries a valid check and is caught by the
//!   shard rule instead. It is a check against mistakes, not a signature:
//!   anyone with this source can compute it.
//! - Version 2 added the check; a version 1 file is refused with what to
//!   do (its lines cannot be checked, so its units are counted again).

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use sha2::{Digest, Sha256};

use super::counter::{Counter, Counts};
use super::units::{Shard, UNIT_LIST_VERSION};
use crate::base::remedy::Remedy;

/// The checkpoint format's version: the second word of the header.
/// Version 2 added the check of each unit line.
pub const FORMAT_VERSION: u32 = 2;

/// The header's first word.
const MAGIC: &str = "queens-count-checkpoint";

/// What a checkpoint is of: the header line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The board size.
    pub n: usize,
    /// The slice of the units it counts.
    pub shard: Shard,
    /// How many units the whole list has.
    pub units: usize,
    /// The unit list's fingerprint.
    pub list: String,
}

impl Header {
    /// The header of a count of `counter`'s units in `shard`.
    pub fn of(counter: &Counter, shard: Shard) -> Self {
        Header {
            n: counter.n(),
            shard,
            units: counter.unit_count(),
            list: counter.fingerprint(),
        }
    }

    fn line(&self) -> String {
        format!(
            "{MAGIC} {FORMAT_VERSION} n={} shard={} units={} list={}\n",
            self.n, self.shard, self.units, self.list
        )
    }

    fn parse(path: &Path, line: &str) -> Result<Self, CheckpointError> {
        let bad = || CheckpointError::BadHeader {
            path: path.to_path_buf(),
            found: line.chars().take(120).collect(),
        };
        let words: Vec<&str> = line.split(' ').collect();
        let [magic, version, n, shard, units, list] = words[..] else {
            return Err(bad());
        };
        if magic != MAGIC {
            return Err(bad());
        }
        if version != FORMAT_VERSION.to_string() {
            return Err(CheckpointError::Version {
                path: path.to_path_buf(),
                found: version.to_string(),
            });
        }
        let value = |word: &str, key: &str| word.strip_prefix(key).map(str::to_string);
        let n = value(n, "n=")
            .and_then(|v| v.parse().ok())
            .ok_or_else(bad)?;
        let shard = value(shard, "shard=")
            .and_then(|v| parse_shard(&v).ok())
            .ok_or_else(bad)?;
        let units = value(units, "units=")
            .and_then(|v| v.parse().ok())
            .ok_or_else(bad)?;
        let list = value(list, "list=").ok_or_else(bad)?;
        Ok(Header {
            n,
            shard,
            units,
            list,
        })
    }
}

/// Parses a shard written `I/K` (0 <= I < K).
pub fn parse_shard(text: &str) -> Result<Shard, String> {
    let message =
        || format!("'{text}' is not a shard: write I/K with 0 <= I < K, like 3/64 (the 4th of 64)");
    let (index, count) = text.split_once('/').ok_or_else(message)?;
    let index: usize = index.trim().parse().map_err(|_| message())?;
    let count: usize = count.trim().parse().map_err(|_| message())?;
    if count == 0 || index >= count {
        return Err(message());
    }
    Ok(Shard { index, count })
}

/// Why a checkpoint cannot be used.
#[derive(Debug, Error)]
pub enum CheckpointError {
    /// Reading or writing the file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The checkpoint.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// Another count holds the file's lock.
    #[error(
        "{}: another count is writing this checkpoint; wait for it to finish, or give another file",
        path.display()
    )]
    Locked {
        /// The checkpoint.
        path: PathBuf,
    },
    /// The first line is not a checkpoint header.
    #[error(
        "{}:1: not a queens count checkpoint (found '{found}'); give a checkpoint written by `{}`, or a new file",
        path.display(),
        Remedy::Count { n: None, shard: None, checkpoint: None }
    )]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// Its first line.
        found: String,
    },
    /// The header's format version is not this program's.
    #[error(
        "{}:1: checkpoint format version {found}, but this queens reads version {FORMAT_VERSION} (whose unit lines carry a check); finish or merge it with the queens that wrote it, or move it away and count again into a new file",
        path.display()
    )]
    Version {
        /// The file.
        path: PathBuf,
        /// The version it has.
        found: String,
    },
    /// The checkpoint is of another count (size, shard or unit list).
    #[error(
        "{}:1: this checkpoint is of {found}, but the count asked for is {wanted}; {remedy}",
        path.display()
    )]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What the checkpoint holds.
        found: String,
        /// What was asked for.
        wanted: String,
        /// What to do.
        remedy: &'static str,
    },
    /// A unit line does not read, fails its check, or names a unit that is
    /// not the shard's or is already done.
    #[error(
        "{}:{line}: '{found}' {why}; the file was changed by hand or by another program: restore it, or move it away and count again into a new file",
        path.display()
    )]
    BadLine {
        /// The file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// The line.
        found: String,
        /// What is wrong with it.
        why: String,
    },
    /// The shards given to [`merge`] do not make up one count.
    #[error("cannot merge: {0}")]
    Shards(String),
    /// The board size or the shard in a checkpoint's header is out of the
    /// counter's range.
    #[error("{}:1: {source}", path.display())]
    Size {
        /// The file.
        path: PathBuf,
        /// Why.
        source: super::counter::CountError,
    },
}

/// A checkpoint being written by a count: the units already finished, and
/// the file the next ones are appended to (locked while this lives).
pub struct Checkpoint {
    path: PathBuf,
    /// `None` for a finished checkpoint that cannot be written (a
    /// read-only file or file system): nothing is left to append.
    file: Option<File>,
    n: usize,
    done: BTreeMap<usize, u64>,
}

impl Checkpoint {
    /// Opens the checkpoint of `counter`'s `shard` at `path`: creates it
    /// with its header, or resumes it (dropping a torn last line) after
    /// checking that it is of the same count and that every line reads.
    /// An existing file that is not a checkpoint is refused untouched. A
    /// finished checkpoint that cannot be opened for writing (read-only)
    /// is read as it is: its count is complete.
    pub fn open(path: &Path, counter: &Counter, shard: Shard) -> Result<Self, CheckpointError> {
        let io = |source| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        };
        let header = Header::of(counter, shard);
        let units = counter
            .shard_units(shard)
            .map_err(|source| CheckpointError::Size {
                path: path.to_path_buf(),
                source,
            })?;
        let mut file = match OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
        {
            Ok(file) => file,
            Err(e) if is_read_only(&e) => {
                return Checkpoint::finished(path, counter, &header, units.len(), e);
            }
            Err(e) => return Err(io(e)),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(CheckpointError::Locked {
                    path: path.to_path_buf(),
                });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(io)?;
        let text = String::from_utf8_lossy(&bytes);
        let complete = text.rfind('\n').map_or(0, |i| i + 1);
        let done = if complete == 0 {
            // Nothing whole yet: a new file, or a header torn by a kill.
            if !header.line().starts_with(&*text) {
                return Err(CheckpointError::BadHeader {
                    path: path.to_path_buf(),
                    found: text.chars().take(120).collect(),
                });
            }
            BTreeMap::new()
        } else {
            let mut lines = text[..complete].lines();
            let found = Header::parse(path, lines.next().unwrap_or(""))?;
            if found != header {
                return Err(CheckpointError::Mismatch {
                    path: path.to_path_buf(),
                    found: describe(&found),
                    wanted: describe(&header),
                    remedy: "give the same -n and --shard as the count that wrote it, or another file",
                });
            }
            parse_units(path, lines, &header, &units)?
        };
        if complete < bytes.len() {
            file.set_len(complete as u64).map_err(io)?;
            file.seek(SeekFrom::End(0)).map_err(io)?;
        }
        if complete == 0 {
            file.write_all(header.line().as_bytes()).map_err(io)?;
        }
        Ok(Checkpoint {
            path: path.to_path_buf(),
            file: Some(file),
            n: counter.n(),
            done,
        })
    }

    /// The checkpoint at `path`, which cannot be opened for writing
    /// (`denied`), when it is a finished checkpoint of `header`'s count
    /// with all its `units`; otherwise the refusal to write it.
    fn finished(
        path: &Path,
        counter: &Counter,
        header: &Header,
        units: usize,
        denied: std::io::Error,
    ) -> Result<Self, CheckpointError> {
        let contents = read(path).map_err(|e| match e {
            CheckpointError::Io { .. } => CheckpointError::Io {
                path: path.to_path_buf(),
                source: std::io::Error::new(denied.kind(), denied.to_string()),
            },
            e => e,
        })?;
        if contents.header != *header {
            return Err(CheckpointError::Mismatch {
                path: path.to_path_buf(),
                found: describe(&contents.header),
                wanted: describe(header),
                remedy: "give the same -n and --shard as the count that wrote it, or another file",
            });
        }
        if contents.done.len() < units {
            return Err(CheckpointError::Io {
                path: path.to_path_buf(),
                source: std::io::Error::new(
                    denied.kind(),
                    format!(
                        "{denied}; {} of its {units} units are counted, and the rest cannot be appended: make it writable",
                        contents.done.len()
                    ),
                ),
            });
        }
        Ok(Checkpoint {
            path: path.to_path_buf(),
            file: None,
            n: counter.n(),
            done: contents.done,
        })
    }

    /// The units finished so far and their completions.
    pub fn done(&self) -> &BTreeMap<usize, u64> {
        &self.done
    }

    /// Appends a finished unit with its check (one write of one whole
    /// line).
    pub fn record(&mut self, unit: usize, completions: u64) -> Result<(), CheckpointError> {
        let check = unit_check(self.n, unit, completions);
        let line = format!("{unit} {completions} {check}\n");
        let written = match &mut self.file {
            Some(file) => file.write_all(line.as_bytes()),
            None => Err(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "the checkpoint is read-only",
            )),
        };
        written.map_err(|source| CheckpointError::Io {
            path: self.path.clone(),
            source,
        })?;
        self.done.insert(unit, completions);
        Ok(())
    }
}

/// A unit line's check: 16 hex digits of SHA-256 over N, the unit list's
/// version, the unit and its completions (see the module header).
fn unit_check(n: usize, unit: usize, completions: u64) -> String {
    let mut hash = Sha256::new();
    hash.update((n as u64).to_le_bytes());
    hash.update(UNIT_LIST_VERSION.to_le_bytes());
    hash.update((unit as u64).to_le_bytes());
    hash.update(completions.to_le_bytes());
    hash.finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// "N = 19, shard 0/4, unit list 3f0c…": a header in words.
fn describe(header: &Header) -> String {
    format!(
        "N = {}, shard {}, a list of {} units with fingerprint {}",
        header.n, header.shard, header.units, header.list
    )
}

/// Reads the unit lines after the header (line 2 on) of a checkpoint of
/// `header`, whose shard holds `units` (ascending): each must read, carry
/// its check, and name one of `units` not named before.
fn parse_units<'a>(
    path: &Path,
    lines: impl Iterator<Item = &'a str>,
    header: &Header,
    units: &[usize],
) -> Result<BTreeMap<usize, u64>, CheckpointError> {
    let mut done = BTreeMap::new();
    for (i, line) in lines.enumerate() {
        let bad = |why: &str| CheckpointError::BadLine {
            path: path.to_path_buf(),
            line: i + 2,
            found: line.chars().take(120).collect(),
            why: why.to_string(),
        };
        let words: Vec<&str> = line.split(' ').collect();
        let [unit, completions, check] = words[..] else {
            return Err(bad(
                "is not a finished unit (expected 'UNIT COMPLETIONS CHECK')",
            ));
        };
        let (Ok(unit), Ok(completions)) = (unit.parse::<usize>(), completions.parse::<u64>())
        else {
            return Err(bad(
                "is not a finished unit (expected 'UNIT COMPLETIONS CHECK', two whole numbers and 16 hex digits)",
            ));
        };
        if check != unit_check(header.n, unit, completions) {
            return Err(bad(&format!(
                "fails its check (it is not a unit of N = {} as this queens wrote it)",
                header.n
            )));
        }
        if units.binary_search(&unit).is_err() {
            return Err(bad(&format!(
                "names unit {unit}, which is not one of shard {}'s units",
                header.shard
            )));
        }
        if done.insert(unit, completions).is_some() {
            return Err(bad(&format!("names unit {unit} a second time")));
        }
    }
    Ok(done)
}

/// Whether `error` says the file or its file system cannot be written.
fn is_read_only(error: &std::io::Error) -> bool {
    matches!(
        error.kind(),
        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
    )
}

/// A checkpoint read whole and checked: its header, its finished units,
/// and the counter of its size.
pub struct Contents {
    /// The header.
    pub header: Header,
    /// The finished units and their completions.
    pub done: BTreeMap<usize, u64>,
    /// The counter of the header's N.
    pub counter: Counter,
    /// The units of the header's shard, ascending.
    pub units: Vec<usize>,
}

/// Reads a checkpoint whole (a torn last line is ignored), checking every
/// line against this program's unit list.
pub fn read(path: &Path) -> Result<Contents, CheckpointError> {
    let bytes = std::fs::read(path).map_err(|source| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let text = String::from_utf8_lossy(&bytes);
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    let mut lines = text[..complete].lines();
    let header = Header::parse(path, lines.next().unwrap_or(&text))?;
    let size = |source| CheckpointError::Size {
        path: path.to_path_buf(),
        source,
    };
    let counter = Counter::new(header.n).map_err(size)?;
    let expected = Header::of(&counter, header.shard);
    if header != expected {
        return Err(CheckpointError::Mismatch {
            path: path.to_path_buf(),
            found: describe(&header),
            wanted: describe(&expected),
            remedy: "it was written by a queens with another unit list: use that version",
        });
    }
    let units = counter.shard_units(header.shard).map_err(size)?;
    let done = parse_units(path, lines, &header, &units)?;
    Ok(Contents {
        header,
        done,
        counter,
        units,
    })
}

/// The counts of one board size from the checkpoints of all its shards:
/// refuses a missing, duplicated, unfinished or mismatched shard, naming
/// the file and what to do. Returns the board size with them.
pub fn merge(paths: &[PathBuf]) -> Result<(usize, Counts), CheckpointError> {
    let shards = paths
        .iter()
        .map(|p| Ok((p, read(p)?)))
        .collect::<Result<Vec<_>, CheckpointError>>()?;
    let Some((first_path, first)) = shards.first() else {
        return Err(CheckpointError::Shards(
            "no checkpoint given: name every shard's file".to_string(),
        ));
    };
    let (n, count) = (first.header.n, first.header.shard.count);
    let mut seen: Vec<Option<&PathBuf>> = vec![None; count];
    let mut total = 0u128;
    for (path, contents) in &shards {
        let header = &contents.header;
        if header.n != n || header.shard.count != count {
            return Err(CheckpointError::Shards(format!(
                "{} is shard {} of N = {}, but {} is shard {} of N = {}: give the shards of one count",
                path.display(),
                header.shard,
                header.n,
                first_path.display(),
                first.header.shard,
                n
            )));
        }
        if let Some(other) = seen[header.shard.index].replace(path) {
            return Err(CheckpointError::Shards(format!(
                "{} and {} are both shard {}: give each shard once",
                other.display(),
                path.display(),
                header.shard
            )));
        }
        // Every unit read is one of the shard's, each once: the shard is
        // finished exactly when it holds as many units as the shard has.
        if contents.done.len() < contents.units.len() {
            return Err(CheckpointError::Shards(format!(
                "{} (shard {}) has {} of its {} units done: finish it with `{}`",
                path.display(),
                header.shard,
                contents.done.len(),
                contents.units.len(),
                Remedy::Count {
                    n: Some(header.n as u64),
                    shard: Some((header.shard.index as u64, header.shard.count as u64)),
                    checkpoint: Some(path.to_path_buf()),
                }
            )));
        }
        total += first.counter.weighted_sum(&contents.done);
    }
    let absent: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_none())
        .map(|(i, _)| format!("{i}/{count}"))
        .collect();
    if !absent.is_empty() {
        return Err(CheckpointError::Shards(format!(
            "{} {} of N = {} {} missing: give every shard's checkpoint",
            if absent.len() == 1 { "shard" } else { "shards" },
            absent.join(", "),
            n,
            if absent.len() == 1 { "is" } else { "are" },
        )));
    }
    Ok((n, first.counter.counts_from_total(total)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("queens-checkpoint-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path
    }

    /// Counts `shard` of N into a checkpoint at `path`, all units.
    fn count_into(counter: &Counter, shard: Shard, path: &Path) {
        let mut checkpoint = Checkpoint::open(path, counter, shard).expect("opens");
        let todo: Vec<usize> = counter
            .shard_units(shard)
            .expect("a shard count the units split into")
            .into_iter()
            .filter(|u| !checkpoint.done().contains_key(u))
            .collect();
        let finished = std::sync::Mutex::new(Vec::new());
        counter.count_units(&todo, &|u| finished.lock().expect("lock").push(u));
        for u in finished.into_inner().expect("lock") {
            checkpoint.record(u.unit, u.completions).expect("written");
        }
    }

    #[test]
    fn four_shards_merge_to_the_published_count() {
        let counter = Counter::new(12).expect("size");
        let paths: Vec<PathBuf> = (0..4).map(|i| temp(&format!("s{i}"))).collect();
        for (index, path) in paths.iter().enumerate() {
            count_into(&counter, Shard { index, count: 4 }, path);
        }
        let (n, counts) = merge(&paths).expect("merges");
        assert_eq!((n, counts.solutions, counts.unique), (12, 14200, 1787));

        let err = merge(&paths[..3]).expect_err("a shard missing").to_string();
        assert!(err.contains("shard 3/4 of N = 12 is missing"), "{err}");
        let twice = [paths[0].clone(), paths[0].clone(), paths[1].clone()];
        let err = merge(&twice).expect_err("a shard twice").to_string();
        assert!(err.contains("are both shard 0/4"), "{err}");
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_the_count_resumed() {
        let counter = Counter::new(11).expect("size");
        let path = temp("torn");
        count_into(&counter, Shard::WHOLE, &path);
        let text = std::fs::read_to_string(&path).expect("read");
        let lines: Vec<&str> = text.lines().collect();
        // Keep the header and half the units, then half a line.
        let kept = lines.len() / 2;
        let torn = format!("{}\n{}", lines[..kept].join("\n"), &lines[kept][..1]);
        std::fs::write(&path, torn).expect("write");
        let resumed = Checkpoint::open(&path, &counter, Shard::WHOLE).expect("resumes");
        assert_eq!(resumed.done().len(), kept - 1);
        drop(resumed);
        count_into(&counter, Shard::WHOLE, &path);
        let (_, counts) = merge(std::slice::from_ref(&path)).expect("complete");
        assert_eq!((counts.solutions, counts.unique), (2680, 341));
    }

    #[test]
    fn a_checkpoint_of_another_count_is_refused() {
        let path = temp("other");
        let ten = Counter::new(10).expect("size");
        count_into(&ten, Shard::WHOLE, &path);
        let eleven = Counter::new(11).expect("size");
        let err = Checkpoint::open(&path, &eleven, Shard::WHOLE)
            .err()
            .expect("refused")
            .to_string();
        assert!(err.contains("N = 10") && err.contains("N = 11"), "{err}");
        let text = std::fs::read_to_string(&path).expect("read");
        let other_list = text.replacen(&ten.fingerprint(), "0000000000000000", 1);
        std::fs::write(&path, other_list).expect("write");
        assert!(matches!(
            Checkpoint::open(&path, &ten, Shard::WHOLE),
            Err(CheckpointError::Mismatch { .. })
        ));
        assert!(matches!(read(&path), Err(CheckpointError::Mismatch { .. })));
        std::fs::write(&path, "not a checkpoint\n").expect("write");
        assert!(matches!(
            read(&path),
            Err(CheckpointError::BadHeader { .. })
        ));
    }

    #[test]
    fn a_second_writer_is_refused_while_the_first_holds_the_lock() {
        let counter = Counter::new(8).expect("size");
        let path = temp("locked");
        let first = Checkpoint::open(&path, &counter, Shard::WHOLE).expect("opens");
        assert!(matches!(
            Checkpoint::open(&path, &counter, Shard::WHOLE),
            Err(CheckpointError::Locked { .. })
        ));
        drop(first);
        assert!(Checkpoint::open(&path, &counter, Shard::WHOLE).is_ok());
    }

    /// The checkpoint of N = 11's whole count, finished, as text.
    fn finished_eleven(name: &str) -> (PathBuf, String) {
        let path = temp(name);
        count_into(&Counter::new(11).expect("size"), Shard::WHOLE, &path);
        let text = std::fs::read_to_string(&path).expect("read");
        (path, text)
    }

    /// Reading `text` as a checkpoint and resuming from it both fail with
    /// a bad line `line` whose message contains `why`.
    fn refused_at(path: &Path, text: &str, line: usize, why: &str) {
        std::fs::write(path, text).expect("write");
        let err = read(path).err().expect("refused").to_string();
        assert!(
            err.contains(&format!("{}:{line}: ", path.display())) && err.contains(why),
            "{err}"
        );
        let counter = Counter::new(11).expect("size");
        let err = Checkpoint::open(path, &counter, Shard::WHOLE)
            .err()
            .expect("refused")
            .to_string();
        assert!(err.contains(&format!(":{line}: ")), "{err}");
        assert_eq!(std::fs::read_to_string(path).expect("read"), text);
    }

    #[test]
    fn a_changed_digit_is_an_error_naming_the_line_never_a_total() {
        let (path, text) = finished_eleven("digit");
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let original = lines[3].clone();
        let words: Vec<&str> = original.split(' ').collect();
        let more = words[1].parse::<u64>().expect("a count") + 1;
        lines[3] = format!("{} {more} {}", words[0], words[2]);
        refused_at(&path, &(lines.join("\n") + "\n"), 4, "fails its check");
        // A line without its check, as version 1 wrote it.
        lines[3] = format!("{} {}", words[0], words[1]);
        refused_at(
            &path,
            &(lines.join("\n") + "\n"),
            4,
            "'UNIT COMPLETIONS CHECK'",
        );
    }

    #[test]
    fn unit_lines_of_another_size_fail_their_check() {
        let (path, eleven) = finished_eleven("size");
        let twelve = temp("size-12");
        count_into(&Counter::new(12).expect("size"), Shard::WHOLE, &twelve);
        let twelve = std::fs::read_to_string(&twelve).expect("read");
        // N = 12's unit lines under N = 11's header.
        let header = eleven.lines().next().expect("a header");
        let units = eleven.lines().count() - 1;
        let forged: Vec<&str> = std::iter::once(header)
            .chain(twelve.lines().skip(1).take(units))
            .collect();
        refused_at(&path, &(forged.join("\n") + "\n"), 2, "fails its check");
    }

    #[test]
    fn a_unit_of_another_shard_or_twice_is_refused_and_merge_gives_no_empty_advice() {
        let counter = Counter::new(12).expect("size");
        let paths: Vec<PathBuf> = (0..2).map(|i| temp(&format!("copy{i}"))).collect();
        for (index, path) in paths.iter().enumerate() {
            count_into(&counter, Shard { index, count: 2 }, path);
        }
        let zero = std::fs::read_to_string(&paths[0]).expect("read");
        let one = std::fs::read_to_string(&paths[1]).expect("read");
        let copied = zero.lines().nth(1).expect("a unit line");
        let forged = format!("{one}{copied}\n");
        std::fs::write(&paths[1], &forged).expect("write");
        let line = forged.lines().count();
        let err = merge(&paths).expect_err("refused").to_string();
        assert!(
            err.contains(&format!("{}:{line}: ", paths[1].display()))
                && err.contains("not one of shard 1/2's units")
                && !err.contains("finish it with"),
            "{err}"
        );
        let again = one.lines().nth(1).expect("a unit line");
        std::fs::write(&paths[1], format!("{one}{again}\n")).expect("write");
        let err = merge(&paths).expect_err("refused").to_string();
        assert!(err.contains("a second time"), "{err}");
    }

    #[test]
    fn a_version_1_checkpoint_is_refused_with_what_to_do() {
        let (path, text) = finished_eleven("v1");
        let old = text.replacen(
            "queens-count-checkpoint 2 ",
            "queens-count-checkpoint 1 ",
            1,
        );
        std::fs::write(&path, old).expect("write");
        let err = read(&path).err().expect("refused").to_string();
        assert!(
            err.contains("format version 1") && err.contains("count again into a new file"),
            "{err}"
        );
    }

    #[test]
    fn an_existing_file_that_is_not_a_checkpoint_is_never_overwritten() {
        let counter = Counter::new(8).expect("size");
        let path = temp("notes");
        for text in ["my notes, no newline", "first line\nsecond", ""] {
            std::fs::write(&path, text).expect("write");
            let opened = Checkpoint::open(&path, &counter, Shard::WHOLE);
            if text.is_empty() {
                assert!(opened.is_ok(), "an empty file is a new checkpoint");
            } else {
                assert!(
                    matches!(opened, Err(CheckpointError::BadHeader { .. })),
                    "{text:?}"
                );
                assert_eq!(std::fs::read_to_string(&path).expect("read"), text);
            }
        }
        // A header torn by a kill is completed.
        let header = Header::of(&counter, Shard::WHOLE).line();
        std::fs::write(&path, &header[..10]).expect("write");
        drop(Checkpoint::open(&path, &counter, Shard::WHOLE).expect("resumes"));
        assert_eq!(std::fs::read_to_string(&path).expect("read"), header);
    }

    #[test]
    fn a_header_with_more_shards_than_units_is_refused_without_a_panic() {
        let (path, text) = finished_eleven("huge-k");
        let huge = text.replacen("shard=0/1 ", "shard=0/18446744073709551615 ", 1);
        std::fs::write(&path, huge).expect("write");
        let err = merge(std::slice::from_ref(&path))
            .expect_err("refused")
            .to_string();
        assert!(err.contains("at most"), "{err}");
    }

    #[test]
    fn shards_parse_only_when_the_index_is_below_the_count() {
        assert_eq!(
            parse_shard("3/64"),
            Ok(Shard {
                index: 3,
                count: 64
            })
        );
        for bad in ["4/4", "1/0", "x/2", "3", "-1/4"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }
}
