//! Fault injection through the real binary, for every writer (`run`,
//! `merge`, `summarize`, `compare`, `plot`, `report`, `export`,
//! `count --checkpoint`, `enumerate --csv`):
//!
//! - `kill -9` at a seeded random moment, then the same command again: the
//!   outputs equal those of a run never killed, and no temporary file stays;
//! - a read-only target: exit 2 with a message, and nothing there changed
//!   (a read-only bind mount as root, file permissions otherwise);
//! - a second writer of the same target while one is running: exit 2
//!   (`count --checkpoint` here; `run`, `merge` and `summarize` in
//!   runner_lock.rs);
//! - a full disk: `enumerate --csv /dev/full` fails with exit 2 (the tmpfs
//!   tests of the charts and the summary are in disk_full.rs).

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use common::{is_root, queens, snapshot};

/// A small generator of the kill moments, seeded so a failure replays.
struct Moments(u64);

impl Moments {
    /// The next moment, 0 to `below_ms` milliseconds after the start.
    fn next(&mut self, below_ms: u64) -> Duration {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        Duration::from_millis((self.0 >> 33) % below_ms)
    }
}

/// Runs `args` in `dir`, killing it with SIGKILL `after` its start (if it
/// is still running then).
fn kill_after(dir: &Path, args: &[&str], after: Duration) {
    let mut child = common::command(dir, args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawns");
    std::thread::sleep(after);
    let _ = child.kill();
    child.wait().expect("reaped");
}

/// The visible files under `dir` with their bytes (the lock file and any
/// temporary file left out: a temporary file is asserted away apart).
fn visible(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    snapshot(dir)
        .into_iter()
        .filter(|(p, _)| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect()
}

/// Every hidden `.tmp` entry under `dir`.
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("dir").flatten() {
            let path = entry.path();
            if entry.file_name().to_string_lossy().ends_with(".tmp") {
                found.push(path.clone());
            }
            if path.is_dir() {
                stack.push(path);
            }
        }
    }
    found
}

/// Copies the files of `from` into the new directory `to`.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("dir");
    for (path, bytes) in visible(from) {
        let dest = to.join(path);
        std::fs::create_dir_all(dest.parent().expect("parent")).expect("dir");
        std::fs::write(dest, bytes).expect("copied");
    }
}

/// A directory with the experiment's data in `data` (and its charts in
/// `plots`), complete.
fn experiment() -> tempfile::TempDir {
    let dir = common::setup(common::SMALL_TRACED_CONFIG);
    common::ok(queens(
        dir.path(),
        &[
            "run", "exp.toml", "-q", "--data", "data", "--plots", "plots",
        ],
    ));
    dir
}

/// The CSV tables of `dir` (wall-time columns left out) by file name.
fn tables(dir: &Path, names: &[&str]) -> Vec<Vec<Vec<String>>> {
    names.iter().map(|n| common::table(&dir.join(n))).collect()
}

#[test]
fn kill_9_at_a_random_moment_then_again_gives_the_same_outputs() {
    let base = experiment();
    let d = base.path();
    let mut moments = Moments(27);
    let reference = |args: &[&str], out: &str| {
        common::ok(queens(d, args));
        let files = visible(&d.join(out));
        std::fs::remove_dir_all(d.join(out)).expect("removed");
        files
    };
    // Writers whose outputs are byte for byte the same each time.
    let plot = ["plot", "data", "--plots", "p"];
    // `report` into the charts of the run (drawing none): report.html alone
    // is at stake.
    let report = ["report", "data", "--plots", "r"];
    let export = ["export", "--format", "ioh", "data", "--out", "e", "--force"];
    let enumerate = ["enumerate", "-n", "10", "--csv", "en/all.csv"];
    for (args, out) in [
        (&plot[..], "p"),
        (&report[..], "r"),
        (&export[..], "e"),
        (&enumerate[..], "en"),
    ] {
        let prepare = || {
            std::fs::create_dir_all(d.join("en")).expect("dir");
            if out == "r" {
                copy_dir(&d.join("plots"), &d.join("r"));
            }
        };
        prepare();
        let expected = reference(args, out);
        prepare();
        for _ in 0..3 {
            kill_after(d, args, moments.next(400));
        }
        common::ok(queens(d, args));
        assert!(
            visible(&d.join(out)) == expected,
            "{args:?}: not the same files"
        );
        assert_eq!(temporaries(&d.join(out)), Vec::<PathBuf>::new(), "{args:?}");
        std::fs::remove_dir_all(d.join(out)).expect("removed");
    }

    // summarize and compare rewrite files of a data directory.
    for (args, files) in [
        (["summarize", "c"], &["summary.csv"][..]),
        (["compare", "c"], &["compare.csv", "ranking.csv"][..]),
    ] {
        let _ = std::fs::remove_dir_all(d.join("c"));
        copy_dir(&d.join("data"), &d.join("c"));
        for f in files {
            std::fs::remove_file(d.join("c").join(f)).expect("removed");
        }
        for _ in 0..3 {
            kill_after(d, &args, moments.next(300));
        }
        common::ok(queens(d, &args));
        assert_eq!(
            tables(&d.join("c"), files),
            tables(&d.join("data"), files),
            "{args:?}"
        );
        assert_eq!(temporaries(&d.join("c")), Vec::<PathBuf>::new());
    }

    // A run resumes; a merge is done again.
    let run = ["run", "exp.toml", "-q", "--data", "k", "--plots", "kp"];
    for _ in 0..3 {
        kill_after(d, &run, moments.next(1500));
    }
    common::ok(queens(d, &run));
    let data_files = ["runs.csv", "summary.csv", "compare.csv", "ranking.csv"];
    assert_eq!(
        tables(&d.join("k"), &data_files),
        tables(&d.join("data"), &data_files)
    );
    for shard in ["0/2", "1/2"] {
        common::ok(queens(
            d,
            &["run", "exp.toml", "-q", "--shard", shard, "--data", "s"],
        ));
    }
    let merge = ["merge", "s", "--into", "m", "--plots", "mp"];
    for _ in 0..3 {
        kill_after(d, &merge, moments.next(800));
    }
    common::ok(queens(d, &merge));
    assert_eq!(
        tables(&d.join("m"), &data_files),
        tables(&d.join("data"), &data_files)
    );
    for dir in ["k", "kp", "s", "m", "mp"] {
        assert_eq!(temporaries(&d.join(dir)), Vec::<PathBuf>::new(), "{dir}");
    }

    // A count's checkpoint resumes to the same totals.
    let count = ["count", "-n", "14", "--checkpoint", "ck", "--json"];
    let total = |out: Output| -> serde_json::Value {
        let value: serde_json::Value =
            serde_json::from_slice(&common::ok(out).stdout).expect("json");
        value["solutions"].clone()
    };
    for _ in 0..3 {
        kill_after(d, &count, moments.next(200));
    }
    assert_eq!(total(queens(d, &count)), serde_json::json!(365596));
}

