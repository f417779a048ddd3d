//! The directory-level atomic write, beside the file-level one
//! ([`super::atomic`]): puts a tree of files (an export) into place all at
//! once. They are written into a hidden directory beside the destination,
//! which is then renamed onto it, so the destination holds the whole old
//! tree or the whole new one, never a mix. A directory that is not empty is
//! replaced only when asked (`force`), and only when it holds nothing but
//! the kinds of files an export writes (`.json` and `.dat`), so a mistyped
//! `--out` cannot delete other work. The hidden directory is listed with
//! the temporary files ([`super::atomic`]): removed on a signal, and when
//! left by a killed process, by the next export to the same place.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::atomic;
use crate::base::remedy::{Remedy, Setting};

/// One file of a tree written at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeFile {
    /// The path, relative to the tree's root.
    pub path: PathBuf,
    /// The whole text of the file.
    pub contents: String,
}

/// Why a tree of files could not be put into place.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DirectoryError {
    /// The destination exists and is not a directory.
    #[error(
        "{0} exists and is not a directory: give a new or empty directory with {out}",
        out = Remedy::Set(Setting::Out)
    )]
    NotADirectory(PathBuf),
    /// The destination holds files and replacing was not asked for.
    #[error(
        "{0} is not empty: give a new or empty directory with {out}, or add {force} to replace an earlier export there",
        out = Remedy::Set(Setting::Out),
        force = Remedy::Set(Setting::Force)
    )]
    NotEmpty(PathBuf),
    /// The destination holds a file an export does not write.
    #[error(
        "{}: {} holds {}, which is not part of an export (only .json and .dat files are): move it away or export into another directory",
        Remedy::Set(Setting::Force), out.display(), file.display()
    )]
    ForeignFile {
        /// The destination.
        out: PathBuf,
        /// The file found there.
        file: PathBuf,
    },
    /// A file or directory could not be read, written, renamed or removed.
    #[error("cannot {action} {}: make its directory writable and free space on its disk", path.display())]
    Io {
        /// What was being done ("write", "rename", …).
        action: &'static str,
        /// The path concerned.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
}

/// An I/O error of `action` on `path`.
fn io_error(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> DirectoryError {
    let path = path.to_path_buf();
    move |source| DirectoryError::Io {
        action,
        path,
        source,
    }
}

/// Makes `out` hold exactly `files` (paths relative to `out`), replacing an
/// earlier export there when `force` is set.
pub fn replace_with(out: &Path, files: &[TreeFile], force: bool) -> Result<(), DirectoryError> {
    let existing = match fs::symlink_metadata(out) {
        Ok(meta) if !meta.is_dir() => return Err(DirectoryError::NotADirectory(out.to_path_buf())),
        Ok(_) => {
            let empty = fs::read_dir(out)
                .map_err(io_error("read", out))?
                .next()
                .is_none();
            if !empty && !force {
                return Err(DirectoryError::NotEmpty(out.to_path_buf()));
            }
            if !empty {
                check_only_export_files(out, out)?;
            }
            true
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => false,
        Err(e) => return Err(io_error("read", out)(e)),
    };
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&parent).map_err(io_error("create", &parent))?;
    let name = out
        .file_name()
        .map_or_else(|| "export".into(), |n| n.to_string_lossy().into_owned());
    let pid = std::process::id();
    let temp = parent.join(format!(".{name}.{pid}.tmp"));
    let old = parent.join(format!(".{name}.{pid}.old"));
    atomic::remove_stale(&parent, std::ffi::OsStr::new(&name));
    let abandon = |temp: &Path| {
        let _ = fs::remove_dir_all(temp);
        atomic::unregister(temp);
    };
    atomic::register(&temp, || fs::create_dir(&temp)).map_err(io_error("create", &temp))?;
    if let Err(e) = write_all(&temp, files) {
        abandon(&temp);
        return Err(e);
    }
    if existing && let Err(e) = fs::rename(out, &old) {
        abandon(&temp);
        return Err(io_error("rename", out)(e));
    }
    if let Err(e) = fs::rename(&temp, out) {
        if existing {
            let _ = fs::rename(&old, out);
        }
        abandon(&temp);
        return Err(io_error("rename", &temp)(e));
    }
    atomic::unregister(&temp);
    if existing {
        fs::remove_dir_all(&old).map_err(io_error("remove", &old))?;
    }
    Ok(())
}

/// Writes `files` under the new directory `root`.
fn write_all(root: &Path, files: &[TreeFile]) -> Result<(), DirectoryError> {
    for file in files {
        let path = root.join(&file.path);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(io_error("create", dir))?;
        }
        fs::write(&path, &file.contents).map_err(io_error("write", &path))?;
    }
    Ok(())
}

/// Refuses `dir` (inside the destination `out`) when anything under it is
/// neither a directory nor a `.json` or `.dat` file.
fn check_only_export_files(out: &Path, dir: &Path) -> Result<(), DirectoryError> {
    for entry in fs::read_dir(dir).map_err(io_error("read", dir))? {
        let entry = entry.map_err(io_error("read", dir))?;
        let path = entry.path();
        let kind = entry.file_type().map_err(io_error("read", &path))?;
        let exported = path.extension().is_some_and(|e| e == "json" || e == "dat");
        if kind.is_dir() {
            check_only_export_files(out, &path)?;
        } else if !(kind.is_file() && exported) {
            return Err(DirectoryError::ForeignFile {
                out: out.to_path_buf(),
                file: path,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str, contents: &str) -> TreeFile {
        TreeFile {
            path: PathBuf::from(path),
            contents: contents.to_owned(),
        }
    }

    #[test]
    fn replaces_only_an_earlier_export_and_only_when_forced() {
        let tmp = tempfile::tempdir().expect("a temporary directory");
        let out = tmp.path().join("ioh");
        replace_with(
            &out,
            &[file("a/x.json", "1"), file("a/d/y.dat", "2")],
            false,
        )
        .expect("a new directory");
        assert_eq!(fs::read_to_string(out.join("a/d/y.dat")).unwrap(), "2");
        let again = [file("b/z.json", "3")];
        assert!(matches!(
            replace_with(&out, &again, false),
            Err(DirectoryError::NotEmpty(_))
        ));
        replace_with(&out, &again, true).expect("forced over an export");
        assert!(!out.join("a").exists());
        assert_eq!(fs::read_to_string(out.join("b/z.json")).unwrap(), "3");
        fs::write(out.join("notes.txt"), "mine").unwrap();
        assert!(matches!(
            replace_with(&out, &again, true),
            Err(DirectoryError::ForeignFile { .. })
        ));
        assert_eq!(fs::read_to_string(out.join("notes.txt")).unwrap(), "mine");
        let leftovers: Vec<_> = fs::read_dir(tmp.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary directory is left");
    }
}
