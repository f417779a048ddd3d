//! A real `queens enumerate --csv FILE` process stopped with SIGINT (Ctrl-C)
//! mid-search: it exits 130, FILE is left as it was (absent, or the old
//! file intact) and no hidden temporary file `.FILE.*.tmp` is left beside it.

mod common;

use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// Hidden temporary files of `name` in `dir`.
fn temporaries(dir: &Path, name: &str) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|f| f.starts_with(&format!(".{name}.")) && f.ends_with(".tmp"))
        .collect()
}

/// Starts the enumeration of N = 16 (about 15 million solutions: long) into
/// `dir/name`.
fn spawn(dir: &Path, name: &str) -> Child {
    common::command(dir, &["enumerate", "-n", "16", "--csv", name])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawns")
}

/// Waits until the temporary file exists: the search is under way, its
/// handler installed.
fn wait_for_temporary(dir: &Path, name: &str, child: &mut Child) {
    let start = Instant::now();
    while temporaries(dir, name).is_empty() {
        assert!(
            child.try_wait().expect("status").is_none(),
            "the enumeration ended before it could be stopped"
        );
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no temporary file appeared"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Sends SIGINT and returns the output of the stopped process.
fn interrupt(child: Child) -> std::process::Output {
    common::process::signal(&child, "INT");
    child.wait_with_output().expect("reaped")
}

#[test]
fn ctrl_c_leaves_no_new_file_and_no_temporary_file() {
    let dir = tempfile::tempdir().expect("dir");
    let d = dir.path();
    let mut child = spawn(d, "all.csv");
    wait_for_temporary(d, "all.csv", &mut child);
    let out = interrupt(child);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(!d.join("all.csv").exists(), "no file from a partial list");
    assert_eq!(temporaries(d, "all.csv"), Vec::<String>::new());
    assert!(stderr.contains("all.csv was not written"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("(search interrupted)"), "{stdout}");
}

#[test]
fn ctrl_c_keeps_the_old_file_intact() {
    let dir = tempfile::tempdir().expect("dir");
    let d = dir.path();
    let old = "index,tests,backtracks,columns\n1,1,0,0\n";
    std::fs::write(d.join("old.csv"), old).expect("old file");
    let mut child = spawn(d, "old.csv");
    wait_for_temporary(d, "old.csv", &mut child);
    let out = interrupt(child);
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(d.join("old.csv")).expect("old"),
        old
    );
    assert_eq!(temporaries(d, "old.csv"), Vec::<String>::new());
}
