//! The statistics of summary.csv: one [`SummaryRow`] per (label, n),
//! computed from runs.csv rows alone (the file itself is written by
//! [`crate::records::write_summary`]). Every measure (steps, checks,
//! evaluations, wall seconds) gets the same statistics: spread over solved
//! trials, a bootstrap interval of the median, and ERT with its interval
//! from simulated restarts.

use std::collections::BTreeMap;

use super::stats::{
    TrialCost, bootstrap_median_interval, ert, ert_intervals, mean, quantile_sorted, sorted,
    wilson_interval,
};
use crate::records::rows::MIN_SOLVED_FOR_INTERVAL;
use crate::records::seed::SeedChain;
use crate::records::{RunRecord, SummaryRow};

/// The master seed of the bootstrap intervals; each cell's generators are
/// seeded with the SplitMix64 chain of (this, label, n, what is bootstrapped),
/// so a summary depends on runs.csv alone.
pub const BOOTSTRAP_SEED: u64 = 0x5155_4545_4e53; // "QUEENS"

/// The measures of a summary, in column order.
const MEASURES: [&str; 4] = ["steps", "checks", "evaluations", "seconds"];

/// A trial's cost in each of [`MEASURES`].
fn costs(r: &RunRecord) -> [f64; 4] {
    [
        r.steps as f64,
        r.checks as f64,
        r.evaluations as f64,
        r.wall_seconds,
    ]
}

/// The statistics of one measure in one cell.
struct MeasureStats {
    mean: Option<f64>,
    median: Option<f64>,
    median_ci: Option<(f64, f64)>,
    p10: Option<f64>,
    p25: Option<f64>,
    p75: Option<f64>,
    p90: Option<f64>,
    ert: f64,
    ert_ci: Option<(f64, f64)>,
}

/// The spread of `solved` values (one per solved trial) and the bootstrap
/// interval of their median, seeded with `seed`; `ert` and its interval are
/// filled in by the caller.
fn spread(solved: &[f64], seed: u64) -> MeasureStats {
    let s = sorted(solved);
    let q = |p| quantile_sorted(&s, p);
    let enough = solved.len() as u64 >= MIN_SOLVED_FOR_INTERVAL;
    MeasureStats {
        mean: mean(solved),
        median: q(0.5),
        median_ci: enough
            .then(|| bootstrap_median_interval(solved, seed))
            .flatten(),
        p10: q(0.1),
        p25: q(0.25),
        p75: q(0.75),
        p90: q(0.9),
        ert: f64::INFINITY,
        ert_ci: None,
    }
}

/// Summarises one cell: all rows share `label` and `n`.
pub fn summarize_cell(rows: &[&RunRecord]) -> Option<SummaryRow> {
    let first = rows.first()?;
    let trials = rows.len() as u64;
    let successes = rows.iter().filter(|r| r.solved).count() as u64;
    let (success_ci_low, success_ci_high) = wilson_interval(successes, trials);
    let cell = SeedChain::new(BOOTSTRAP_SEED)
        .text(&first.label)
        .word(first.n);
    let trial_costs: Vec<TrialCost<4>> = rows
        .iter()
        .map(|r| TrialCost {
            solved: r.solved,
            cost: costs(r),
        })
        .collect();
    let ert_cis = (successes >= MIN_SOLVED_FOR_INTERVAL)
        .then(|| ert_intervals(&trial_costs, cell.text("ert").finish()))
        .flatten();
    let [steps, checks, evaluations, seconds] = std::array::from_fn(|m| {
        let solved: Vec<f64> = trial_costs
            .iter()
            .filter(|t| t.solved)
            .map(|t| t.cost[m])
            .collect();
        let mut stats = spread(&solved, cell.text(MEASURES[m]).finish());
        stats.ert = ert(trial_costs.iter().map(|t| t.cost[m]).sum(), successes);
        stats.ert_ci = ert_cis.map(|cis| cis[m]);
        stats
    });
    Some(SummaryRow {
        label: first.label.clone(),
        algorithm: first.algorithm.clone(),
        step_unit: first.step_unit.clone(),
        params: first.params.clone(),
        budget: first.budget.clone(),
        n: first.n,
        trials,
        successes,
        success_rate: successes as f64 / trials as f64,
        success_ci_low,
        success_ci_high,
        steps_mean: steps.mean,
        steps_median: steps.median,
        steps_median_ci_low: steps.median_ci.map(|i| i.0),
        steps_median_ci_high: steps.median_ci.map(|i| i.1),
        steps_p10: steps.p10,
        steps_p25: steps.p25,
        steps_p75: steps.p75,
        steps_p90: steps.p90,
        ert_steps: steps.ert,
        ert_steps_ci_low: steps.ert_ci.map(|i| i.0),
        ert_steps_ci_high: steps.ert_ci.map(|i| i.1),
        checks_mean: checks.mean,
        checks_median: checks.median,
        checks_median_ci_low: checks.median_ci.map(|i| i.0),
        checks_median_ci_high: checks.median_ci.map(|i| i.1),
        checks_p10: checks.p10,
        checks_p25: checks.p25,
        checks_p75: checks.p75,
        checks_p90: checks.p90,
        ert_checks: checks.ert,
        ert_checks_ci_low: checks.ert_ci.map(|i| i.0),
        ert_checks_ci_high: checks.ert_ci.map(|i| i.1),
        evaluations_mean: evaluations.mean,
        evaluations_median: evaluations.median,
        evaluations_median_ci_low: evaluations.median_ci.map(|i| i.0),
        evaluations_median_ci_high: evaluations.median_ci.map(|i| i.1),
        evaluations_p10: evaluations.p10,
        evaluations_p25: evaluations.p25,
        evaluations_p75: evaluations.p75,
        evaluations_p90: evaluations.p90,
        ert_evaluations: evaluations.ert,
        ert_evaluations_ci_low: evaluations.ert_ci.map(|i| i.0),
        ert_evaluations_ci_high: evaluations.ert_ci.map(|i| i.1),
        seconds_mean: seconds.mean,
        seconds_median: seconds.median,
        seconds_median_ci_low: seconds.median_ci.map(|i| i.0),
        seconds_median_ci_high: seconds.median_ci.map(|i| i.1),
        seconds_p10: seconds.p10,
        seconds_p25: seconds.p25,
        seconds_p75: seconds.p75,
        seconds_p90: seconds.p90,
        ert_seconds: seconds.ert,
        ert_seconds_ci_low: seconds.ert_ci.map(|i| i.0),
        ert_seconds_ci_high: seconds.ert_ci.map(|i| i.1),
    })
}

/// One summary row per (label, n): labels in the order they first appear in
/// `runs`, sizes ascending within a label.
pub fn summarize(runs: &[RunRecord]) -> Vec<SummaryRow> {
    let mut labels: Vec<&str> = Vec::new();
    let mut cells: BTreeMap<(usize, u64), Vec<&RunRecord>> = BTreeMap::new();
    for r in runs {
        let index = match labels.iter().position(|l| *l == r.label) {
            Some(i) => i,
            None => {
                labels.push(&r.label);
                labels.len() - 1
            }
        };
        cells.entry((index, r.n)).or_default().push(r);
    }
    cells
        .values()
        .filter_map(|cell| summarize_cell(cell))
        .collect()
}
