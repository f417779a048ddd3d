//! Output files (`solve --output` and `--svg`, `enumerate --csv`) written
//! without ever losing what was there before.
//!
//! - [`OutputFile::check`] runs before any search: a missing directory, a
//!   directory given as the file, or a place where no file can be created
//!   fails at once (exit 2) and nothing is touched.
//! - A regular file, or a new one, is written by the atomic writer
//!   ([`queens::base::records::atomic`]: a temporary file in the same directory,
//!   renamed onto it by [`Pending::commit`], which a command calls only when
//!   it has a result to write). An existing file is never truncated or
//!   removed, it keeps its permissions, and a symbolic link keeps pointing
//!   where it did (the file it points to is replaced).
//! - Anything else that opens for writing — a FIFO, /dev/null, a terminal —
//!   is written straight into and never created, truncated or removed. A path
//!   naming the file stdout writes to (/dev/stdout, or the file stdout is
//!   redirected to) is written through stdout, so the file and the printed
//!   result keep their order.
//!
//! Writes are buffered and stream, so a solution of 10^8 queens is never held
//! as one string.

use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use queens::base::records::atomic::AtomicFile;

/// The context of a failed write of a command's result to stdout: what was
/// written and the remedy (the system's reason follows). A closed pipe keeps
/// its io error in the chain and still ends quietly with 141.
pub const STDOUT_FAILED: &str = "cannot write the result to stdout \
     (redirect stdout to a file that can be written, on a disk with free space)";

/// Buffer size of file writes.
const BUFFER: usize = 1 << 16;

/// An output file that cannot be written: what it is for, its path and the
/// system's reason.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {what} {}", path.display())]
pub struct OutputError {
    /// What the file is for, like "the solution file".
    what: &'static str,
    /// The path as given on the command line.
    path: PathBuf,
    /// Why.
    #[source]
    source: io::Error,
}

/// Where an output goes.
enum Target {
    /// A regular file, or none yet: written beside `dest` and renamed onto
    /// it; `permissions` are those of the file it replaces.
    Replace {
        dest: PathBuf,
        permissions: Option<Permissions>,
    },
    /// A FIFO, device or terminal, already open.
    InPlace(File),
    /// The file stdout writes to.
    Stdout,
}

/// An output file checked before the work that fills it.
pub struct OutputFile {
    what: &'static str,
    path: PathBuf,
    target: Target,
}

