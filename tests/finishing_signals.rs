//! SIGINT and SIGTERM after the trials, while the charts are drawn: a real
//! `queens run` or `queens plot` process stops (exit 130 or 143) instead of
//! carrying on to exit 0, keeps its data files byte for byte, leaves no
//! temporary file and writes no report; the same command again finishes.
//!
//! Not timed: the process is frozen (SIGSTOP) as soon as its first chart
//! appears, the signal is sent while it cannot move, and it is let go
//! (SIGCONT); a process that can still run when the signal comes cannot
//! have finished before it.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use common::process::signal;

/// Three labels at three sizes, with traces: a dozen charts, each drawn as
/// SVG, PNG and PDF.
const CONFIG: &str = r#"
name = "late-signal"
seed = 5
sizes = [8, 10, 12]
trials = 4
trace = true

[[algorithm]]
name = "min-conflicts"

[[algorithm]]
name = "random-restart"

[[algorithm]]
name = "backtracking"
"#;

/// Every hidden temporary file or directory (`.NAME.PID-N.tmp`) under `dir`.
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') && name.ends_with(".tmp") {
            found.push(path.clone());
        }
        if path.is_dir() {
            found.extend(temporaries(&path));
        }
    }
    found
}

/// Whether `dir` holds an SVG chart.
fn has_chart(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().extension().is_some_and(|x| x == "svg"))
    })
}

/// Waits for the first chart in `plots`, freezes `child`, sends it
/// `name`, lets it go and returns its output.
fn signal_while_drawing(mut child: Child, plots: &Path, name: &str) -> Output {
    let start = Instant::now();
    while !has_chart(plots) {
        assert!(
            child.try_wait().expect("status").is_none(),
            "the process ended before drawing a chart"
        );
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no chart appeared"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    signal(&child, "STOP");
    signal(&child, name);
    signal(&child, "CONT");
    child.wait_with_output().expect("reaped")
}

/// The files of `dir` (not its subdirectories) with their bytes.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .expect("dir")
        .flatten()
        .filter(|e| e.path().is_file())
        .map(|e| {
            let bytes = std::fs::read(e.path()).expect("read");
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect();
    files.sort();
    files
}

fn spawn(dir: &Path, args: &[&str]) -> Child {
    common::command(dir, args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns")
}

#[test]
fn sigterm_while_a_run_draws_its_charts_exits_143_and_keeps_the_data() {
    let dir = common::setup(CONFIG);
    let d = dir.path();
    let args = [
        "run", "exp.toml", "-q", "--data", "data", "--plots", "plots",
    ];
    let child = spawn(d, &args);
    let out = signal_while_drawing(child, &d.join("plots"), "TERM");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(143), "{stderr}");
    assert_eq!(temporaries(d), Vec::<PathBuf>::new(), "{stderr}");
    assert!(!d.join("plots/report.html").exists(), "{stderr}");
    let data = contents(&d.join("data"));
    let again = common::ok(common::queens(d, &args));
    let again_stderr = String::from_utf8_lossy(&again.stderr);
    assert!(
        again_stderr.contains("nothing to run"),
        "every trial was kept: {again_stderr}"
    );
    assert!(d.join("plots/report.html").is_file());
    let runs = |files: &[(String, Vec<u8>)]| {
        files
            .iter()
            .find(|(name, _)| name == "runs.csv")
            .map(|(_, bytes)| bytes.clone())
    };
    assert_eq!(runs(&data), runs(&contents(&d.join("data"))));
    assert_eq!(temporaries(d), Vec::<PathBuf>::new());
}

#[test]
fn ctrl_c_while_plot_draws_exits_130_and_leaves_the_data_as_it_was() {
    let dir = common::setup(CONFIG);
    let d = dir.path();
    common::ok(common::queens(
        d,
        &[
            "run", "exp.toml", "-q", "--data", "data", "--plots", "first",
        ],
    ));
    let before = contents(&d.join("data"));
    let child = spawn(d, &["plot", "data", "--plots", "plots"]);
    let out = signal_while_drawing(child, &d.join("plots"), "INT");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(temporaries(d), Vec::<PathBuf>::new(), "{stderr}");
    assert!(!d.join("plots/report.html").exists(), "{stderr}");
    assert_eq!(before, contents(&d.join("data")));
    common::ok(common::queens(d, &["plot", "data", "--plots", "plots"]));
    assert!(d.join("plots/report.html").is_file());
    assert_eq!(temporaries(d), Vec::<PathBuf>::new());
}
