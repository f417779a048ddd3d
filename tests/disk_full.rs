//! A full disk through the real binary: redrawing the charts or rewriting
//! summary.csv on a file system with no space left fails with exit 2 and a
//! message naming the file, leaves the old files whole and no temporary file
//! behind; so does every other writer (run, merge, compare, report, export,
//! count --checkpoint). The disk is a small tmpfs, so the tests need root;
//! elsewhere they are skipped with a message.

mod common;

use common::{is_root, queens, snapshot};

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A tmpfs mounted on a directory, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    /// Mounts an 8 MiB tmpfs on `dir`; `None` where mounting is not allowed.
    fn mount(dir: &Path) -> Option<Tmpfs> {
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=8m", "tmpfs"])
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        mounted.then(|| Tmpfs(dir.to_path_buf()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// Fills the file system of `dir` with a file until no space is left, then
/// frees `keep` bytes of it.
fn fill(dir: &Path, keep: u64) {
    let path = dir.join("filler");
    let mut file = fs::File::create(&path).expect("filler");
    let block = vec![0u8; 4096];
    while file.write_all(&block).is_ok() {}
    let _ = file.flush();
    let len = fs::metadata(&path).expect("filler").len();
    file.set_len(len.saturating_sub(keep)).expect("freed");
}

#[test]
fn a_full_disk_leaves_charts_and_summary_whole_and_no_temporary_file() {
    if !is_root() {
        eprintln!("skipped: mounting a small tmpfs as a full disk needs root");
        return;
    }
    let dir = tempfile::tempdir().expect("dir");
    let disk = dir.path().join("disk");
    fs::create_dir(&disk).expect("mount point");
    let Some(_tmpfs) = Tmpfs::mount(&disk) else {
        eprintln!("skipped: running as root and cannot mount a tmpfs");
        return;
    };
    let fixture = common::plot::tiny();
    let data = disk.join("data");
    fs::create_dir(&data).expect("data dir");
    for file in ["runs.csv", "summary.csv", "traces.csv", "derived.json"] {
        fs::copy(fixture.join(file), data.join(file)).expect("copied");
    }
    // First, with space: the charts are drawn and the summary rewritten
    // (which also creates the lock file).
    let out = queens(&disk, &["plot", "data", "--plots", "plots"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = queens(&disk, &["summarize", "data"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let charts = snapshot(&disk.join("plots"));
    let files = snapshot(&data);
    assert!(charts.len() >= 10, "{:?}", charts.keys());

    // One page left: enough for the lock file's PID, not for a chart or
    // summary.csv.
    fill(&disk, 4096);
    let out = queens(&disk, &["plot", "data", "--plots", "plots"]);
    let message = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{message}");
    assert!(
        message.contains("cannot write plots/") && message.contains("No space left"),
        "names the chart: {message}"
    );
    assert_eq!(snapshot(&disk.join("plots")), charts, "charts left whole");

    let out = queens(&disk, &["summarize", "data"]);
    let message = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{message}");
    assert!(
        message.contains("cannot write data/summary.csv"),
        "names the file: {message}"
    );
    assert_eq!(snapshot(&data), files, "data left whole, no temporary file");
}

/// The visible files under `dir` (hidden ones, the lock file and any
/// temporary file, left out: those are checked apart) but the filler.
fn visible(dir: &Path) -> std::collections::BTreeMap<PathBuf, Vec<u8>> {
    snapshot(dir)
        .into_iter()
        .filter(|(p, _)| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            !name.is_some_and(|n| n.starts_with('.') || n == "filler")
        })
        .collect()
}

/// Every hidden `.tmp` file under `dir`.
fn temporaries(dir: &Path) -> Vec<PathBuf> {
    snapshot(dir)
        .into_keys()
        .filter(|p| p.to_string_lossy().ends_with(".tmp"))
        .collect()
}

#[test]
fn every_writer_on_a_full_disk_is_exit_2_with_nothing_lost_and_no_temporary_file() {
    if !is_root() {
        eprintln!("skipped: mounting a small tmpfs as a full disk needs root");
        return;
    }
    let dir = common::setup(common::SMALL_TRACED_CONFIG);
    let d = dir.path();
    let disk = d.join("disk");
    fs::create_dir(&disk).expect("mount point");
    let Some(_tmpfs) = Tmpfs::mount(&disk) else {
        eprintln!("skipped: running as root and cannot mount a tmpfs");
        return;
    };
    // With space: the data, its charts, two shards and a copy of the
    // config, all on the small disk.
    fs::copy(d.join("exp.toml"), disk.join("exp.toml")).expect("config");
    common::ok(queens(
        &disk,
        &[
            "run", "exp.toml", "-q", "--data", "data", "--plots", "plots",
        ],
    ));
    for shard in ["0/2", "1/2"] {
        common::ok(queens(
            &disk,
            &[
                "run", "exp.toml", "-q", "--shard", shard, "--data", "shards",
            ],
        ));
    }
    // Without them `compare` has something to write.
    for f in ["compare.csv", "ranking.csv"] {
        fs::remove_file(disk.join("data").join(f)).expect("removed");
    }
    let before = visible(&disk);
    fill(&disk, 4096);
    let writers: [&[&str]; 7] = [
        &[
            "run",
            "exp.toml",
            "-q",
            "--data",
            "new",
            "--plots",
            "new-plots",
        ],
        &[
            "merge",
            "shards",
            "--into",
            "merged",
            "--plots",
            "merged-plots",
        ],
        &["compare", "data"],
        &["report", "data", "--plots", "plots"],
        &["plot", "data", "--plots", "plots", "--style", "paper"],
        &["export", "--format", "ioh", "data", "--out", "ioh"],
        &["count", "-n", "10", "--checkpoint", "ck"],
    ];
    for args in writers {
        let out = queens(&disk, args);
        let stderr = common::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("No space left"), "{args:?}: {stderr}");
        let after = visible(&disk);
        let changed: Vec<_> = before
            .iter()
            .filter(|(p, bytes)| after.get(*p) != Some(*bytes))
            .map(|(p, _)| p)
            .collect();
        assert!(changed.is_empty(), "{args:?} changed {changed:?}");
        assert_eq!(temporaries(&disk), Vec::<PathBuf>::new(), "{args:?}");
    }
}