impl OutputFile {
    /// Checks that `path` can receive `what` (like "the solution file")
    /// without writing anything; opens a FIFO or device at once, so a FIFO
    /// waits here for its reader.
    pub fn check(path: &Path, what: &'static str) -> Result<OutputFile, OutputError> {
        match target(path) {
            Ok(target) => Ok(OutputFile {
                what,
                path: path.to_path_buf(),
                target,
            }),
            Err(source) => Err(OutputError {
                what,
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    /// Starts writing: creates the temporary file of a regular file.
    pub fn open(self) -> Result<Pending, OutputError> {
        let OutputFile { what, path, target } = self;
        let opened = match target {
            Target::Replace { dest, permissions } => AtomicFile::create(&dest).and_then(|file| {
                if let Some(p) = permissions {
                    file.set_permissions(p)?;
                }
                Ok(Sink::Replace(file))
            }),
            Target::InPlace(file) => Ok(Sink::InPlace(BufWriter::with_capacity(BUFFER, file))),
            Target::Stdout => Ok(Sink::Stdout(io::stdout().lock())),
        };
        match opened {
            Ok(sink) => Ok(Pending { what, path, sink }),
            Err(source) => Err(OutputError { what, path, source }),
        }
    }

    /// Opens the file, fills it with `write` and commits it.
    pub fn write_with(
        self,
        write: impl FnOnce(&mut Pending) -> io::Result<()>,
    ) -> Result<(), OutputError> {
        let mut pending = self.open()?;
        match write(&mut pending) {
            Ok(()) => pending.commit(),
            Err(e) => Err(pending.error(e)),
        }
    }
}

/// Finds where `path` goes and checks that it can be written there.
fn target(path: &Path) -> io::Result<Target> {
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(io::Error::other("it is a directory")),
        Ok(m) if is_stdout(&m) => Ok(Target::Stdout),
        Ok(m) if m.is_file() => {
            let dest = fs::canonicalize(path)?;
            // Opened without truncation: only a check that it is writable.
            OpenOptions::new().write(true).open(&dest)?;
            probe(&dest)?;
            Ok(Target::Replace {
                dest,
                permissions: Some(m.permissions()),
            })
        }
        Ok(_) => Ok(Target::InPlace(OpenOptions::new().write(true).open(path)?)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            if path.file_name().is_none() {
                return Err(io::Error::other("it does not name a file"));
            }
            if fs::symlink_metadata(path).is_ok() {
                return Err(io::Error::other(
                    "it is a symbolic link to a missing file; name the file itself",
                ));
            }
            probe(path)?;
            Ok(Target::Replace {
                dest: path.to_path_buf(),
                permissions: None,
            })
        }
        Err(e) => Err(e),
    }
}

/// Whether `metadata` is that of the file stdout writes to.
#[cfg(unix)]
fn is_stdout(metadata: &fs::Metadata) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    io::stdout()
        .as_fd()
        .try_clone_to_owned()
        .and_then(|fd| File::from(fd).metadata())
        .is_ok_and(|out| out.dev() == metadata.dev() && out.ino() == metadata.ino())
}

/// Whether `metadata` is that of the file stdout writes to (never known here).
#[cfg(not(unix))]
fn is_stdout(_metadata: &fs::Metadata) -> bool {
    false
}

/// Checks that a temporary file can be created beside `dest` (and removes
/// it).
fn probe(dest: &Path) -> io::Result<()> {
    AtomicFile::create(dest).map(drop)
}

/// Where the bytes of a [`Pending`] go.
enum Sink {
    /// A regular file, written beside its destination.
    Replace(AtomicFile),
    /// A FIFO, device or terminal.
    InPlace(BufWriter<File>),
    /// The file stdout writes to.
    Stdout(io::StdoutLock<'static>),
}

/// An output file being written. [`Pending::commit`] finishes it; dropped
/// without a commit, it removes its temporary file and leaves the
/// destination as it was.
pub struct Pending {
    what: &'static str,
    path: PathBuf,
    sink: Sink,
}

impl Pending {
    /// The error `source` met while writing this file, naming it.
    pub fn error(&self, source: io::Error) -> OutputError {
        OutputError {
            what: self.what,
            path: self.path.clone(),
            source,
        }
    }

    /// Flushes the file and, for a regular file, syncs the temporary file
    /// and renames it onto the destination.
    pub fn commit(self) -> Result<(), OutputError> {
        let Pending { what, path, sink } = self;
        let done = match sink {
            Sink::Replace(file) => file.commit(),
            Sink::InPlace(mut w) => w.flush(),
            Sink::Stdout(mut out) => out.flush(),
        };
        done.map_err(|source| OutputError { what, path, source })
    }
}

impl Write for Pending {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Replace(f) => f.write(buf),
            Sink::InPlace(w) => w.write(buf),
            Sink::Stdout(out) => out.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Replace(f) => f.flush(),
            Sink::InPlace(w) => w.flush(),
            Sink::Stdout(out) => out.flush(),
        }
    }
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
    fn a_dropped_pending_file_leaves_the_old_one_and_no_temporary_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("keep.txt");
        fs::write(&path, "precious\n").expect("written");
        let mut pending = OutputFile::check(&path, "the file")
            .expect("writable")
            .open()
            .expect("opened");
        pending.write_all(b"half a solution").expect("written");
        drop(pending);
        assert_eq!(fs::read_to_string(&path).expect("kept"), "precious\n");
        assert_eq!(entries(dir.path()), ["keep.txt"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_commit_replaces_the_file_and_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("out.txt");
        fs::write(&path, "old\n").expect("written");
        fs::set_permissions(&path, Permissions::from_mode(0o600)).expect("set");
        OutputFile::check(&path, "the file")
            .expect("writable")
            .write_with(|w| w.write_all(b"new\n"))
            .expect("committed");
        assert_eq!(fs::read_to_string(&path).expect("read"), "new\n");
        let mode = fs::metadata(&path).expect("metadata").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(entries(dir.path()), ["out.txt"]);
    }

    #[test]
    fn bad_places_are_refused_before_anything_is_written() {
        let dir = tempfile::tempdir().expect("temp dir");
        for (path, reason) in [
            (dir.path().join("missing/out.txt"), "does not exist"),
            (dir.path().to_path_buf(), "is a directory"),
        ] {
            let error = OutputFile::check(&path, "the file").err().expect("refused");
            let message = format!("{:#}", anyhow::Error::from(error));
            assert!(message.contains(&path.display().to_string()), "{message}");
            assert!(message.contains(reason), "{message}");
        }
        assert!(entries(dir.path()).is_empty());
    }
}
