//! `queens compare`: rank tests and effect sizes between the labels of one
//! or more data directories, written as compare.csv and ranking.csv and
//! printed as tables; its default comparison is a step of the finishing pipeline
//! ([`queens::finish`]) that `queens run`, `merge` and `plot` take too.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, anyhow, bail};
use queens::analysis::bayes::{DEFAULT_ROPE, valid_rope};
use queens::analysis::compare::{
    Comparison, DEFAULT_ALPHA, DEFAULT_SEED, Options, combine, compare,
};
use queens::base::records::header::columns;
use queens::base::records::{CompareRow, Measure, RankingRow};
use queens::finish::{Steps, finish};
use queens::store::Store;
use queens::store::derived::RunsDigest;
use queens::store::error::StoreError;

use super::args::unsigned;
use crate::cli::Exit;
use crate::cli::terminal::finishing::{Notes, open_to_compare, written};
use crate::cli::terminal::output_file::STDOUT_FAILED;
use crate::cli::terminal::stderr::stderr_line;

/// Compare the labels of experiments: which is cheaper at each N, by how
/// much, and how sure.
///
/// For every board size N and every pair of labels: a two-sided
/// Mann–Whitney U test on the cost of a trial (exact when neither label has
/// more than 50 trials and nothing ties, or, with ties, when one label has
/// at most 10; otherwise the normal approximation with tie and continuity
/// corrections, as SciPy's), its p-value corrected
/// by Holm's method over all pairs at that N, and the Vargha–Delaney effect
/// size A12 with a seeded bootstrap 95% interval and its magnitude.
///
/// A12 is the probability that a trial of label_a costs less than a trial
/// of label_b (ties count one half): above 0.5 label_a is the cheaper, 0.5
/// is no difference. Its magnitude goes by its distance from 0.5 (Vargha &
/// Delaney 2000): negligible below 0.06 (A12 between 0.44 and 0.56), small
/// below 0.14, medium below 0.21, large from 0.21 (A12 at most 0.29 or at
/// least 0.71).
///
/// The cost of a trial is its measure when it answered (solved, or proved
/// that no solution exists, at N = 2 and 3); a trial that did not answer
/// costs more than every one that did, and such trials tie with each
/// other. A label with trials of unknown work (a foreign solver killed at
/// its time limit, counters NA in runs.csv) has no ERT ratio in steps,
/// checks or evaluations: ert_ratio is NA and ert_ratio_missing says
/// unknown_work. The ranking at each N ranks every trial there together (ties
/// share their mean rank) and orders the labels by the mean rank of their
/// trials. Each pair's verdict is a_better, b_better (Holm-corrected p
/// below alpha), untestable (even the smallest p its trial counts and ties
/// allow would not be below alpha after Holm: one trial against five
/// never is) or no_detectable_difference; a label is indistinguishable
/// from the best only when their pair is no_detectable_difference, and at
/// an N where nothing solved no label is best.
///
/// A Bayesian second opinion (Benavoli et al. 2017) on each pair:
/// p_a_better, p_equivalent and p_b_better, the posterior probabilities
/// that label_a is practically cheaper, that the two are practically
/// equivalent (costs within a factor 1 + --rope) or that label_b is, from a
/// seeded Bayesian bootstrap of both labels' trials.
///
/// Writes compare.csv (one row per N and pair) and ranking.csv (one row per
/// N and label), whose columns are listed below, into --output DIR.
/// Without --output,
/// one DATA_DIR compared with the default options (checks, alpha 0.05, seed
/// 2016, rope 0.1) writes them into that directory, as `queens run` does; any other
/// comparison is only printed, so the directory's own files keep describing
/// its default comparison. derived.json in the directory written records
/// the runs compared, so a report refuses compare.csv and ranking.csv
/// written into a directory from other directories' runs. Refused while
/// another queens process writes that directory. `better` is the cheaper
/// label when p_holm < alpha, NA otherwise. Several DATA_DIRs are compared together; when a label occurs in two of
/// them, every label becomes EXPERIMENT/label. Never runs a solver.
#[derive(clap::Args)]
pub struct CompareArgs {
    /// Data directories written by `queens run` (each holding runs.csv).
    #[arg(value_name = "DATA_DIR", required = true)]
    dirs: Vec<PathBuf>,
    /// The cost of a trial: checks (the unit every algorithm counts alike),
    /// seconds (wall time), steps (refused when the labels' step units
    /// differ) or evaluations (refused for labels that never evaluate a
    /// whole board).
    #[arg(long, value_name = "MEASURE", default_value = "checks", value_parser = Measure::parse)]
    measure: Measure,
    /// The significance level of the Holm-corrected p-values, between 0 and
    /// 1 (exclusive).
    #[arg(long, value_name = "ALPHA", default_value_t = DEFAULT_ALPHA, value_parser = alpha, allow_hyphen_values = true)]
    alpha: f64,
    /// The seed of the bootstrap intervals of A12 (each N and pair derives
    /// its own from it) [default: 2016].
    #[arg(long, value_name = "SEED", value_parser = unsigned)]
    seed: Option<u64>,
    /// The region of practical equivalence of the Bayesian probabilities
    /// (p_a_better, p_equivalent, p_b_better), relative: two trials whose
    /// costs are within a factor 1 + ROPE of each other are practically
    /// equivalent (0.1: within 10%); a number of at least 0.
    #[arg(long, value_name = "ROPE", default_value_t = DEFAULT_ROPE, value_parser = rope, allow_hyphen_values = true)]
    rope: f64,
    /// Where to write compare.csv and ranking.csv (created if missing)
    /// [default: DATA_DIR for one directory compared with the default
    /// options; otherwise the tables are only printed].
    #[arg(long, value_name = "DIR")]
    output: Option<PathBuf>,
}

