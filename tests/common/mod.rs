//! Helpers shared by the integration tests: running the `queens` binary
//! and reading what it writes. Submodules hold the helpers of one kind of
//! test: [`plot`] (`queens plot` and its fixture), [`svg`] (reading the
//! charts), [`search`] (one search through the library), [`process`]
//! (stopping a running `queens`) and [`records`] (rows of runs.csv made by
//! hand).
//!
//! Each test binary compiles this module on its own and uses only part of
//! it, so what one binary leaves unused is not dead code.
#![allow(dead_code)]

pub mod plot;
pub mod process;
pub mod records;
pub mod search;
pub mod svg;

use std::collections::BTreeMap;
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

/// A small traced experiment of two algorithms at two sizes, for the tests
/// that attack its writers (kill, full disk, read-only target).
pub const SMALL_TRACED_CONFIG: &str = r#"
name = "small"
seed = 11
sizes = [8, 10]
trials = 4
trace = true

[[algorithm]]
name = "min-conflicts"

[[algorithm]]
name = "backtracking"
"#;

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

/// The command `queens args…` in `dir`, to be run, spawned or given more
/// settings.
pub fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(binary());
    command.current_dir(dir).args(args);
    command
}

/// Runs `queens args…` in `dir` to its end.
pub fn queens(dir: &Path, args: &[&str]) -> Output {
    command(dir, args).output().expect("queens runs")
}

/// Runs `queens args…` in the test's working directory (the crate's root)
/// to its end.
pub fn queens_here(args: &[&str]) -> Output {
    Command::new(binary())
        .args(args)
        .output()
        .expect("queens runs")
}

/// A copy in `into/NAME` of the committed data directory `shipped`: its
/// runs.csv, metadata.json and, when present, params.csv and traces.csv,
/// with summary.csv, compare.csv and ranking.csv derived afresh by
/// `queens summarize` and `queens compare`, so the copy holds what the
/// code now derives from the committed trials. Returns the copy.
pub fn derived_copy(shipped: &Path, into: &Path) -> PathBuf {
    let name = shipped.file_name().expect("a directory name");
    let dir = into.join(name);
    std::fs::create_dir_all(&dir).expect("the copy's directory");
    for file in ["runs.csv", "metadata.json", "params.csv", "traces.csv"] {
        if shipped.join(file).is_file() {
            std::fs::copy(shipped.join(file), dir.join(file)).expect("copied");
        }
    }
    let path = dir.to_str().expect("a UTF-8 path");
    ok(queens(into, &["summarize", path]));
    ok(queens(into, &["compare", path]));
    dir
}

/// `out` after asserting that it exited successfully (else the exit code
/// and stderr are the message).
pub fn ok(out: Output) -> Output {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The stderr of `out` as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The text of the file at `path`; panics naming it when it cannot be
/// read.
pub fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The names in `dir`, hidden ones included, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("readable")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The files in `dir` whose extension is `ext`, sorted.
pub fn files_with(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

/// Every file under `dir`, recursively, by its path relative to `dir`,
/// with its bytes.
pub fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes =
                    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let relative = path.strip_prefix(dir).expect("below dir").to_path_buf();
                files.insert(relative, bytes);
            }
        }
    }
    files
}

/// Writes `rows` to the CSV file `file`, a header from their field names
/// first.
pub fn write_csv<T: serde::Serialize>(file: &Path, rows: &[T]) {
    let mut writer =
        csv::Writer::from_path(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    for row in rows {
        writer.serialize(row).expect("a row");
    }
    writer.flush().expect("flushed");
}

/// Whether this process runs as root (which ignores file permissions and
/// may mount file systems).
pub fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Records in `dir`'s derived.json that its summary.csv, compare.csv and
/// ranking.csv (those present) were computed from its runs.csv, as the
/// store records the files it writes: a hand-made or hand-edited fixture
/// is read only with such a record.
pub fn trust_derived(dir: &Path) {
    let runs = queens::base::records::sha256(&std::fs::read(dir.join("runs.csv")).expect("runs"));
    let mut files = serde_json::Map::new();
    for name in ["summary.csv", "compare.csv", "ranking.csv"] {
        if let Ok(bytes) = std::fs::read(dir.join(name)) {
            files.insert(
                name.to_owned(),
                serde_json::json!({
                    "sha256": queens::base::records::sha256(&bytes),
                    "runs_sha256": runs,
                }),
            );
        }
    }
    let record = serde_json::json!({ "format": 1, "files": files });
    std::fs::write(
        dir.join("derived.json"),
        serde_json::to_string_pretty(&record).expect("json"),
    )
    .expect("derived.json");
}
