//! Why a benchmark could not produce its figures.

use std::path::PathBuf;

use crate::base::outcome::StopReason;
use crate::counting::{CountError, Counts};
use crate::experiment::diagnostics::ConfigError;
use crate::run::error::RunError;
use crate::solvers::{ParamError, UnknownAlgorithm};
use crate::trial::InvalidSolution;

/// Why a benchmark target failed. A wrong result (a count that is not the
/// published one, an invalid board) is a failure too: figures are only
/// reported for correct results.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BenchError {
    /// The counter refused the board size or the kernel.
    #[error(transparent)]
    Count(#[from] CountError),
    /// The counter disagrees with OEIS: a bug in the counter.
    #[error(
        "N = {n}: counted {} solutions and {} unique, OEIS says {} and {}",
        counted.solutions, counted.unique, published.solutions, published.unique
    )]
    CountMismatch {
        /// The board size.
        n: usize,
        /// What the counter found.
        counted: Counts,
        /// OEIS A000170 and A002562.
        published: Counts,
    },
    /// The worker threads could not be started.
    #[error("cannot start {threads} worker threads")]
    Threads {
        /// How many were asked for.
        threads: usize,
        /// The reason rayon gives.
        source: rayon::ThreadPoolBuildError,
    },
    /// The benchmark names an algorithm the registry does not have.
    #[error(transparent)]
    UnknownAlgorithm(#[from] UnknownAlgorithm),
    /// The benchmark's parameters do not fit the algorithm, or the run
    /// would not fit in memory.
    #[error("cannot configure {algorithm} for the benchmark at N = {n}")]
    Params {
        /// The registry name.
        algorithm: &'static str,
        /// The board size.
        n: usize,
        /// Which parameter, and what is allowed.
        source: Box<ParamError>,
    },
    /// The board size is above what the benchmarked solver handles.
    #[error("board size {n} is too large for {solver} (at most {max}): choose a smaller N")]
    TooLarge {
        /// The solver.
        solver: &'static str,
        /// The size asked for.
        n: usize,
        /// The largest size it handles.
        max: usize,
    },
    /// A search the benchmark needs solved ended without a solution.
    #[error("{solver} did not solve N = {n} ({stop_reason})")]
    Unsolved {
        /// The solver.
        solver: &'static str,
        /// The board size.
        n: usize,
        /// Why it stopped.
        stop_reason: StopReason,
    },
    /// A solver returned a board that is not a solution: a bug in the
    /// solver.
    #[error("{solver} returned an invalid board")]
    InvalidSolution {
        /// The solver.
        solver: &'static str,
        /// The size, the seed and the violation.
        source: InvalidSolution,
    },
    /// The runner benchmark's generated config does not load: a bug in the
    /// benchmark.
    #[error("the runner benchmark's config does not load")]
    Config(#[from] ConfigError),
    /// The runner benchmark's experiment failed.
    #[error("the runner benchmark's experiment failed")]
    Run(#[from] RunError),
    /// Two runs of one target measured different things: a bug in the
    /// target, whose measurements must not depend on the run.
    #[error(
        "run {run} of the benchmark measured {} where the first run measured {}; \
         a target must measure the same things every run",
        measurement(.found),
        measurement(.expected)
    )]
    Unrepeatable {
        /// The run, from 1.
        run: usize,
        /// The first run's measurement at that place, if it had one there.
        expected: Option<String>,
        /// This run's measurement at that place, if it had one there.
        found: Option<String>,
    },
    /// The program measured as a whole process could not be started.
    #[error("cannot start `{command}`: check that the `queens` executable still exists")]
    ChildStart {
        /// The command line.
        command: String,
        /// The reason the system gives.
        source: std::io::Error,
    },
    /// The program measured as a whole process ended unsuccessfully.
    #[error(
        "`{command}` failed ({status}){}; run that command by hand to see why",
        after_colon(.stderr)
    )]
    ChildFailed {
        /// The command line.
        command: String,
        /// How it ended.
        status: String,
        /// What it wrote to standard error.
        stderr: String,
    },
    /// The program measured as a whole process did not report what the
    /// benchmark reads from it: a `queens` of another version?
    #[error(
        "`queens {command}` printed {found:?} where {expected} was expected; \
         run the benchmark with the `queens` it was built with"
    )]
    ChildReport {
        /// Its arguments.
        command: String,
        /// What was expected.
        expected: &'static str,
        /// The start of what it printed.
        found: String,
    },
    /// The runner benchmark's temporary data directory could not be
    /// removed.
    #[error("cannot remove the runner benchmark's data directory {path}; delete it by hand")]
    Cleanup {
        /// The directory.
        path: PathBuf,
        /// The reason the system gives.
        source: std::io::Error,
    },
}

/// `": text"`, or nothing for an empty text.
fn after_colon(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!(": {text}")
    }
}

/// A measurement's name, quoted, or "nothing" where a run had none.
fn measurement(name: &Option<String>) -> String {
    name.as_ref()
        .map_or_else(|| "nothing".to_owned(), |name| format!("{name:?}"))
}
