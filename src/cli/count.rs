//! `queens count`: how many solutions the N×N board has (OEIS A000170) and
//! how many are fundamental (OEIS A002562), with the fast bitboard counter.

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use queens::counting::{Counter, Kernel};
use serde::Serialize;

use super::Exit;
use super::args::{board_size, capped_threads, thread_count};

/// Count all solutions and the fundamental ones (N <= 32).
///
/// Uses bitboard backtracking that searches one representative per symmetry
/// class, in parallel; the counts do not depend on the number of threads or
/// the kernel. Exit 1 when N has no solution (N = 2 and 3); the counts are
/// still printed.
#[derive(clap::Args)]
pub struct CountArgs {
    /// The board size N (1 to 32, the counter's limit).
    #[arg(short = 'n', long = "size", value_name = "N", value_parser = board_size, allow_hyphen_values = true)]
    n: usize,
    /// Worker threads, 1 to 4096 (default: all cores; more than 8 per core
    /// are capped at 8 per core, with a warning); -j works too, as for
    /// `queens run`.
    #[arg(short, short_alias = 'j', long, value_name = "T", value_parser = thread_count, allow_hyphen_values = true)]
    threads: Option<usize>,
    /// The instruction set the search runs on: `avx512` or `avx2` (x86-64
    /// processors that have them), `portable` (any processor), or `auto`,
    /// the fastest this processor runs. Every kernel gives the same counts.
    #[arg(long, value_enum, default_value_t = KernelChoice::Auto)]
    kernel: KernelChoice,
    /// Print one JSON object: {"n", "solutions", "unique", "threads",
    /// "kernel", "seconds"}.
    #[arg(long)]
    json: bool,
}

/// The `--kernel` values.
#[derive(Clone, Copy, clap::ValueEnum)]
enum KernelChoice {
    /// The fastest kernel this processor runs.
    Auto,
    /// 16 states at a time with AVX-512 vector instructions.
    Avx512,
    /// 8 states at a time with AVX2 vector instructions.
    Avx2,
    /// Plain Rust, one state at a time.
    Portable,
}

impl KernelChoice {
    /// The kernel this choice names on this processor.
    fn kernel(self) -> Kernel {
        match self {
            KernelChoice::Auto => Kernel::fastest(),
            KernelChoice::Avx512 => Kernel::Avx512,
            KernelChoice::Avx2 => Kernel::Avx2,
            KernelChoice::Portable => Kernel::Portable,
        }
    }
}

/// The smallest board whose count takes long enough (seconds, on any
/// kernel) to show a progress bar.
const SLOW_N: usize = 18;

/// The result as `--json` prints it.
#[derive(Serialize)]
struct Report {
    n: usize,
    solutions: u128,
    unique: u128,
    threads: usize,
    kernel: &'static str,
    seconds: f64,
}

/// Counts and prints the result.
pub fn run(args: CountArgs) -> anyhow::Result<Exit> {
    let counter = Counter::with_kernel(args.n, args.kernel.kernel())?;
    // The time reported is the time spent: starting the threads included.
    let start = Instant::now();
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = capped_threads(args.threads) {
        pool = pool.num_threads(t);
    }
    let pool = pool.build().context("cannot start the worker threads")?;
    let bar = if args.n >= SLOW_N && std::io::stderr().is_terminal() {
        progress_bar(counter.subtree_count())
    } else {
        ProgressBar::hidden()
    };
    let counts = pool.install(|| counter.count_parallel(&|| bar.inc(1)));
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let report = Report {
        n: args.n,
        solutions: counts.solutions,
        unique: counts.unique,
        threads: pool.current_num_threads(),
        kernel: counter.kernel().name(),
        seconds,
    };
    let mut out = io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        let plural = |count: u128, word: &str| {
            format!("{count} {word}{}", if count == 1 { "" } else { "s" })
        };
        writeln!(
            out,
            "N = {}: {}, {} (unique up to rotation and reflection)",
            report.n,
            plural(report.solutions, "solution"),
            plural(report.unique, "fundamental solution")
        )?;
        writeln!(
            out,
            "counted in {:.3} s on {} thread{} ({} kernel)",
            report.seconds,
            report.threads,
            if report.threads == 1 { "" } else { "s" },
            report.kernel
        )?;
    }
    Ok(if report.solutions > 0 {
        Exit::Success
    } else {
        Exit::NoSolution
    })
}

/// A bar over the subtrees, on stderr.
fn progress_bar(subtrees: usize) -> ProgressBar {
    let bar = ProgressBar::new(subtrees as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} subtrees, eta {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar
}
