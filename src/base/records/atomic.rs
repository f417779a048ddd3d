//! The one way `queens` writes a whole file: into a temporary file beside the
//! destination, synced, then renamed onto it. A reader sees the old file or
//! the new one, never half of one; a failure at any point (or a dropped
//! [`AtomicFile`]) removes the temporary file and leaves the destination as
//! it was.
//!
//! The temporary file is hidden and named after the destination, the process
//! and a per-process counter (`.summary.csv.4242-7.tmp`), so two writers —
//! two threads, or two processes sharing a directory — never share one.
//!
//! No temporary file outlives its writer when the writer can see its end:
//! every live one is listed in a process-wide register, and
//! [`remove_temporary_files`] removes them all before the process exits on a
//! signal (the register then refuses new ones). The ones `kill -9` leaves are
//! removed by the next writer of the same file ([`remove_stale`]): a
//! temporary file of the destination whose process is no longer alive.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Buffer size of the writes.
const BUFFER: usize = 1 << 16;

/// Names tried before giving up when a temporary name is taken (by a
/// leftover of an earlier process with the same id).
const ATTEMPTS: u32 = 100;

/// Numbers the temporary files of this process.
static NEXT_TEMP: AtomicU64 = AtomicU64::new(0);

/// The temporary files (and directories, [`super::atomic_dir`]) this
/// process is writing; `closed` once the process is stopping.
#[derive(Debug, Default)]
struct Register {
    live: Vec<PathBuf>,
    closed: bool,
}

impl Register {
    /// Lists `temp` as live once `create` made it, unless the register is
    /// closed (then an `Interrupted` error and nothing is made).
    fn admit<T>(&mut self, temp: &Path, create: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
        if self.closed {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the process is stopping on a signal",
            ));
        }
        let made = create()?;
        self.live.push(temp.to_path_buf());
        Ok(made)
    }

    /// Forgets `temp`.
    fn forget(&mut self, temp: &Path) {
        self.live.retain(|p| p != temp);
    }

    /// Removes every live temporary file and directory and closes.
    fn remove_all(&mut self) {
        self.closed = true;
        for temp in self.live.drain(..) {
            if temp.is_dir() {
                let _ = fs::remove_dir_all(&temp);
            } else {
                let _ = fs::remove_file(&temp);
            }
        }
    }
}

/// The live temporary files of this process.
static REGISTER: Mutex<Register> = Mutex::new(Register {
    live: Vec::new(),
    closed: false,
});

/// Runs `f` on the register (a writer that panicked while holding it left
/// nothing half done: each change is one push or removal).
fn with_register<T>(f: impl FnOnce(&mut Register) -> T) -> T {
    let mut register = REGISTER.lock().unwrap_or_else(|e| e.into_inner());
    f(&mut register)
}

/// Lists `temp` as live once `create` made it, unless the process is
/// stopping (then an `Interrupted` error: no new file may appear after the
/// last clean-up). `create` runs under the register's lock, so a clean-up
/// never misses a file made at the same time.
pub(super) fn register<T>(temp: &Path, create: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
    with_register(|register| register.admit(temp, create))
}

/// Forgets `temp`: it was renamed into place or removed.
pub(super) fn unregister(temp: &Path) {
    with_register(|register| register.forget(temp));
}

/// Removes every temporary file and directory this process is writing and
/// refuses new ones: called just before the process exits on a signal, so
/// that it leaves nothing behind. The destinations keep their old content.
pub fn remove_temporary_files() {
    with_register(Register::remove_all);
}

/// The hidden temporary name of `name` for this process: `.NAME.PID-N.tmp`.
fn temporary_name(name: &std::ffi::OsStr) -> OsString {
    let mut temp_name = OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(
        ".{}-{}.tmp",
        std::process::id(),
        NEXT_TEMP.fetch_add(1, Ordering::Relaxed)
    ));
    temp_name
}

