//! What the runner records in metadata.json ([`crate::base::records::metadata`],
//! its format) about where and when it runs: the machine (its CPU model
//! too), the git revision and compiler the binary was built from and the
//! time. The runner opens and closes the
//! sessions (`session.rs`).

use std::time::{SystemTime, UNIX_EPOCH};

use crate::base::records::metadata::Machine;

impl Machine {
    /// The machine this process runs on.
    pub fn current() -> Self {
        Machine {
            hostname: std::fs::read_to_string("/proc/sys/kernel/hostname")
                .ok()
                .map(|h| h.trim().to_string())
                .filter(|h| !h.is_empty()),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            cpu_model: cpu_model(),
            os: std::env::consts::OS.to_string(),
            arch: std::env::consts::ARCH.to_string(),
        }
    }
}

/// The CPU model Linux reports (the first `model name` of /proc/cpuinfo);
/// `None` elsewhere. `metadata.json` records it, and `queens bench` prints
/// it above its figures.
pub fn cpu_model() -> Option<String> {
    let text = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("model name"))
        .and_then(|rest| rest.split_once(':'))
        .map(|(_, model)| model.trim().to_string())
        .filter(|m| !m.is_empty())
}

/// The compiler this binary was built with (`rustc --version`), recorded
/// by the build script; `None` when it could not be asked.
pub fn rustc_version() -> Option<String> {
    Some(env!("QUEENS_RUSTC_VERSION"))
        .filter(|v| !v.is_empty())
        .map(str::to_string)
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
