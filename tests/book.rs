//! The README and the book (docs/) cannot rot unseen: every page is in the
//! book's table of contents and every entry there is a page; every relative
//! link and image of the README and the book names a file that exists (and,
//! for a page of the book, a heading that exists); the generated reference
//! pages are what the binary prints today; the README stays a first visit's
//! length. `.ci/check-book.sh` builds the book with mdBook and runs every
//! `console` block against the release binary.

mod common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use common::queens_here;

/// The crate's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every Markdown file under `dir`, recursively, sorted.
fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).expect("a readable directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The text outside fenced code blocks, where Markdown links live.
fn prose(text: &str) -> String {
    let mut fenced = false;
    let mut kept = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

/// The targets of the inline links and images of `text` (`[a](target)`,
/// `![a](target)`), outside code blocks and code spans.
fn link_targets(text: &str) -> Vec<String> {
    let prose = prose(text);
    let mut targets = Vec::new();
    for line in prose.lines() {
        // Drop code spans, whose brackets are not links.
        let plain: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = plain.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            targets.push(after[..end].trim().to_owned());
            rest = &after[end..];
        }
    }
    targets
}

/// The anchors mdBook gives the headings of a page: lower case, spaces as
/// `-`, punctuation other than `-` and `_` dropped.
fn anchors(text: &str) -> BTreeSet<String> {
    prose(text)
        .lines()
        .filter_map(|line| line.strip_prefix('#'))
        .map(|heading| {
            heading
                .trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// The broken links of the Markdown file `page`: each target that is not
/// a web address and names no existing file, or a heading its page lacks.
fn broken_links(page: &Path) -> Vec<String> {
    let text = fs::read_to_string(page).expect("a readable page");
    let dir = page.parent().expect("a page in a directory");
    let mut broken = Vec::new();
    for target in link_targets(&text) {
        if target.starts_with("http://") || target.starts_with("https://") {
            continue;
        }
        let (file, anchor) = match target.split_once('#') {
            Some((file, anchor)) => (file, Some(anchor)),
            None => (target.as_str(), None),
        };
        let path = if file.is_empty() {
            page.to_path_buf()
        } else {
            dir.join(file)
        };
        if !path.exists() {
            broken.push(format!("{target} (no file {})", path.display()));
        } else if let Some(anchor) = anchor {
            let linked = fs::read_to_string(&path).unwrap_or_default();
            if !anchors(&linked).contains(anchor) {
                broken.push(format!(
                    "{target} (no heading #{anchor} in {})",
                    path.display()
                ));
            }
        }
    }
    broken
}

#[test]
fn every_relative_link_and_image_of_the_readme_and_the_book_resolves() {
    let mut pages = vec![root().join("README.md")];
    pages.extend(markdown_files(&root().join("docs/src")));
    let broken: Vec<String> = pages
        .iter()
        .flat_map(|page| {
            let name = page
                .strip_prefix(root())
                .unwrap_or(page)
                .display()
                .to_string();
            broken_links(page)
                .into_iter()
                .map(move |b| format!("{name}: {b}"))
        })
        .collect();
    assert!(pages.len() > 20, "the book has its pages: {pages:?}");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_table_of_contents_lists_every_page_once_and_only_pages() {
    let src = root().join("docs/src");
    let summary = fs::read_to_string(src.join("SUMMARY.md")).expect("docs/src/SUMMARY.md");
    let listed: Vec<String> = link_targets(&summary);
    let unique: BTreeSet<&String> = listed.iter().collect();
    assert_eq!(
        unique.len(),
        listed.len(),
        "a page listed twice: {listed:?}"
    );
    let pages: BTreeSet<String> = markdown_files(&src)
        .iter()
        .filter_map(|p| p.strip_prefix(&src).ok())
        .map(|p| p.display().to_string())
        .filter(|p| p != "SUMMARY.md")
        .collect();
    let listed: BTreeSet<String> = listed.into_iter().collect();
    let unlisted: Vec<&String> = pages.difference(&listed).collect();
    let missing: Vec<&String> = listed.difference(&pages).collect();
    assert!(unlisted.is_empty(), "pages not in SUMMARY.md: {unlisted:?}");
    assert!(
        missing.is_empty(),
        "SUMMARY.md lists pages that do not exist: {missing:?}"
    );
}

/// Asserts that the committed page `path` is what `queens args…` prints.
fn assert_generated(path: &str, args: &[&str]) {
    let output = queens_here(args);
    assert!(
        output.status.success(),
        "queens {args:?} failed: {output:?}"
    );
    let generated = String::from_utf8(output.stdout).expect("UTF-8");
    let committed = fs::read_to_string(root().join(path)).unwrap_or_default();
    assert!(
        committed == generated,
        "{path} is stale: regenerate it with `cargo run --release -- {} > {path}`",
        args.join(" ")
    );
}

#[test]
fn the_command_line_reference_is_every_help_text_of_today() {
    assert_generated("docs/src/reference/cli.md", &["man", "--markdown"]);
    let page = fs::read_to_string(root().join("docs/src/reference/cli.md")).unwrap_or_default();
    for section in [
        "## queens solve\n",
        "## queens plot\n",
        "## queens schema\n",
    ] {
        assert!(page.contains(section), "no {section:?} in the reference");
    }
    // The lists in plot's, summarize's and compare's help come from the
    // registries and the row types.
    assert!(
        page.contains("  critical-difference: "),
        "plot's chart list"
    );
    assert!(page.contains("ert_m_ci_high"), "summarize's column list");
    assert!(page.contains("p_b_better."), "compare's column list");
}

#[test]
fn the_config_reference_is_the_schema_of_today() {
    assert_generated(
        "docs/src/reference/config-keys.md",
        &["schema", "--markdown"],
    );
    let page =
        fs::read_to_string(root().join("docs/src/reference/config-keys.md")).unwrap_or_default();
    for key in [
        "| `trace_every` |",
        "| `max_steps` |",
        "| `per_trial` |",
        "### annealing",
    ] {
        assert!(page.contains(key), "no {key:?} in the config reference");
    }
}

#[test]
fn the_readme_fits_a_first_visit_with_a_chart_on_its_first_screen() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 250,
        "README.md has {lines} lines: move detail into the book (docs/)"
    );
    let first_screen: String = readme.lines().take(25).collect::<Vec<_>>().join("\n");
    assert!(
        first_screen.contains("![") && first_screen.contains(".svg)"),
        "{first_screen}"
    );
    let setup = ["cargo run --release -- run", "cargo test"];
    assert!(setup.iter().all(|command| readme.contains(command)));
}

#[test]
fn link_targets_and_anchors_are_read_as_mdbook_reads_them() {
    let text = "# The data\n## Exit codes: 0, 1 and 2\nsee [a](x.md#the-data) and \
                `[not](a link)` ![b](img.svg)\n```\n[c](inside.md)\n```\n";
    assert_eq!(link_targets(text), ["x.md#the-data", "img.svg"]);
    let expected: BTreeSet<String> = ["the-data", "exit-codes-0-1-and-2"]
        .map(str::to_owned)
        .into();
    assert_eq!(anchors(text), expected);
}

/// The column names of the table that follows `### FILE` in the data
/// reference, in order (the first table after the heading, and for
/// summary.csv the block table too).
fn documented_columns(page: &str, file: &str) -> Vec<Vec<String>> {
    let section = page
        .split_once(&format!("\n### {file}\n"))
        .unwrap_or_else(|| panic!("the data reference has no section {file}"))
        .1;
    let section = section.split("\n### ").next().unwrap_or(section);
    let mut tables: Vec<Vec<String>> = Vec::new();
    let mut in_table = false;
    for line in section.lines() {
        let table_line = line.starts_with('|');
        if table_line && !in_table {
            tables.push(Vec::new());
        }
        in_table = table_line;
        if line.starts_with("| `")
            && let Some(table) = tables.last_mut()
        {
            let name = line.split('`').nth(1).unwrap_or_default();
            table.push(name.to_owned());
        }
    }
    tables
}

/// The header of a shipped CSV file.
fn shipped_header(file: &str) -> Vec<String> {
    let path = root().join("data/blog-repair").join(file);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let header = text.lines().next().unwrap_or_default();
    header.split(',').map(str::to_owned).collect()
}

#[test]
fn the_data_reference_names_every_column_of_every_file_in_order() {
    let page = fs::read_to_string(root().join("docs/src/reference/data.md")).expect("data.md");
    for file in [
        "runs.csv",
        "params.csv",
        "traces.csv",
        "compare.csv",
        "ranking.csv",
    ] {
        let tables = documented_columns(&page, file);
        assert_eq!(tables.first(), Some(&shipped_header(file)), "{file}");
    }
    let summary = documented_columns(&page, "summary.csv");
    let [cell, block] = summary.as_slice() else {
        panic!("summary.csv has a table of the cell's columns and one of a block's: {summary:?}");
    };
    let mut columns = cell.clone();
    for measure in ["steps", "checks", "evaluations", "seconds"] {
        columns.extend(
            block
                .iter()
                .map(|template| match template.strip_prefix("m_") {
                    Some(rest) => format!("{measure}_{rest}"),
                    None => template.replacen("_m", &format!("_{measure}"), 1),
                }),
        );
    }
    assert_eq!(columns, shipped_header("summary.csv"));
}
