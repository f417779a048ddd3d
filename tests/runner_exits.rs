//! How `queens run` ends when its charts cannot be drawn, and when SIGTERM
//! (Slurm's scancel) stops it: the data is written first either way.

mod common;

use common::process::{signal, wait_for_rows};

#[test]
fn an_unwritable_plots_directory_exits_2_after_the_data_is_written() {
    let dir = common::setup(
        "name = \"p\"\nseed = 1\nsizes = [6]\ntrials = 2\n[[algorithm]]\nname = \"backtracking\"\n",
    );
    let d = dir.path();
    // A plots directory under a regular file cannot be created, even by root.
    std::fs::write(d.join("afile"), "x").expect("file");
    let out = common::queens(d, &["run", "exp.toml", "-q", "--plots", "afile/plots"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no charts in afile/plots"), "{stderr}");
    assert!(stderr.contains("queens plot data/p"), "{stderr}");
    assert_eq!(common::table(&d.join("data/p/summary.csv")).len(), 2);
    assert_eq!(common::table(&d.join("data/p/runs.csv")).len(), 3);
}

#[test]
fn sigterm_keeps_finished_rows_writes_the_summary_and_exits_143() {
    let dir = common::setup(
        "name = \"s\"\nseed = 9\nsizes = [10]\ntrials = 300\n[[algorithm]]\nname = \"backtracking\"\nparams = { mode = \"exhaustive\" }\n",
    );
    let d = dir.path();
    let mut child = common::command(d, &["run", "exp.toml", "-q", "--threads", "2"])
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawns");
    wait_for_rows(&d.join("data/s/runs.csv"), 3, &mut child);
    signal(&child, "TERM");
    assert_eq!(child.wait().expect("reaped").code(), Some(143));
    let rows = common::table(&d.join("data/s/runs.csv")).len() - 1;
    assert!(rows < 300, "stopped before the end");
    let summary = common::table(&d.join("data/s/summary.csv"));
    let trials = summary[0].iter().position(|c| c == "trials").expect("col");
    assert_eq!(summary[1][trials].parse::<usize>().expect("count"), rows);
}

#[test]
fn a_changed_config_is_refused_with_what_changed() {
    let config =
        "name = \"c\"\nseed = 1\nsizes = [6]\ntrials = 1\n[[algorithm]]\nname = \"backtracking\"\n";
    let dir = common::setup(config);
    let d = dir.path();
    let run = || common::queens(d, &["run", "exp.toml", "-q", "--plots", "charts"]);
    assert!(run().status.success());
    std::fs::write(d.join("exp.toml"), config.replace("seed = 1", "seed = 2")).expect("edit");
    let out = run();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("What changed (- stored, + exp.toml):\n    - seed = 1\n    + seed = 2"),
        "{stderr}"
    );
}
