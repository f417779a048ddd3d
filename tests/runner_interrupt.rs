//! A real `queens run` process killed with SIGKILL, or stopped with SIGINT
//! (Ctrl-C), mid-run: the finished rows are kept, and a resume gives the same
//! results as a run that was never interrupted.

mod common;

use common::process::{signal, wait_for_rows};
use common::table;

use std::path::Path;
use std::process::Child;

/// Enough work (a few seconds) to stop the process in the middle.
const CONFIG: &str = r#"
name = "interrupt"
seed = 99
sizes = [10]
trials = 300

[[algorithm]]
name = "min-conflicts"
sizes = [8, 16]
trials = 40

[[algorithm]]
name = "backtracking"
params = { mode = "exhaustive" }
"#;

const PLANNED: usize = 2 * 40 + 300;

fn run_to_end(dir: &Path, data: &str) -> std::process::Output {
    common::ok(common::queens(
        dir,
        &["run", "exp.toml", "-q", "--threads", "2", "--data", data],
    ))
}

fn spawn(dir: &Path, data: &str) -> Child {
    common::command(
        dir,
        &["run", "exp.toml", "-q", "--threads", "2", "--data", data],
    )
    .stderr(std::process::Stdio::null())
    .spawn()
    .expect("spawns")
}

fn setup() -> tempfile::TempDir {
    common::setup(CONFIG)
}

#[test]
fn kill_9_then_resume_equals_an_uninterrupted_run() {
    let dir = setup();
    let d = dir.path();
    run_to_end(d, "reference");
    let mut child = spawn(d, "killed");
    wait_for_rows(&d.join("killed/runs.csv"), 5, &mut child);
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    let partial = std::fs::read_to_string(d.join("killed/runs.csv")).expect("runs");
    let complete_rows = partial.matches('\n').count() - 1;
    assert!(
        complete_rows < PLANNED,
        "killed before the end ({complete_rows} rows)"
    );
    run_to_end(d, "killed");
    assert_eq!(
        table(&d.join("reference/runs.csv")),
        table(&d.join("killed/runs.csv"))
    );
    assert_eq!(
        table(&d.join("reference/summary.csv")),
        table(&d.join("killed/summary.csv"))
    );
}

#[test]
fn ctrl_c_keeps_finished_rows_writes_the_summary_and_exits_130() {
    let dir = setup();
    let d = dir.path();
    run_to_end(d, "reference");
    let mut child = spawn(d, "stopped");
    wait_for_rows(&d.join("stopped/runs.csv"), 5, &mut child);
    signal(&child, "INT");
    let status = child.wait().expect("reaped");
    assert_eq!(status.code(), Some(130));
    let rows = table(&d.join("stopped/runs.csv"));
    assert!(rows.len() - 1 < PLANNED, "stopped before the end");
    let summary = table(&d.join("stopped/summary.csv"));
    let trials_col = summary[0]
        .iter()
        .position(|c| c == "trials")
        .expect("trials column");
    let summarised: usize = summary[1..]
        .iter()
        .map(|r| r[trials_col].parse::<usize>().expect("count"))
        .sum();
    assert_eq!(
        summarised,
        rows.len() - 1,
        "the summary covers exactly the finished rows"
    );
    let meta: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(d.join("stopped/metadata.json")).expect("meta"),
    )
    .expect("json");
    assert_eq!(meta["sessions"][0]["interrupted"], true);
    run_to_end(d, "stopped");
    assert_eq!(
        table(&d.join("reference/runs.csv")),
        table(&d.join("stopped/runs.csv"))
    );
}
