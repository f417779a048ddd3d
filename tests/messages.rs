//! Error messages through the real binary: each names the file it concerns
//! (or stdout) and the remedy: a data directory that cannot be written, a
//! full stdout, a bad field of runs.csv, a file given as a data directory.
//! runs.csv rewritten by pandas (`True`/`False`) is read.

mod common;

use common::{command, is_root, queens, stderr};

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The tiny experiment's runs.csv and summary.csv, copied into a fresh
/// directory `dir/name`.
fn tiny_copy(dir: &Path, name: &str) -> PathBuf {
    let source = common::plot::tiny();
    let copy = dir.join(name);
    fs::create_dir(&copy).expect("copy dir");
    for file in ["runs.csv", "summary.csv", "derived.json"] {
        fs::copy(source.join(file), copy.join(file)).expect("copied");
    }
    copy
}

/// A read-only tmpfs mounted on a directory, unmounted when dropped.
struct ReadOnlyMount(PathBuf);

impl ReadOnlyMount {
    /// Mounts a tmpfs on `dir`, copies `runs.csv` into it and remounts it
    /// read-only; `None` where mounting is not allowed.
    fn new(dir: &Path, runs: &Path) -> Option<ReadOnlyMount> {
        let mount = |args: &[&str]| {
            Command::new("mount")
                .args(args)
                .arg(dir)
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        if !mount(&["-t", "tmpfs", "-o", "size=1m", "tmpfs"]) {
            return None;
        }
        let guard = ReadOnlyMount(dir.to_path_buf());
        fs::copy(runs, dir.join("runs.csv")).expect("copied");
        mount(&["-o", "remount,ro"]).then_some(guard)
    }
}

impl Drop for ReadOnlyMount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn summarize_into_a_read_only_directory_names_it_and_the_remedy() {
    let dir = tempfile::tempdir().expect("dir");
    let d = dir.path();
    let data = tiny_copy(d, "data");
    let target = d.join("ro");
    fs::create_dir(&target).expect("dir");
    // Root ignores permissions: a read-only file system stands in for them.
    let _mount = if is_root() {
        match ReadOnlyMount::new(&target, &data.join("runs.csv")) {
            Some(mount) => Some(mount),
            None => {
                eprintln!("skipped: running as root and cannot mount a read-only tmpfs");
                return;
            }
        }
    } else {
        fs::copy(data.join("runs.csv"), target.join("runs.csv")).expect("copied");
        let mut permissions = fs::metadata(&target).expect("meta").permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o555);
        fs::set_permissions(&target, permissions).expect("read-only");
        None
    };
    let out = queens(d, &["summarize", "ro"]);
    let message = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{message}");
    assert!(message.contains("ro/.queens.lock"), "{message}");
    assert!(
        message.contains("into ro: make that directory writable"),
        "{message}"
    );
}

#[test]
fn a_full_stdout_is_named_with_the_remedy() {
    let Ok(full) = fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: no /dev/full");
        return;
    };
    let dir = tempfile::tempdir().expect("dir");
    let out = command(dir.path(), &["solve", "-n", "8"])
        .stdout(full)
        .output()
        .expect("runs");
    let message = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{message}");
    assert!(
        message.starts_with("error: cannot write the result to stdout (redirect stdout to a file"),
        "{message}"
    );
    assert!(message.contains("No space left on device"), "{message}");
}

#[test]
fn runs_rewritten_by_pandas_are_read_and_a_bad_field_is_named_by_its_column() {
    let dir = tempfile::tempdir().expect("dir");
    let d = dir.path();
    let data = tiny_copy(d, "data");
    let runs = fs::read_to_string(data.join("runs.csv")).expect("runs");
    let before = queens(d, &["summarize", "data"]);
    assert!(before.status.success(), "{}", stderr(&before));
    let expected = fs::read_to_string(data.join("summary.csv")).expect("summary");

    // pandas writes booleans True and False.
    fs::write(data.join("runs.csv"), runs.replace(",TRUE,", ",True,")).expect("pandas");
    let out = queens(d, &["summarize", "data"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        fs::read_to_string(data.join("summary.csv")).expect("summary"),
        expected
    );

    let bad = runs.replacen(",TRUE,", ",yes,", 1);
    fs::write(data.join("runs.csv"), bad).expect("bad");
    let out = queens(d, &["summarize", "data"]);
    let message = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{message}");
    assert!(
        message
            .contains("runs.csv: bad row 2: column `solved` holds `yes`: expected TRUE or FALSE"),
        "{message}"
    );
    assert!(
        message.contains("correct the value or delete the line"),
        "{message}"
    );
    assert!(!message.contains("field 8"), "{message}");
}

#[test]
fn plot_of_a_file_says_it_is_not_a_directory() {
    let dir = tempfile::tempdir().expect("dir");
    fs::write(dir.path().join("afile"), "x").expect("file");
    let out = queens(dir.path(), &["plot", "afile"]);
    let message = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{message}");
    assert!(
        message.starts_with("error: afile is a file, not a data directory"),
        "{message}"
    );
    assert!(!message.contains("does not exist"), "{message}");
}

#[test]
fn an_os_error_is_printed_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("missing.ckpt").display().to_string();
    let out = queens(dir.path(), &["count", "--merge", &missing]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert_eq!(message.matches("(os error 2)").count(), 1, "{message}");
    assert!(message.contains(&missing), "{message}");
}

#[test]
fn a_misspelled_algorithm_or_parameter_gets_a_suggestion() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = queens(dir.path(), &["solve", "-a", "min-conflict", "-n", "8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown algorithm 'min-conflict' (did you mean 'min-conflicts'?)"),
        "{}",
        stderr(&out)
    );
    let out = queens(
        dir.path(),
        &[
            "solve",
            "-a",
            "min-conflicts",
            "-n",
            "8",
            "--param",
            "varient=fast",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(
            "unknown parameter 'varient' for algorithm 'min-conflicts' (did you mean 'variant'?)"
        ),
        "{}",
        stderr(&out)
    );
    let out = queens(dir.path(), &["solve", "-a", "quantum", "-n", "8"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!stderr(&out).contains("did you mean"), "{}", stderr(&out));
}
