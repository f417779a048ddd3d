//! `queens solve`: one search with one algorithm, size and seed — the command
//! that replays any row of a runs.csv exactly, an external program's too
//! (`--command`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use queens::solvers::external::{self, ExternalSolver, resolve_command};
use queens::solvers::params::{ParamError, RawValue, split_assignment};
use queens::solvers::{Algorithm, Budget, Configured, Metrics, Outcome, Params, find_algorithm};
use queens::trial::{InvalidSolution, Trial, TrialResult, replay_command_of, run_trial};
use queens::{Placement, board};
use serde::Serialize;

use super::Exit;
use super::args::{board_size, unsigned};
use super::failure::InternalError;
use super::output_file::{OutputError, OutputFile, STDOUT_FAILED};
use super::stderr::stderr_line;

/// Largest board drawn as text or SVG.
const MAX_DRAWN: usize = 64;

/// Largest board whose columns go into `--json` output; use `--output` beyond.
const MAX_JSON_COLUMNS: usize = 1000;

/// Solve one board with one algorithm and seed.
///
/// Prints the board (N <= 64) and the work counters; `--json` prints one JSON
/// object instead. Exit 1 when no solution was found within the budget.
#[derive(clap::Args)]
// Written out: clap's own usage line in errors lists every option given as
// if it were required (`--algorithm <ALGORITHM>`), though -a has a default.
#[command(override_usage = "queens solve [--algorithm <ALGORITHM>] --size <N> [OPTIONS]")]
pub struct SolveArgs {
    /// The algorithm (see `queens algorithms`).
    #[arg(short, long, default_value = "min-conflicts")]
    algorithm: String,
    /// Run a program of your own instead of a built-in algorithm: its
    /// command line, words separated by spaces, like "python3 solvers/x.py"
    /// (paths relative to the working directory). It speaks the
    /// queens-external protocol (experiments/solvers/PROTOCOL.md); --param
    /// values are sent to it verbatim. The replay command of an external
    /// row in a run's output is this form.
    #[arg(long, value_name = "COMMAND", conflicts_with = "algorithm")]
    command: Option<String>,
    /// The board size N.
    #[arg(short = 'n', long = "size", value_name = "N", value_parser = board_size, allow_hyphen_values = true)]
    n: usize,
    /// The seed of the solver's random number generator (ChaCha8).
    #[arg(short, long, default_value_t = 0, value_parser = unsigned, allow_hyphen_values = true)]
    seed: u64,
    /// An algorithm parameter, key=value (repeatable; see `queens algorithms`).
    #[arg(short, long = "param", value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// Stop after this many steps (the algorithm's natural unit).
    #[arg(long, value_parser = unsigned, allow_hyphen_values = true)]
    max_steps: Option<u64>,
    /// Stop after this many restarts.
    #[arg(long, value_parser = unsigned, allow_hyphen_values = true)]
    max_restarts: Option<u64>,
    /// Stop after this many conflict checks.
    #[arg(long, value_parser = unsigned, allow_hyphen_values = true)]
    max_checks: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = seconds, allow_hyphen_values = true)]
    time_limit: Option<f64>,
    /// Print one JSON object instead of the board and counters (it holds the
    /// columns for N <= 1000; use --output for larger boards).
    #[arg(long)]
    json: bool,
    /// Print only the summary line, not the board.
    #[arg(short, long)]
    quiet: bool,
    /// Write the solution to FILE: N on the first line, then one 0-based
    /// column per line. The path is checked before the search; the file is
    /// written beside FILE and renamed onto it only when there is a solution,
    /// so an existing FILE is never emptied (a FIFO or device is written
    /// straight into).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Draw the solution as an SVG checkerboard (N <= 64), written like
    /// --output.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Parses `--time-limit`; clap puts the option's name and the value before
/// the message.
fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if Budget::is_valid_time_limit(s) => Ok(s),
        _ => Err(format!(
            "expected a number of seconds greater than 0 and at most {:e}, like 2.5",
            Budget::MAX_TIME_LIMIT
        )),
    }
}

/// Runs the search and reports it.
pub fn run(args: SolveArgs) -> anyhow::Result<Exit> {
    let given = args
        .params
        .iter()
        .map(|p| split_assignment(p))
        .collect::<Result<Vec<(String, RawValue)>, _>>()?;
    let (algorithm, params, solver) = match &args.command {
        Some(command) => external_solver(command, given)?,
        None => {
            let algorithm = find_algorithm(&args.algorithm)?;
            let (params, solver) = algorithm.instantiate_for(args.n, &given)?;
            (algorithm, params, solver)
        }
    };
    if args.svg.is_some() && args.n > MAX_DRAWN {
        anyhow::bail!(
            "--svg draws boards up to N = {MAX_DRAWN}, got N = {}",
            args.n
        );
    }
    // Checked before the search so a bad path fails fast; nothing is written
    // until there is a solution.
    let output = args
        .output
        .as_deref()
        .map(|p| OutputFile::check(p, "the solution file"))
        .transpose()?;
    let svg = args
        .svg
        .as_deref()
        .map(|p| OutputFile::check(p, "the SVG file"))
        .transpose()?;

    let budget = algorithm.default_budget.overridden_by(&Budget {
        max_steps: args.max_steps,
        max_restarts: args.max_restarts,
        max_checks: args.max_checks,
        time_limit: args.time_limit,
    });
    if let Some(why) = solver.restart_budget_ignored(&budget) {
        stderr_line!(
            "warning: --max-restarts has no effect on {}: {why}",
            algorithm.name
        );
    }
    let TrialResult {
        outcome,
        wall_seconds,
        ..
    } = run_trial(Trial::new(&*solver, args.n, args.seed, budget)).map_err(|e| {
        let replay = replay_command_of(
            &*solver,
            algorithm.name,
            args.n as u64,
            args.seed,
            &params,
            &budget,
        );
        invalid_board(algorithm.name, &e, &replay)
    })?;
    if let Some(program) = solver.external() {
        for failure in program.take_failures() {
            stderr_line!("the program failed: {}", failure.reason);
            for line in failure.stderr_tail.lines() {
                stderr_line!("  stderr: {line}");
            }
        }
    }

    let written = match &outcome.solution {
        Some(solution) => write_files(solution, output, svg),
        None => Ok(()),
    };
    // The result is printed even when a file could not be written.
    report(
        &args,
        algorithm.name,
        &params.to_json(),
        &outcome,
        wall_seconds,
    )
    .context(STDOUT_FAILED)?;
    written?;
    Ok(if outcome.is_solved() {
        Exit::Success
    } else {
        Exit::NoSolution
    })
}

