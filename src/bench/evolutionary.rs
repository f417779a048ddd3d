//! The `evolutionary` benchmark target: the genetic algorithm and simulated
//! annealing at the sizes of the performance targets of issue 3, each search
//! run as a trial (module `trial`) and measured on its own: the CPU and
//! wall time of the search alone (the validation of its solution by the
//! independent validator follows, outside the figures).
//!
//! Only our own figures are measured. The N = 64 rows also show a reference
//! figure of a peer program, labelled as such with its source: it was
//! measured once, in a separate run, and is never divided by our time (a
//! ratio against a constant from another run is not a measurement).

use super::trial::{configured, measured_trial};
use super::{BenchError, BenchOptions, BenchRow, Timing};
use crate::solvers::{Algorithm, Budget, Outcome, find_algorithm};

/// DEAP's n-queens example at N = 64, as measured in a separate run.
const DEAP_N64: &str = "DEAP's n-queens example, 1.3 s CPU at N = 64 on this machine kind, measured 2026-11 in a separate run";
/// Python simanneal (tuned schedule) at N = 64, as measured in a separate run.
const SIMANNEAL_N64: &str = "Python simanneal with a tuned schedule, 5.9 s CPU at N = 64 on this machine kind, measured 2026-11 in a separate run";

/// The GA without its memetic step, with a larger population: what the
/// genetic operators alone achieve.
const PLAIN_GENETIC: &[&str] = &["local_search=0", "population=100"];

/// One benchmarked configuration: an algorithm, its parameters, a size and
/// the seeds to run.
struct Case<'a> {
    label: &'a str,
    algorithm: &'a str,
    params: &'a [&'a str],
    n: usize,
    seeds: std::ops::Range<u64>,
    /// The step budget, when not the algorithm's default.
    max_steps: Option<u64>,
    /// A peer's figure shown beside this case, labelled as a reference
    /// with its source (not measured by this benchmark).
    reference: Option<&'static str>,
}

/// The step budget of the series GA in the shipped `series` experiment:
/// with population 6 it needs far more generations than the default budget.
const SERIES_GA_GENERATIONS: u64 = 100_000;

/// Runs one search (with the algorithm's default budget, steps overridden
/// by `max_steps`) as a trial, which checks its answer.
fn run_one(
    algorithm: &Algorithm,
    params: &[&str],
    n: usize,
    seed: u64,
    max_steps: Option<u64>,
) -> Result<(Outcome, Timing), BenchError> {
    let solver = configured(algorithm, params, n)?;
    let budget = algorithm.default_budget.overridden_by(&Budget {
        max_steps,
        ..Budget::UNLIMITED
    });
    measured_trial(algorithm.name, solver.as_ref(), n, seed, budget)
}

/// Runs every seed of `case`: one row per search, then a row with the mean.
fn run_case(case: &Case<'_>, rows: &mut Vec<BenchRow>) -> Result<(), BenchError> {
    let algorithm = find_algorithm(case.algorithm)?;
    let mut solved = 0;
    let mut cpu = 0.0;
    let mut wall = 0.0;
    let mut peak = 0;
    let mut steps = 0;
    let runs = case.seeds.end - case.seeds.start;
    for seed in case.seeds.clone() {
        let (outcome, timing) = run_one(algorithm, case.params, case.n, seed, case.max_steps)?;
        solved += u64::from(outcome.is_solved());
        cpu += timing.cpu_seconds;
        wall += timing.wall_seconds;
        peak = peak.max(timing.peak_heap_bytes);
        steps += outcome.metrics.steps;
        let m = &outcome.metrics;
        rows.push(BenchRow::new(
            format!("{} n={} seed={seed}", case.label, case.n),
            timing,
            format!(
                "{}, steps={} evaluations={} checks={}",
                outcome.stop_reason, m.steps, m.evaluations, m.checks
            ),
        ));
    }
    let mean = Timing {
        cpu_seconds: cpu / runs as f64,
        wall_seconds: wall / runs as f64,
        peak_heap_bytes: peak,
    };
    let mut note = format!(
        "{solved}/{runs} solved, mean steps {:.0}",
        steps as f64 / runs as f64
    );
    if let Some(reference) = case.reference {
        note += &format!("; reference, not measured here: {reference}");
    }
    rows.push(BenchRow::new(
        format!("{} n={} mean of {runs}", case.label, case.n),
        mean,
        note,
    ));
    Ok(())
}

/// Measures this target: GA at N = 64 and 256 (10 seeds each, with and
/// without the memetic step), SA at N = 64 and 10^4 (10 seeds each), the
/// `hesham` variants at N = 8 (the variants of Hesham's series; the GA with
/// the step budget of the shipped `series` experiment). With `sizes`, GA
/// and SA at those sizes instead; `quick` runs fewer seeds and smaller
/// boards.
pub fn run(options: &BenchOptions) -> Result<Vec<BenchRow>, BenchError> {
    let seeds = if options.quick { 0..3 } else { 0..10 };
    let genetic = |n: usize, reference| Case {
        label: "genetic",
        algorithm: "genetic",
        params: &[],
        n,
        seeds: seeds.clone(),
        max_steps: None,
        reference,
    };
    let annealing = |n: usize, reference| Case {
        label: "annealing",
        algorithm: "annealing",
        params: &[],
        n,
        seeds: seeds.clone(),
        max_steps: None,
        reference,
    };
    let mut cases = Vec::new();
    if options.sizes.is_empty() {
        let large = if options.quick { 1_000 } else { 10_000 };
        cases.push(genetic(64, Some(DEAP_N64)));
        cases.push(genetic(256, None));
        for n in [64, 256] {
            cases.push(Case {
                label: "genetic plain",
                algorithm: "genetic",
                params: PLAIN_GENETIC,
                n,
                seeds: seeds.clone(),
                max_steps: None,
                reference: (n == 64).then_some(DEAP_N64),
            });
        }
        cases.push(annealing(64, Some(SIMANNEAL_N64)));
        cases.push(annealing(large, None));
        for (label, algorithm, max_steps) in [
            ("genetic hesham", "genetic", Some(SERIES_GA_GENERATIONS)),
            ("annealing hesham", "annealing", None),
        ] {
            cases.push(Case {
                label,
                algorithm,
                params: &["variant=hesham"],
                n: 8,
                seeds: seeds.clone(),
                max_steps,
                reference: None,
            });
        }
    } else {
        for &n in &options.sizes {
            cases.push(genetic(n, None));
            cases.push(annealing(n, None));
        }
    }
    let mut rows = Vec::new();
    for case in &cases {
        run_case(case, &mut rows)?;
    }
    Ok(rows)
}