/// A directory made read-only for the test: a read-only bind mount of
/// itself as root (who ignores permissions), its permissions otherwise;
/// undone when dropped.
struct ReadOnly {
    dir: PathBuf,
    mounted: bool,
}

impl ReadOnly {
    /// Makes `dir` read-only; `None` where that is not possible.
    fn make(dir: &Path) -> Option<ReadOnly> {
        use std::os::unix::fs::PermissionsExt;
        if !is_root() {
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o555)).ok()?;
            return Some(ReadOnly {
                dir: dir.to_path_buf(),
                mounted: false,
            });
        }
        let run = |args: &[&str]| {
            Command::new("mount")
                .args(args)
                .arg(dir)
                .arg(dir)
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        if !run(&["--bind"]) {
            return None;
        }
        let guard = ReadOnly {
            dir: dir.to_path_buf(),
            mounted: true,
        };
        run(&["-o", "remount,ro,bind"]).then_some(guard)
    }
}

impl Drop for ReadOnly {
    fn drop(&mut self) {
        use std::os::unix::fs::PermissionsExt;
        if self.mounted {
            let _ = Command::new("umount").arg(&self.dir).status();
        } else {
            let _ = std::fs::set_permissions(&self.dir, std::fs::Permissions::from_mode(0o755));
        }
    }
}

#[test]
fn a_read_only_target_is_refused_with_exit_2_and_nothing_lost() {
    let base = experiment();
    let d = base.path();
    for shard in ["0/2", "1/2"] {
        common::ok(queens(
            d,
            &["run", "exp.toml", "-q", "--shard", shard, "--data", "s"],
        ));
    }
    copy_dir(&d.join("data"), &d.join("ro/data"));
    copy_dir(&d.join("plots"), &d.join("ro/plots"));
    std::fs::write(d.join("ro/exp.toml"), common::SMALL_TRACED_CONFIG).expect("config");
    // Without them `compare` has something to write (with them it finds
    // them unchanged and rightly writes nothing).
    for f in ["compare.csv", "ranking.csv"] {
        std::fs::remove_file(d.join("ro/data").join(f)).expect("removed");
    }
    let before = visible(&d.join("ro"));
    let Some(_read_only) = ReadOnly::make(&d.join("ro")) else {
        eprintln!("skipped: cannot make a directory read-only here");
        return;
    };
    if std::fs::write(d.join("ro/probe"), "x").is_ok() {
        eprintln!("skipped: the read-only directory can still be written");
        return;
    }
    let writers: [&[&str]; 9] = [
        &[
            "run",
            "ro/exp.toml",
            "-q",
            "--fresh",
            "--data",
            "ro/data",
            "--plots",
            "p",
        ],
        &["merge", "s", "--into", "ro/data", "--plots", "p"],
        &["summarize", "ro/data"],
        &["compare", "ro/data"],
        &["plot", "data", "--plots", "ro/plots"],
        &["report", "data", "--plots", "ro/plots"],
        &["export", "--format", "ioh", "data", "--out", "ro/ioh"],
        &["count", "-n", "10", "--checkpoint", "ro/ck"],
        &["enumerate", "-n", "6", "--csv", "ro/all.csv"],
    ];
    for args in writers {
        let out = queens(d, args);
        let stderr = common::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("error: "), "{args:?}: {stderr}");
        assert!(visible(&d.join("ro")) == before, "{args:?} changed a file");
    }
}

#[test]
fn a_second_count_on_one_checkpoint_is_refused_with_exit_2() {
    let dir = tempfile::tempdir().expect("dir");
    let d = dir.path();
    let mut first = common::command(d, &["count", "-n", "17", "--checkpoint", "ck"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawns");
    let start = std::time::Instant::now();
    while std::fs::metadata(d.join("ck")).map_or(0, |m| m.len()) == 0 {
        assert!(first.try_wait().expect("status").is_none(), "ended early");
        assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(2));
    }
    let second = queens(d, &["count", "-n", "17", "--checkpoint", "ck"]);
    let _ = first.kill();
    first.wait().expect("reaped");
    assert_eq!(second.status.code(), Some(2), "{}", common::stderr(&second));
}

#[test]
fn a_full_disk_under_enumerate_csv_is_exit_2() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full");
        return;
    }
    let dir = tempfile::tempdir().expect("dir");
    let out = queens(dir.path(), &["enumerate", "-n", "8", "--csv", "/dev/full"]);
    let stderr = common::stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("/dev/full"), "{stderr}");
}
