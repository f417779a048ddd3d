//! The one way `queens` writes a whole file: into a temporary file beside the
//! destination, synced, then renamed onto it. A reader sees the old file or
//! the new one, never half of one; a failure at any point (or a dropped
//! [`AtomicFile`]) removes the temporary file and leaves the destination as
//! it was.
//!
//! The temporary file is hidden and named after the destination, the process
//! and a per-process counter (`.summary.csv.4242-7.tmp`), so two writers —
//! two threads, or two processes sharing a directory — never share one.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Buffer size of the writes.
const BUFFER: usize = 1 << 16;

/// Names tried before giving up when a temporary name is taken (by a
/// leftover of an earlier process with the same id).
const ATTEMPTS: u32 = 100;

/// Numbers the temporary files of this process.
static NEXT_TEMP: AtomicU64 = AtomicU64::new(0);

/// A file being written beside its destination. [`AtomicFile::commit`]
/// renames it into place; dropped without a commit, it is removed and the
/// destination is left as it was.
#[derive(Debug)]
pub struct AtomicFile {
    dest: PathBuf,
    temp: PathBuf,
    writer: BufWriter<File>,
    committed: bool,
}

impl AtomicFile {
    /// Creates the temporary file beside `dest`. Fails when the directory of
    /// `dest` does not exist or no file can be created in it.
    pub fn create(dest: &Path) -> io::Result<AtomicFile> {
        let dir = match dest.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        if !dir.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("directory {} does not exist", dir.display()),
            ));
        }
        let name = dest.file_name().unwrap_or(dest.as_os_str());
        let mut attempt = 0;
        loop {
            let mut temp_name = OsString::from(".");
            temp_name.push(name);
            temp_name.push(format!(
                ".{}-{}.tmp",
                std::process::id(),
                NEXT_TEMP.fetch_add(1, Ordering::Relaxed)
            ));
            let temp = dir.join(temp_name);
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Ok(file) => {
                    return Ok(AtomicFile {
                        dest: dest.to_path_buf(),
                        temp,
                        writer: BufWriter::with_capacity(BUFFER, file),
                        committed: false,
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < ATTEMPTS => {
                    attempt += 1;
                }
                Err(e) => {
                    return Err(io::Error::new(
                        e.kind(),
                        format!("cannot create a file in {}: {e}", dir.display()),
                    ));
                }
            }
        }
    }

    /// Gives the file `permissions` (those of the file it replaces).
    pub fn set_permissions(&self, permissions: Permissions) -> io::Result<()> {
        self.writer.get_ref().set_permissions(permissions)
    }

    /// Flushes and syncs the file and renames it onto the destination.
    pub fn commit(mut self) -> io::Result<()> {
        self.writer.flush()?;
        self.writer.get_ref().sync_all()?;
        fs::rename(&self.temp, &self.dest)?;
        self.committed = true;
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// Writes `dest` whole: `write` fills an [`AtomicFile`] beside it, which is
/// then committed. On any error the temporary file is removed and `dest` is
/// left as it was.
pub fn write_atomically<E: From<io::Error>>(
    dest: &Path,
    write: impl FnOnce(&mut AtomicFile) -> Result<(), E>,
) -> Result<(), E> {
    let mut file = AtomicFile::create(dest)?;
    write(&mut file)?;
    file.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .expect("readable")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_commit_replaces_the_file_and_leaves_nothing_else() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("out.csv");
        fs::write(&path, "old\n").expect("written");
        write_atomically(&path, |f| f.write_all(b"new\n")).expect("written");
        assert_eq!(fs::read_to_string(&path).expect("read"), "new\n");
        assert_eq!(entries(dir.path()), ["out.csv"]);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file_and_removes_the_temporary_one() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("out.csv");
        fs::write(&path, "old\n").expect("written");
        let result = write_atomically(&path, |f| {
            f.write_all(b"half")?;
            Err(io::Error::other("the encoder failed"))
        });
        assert_eq!(
            result.expect_err("failed").to_string(),
            "the encoder failed"
        );
        assert_eq!(fs::read_to_string(&path).expect("read"), "old\n");
        assert_eq!(entries(dir.path()), ["out.csv"]);
    }

    #[test]
    fn a_failed_rename_removes_the_temporary_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        // A non-empty directory cannot be replaced by a file.
        let dest = dir.path().join("taken");
        fs::create_dir(&dest).expect("created");
        fs::write(dest.join("inside"), "x").expect("written");
        assert!(write_atomically(&dest, |f| f.write_all(b"new\n")).is_err());
        assert_eq!(entries(dir.path()), ["taken"]);
    }

    #[test]
    fn temporary_files_of_one_destination_are_distinct_and_hidden() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("summary.csv");
        let first = AtomicFile::create(&path).expect("created");
        let second = AtomicFile::create(&path).expect("created");
        assert_ne!(first.temp, second.temp);
        let name = first.temp.file_name().expect("a name").to_string_lossy();
        let prefix = format!(".summary.csv.{}-", std::process::id());
        assert!(
            name.starts_with(&prefix) && name.ends_with(".tmp"),
            "{name}"
        );
        drop((first, second));
        assert!(entries(dir.path()).is_empty());
    }

    #[test]
    fn a_missing_directory_is_named() {
        let dir = tempfile::tempdir().expect("temp dir");
        let error = AtomicFile::create(&dir.path().join("nowhere/out.csv")).expect_err("refused");
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        assert!(error.to_string().contains("does not exist"), "{error}");
    }
}
