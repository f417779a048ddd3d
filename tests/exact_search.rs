//! The exact-search subcommands through the real binary: `enumerate` against a
//! second, plain recursive implementation of Wirth's search written here,
//! Kuechmann 1997's figures, symmetry classes, construction validity, exit
//! codes.

use assert_cmd::Command;
use queens::base::board::validate;
use serde_json::Value;

fn queens() -> Command {
    Command::cargo_bin("queens").expect("the queens binary is built")
}

/// Counters of a plain recursive Wirth search: (tests, backtracks) at every
/// solution, and at the end.
struct Reference {
    at_solutions: Vec<(u64, u64, Vec<u32>)>,
    total: (u64, u64),
}

fn reference(n: usize) -> Reference {
    fn place(
        n: usize,
        row: usize,
        board: &mut Vec<u32>,
        tests: &mut u64,
        backtracks: &mut u64,
        out: &mut Vec<(u64, u64, Vec<u32>)>,
    ) {
        for column in 0..n as u32 {
            *tests += 1;
            let safe = board.iter().enumerate().all(|(r, &c)| {
                c != column && (row - r) as i64 != (i64::from(column) - i64::from(c)).abs()
            });
            if safe {
                board.push(column);
                if row + 1 == n {
                    out.push((*tests, *backtracks, board.clone()));
                } else {
                    place(n, row + 1, board, tests, backtracks, out);
                }
                board.pop();
            }
        }
        if row > 0 {
            *backtracks += 1;
        }
    }
    let (mut tests, mut backtracks, mut out) = (0, 0, Vec::new());
    place(n, 0, &mut Vec::new(), &mut tests, &mut backtracks, &mut out);
    Reference {
        at_solutions: out,
        total: (tests, backtracks),
    }
}

fn enumerate_json(args: &[&str]) -> Value {
    let output = queens()
        .arg("enumerate")
        .args(args)
        .arg("--json")
        .output()
        .expect("runs");
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

#[test]
fn enumerate_counters_match_a_plain_recursive_search() {
    for n in 1..=10 {
        let r = reference(n);
        let json = enumerate_json(&["-n", &n.to_string()]);
        assert_eq!(json["solutions"], r.at_solutions.len(), "n = {n}");
        assert_eq!(json["tests"], r.total.0, "n = {n}");
        assert_eq!(json["backtracks"], r.total.1, "n = {n}");
        match (r.at_solutions.first(), r.at_solutions.last()) {
            (Some(first), Some(last)) => {
                assert_eq!(json["first"]["tests"], first.0);
                assert_eq!(json["first"]["backtracks"], first.1);
                assert_eq!(json["first"]["columns"], serde_json::json!(first.2));
                assert_eq!(json["last"]["tests"], last.0);
                assert_eq!(json["last"]["backtracks"], last.1);
                assert_eq!(json["last"]["columns"], serde_json::json!(last.2));
            }
            _ => {
                assert!(json["first"].is_null() && json["last"].is_null(), "n = {n}");
            }
        }
    }
}

#[test]
fn enumerate_reproduces_seed_002() {
    let json = enumerate_json(&["-n", "8", "--unique"]);
    assert_eq!(json["solutions"], 92);
    assert_eq!(
        (
            json["first"]["tests"].as_u64(),
            json["first"]["backtracks"].as_u64()
        ),
        (Some(876), Some(105))
    );
    assert_eq!(
        (
            json["last"]["tests"].as_u64(),
            json["last"]["backtracks"].as_u64()
        ),
        (Some(14_852), Some(1_852))
    );
    assert_eq!(
        (json["tests"].as_u64(), json["backtracks"].as_u64()),
        (Some(15_720), Some(1_964))
    );
    assert_eq!(json["unique"], 12);
    // Kuechmann 1997 numbers the fundamental solutions 1, 2, 5, 6, 7, 8, 9, 10, 11, 14, 17, 18.
    let indices: Vec<u64> = json["fundamental"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|f| f["index"].as_u64().expect("an index"))
        .collect();
    assert_eq!(indices, [1, 2, 5, 6, 7, 8, 9, 10, 11, 14, 17, 18]);
    let orbits: u64 = json["fundamental"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|f| f["orbit"].as_u64().expect("an orbit size"))
        .sum();
    assert_eq!(orbits, 92);
}

#[test]
fn unique_counts_match_a002562() {
    for (n, unique) in [
        (1, 1),
        (4, 1),
        (5, 2),
        (6, 1),
        (7, 6),
        (8, 12),
        (9, 46),
        (10, 92),
    ] {
        let json = enumerate_json(&["-n", &n.to_string(), "--unique"]);
        assert_eq!(json["unique"], unique, "n = {n}");
    }
}

#[test]
fn enumerate_csv_has_one_row_per_solution_and_limit_stops() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("solutions.csv");
    let json = enumerate_json(&["-n", "6", "--csv", path.to_str().expect("utf-8 path")]);
    assert_eq!(json["solutions"], 4);
    let text = std::fs::read_to_string(&path).expect("CSV written");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("index,tests,backtracks,columns"));
    let r = reference(6);
    for (line, (tests, backtracks, columns)) in lines.zip(&r.at_solutions) {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields[1], tests.to_string());
        assert_eq!(fields[2], backtracks.to_string());
        let parsed: Vec<u32> = fields[3]
            .split(' ')
            .map(|c| c.parse().expect("a column"))
            .collect();
        assert_eq!(&parsed, columns);
    }
    let limited = enumerate_json(&["-n", "8", "--limit", "3"]);
    assert_eq!(limited["solutions"], 3);
    assert_eq!(limited["complete"], false);
}

