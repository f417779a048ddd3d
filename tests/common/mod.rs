//! Helpers shared by the runner's integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A CSV file as rows of fields, without the wall-time columns (every name
/// containing `seconds`: `wall_seconds`, `seconds_median`, `ert_seconds`…),
/// the only ones that may differ between runs.
pub fn table(path: &Path) -> Vec<Vec<String>> {
    let mut reader =
        csv::Reader::from_path(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header = reader.headers().expect("header").clone();
    let keep: Vec<usize> = (0..header.len())
        .filter(|&i| !header[i].contains("seconds"))
        .collect();
    let mut rows = vec![
        keep.iter()
            .map(|&i| header[i].to_string())
            .collect::<Vec<_>>(),
    ];
    for record in reader.records() {
        let record = record.expect("a whole row");
        rows.push(keep.iter().map(|&i| record[i].to_string()).collect());
    }
    rows
}

/// A temporary directory holding `config` as `exp.toml`.
pub fn setup(config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("exp.toml"), config).expect("config");
    dir
}

/// The `queens` binary built for the tests.
pub fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("queens")
}

/// Runs `queens args…` in `dir` to its end.
pub fn queens(dir: &Path, args: &[&str]) -> Output {
    Command::new(binary())
        .current_dir(dir)
        .args(args)
        .output()
        .expect("queens runs")
}
