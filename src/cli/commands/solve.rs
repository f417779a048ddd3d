//! `queens solve`: one search with one algorithm, size and seed — the command
//! that replays any row of a runs.csv exactly, an external program's too
//! (`--command`).

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;

use queens::Placement;
use queens::animate::draw::{self, InstanceMarks};
use queens::animate::recorder::Latest;
use queens::base::instance::Instance;
use queens::base::remedy::{Remedy, Replay};
use queens::solvers::{Frame, Metrics, Outcome, StopReason};
use queens::trial::{InvalidSolution, TrialResult, run_trial};
use serde::Serialize;

use super::search_args::{Search, SearchArgs};
use crate::cli::Exit;
use crate::cli::terminal::failure::InternalError;
use crate::cli::terminal::output_file::{OutputError, OutputFile, STDOUT_FAILED};
use crate::cli::terminal::stderr::stderr_line;

/// Largest board drawn as text or SVG.
const MAX_DRAWN: usize = 64;

/// Largest board whose columns go into `--json` output; use `--output` beyond.
const MAX_JSON_COLUMNS: usize = 1000;

/// Solve one board with one algorithm and seed.
///
/// Prints the board (N <= 64) and the work counters; `--json` prints one JSON
/// object instead. On an instance (--instance) the board marks blocked
/// squares `#` and given queens `G`, and --svg draws them (dark crossed
/// squares, outlined queens). Exit 1 when no solution was found within the budget, 3
/// when an external program (`--command`) failed or answered with a board
/// that is no solution.
#[derive(clap::Args)]
// Written out: clap's own usage line in errors lists every option given as
// if it were required (`--algorithm <ALGORITHM>`), though -a has a default.
#[command(
    override_usage = "queens solve [--algorithm <ALGORITHM>] --size <N> [OPTIONS]\n       queens solve [--algorithm <ALGORITHM>] --instance <SPEC> [--size <N>] [OPTIONS]"
)]
pub struct SolveArgs {
    #[command(flatten)]
    search: SearchArgs,
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
    /// Draw the solution as an SVG checkerboard (N <= 64) with rows and
    /// columns labelled from 1, written like --output. When the search ends
    /// without a solution, FILE shows the last board it reached instead,
    /// with a line joining every two queens that attack each other and on
    /// each attacked queen the number of its attackers (to keep that board,
    /// the search is watched board by board: slower, same counters).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Runs the search and reports it.
pub fn run(args: SolveArgs) -> anyhow::Result<Exit> {
    let search = args.search.build()?;
    let Search {
        algorithm,
        params,
        solver,
        n,
        ..
    } = &search;
    let n = *n;
    if args.svg.is_some() && n > MAX_DRAWN {
        anyhow::bail!("--svg draws boards up to N = {MAX_DRAWN}, got N = {n}");
    }
    // Checked before the search so a bad path fails fast; the solution file
    // is written only when there is a solution, the SVG either way.
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

    // With --svg, the last board of a search that finds no solution.
    let mut latest = Latest::default();
    let marks = search.instance.as_ref().map(InstanceMarks::of);
    let mut trial = search.trial().with_cpu_time();
    if svg.is_some() {
        trial = trial.with_trace(&mut latest);
    }
    let TrialResult {
        outcome,
        wall_seconds,
        cpu_seconds,
        ..
    } = run_trial(trial).map_err(|e| invalid_board(algorithm.name, &e, search.replay()))?;
    if let Some(program) = solver.external() {
        for failure in program.take_failures() {
            stderr_line!("the program failed: {}", failure.reason);
            for line in failure.stderr_tail.lines() {
                stderr_line!("  stderr: {line}");
            }
        }
    }

    let written = match &outcome.solution {
        Some(solution) => write_files(solution, output, svg, marks.as_ref()),
        None => write_last_board(n, &outcome, latest.frame(), svg, marks.as_ref()),
    };
    // The result is printed even when a file could not be written.
    // An external program searches in its own process: this thread only
    // waited for it.
    let seconds = SearchSeconds {
        wall: wall_seconds,
        cpu: cpu_seconds.filter(|_| solver.external().is_none()),
    };
    report(&args, &search, &params.to_json(), &outcome, seconds).context(STDOUT_FAILED)?;
    written?;
    Ok(match outcome.stop_reason {
        StopReason::Solved => Exit::Success,
        StopReason::SolverError | StopReason::InvalidSolution => Exit::ProgramErrors,
        _ => Exit::NoSolution,
    })
}

/// The verdict and the counters of `outcome` for the search of `search`,
/// on one line (`solved: min-conflicts n=8 seed=1 stop_reason=solved
/// steps=…`, with `instance=ORIGIN` after the seed on an instance), as
/// `queens solve` prints them before the wall time.
pub fn counters_line(search: &Search, outcome: &Outcome) -> String {
    let m = &outcome.metrics;
    let verdict = if outcome.is_solved() {
        "solved"
    } else {
        "no solution"
    };
    let instance = search
        .instance_text()
        .map_or_else(String::new, |origin| format!(" instance={origin}"));
    format!(
        "{verdict}: {} n={} seed={}{instance} stop_reason={} steps={} restarts={} checks={} tests={} backtracks={} evaluations={} final_conflicts={}",
        search.algorithm.name,
        search.n,
        search.seed,
        outcome.stop_reason,
        m.steps,
        m.restarts,
        m.checks,
        m.tests,
        m.backtracks,
        m.evaluations,
        m.final_conflicts.map_or_else(
            || queens::base::records::values::NA.to_string(),
            |c| c.to_string()
        ),
    )
}

/// The error of a board from `algorithm` that the independent validator
/// refused: a bug in queens, with the command that replays its trial
/// (`queens::trial::replay_of`).
pub fn invalid_board(algorithm: &str, error: &InvalidSolution, replay: Replay) -> InternalError {
    let replay = Remedy::Replay(Box::new(replay));
    InternalError(format!(
        "{algorithm} returned an invalid board for N = {} ({}); replay: {replay}",
        error.n, error.violation
    ))
}

/// Writes the solution file and the SVG drawing (on the instance of
/// `marks`, if any), those that were asked for; both are tried, and the
/// first failure is returned.
fn write_files(
    solution: &Placement,
    output: Option<OutputFile>,
    svg: Option<OutputFile>,
    marks: Option<&InstanceMarks>,
) -> Result<(), OutputError> {
    let columns = output.map_or(Ok(()), |file| {
        file.write_with(|w| solution.write_columns(w))
    });
    let drawing = svg.map_or(Ok(()), |file| {
        let rows: Vec<String> = solution
            .columns()
            .iter()
            .map(|c| (c + 1).to_string())
            .collect();
        let heading = format!(
            "{}-queens solution (each row's column, from 1): {}",
            solution.n(),
            rows.join(" ")
        );
        let queens: Vec<_> = solution.columns().iter().copied().enumerate().collect();
        let text = draw::still_on(solution.n(), &queens, &heading, marks);
        file.write_with(|w| w.write_all(text.as_bytes()))
    });
    columns.and(drawing)
}

/// Writes the SVG of the last board of a search that found no solution
/// (`frame`, the latest the search sent), when one was asked for; says on
/// stderr when the search sent no board to draw.
fn write_last_board(
    n: usize,
    outcome: &Outcome,
    frame: Option<&Frame>,
    svg: Option<OutputFile>,
    marks: Option<&InstanceMarks>,
) -> Result<(), OutputError> {
    let Some(file) = svg else {
        return Ok(());
    };
    let Some(frame) = frame else {
        stderr_line!(
            "no SVG written: the search ended ({}) without a solution and without showing a board",
            outcome.stop_reason
        );
        return Ok(());
    };
    let heading = format!(
        "no solution ({}): the last board of the search",
        outcome.stop_reason
    );
    let text = draw::still_on(n, &draw::frame_queens(frame), &heading, marks);
    file.write_with(|w| w.write_all(text.as_bytes()))
}

/// The board `columns` on `instance` as text: `Q` a queen the search
/// placed, `G` a given queen, `#` a blocked square, `.` a free one, and a
/// line saying so.
fn board_text(columns: &[u32], instance: &Instance) -> String {
    let n = columns.len() as u32;
    let mut text = String::new();
    for (row, &column) in columns.iter().enumerate() {
        let cells: Vec<&str> = (0..n)
            .map(|c| match (c == column, instance.given(row) == Some(c)) {
                (true, true) => "G",
                (true, false) => "Q",
                _ if !instance.is_allowed(row, c) => "#",
                _ => ".",
            })
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text.push_str("(Q placed queen, G given queen, # blocked square)\n");
    text
}

/// The `--json` object, its keys in the order the book's getting-started page lists them.
#[derive(Serialize)]
struct JsonReport<'a> {
    algorithm: &'a str,
    params: &'a serde_json::Value,
    n: usize,
    seed: u64,
    solved: bool,
    metrics: JsonMetrics,
    wall_seconds: f64,
    /// The search's CPU seconds on the thread that ran it; `null` for an
    /// external program, whose search runs in a process of its own.
    cpu_seconds: Option<f64>,
    columns: Option<&'a [u32]>,
    /// The instance's origin, on an instance only.
    #[serde(skip_serializing_if = "Option::is_none")]
    instance: Option<String>,
}

/// The counters of `--json`, then the stop reason.
#[derive(Serialize)]
struct JsonMetrics {
    #[serde(flatten)]
    metrics: Metrics,
    stop_reason: &'static str,
}

/// The time the search took.
struct SearchSeconds {
    /// Wall seconds.
    wall: f64,
    /// CPU seconds of the thread that searched; `None` for an external
    /// program.
    cpu: Option<f64>,
}

/// Prints the result: one JSON object, or the board (unless --quiet) and
/// one line of counters.
fn report(
    args: &SolveArgs,
    search: &Search,
    params: &serde_json::Value,
    outcome: &Outcome,
    seconds: SearchSeconds,
) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    if args.json {
        let columns = outcome
            .solution
            .as_ref()
            .filter(|s| s.n() <= MAX_JSON_COLUMNS)
            .map(|s| s.columns());
        let object = serde_json::to_string(&JsonReport {
            algorithm: search.algorithm.name,
            params,
            n: search.n,
            seed: search.seed,
            solved: outcome.is_solved(),
            metrics: JsonMetrics {
                metrics: outcome.metrics,
                stop_reason: outcome.stop_reason.as_str(),
            },
            wall_seconds: seconds.wall,
            cpu_seconds: seconds.cpu,
            columns,
            instance: search.instance_text(),
        })?;
        writeln!(out, "{object}")?;
        return Ok(());
    }
    if let Some(solution) = &outcome.solution
        && !args.quiet
        && solution.n() <= MAX_DRAWN
    {
        match &search.instance {
            Some(instance) => write!(out, "{}", board_text(solution.columns(), instance))?,
            None => write!(out, "{solution}")?,
        }
    }
    let line = counters_line(search, outcome);
    writeln!(out, "{line} wall_seconds={:.6}", seconds.wall)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::terminal::failure::Failure;

    #[test]
    fn an_invalid_board_from_a_solver_is_an_internal_error_exiting_70() {
        let error = InvalidSolution {
            n: 4,
            seed: 3,
            violation: queens::trial::Invalid::Attack(queens::Violation::SameDiagonal {
                first: 0,
                second: 1,
            }),
        };
        crate::cli::terminal::remedies::register();
        let replay = || Replay {
            solver: queens::base::remedy::ReplaySolver::Algorithm("construction".to_owned()),
            n: Some(4),
            seed: Some(3),
            params: Vec::new(),
            budget: Vec::new(),
            start: None,
            instance: None,
        };
        let message = invalid_board("construction", &error, replay()).to_string();
        assert_eq!(
            message,
            "internal error: construction returned an invalid board for N = 4 \
             (rows 0 and 1 share a diagonal); \
             replay: queens solve -a construction -n 4 --seed 3"
        );
        let error = anyhow::Error::from(invalid_board("construction", &error, replay()));
        assert_eq!(Failure::of(&error).code(), 70);
    }
}
