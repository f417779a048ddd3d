//! A trial whose row appears twice in runs.csv, or a row that is no trial
//! of the plan stored in metadata.json, is an error for every
//! reader of the file, naming both lines and the way out: the resume of
//! `queens run`, `summarize`, `plot`, `compare`, `export` and the merge of
//! shards (real processes). Counted twice it would give a cell more trials
//! than its config plans, in every statistic.

mod common;

use common::{ok, queens, stderr};

use std::path::Path;

const CONFIG: &str = r#"
name = "dup"
seed = 1
sizes = [6, 8]
trials = 3

[[algorithm]]
name = "backtracking"
"#;

/// Appends a copy of runs file `runs`'s line 3 (the second row) to it,
/// and returns the line numbers of the two copies.
fn duplicate_second_row(runs: &Path) -> (usize, usize) {
    let text = std::fs::read_to_string(runs).expect("runs file");
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(runs, format!("{text}{}\n", lines[2])).expect("appended");
    (3, lines.len() + 1)
}

/// Asserts that `args` in `dir` exits 2 naming both lines of the trial.
fn refused(dir: &Path, args: &[&str], lines: (usize, usize)) {
    let out = queens(dir, args);
    let message = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {message}");
    assert!(
        message.contains(&format!("lines {} and {}", lines.0, lines.1))
            && message.contains("delete the line"),
        "{args:?}: {message}"
    );
}

#[test]
fn every_reader_of_runs_csv_refuses_a_trial_twice() {
    let dir = common::setup(CONFIG);
    let d = dir.path();
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "D", "--plots", "p"],
    ));
    let lines = duplicate_second_row(&d.join("D/runs.csv"));
    let runs = std::fs::read(d.join("D/runs.csv")).expect("runs");
    let summary = std::fs::read(d.join("D/summary.csv")).expect("summary");
    for args in [
        &["run", "exp.toml", "-q", "--data", "D", "--plots", "p"][..],
        &["summarize", "D"][..],
        &["plot", "D", "--plots", "p2"][..],
        &["compare", "D"][..],
        &["export", "--format", "ioh", "D", "--out", "ioh"][..],
    ] {
        refused(d, args, lines);
    }
    assert_eq!(std::fs::read(d.join("D/runs.csv")).expect("runs"), runs);
    assert_eq!(
        std::fs::read(d.join("D/summary.csv")).expect("summary"),
        summary,
        "no summary of a trial counted twice"
    );
}

#[test]
fn a_merge_refuses_a_shard_with_a_trial_twice() {
    let dir = common::setup(CONFIG);
    let d = dir.path();
    for shard in ["0/2", "1/2"] {
        ok(queens(
            d,
            &["run", "exp.toml", "-q", "--shard", shard, "--data", "D"],
        ));
    }
    let lines = duplicate_second_row(&d.join("D/runs.shard-0-of-2.csv"));
    refused(d, &["merge", "D", "--plots", "p"], lines);
    assert!(!d.join("D/runs.csv").exists());
}

/// Makes two rows of runs file `runs` trials the config does not plan:
/// its first row gets another seed, and a copy of it as trial 99 is
/// appended. Returns their line numbers.
fn unplanned_rows(runs: &Path) -> (usize, usize) {
    let text = std::fs::read_to_string(runs).expect("runs file");
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let column = |name| header.iter().position(|h| *h == name).expect(name);
    let (trial, seed) = (column("trial"), column("seed"));
    let with = |field: usize, value: &str| {
        let mut cells: Vec<&str> = lines[1].split(',').collect();
        cells[field] = value;
        cells.join(",")
    };
    let (reseeded, extra) = (with(seed, "12345"), with(trial, "99"));
    lines[1] = reseeded;
    lines.push(extra);
    std::fs::write(runs, lines.join("\n") + "\n").expect("written");
    (2, lines.len())
}

#[test]
fn every_reader_of_runs_csv_refuses_a_row_outside_the_stored_plan() {
    let dir = common::setup(CONFIG);
    let d = dir.path();
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "D", "--plots", "p"],
    ));
    let (first, second) = unplanned_rows(&d.join("D/runs.csv"));
    let summary = std::fs::read(d.join("D/summary.csv")).expect("summary");
    for args in [
        &["summarize", "D"][..],
        &["plot", "D", "--plots", "p2"][..],
        &["compare", "D"][..],
        &["compare", "D", "--measure", "seconds"][..],
        &["export", "--format", "ioh", "D", "--out", "ioh"][..],
    ] {
        let out = queens(d, args);
        let message = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {message}");
        assert!(
            message.contains(&format!("D/runs.csv: lines {first}, {second}"))
                && message.contains(
                    "(first: label 'backtracking', n = 6, trial 0) are no trial of the plan"
                )
                && message.contains("D/metadata.json")
                && message.contains("delete those lines"),
            "{args:?}: {message}"
        );
    }
    assert_eq!(
        std::fs::read(d.join("D/summary.csv")).expect("summary"),
        summary,
        "no summary of a row outside the plan"
    );
    assert!(!d.join("p2").exists() && !d.join("ioh").exists());
}