/// Parses `--alpha`: a number strictly between 0 and 1.
fn alpha(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(a) if a > 0.0 && a < 1.0 => Ok(a),
        _ => Err(format!(
            "'{text}' is not a significance level: give a number between 0 and 1 (exclusive), like 0.05"
        )),
    }
}

/// Parses `--rope`: a finite number of at least 0.
fn rope(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(r) if valid_rope(r) => Ok(r),
        _ => Err(format!(
            "'{text}' is not a region of practical equivalence: give a relative width of at least 0, like 0.1 (costs within 10% are equivalent)"
        )),
    }
}

/// The column lists that end the long help: every column of compare.csv
/// and ranking.csv, from their row types.
pub fn column_lists() -> String {
    format!(
        "The columns of compare.csv: {}.\n\nThe columns of ranking.csv: {}.",
        columns::<CompareRow>().join(", "),
        columns::<RankingRow>().join(", "),
    )
}

/// Compares, writes both files and prints the tables.
pub fn run(args: CompareArgs) -> anyhow::Result<Exit> {
    let options = Options {
        measure: args.measure,
        alpha: args.alpha,
        seed: args.seed.unwrap_or(DEFAULT_SEED),
        rope: args.rope,
    };
    let default_comparison = args.dirs.len() == 1 && options == Options::default();
    let (comparison, files) = match &args.output {
        None if default_comparison => {
            let dir = &args.dirs[0];
            let mut store = open_to_compare(dir)?;
            let finished = finish(
                &mut store,
                dir,
                Steps::COMPARISON,
                &Default::default(),
                &Notes,
            )?;
            let Some(comparison) = finished.comparison else {
                bail!(
                    "{} holds no trials: run `queens run CONFIG` first",
                    store.runs_file().display()
                );
            };
            (comparison, Some(finished.comparison_files))
        }
        None => {
            let stores = open_all(&args.dirs)?;
            (compare_stores(&stores, &options)?, None)
        }
        Some(dir) => {
            std::fs::create_dir_all(dir).with_context(|| {
                format!(
                    "cannot create the output directory {}: choose a writable --output DIR",
                    dir.display()
                )
            })?;
            // Held from before the first read: refused, writing nothing,
            // while a run or another writer holds the directory.
            let mut into = Store::open_to_write(dir).map_err(|e| match e {
                StoreError::Io { .. } => anyhow!(
                    "{e}; compare writes compare.csv, ranking.csv and a lock file into {}: choose a writable --output DIR",
                    dir.display()
                ),
                e => anyhow::Error::from(e),
            })?;
            let (comparison, runs) = compare_into(&args.dirs, &into, &options)?;
            let files = into.write_comparison_of(&comparison, &runs)?.to_vec();
            (comparison, Some(files))
        }
    };
    print_tables(&comparison, &options).context(STDOUT_FAILED)?;
    match files {
        Some(files) => {
            for file in &files {
                stderr_line!("{}", written(file));
            }
        }
        None => stderr_line!(
            "not written: {} keeps the comparison `queens run` writes (by checks, alpha {DEFAULT_ALPHA}, seed {DEFAULT_SEED}, rope {DEFAULT_ROPE}, one directory); pass --output DIR to keep this one",
            args.dirs[0].display()
        ),
    }
    Ok(Exit::Success)
}

/// Each of `dirs` opened to read.
fn open_all(dirs: &[PathBuf]) -> anyhow::Result<Vec<Store>> {
    dirs.iter().map(|d| Ok(Store::open(d)?)).collect()
}

