//! `queens run`: run an experiment config (the embedded default without one),
//! resuming where an earlier run stopped, then summarise, draw its charts and
//! compare its labels (compare.csv, ranking.csv). `--dry-run` prints the
//! plan instead, and a large plan waits for `--yes` (dry_run.rs).

use std::path::PathBuf;

use anyhow::Context;
use queens::base::records::Shard;
use queens::experiment::config::{self, DEFAULT_CONFIG, DEFAULT_CONFIG_NAME};
use queens::run::service::{self, Listeners, Request, Status, default_places, worker_threads};

use super::args::thread_count;
use crate::cli::Exit;
use crate::cli::terminal::finishing::{Notes, print_summary};
use crate::cli::terminal::progress::RunDisplay;
use crate::cli::terminal::signals::{self, Phase};
use crate::cli::terminal::stderr::stderr_line;

/// Run an experiment: algorithms × board sizes × trials, from a TOML config.
///
/// Writes data/<name>/runs.csv (one row per trial, appended as trials finish),
/// summary.csv and metadata.json, then the charts in plots/<name>/, then
/// compare.csv and ranking.csv (as `queens compare` by checks). Running
/// the same config again resumes: trials already in runs.csv are skipped.
/// Ctrl-C keeps every finished trial, writes the summary and exits 130;
/// SIGTERM (Slurm's scancel) does the same and exits 143. Either one while
/// the comparison, the charts or the report are drawn stops within a
/// second, with the same exit codes, keeping every file already written.
///
/// A parameter given a list of values in the config is a sweep, one entry
/// per combination; --dry-run prints the plan (labels, sizes, trials, a
/// bound on the time) without running it. A plan of more than 100000
/// trials runs only with --yes.
#[derive(clap::Args)]
pub struct RunArgs {
    /// The experiment config (TOML). Without it: the embedded default,
    /// experiments/blog-repair.toml.
    config: Option<PathBuf>,
    /// The data directory [default: data/<name>].
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// The charts directory [default: plots/<name>].
    #[arg(long, value_name = "DIR")]
    plots: Option<PathBuf>,
    /// Worker threads, 1 to 4096 [default: all cores; more than 8 per core
    /// are capped at 8 per core, with a warning]; -t works too, as for
    /// `queens count`.
    #[arg(short = 'j', short_alias = 't', long, value_name = "T", value_parser = thread_count, allow_hyphen_values = true)]
    threads: Option<usize>,
    /// Discard the results of an earlier run instead of resuming it.
    #[arg(long)]
    fresh: bool,
    /// Run only the I-th of K disjoint slices of the plan (0 <= I < K), into
    /// its own runs.shard-I-of-K.csv; combine the shards with `queens merge`.
    #[arg(long, value_name = "I/K", allow_hyphen_values = true)]
    shard: Option<Shard>,
    /// No progress output, and no ranking at the end.
    #[arg(short, long)]
    quiet: bool,
    /// Print the plan (every entry, a sweep's combinations each on its own,
    /// with its parameters, sizes and trials; the totals; a bound on the
    /// time from the budgets) and exit without running or writing anything.
    #[arg(long)]
    dry_run: bool,
    /// Run a plan of more than 100000 trials (refused without it, exit 2).
    #[arg(long)]
    yes: bool,
}

/// Runs the experiment.
pub fn run(args: RunArgs) -> anyhow::Result<Exit> {
    let (source, text) = match &args.config {
        Some(path) => (path.display().to_string(), read_config(path)?),
        None => (DEFAULT_CONFIG_NAME.to_string(), DEFAULT_CONFIG.to_string()),
    };
    let experiment = config::load(&source, &text)?;
    if args.dry_run {
        let (threads, capped) = worker_threads(args.threads)?;
        if let Some(capped) = &capped {
            stderr_line!("warning: {}", super::args::capped_text(capped));
        }
        for warning in &experiment.warnings {
            stderr_line!("warning: {warning}");
        }
        let (data_dir, plots_dir) =
            default_places(&experiment, args.data.as_deref(), args.plots.as_deref());
        let dirs = (data_dir.as_path(), plots_dir.as_path());
        super::dry_run::print(&experiment, threads, dirs, &mut std::io::stdout().lock())?;
        return Ok(Exit::Success);
    }
    super::dry_run::confirm(&experiment, args.yes)?;
    let stop = signals::install(Phase::Trials);
    let display = RunDisplay::new(!args.quiet);
    let request = Request {
        experiment: &experiment,
        data: args.data.as_deref(),
        plots: args.plots.as_deref(),
        threads: args.threads,
        fresh: args.fresh,
        shard: args.shard,
        charts: true,
    };
    let listeners = Listeners {
        run: &display,
        finish: &Notes,
        interrupt: stop.flag(),
    };
    let ran = service::run(&request, &listeners)?;
    if ran.report.interrupted {
        stderr_line!(
            "interrupted: the finished trials are kept; run the same command again to resume"
        );
        for path in &ran.removed {
            stderr_line!(
                "removed {}: it compared older trials; the completed run writes it again",
                path.display()
            );
        }
    } else if let Some(shard) = args.shard {
        stderr_line!(
            "shard {shard} finished; when all {} shards are, combine them with: queens merge {}",
            shard.count,
            queens::base::shell::path(&ran.data_dir)
        );
    } else if let Some(finished) = &ran.finished {
        print_summary(finished, &ran.plots_dir, args.quiet);
    } else if let Some(stopped) = &ran.finishing_stopped {
        stderr_line!("error: {stopped}");
    }
    Ok(match ran.status() {
        Status::Interrupted => stop.exit(),
        Status::ProgramErrors => {
            let errors = ran.report.program_errors;
            stderr_line!(
                "{errors} trial{} ended in an external program's error (solver_error or invalid_solution): left out of the statistics, the comparison and the charts, counted in summary.csv's `errors`; the reasons are in {} (exit {})",
                if errors == 1 { "" } else { "s" },
                ran.report.external_log.display(),
                crate::cli::PROGRAM_ERRORS_CODE
            );
            Exit::ProgramErrors
        }
        Status::Done => Exit::Success,
    })
}

/// The text of the config at `path`; a file that is not UTF-8 is refused
/// with the line and byte offset of its first bad byte.
fn read_config(path: &std::path::Path) -> anyhow::Result<String> {
    let bytes =
        std::fs::read(path).with_context(|| format!("cannot read config {}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        anyhow::anyhow!(
            "{}:{line}: byte 0x{:02x} at offset {offset} (byte {} of line {line}) is not UTF-8: save the config as UTF-8 text",
            path.display(),
            e.as_bytes()[offset],
            offset - line_start + 1
        )
    })
}
