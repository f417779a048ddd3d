//! `queens solve`: one search with one algorithm, size and seed — the command
//! that replays any row of a runs.csv exactly.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use queens::solvers::params::{RawValue, split_assignment};
use queens::solvers::{Budget, Control, Outcome, find_algorithm};
use queens::{board, validate};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use super::Exit;
use super::args::board_size;

/// Largest board drawn as text or SVG.
const MAX_DRAWN: usize = 64;

/// Largest board whose columns go into `--json` output; use `--output` beyond.
const MAX_JSON_COLUMNS: usize = 1000;

/// Solve one board with one algorithm and seed.
///
/// Prints the board (N <= 64) and the work counters; `--json` prints one JSON
/// object instead. Exit 1 when no solution was found within the budget.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The algorithm (see `queens algorithms`).
    #[arg(short, long, default_value = "min-conflicts")]
    algorithm: String,
    /// The board size N.
    #[arg(short = 'n', long = "size", value_name = "N", value_parser = board_size, allow_hyphen_values = true)]
    n: usize,
    /// The seed of the solver's random number generator (ChaCha8).
    #[arg(short, long, default_value_t = 0)]
    seed: u64,
    /// An algorithm parameter, key=value (repeatable; see `queens algorithms`).
    #[arg(short, long = "param", value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// Stop after this many steps (the algorithm's natural unit).
    #[arg(long)]
    max_steps: Option<u64>,
    /// Stop after this many restarts.
    #[arg(long)]
    max_restarts: Option<u64>,
    /// Stop after this many conflict checks.
    #[arg(long)]
    max_checks: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time_limit: Option<f64>,
    /// Print one JSON object instead of the board and counters (it holds the
    /// columns for N <= 1000; use --output for larger boards).
    #[arg(long)]
    json: bool,
    /// Print only the summary line, not the board.
    #[arg(short, long)]
    quiet: bool,
    /// Write the solution to FILE: N on the first line, then one 0-based
    /// column per line.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Draw the solution as an SVG checkerboard (N <= 64).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if Budget::is_valid_time_limit(s) => Ok(s),
        _ => Err(format!(
            "'{text}' is not a time limit: write a positive number of seconds up to {:e}, like 2.5",
            Budget::MAX_TIME_LIMIT
        )),
    }
}

/// Runs the search and reports it.
pub fn run(args: SolveArgs) -> anyhow::Result<Exit> {
    let algorithm = find_algorithm(&args.algorithm)?;
    let given = args
        .params
        .iter()
        .map(|p| split_assignment(p))
        .collect::<Result<Vec<(String, RawValue)>, _>>()?;
    let (params, solver) = algorithm.instantiate(&given)?;
    if args.svg.is_some() && args.n > MAX_DRAWN {
        anyhow::bail!(
            "--svg draws boards up to N = {MAX_DRAWN}, got N = {}",
            args.n
        );
    }
    // Open output files before the search so a bad path fails fast.
    let output = args
        .output
        .as_ref()
        .map(|p| {
            File::create(p).with_context(|| format!("cannot create output file {}", p.display()))
        })
        .transpose()?;
    let svg = args
        .svg
        .as_ref()
        .map(|p| File::create(p).with_context(|| format!("cannot create SVG file {}", p.display())))
        .transpose()?;

    let budget = algorithm.default_budget.overridden_by(&Budget {
        max_steps: args.max_steps,
        max_restarts: args.max_restarts,
        max_checks: args.max_checks,
        time_limit: args.time_limit,
    });
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut control = Control::new(budget);
    let start = Instant::now();
    let outcome = solver.solve(args.n, &mut rng, &mut control);
    let wall_seconds = start.elapsed().as_secs_f64();

    if let Some(solution) = &outcome.solution {
        validate(solution.columns()).with_context(|| {
            format!(
                "internal error: {} returned an invalid board",
                algorithm.name
            )
        })?;
        if let Some(file) = output {
            solution
                .write_columns(file)
                .context("cannot write the solution file")?;
        }
        if let Some(mut file) = svg {
            file.write_all(board::svg(solution).as_bytes())
                .context("cannot write the SVG file")?;
        }
    }
    if !outcome.is_solved() {
        // The files were created up front to fail fast on a bad path; without
        // a solution they would hold nothing, so none is left behind.
        for path in [&args.output, &args.svg].into_iter().flatten() {
            let _ = std::fs::remove_file(path);
        }
    }
    report(&args, &params.to_json(), &outcome, wall_seconds)?;
    Ok(if outcome.is_solved() {
        Exit::Success
    } else {
        Exit::NoSolution
    })
}

fn report(
    args: &SolveArgs,
    params: &serde_json::Value,
    outcome: &Outcome,
    wall_seconds: f64,
) -> anyhow::Result<()> {
    let mut metrics = serde_json::to_value(outcome.metrics)?;
    metrics["stop_reason"] = serde_json::json!(outcome.stop_reason.as_str());
    if args.json {
        let columns = outcome
            .solution
            .as_ref()
            .filter(|s| s.n() <= MAX_JSON_COLUMNS)
            .map(|s| s.columns().to_vec());
        let object = serde_json::json!({
            "algorithm": args.algorithm,
            "params": params,
            "n": args.n,
            "seed": args.seed,
            "solved": outcome.is_solved(),
            "metrics": metrics,
            "wall_seconds": wall_seconds,
            "columns": columns,
        });
        println!("{object}");
        return Ok(());
    }
    if let Some(solution) = &outcome.solution
        && !args.quiet
        && solution.n() <= MAX_DRAWN
    {
        print!("{solution}");
    }
    let m = &outcome.metrics;
    let verdict = if outcome.is_solved() {
        "solved"
    } else {
        "no solution"
    };
    println!(
        "{verdict}: {} n={} seed={} stop_reason={} steps={} restarts={} checks={} tests={} backtracks={} evaluations={} final_conflicts={} wall_seconds={:.6}",
        args.algorithm,
        args.n,
        args.seed,
        outcome.stop_reason,
        m.steps,
        m.restarts,
        m.checks,
        m.tests,
        m.backtracks,
        m.evaluations,
        m.final_conflicts,
        wall_seconds
    );
    Ok(())
}