/// The comparison of the runs in `stores`; a store without trials is
/// refused with the remedy.
fn compare_stores(stores: &[Store], options: &Options) -> anyhow::Result<Comparison> {
    let mut sets = Vec::with_capacity(stores.len());
    for store in stores {
        let runs = store.runs()?;
        if runs.is_empty() {
            bail!(
                "{} holds no trials: run `queens run CONFIG` first",
                store.runs_file().display()
            );
        }
        sets.push((store.path().to_owned(), runs.to_vec()));
    }
    Ok(compare(&combine(sets)?, options)?)
}

/// The comparison of the runs in `dirs`, to be written into the store
/// `into` (one of them, or another directory), and the digest of the runs
/// it was computed from: `into`'s own when it is the one directory
/// compared, otherwise one over every directory's, naming them.
fn compare_into(
    dirs: &[PathBuf],
    into: &Store,
    options: &Options,
) -> anyhow::Result<(Comparison, RunsDigest)> {
    if let [dir] = dirs
        && same_dir(dir, into.path())
    {
        let comparison = compare_stores(std::slice::from_ref(into), options)?;
        return Ok((comparison, into.runs_digest()?.clone()));
    }
    let stores = open_all(dirs)?;
    let comparison = compare_stores(&stores, options)?;
    let digests: Vec<(&Path, &RunsDigest)> = stores
        .iter()
        .zip(dirs)
        .map(|(s, d)| Ok((d.as_path(), s.runs_digest()?)))
        .collect::<anyhow::Result<_>>()?;
    Ok((comparison, RunsDigest::joined(&digests)))
}

/// Whether `a` and `b` name the same directory.
fn same_dir(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// A p-value for the tables: three significant figures, in scientific
/// notation below 0.001.
fn p_value(p: f64) -> String {
    if p < 0.001 {
        format!("{p:.2e}")
    } else {
        let decimals = 2 - p.log10().floor() as i32;
        format!("{p:.*}", decimals.max(0) as usize)
    }
}

/// Prints, for each N, the pairs and the ranking.
fn print_tables(comparison: &Comparison, options: &Options) -> io::Result<()> {
    let mut out = io::stdout().lock();
    for rows in comparison.ranking.chunk_by(|a, b| a.n == b.n) {
        let n = rows[0].n;
        let width = rows
            .iter()
            .map(|r| r.label.chars().count())
            .max()
            .unwrap_or(5);
        writeln!(
            out,
            "N = {n} (cost: {}; unsolved trials cost the most; * p_holm < {})",
            options.measure.name(),
            options.alpha
        )?;
        let mut lines = Vec::new();
        for (i, p) in comparison.pairs.iter().filter(|p| p.n == n).enumerate() {
            if i == 0 {
                lines.push(format!(
                    "  {:<width$}  {:<width$}  {:>5}  {:<12}  {:<10}  {:>9}    better",
                    "label a", "label b", "A12", "95% CI", "magnitude", "p_holm"
                ));
            }
            let interval = match (p.a12_ci_low, p.a12_ci_high) {
                (Some(low), Some(high)) => format!("[{low:.2}, {high:.2}]"),
                _ => "NA".to_string(),
            };
            lines.push(format!(
                "  {:<width$}  {:<width$}  {:>5.3}  {:<12}  {:<10}  {:>9} {:<2} {}",
                p.label_a,
                p.label_b,
                p.a12,
                interval,
                p.magnitude,
                p_value(p.p_holm),
                if p.significant { "*" } else { "" },
                if p.significant && p.better != "NA" {
                    p.better.as_str()
                } else if p.verdict == "untestable" {
                    "untestable (design cannot reach p < alpha)"
                } else {
                    "-"
                }
            ));
        }
        lines.push(format!(
            "  rank  {:<width$}  {:>6}  {:>6}  {:>12}  {:>9}",
            "label", "trials", "solved", "ERT", "mean rank"
        ));
        for (i, r) in rows.iter().enumerate() {
            let note = match r.versus_best.as_str() {
                "best" => "best",
                "no_detectable_difference" => "no detectable difference from the best",
                "untestable" => "untestable against the best",
                "NA" if i == 0 => "no best: nothing solved",
                _ => "",
            };
            lines.push(format!(
                "  {:>4}  {:<width$}  {:>6}  {:>6}  {:>12}  {:>9.1}  {note}",
                r.rank,
                r.label,
                r.trials,
                r.successes,
                match r.ert {
                    Some(e) if e.is_finite() => format!("{e:.1}"),
                    Some(_) => "Inf".to_owned(),
                    None => "NA".to_owned(),
                },
                r.mean_rank
            ));
        }
        for line in lines {
            writeln!(out, "{}", line.trim_end())?;
        }
        writeln!(out)?;
    }
    Ok(())
}
