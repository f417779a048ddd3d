//! Build script: records the git revision the binary is built from and the
//! compiler that built it, so that `metadata.json` names the code that
//! produced the data even when the binary runs far from its source tree.
//!
//! Sets `QUEENS_RUSTC_VERSION` to what `$RUSTC --version` prints (empty
//! when it cannot be run).
//!
//! Sets `QUEENS_GIT_REVISION` to `git rev-parse HEAD`, with `-dirty` when a
//! build input (`src/`, `Cargo.toml`, `Cargo.lock`, `experiments/`, which
//! the default experiment is embedded from) differs from that commit; empty
//! when the source is not the top of a git checkout (a packaged crate,
//! even one unpacked inside another repository) or git is missing. It
//! reruns when the commit, the index or a build input changes.
//!
//! Sets `QUEENS_VERSION_TEXT` to what `queens --version` prints after the
//! name: the crate's version and the commit (`0.2.0 (commit 1a2b3c4d5e6f)`),
//! or `not from git` for a packaged build, with the commit the package was
//! made from when cargo recorded it (`.cargo_vcs_info.json`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The build inputs whose local changes make a binary `-dirty`.
const INPUTS: &[&str] = &["src", "Cargo.toml", "Cargo.lock", "experiments"];

fn main() {
    for input in INPUTS {
        println!("cargo:rerun-if-changed={input}");
    }
    for file in git_files() {
        println!("cargo:rerun-if-changed={}", file.display());
    }
    println!("cargo:rerun-if-env-changed=QUEENS_GIT_REVISION");
    if Path::new(".cargo_vcs_info.json").exists() {
        println!("cargo:rerun-if-changed=.cargo_vcs_info.json");
    }
    let revision = std::env::var("QUEENS_GIT_REVISION")
        .ok()
        .filter(|r| !r.is_empty())
        .or_else(revision)
        .unwrap_or_default();
    println!("cargo:rustc-env=QUEENS_GIT_REVISION={revision}");
    let version = env!("CARGO_PKG_VERSION");
    let origin = match (revision.as_str(), packaged_from()) {
        ("", Some(commit)) => format!("not from git; packaged from commit {commit}"),
        ("", None) => "not from git".to_string(),
        (revision, _) => format!("commit {revision}"),
    };
    println!("cargo:rustc-env=QUEENS_VERSION_TEXT={version} ({origin})");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    println!("cargo:rustc-env=QUEENS_RUSTC_VERSION={version}");
}

/// Runs git in the package directory; its trimmed output on success.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    Some(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// `HEAD` of the checkout, `-dirty` when a build input has local changes;
/// `None` unless the package directory is the checkout's top (a crate
/// unpacked inside another repository is not built from that one).
fn revision() -> Option<String> {
    let top = git(&["rev-parse", "--show-toplevel"])?;
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let same = |a: &str, b: &str| match (Path::new(a).canonicalize(), Path::new(b).canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if !same(&top, &manifest_dir) {
        return None;
    }
    let head = git(&["rev-parse", "HEAD"]).filter(|h| !h.is_empty())?;
    let mut status = vec!["status", "--porcelain", "--untracked-files=no", "--"];
    status.extend(INPUTS);
    let dirty = git(&status).is_some_and(|s| !s.is_empty());
    Some(if dirty { format!("{head}-dirty") } else { head })
}

/// The git files that change when the commit or the index does: `HEAD`, the
/// index, the branch's ref and the packed refs (worktrees keep `HEAD` and
/// the index apart from the shared refs).
fn git_files() -> Vec<PathBuf> {
    let (Some(git_dir), Some(common_dir)) = (
        git(&["rev-parse", "--git-dir"]),
        git(&["rev-parse", "--git-common-dir"]),
    ) else {
        return Vec::new();
    };
    let (git_dir, common_dir) = (Path::new(&git_dir), Path::new(&common_dir));
    let mut files = vec![
        git_dir.join("HEAD"),
        git_dir.join("index"),
        common_dir.join("packed-refs"),
    ];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        files.push(common_dir.join(branch));
    }
    files.into_iter().filter(|f| f.exists()).collect()
}

/// The commit a packaged crate was made from: the `sha1` cargo writes into
/// `.cargo_vcs_info.json` when it packages a git checkout; `None` for a
/// checkout or a package without it.
fn packaged_from() -> Option<String> {
    let dir = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let info = std::fs::read_to_string(Path::new(&dir).join(".cargo_vcs_info.json")).ok()?;
    let rest = &info[info.find("\"sha1\"")? + "\"sha1\"".len()..];
    let rest = rest
        .trim_start()
        .strip_prefix(':')?
        .trim_start()
        .strip_prefix('"')?;
    let sha1 = &rest[..rest.find('"')?];
    sha1.chars()
        .all(|c| c.is_ascii_hexdigit())
        .then(|| sha1.to_string())
        .filter(|s| !s.is_empty())
}
