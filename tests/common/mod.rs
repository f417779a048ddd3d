//! Helpers shared by the runner's integration tests.

use std::path::Path;

/// A CSV file as rows of fields, without the columns ending in `_seconds`
/// (the only ones that may differ between runs).
pub fn table(path: &Path) -> Vec<Vec<String>> {
    let mut reader =
        csv::Reader::from_path(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header = reader.headers().expect("header").clone();
    let keep: Vec<usize> = (0..header.len())
        .filter(|&i| !header[i].ends_with("_seconds"))
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
