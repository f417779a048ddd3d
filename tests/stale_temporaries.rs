//! Temporary files (`.NAME.PID-N.tmp`) never pile up: SIGTERM stops
//! `enumerate --csv` without leaving its temporary file, and the leftovers
//! a `kill -9` leaves are removed by the next command writing the same file
//! (`run`, `plot`, `report`, `export`, `enumerate --csv`), while those of a
//! process still alive are left alone.

mod common;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The id of a process that has ended (and been reaped).
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().expect("spawns");
    let pid = child.id();
    child.wait().expect("reaped");
    pid
}

/// The hidden `.tmp` entries of `dir`.
fn temporaries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.') && n.ends_with(".tmp"))
        .collect();
    names.sort();
    names
}

/// Plants a leftover file `name` in `dir`.
fn plant(dir: &Path, name: &str) {
    std::fs::create_dir_all(dir).expect("dir");
    std::fs::write(dir.join(name), "half a file").expect("planted");
}

const CONFIG: &str = r#"
name = "leftovers"
seed = 3
sizes = [6, 8]
trials = 2

[[algorithm]]
name = "min-conflicts"

[[algorithm]]
name = "backtracking"
"#;

#[test]
fn the_next_writer_removes_what_dead_writers_left_and_keeps_a_live_ones() {
    let dir = common::setup(CONFIG);
    let d = dir.path();
    let dead = dead_pid();
    let mut alive = Command::new("sleep").arg("600").spawn().expect("spawns");
    let live = alive.id();
    let (data, plots) = (d.join("data"), d.join("plots"));
    plant(&data, &format!(".summary.csv.{dead}-0.tmp"));
    plant(&plots, &format!(".scaling.svg.{dead}-4.tmp"));
    plant(&plots, &format!(".report.html.{dead}-9.tmp"));
    let kept = format!(".scaling.png.{live}-2.tmp");
    plant(&plots, &kept);
    common::ok(common::queens(
        d,
        &[
            "run", "exp.toml", "-q", "--data", "data", "--plots", "plots",
        ],
    ));
    assert_eq!(temporaries(&data), Vec::<String>::new());
    assert_eq!(temporaries(&plots), std::slice::from_ref(&kept));

    plant(&plots, &format!(".ecdf-checks.pdf.{dead}-1.tmp"));
    common::ok(common::queens(d, &["plot", "data", "--plots", "plots"]));
    plant(&plots, &format!(".report.html.{dead}-2.tmp"));
    common::ok(common::queens(d, &["report", "data", "--plots", "plots"]));
    assert_eq!(temporaries(&plots), [kept]);

    std::fs::create_dir_all(d.join(format!(".ioh.{dead}.tmp/data_f1"))).expect("a tree");
    plant(d, &format!(".all.csv.{dead}-0.tmp"));
    common::ok(common::queens(
        d,
        &["export", "--format", "ioh", "data", "--out", "ioh"],
    ));
    common::ok(common::queens(
        d,
        &["enumerate", "-n", "6", "--csv", "all.csv"],
    ));
    assert_eq!(temporaries(d), Vec::<String>::new());

    alive.kill().expect("killed");
    alive.wait().expect("reaped");
}

/// Starts the enumeration of N = 16 (long) into `dir/all.csv` and waits
/// until its temporary file exists.
fn spawn_enumeration(dir: &Path) -> Child {
    let mut child = common::command(dir, &["enumerate", "-n", "16", "--csv", "all.csv"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns");
    let start = Instant::now();
    while temporaries(dir).is_empty() {
        assert!(child.try_wait().expect("status").is_none(), "ended early");
        assert!(start.elapsed() < Duration::from_secs(60), "no temporary");
        std::thread::sleep(Duration::from_millis(5));
    }
    child
}

#[test]
fn sigterm_stops_enumerate_csv_with_143_and_no_temporary_file() {
    let dir = tempfile::tempdir().expect("dir");
    let d = dir.path();
    let child = spawn_enumeration(d);
    common::process::signal(&child, "TERM");
    let out = child.wait_with_output().expect("reaped");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(143), "{stderr}");
    assert_eq!(temporaries(d), Vec::<String>::new());
    assert!(!d.join("all.csv").exists());
}
