//! The `queens` binary's command line: [`commands`], one file per
//! subcommand (with the argument parsers and the plan printer they share),
//! and [`terminal`], what talks to the person at the terminal (stderr lines,
//! progress bars, the notes of the finishing pipeline, output files that
//! appear whole, and the error-to-exit-code policy). The exit-code policy:
//! 0 success; 1 a solver ran but found no solution (none exists, or none
//! within the budget); 2 bad input (or a file that cannot be read or
//! written); 70 an internal error, a bug in queens (EX_SOFTWARE); 130
//! interrupted by Ctrl-C; 143 stopped by SIGTERM (128 + 15), either one
//! also while the charts or the report are drawn (see
//! [`terminal::signals`]); 141 stdout was closed early, as by `| head`
//! (the status of a program ended by SIGPIPE; nothing is printed).
//! Subcommands print through a locked stdout and return its errors, so a
//! closed stdout ends them quietly instead of panicking.

mod commands;
mod terminal;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use commands::{
    algorithms, animate, bench, compare, completions, count, enumerate, export, man, merge, plot,
    report, run, schema, solve, space, summarize,
};
use terminal::failure::Failure;
use terminal::signals::{self, Phase};
use terminal::stderr::stderr_line;

/// Compare N-Queens search algorithms under seeded, reproducible conditions.
///
/// Exact search (backtracking, the textbook's CSP heuristics, a fast
/// bitboard counter, an O(N) construction) and stochastic search (random
/// restarts, iterative repair, min-conflicts, a genetic algorithm, simulated
/// annealing), and programs of your own in any language, behind one
/// interface: experiments and parameter sweeps from TOML configs, tidy CSV
/// results, charts, statistics, a report, an IOHprofiler export, and
/// animated replays of single runs.
///
/// Exit codes: 0 success; 1 no solution found (the result is still printed);
/// 2 bad input, or a file that cannot be written; 70 internal error (a bug in
/// queens: please report it); 130 interrupted; 143 stopped by
/// SIGTERM; 141 stdout closed early (as by
/// `| head`), ending quietly.
#[derive(Parser)]
#[command(
    name = "queens",
    version = env!("QUEENS_VERSION_TEXT"),
    about,
    long_about
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Solve(solve::SolveArgs),
    Count(count::CountArgs),
    Space(space::SpaceArgs),
    Enumerate(enumerate::EnumerateArgs),
    Algorithms(algorithms::AlgorithmsArgs),
    Run(run::RunArgs),
    Merge(merge::MergeArgs),
    Summarize(summarize::SummarizeArgs),
    Plot(plot::PlotArgs),
    Compare(compare::CompareArgs),
    Report(report::ReportArgs),
    Export(export::ExportArgs),
    Bench(bench::BenchArgs),
    Animate(animate::AnimateArgs),
    Completions(completions::CompletionsArgs),
    Man(man::ManArgs),
    Schema(schema::SchemaArgs),
}

/// How a successful command ended.
pub enum Exit {
    /// Everything asked for was done.
    Success,
    /// A search ended without a solution (the result was still printed).
    NoSolution,
    /// The user pressed Ctrl-C; finished work was kept.
    Interrupted,
    /// SIGTERM (as from Slurm's scancel) stopped the command; finished
    /// work was kept.
    Terminated,
    /// A run wrote everything, but some of its trials ended in an external
    /// program's error, or `solve --command`'s one trial did
    /// ([`PROGRAM_ERRORS_CODE`]).
    ProgramErrors,
}

/// The exit code of a run some of whose trials ended in an external
/// program's error (`solver_error`, `invalid_solution`), after writing
/// everything, and of a `solve --command` whose trial did.
pub const PROGRAM_ERRORS_CODE: u8 = 3;

/// The command line's definition: the derived one, with the lists in the
/// long help of `plot` (its charts), `summarize` and `compare` (the columns
/// they write) generated
/// from the library's registries, so `--help`, the manual pages, the
/// completions and the book's reference say the same.
fn command() -> clap::Command {
    Cli::command()
        .mut_subcommand("plot", |c| with_generated_help(c, plot::chart_list()))
        .mut_subcommand("summarize", |c| {
            with_generated_help(c, summarize::column_list())
        })
        .mut_subcommand("compare", |c| {
            with_generated_help(c, compare::column_lists())
        })
}

/// `command` with `generated` appended to its long help, after a blank line.
fn with_generated_help(command: clap::Command, generated: String) -> clap::Command {
    let intro = command
        .get_long_about()
        .map(ToString::to_string)
        .unwrap_or_default();
    command.long_about(format!("{intro}\n\n{generated}"))
}

/// Parses the command line, runs the subcommand and returns its exit code.
pub fn main() -> ExitCode {
    terminal::remedies::register();
    let parsed = command()
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match &cli.command {
        Command::Merge(_)
        | Command::Summarize(_)
        | Command::Plot(_)
        | Command::Compare(_)
        | Command::Report(_)
        | Command::Export(_) => {
            signals::install(Phase::Finishing);
        }
        _ => {}
    }
    let result = match cli.command {
        Command::Solve(a) => solve::run(a),
        Command::Count(a) => count::run(a),
        Command::Space(a) => space::run(a),
        Command::Enumerate(a) => enumerate::run(a),
        Command::Algorithms(a) => algorithms::run(a),
        Command::Run(a) => run::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Summarize(a) => summarize::run(a),
        Command::Plot(a) => plot::run(a),
        Command::Compare(a) => compare::run(a),
        Command::Report(a) => report::run(a),
        Command::Export(a) => export::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Animate(a) => animate::run(a),
        Command::Completions(a) => completions::run(a, command()),
        Command::Man(a) => man::run(a, command()),
        Command::Schema(a) => schema::run(a),
    };
    if let Some(stopped) = signals::requested_exit() {
        // A signal asked to stop: its exit code, whatever the work did
        // after it (an error it caused is still said).
        if let Err(e) = &result
            && let Some(message) = Failure::of(e).message(e)
        {
            stderr_line!("{message}");
        }
        return exit_code(Ok(stopped));
    }
    exit_code(result)
}

/// The exit code of a command's `result`, saying its error on stderr.
fn exit_code(result: anyhow::Result<Exit>) -> ExitCode {
    match result {
        Ok(Exit::Success) => ExitCode::SUCCESS,
        Ok(Exit::NoSolution) => ExitCode::from(1),
        Ok(Exit::Interrupted) => ExitCode::from(130),
        Ok(Exit::Terminated) => ExitCode::from(143),
        Ok(Exit::ProgramErrors) => ExitCode::from(PROGRAM_ERRORS_CODE),
        Err(e) => {
            let failure = Failure::of(&e);
            if let Some(message) = failure.message(&e) {
                stderr_line!("{message}");
            }
            ExitCode::from(failure.code())
        }
    }
}
