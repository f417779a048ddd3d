//! Running a finished experiment again runs no trial and changes no file:
//! its runs.csv, traces.csv, summary.csv and metadata.json stay byte for
//! byte as they were (no session is recorded), and its charts are redrawn
//! identical.

mod common;

use common::snapshot;

use std::path::Path;

const CONFIG: &str = r#"
name = "rerun"
seed = 3
sizes = [6, 8]
trials = 3
trace = true
trace_every = 5

[budget]
max_steps = 5_000

[[algorithm]]
name = "min-conflicts"

[[algorithm]]
name = "backtracking"
"#;

fn run(d: &Path) -> String {
    let out = common::queens(d, &["run", "exp.toml", "--data", "D", "--plots", "P"]);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{stderr}");
    stderr
}

#[test]
fn a_second_run_of_a_finished_experiment_changes_no_file() {
    let dir = common::setup(CONFIG);
    let d = dir.path();
    run(d);
    // 2 algorithms × 2 sizes × 3 trials, and the header.
    assert_eq!(common::table(&d.join("D/runs.csv")).len(), 13);
    let data = snapshot(&d.join("D"));
    let plots = snapshot(&d.join("P"));
    for file in ["runs.csv", "traces.csv", "summary.csv", "metadata.json"] {
        assert!(data.contains_key(Path::new(file)), "no {file}");
    }
    assert!(!plots.is_empty());

    let stderr = run(d);
    assert!(stderr.contains("nothing to run"), "{stderr}");
    assert_eq!(snapshot(&d.join("D")), data, "the data files changed");
    assert_eq!(snapshot(&d.join("P")), plots, "the charts changed");
}
