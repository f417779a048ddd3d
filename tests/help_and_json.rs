//! The help, the book and the behaviour agree (issue 15, item 13): the
//! `solve` usage line shows `--algorithm` as optional, and every `--json`
//! object (solve, count, enumerate) has its keys in the order the book's
//! getting-started page lists them; `--version` names the commit the
//! binary was built from (issue 48).

mod common;

use common::queens_here;

use std::path::Path;

/// The keys of the outermost JSON object in `text`, in the order written.
fn top_level_keys(text: &str) -> Vec<String> {
    let mut keys = Vec::new();
    let (mut depth, mut in_string, mut escaped) = (0, false, false);
    let mut current = String::new();
    let mut expecting_key = false;
    for c in text.trim().chars() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
                if depth == 1 && expecting_key {
                    keys.push(std::mem::take(&mut current));
                    expecting_key = false;
                }
            } else if depth == 1 && expecting_key {
                current.push(c);
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' | '[' => {
                depth += 1;
                expecting_key = depth == 1;
            }
            '}' | ']' => depth -= 1,
            ',' if depth == 1 => expecting_key = true,
            _ => {}
        }
    }
    keys
}

/// The key list the getting-started page gives after `marker`: `{"a", "b", …}`.
fn readme_keys(marker: &str) -> Vec<String> {
    let readme = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/getting-started.md"),
    )
    .expect("docs/src/getting-started.md");
    let from = readme
        .find(marker)
        .expect("the marker in the book's getting-started page")
        + marker.len();
    let rest = &readme[from..];
    let open = rest.find("`{\"").expect("a key list after the marker") + 1;
    let close = rest[open..].find('}').expect("the list ends") + open;
    rest[open + 1..close]
        .split(',')
        .map(|k| k.trim().trim_matches('"').to_owned())
        .collect()
}

fn json_keys(args: &[&str]) -> Vec<String> {
    let out = queens_here(args);
    assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    serde_json::from_str::<serde_json::Value>(&text).expect("one JSON object");
    top_level_keys(&text)
}

#[test]
fn the_solve_usage_line_shows_the_algorithm_as_optional() {
    let help = queens_here(&["solve", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("Usage: queens solve [--algorithm <ALGORITHM>] --size <N>"),
        "{help}"
    );
    // The usage line of an error, with -a given, too (clap listed every
    // option given as if it were required).
    let out = queens_here(&["solve", "-a", "min-conflicts", "-n", "8", "--bogus"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let usage = stderr
        .lines()
        .find(|l| l.starts_with("Usage:"))
        .expect("a usage line");
    assert!(usage.contains("[--algorithm <ALGORITHM>]"), "{usage}");
    assert!(!usage.contains(" --algorithm <"), "{usage}");
}

#[test]
fn solve_json_keys_come_in_the_readmes_order() {
    let readme = readme_keys("`solve` prints one line of counters");
    assert_eq!(
        readme,
        [
            "algorithm",
            "params",
            "n",
            "seed",
            "solved",
            "metrics",
            "wall_seconds",
            "cpu_seconds",
            "columns"
        ]
    );
    assert_eq!(json_keys(&["solve", "-n", "8", "--json"]), readme);
    assert_eq!(json_keys(&["solve", "-n", "3", "--json"]), readme);
}

#[test]
fn count_and_enumerate_json_keys_come_in_the_readmes_order() {
    let count = readme_keys("`count` prints the total");
    assert_eq!(json_keys(&["count", "-n", "8", "--json"]), count);
    let enumerate = readme_keys("`enumerate --json` prints");
    assert_eq!(json_keys(&["enumerate", "-n", "6", "--json"]), enumerate);
    let mut unique = enumerate.clone();
    unique.extend(["unique".to_owned(), "fundamental".to_owned()]);
    assert_eq!(
        json_keys(&["enumerate", "-n", "6", "--unique", "--json"]),
        unique
    );
}

#[test]
fn version_names_the_commit_of_a_checkout_build() {
    let out = queens_here(&["--version"]);
    assert!(out.status.success());
    let printed = String::from_utf8_lossy(&out.stdout);
    let origin = match queens::run::metadata::git_revision() {
        Some(revision) => format!("commit {revision}"),
        None => "not from git".to_string(),
    };
    assert_eq!(
        printed.trim_end(),
        format!("queens {} ({origin})", env!("CARGO_PKG_VERSION"))
    );
    // This test runs from the repository, so the build knows its commit
    // whenever git can tell it.
    let head = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if let Some(head) = head {
        assert!(printed.contains(&format!("commit {head}")), "{printed}");
    }
}
