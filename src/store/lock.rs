//! The lock on a data directory: a run, a merge, `queens summarize` and the
//! comparison (`queens compare`, `queens plot`) hold
//! an exclusive OS advisory lock on `DIR/.queens.lock` while they write
//! `DIR`, so a second writer is refused before it writes anything instead of
//! interleaving its rows with the first one's. A shard run (`--shard I/K`)
//! writes only its own files, and the shards of one experiment run side by
//! side in one directory (a Slurm array): it holds the directory's lock
//! *shared*, which keeps out a whole run, a merge and `summarize` but not
//! the other shards, and an exclusive lock on its own
//! `DIR/.queens.shard-I-of-K.lock`, which keeps out a second copy of the
//! same shard. An exclusive holder writes its PID into its lock file for
//! the refusal message. The kernel releases a lock when the holder's process
//! ends, however it ends, so `kill -9` leaves no stale lock; the files
//! themselves stay (they are in `.gitignore`), because removing one while
//! another process waits on it would let two processes lock two different
//! files of the same name.
//!
//! The comparison step of the finishing pipeline (`queens plot`,
//! `queens compare`) writes compare.csv and ranking.csv into the directory,
//! so it takes the exclusive lock too (a store opened to write): beside a
//! running experiment it is refused before anything is written. A run and a
//! merge keep their lock through the steps after them. `queens report`, the
//! exports and the Python package's tables take no lock: they write only
//! outside the data directory, and every file they read is either replaced
//! whole by a rename or appended in whole rows (a line cut short, which only
//! a writer killed mid-write leaves, is refused by every reader and dropped
//! by the resume).

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::Path;

use super::error::{Doing, StoreError, StoreResult};
use crate::base::records::Shard;

/// The name of the lock file in a data directory.
pub const LOCK_FILE: &str = ".queens.lock";

/// A lock on a data directory (or on one shard's files in it), held until
/// dropped or until the process ends.
#[derive(Debug)]
pub struct DataDirLock {
    /// The lock file held exclusively, with this process's PID in it;
    /// closing it releases the lock.
    owned: File,
    /// For a shard: the directory's lock file, held shared.
    _shared: Option<File>,
}

impl Drop for DataDirLock {
    fn drop(&mut self) {
        // Forget the PID before the kernel releases the lock; a failure only
        // leaves a PID that the next holder overwrites.
        let _ = self.owned.set_len(0);
    }
}

/// Takes the exclusive lock on `dir` (created if missing), without waiting:
/// refused with [`StoreError::DataDirLocked`], naming the holder's PID, when
/// another process holds it (a writer of the whole directory, or shard
/// runs).
pub fn lock_data_dir(dir: &Path) -> StoreResult<DataDirLock> {
    std::fs::create_dir_all(dir).doing(|| format!("cannot create {}", dir.display()))?;
    let path = dir.join(LOCK_FILE);
    let mut file = open_lock_file(&path)?;
    if !acquire(&file, &path, Mode::Exclusive)? {
        return Err(StoreError::DataDirLocked {
            dir: dir.to_path_buf(),
            pid: holder_pid(&mut file),
            lock: path,
        });
    }
    record_pid(&mut file, &path)?;
    Ok(DataDirLock {
        owned: file,
        _shared: None,
    })
}

/// Takes the locks of shard `shard` of `dir` (created if missing), without
/// waiting: the directory's lock shared (refused with
/// [`StoreError::DataDirLocked`] while a whole run, a merge or `summarize`
/// holds it) and the shard's own lock exclusively (refused with
/// [`StoreError::ShardLocked`] while another process runs the same shard).
pub fn lock_shard(dir: &Path, shard: Shard) -> StoreResult<DataDirLock> {
    std::fs::create_dir_all(dir).doing(|| format!("cannot create {}", dir.display()))?;
    let dir_path = dir.join(LOCK_FILE);
    let mut dir_file = open_lock_file(&dir_path)?;
    if !acquire(&dir_file, &dir_path, Mode::Shared)? {
        return Err(StoreError::DataDirLocked {
            dir: dir.to_path_buf(),
            pid: holder_pid(&mut dir_file),
            lock: dir_path,
        });
    }
    let path = dir.join(shard_lock_file(shard));
    let mut file = open_lock_file(&path)?;
    if !acquire(&file, &path, Mode::Exclusive)? {
        return Err(StoreError::ShardLocked {
            dir: dir.to_path_buf(),
            shard,
            pid: holder_pid(&mut file),
            lock: path,
        });
    }
    record_pid(&mut file, &path)?;
    Ok(DataDirLock {
        owned: file,
        _shared: Some(dir_file),
    })
}

