//! `queens export --format ioh` through the real binary: a small experiment
//! (a traced local search, a random restart whose tight budget makes it
//! fail, an untraced backtracking search and one cut short) exported and
//! read back as IOHanalyzer and iohinspector read it; fixed-target ERT at
//! target 0 computed by hand from the files equals summary.csv's; the
//! refusals (a size IOH cannot store, a measure some label does not record,
//! a non-empty destination, no data).

mod common;

use common::{queens, stderr};

use std::fs;
use std::path::Path;

use queens::base::records::{RunRecord, SummaryRow, read_rows};
use serde_json::Value;

const CONFIG: &str = r#"name = "ioh"
seed = 7
sizes = [6, 8]
trials = 6
trace = true
trace_every = 5

[[algorithm]]
name = "min-conflicts"

[[algorithm]]
name = "random-restart"
label = "random restart (tight)"
params = { permutation = true }
budget = { max_steps = 30 }

[[algorithm]]
name = "backtracking"
label = "first solution"
trials = 1

[[algorithm]]
name = "backtracking"
label = "backtracking (cut)"
trials = 1
budget = { max_steps = 10 }
"#;

/// Runs the experiment `config` (named in it) in a new temporary directory.
fn experiment(config: &str) -> tempfile::TempDir {
    let dir = common::setup(config);
    common::ok(queens(
        dir.path(),
        &["run", "exp.toml", "--quiet", "--threads", "2"],
    ));
    dir
}

/// The runs of a `.dat` file: each a list of (evaluations, raw_y) under
/// its own header.
fn dat_runs(path: &Path) -> Vec<Vec<(u64, u64)>> {
    let text = fs::read_to_string(path).expect("a .dat file");
    let mut runs: Vec<Vec<(u64, u64)>> = Vec::new();
    for line in text.lines() {
        if line == "evaluations raw_y" {
            runs.push(Vec::new());
            continue;
        }
        let (e, y) = line.split_once(' ').expect("two columns");
        let point = (e.parse().expect("a count"), y.parse().expect("pairs"));
        runs.last_mut().expect("a header first").push(point);
    }
    runs
}

