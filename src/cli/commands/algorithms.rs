//! `queens algorithms`: every registered algorithm with its source, its
//! parameters and their defaults and what its `checks` count, as text,
//! JSON, or the two Markdown tables of the book's algorithms page
//! (docs/src/reference/algorithms.md: the algorithms, also in README.md,
//! and what their checks count; a test keeps each copy equal to its
//! source); the text ends with how to run a program of one's own
//! (`external`).

use std::io::{self, Write};

use queens::solvers::algorithms::external;
use queens::solvers::params::{RawValue, VARIANT};
use queens::solvers::{Algorithm, ParamKind, algorithms};

use crate::cli::Exit;

/// List every algorithm with its source, parameters, defaults and what its
/// checks count.
#[derive(clap::Args)]
pub struct AlgorithmsArgs {
    /// Print a JSON array instead of text.
    #[arg(long, conflicts_with_all = ["markdown", "checks_markdown"])]
    json: bool,
    /// Print the Markdown table of the algorithms in README.md and the
    /// book's algorithms page.
    #[arg(long, conflicts_with = "checks_markdown")]
    markdown: bool,
    /// Print the Markdown table of what each algorithm's checks count, in
    /// the book's algorithms page.
    #[arg(long)]
    checks_markdown: bool,
}

/// Prints the registry.
pub fn run(args: AlgorithmsArgs) -> anyhow::Result<Exit> {
    let mut out = io::stdout().lock();
    if args.markdown {
        write!(out, "{}", markdown_table(algorithms()))?;
        return Ok(Exit::Success);
    }
    if args.checks_markdown {
        write!(out, "{}", checks_table(algorithms()))?;
        return Ok(Exit::Success);
    }
    if args.json {
        let list: Vec<_> = algorithms()
            .iter()
            .map(|a| {
                serde_json::json!({
                    "name": a.name,
                    "summary": a.summary,
                    "source": a.source,
                    "citation": a.citation,
                    "step": a.step,
                    "checks": a.checks.iter().map(|c| serde_json::json!({
                        "variant": c.variant,
                        "counts": c.counts,
                    })).collect::<Vec<_>>(),
                    "default_budget": a.default_budget,
                    "params": a.params.iter().map(|p| serde_json::json!({
                        "name": p.name,
                        "type": p.kind.to_string(),
                        "default": p.default,
                        "help": p.help,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&list)?)?;
        return Ok(Exit::Success);
    }
    for a in algorithms() {
        writeln!(out, "{}", a.name)?;
        writeln!(out, "    {}", a.summary)?;
        writeln!(out, "    source: {}", a.source)?;
        writeln!(out, "    one step is: {}", a.step)?;
        for c in a.checks {
            match c.variant {
                Some(variant) => writeln!(out, "    checks ({variant}): {}", c.counts)?,
                None => writeln!(out, "    checks: {}", c.counts)?,
            }
        }
        let b = &a.default_budget;
        let mut limits = Vec::new();
        if let Some(s) = b.max_steps {
            limits.push(format!("max_steps={s}"));
        }
        if let Some(r) = b.max_restarts {
            limits.push(format!("max_restarts={r}"));
        }
        if let Some(c) = b.max_checks {
            limits.push(format!("max_checks={c}"));
        }
        if let Some(t) = b.time_limit {
            limits.push(format!("time_limit={t}"));
        }
        if !limits.is_empty() {
            writeln!(out, "    default budget: {}", limits.join(", "))?;
        }
        if a.params.is_empty() {
            writeln!(out, "    parameters: none")?;
        }
        for p in a.params {
            writeln!(out, "    --param {}={}    [{}]", p.name, p.default, p.kind)?;
            writeln!(out, "        {}", p.help)?;
        }
        writeln!(out)?;
    }
    let external = &external::ALGORITHM;
    writeln!(out, "{}", external.name)?;
    writeln!(out, "    {}", external.summary)?;
    writeln!(
        out,
        "    use: name = \"external\", label and command = [\"python3\", \"x.py\"] in a config's [[algorithm]]; or queens solve --command \"python3 x.py\""
    )?;
    writeln!(out, "    protocol: experiments/solvers/PROTOCOL.md")?;
    Ok(Exit::Success)
}

/// The Markdown table of `list`: name, parameters (a choice with its
/// words), source, what one step is and which variants search the hard
/// instances (blocked squares, given queens, excluded diagonals); one line
/// per algorithm.
fn markdown_table(list: &[&Algorithm]) -> String {
    let mut table = String::from(
        "| name | variants / key parameters | source | one step is | hard instances |\n|---|---|---|---|---|\n",
    );
    for a in list {
        let params = if a.params.is_empty() {
            "—".to_string()
        } else {
            a.params
                .iter()
                .map(|p| match p.kind {
                    ParamKind::Choice(words) => format!("`{} = {}`", p.name, words.join(" \\| ")),
                    _ => format!("`{}`", p.name),
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        table.push_str(&format!(
            "| `{}` | {params} | {} | {} | {} |\n",
            a.name,
            cell(a.citation),
            cell(a.step),
            instances_cell(a)
        ));
    }
    table
}

/// Which of `a`'s variants search instances, by their defaults: "all",
/// "none" or the variants that do.
fn instances_cell(a: &Algorithm) -> String {
    let accepts = |given: &[(String, RawValue)]| {
        a.instantiate(given)
            .is_ok_and(|(_, solver)| solver.instance_refused().is_none())
    };
    if a.variants.is_empty() {
        return if accepts(&[]) { "all" } else { "none" }.to_string();
    }
    let taking: Vec<String> = a
        .variants
        .iter()
        .filter(|v| accepts(&[(VARIANT.to_string(), RawValue::String(v.name.to_string()))]))
        .map(|v| format!("`{}`", v.name))
        .collect();
    match taking.len() {
        0 => "none".to_string(),
        k if k == a.variants.len() => "all".to_string(),
        _ => taking.join(", "),
    }
}

/// The Markdown table of what the checks of `list` count: one line per
/// [`CheckCount`](queens::solvers::algorithm::CheckCount) (per variant, or
/// one for an algorithm whose variants count alike).
fn checks_table(list: &[&Algorithm]) -> String {
    let mut table = String::from("| algorithm | what its checks count |\n|---|---|\n");
    for a in list {
        for c in a.checks {
            let variant = c.variant.map(|v| format!(" `{v}`")).unwrap_or_default();
            table.push_str(&format!("| `{}`{variant} | {} |\n", a.name, cell(c.counts)));
        }
    }
    table
}

/// `text` as one Markdown table cell: its `|` escaped.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of `file` (a path from the crate's root) whose header line
    /// is `header`, in its section headed `heading`.
    fn table_in(file: &str, heading: &str, header: &str) -> String {
        let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the Markdown file is readable");
        let section = text
            .split_once(&format!("{heading}\n"))
            .unwrap_or_else(|| panic!("{file} has no section {heading}"))
            .1;
        let start = section
            .find(&format!("\n{header}\n"))
            .unwrap_or_else(|| panic!("{file}'s section {heading} has no table {header}"));
        section[start + 1..]
            .lines()
            .take_while(|line| line.starts_with('|'))
            .map(|line| format!("{line}\n"))
            .collect()
    }

    /// Asserts that `file`'s section `heading` holds `table` as `queens
    /// algorithms FLAG` prints it.
    fn assert_holds(file: &str, heading: &str, table: &str, flag: &str) {
        let header = table.lines().next().expect("a header line");
        assert_eq!(
            table_in(file, heading, header),
            table,
            "{file}'s table \"{header}\" is stale: replace it with the output of `queens algorithms {flag}`"
        );
    }

    /// The book's page of algorithms and what their checks count.
    const BOOK_PAGE: &str = "docs/src/reference/algorithms.md";

    #[test]
    fn the_readme_table_is_the_generated_one() {
        let table = markdown_table(algorithms());
        assert_holds("README.md", "\n## Algorithms", &table, "--markdown");
        assert_holds(BOOK_PAGE, "# Algorithms", &table, "--markdown");
    }

    #[test]
    fn the_book_table_of_checks_is_the_generated_one() {
        let table = checks_table(algorithms());
        assert_holds(BOOK_PAGE, "# Algorithms", &table, "--checks-markdown");
    }

    #[test]
    fn one_line_per_algorithm_with_its_choices() {
        let table = markdown_table(algorithms());
        assert_eq!(table.lines().count(), 2 + algorithms().len());
        assert!(
            table.contains("| `backtracking` | `mode = first \\| exhaustive` |"),
            "{table}"
        );
        assert!(table.contains("| `construction` | — |"), "{table}");
    }

    #[test]
    fn the_checks_of_every_variant_are_said_once() {
        for a in algorithms().iter().copied().chain([&external::ALGORITHM]) {
            let described: Vec<Option<&str>> = a.checks.iter().map(|c| c.variant).collect();
            if described != [None] {
                let variants: Vec<Option<&str>> = a.variants.iter().map(|v| Some(v.name)).collect();
                assert_eq!(described, variants, "{}: one line per variant", a.name);
            }
            for c in a.checks {
                assert!(!c.counts.trim().is_empty(), "{}", a.name);
            }
        }
        let table = checks_table(algorithms());
        assert!(
            table.contains("| `backtracking` | 1 per square tested (= `tests`) |\n"),
            "{table}"
        );
        assert!(table.contains("| `min-conflicts` `fast` | "), "{table}");
    }
}