#[test]
fn solve_backtracking_reports_tests_and_backtracks() {
    let output = queens()
        .args(["solve", "-a", "backtracking", "-n", "8", "--json"])
        .output()
        .expect("runs");
    assert!(output.status.success());
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["metrics"]["tests"], 876);
    assert_eq!(json["metrics"]["backtracks"], 105);
    assert_eq!(json["metrics"]["stop_reason"], "solved");
    let columns: Vec<u32> = serde_json::from_value(json["columns"].clone()).expect("columns");
    assert_eq!(validate(&columns), Ok(()));
    // The search's CPU time beside its wall time (the keys' order is
    // tests/help_and_json.rs's).
    assert!(
        json["cpu_seconds"].as_f64().is_some_and(|s| s >= 0.0),
        "{json}"
    );
}

fn solve_to_file(n: usize, path: &std::path::Path) -> std::process::Output {
    queens()
        .args([
            "solve",
            "-a",
            "construction",
            "-q",
            "-n",
            &n.to_string(),
            "--output",
        ])
        .arg(path)
        .output()
        .expect("runs")
}

fn read_solution(path: &std::path::Path) -> Vec<u32> {
    let text = std::fs::read_to_string(path).expect("solution file");
    let mut lines = text.lines();
    let n: usize = lines.next().expect("N line").parse().expect("N");
    let columns: Vec<u32> = lines.map(|l| l.parse().expect("a column")).collect();
    assert_eq!(columns.len(), n);
    columns
}

#[test]
fn construction_is_valid_for_every_n_up_to_300_and_a_million() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("solution.txt");
    for n in (4..=300).chain([1_000_000]) {
        let output = solve_to_file(n, &path);
        assert!(output.status.success(), "n = {n}");
        assert_eq!(validate(&read_solution(&path)), Ok(()), "n = {n}");
    }
    for n in [2, 3] {
        let output = queens()
            .args(["solve", "-a", "construction", "-n", &n.to_string()])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(1), "n = {n} has no solution");
        assert!(String::from_utf8_lossy(&output.stdout).contains("no solution"));
    }
}

#[test]
fn bad_input_exits_2_with_a_message_naming_it() {
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "-a", "backtracking", "-n", "0"], "at least 1"),
        (&["solve", "-a", "backtracking", "-n", "-3"], "at least 1"),
        (&["solve", "-a", "backtracking", "-n", "abc"], "'abc'"),
        (
            &["solve", "-a", "quantum", "-n", "8"],
            "unknown algorithm 'quantum'",
        ),
        (&["enumerate", "-n", "0"], "at least 1"),
        (&["enumerate", "-n", "21"], "N <= 20"),
        (
            &[
                "solve",
                "-a",
                "backtracking",
                "-n",
                "8",
                "--param",
                "mode=all",
            ],
            "mode",
        ),
        (
            &[
                "solve",
                "-a",
                "backtracking",
                "-n",
                "8",
                "--param",
                "depth=3",
            ],
            "unknown parameter 'depth'",
        ),
    ];
    for (args, needle) in cases {
        let output = queens().args(*args).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}

#[test]
fn algorithms_lists_every_algorithm_with_source_parameters_and_defaults() {
    let text = queens().arg("algorithms").output().expect("runs");
    assert!(text.status.success());
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    let json = queens()
        .args(["algorithms", "--json"])
        .output()
        .expect("runs");
    let listed: Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let listed = listed.as_array().expect("a list");
    let registry = queens::solvers::algorithms();
    assert_eq!(listed.len(), registry.len());
    for (entry, algorithm) in listed.iter().zip(registry) {
        assert_eq!(entry["name"], algorithm.name);
        assert_eq!(entry["source"], algorithm.source);
        assert_eq!(entry["step"], algorithm.step);
        assert!(text.contains(algorithm.source), "{}", algorithm.name);
        let params = entry["params"].as_array().expect("params");
        assert_eq!(params.len(), algorithm.params.len(), "{}", algorithm.name);
        for (p, spec) in params.iter().zip(algorithm.params) {
            assert_eq!(p["name"], spec.name);
            assert_eq!(p["default"], spec.default);
            assert!(
                text.contains(&format!("--param {}={}", spec.name, spec.default)),
                "{}.{}",
                algorithm.name,
                spec.name
            );
        }
    }
    for algorithm in registry {
        assert!(
            text.lines().any(|line| line == algorithm.name),
            "{} is listed by name",
            algorithm.name
        );
        assert!(
            text.contains(&format!("one step is: {}", algorithm.step)),
            "{}",
            algorithm.name
        );
    }
}
