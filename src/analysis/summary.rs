//! The statistics of summary.csv: one [`SummaryRow`] per (label, n),
//! computed from runs.csv rows alone (the file itself is written by
//! [`crate::records::write_summary`]).

use std::collections::BTreeMap;

use super::stats::{
    bootstrap_median_interval, ert, mean, quantile_sorted, sorted, wilson_interval,
};
use crate::records::seed::SeedChain;
use crate::records::{RunRecord, SummaryRow};

/// The master seed of the bootstrap intervals; each cell's generator is
/// seeded with the SplitMix64 chain of (this, label, n), so a summary
/// depends on runs.csv alone.
pub const BOOTSTRAP_SEED: u64 = 0x5155_4545_4e53; // "QUEENS"

/// Mean, median, p10 and p90 of some values (all `None` for no values).
struct Spread {
    mean: Option<f64>,
    median: Option<f64>,
    p10: Option<f64>,
    p90: Option<f64>,
}

fn spread(values: &[f64]) -> Spread {
    let s = sorted(values);
    Spread {
        mean: mean(values),
        median: quantile_sorted(&s, 0.5),
        p10: quantile_sorted(&s, 0.1),
        p90: quantile_sorted(&s, 0.9),
    }
}

/// Summarises one cell: all rows share `label` and `n`.
pub fn summarize_cell(rows: &[&RunRecord]) -> Option<SummaryRow> {
    let first = rows.first()?;
    let solved: Vec<&RunRecord> = rows.iter().copied().filter(|r| r.solved).collect();
    let trials = rows.len() as u64;
    let successes = solved.len() as u64;
    let (success_low, success_high) = wilson_interval(successes, trials);
    let steps: Vec<f64> = solved.iter().map(|r| r.steps as f64).collect();
    let checks: Vec<f64> = solved.iter().map(|r| r.checks as f64).collect();
    let wall: Vec<f64> = solved.iter().map(|r| r.wall_seconds).collect();
    let (steps_s, checks_s, wall_s) = (spread(&steps), spread(&checks), spread(&wall));
    let bootstrap_seed = SeedChain::new(BOOTSTRAP_SEED)
        .text(&first.label)
        .word(first.n)
        .finish();
    let interval = bootstrap_median_interval(&steps, bootstrap_seed);
    let all_steps: f64 = rows.iter().map(|r| r.steps as f64).sum();
    let all_wall: f64 = rows.iter().map(|r| r.wall_seconds).sum();
    Some(SummaryRow {
        label: first.label.clone(),
        algorithm: first.algorithm.clone(),
        n: first.n,
        trials,
        successes,
        success_rate: successes as f64 / trials as f64,
        success_low,
        success_high,
        steps_mean: steps_s.mean,
        steps_median: steps_s.median,
        steps_p10: steps_s.p10,
        steps_p90: steps_s.p90,
        steps_median_low: interval.map(|i| i.0),
        steps_median_high: interval.map(|i| i.1),
        checks_mean: checks_s.mean,
        checks_median: checks_s.median,
        checks_p10: checks_s.p10,
        checks_p90: checks_s.p90,
        mean_wall_seconds: wall_s.mean,
        median_wall_seconds: wall_s.median,
        p10_wall_seconds: wall_s.p10,
        p90_wall_seconds: wall_s.p90,
        ert_steps: ert(all_steps, successes),
        ert_seconds: ert(all_wall, successes),
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
