//! The lock on a data directory: a run, a merge and `queens summarize` hold
//! an exclusive OS advisory lock on `DIR/.queens.lock` while they write
//! `DIR`, so a second writer is refused before it writes anything instead of
//! interleaving its rows with the first one's. The holder writes its PID
//! into the file for the refusal message. The kernel releases the lock when
//! the holder's process ends, however it ends, so `kill -9` leaves no stale
//! lock; the file itself stays (it is in `.gitignore`), because removing it
//! while another process waits on it would let two processes lock two
//! different files of the same name.
//!
//! `queens plot` takes no lock: it never writes the data directory, and
//! every file it reads is either replaced whole by a rename or appended in
//! whole rows whose torn tail the reader ignores, so a plot beside a running
//! experiment draws a consistent (if partial) snapshot and never disturbs
//! the run.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::Path;

use super::error::{Doing, RunError, RunResult};

/// The name of the lock file in a data directory.
pub const LOCK_FILE: &str = ".queens.lock";

/// An exclusive lock on a data directory, held until dropped (or until the
/// process ends).
#[derive(Debug)]
pub struct DataDirLock {
    /// The open lock file; closing it releases the lock.
    file: File,
}

impl Drop for DataDirLock {
    fn drop(&mut self) {
        // Forget the PID before the kernel releases the lock; a failure only
        // leaves a PID that the next holder overwrites.
        let _ = self.file.set_len(0);
    }
}

/// Takes the exclusive lock on `dir` (created if missing), without waiting:
/// refused with [`RunError::DataDirLocked`], naming the holder's PID, when
/// another process holds it.
pub fn lock_data_dir(dir: &Path) -> RunResult<DataDirLock> {
    std::fs::create_dir_all(dir).doing(|| format!("cannot create {}", dir.display()))?;
    let path = dir.join(LOCK_FILE);
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .doing(|| format!("cannot open the lock file {}", path.display()))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(TryLockError::WouldBlock) => {
            return Err(RunError::DataDirLocked {
                dir: dir.to_path_buf(),
                pid: holder_pid(&mut file),
            });
        }
        Err(TryLockError::Error(e)) => {
            return Err(e).doing(|| format!("cannot lock {}", path.display()));
        }
    }
    let pid = std::process::id();
    file.set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| writeln!(file, "{pid}"))
        .doing(|| format!("cannot write the lock file {}", path.display()))?;
    Ok(DataDirLock { file })
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

    #[test]
    fn a_second_lock_is_refused_with_the_holders_pid_until_the_first_is_dropped() {
        let dir = tempfile::tempdir().expect("temp dir");
        let data = dir.path().join("d");
        let held = lock_data_dir(&data).expect("first lock");
        match lock_data_dir(&data) {
            Err(RunError::DataDirLocked { dir, pid }) => {
                assert_eq!(dir, data);
                assert_eq!(pid, Some(std::process::id()));
            }
            other => panic!("expected DataDirLocked, got {other:?}"),
        }
        drop(held);
        let again = lock_data_dir(&data).expect("free after drop");
        drop(again);
        assert!(data.join(LOCK_FILE).is_file());
    }
}
