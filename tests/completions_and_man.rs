//! Shell completions and manual pages come from the same clap definitions
//! as `--help`: every subcommand is completed in bash, zsh and fish (the
//! bash script is valid bash), and `queens man DIR` writes one page per
//! subcommand, each naming its options.

mod common;

use common::{queens, stderr};

use std::process::Command;

/// The subcommands `queens --help` lists.
fn subcommands() -> Vec<String> {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = queens(dir.path(), &["--help"]);
    let help = String::from_utf8_lossy(&out.stdout).into_owned();
    let commands = help
        .split("Commands:")
        .nth(1)
        .and_then(|rest| rest.split("Options:").next())
        .expect("a Commands section");
    commands
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_shell_completes_every_subcommand() {
    let names = subcommands();
    assert!(names.len() >= 15, "{names:?}");
    let dir = tempfile::tempdir().expect("temp dir");
    for shell in ["bash", "zsh", "fish"] {
        let out = queens(dir.path(), &["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let script = String::from_utf8_lossy(&out.stdout);
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell}: no {name}");
        }
        assert!(
            script.contains("--fresh") || script.contains("-l fresh"),
            "{shell}: no run --fresh"
        );
    }
    let out = queens(dir.path(), &["completions", "bash"]);
    let script = dir.path().join("queens.bash");
    std::fs::write(&script, &out.stdout).expect("written");
    if let Ok(status) = Command::new("bash").arg("-n").arg(&script).status() {
        assert!(status.success(), "bash -n rejects the completion script");
    }
    let out = queens(dir.path(), &["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("possible values"), "{}", stderr(&out));
}

#[test]
fn man_writes_one_page_per_subcommand_naming_its_options() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = queens(dir.path(), &["man", "pages"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let names = subcommands();
    let pages = dir.path().join("pages");
    for name in &names {
        let page = std::fs::read_to_string(pages.join(format!("queens-{name}.1")))
            .unwrap_or_else(|e| panic!("queens-{name}.1: {e}"));
        assert!(page.starts_with(".ie"), "queens-{name}.1 is not roff");
        assert!(page.contains(".TH queens-"), "queens-{name}.1 has no title");
    }
    let top = std::fs::read_to_string(pages.join("queens.1")).expect("queens.1");
    assert!(
        top.contains("Compare N\\-Queens search algorithms"),
        "{top}"
    );
    let run = std::fs::read_to_string(pages.join("queens-run.1")).expect("queens-run.1");
    assert!(run.contains("fresh"), "{run}");
    let count = std::fs::read_dir(&pages).expect("listed").count();
    assert_eq!(count, names.len() + 1);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(&format!("wrote {count} manual pages")),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    std::fs::write(dir.path().join("file"), "x").expect("written");
    let out = queens(dir.path(), &["man", "file"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cannot create the directory file"),
        "{}",
        stderr(&out)
    );
}
