//! The holes a careless or hostile edit of a data directory slipped
//! through before the data directory was one store: each is closed by the
//! store's reading of the files, whichever command reads them.
//!
//! - A derived file whose record in derived.json is missing (the record
//!   deleted) is as untrusted as one whose record disagrees: `report` and
//!   `plot` refuse it, and the edited value is never shown.
//! - A row whose `solved` and `stop_reason` contradict each other is
//!   refused, naming the file, the line and both cells.
//! - A runs.csv whose last line is cut short is refused naming the line
//!   (a resume runs that trial again), and a traces.csv row of a size or
//!   trial outside the plan is refused naming its line.

mod common;

use common::{ok, queens};

use std::path::Path;
use std::process::Output;

/// A small traced experiment: two labels, two sizes, three trials each;
/// random restarts on a budget too small to solve every trial.
const CONFIG: &str = r#"
name = "holes"
seed = 5
sizes = [6, 8]
trials = 3
trace = true

[[algorithm]]
name = "min-conflicts"

[[algorithm]]
name = "random-restart"
budget = { max_steps = 20 }
"#;

/// `out` refused with exit 2, its message holding every one of `parts`.
fn assert_refused(out: &Output, parts: &[&str]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for part in parts {
        assert!(stderr.contains(part), "`{part}` not in: {stderr}");
    }
}

/// The experiment run into `data` (charts in `plots`) in a fresh
/// directory.
fn ran() -> tempfile::TempDir {
    let dir = common::setup(CONFIG);
    ok(queens(
        dir.path(),
        &[
            "run", "exp.toml", "-q", "--data", "data", "--plots", "plots",
        ],
    ));
    dir
}

/// Replaces the first `from` in the file at `path` by `to`.
fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).expect("read");
    assert!(text.contains(from), "`{from}` not in {}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).expect("written");
}

#[test]
fn an_edited_summary_without_its_record_is_refused_never_shown() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let copy = d.join("x");
    std::fs::create_dir(&copy).expect("copy");
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/blog-repair");
    for entry in std::fs::read_dir(&shipped).expect("shipped data") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), copy.join(entry.file_name())).expect("copied");
    }
    std::fs::remove_file(copy.join("derived.json")).expect("record removed");
    edit(
        &copy.join("summary.csv"),
        ",219,0,0,0.438,",
        ",469,0,0,0.938,",
    );
    for command in ["report", "plot"] {
        let out = queens(d, &[command, "x", "--plots", "x/p"]);
        assert_refused(
            &out,
            &[
                "summary.csv was not computed from the runs.csv beside it",
                "no record",
                "queens summarize x",
            ],
        );
        let report = d.join("x/p/report.html");
        assert!(
            !report.exists()
                || !std::fs::read_to_string(&report)
                    .expect("report")
                    .contains("469"),
            "{command} showed the edited value"
        );
    }
    // Rewritten, the summary holds the committed count again.
    ok(queens(d, &["summarize", "x"]));
    let summary = std::fs::read_to_string(copy.join("summary.csv")).expect("summary");
    assert!(summary.contains(",219,0,0,0.438,") && !summary.contains(",469,0,0,0.938,"));
}

#[test]
fn contradictory_rows_are_refused_naming_the_line_and_both_cells() {
    let dir = ran();
    let d = dir.path();
    let runs = d.join("data/runs.csv");
    let original = std::fs::read_to_string(&runs).expect("runs");
    // Line 2 is min-conflicts' first trial at N = 6: solved.
    edit(&runs, ",TRUE,solved,", ",FALSE,solved,");
    for command in [&["summarize", "data"][..], &["compare", "data"]] {
        assert_refused(
            &queens(d, command),
            &[
                "runs.csv: line 2",
                "solved = FALSE but stop_reason = solved",
            ],
        );
    }
    std::fs::write(&runs, &original).expect("restored");
    let line = 1 + original
        .lines()
        .position(|l| l.contains(",FALSE,budget_"))
        .expect("an unsolved trial");
    edit(&runs, ",FALSE,budget_", ",TRUE,budget_");
    assert_refused(
        &queens(d, &["report", "data", "--plots", "plots"]),
        &[
            &format!("runs.csv: line {line}"),
            "solved = TRUE but stop_reason = budget_",
        ],
    );
}

#[test]
fn a_cut_short_last_line_is_refused_and_a_resume_runs_its_trial_again() {
    let dir = ran();
    let d = dir.path();
    let runs = d.join("data/runs.csv");
    let whole = std::fs::read_to_string(&runs).expect("runs");
    let lines = whole.lines().count();
    // The last row loses its end: its newline and a few characters.
    std::fs::write(&runs, &whole[..whole.len() - 5]).expect("cut");
    for command in [
        &["summarize", "data"][..],
        &["compare", "data"],
        &["report", "data", "--plots", "plots"],
        &["export", "--format", "ioh", "data", "--out", "ioh"],
    ] {
        assert_refused(
            &queens(d, command),
            &[&format!("runs.csv: line {lines} is cut short")],
        );
    }
    // A resume cuts the torn line off and runs that trial again, to the
    // same row (every column but the wall time).
    ok(queens(
        d,
        &[
            "run", "exp.toml", "-q", "--data", "data", "--plots", "plots",
        ],
    ));
    let resumed = std::fs::read_to_string(&runs).expect("runs");
    let without_time = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.rsplit_once(',').map_or(l, |(rest, _)| rest).to_owned())
            .collect()
    };
    assert_eq!(without_time(&resumed), without_time(&whole));
}

#[test]
fn a_trace_row_outside_the_plan_is_refused_naming_its_line() {
    let dir = ran();
    let d = dir.path();
    let traces = d.join("data/traces.csv");
    let text = std::fs::read_to_string(&traces).expect("traces");
    let lines = text.lines().count();
    let last = text.lines().last().expect("a trace row");
    // The same point, at a board size the config does not plan.
    let fields: Vec<&str> = last.split(',').collect();
    let mut moved = fields.clone();
    moved[1] = "99";
    std::fs::write(&traces, format!("{text}{}\n", moved.join(","))).expect("appended");
    for command in [
        &["report", "data", "--plots", "plots"][..],
        &["plot", "data", "--plots", "plots"],
        &["export", "--format", "ioh", "data", "--out", "ioh"],
    ] {
        assert_refused(
            &queens(d, command),
            &[
                &format!("traces.csv: line {}", lines + 1),
                "n = 99, which is no trial of the plan",
            ],
        );
    }
}