#[test]
fn an_experiment_exports_to_files_whose_ert_is_ours() {
    let dir = experiment(CONFIG);
    let d = dir.path();
    let out = queens(
        d,
        &["export", "--format", "ioh", "data/ioh", "--out", "ioh"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("4 algorithms, 28 runs, evaluations = checks"),
        "{stdout}"
    );

    let runs: Vec<RunRecord> = read_rows(&d.join("data/ioh/runs.csv")).expect("runs");
    let summary: Vec<SummaryRow> = read_rows(&d.join("data/ioh/summary.csv")).expect("summary");
    let mut checked = 0;
    for (label, folder) in [
        ("min-conflicts", "min-conflicts"),
        ("random restart (tight)", "random_restart__tight_"),
        ("first solution", "first_solution"),
        ("backtracking (cut)", "backtracking__cut_"),
    ] {
        let json = d.join("ioh").join(folder).join("IOHprofiler_f1_ioh.json");
        let info: Value =
            serde_json::from_str(&fs::read_to_string(&json).expect("an info file")).expect("JSON");
        assert_eq!(info["function_id"], 1);
        assert_eq!(info["function_name"], "ioh");
        assert_eq!(info["maximization"], false);
        assert_eq!(info["suite"], "queens");
        assert_eq!(info["algorithm"]["name"], label);
        assert_eq!(
            info["attributes"],
            serde_json::json!(["evaluations", "raw_y"])
        );
        assert_eq!(info["experiment_attributes"][0]["measure"], "checks");
        let scenarios = info["scenarios"].as_array().expect("scenarios");
        assert_eq!(scenarios.len(), 2, "{label}: one per size");
        for scenario in scenarios {
            let n = scenario["dimension"].as_u64().expect("a dimension");
            let cell: Vec<&RunRecord> = runs
                .iter()
                .filter(|r| r.label == label && r.n == n)
                .collect();
            let listed = scenario["runs"].as_array().expect("runs");
            assert_eq!(
                listed.len(),
                cell.len(),
                "{label} N = {n}: one run per trial"
            );
            let path = json
                .parent()
                .expect("a folder")
                .join(scenario["path"].as_str().expect("a path"));
            let blocks = dat_runs(&path);
            assert_eq!(
                blocks.len(),
                cell.len(),
                "{}: a header per run",
                path.display()
            );

            let (mut spent, mut successes) = (0.0, 0);
            for ((run, block), trial) in listed.iter().zip(&blocks).zip(&cell) {
                assert_eq!(run["trial"], trial.trial);
                assert_eq!(run["seed"], trial.seed);
                assert_eq!(run["instance"], 1);
                assert_eq!(block[0].0, 1, "every run starts at evaluation 1");
                assert!(block.windows(2).all(|w| w[0].0 < w[1].0), "{block:?}");
                let &(last_e, last_y) = block.last().expect("lines");
                assert_eq!(last_e, trial.checks, "the run ends at its checks");
                assert_eq!(run["evals"], trial.checks);
                assert_eq!(last_y == 0, trial.solved, "{block:?}");
                if let Some(pairs) = trial.final_conflicts.filter(|&c| !trial.solved && c > 0) {
                    assert_eq!(last_y, pairs);
                }
                let best = block.iter().map(|p| p.1).min().expect("lines");
                assert_eq!(run["best"]["y"], best);
                // Fixed-target running time at target 0, as IOH counts it:
                // the first evaluation reaching 0, or the whole run.
                match block.iter().find(|p| p.1 == 0) {
                    Some(&(e, _)) => {
                        spent += e as f64;
                        successes += 1;
                    }
                    None => spent += run["evals"].as_u64().expect("evals") as f64,
                }
            }
            let ert = if successes == 0 {
                f64::INFINITY
            } else {
                spent / successes as f64
            };
            let ours = summary
                .iter()
                .find(|s| s.label == label && s.n == n)
                .expect("a summary row")
                .checks
                .ert
                .expect("a known ERT");
            assert!(
                ert == ours || (ert - ours).abs() <= 1e-9 * ours,
                "{label} N = {n}: ERT {ert} from the export, {ours} in summary.csv"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 8);
    let cut = runs
        .iter()
        .find(|r| r.label == "backtracking (cut)")
        .expect("a row");
    assert!(!cut.solved, "the cut search fails, so one ERT is infinite");
    assert!(
        runs.iter()
            .any(|r| r.label == "random restart (tight)" && !r.solved)
    );
    let traced = dat_runs(&d.join("ioh/min-conflicts/data_f1_ioh/IOHprofiler_f1_DIM8.dat"));
    assert!(
        traced.iter().any(|b| b.len() > 2),
        "the trace's improvements are logged"
    );

    // The destination is not replaced unless asked, then replaced whole.
    let again = queens(
        d,
        &["export", "--format", "ioh", "data/ioh", "--out", "ioh"],
    );
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    let forced = queens(
        d,
        &[
            "export",
            "--format",
            "ioh",
            "data/ioh",
            "--out",
            "ioh",
            "--force",
            "--measure",
            "steps",
        ],
    );
    assert_eq!(forced.status.code(), Some(2), "steps of different units");
    assert!(
        stderr(&forced).contains("min-conflicts: repair"),
        "{}",
        stderr(&forced)
    );
    let evaluations = queens(
        d,
        &[
            "export",
            "--format",
            "ioh",
            "data/ioh",
            "--out",
            "ioh2",
            "--measure",
            "evaluations",
        ],
    );
    assert_eq!(evaluations.status.code(), Some(2));
    let message = stderr(&evaluations);
    assert!(
        message
            .contains("random restart (tight), first solution, backtracking (cut) never evaluate"),
        "{message}"
    );
    assert!(!d.join("ioh2").exists(), "nothing is written on a refusal");
    let forced = queens(
        d,
        &[
            "export", "--format", "ioh", "data/ioh", "--out", "ioh", "--force",
        ],
    );
    assert!(forced.status.success(), "{}", stderr(&forced));
}

#[test]
fn sizes_ioh_cannot_store_are_refused_or_left_out() {
    let dir = experiment(
        "name = \"big\"\nseed = 1\nsizes = [8, 70000]\ntrials = 1\n\n[[algorithm]]\nname = \"construction\"\n",
    );
    let d = dir.path();
    let refused = queens(
        d,
        &["export", "--format", "ioh", "data/big", "--out", "ioh"],
    );
    assert_eq!(refused.status.code(), Some(2));
    let message = stderr(&refused);
    assert!(
        message.contains("N = 70000") && message.contains("65535"),
        "{message}"
    );
    assert!(message.contains("--omit-large-sizes"), "{message}");
    assert!(!d.join("ioh").exists());

    let out = queens(
        d,
        &[
            "export",
            "--format",
            "ioh",
            "data/big",
            "--out",
            "ioh",
            "--omit-large-sizes",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let notes = stderr(&out);
    assert!(
        notes.contains("left out construction at N = 70000"),
        "{notes}"
    );
    // The construction makes no check: its cost of 0 is written at 1.
    assert!(notes.contains("1 run cost 0 checks"), "{notes}");
    let blocks = dat_runs(&d.join("ioh/construction/data_f1_big/IOHprofiler_f1_DIM8.dat"));
    assert_eq!(blocks, [vec![(1, 0)]]);
    let names: Vec<String> = fs::read_dir(d.join("ioh/construction/data_f1_big"))
        .expect("a data folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["IOHprofiler_f1_DIM8.dat"], "no file for N = 70000");
}

#[test]
fn a_missing_data_directory_is_bad_input() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = queens(
        dir.path(),
        &["export", "--format", "ioh", "nowhere", "--out", "ioh"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("data directory nowhere does not exist"),
        "{}",
        stderr(&out)
    );
    fs::create_dir(dir.path().join("empty")).expect("a directory");
    let out = queens(
        dir.path(),
        &["export", "--format", "ioh", "empty", "--out", "ioh"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("empty/runs.csv not found"),
        "{}",
        stderr(&out)
    );
    let out = queens(
        dir.path(),
        &["export", "--format", "csv", "empty", "--out", "ioh"],
    );
    assert_eq!(out.status.code(), Some(2), "an unknown format");
}
