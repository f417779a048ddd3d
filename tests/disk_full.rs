//! A full disk through the real binary: redrawing the charts or rewriting
//! summary.csv on a file system with no space left fails with exit 2 and a
//! message naming the file, leaves the old files whole and no temporary file
//! behind. The disk is a small tmpfs, so the test needs root; elsewhere it
//! is skipped with a message.

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
    for file in ["runs.csv", "summary.csv", "traces.csv"] {
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
