//! `queens run --dry-run`: the plan of a config printed without running a
//! trial or touching a file — every entry (a sweep's combinations each on
//! its own) with its algorithm, parameters, budget, sizes and trials, the
//! totals, and a bound on the time from the budgets — and the confirmation
//! that `queens run` asks for above
//! [`CONFIRM_PLANNED_TRIALS`](queens::experiment::plan::CONFIRM_PLANNED_TRIALS).

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use anyhow::bail;
use indicatif::HumanDuration;
use queens::experiment::config::{Entry, Experiment};
use queens::experiment::plan::{CONFIRM_PLANNED_TRIALS, planned_trials};

/// Refuses a plan above [`CONFIRM_PLANNED_TRIALS`] trials unless
/// `confirmed` (`--yes`), naming the count, the limit and the flags.
pub fn confirm(experiment: &Experiment, confirmed: bool) -> anyhow::Result<()> {
    let planned = planned_trials(experiment);
    if planned > CONFIRM_PLANNED_TRIALS && !confirmed {
        bail!(
            "{} plans {planned} trials, more than {CONFIRM_PLANNED_TRIALS} without confirmation: check the plan with `queens run --dry-run {}`, then run it with --yes (or write fewer trials, sizes or swept values)",
            experiment.source,
            queens::base::shell::quote(&experiment.source)
        );
    }
    Ok(())
}

/// Writes the plan of `experiment` to `out`, for `threads` worker threads
/// and the data and charts directories a run would write.
pub fn print(
    experiment: &Experiment,
    threads: usize,
    (data_dir, plots_dir): (&Path, &Path),
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let planned = planned_trials(experiment);
    writeln!(
        out,
        "{} ({}): {} entr{}, {planned} trials; config hash {}",
        experiment.name,
        experiment.source,
        experiment.entries.len(),
        if experiment.entries.len() == 1 {
            "y"
        } else {
            "ies"
        },
        &experiment.hash[..12]
    )?;
    let mut bound = 0.0;
    let mut unbounded = Vec::new();
    for entry in &experiment.entries {
        let trials: u64 = entry.cells.iter().map(|(_, t)| t).sum();
        writeln!(out, "\n{}", entry.label)?;
        writeln!(out, "  algorithm  {}", entry.algorithm.name)?;
        writeln!(out, "  params     {}", entry.params_text)?;
        writeln!(out, "  budget     {}", entry.budget.canonical())?;
        writeln!(out, "  sizes      {}", sizes(entry))?;
        writeln!(out, "  trials     {}", per_size(entry))?;
        let time = match entry.budget.time_limit {
            Some(limit) => {
                bound += trials as f64 * limit;
                format!(
                    "at most {} ({trials} × time_limit {limit} s)",
                    duration(trials as f64 * limit)
                )
            }
            None => {
                unbounded.push(entry.label.as_str());
                "not bounded: no time_limit".to_owned()
            }
        };
        writeln!(out, "  total      {trials} trials; time {time}")?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "total: {planned} trials in {} entries",
        experiment.entries.len()
    )?;
    let wall = bound / threads as f64;
    if unbounded.is_empty() {
        writeln!(
            out,
            "time: at most {} of trial time, {} on {threads} thread{} (every trial reaching its time_limit)",
            duration(bound),
            duration(wall),
            if threads == 1 { "" } else { "s" }
        )?;
    } else if unbounded.len() == experiment.entries.len() {
        writeln!(
            out,
            "time: not bounded: no entry has a time_limit (only step, restart or check budgets bound the trials)"
        )?;
    } else {
        writeln!(
            out,
            "time: not bounded: {} ha{} no time_limit (only their step, restart or check budgets bound them); the others take at most {} of trial time, {} on {threads} thread{}",
            unbounded
                .iter()
                .map(|l| format!("'{l}'"))
                .collect::<Vec<_>>()
                .join(", "),
            if unbounded.len() == 1 { "s" } else { "ve" },
            duration(bound),
            duration(wall),
            if threads == 1 { "" } else { "s" }
        )?;
    }
    if planned > CONFIRM_PLANNED_TRIALS {
        writeln!(
            out,
            "confirm: the plan holds more than {CONFIRM_PLANNED_TRIALS} trials; run it with --yes"
        )?;
    }
    writeln!(
        out,
        "dry run: nothing was run or written; the run writes {} and {}",
        data_dir.display(),
        plots_dir.display()
    )?;
    Ok(())
}

/// An entry's sizes, in the config's order.
fn sizes(entry: &Entry) -> String {
    let sizes: Vec<String> = entry.cells.iter().map(|(n, _)| n.to_string()).collect();
    sizes.join(", ")
}

/// An entry's trials per size: "20 per size", or "8: 500, 10: 200" when
/// they differ.
fn per_size(entry: &Entry) -> String {
    let counts: Vec<u64> = entry.cells.iter().map(|(_, t)| *t).collect();
    match counts.as_slice() {
        [first, rest @ ..] if rest.iter().all(|t| t == first) => format!("{first} per size"),
        _ => {
            let cells: Vec<String> = entry
                .cells
                .iter()
                .map(|(n, t)| format!("{n}: {t}"))
                .collect();
            cells.join(", ")
        }
    }
}

/// A number of seconds as a person reads it: "45 seconds", "3 minutes".
fn duration(seconds: f64) -> String {
    if seconds < 1.0 {
        return format!("{seconds:.2} s");
    }
    HumanDuration(Duration::from_secs_f64(seconds.min(1e15))).to_string()
}
