//! Checkpoints of a count: each finished unit's exact count, appended to a
//! text file as it finishes, so a count that is killed resumes where it
//! stopped, and the shards of a count on a cluster are added up by
//! [`merge`].
//!
//! The file is one header line, then one line per finished unit:
//!
//! ```text
//! queens-count-checkpoint 1 n=19 shard=0/1 units=5736 list=3f0c9a1e5b7d2c48
//! 17 862240
//! 4 1203318
//! ```
//!
//! The header gives the format version, N, the shard (`I/K`), the number of
//! units in the whole list and the list's fingerprint (module `units`); a
//! unit line gives the unit's index and its completions (before the class
//! weight). Lines are written whole, one `write` each, so after a `kill -9`
//! only the last line can be torn; it has no newline, and resuming drops it
//! (as the runner does with runs.csv). Any other line that does not read is
//! an error naming the file and line. A checkpoint is locked while a count
//! writes it (`File::try_lock`), so two counts cannot append to one file.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::counter::{Counter, Counts};
use super::units::Shard;

/// The checkpoint format's version: the second word of the header.
pub const FORMAT_VERSION: u32 = 1;

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
        "{}:1: not a queens count checkpoint (found '{found}'); give a checkpoint written by `queens count --checkpoint`, or a new file",
        path.display()
    )]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// Its first line.
        found: String,
    },
    /// The header's format version is not this program's.
    #[error(
        "{}:1: checkpoint format version {found}, but this queens reads version {FORMAT_VERSION}; finish it with the queens that wrote it",
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
    /// A unit line does not read.
    #[error(
        "{}:{line}: '{found}' is not a finished unit (expected 'UNIT COMPLETIONS', UNIT one of this shard's units, each once); the file was changed by hand or by another program: restore it or start a new file",
        path.display()
    )]
    BadLine {
        /// The file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// The line.
        found: String,
    },
    /// The shards given to [`merge`] do not make up one count.
    #[error("cannot merge: {0}")]
    Shards(String),
    /// The board size in a checkpoint is out of the counter's range.
    #[error("{}: {source}", path.display())]
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
    file: File,
    done: BTreeMap<usize, u64>,
}

impl Checkpoint {
    /// Opens the checkpoint of the count `header` describes at `path`:
    /// creates it with its header, or resumes it (dropping a torn last line)
    /// after checking that it is of the same count.
    pub fn open(path: &Path, header: &Header) -> Result<Self, CheckpointError> {
        let io = |source| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(CheckpointError::Locked {
                    path: path.to_path_buf(),
                });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
        }
        let mut text = String::new();
        file.read_to_string(&mut text).map_err(io)?;
        let complete = text.rfind('\n').map_or(0, |i| i + 1);
        if complete < text.len() {
            file.set_len(complete as u64).map_err(io)?;
            file.seek(SeekFrom::End(0)).map_err(io)?;
        }
        if complete == 0 {
            file.write_all(header.line().as_bytes()).map_err(io)?;
            return Ok(Checkpoint {
                path: path.to_path_buf(),
                file,
                done: BTreeMap::new(),
            });
        }
        let (found, done) = parse(path, &text[..complete])?;
        if found != *header {
            return Err(CheckpointError::Mismatch {
                path: path.to_path_buf(),
                found: describe(&found),
                wanted: describe(header),
                remedy: "give the same -n and --shard as the count that wrote it, or another file",
            });
        }
        Ok(Checkpoint {
            path: path.to_path_buf(),
            file,
            done,
        })
    }

    /// The units finished so far and their completions.
    pub fn done(&self) -> &BTreeMap<usize, u64> {
        &self.done
    }

    /// Appends a finished unit (one write of one whole line).
    pub fn record(&mut self, unit: usize, completions: u64) -> Result<(), CheckpointError> {
        self.file
            .write_all(format!("{unit} {completions}\n").as_bytes())
            .map_err(|source| CheckpointError::Io {
                path: self.path.clone(),
                source,
            })?;
        self.done.insert(unit, completions);
        Ok(())
    }
}

/// "N = 19, shard 0/4, unit list 3f0c…": a header in words.
fn describe(header: &Header) -> String {
    format!(
        "N = {}, shard {}, a list of {} units with fingerprint {}",
        header.n, header.shard, header.units, header.list
    )
}

/// Reads a checkpoint's complete lines: its header and finished units.
fn parse(path: &Path, text: &str) -> Result<(Header, BTreeMap<usize, u64>), CheckpointError> {
    let mut lines = text.lines();
    let header = Header::parse(path, lines.next().unwrap_or(""))?;
    let mut done = BTreeMap::new();
    for (i, line) in lines.enumerate() {
        let bad = || CheckpointError::BadLine {
            path: path.to_path_buf(),
            line: i + 2,
            found: line.chars().take(120).collect(),
        };
        let (unit, completions) = line.split_once(' ').ok_or_else(bad)?;
        let unit: usize = unit.parse().map_err(|_| bad())?;
        let completions: u64 = completions.parse().map_err(|_| bad())?;
        if unit >= header.units || done.insert(unit, completions).is_some() {
            return Err(bad());
        }
    }
    Ok((header, done))
}

