//! `queens algorithms`: every registered algorithm with its source, its
//! parameters and their defaults.

use std::io::{self, Write};

use queens::solvers::algorithms;

use super::Exit;

/// List every algorithm with its source, parameters and defaults.
#[derive(clap::Args)]
pub struct AlgorithmsArgs {
    /// Print a JSON array instead of text.
    #[arg(long)]
    json: bool,
}

/// Prints the registry.
pub fn run(args: AlgorithmsArgs) -> anyhow::Result<Exit> {
    let mut out = io::stdout().lock();
    if args.json {
        let list: Vec<_> = algorithms()
            .iter()
            .map(|a| {
                serde_json::json!({
                    "name": a.name,
                    "summary": a.summary,
                    "source": a.source,
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
    Ok(Exit::Success)
}
