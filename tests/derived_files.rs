//! Derived files (summary.csv, compare.csv, ranking.csv) are used only with
//! the runs they were computed from: `queens compare A B --output A` then
//! `queens report A` must not present B's comparisons as A's, and a
//! summary.csv whose runs.csv changed, or that was copied in from another
//! experiment, is refused by `report` and `plot` with the command that
//! rewrites it.

mod common;

use common::queens;

use std::path::Path;
use std::process::Output;

/// Two labels, so that there is a pair to compare.
const A: &str = r#"
name = "a"
seed = 1
sizes = [6]
trials = 3

[[algorithm]]
name = "backtracking"

[[algorithm]]
name = "random-restart"
"#;

/// Another experiment with a label A does not have.
const B: &str = r#"
name = "b"
seed = 2
sizes = [6]
trials = 3

[[algorithm]]
name = "backtracking"

[[algorithm]]
name = "min-conflicts"
"#;

/// Runs both experiments into `A` and `B` (charts in `pa`, `pb`).
fn two_experiments() -> tempfile::TempDir {
    let dir = common::setup(A);
    let d = dir.path();
    std::fs::write(d.join("b.toml"), B).expect("config");
    common::ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "A", "--plots", "pa"],
    ));
    common::ok(queens(
        d,
        &["run", "b.toml", "-q", "--data", "B", "--plots", "pb"],
    ));
    dir
}

/// `out` refused with exit 2, its message holding every one of `parts`.
fn assert_refused(out: &Output, parts: &[&str]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for part in parts {
        assert!(stderr.contains(part), "`{part}` not in: {stderr}");
    }
}

fn report(d: &Path) -> String {
    std::fs::read_to_string(d.join("pa/report.html")).expect("report")
}

#[test]
fn a_comparison_written_from_other_runs_is_refused_until_rewritten() {
    let dir = two_experiments();
    let d = dir.path();
    assert!(!report(d).contains("min-conflicts"));
    common::ok(queens(d, &["compare", "A", "B", "--output", "A"]));
    let out = queens(d, &["report", "A", "--plots", "pa"]);
    assert_refused(
        &out,
        &[
            "A/compare.csv was not computed from the runs.csv beside it",
            "computed from the runs of A, B",
            "rewrite it with `queens compare A`",
        ],
    );
    assert!(
        !report(d).contains("min-conflicts"),
        "B's label in A's report"
    );
    common::ok(queens(d, &["compare", "A"]));
    common::ok(queens(d, &["report", "A", "--plots", "pa"]));
    assert!(!report(d).contains("min-conflicts"));
    // Comparing A alone into itself, in another measure, is A's own.
    common::ok(queens(
        d,
        &["compare", "A", "--measure", "seconds", "--output", "A"],
    ));
    common::ok(queens(d, &["report", "A", "--plots", "pa"]));
}

#[test]
fn a_summary_of_other_runs_is_refused_by_report_and_plot_until_summarized() {
    let dir = two_experiments();
    let d = dir.path();
    // B's summary copied over A's.
    std::fs::copy(d.join("B/summary.csv"), d.join("A/summary.csv")).expect("copy");
    assert_refused(
        &queens(d, &["report", "A", "--plots", "pa"]),
        &[
            "A/summary.csv was not computed from the runs.csv beside it",
            "it changed after queens wrote it",
            "rewrite it with `queens summarize A`",
        ],
    );
    common::ok(queens(d, &["summarize", "A"]));
    common::ok(queens(d, &["report", "A", "--plots", "pa"]));
    // runs.csv edited (its last trial deleted) after the summary.
    let runs = std::fs::read_to_string(d.join("A/runs.csv")).expect("runs");
    let kept: Vec<&str> = runs.lines().collect();
    std::fs::write(
        d.join("A/runs.csv"),
        kept[..kept.len() - 1].join("\n") + "\n",
    )
    .expect("runs");
    assert_refused(
        &queens(d, &["plot", "A", "--plots", "pa"]),
        &[
            "A/summary.csv was not computed from the runs.csv beside it",
            "runs.csv changed after it was written",
            "queens summarize A",
        ],
    );
    common::ok(queens(d, &["summarize", "A"]));
    common::ok(queens(d, &["plot", "A", "--plots", "pa"]));
}