/// The name of shard `shard`'s lock file in a data directory.
pub fn shard_lock_file(shard: Shard) -> String {
    format!(".queens.{}.lock", shard.tag())
}

/// How a lock file is held.
#[derive(Clone, Copy)]
enum Mode {
    /// By one process.
    Exclusive,
    /// By any number of processes that hold it shared.
    Shared,
}

/// Opens (creating) the lock file at `path`.
fn open_lock_file(path: &Path) -> StoreResult<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .doing(|| format!("cannot open the lock file {}", path.display()))
}

/// Tries to lock `file` in `mode` without waiting: whether it was taken.
fn acquire(file: &File, path: &Path, mode: Mode) -> StoreResult<bool> {
    let tried = match mode {
        Mode::Exclusive => file.try_lock(),
        Mode::Shared => file.try_lock_shared(),
    };
    match tried {
        Ok(()) => Ok(true),
        Err(TryLockError::WouldBlock) => Ok(false),
        Err(TryLockError::Error(e)) => Err(e).doing(|| format!("cannot lock {}", path.display())),
    }
}

/// Writes this process's PID into the lock file it holds exclusively.
fn record_pid(file: &mut File, path: &Path) -> StoreResult<()> {
    let pid = std::process::id();
    file.set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| writeln!(file, "{pid}"))
        .doing(|| format!("cannot write the lock file {}", path.display()))
}

/// The PID the holder wrote into the lock file (`None` while it has not
/// written it yet).
fn holder_pid(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `take` retried for a few seconds: a lock dropped by this process can
    /// stay held a moment longer by a child that another test forked, which
    /// shares the open file until it execs.
    fn eventually(take: impl Fn() -> StoreResult<DataDirLock>) -> DataDirLock {
        for _ in 0..500 {
            if let Ok(lock) = take() {
                return lock;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        take().expect("the lock is free once its holder dropped it")
    }

    #[test]
    fn a_second_lock_is_refused_with_the_holders_pid_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("d");
        let held = lock_data_dir(&data).expect("first lock");
        match lock_data_dir(&data) {
            Err(StoreError::DataDirLocked { dir, pid, .. }) => {
                assert_eq!(dir, data);
                assert_eq!(pid, Some(std::process::id()));
            }
            other => panic!("expected DataDirLocked, got {other:?}"),
        }
        drop(held);
        let again = eventually(|| lock_data_dir(&data));
        drop(again);
        assert!(data.join(LOCK_FILE).is_file());
    }

    #[test]
    fn shards_share_the_directory_but_not_a_shard_and_keep_out_a_whole_writer() {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("d");
        let shard = |i| Shard { index: i, count: 2 };
        let first = lock_shard(&data, shard(0)).expect("shard 0");
        let second = lock_shard(&data, shard(1)).expect("shard 1 beside shard 0");
        match lock_shard(&data, shard(1)) {
            Err(StoreError::ShardLocked { shard: s, pid, .. }) => {
                assert_eq!(s, shard(1));
                assert_eq!(pid, Some(std::process::id()));
            }
            other => panic!("expected ShardLocked, got {other:?}"),
        }
        assert!(matches!(
            lock_data_dir(&data),
            Err(StoreError::DataDirLocked { pid: None, .. })
        ));
        drop((first, second));
        let whole = eventually(|| lock_data_dir(&data));
        assert!(matches!(
            lock_shard(&data, shard(0)),
            Err(StoreError::DataDirLocked { pid: Some(_), .. })
        ));
        drop(whole);
    }
}
