//! A merge never replaces the results of another config: a shard run into a
//! directory holding another config's whole-run results is refused, and so
//! is a merge over them (real processes).

mod common;

use common::{ok, queens};

use std::path::Path;
use std::process::Output;

const A: &str = r#"
name = "a"
seed = 1
sizes = [6]
trials = 3

[[algorithm]]
name = "backtracking"
"#;

const B: &str = r#"
name = "b"
seed = 2
sizes = [5]
trials = 2

[budget]
max_steps = 10_000

[[algorithm]]
name = "min-conflicts"
"#;

/// The bytes of A's result files in `d`.
fn results(d: &Path) -> Vec<Vec<u8>> {
    ["runs.csv", "summary.csv", "metadata.json"]
        .iter()
        .map(|f| std::fs::read(d.join(f)).expect("a result file"))
        .collect()
}

fn assert_refused(out: &Output, what: &[&str]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for w in what {
        assert!(stderr.contains(w), "no '{w}' in: {stderr}");
    }
}

#[test]
fn a_shard_run_over_another_configs_results_is_refused() {
    let dir = common::setup(A);
    let d = dir.path();
    std::fs::write(d.join("b.toml"), B).expect("config");
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "D", "--plots", "p"],
    ));
    let before = results(&d.join("D"));
    for fresh in [&[][..], &["--fresh"][..]] {
        let mut args = vec!["run", "b.toml", "-q", "--shard", "0/1", "--data", "D"];
        args.extend_from_slice(fresh);
        assert_refused(
            &queens(d, &args),
            &[
                "holds the results of another config",
                "exp.toml",
                "b.toml",
                "--data",
            ],
        );
    }
    assert!(!d.join("D/runs.shard-0-of-1.csv").exists());
    assert_refused(
        &queens(d, &["merge", "D", "--plots", "p"]),
        &["no shard results"],
    );
    assert_eq!(results(&d.join("D")), before, "A's results changed");
}

#[test]
fn a_merge_over_another_configs_results_is_refused() {
    let dir = common::setup(A);
    let d = dir.path();
    std::fs::write(d.join("b.toml"), B).expect("config");
    // B's shard first (the directory is empty then), A's whole run beside it.
    ok(queens(
        d,
        &["run", "b.toml", "-q", "--shard", "0/1", "--data", "D"],
    ));
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "D", "--plots", "p"],
    ));
    let before = results(&d.join("D"));
    assert_refused(
        &queens(d, &["merge", "D", "--plots", "p"]),
        &[
            "holds the results of another config",
            "exp.toml",
            "b.toml",
            "--into",
        ],
    );
    assert_eq!(results(&d.join("D")), before, "A's results changed");
    // Into another directory, the merge goes through.
    ok(queens(d, &["merge", "D", "--into", "M", "--plots", "p"]));
    assert_eq!(common::table(&d.join("M/runs.csv")).len(), 3);
}

#[test]
fn a_merge_over_a_runs_file_without_metadata_is_refused_as_run_refuses_it() {
    let dir = common::setup(A);
    let d = dir.path();
    std::fs::write(d.join("b.toml"), B).expect("config");
    ok(queens(
        d,
        &["run", "b.toml", "-q", "--shard", "0/1", "--data", "D"],
    ));
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "D", "--plots", "p"],
    ));
    std::fs::remove_file(d.join("D/metadata.json")).expect("removed");
    let runs = std::fs::read(d.join("D/runs.csv")).expect("A's runs");
    // `run` of B's whole config refuses the directory...
    assert_refused(
        &queens(d, &["run", "b.toml", "-q", "--data", "D", "--plots", "p"]),
        &["does not, so the config that wrote it is unknown"],
    );
    // ...and so does a merge of B's shards into it.
    assert_refused(
        &queens(d, &["merge", "D", "--plots", "p"]),
        &["runs.csv exists", "metadata.json does not", "--into"],
    );
    assert_eq!(std::fs::read(d.join("D/runs.csv")).expect("kept"), runs);
    assert!(!d.join("D/metadata.json").exists());
}

#[test]
fn a_merge_of_two_splits_names_the_two_shard_files() {
    let dir = common::setup(A);
    let d = dir.path();
    for shard in ["0/2", "1/2", "0/3"] {
        ok(queens(
            d,
            &["run", "exp.toml", "-q", "--shard", shard, "--data", "D"],
        ));
    }
    assert_refused(
        &queens(d, &["merge", "D", "--plots", "p"]),
        &[
            "shards of different splits",
            "D/metadata.shard-0-of-2.json is shard 0/2",
            "D/metadata.shard-0-of-3.json is shard 0/3",
            "out of the way",
        ],
    );
    assert!(!d.join("D/runs.csv").exists());
}
