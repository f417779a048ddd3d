//! Labels have a maximum length (issue 15, item 7): a longer one is refused
//! with exit 2 and `file:line:column`, and nothing is written; a label of
//! exactly the maximum is accepted.

mod common;

use queens::experiment::config::{MAX_LABEL_CHARS, load};

fn config(label: &str) -> String {
    format!(
        "name = \"t\"\nseed = 1\nsizes = [6]\ntrials = 1\n[[algorithm]]\nname = \"backtracking\"\nlabel = \"{label}\"\n"
    )
}

#[test]
fn a_label_longer_than_the_maximum_is_refused_naming_the_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let label = "x".repeat(100_000);
    std::fs::write(dir.path().join("long.toml"), config(&label)).expect("write config");
    let out = common::queens(dir.path(), &["run", "long.toml", "--quiet"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("long.toml:7:9:"), "{stderr}");
    assert!(stderr.contains("100000 characters"), "{stderr}");
    assert!(
        stderr.contains(&format!("at most {MAX_LABEL_CHARS}")),
        "{stderr}"
    );
    assert!(!dir.path().join("data").exists());
}

#[test]
fn a_label_of_the_maximum_length_is_accepted() {
    let label = "é".repeat(MAX_LABEL_CHARS);
    assert!(load("ok.toml", &config(&label)).is_ok());
    let Err(e) = load("ok.toml", &config(&format!("{label}é"))) else {
        panic!("one character too many is accepted");
    };
    assert_eq!(e.location.line, 7, "{e}");
}
