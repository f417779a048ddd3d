//! `queens algorithms`: every registered algorithm with its source, its
//! parameters and their defaults, as text, JSON, or the Markdown table of
//! README.md's "Algorithms" section (which a test keeps equal to it); the
//! text ends with how to run a program of one's own (`external`).

use std::io::{self, Write};

use queens::solvers::{Algorithm, ParamKind, algorithms, external};

use super::Exit;

/// List every algorithm with its source, parameters and defaults.
#[derive(clap::Args)]
pub struct AlgorithmsArgs {
    /// Print a JSON array instead of text.
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print the Markdown table of README.md's "Algorithms" section.
    #[arg(long)]
    markdown: bool,
}

/// Prints the registry.
pub fn run(args: AlgorithmsArgs) -> anyhow::Result<Exit> {
    let mut out = io::stdout().lock();
    if args.markdown {
        write!(out, "{}", markdown_table(algorithms()))?;
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
/// words), source and what one step is; one line per algorithm.
fn markdown_table(list: &[&Algorithm]) -> String {
    let mut table = String::from(
        "| name | variants / key parameters | source | one step is |\n|---|---|---|---|\n",
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
        let cell = |text: &str| text.replace('|', "\\|");
        table.push_str(&format!(
            "| `{}` | {params} | {} | {} |\n",
            a.name,
            cell(a.citation),
            cell(a.step)
        ));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table in README.md's "## Algorithms" section.
    fn readme_table() -> String {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
        let readme = std::fs::read_to_string(path).expect("README.md is readable");
        let section = readme
            .split_once("\n## Algorithms\n")
            .expect("README.md has an Algorithms section")
            .1;
        section
            .lines()
            .skip_while(|line| line.trim().is_empty())
            .take_while(|line| line.starts_with('|'))
            .map(|line| format!("{line}\n"))
            .collect()
    }

    #[test]
    fn the_readme_table_is_the_generated_one() {
        assert_eq!(
            readme_table(),
            markdown_table(algorithms()),
            "README.md's table of algorithms is stale: replace it with the output of `queens algorithms --markdown`"
        );
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
}
