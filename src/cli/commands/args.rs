//! Argument parsers shared by several subcommands, with messages that name
//! the bad value and what is allowed, and the cap on worker threads.

use queens::run::service::{THREADS_PER_CORE, ThreadsCapped, worker_threads};

use crate::cli::terminal::stderr::stderr_line;

/// Parses a board size: a whole number N ≥ 1.
pub fn board_size(text: &str) -> Result<usize, String> {
    let cleaned = text.trim().replace('_', "");
    match cleaned.parse::<i128>() {
        Ok(n) if n >= 1 && n <= u32::MAX as i128 => Ok(n as usize),
        Ok(n) if n < 1 => Err(format!("board size must be at least 1, got {n}")),
        Ok(n) => Err(format!(
            "board size {n} is too large (at most {})",
            u32::MAX
        )),
        Err(_) => Err(format!(
            "'{text}' is not a board size: write a whole number N >= 1, like 8 or 1000000"
        )),
    }
}

/// The most worker threads `--threads` accepts.
pub const MAX_THREADS: u64 = 4096;

/// The worker threads to start for `--threads requested`: the request,
/// capped at [`THREADS_PER_CORE`] times the cores (the run service's rule)
/// with a warning on stderr that says how many are used; `None` (the
/// default, all cores) as it is.
pub fn capped_threads(requested: Option<usize>) -> Option<usize> {
    let requested = requested?;
    match worker_threads(Some(requested)) {
        Ok((threads, Some(capped))) => {
            stderr_line!("warning: {}", capped_text(&capped));
            Some(threads)
        }
        Ok((threads, None)) => Some(threads),
        // clap refuses 0 (`thread_count`), the one request refused.
        Err(_) => Some(requested),
    }
}

/// The warning of a capped `--threads`, in the CLI's words.
pub fn capped_text(capped: &ThreadsCapped) -> String {
    format!(
        "--threads {} is more than {THREADS_PER_CORE} per core on {} core{}: using {} threads",
        capped.requested,
        capped.cores,
        if capped.cores == 1 { "" } else { "s" },
        capped.used
    )
}

/// Parses a count from 0 up, like a seed or a step budget.
pub fn unsigned(text: &str) -> Result<u64, String> {
    integer_in(text, 0, u64::MAX)
}

/// Parses a count from 1 up, like `--limit`.
pub fn positive(text: &str) -> Result<u64, String> {
    integer_in(text, 1, u64::MAX)
}

/// Parses a number of worker threads, 1 to [`MAX_THREADS`].
pub fn thread_count(text: &str) -> Result<usize, String> {
    integer_in(text, 1, MAX_THREADS).map(|t| t as usize)
}

/// Parses a whole number from `min` to `max` (underscores allowed, as in
/// `1_000_000`); clap puts the option's name and the value before the message.
fn integer_in(text: &str, min: u64, max: u64) -> Result<u64, String> {
    text.trim()
        .replace('_', "")
        .parse::<u64>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| format!("expected an integer from {min} to {max}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_sizes() {
        assert_eq!(board_size("8"), Ok(8));
        assert_eq!(board_size("1_000_000"), Ok(1_000_000));
        assert!(board_size("0").unwrap_err().contains("at least 1"));
        assert!(board_size("-3").unwrap_err().contains("at least 1"));
        assert!(board_size("abc").unwrap_err().contains("'abc'"));
    }

    #[test]
    fn integers_in_range() {
        assert_eq!(unsigned("0"), Ok(0));
        assert_eq!(unsigned("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(unsigned("1_000"), Ok(1000));
        assert_eq!(positive("1"), Ok(1));
        assert_eq!(thread_count("4096"), Ok(4096));
        let all = "expected an integer from 0 to 18446744073709551615";
        for bad in ["-1", "abc", "1.5", "18446744073709551616", ""] {
            assert_eq!(unsigned(bad).unwrap_err(), all, "{bad}");
        }
        let from_one = "expected an integer from 1 to 18446744073709551615";
        assert_eq!(positive("0").unwrap_err(), from_one);
        for bad in ["0", "4097", "-2"] {
            assert_eq!(
                thread_count(bad).unwrap_err(),
                "expected an integer from 1 to 4096",
                "{bad}"
            );
        }
    }
}
