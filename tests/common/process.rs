//! Stopping a running `queens`: waiting until it has written some rows,
//! and sending it a signal.

use std::path::Path;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// Waits until the file at `path` holds more than `rows` lines (complete
/// rows after its header), asserting that `child` is still running and
/// that the rows appear within a minute.
pub fn wait_for_rows(path: &Path, rows: usize, child: &mut Child) {
    let start = Instant::now();
    while std::fs::read_to_string(path).map_or(0, |t| t.matches('\n').count()) <= rows {
        assert!(
            child.try_wait().expect("status").is_none(),
            "the run ended before it could be stopped"
        );
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no rows appeared"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Sends the signal `name` (`INT`, `TERM`…) to `child` with `kill`.
pub fn signal(child: &Child, name: &str) {
    let sent = Command::new("kill")
        .args([format!("-{name}"), child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{name} {}", child.id());
}
