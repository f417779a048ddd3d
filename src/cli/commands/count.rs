//! `queens count`: how many solutions the N×N board has (OEIS A000170) and
//! how many are fundamental (OEIS A002562), with the fast bitboard counter;
//! with a checkpoint that survives interruption, one shard of a cluster
//! job, or the merge of the shards' checkpoints; or, with `--instance`,
//! how many solutions one instance of a hard variant has (blocked
//! squares, given queens, excluded diagonals), with the instance counter.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::Context;
use queens::base::instance::Instance;
use queens::counting::checkpoint::{self, Checkpoint, CheckpointError, parse_shard};
use queens::counting::instance::{InstanceCounter, MAX_INSTANCE_COUNT_N};
use queens::counting::{Counter, Counts, Kernel, Shard};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use serde::Serialize;

use super::args::{board_size, capped_threads, thread_count};
use super::instance_spec;
use crate::cli::Exit;
use crate::cli::terminal::count_progress::CountProgress;
use crate::cli::terminal::stderr::stderr_line;

/// Count all solutions and the fundamental ones (N <= 32).
///
/// Uses bitboard backtracking that searches one representative per symmetry
/// class, in parallel; the counts do not depend on the number of threads or
/// the kernel. Exit 1 when N has no solution (N = 2 and 3); the counts are
/// still printed.
///
/// The count is a fixed list of independent units. With `--checkpoint FILE`
/// each finished unit is appended to FILE, and the same command after an
/// interruption (even `kill -9`) resumes where it stopped. With
/// `--shard I/K` it counts only the I-th of K slices balanced by expected
/// work (one task of a cluster job array); `queens count --merge FILE…`
/// then adds the K checkpoints up.
///
/// With `--instance SPEC` it counts the solutions of one instance of a
/// hard variant (blocked squares, given queens, excluded diagonals; N <= 64)
/// instead, every solution searched for (an instance has no symmetry to
/// reduce by); exit 1 when the instance has none.
#[derive(clap::Args)]
pub struct CountArgs {
    /// The board size N (1 to 32, the counter's limit; with --instance,
    /// 1 to 64, and needed for a generated instance only, a file fixing
    /// its own N).
    #[arg(short = 'n', long = "size", value_name = "N", value_parser = board_size, allow_hyphen_values = true, required_unless_present_any = ["merge", "instance"])]
    n: Option<usize>,
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
    /// Record each finished unit in FILE (created if absent) and resume
    /// from the units FILE already holds. A checkpoint of another N, shard
    /// or version of the unit list, a line that fails its check, and an
    /// existing file that is not a checkpoint are refused (never
    /// overwritten).
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Count only slice I of K (0 <= I < K), balanced by expected work;
    /// needs --checkpoint, whose files `--merge` adds up. K is at most the
    /// count's number of units (a larger K is refused, naming the largest).
    #[arg(long, value_name = "I/K", value_parser = parse_shard, requires = "checkpoint")]
    shard: Option<Shard>,
    /// Add up the checkpoints of every shard of one count and print its
    /// totals; refuses a missing, duplicated, unfinished or mismatched
    /// shard.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["n", "checkpoint", "shard", "threads"])]
    merge: Vec<PathBuf>,
    /// Count the solutions of this instance instead of the plain board:
    /// a path to an instance file, or an origin as runs.csv's `instance`
    /// column writes it — `blocked(blocks=M,min_free=F,seed=S)`,
    /// `completion(queens=Q,seed=S)`, `diagonals(diagonals=D,min_free=F,seed=S)`
    /// (these three made at the N of -n), `plain` (with -n), or
    /// `file(PATH,sha256=HEX)` (PATH read only if its SHA-256 is HEX).
    /// N <= 64; no symmetry reduction.
    #[arg(long, value_name = "SPEC", conflicts_with_all = ["merge", "checkpoint", "shard", "kernel"])]
    instance: Option<String>,
    /// Print one JSON object: {"n", "solutions", "unique", "threads",
    /// "kernel", "seconds"}; for a shard {"n", "shard", "units",
    /// "solutions_in_shard", "threads", "kernel", "seconds"}; for a merge
    /// {"n", "solutions", "unique", "shards"}; for an instance {"n",
    /// "instance", "blocked", "given", "solutions", "threads", "seconds"}.
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

/// A shard's result as `--json` prints it.
#[derive(Serialize)]
struct ShardReport {
    n: usize,
    shard: String,
    units: usize,
    solutions_in_shard: u128,
    threads: usize,
    kernel: &'static str,
    seconds: f64,
}

/// A merge's result as `--json` prints it.
#[derive(Serialize)]
struct MergeReport {
    n: usize,
    solutions: u128,
    unique: u128,
    shards: usize,
}

/// An instance's count as `--json` prints it.
#[derive(Serialize)]
struct InstanceReport {
    n: usize,
    instance: String,
    blocked: usize,
    given: usize,
    solutions: u128,
    threads: usize,
    seconds: f64,
}

/// What the units counted here report, under one lock: the checkpoint
/// they are appended to, the progress, and the first write error.
struct Finished {
    checkpoint: Option<Checkpoint>,
    progress: CountProgress,
    error: Option<CheckpointError>,
}

/// Counts (a whole board or a shard, with or without a checkpoint) and
/// prints the result; or merges shards.
pub fn run(args: CountArgs) -> anyhow::Result<Exit> {
    if !args.merge.is_empty() {
        return merge(&args.merge, args.json);
    }
    if let Some(spec) = &args.instance {
        return count_instance(spec, args.n, args.threads, args.json);
    }
    let n = args
        .n
        .context("give the board size with -n N (or --merge FILE… to add up shards)")?;
    let counter = Counter::with_kernel(n, args.kernel.kernel())?;
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let units = counter.shard_units(shard)?;
    // The time reported is the time spent: starting the threads included.
    let start = Instant::now();
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = capped_threads(args.threads) {
        pool = pool.num_threads(t);
    }
    let pool = pool.build().context("cannot start the worker threads")?;
    let checkpoint_path = args.checkpoint.as_deref();
    let total = count_remaining(&counter, n, shard, &units, checkpoint_path, &pool)?;
    let threads = pool.current_num_threads();
    let kernel = counter.kernel().name();
    let mut out = io::stdout().lock();
    if shard != Shard::WHOLE {
        let report = ShardReport {
            n,
            shard: shard.to_string(),
            units: units.len(),
            solutions_in_shard: total,
            threads,
            kernel,
            seconds: start.elapsed().as_secs_f64(),
        };
        print_shard(&mut out, &report, shard.count, args.json)?;
        return Ok(Exit::Success);
    }
    let counts = counter.counts_from_total(total);
    let report = Report {
        n,
        solutions: counts.solutions,
        unique: counts.unique,
        threads,
        kernel,
        seconds: start.elapsed().as_secs_f64(),
    };
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        print_counts(&mut out, n, &counts)?;
        writeln!(
            out,
            "counted in {:.3} s on {} thread{} ({} kernel)",
            report.seconds,
            report.threads,
            if report.threads == 1 { "" } else { "s" },
            report.kernel
        )?;
    }
    Ok(exit_for(&counts))
}