/// Reads a checkpoint whole (a torn last line is ignored).
pub fn read(path: &Path) -> Result<(Header, BTreeMap<usize, u64>), CheckpointError> {
    let text = std::fs::read_to_string(path).map_err(|source| CheckpointError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    parse(path, &text[..complete])
}

/// The counts of one board size from the checkpoints of all its shards:
/// refuses a missing, duplicated, unfinished or mismatched shard, naming
/// the file and what to do.
pub fn merge(paths: &[PathBuf]) -> Result<Counts, CheckpointError> {
    let shards = paths
        .iter()
        .map(|p| Ok((p, read(p)?)))
        .collect::<Result<Vec<_>, CheckpointError>>()?;
    let Some((first_path, (first, _))) = shards.first() else {
        return Err(CheckpointError::Shards(
            "no checkpoint given: name every shard's file".to_string(),
        ));
    };
    let counter = Counter::new(first.n).map_err(|source| CheckpointError::Size {
        path: first_path.to_path_buf(),
        source,
    })?;
    let expected = Header::of(&counter, Shard::WHOLE);
    let mut seen: Vec<Option<&PathBuf>> = vec![None; first.shard.count];
    let mut total = 0u128;
    for (path, (header, done)) in &shards {
        if header.n != first.n || header.shard.count != first.shard.count {
            return Err(CheckpointError::Shards(format!(
                "{} is shard {} of N = {}, but {} is shard {} of N = {}: give the shards of one count",
                path.display(),
                header.shard,
                header.n,
                first_path.display(),
                first.shard,
                first.n
            )));
        }
        if header.units != expected.units || header.list != expected.list {
            return Err(CheckpointError::Mismatch {
                path: path.to_path_buf(),
                found: describe(header),
                wanted: describe(&Header {
                    shard: header.shard,
                    ..expected.clone()
                }),
                remedy: "it was written by a queens with another unit list: merge it with that version",
            });
        }
        if let Some(other) = seen[header.shard.index].replace(path) {
            return Err(CheckpointError::Shards(format!(
                "{} and {} are both shard {}: give each shard once",
                other.display(),
                path.display(),
                header.shard
            )));
        }
        let units = counter.shard_units(header.shard);
        let missing = units.iter().filter(|u| !done.contains_key(u)).count();
        if missing > 0 || done.len() != units.len() {
            return Err(CheckpointError::Shards(format!(
                "{} (shard {}) has {} of its {} units done: finish it with `queens count -n {} --shard {} --checkpoint {}`",
                path.display(),
                header.shard,
                units.len() - missing,
                units.len(),
                header.n,
                header.shard,
                path.display()
            )));
        }
        total += counter.weighted_sum(done);
    }
    let absent: Vec<String> = seen
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_none())
        .map(|(i, _)| format!("{i}/{}", first.shard.count))
        .collect();
    if !absent.is_empty() {
        return Err(CheckpointError::Shards(format!(
            "{} {} of N = {} {} missing: give every shard's checkpoint",
            if absent.len() == 1 { "shard" } else { "shards" },
            absent.join(", "),
            first.n,
            if absent.len() == 1 { "is" } else { "are" },
        )));
    }
    Ok(counter.counts_from_total(total))
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
        let mut checkpoint = Checkpoint::open(path, &Header::of(counter, shard)).expect("opens");
        let todo: Vec<usize> = counter
            .shard_units(shard)
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
        let counts = merge(&paths).expect("merges");
        assert_eq!((counts.solutions, counts.unique), (14200, 1787));

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
        let resumed =
            Checkpoint::open(&path, &Header::of(&counter, Shard::WHOLE)).expect("resumes");
        assert_eq!(resumed.done().len(), kept - 1);
        drop(resumed);
        count_into(&counter, Shard::WHOLE, &path);
        let counts = merge(std::slice::from_ref(&path)).expect("complete");
        assert_eq!((counts.solutions, counts.unique), (2680, 341));
    }

    #[test]
    fn a_checkpoint_of_another_count_is_refused() {
        let path = temp("other");
        count_into(&Counter::new(10).expect("size"), Shard::WHOLE, &path);
        let eleven = Counter::new(11).expect("size");
        let err = Checkpoint::open(&path, &Header::of(&eleven, Shard::WHOLE))
            .err()
            .expect("refused")
            .to_string();
        assert!(err.contains("N = 10") && err.contains("N = 11"), "{err}");
        let other_list = Header {
            list: "0000000000000000".to_string(),
            ..Header::of(&Counter::new(10).expect("size"), Shard::WHOLE)
        };
        assert!(matches!(
            Checkpoint::open(&path, &other_list),
            Err(CheckpointError::Mismatch { .. })
        ));
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
        let header = Header::of(&counter, Shard::WHOLE);
        let first = Checkpoint::open(&path, &header).expect("opens");
        assert!(matches!(
            Checkpoint::open(&path, &header),
            Err(CheckpointError::Locked { .. })
        ));
        drop(first);
        assert!(Checkpoint::open(&path, &header).is_ok());
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
