//! `queens bench --quick` runs every benchmark target end to end: the figures
//! the book's speed page quotes come from code that is exercised on every CI run.

use assert_cmd::Command;
use serde_json::Value;

/// Runs `queens bench` with `args` and `--json`; the measurements, one JSON
/// object each.
fn bench_json(args: &[&str]) -> Vec<Value> {
    let output = Command::cargo_bin("queens")
        .expect("the queens binary is built")
        .arg("bench")
        .args(args)
        .arg("--json")
        .output()
        .expect("runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

#[test]
fn every_benchmark_target_measures_and_checks_its_results() {
    let rows = bench_json(&["all", "--quick"]);
    for prefix in [
        "count",
        "construction",
        "min-conflicts",
        "genetic",
        "annealing",
        "runner",
    ] {
        let mine: Vec<&Value> = rows
            .iter()
            .filter(|r| r["name"].as_str().is_some_and(|n| n.starts_with(prefix)))
            .collect();
        assert!(!mine.is_empty(), "no measurement for {prefix}");
        for r in &mine {
            assert!(r["cpu_seconds"].as_f64().is_some_and(|s| s >= 0.0), "{r}");
            assert!(r["wall_seconds"].as_f64().is_some_and(|s| s >= 0.0), "{r}");
            assert!(
                r["processor"].as_str().is_some_and(|p| !p.is_empty()),
                "{r}"
            );
            // The solvers of large boards also time a whole `queens
            // solve` process.
            assert_eq!(
                r["process_cpu_seconds"].as_f64().is_some_and(|s| s > 0.0),
                prefix == "min-conflicts" || prefix == "construction",
                "{r}"
            );
        }
    }
    let count_notes: Vec<&str> = rows
        .iter()
        .filter(|r| r["name"].as_str().is_some_and(|n| n.starts_with("count")))
        .filter_map(|r| r["note"].as_str())
        .collect();
    assert!(
        count_notes.iter().all(|n| n.contains("= OEIS")),
        "{count_notes:?}"
    );
    // Peers' figures are references with their source, never a ratio
    // against a constant measured in another run.
    let notes: Vec<&str> = rows
        .iter()
        .filter(|r| {
            r["name"]
                .as_str()
                .is_some_and(|n| n.starts_with("genetic") || n.starts_with("annealing"))
        })
        .filter_map(|r| r["note"].as_str())
        .collect();
    for peer in ["DEAP's n-queens example", "Python simanneal"] {
        let labelled = format!("reference, not measured here: {peer}");
        assert!(
            notes
                .iter()
                .any(|n| n.contains(&labelled) && n.contains("measured 2026-11 in a separate run")),
            "{notes:?}"
        );
    }
    assert!(
        notes
            .iter()
            .all(|n| !n.contains("x faster") && !n.contains("target")),
        "{notes:?}"
    );
    let heap = rows
        .iter()
        .find(|r| {
            r["name"]
                .as_str()
                .is_some_and(|n| n.starts_with("construction"))
        })
        .and_then(|r| r["peak_heap_bytes"].as_u64())
        .expect("the counting allocator reports heap use");
    assert!(heap > 0);
}

#[test]
fn repeated_runs_report_each_measurement_once_with_its_median_and_range() {
    let run = |runs: &str| bench_json(&["min-conflicts", "--quick", "--runs", runs]);
    let once = run("1");
    let thrice = run("3");
    assert_eq!(once.len(), thrice.len(), "{thrice:?}");
    for (one, three) in once.iter().zip(&thrice) {
        assert_eq!(one["name"], three["name"]);
        // The solver is seeded: every run makes the same repairs and checks.
        assert_eq!(one["note"], three["note"]);
        assert_eq!(
            (one["runs"].as_u64(), three["runs"].as_u64()),
            (Some(1), Some(3))
        );
        assert_eq!(one["cpu_seconds_min"], one["cpu_seconds"]);
        let seconds = |key: &str| three[key].as_f64().expect("seconds");
        // A whole process takes at least the CPU time of the search in it.
        assert!(
            seconds("process_search_cpu_seconds") > 0.0
                && seconds("process_search_cpu_seconds") <= seconds("process_cpu_seconds"),
            "{three}"
        );
        assert!(
            seconds("cpu_seconds_min") <= seconds("cpu_seconds")
                && seconds("cpu_seconds") <= seconds("cpu_seconds_max"),
            "{three}"
        );
    }
}

#[test]
fn the_table_names_the_processor_and_the_whole_process_beside_the_search() {
    let output = Command::cargo_bin("queens")
        .expect("the queens binary is built")
        .args(["bench", "min-conflicts", "-n", "100000"])
        .output()
        .expect("runs");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .and_then(|rest| rest.split_once(':'))
        .map_or("unknown", |(_, name)| name.trim());
    assert!(
        text.lines().next() == Some(&format!("processor: {model}")),
        "{text}"
    );
    assert!(text.contains("process cpu s (outside)"), "{text}");
    let row = text
        .lines()
        .find(|l| l.starts_with("min-conflicts fast n=100000 seed=0"))
        .expect("the row");
    assert!(row.contains("%)"), "{row}");
}
