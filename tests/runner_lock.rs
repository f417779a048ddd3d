//! The data-directory lock with real processes: a second writer (run, merge,
//! summarize, compare, plot) is refused with exit 2 naming the holder's PID while a run
//! writes the directory, and a run killed with SIGKILL leaves no stale lock.

mod common;

use common::queens;

use std::path::Path;
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

/// One trial that runs until its time limit: random restarts never solve
/// N = 200.
const SLOW: &str = r#"
name = "slow"
seed = 1
sizes = [200]
trials = 1

[budget]
time_limit = 120.0
max_steps = 1_000_000_000_000
max_restarts = 1_000_000_000_000

[[algorithm]]
name = "random-restart"
"#;

/// A config that finishes at once.
const QUICK: &str = r#"
name = "quick"
seed = 1
sizes = [6]
trials = 2

[[algorithm]]
name = "backtracking"
"#;

/// A running `queens` process, killed with SIGKILL and reaped when dropped
/// (so a failing test leaves no process behind).
struct Running(Child);

impl Running {
    /// Kills the process with SIGKILL and waits for it.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts the slow run into `data` and waits until it holds the lock (its
/// PID is in the lock file) and runs its trial (runs.csv is there; nothing
/// else is written until the trial ends).
fn start_slow_run(dir: &Path, data: &str) -> Running {
    let mut child = Running(
        common::command(
            dir,
            &["run", "slow.toml", "-q", "--threads", "1", "--data", data],
        )
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts"),
    );
    let lock = dir.join(data).join(".queens.lock");
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let pid = std::fs::read_to_string(&lock).unwrap_or_default();
        if pid.trim() == child.0.id().to_string() && dir.join(data).join("runs.csv").exists() {
            return child;
        }
        if Instant::now() >= deadline {
            child.kill();
            panic!("the slow run never took the lock");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn assert_refused(out: &Output, data: &str, pid: u32) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&format!("PID {pid}")), "{stderr}");
    assert!(stderr.contains(&format!("{data} is in use")), "{stderr}");
    assert!(stderr.contains("wait for that process"), "{stderr}");
}

#[test]
fn a_second_writer_is_refused_and_a_killed_run_leaves_no_stale_lock() {
    let dir = common::setup(QUICK);
    let d = dir.path();
    std::fs::write(d.join("slow.toml"), SLOW).expect("config");
    let mut first = start_slow_run(d, "D");
    let pid = first.0.id();
    let before = std::fs::read_dir(d.join("D")).expect("data dir").count();

    // The same config, another config, a shard, a summarize: all refused
    // before writing anything.
    assert_refused(
        &queens(d, &["run", "slow.toml", "-q", "--data", "D"]),
        "D",
        pid,
    );
    assert_refused(
        &queens(d, &["run", "exp.toml", "-q", "--fresh", "--data", "D"]),
        "D",
        pid,
    );
    assert_refused(&queens(d, &["summarize", "D"]), "D", pid);
    // The comparison writes into the directory too: `compare` (into it, or
    // of it) and `plot` are refused, and say what works instead of
    // `summarize`.
    let out = queens(
        d,
        &["run", "exp.toml", "-q", "--data", "E", "--plots", "pe"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_refused(&queens(d, &["compare", "E", "--output", "D"]), "D", pid);
    assert_refused(&queens(d, &["compare", "D"]), "D", pid);
    let out = queens(d, &["plot", "D", "--plots", "p"]);
    assert_refused(&out, "D", pid);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("summarize"), "{stderr}");
    assert!(
        stderr.contains("draws its charts and report itself when it ends"),
        "{stderr}"
    );
    assert!(!d.join("p").exists(), "a refused plot drew charts");
    assert_eq!(
        std::fs::read_dir(d.join("D")).expect("data dir").count(),
        before,
        "a refused writer left a file"
    );

    // A merge into the locked directory is refused too.
    let out = queens(
        d,
        &["run", "exp.toml", "-q", "--shard", "0/1", "--data", "S"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_refused(
        &queens(d, &["merge", "S", "--into", "D", "--plots", "p"]),
        "D",
        pid,
    );

    first.kill();
    let out = queens(
        d,
        &[
            "run", "exp.toml", "-q", "--fresh", "--data", "D", "--plots", "p",
        ],
    );
    assert!(
        out.status.success(),
        "a run after kill -9: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(common::table(&d.join("D/runs.csv")).len(), 3);
}