/// Counts the solutions of the instance `spec` names (at size `n` for a
/// generated one) on `threads` threads and prints them.
fn count_instance(
    spec: &str,
    n: Option<usize>,
    threads: Option<usize>,
    json: bool,
) -> anyhow::Result<Exit> {
    if let Some(n) = n.filter(|&n| n > MAX_INSTANCE_COUNT_N) {
        anyhow::bail!(
            "N = {n} is too large for the instance counter, which takes boards up to N = {MAX_INSTANCE_COUNT_N} (one 64-bit mask per row): give -n from 1 to {MAX_INSTANCE_COUNT_N}, or search the instance for one solution with `queens solve --instance`"
        );
    }
    let instance = instance_from_spec(spec, n)?;
    let counter = InstanceCounter::new(&instance)?;
    let start = Instant::now();
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = capped_threads(threads) {
        pool = pool.num_threads(t);
    }
    let pool = pool.build().context("cannot start the worker threads")?;
    let solutions = pool.install(|| counter.count());
    let report = InstanceReport {
        n: instance.n(),
        instance: instance.origin().to_string(),
        blocked: instance.blocked_count(),
        given: instance.given_count(),
        solutions,
        threads: pool.current_num_threads(),
        seconds: start.elapsed().as_secs_f64(),
    };
    let mut out = io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        let plural = |count: usize, word: &str| {
            format!("{count} {word}{}", if count == 1 { "" } else { "s" })
        };
        writeln!(
            out,
            "N = {}, instance {} ({}, {}): {} solution{}",
            report.n,
            report.instance,
            plural(report.blocked, "blocked square"),
            plural(report.given, "given queen"),
            report.solutions,
            if report.solutions == 1 { "" } else { "s" }
        )?;
        writeln!(
            out,
            "counted in {:.3} s on {} thread{} (instance counter: every solution, no symmetry reduction)",
            report.seconds,
            report.threads,
            if report.threads == 1 { "" } else { "s" },
        )?;
    }
    Ok(if solutions > 0 {
        Exit::Success
    } else {
        Exit::NoSolution
    })
}

/// The instance `spec` names (see [`instance_spec::resolve`]); `plain`
/// is the plain board of size `n`, which it then needs.
fn instance_from_spec(spec: &str, n: Option<usize>) -> anyhow::Result<Instance> {
    let instance = match instance_spec::resolve(spec, n)? {
        Some(instance) => instance,
        None => Instance::plain(n.with_context(|| {
            format!("--instance '{spec}' is the plain problem, of any size: give -n N (1 to {MAX_INSTANCE_COUNT_N})")
        })?)?,
    };
    instance_spec::size_agrees(spec, n, &instance)?;
    Ok(instance)
}

