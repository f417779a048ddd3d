//! Trace rows are not held in memory: the runner appends them as trials end
//! and the finishing step puts traces.csv in plan order by copying the rows
//! back from the file. A crashed session's traces file — trials in any
//! order, the partial rows of a trial that has no run row, a torn last line
//! — resumes into the very bytes of an uninterrupted run.

mod common;

use std::path::Path;

const CONFIG: &str = "name = \"tr\"\nseed = 3\nsizes = [8, 10]\ntrials = 3\ntrace = true\ntrace_every = 5\n\n[[algorithm]]\nname = \"min-conflicts\"\n";

/// Runs tr.toml in `dir` to its successful end.
fn run(dir: &Path) {
    common::ok(common::queens(
        dir,
        &["run", "tr.toml", "--quiet", "--threads", "2"],
    ));
}

/// The key (label, n, trial) of a trace line.
fn key(line: &str) -> String {
    line.splitn(4, ',').take(3).collect::<Vec<_>>().join(",")
}

#[test]
fn a_crashed_traces_file_resumes_into_the_plan_order_bytes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    std::fs::write(d.join("tr.toml"), CONFIG).expect("config");
    run(d);
    let data = d.join("data/tr");
    let traces = std::fs::read_to_string(data.join("traces.csv")).expect("traces");
    let (header, rows) = traces.split_once('\n').expect("a header");
    let lines: Vec<&str> = rows.lines().collect();

    // The last trial of the plan loses its run row; its trace rows are cut
    // to the first one and a torn line; the other trials' blocks are
    // reversed, as if they had finished in the opposite order.
    let runs = std::fs::read_to_string(data.join("runs.csv")).expect("runs");
    let kept_runs = &runs[..runs.trim_end().rfind('\n').expect("rows") + 1];
    std::fs::write(data.join("runs.csv"), kept_runs).expect("write runs");
    let last = key(lines.last().expect("trace rows"));
    let mut blocks: Vec<Vec<&str>> = Vec::new();
    for line in lines.iter().filter(|l| key(l) != last) {
        match blocks.last_mut() {
            Some(b) if key(b[0]) == key(line) => b.push(line),
            _ => blocks.push(vec![line]),
        }
    }
    assert!(blocks.len() >= 5, "every other trial has trace rows");
    blocks.reverse();
    let mut crashed = format!("{header}\n");
    for line in blocks.concat() {
        crashed += &format!("{line}\n");
    }
    let orphan = lines.iter().find(|l| key(l) == last).expect("its rows");
    crashed += &format!("{orphan}\n{last},9");
    std::fs::write(data.join("traces.csv"), crashed).expect("write traces");

    run(d);
    let resumed = std::fs::read_to_string(data.join("traces.csv")).expect("traces");
    assert_eq!(resumed, traces);
}
