//! A foreign solver that changed between two sessions of a run is caught
//! before the resume mixes two solvers' rows under one label: metadata.json
//! records what each external program is (its command and the SHA-256 of
//! the files it names) when the run begins, and a resume with a changed
//! file is refused with exit 2, naming the label and the way out, with
//! nothing written; an unchanged program resumes.

mod common;

use std::path::Path;

/// The handshake and the replies of a program that solves N = 4 whatever
/// it is asked.
const SOLVER: &str = r#"read -r hello
echo '{"protocol_version":2,"name":"test","version":"1","many_trials":true}'
while read -r line; do
  id=$(printf '%s\n' "$line" | sed 's/.*"id":\([0-9]*\).*/\1/')
  echo "{\"id\":$id,\"solution\":[1,3,0,2],\"stop_reason\":\"solved\",\"counters\":{\"steps\":1}}"
done
"#;

const CONFIG: &str = r#"name = "changed"
seed = 3
sizes = [4]
trials = 4

[[algorithm]]
name = "external"
label = "mine"
command = ["sh", "solver.sh"]

[[algorithm]]
name = "min-conflicts"
"#;

/// `queens run exp.toml` into `data` (charts in `plots`), with `extra`
/// arguments.
fn run(dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "run", "exp.toml", "-q", "--data", "data", "--plots", "plots",
    ];
    args.extend_from_slice(extra);
    common::queens(dir, &args)
}

/// runs.csv without its last row, as a run stopped before its last trial
/// leaves it.
fn drop_last_row(runs: &Path) {
    let text = common::read(runs);
    let mut lines: Vec<&str> = text.lines().collect();
    lines.pop();
    std::fs::write(runs, lines.join("\n") + "\n").expect("runs.csv cut");
}

#[test]
fn a_resume_with_a_changed_external_program_is_refused_and_an_unchanged_one_goes_on() {
    let dir = common::setup(CONFIG);
    let d = dir.path();
    std::fs::write(d.join("solver.sh"), SOLVER).expect("solver");
    common::ok(run(d, &[]));
    let metadata: serde_json::Value =
        serde_json::from_str(&common::read(&d.join("data/metadata.json"))).expect("json");
    let recorded = &metadata["foreign_solvers"];
    assert_eq!(recorded.as_array().map(Vec::len), Some(1), "{metadata}");
    assert_eq!(recorded[0]["label"], "mine");
    assert!(
        recorded[0]["solver"]
            .as_str()
            .is_some_and(|s| s.ends_with("solver.sh")),
        "{recorded}"
    );

    let runs = d.join("data/runs.csv");
    drop_last_row(&runs);
    common::ok(run(d, &[]));
    assert_eq!(
        common::table(&runs).len(),
        1 + 8,
        "the unchanged program resumed"
    );

    drop_last_row(&runs);
    let before = common::snapshot(&d.join("data"));
    std::fs::write(d.join("solver.sh"), format!("{SOLVER}# changed\n")).expect("changed");
    let out = run(d, &[]);
    let stderr = common::stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for part in [
        "'mine'",
        "solver.sh",
        "has changed since",
        "--fresh",
        "--data",
    ] {
        assert!(stderr.contains(part), "`{part}` not in {stderr}");
    }
    assert_eq!(common::snapshot(&d.join("data")), before, "nothing written");

    common::ok(run(d, &["--fresh"]));
    assert_eq!(common::table(&runs).len(), 1 + 8);
}