/// Counts the `units` of `shard` on `pool`, with its progress shown:
/// with a checkpoint at `checkpoint_path` (opened, or created) only those it does not
/// hold yet, each recorded there once counted. Returns the weighted total
/// of every unit, the checkpoint's included.
fn count_remaining(
    counter: &Counter,
    n: usize,
    shard: Shard,
    units: &[usize],
    checkpoint_path: Option<&Path>,
    pool: &rayon::ThreadPool,
) -> anyhow::Result<u128> {
    let checkpoint = checkpoint_path
        .map(|path| Checkpoint::open(path, counter, shard))
        .transpose()?;
    let done = checkpoint
        .as_ref()
        .map(|c| c.done().clone())
        .unwrap_or_default();
    let expected = counter.expected_work();
    let weight = |u: &usize| expected[*u] as f64;
    let from_checkpoint = counter.weighted_sum(&done);
    if let (Some(path), false) = (checkpoint_path, done.is_empty()) {
        stderr_line!(
            "resuming from {}: {} of {} units already counted",
            path.display(),
            done.len(),
            units.len()
        );
    }
    let mut todo: Vec<usize> = units
        .iter()
        .copied()
        .filter(|u| !done.contains_key(u))
        .collect();
    // In a fixed random order the finished units are a fair sample of the
    // rest, so the ETA holds from the start (in index order the first units
    // take up to 1.7 times as long per expected work as the average, and the
    // ETA read that much too long). The counts do not depend on the order.
    todo.shuffle(&mut ChaCha8Rng::seed_from_u64(n as u64));
    let progress = CountProgress::new(
        n,
        units.len(),
        units.iter().map(weight).sum(),
        (done.len(), done.keys().map(weight).sum(), from_checkpoint),
    );
    let finished = Mutex::new(Finished {
        checkpoint,
        progress,
        error: None,
    });
    let counted = pool.install(|| {
        counter.count_units(&todo, &|unit| {
            let weighted = counter.weighted_completions(unit.unit, unit.completions);
            let Ok(mut f) = finished.lock() else { return };
            let failed = f.error.is_none().then(|| {
                f.checkpoint
                    .as_mut()
                    .map(|c| c.record(unit.unit, unit.completions))
            });
            if let Some(Some(Err(e))) = failed {
                f.error = Some(e);
            }
            f.progress.unit_done(&unit, weighted);
        })
    });
    let finished = finished
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a counting thread panicked"))?;
    finished.progress.finish();
    if let Some(e) = finished.error {
        return Err(e).context("the count finished, but its checkpoint could not be written");
    }
    Ok(from_checkpoint + counted)
}

/// Prints a shard's result: the --json object, or two lines of text
/// ending with how to merge the `shards` shards.
fn print_shard(
    out: &mut impl Write,
    report: &ShardReport,
    shards: usize,
    json: bool,
) -> anyhow::Result<()> {
    if json {
        writeln!(out, "{}", serde_json::to_string(report)?)?;
        return Ok(());
    }
    let ShardReport {
        n,
        shard,
        units,
        solutions_in_shard: total,
        threads,
        kernel,
        seconds,
    } = report;
    writeln!(
        out,
        "N = {n}, shard {shard}: {units} units done, {total} solutions in this shard (weighted by class size)"
    )?;
    writeln!(
        out,
        "counted in {seconds:.3} s on {threads} thread{} ({kernel} kernel); when all {shards} shards are done: queens count --merge FILE…",
        if *threads == 1 { "" } else { "s" },
    )?;
    Ok(())
}

/// Adds up the shards' checkpoints and prints the totals.
fn merge(paths: &[PathBuf], json: bool) -> anyhow::Result<Exit> {
    let (n, counts) = checkpoint::merge(paths)?;
    let mut out = io::stdout().lock();
    if json {
        let report = MergeReport {
            n,
            solutions: counts.solutions,
            unique: counts.unique,
            shards: paths.len(),
        };
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        print_counts(&mut out, n, &counts)?;
        writeln!(out, "merged from {} shard checkpoints", paths.len())?;
    }
    Ok(exit_for(&counts))
}

/// The counts line: "N = 8: 92 solutions, 12 fundamental solutions (…)".
fn print_counts(out: &mut impl Write, n: usize, counts: &Counts) -> io::Result<()> {
    let plural =
        |count: u128, word: &str| format!("{count} {word}{}", if count == 1 { "" } else { "s" });
    writeln!(
        out,
        "N = {n}: {}, {} (unique up to rotation and reflection)",
        plural(counts.solutions, "solution"),
        plural(counts.unique, "fundamental solution")
    )
}

/// Exit 0 with solutions, 1 without (N = 2 and 3).
fn exit_for(counts: &Counts) -> Exit {
    if counts.solutions > 0 {
        Exit::Success
    } else {
        Exit::NoSolution
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_says_what_is_missing() {
        let error = |spec: &str, n| instance_from_spec(spec, n).expect_err(spec).to_string();
        assert!(
            error("blocked(blocks=4,min_free=1,seed=2)", None)
                .contains("is generated at the size asked for: give -n N")
        );
        assert!(error("plain", None).contains("is the plain problem, of any size: give -n N"));
        assert!(error("blocked(oops)", Some(6)).contains("give a path to an instance file"));
        assert!(error("no/such/file.param", None).contains("no such file"));
        let made = instance_from_spec("completion(queens=2,seed=5)", Some(8)).expect("made");
        assert_eq!((made.n(), made.given_count()), (8, 2));
    }
}
