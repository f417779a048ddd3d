//! The rule that the library builds no front end's command: what a message
//! tells the user to do is a typed remedy (`queens::base::remedy::Remedy`),
//! which the command line renders as a `queens …` command and the Python
//! package as a `queens.…(…)` call. So no string literal of the library
//! (`src/` outside the binary's `src/cli/` and `src/main.rs`) holds
//! `queens ` followed by a subcommand's name.
//!
//! Comments and doc comments may name commands, and so may tests
//! (`#[cfg(test)]` items); a small lexer skips them and reads every string
//! literal (plain, raw and byte strings, a `\` line continuation joined as
//! the compiler joins it). The few literals that are the text of a data or
//! output file, which must read the same whatever front end wrote it, are
//! listed in [`ALLOWED`] with the reason.

use std::fs;
use std::path::{Path, PathBuf};

/// The subcommands of `queens`.
const SUBCOMMANDS: &[&str] = &[
    "run",
    "solve",
    "summarize",
    "compare",
    "plot",
    "report",
    "export",
    "merge",
    "animate",
    "count",
    "enumerate",
    "bench",
    "algorithms",
    "schema",
];

/// (file, text of the literal) pairs allowed to spell a command, each the
/// text of a file the library writes, which does not depend on the front
/// end that wrote it.
const ALLOWED: &[(&str, &str)] = &[
    // external.log's replays: the data format of the log, read back by the
    // report (base/records/replay_line.rs says why it is the command line's).
    (
        "src/base/records/replay_line.rs",
        "queens solve {what} -n {n}",
    ),
    // The header comment of each LaTeX table names what writes it.
    ("src/report/latex.rs", "% queens report --latex:"),
    ("src/report/versus_best.rs", "% queens report --latex:"),
    // The config's JSON Schema (experiments/config.schema.json).
    (
        "src/experiment/schema.rs",
        "(`queens algorithms` lists them)",
    ),
    // The kind of file a checkpoint is (its header names it so).
    (
        "src/counting/checkpoint.rs",
        "not a queens count checkpoint",
    ),
];

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// A string literal: its 1-based line and its text (escapes left as
/// written, but for a `\` line continuation, joined).
struct Literal {
    line: usize,
    text: String,
}

/// The string literals of `source` outside comments and `#[cfg(test)]`
/// items.
fn literals(source: &str) -> Vec<Literal> {
    let bytes = source.as_bytes();
    let line_of = |at: usize| source[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    let mut i = 0;
    // Where a `#[cfg(test)]` item's braces started, and their depth.
    let mut skipping: Option<usize> = None;
    let mut depth = 0usize;
    while i < bytes.len() {
        let rest = &source[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |end| end + 2);
        } else if rest.starts_with("#[cfg(test)]") {
            skipping = Some(depth);
            i += "#[cfg(test)]".len();
        } else if let Some(len) = raw_string(rest) {
            if skipping.is_none() {
                found.push(Literal {
                    line: line_of(i),
                    text: rest[..len].to_string(),
                });
            }
            i += len;
        } else if rest.starts_with('"') || rest.starts_with("b\"") {
            let start = i + rest.find('"').expect("a quote");
            let mut end = start + 1;
            while end < bytes.len() && bytes[end] != b'"' {
                end += if bytes[end] == b'\\' { 2 } else { 1 };
            }
            if skipping.is_none() {
                found.push(Literal {
                    line: line_of(start),
                    text: joined(&source[start + 1..end.min(bytes.len())]),
                });
            }
            i = end + 1;
        } else if let Some(len) = char_literal(rest) {
            i += len;
        } else {
            match bytes[i] {
                b'{' => depth += 1,
                b'}' => {
                    depth = depth.saturating_sub(1);
                    if skipping == Some(depth) {
                        skipping = None;
                    }
                }
                b';' if skipping == Some(depth) => skipping = None,
                _ => {}
            }
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    found
}

/// The length of the raw string literal `rest` starts with (`r"…"`,
/// `r#"…"#`, `br"…"`), if it starts with one.
fn raw_string(rest: &str) -> Option<usize> {
    let after = rest.strip_prefix("br").or_else(|| rest.strip_prefix('r'))?;
    let hashes = after.len() - after.trim_start_matches('#').len();
    let body = after[hashes..].strip_prefix('"')?;
    let close = format!("\"{}", "#".repeat(hashes));
    let end = body.find(&close)?;
    Some(rest.len() - body.len() + end + close.len())
}

/// The length of the character literal `rest` starts with (`'"'`,
/// `'\''`), if it starts with one rather than a lifetime.
fn char_literal(rest: &str) -> Option<usize> {
    let body = rest.strip_prefix('\'')?;
    let first = body.chars().next()?;
    let close = if first == '\\' {
        // An escape: the closing quote comes after the escaped character.
        body.get(2..)?.find('\'')? + 2
    } else {
        first.len_utf8()
    };
    body[close..].starts_with('\'').then_some(close + 2)
}

/// `text` with each `\` line continuation (and the white space after it)
/// removed, as the compiler reads the literal.
fn joined(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\\\n") {
        out.push_str(&rest[..at]);
        rest = rest[at + 2..].trim_start();
    }
    out.push_str(rest);
    out
}

/// Whether `text` spells a command: `queens ` then a subcommand's name as
/// a whole word.
fn spells_a_command(text: &str) -> bool {
    text.match_indices("queens ").any(|(at, _)| {
        let after = &text[at + "queens ".len()..];
        SUBCOMMANDS.iter().any(|command| {
            after.strip_prefix(command).is_some_and(|tail| {
                !tail.starts_with(|c: char| c.is_alphanumeric() || c == '_' || c == '-')
            })
        })
    })
}

#[test]
fn no_string_of_the_library_spells_a_queens_command() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let mut found = Vec::new();
    let mut literals_read = 0;
    for file in &files {
        let name = file
            .strip_prefix(root)
            .expect("under the root")
            .to_string_lossy()
            .replace('\\', "/");
        if name.starts_with("src/cli/") || name == "src/main.rs" {
            continue;
        }
        let source = fs::read_to_string(file).expect("a source file");
        for literal in literals(&source) {
            literals_read += 1;
            let allowed = ALLOWED
                .iter()
                .any(|(f, text)| *f == name && literal.text.contains(text));
            if spells_a_command(&literal.text) && !allowed {
                found.push(format!("{name}:{}: {}", literal.line, literal.text));
            }
        }
    }
    assert!(
        literals_read > 1000,
        "only {literals_read} string literals read: the scanner is broken"
    );
    assert!(
        found.is_empty(),
        "string literals of the library spell a `queens` command; give the message a \
         Remedy (queens::base::remedy) and let the front end render it:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scanner_finds_commands_in_code_and_not_in_comments_or_tests() {
    let source = r##"
        // "queens run x" in a comment
        /// `queens plot` in a doc comment
        const A: &str = "see `queens summarize \
                         data/x`";
        const B: char = '"';
        fn f<'a>(x: &'a str) -> String { format!(r#"queens compare {x}"#) }
        const C: &str = "queens-count-checkpoint and queens running";
        #[cfg(test)]
        mod tests {
            const D: &str = "queens solve -n 8";
        }
        const E: &str = "queens merge";
    "##;
    let spelled: Vec<(usize, bool)> = literals(source)
        .iter()
        .map(|l| (l.line, spells_a_command(&l.text)))
        .collect();
    assert_eq!(
        spelled,
        [(4, true), (7, true), (8, false), (13, true)],
        "{spelled:?}"
    );
}
