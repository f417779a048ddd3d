//! `queens bench`: self-timing benchmarks that reproduce the speed figures in
//! the book's speed page (CPU time, wall time for parallel speed-ups, heap per queen).

use std::io::{self, Write};

use clap::ValueEnum;
use queens::bench::{self, BenchOptions, BenchRow, Goal};

use super::args::board_size;
use crate::cli::Exit;

/// Measure the speed figures quoted in the book's speed page.
///
/// Reports CPU time and wall time for each measurement (for a solver's run,
/// the CPU and wall time of its search alone, without the validation of its
/// solution; for the counter and the runner, the whole process's CPU time on
/// all threads); quote CPU time, or ratios from one run, on shared machines.
/// Min-conflicts and the construction also solve each size in a whole
/// `queens solve` process and report its CPU time ("process cpu s") with the
/// share of it spent outside that process's search (options, allocation,
/// validation, exit), relative to the search's. The processor is named
/// first, from /proc/cpuinfo where there is one, since figures are only
/// comparable on the same model.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// What to measure.
    #[arg(value_enum)]
    target: Vec<Target>,
    /// Board sizes instead of the target's defaults (comma-separated).
    #[arg(short = 'n', long = "sizes", value_delimiter = ',', value_parser = board_size, allow_hyphen_values = true)]
    sizes: Vec<usize>,
    /// Small sizes only: a smoke test that finishes in seconds.
    #[arg(long, conflicts_with = "large")]
    quick: bool,
    /// Also the sizes that take minutes to hours (only `count` has them):
    /// N = 19, 20 and 21 on one thread, about 30 s, 4 min and half an hour
    /// on one core of the machine the book's figures come from.
    #[arg(long)]
    large: bool,
    /// Run each target this many times and report each measurement's median
    /// CPU and wall time with the fastest and slowest run's CPU time; the
    /// runs take turns over the target's sizes. A goal is judged on the
    /// median. Shared machines vary by a quarter from run to run: quote a
    /// median of 5 or more.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1000), value_name = "K")]
    runs: u32,
    /// Print one JSON object per measurement instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Target {
    /// The bitboard counter at N = 16, 17 and 18 (with --large to 21), on 1 and 2 threads.
    Count,
    /// The O(N) construction at 10^6..10^8 queens.
    Construction,
    /// Min-conflicts `fast` at 10^6..10^8 queens.
    MinConflicts,
    /// The genetic algorithm and simulated annealing.
    Evolutionary,
    /// Runner overhead: many tiny trials.
    Runner,
    /// Every target above.
    All,
}

/// Runs the chosen benchmark targets and prints their figures.
pub fn run(args: BenchArgs) -> anyhow::Result<Exit> {
    let options = BenchOptions {
        sizes: args.sizes,
        quick: args.quick,
        large: args.large,
        queens_program: cfg!(unix).then(|| std::env::current_exe().ok()).flatten(),
    };
    let mut targets = args.target;
    if targets.is_empty() || targets.contains(&Target::All) {
        targets = vec![
            Target::Count,
            Target::Construction,
            Target::MinConflicts,
            Target::Evolutionary,
            Target::Runner,
        ];
    }
    let runs = args.runs as usize;
    let mut out = io::stdout().lock();
    let processor = queens::run::metadata::cpu_model().unwrap_or_else(|| "unknown".to_owned());
    if !args.json {
        writeln!(out, "processor: {processor}")?;
        let cpu = if runs > 1 {
            format!("{:>12} {:>16}", "median cpu s", "cpu min–max")
        } else {
            format!("{:>12}", "cpu s")
        };
        writeln!(
            out,
            "{:<44} {cpu} {:>10} {:>14} {:>23}  {:<16}  note",
            "measurement", "wall s", "peak heap", "process cpu s (outside)", "goal (cpu s)"
        )?;
    }
    for target in targets {
        let rows = bench::repeated(runs, || measure(target, &options))?;
        for row in rows {
            print_row(&mut out, &row, &processor, args.json)?;
        }
    }
    Ok(Exit::Success)
}

/// Runs one target once.
fn measure(target: Target, options: &BenchOptions) -> anyhow::Result<Vec<BenchRow>> {
    Ok(match target {
        Target::Count => bench::count::run(options)?,
        Target::Construction => bench::construction::run(options)?,
        Target::MinConflicts => bench::min_conflicts::run(options)?,
        Target::Evolutionary => bench::evolutionary::run(options)?,
        Target::Runner => bench::runner::run(options)?,
        Target::All => Vec::new(),
    })
}

/// The goal column: `≤ 5: met`, `≤ 5: missed`, or `-` without a goal.
fn goal_cell(goal: Option<Goal>) -> String {
    match goal {
        Some(goal) => format!(
            "≤ {}: {}",
            goal.cpu_seconds_at_most,
            if goal.met { "met" } else { "missed" }
        ),
        None => "-".to_owned(),
    }
}

/// Prints one measurement: a table row, or one JSON object (the row's
/// fields and the `processor` it was measured on).
fn print_row(
    out: &mut impl Write,
    row: &BenchRow,
    processor: &str,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        let mut object = serde_json::to_value(row)?;
        if let Some(fields) = object.as_object_mut() {
            fields.insert("processor".to_owned(), processor.into());
        }
        writeln!(out, "{object}")?;
    } else {
        let heap = row
            .peak_heap_bytes
            .map(|b| format!("{:.1} MiB", b as f64 / (1u64 << 20) as f64))
            .unwrap_or_default();
        let cpu = if row.runs > 1 {
            let range = format!("{:.3}–{:.3}", row.cpu_seconds_min, row.cpu_seconds_max);
            format!("{:>12.3} {range:>16}", row.cpu_seconds)
        } else {
            format!("{:>12.3}", row.cpu_seconds)
        };
        let process = match (row.process_cpu_seconds, row.outside_search()) {
            (Some(seconds), Some(outside)) => format!("{seconds:.3} ({:+.0}%)", 100.0 * outside),
            _ => "-".to_owned(),
        };
        writeln!(
            out,
            "{:<44} {cpu} {:>10.3} {:>14} {process:>23}  {:<16}  {}",
            row.name,
            row.wall_seconds,
            heap,
            goal_cell(row.goal),
            row.note
        )?;
    }
    Ok(())
}
