//! The format of metadata.json: what produced the data — the config text and
//! its hash, the crate version, the git revision when known, the machine,
//! and one entry per session (start, end, threads, trials run, whether
//! interrupted) — and its reading and writing. The runner opens and closes
//! the sessions (`session.rs`).

use std::io::Write;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::error::{Doing, RunResult};
use super::plan::Shard;
use crate::records::atomic::write_atomically;

/// The contents of metadata.json (or metadata.shard-I-of-K.json).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Metadata {
    /// The experiment's name.
    pub experiment: String,
    /// Its description.
    pub description: String,
    /// Where the config came from.
    pub config_source: String,
    /// SHA-256 of the config text, hex: a resume or merge needs the same.
    pub config_hash: String,
    /// The config text, verbatim.
    pub config_text: String,
    /// The `queens` crate version.
    pub crate_version: String,
    /// The git revision the binary was built from (`-dirty` when its
    /// sources had local changes), when it can be known.
    pub git_revision: Option<String>,
    /// The shard this file describes, if any.
    pub shard: Option<Shard>,
    /// Trials in the plan (of this shard, if any).
    pub trials_planned: u64,
    /// Trials with a row in the runs file.
    pub trials_done: u64,
    /// The machine.
    pub machine: Machine,
    /// Every session that wrote to the runs file, oldest first.
    pub sessions: Vec<Session>,
}

/// The machine a session ran on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// Host name, when known.
    pub hostname: Option<String>,
    /// Logical cores available to the process.
    pub cores: usize,
    /// Operating system (`linux`, `macos`, …).
    pub os: String,
    /// CPU architecture.
    pub arch: String,
}

/// One invocation of `queens run` on this data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// Start time, UTC, RFC 3339.
    pub started: String,
    /// End time, UTC, RFC 3339 (absent while running or if killed).
    pub finished: Option<String>,
    /// Worker threads.
    pub threads: usize,
    /// Trials this session ran.
    pub trials_run: u64,
    /// Whether it was stopped by Ctrl-C.
    pub interrupted: bool,
    /// The external programs that answered the handshake in this session,
    /// as each named itself (absent when the experiment has none, or
    /// none started).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub external_programs: Vec<ExternalProgram>,
}

/// An external program of a session: the config entry it ran for and what
/// it said it is in the handshake. The command is not repeated: made
/// absolute, it would tie the file to one machine's paths.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExternalProgram {
    /// The label of its entry (whose command is in the config text).
    pub label: String,
    /// The `name` the program gave.
    pub name: String,
    /// The `version` the program gave.
    pub version: String,
}

impl Machine {
    /// The machine this process runs on.
    pub fn current() -> Self {
        Machine {
            hostname: std::fs::read_to_string("/proc/sys/kernel/hostname")
                .ok()
                .map(|h| h.trim().to_string())
                .filter(|h| !h.is_empty()),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            os: std::env::consts::OS.to_string(),
            arch: std::env::consts::ARCH.to_string(),
        }
    }
}

/// The git revision this binary was built from (`-dirty` when its sources
/// had local changes), recorded by the build script; `None` when it was
/// built outside a git checkout.
pub fn git_revision() -> Option<String> {
    Some(env!("QUEENS_GIT_REVISION"))
        .filter(|r| !r.is_empty())
        .map(str::to_string)
}

/// The time now, UTC, as RFC 3339 (`2026-11-21T13:02:44Z`).
pub fn now_rfc3339() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    rfc3339(secs)
}

/// Seconds since the Unix epoch as an RFC 3339 UTC timestamp (the civil
/// calendar conversion of H. Hinnant's `civil_from_days`).
pub fn rfc3339(epoch_seconds: u64) -> String {
    let days = (epoch_seconds / 86_400) as i64;
    let rem = epoch_seconds % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Reads a metadata file; `None` when it does not exist.
pub fn read(path: &Path) -> RunResult<Option<Metadata>> {
    match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text)
            .map(Some)
            .doing(|| {
                let dir = path.parent().unwrap_or(Path::new(".")).display();
                format!(
                    "{} is damaged or not a queens metadata file (restore it: `git checkout -- {}` or from a backup; or move {dir} aside, e.g. `mv {dir} {dir}.damaged`, and run again; --fresh discards the results there instead)",
                    path.display(),
                    path.display()
                )
            }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e).doing(|| format!("cannot read {}", path.display())),
    }
}

/// Writes a metadata file (pretty JSON and a newline) through the atomic
/// writer.
pub fn write(path: &Path, metadata: &Metadata) -> RunResult<()> {
    let text = serde_json::to_string_pretty(metadata)
        .doing(|| format!("cannot encode {}", path.display()))?
        + "\n";
    write_atomically(path, |file| file.write_all(text.as_bytes()))
        .doing(|| format!("cannot write {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_revision_is_the_checkouts_head() {
        let head = std::process::Command::new("git")
            .args(["-C", env!("CARGO_MANIFEST_DIR"), "rev-parse", "HEAD"])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
        match head {
            // Built in a git checkout: the build script saw the same commit.
            Some(head) => {
                let revision = git_revision().expect("a revision in a git checkout");
                assert!(
                    revision == head || revision == format!("{head}-dirty"),
                    "recorded {revision}, HEAD is {head}"
                );
            }
            None => assert_eq!(git_revision(), None),
        }
    }

    #[test]
    fn timestamps_are_civil_utc() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(rfc3339(1_700_000_000), "2023-11-14T22:13:20Z");
    }
}
