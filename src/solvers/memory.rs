//! How much memory a run may take: each algorithm estimates the bytes a run
//! needs from N and its parameters ([`MemoryEstimate`]), and a run whose
//! estimate is above [`limit`] is refused before it starts, with a message,
//! instead of aborting on a failed allocation (`queens solve` and the
//! experiment config check both ask, through
//! [`Algorithm::check_memory`](super::Algorithm::check_memory)).
//!
//! The limit is the memory this process can have: the machine's physical
//! memory (`MemTotal` in `/proc/meminfo`), lowered to the control group's
//! limit when one is set (a container, a Slurm job). A run larger than that
//! cannot finish: without swap the kernel kills it, with swap it thrashes.
//! Physical memory rather than the memory free right now, so that whether a
//! config is accepted does not change with the load of the machine. Where
//! none of these files can be read (not Linux), the limit is
//! [`FALLBACK_LIMIT`], 16 GiB: a common laptop or workstation size, generous
//! enough for every shipped experiment and for min-conflicts `fast` at
//! N = 10^9 (about 9 GB).
//!
//! Every estimate is computed in saturating arithmetic
//! ([`std::num::Saturating`], or [`MemoryEstimate`]'s own methods): a
//! product too large for a `u64` is `u64::MAX`, above every limit, so an
//! estimate never wraps to a small number that would let a huge N through
//! to an allocation, and it never decreases as N grows.
//!
//! The estimate is per run: the experiment runner holds one run per thread
//! at a time, so a config close to the limit may still not fit with many
//! threads.

use std::sync::OnceLock;

/// The limit when the machine's memory cannot be read: 16 GiB.
pub const FALLBACK_LIMIT: u64 = 16 << 30;

/// The memory one run needs, estimated from its largest allocations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryEstimate {
    /// Estimated peak bytes.
    pub bytes: u64,
    /// What to do instead when it is too much (shown in the refusal).
    pub hint: &'static str,
}

impl MemoryEstimate {
    /// `bytes` with `hint`.
    pub fn new(bytes: u64, hint: &'static str) -> Self {
        Self { bytes, hint }
    }

    /// `per_queen` bytes for each of `n` queens, with `hint`.
    pub fn per_queen(n: usize, per_queen: u64, hint: &'static str) -> Self {
        Self::new((n as u64).saturating_mul(per_queen), hint)
    }

    /// The harness's side of a solver whose own memory it cannot see (an
    /// external program, a function registered from Python): the reply and
    /// its solution, 16 bytes per queen, with `hint`.
    pub fn harness_side(n: usize, hint: &'static str) -> Self {
        Self::per_queen(n, 16, hint)
    }

    /// This estimate with `bytes` more (buffers whose size does not depend
    /// on N).
    pub fn plus(self, bytes: u64) -> Self {
        Self::new(self.bytes.saturating_add(bytes), self.hint)
    }
}

/// The memory limit in bytes and where it comes from.
pub fn limit() -> (u64, &'static str) {
    static LIMIT: OnceLock<(u64, &'static str)> = OnceLock::new();
    *LIMIT.get_or_init(read_limit)
}

fn read_limit() -> (u64, &'static str) {
    let physical = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| mem_total(&text));
    let group = [
        "/sys/fs/cgroup/memory.max",
        "/sys/fs/cgroup/memory/memory.limit_in_bytes",
    ]
    .iter()
    .filter_map(|path| std::fs::read_to_string(path).ok())
    .find_map(|text| text.trim().parse::<u64>().ok());
    match (physical, group) {
        (Some(p), Some(g)) if g < p => (g, "this control group's memory limit"),
        (Some(p), _) => (p, "this machine's physical memory"),
        (None, Some(g)) => (g, "this control group's memory limit"),
        (None, None) => (
            FALLBACK_LIMIT,
            "the default limit; the machine's memory is unknown",
        ),
    }
}

/// `MemTotal` of a `/proc/meminfo` text, in bytes.
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line
        .trim_start_matches("MemTotal:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

/// Bytes in binary units with one decimal: `1.5 GiB`, `512.0 MiB`.
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mem_total_is_read_in_bytes() {
        let text = "MemTotal:       24684092 kB\nMemFree:        16613488 kB\n";
        assert_eq!(mem_total(text), Some(24_684_092 * 1024));
        assert_eq!(mem_total("MemFree: 3 kB\n"), None);
    }

    #[test]
    fn the_limit_is_positive() {
        assert!(limit().0 > 0);
    }

    #[test]
    fn human_units() {
        assert_eq!(human(512), "512 bytes");
        assert_eq!(human(1536), "1.5 KiB");
        assert_eq!(human(16 << 30), "16.0 GiB");
    }
}