/// The external solver of `--command`, its words resolved against the
/// working directory, with the `--param` values verbatim.
fn external_solver(
    command: &str,
    given: Vec<(String, RawValue)>,
) -> anyhow::Result<(&'static Algorithm, Params, Box<dyn Configured>)> {
    let words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    let resolved = resolve_command(&words, Path::new("."), "the working directory")
        .with_context(|| format!("--command \"{command}\""))?;
    let texts = given.into_iter().map(|(key, value)| match value {
        RawValue::Text(text) => Ok((key, text)),
        other => Err(ParamError::Malformed(format!("{key}={other}"))),
    });
    let params = Params::verbatim(external::NAME, texts.collect::<Result<Vec<_>, _>>()?)?;
    let solver = ExternalSolver::new(resolved, &params, false);
    Ok((&external::ALGORITHM, params, Box::new(solver)))
}

/// The error of a board from `algorithm` that the independent validator
/// refused: a bug in queens, with the command that `replay`s it.
fn invalid_board(algorithm: &str, error: &InvalidSolution, replay: &str) -> InternalError {
    InternalError(format!(
        "{algorithm} returned an invalid board for N = {} ({}); replay: {replay}",
        error.n, error.violation
    ))
}

/// Writes the solution file and the SVG drawing, those that were asked for;
/// both are tried, and the first failure is returned.
fn write_files(
    solution: &Placement,
    output: Option<OutputFile>,
    svg: Option<OutputFile>,
) -> Result<(), OutputError> {
    let columns = output.map_or(Ok(()), |file| {
        file.write_with(|w| solution.write_columns(w))
    });
    let drawing = svg.map_or(Ok(()), |file| {
        file.write_with(|w| w.write_all(board::svg(solution).as_bytes()))
    });
    columns.and(drawing)
}

/// The `--json` object, its keys in the order the README lists them.
#[derive(Serialize)]
struct JsonReport<'a> {
    algorithm: &'a str,
    params: &'a serde_json::Value,
    n: usize,
    seed: u64,
    solved: bool,
    metrics: JsonMetrics,
    wall_seconds: f64,
    columns: Option<&'a [u32]>,
}

/// The counters of `--json`, then the stop reason.
#[derive(Serialize)]
struct JsonMetrics {
    #[serde(flatten)]
    metrics: Metrics,
    stop_reason: &'static str,
}

/// Prints the result: one JSON object, or the board (unless --quiet) and
/// one line of counters.
fn report(
    args: &SolveArgs,
    algorithm: &str,
    params: &serde_json::Value,
    outcome: &Outcome,
    wall_seconds: f64,
) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    if args.json {
        let columns = outcome
            .solution
            .as_ref()
            .filter(|s| s.n() <= MAX_JSON_COLUMNS)
            .map(|s| s.columns());
        let object = serde_json::to_string(&JsonReport {
            algorithm,
            params,
            n: args.n,
            seed: args.seed,
            solved: outcome.is_solved(),
            metrics: JsonMetrics {
                metrics: outcome.metrics,
                stop_reason: outcome.stop_reason.as_str(),
            },
            wall_seconds,
            columns,
        })?;
        writeln!(out, "{object}")?;
        return Ok(());
    }
    if let Some(solution) = &outcome.solution
        && !args.quiet
        && solution.n() <= MAX_DRAWN
    {
        write!(out, "{solution}")?;
    }
    let m = &outcome.metrics;
    let verdict = if outcome.is_solved() {
        "solved"
    } else {
        "no solution"
    };
    writeln!(
        out,
        "{verdict}: {} n={} seed={} stop_reason={} steps={} restarts={} checks={} tests={} backtracks={} evaluations={} final_conflicts={} wall_seconds={:.6}",
        algorithm,
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
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::failure::Failure;

    #[test]
    fn an_invalid_board_from_a_solver_is_an_internal_error_exiting_70() {
        let error = InvalidSolution {
            n: 4,
            seed: 3,
            violation: queens::Violation::SameDiagonal {
                first: 0,
                second: 1,
            },
        };
        let replay = "queens solve -a construction -n 4 --seed 3";
        let message = invalid_board("construction", &error, replay).to_string();
        assert_eq!(
            message,
            "internal error: construction returned an invalid board for N = 4 \
             (rows 0 and 1 share a diagonal); \
             replay: queens solve -a construction -n 4 --seed 3"
        );
        let error = anyhow::Error::from(invalid_board("construction", &error, replay));
        assert_eq!(Failure::of(&error).code(), 70);
    }
}
