//! `queens plot` with no system font reachable, and the hand-written
//! experiment `tests/fixtures/tiny` it is often given.

use std::path::{Path, PathBuf};
use std::process::Output;

/// Runs `queens plot args…` in `cwd` with no font configuration reachable:
/// fontconfig and the usual font directories point at an empty directory,
/// so a system font could not be found even if the code looked for one.
pub fn plot(args: &[&Path], cwd: &Path) -> Output {
    let empty = tempfile::tempdir().expect("temp dir");
    super::command(cwd, &["plot"])
        .args(args)
        .env("FONTCONFIG_FILE", empty.path().join("none.conf"))
        .env("FONTCONFIG_PATH", empty.path())
        .env("XDG_DATA_HOME", empty.path())
        .env("XDG_DATA_DIRS", empty.path())
        .env("HOME", empty.path())
        .output()
        .expect("queens runs")
}

/// `--print` when this build writes the print formats (the `print`
/// feature), else nothing: the arguments that draw every format there is.
pub fn print_args() -> &'static [&'static str] {
    if queens::plot::PRINT_FORMATS {
        &["--print"]
    } else {
        &[]
    }
}

/// The hand-written fixture `tests/fixtures/tiny` (runs.csv, summary.csv,
/// traces.csv, compare.csv and ranking.csv of a tiny experiment).
pub fn tiny() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tiny")
}

/// Copies the hand-written fixture into `into/tiny` and returns that
/// directory.
pub fn tiny_copy(into: &Path) -> PathBuf {
    let dir = into.join("tiny");
    std::fs::create_dir_all(&dir).expect("the copy's directory");
    for entry in std::fs::read_dir(tiny()).expect("the fixture") {
        let entry = entry.expect("an entry");
        std::fs::copy(entry.path(), dir.join(entry.file_name())).expect("copied");
    }
    dir
}

/// Runs `queens plot DATA --plots PLOTS args…` in the current directory
/// with no font configuration reachable, as [`plot`] does.
pub fn plot_into(data: &Path, plots: &Path, args: &[&str]) -> Output {
    let mut all = vec![data, Path::new("--plots"), plots];
    all.extend(args.iter().map(Path::new));
    plot(&all, Path::new("."))
}