/// The process id in `entry`, a temporary name of `name`
/// (`.NAME.PID-N.tmp`, or `.NAME.PID.tmp` for a directory), if it is one.
fn temporary_of(entry: &str, name: &str) -> Option<u32> {
    let rest = entry
        .strip_prefix('.')?
        .strip_prefix(name)?
        .strip_prefix('.')?
        .strip_suffix(".tmp")?;
    let pid = rest.split_once('-').map_or(rest, |(pid, n)| {
        if n.bytes().all(|b| b.is_ascii_digit()) && !n.is_empty() {
            pid
        } else {
            ""
        }
    });
    if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Whether the process `pid` is alive (or cannot be told apart from alive:
/// one of another user).
fn alive(pid: u32) -> bool {
    let Ok(raw) = i32::try_from(pid) else {
        return false;
    };
    match nix::sys::signal::kill(nix::unistd::Pid::from_raw(raw), None) {
        Ok(()) => true,
        Err(e) => e != nix::errno::Errno::ESRCH,
    }
}

/// Removes the temporary files (and directories) of `dest` in `dir` left by
/// processes that are no longer alive, as `kill -9` leaves them. Only
/// temporaries of the same destination are touched: a writer of another
/// file, which may belong to a process of another machine sharing the
/// directory, is never disturbed. Best effort: what cannot be removed stays.
pub fn remove_stale(dir: &Path, dest_name: &std::ffi::OsStr) {
    let Some(name) = dest_name.to_str() else {
        return;
    };
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name.to_str().and_then(|e| temporary_of(e, name)) else {
            continue;
        };
        if pid == std::process::id() || alive(pid) {
            continue;
        }
        let path = entry.path();
        let _ = match entry.file_type() {
            Ok(kind) if kind.is_dir() => fs::remove_dir_all(&path),
            _ => fs::remove_file(&path),
        };
    }
}

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
        remove_stale(dir, name);
        let mut attempt = 0;
        loop {
            let temp = dir.join(temporary_name(name));
            let opened = register(&temp, || {
                OpenOptions::new().write(true).create_new(true).open(&temp)
            });
            match opened {
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
        unregister(&self.temp);
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
            unregister(&self.temp);
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
    fn a_clean_up_removes_every_live_temporary_and_refuses_new_ones() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut register = Register::default();
        let (file, tree) = (dir.path().join(".a.1-0.tmp"), dir.path().join(".t.1.tmp"));
        register
            .admit(&file, || fs::write(&file, "half"))
            .expect("admitted");
        register
            .admit(&tree, || fs::create_dir_all(tree.join("sub")))
            .expect("admitted");
        let kept = dir.path().join(".b.1-1.tmp");
        register
            .admit(&kept, || fs::write(&kept, "done"))
            .expect("admitted");
        register.forget(&kept);
        register.remove_all();
        assert_eq!(entries(dir.path()), [".b.1-1.tmp"]);
        let late = dir.path().join(".c.1-2.tmp");
        let refused = register.admit(&late, || fs::write(&late, "x"));
        assert_eq!(
            refused.expect_err("closed").kind(),
            io::ErrorKind::Interrupted
        );
        assert!(!late.exists(), "nothing is made once closed");
    }

    #[test]
    fn temporary_names_give_their_process() {
        assert_eq!(temporary_of(".runs.csv.4242-7.tmp", "runs.csv"), Some(4242));
        assert_eq!(temporary_of(".ioh.77.tmp", "ioh"), Some(77));
        for other in [
            ".runs.csv.4242-7.tmp.x",
            "runs.csv.4242-7.tmp",
            ".runs.csv.x-7.tmp",
            ".runs.csv.42-.tmp",
            ".summary.csv.42-1.tmp",
            ".runs.csv.tmp",
        ] {
            assert_eq!(temporary_of(other, "runs.csv"), None, "{other}");
        }
    }

    /// The id of a process that has ended (and been reaped).
    fn dead_pid() -> u32 {
        let mut child = std::process::Command::new("true").spawn().expect("spawns");
        let pid = child.id();
        child.wait().expect("reaped");
        pid
    }

    #[test]
    fn a_writer_removes_the_leftovers_of_dead_processes_of_its_file_only() {
        let dir = tempfile::tempdir().expect("temp dir");
        let dead = dead_pid();
        let live = std::process::id();
        let names = [
            format!(".out.csv.{dead}-3.tmp"),
            format!(".out.csv.{live}-999999.tmp"),
            format!(".other.csv.{dead}-3.tmp"),
            format!(".out.csv.{dead}.tmp"),
        ];
        for name in &names[..3] {
            fs::write(dir.path().join(name), "left").expect("written");
        }
        fs::create_dir_all(dir.path().join(&names[3]).join("inside")).expect("a tree");
        write_atomically(&dir.path().join("out.csv"), |f| f.write_all(b"new\n")).expect("written");
        let mut expected = vec![names[1].clone(), names[2].clone(), "out.csv".to_owned()];
        expected.sort();
        assert_eq!(entries(dir.path()), expected);
    }

    #[test]
    fn a_missing_directory_is_named() {
        let dir = tempfile::tempdir().expect("temp dir");
        let error = AtomicFile::create(&dir.path().join("nowhere/out.csv")).expect_err("refused");
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        assert!(error.to_string().contains("does not exist"), "{error}");
    }
}
