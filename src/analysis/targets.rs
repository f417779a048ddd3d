//! The fixed-target and fixed-budget views of convergence traces, as
//! COCO's cocopp and IOHanalyzer draw them, in checks (the work every
//! algorithm counts; traces.csv records no time):
//!
//! - the **targets** of each board size ([`targets_for`]): 0 and every
//!   value of the sequence 1, 3, 10, 30, 100, … below the median of the
//!   first fewest-attacking-pairs value of the trials traced there, so
//!   that every target but 0 asks for an improvement on a typical start;
//! - the **first hit** of a target ([`TracedTrial::hit`]): the checks done
//!   when a trial's fewest attacking pairs first came down to it (the trace
//!   keeps every improvement, so the first hit is exact);
//! - the **ERT to a target** ([`ert_per_target`]): the checks of every
//!   trial (up to its first hit when it reached the target, all it spent
//!   otherwise) over the trials that reached it, the harness's ERT
//!   ([`super::stats::ert`]); infinite when no trial did;
//! - the **fixed-budget quantiles** ([`at_budgets`]): the 25th, 50th and
//!   75th percentiles over trials of the fewest attacking pairs found
//!   within a budget of checks, at budgets half a decade apart;
//! - the **runtime ECDF** over (trial, target) pairs of several sizes
//!   ([`runtime_ecdf`]) and the **area under it** ([`ecdf_area`]).
//!
//! Reads the rows of traces.csv and runs.csv; draws nothing.

use std::collections::BTreeMap;

use super::stats::{ert, quantile_sorted, sorted};
use super::traces::{Trace, value_at};
use crate::base::records::{RunRecord, TraceRecord};

/// One traced trial: its samples as (checks so far, fewest attacking pairs
/// so far), by increasing checks; the checks it spent in all; whether it
/// solved.
#[derive(Clone, Debug, PartialEq)]
pub struct TracedTrial {
    /// The samples, by increasing checks (0 checks counted as 1).
    pub samples: Vec<(f64, f64)>,
    /// The checks it spent in all (runs.csv, or its last sample without a
    /// runs.csv row).
    pub spent: f64,
    /// Whether it solved (runs.csv, or a last sample of 0 without one).
    pub solved: bool,
}

impl TracedTrial {
    /// The checks at which its fewest attacking pairs first came down to
    /// `target` or below; a solved trial whose trace has no such sample
    /// reached every target when it solved. `None` when it never did.
    pub fn hit(&self, target: u64) -> Option<f64> {
        let target = target as f64;
        self.samples
            .iter()
            .find(|s| s.1 <= target)
            .map(|s| s.0)
            .or_else(|| self.solved.then_some(self.spent))
    }
}

/// The traced trials of each (label, N), in trial order, joined with their
/// rows of runs.csv (the checks they spent and whether they solved). Checks
/// of 0 count as 1, the left end of a log axis.
pub fn traced_trials(
    traces: &[TraceRecord],
    runs: &[RunRecord],
) -> BTreeMap<(String, u64), Vec<TracedTrial>> {
    let mut samples: BTreeMap<(&str, u64, u64), Trace> = BTreeMap::new();
    for row in traces {
        samples
            .entry((row.label.as_str(), row.n, row.trial))
            .or_default()
            .push(((row.checks as f64).max(1.0), row.best_conflicts as f64));
    }
    let ran: BTreeMap<(&str, u64, u64), &RunRecord> = runs
        .iter()
        .map(|r| ((r.label.as_str(), r.n, r.trial), r))
        .collect();
    let mut cells: BTreeMap<(String, u64), Vec<TracedTrial>> = BTreeMap::new();
    for ((label, n, trial), mut points) in samples {
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        let last = points.last().copied().unwrap_or((1.0, f64::INFINITY));
        let (spent, solved) = match ran.get(&(label, n, trial)) {
            Some(run) => ((run.checks as f64).max(last.0), run.solved),
            None => (last.0, last.1 == 0.0),
        };
        cells
            .entry((label.to_owned(), n))
            .or_default()
            .push(TracedTrial {
                samples: points,
                spent,
                solved,
            });
    }
    cells
}

/// The targets of a board size whose traced trials started at `starts`
/// (each trial's first fewest-attacking-pairs value), hardest last: the
/// values 1, 3, 10, 30, 100, … (alternately ×3 and ×10/3) below the median
/// start, then 0. Just 0 when the median start is 1 or less, or there is
/// no start.
pub fn targets_for(starts: &[f64]) -> Vec<u64> {
    let median = quantile_sorted(&sorted(starts), 0.5).unwrap_or(0.0);
    let mut ladder = Vec::new();
    let mut decade = 1u64;
    'up: loop {
        for value in [decade, 3 * decade] {
            if value as f64 >= median {
                break 'up;
            }
            ladder.push(value);
        }
        decade *= 10;
    }
    ladder.reverse();
    ladder.push(0);
    ladder
}

/// The targets of every size of `cells` ([`targets_for`] over the first
/// samples of all its traced trials, every label together).
pub fn targets_by_size(
    cells: &BTreeMap<(String, u64), Vec<TracedTrial>>,
) -> BTreeMap<u64, Vec<u64>> {
    let mut starts: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    for ((_, n), trials) in cells {
        starts
            .entry(*n)
            .or_default()
            .extend(trials.iter().filter_map(|t| t.samples.first().map(|s| s.1)));
    }
    starts
        .into_iter()
        .map(|(n, starts)| (n, targets_for(&starts)))
        .collect()
}

/// The ERT to one target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TargetErt {
    /// The target, in attacking pairs.
    pub target: u64,
    /// The trials that reached it.
    pub reached: usize,
    /// The trials.
    pub trials: usize,
    /// The checks of every trial (to its first hit, or all it spent) over
    /// the trials that reached it; `+∞` when none did.
    pub ert: f64,
}

/// The ERT of `trials` to each of `targets`, in their order.
pub fn ert_per_target(trials: &[TracedTrial], targets: &[u64]) -> Vec<TargetErt> {
    targets
        .iter()
        .map(|&target| {
            let mut total = 0.0;
            let mut reached = 0;
            for trial in trials {
                match trial.hit(target) {
                    Some(at) => {
                        total += at;
                        reached += 1;
                    }
                    None => total += trial.spent,
                }
            }
            TargetErt {
                target,
                reached,
                trials: trials.len(),
                ert: ert(total, reached as u64),
            }
        })
        .collect()
}

/// The fewest attacking pairs within one budget, over trials.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AtBudget {
    /// The budget, in checks.
    pub budget: f64,
    /// The 25th percentile (type 7) over trials of the fewest attacking
    /// pairs found within the budget.
    pub p25: f64,
    /// Their median.
    pub median: f64,
    /// Their 75th percentile.
    pub p75: f64,
    /// The trials that stopped unsolved before the budget (their last value
    /// stands for it).
    pub stopped_unsolved: usize,
}

/// The budgets half a decade apart (10^(k/2)) from 1 check to the first at
/// or above `largest`: 1, 3.16, 10, 31.6, … Just 1 when `largest` is 1 or
/// less.
pub fn budgets(largest: f64) -> Vec<f64> {
    let mut out = vec![1.0];
    let mut k = 0;
    while out.last().is_some_and(|&b| b < largest) {
        k += 1;
        out.push(10f64.powf(f64::from(k) / 2.0));
    }
    out
}

/// The quantiles of the fewest attacking pairs of `trials` within each
/// budget of [`budgets`] up to the most any trial spent (a trial that ended
/// keeps its last value: 0 once solved); a trial's value before its first
/// sample is that sample's. Empty without trials.
pub fn at_budgets(trials: &[TracedTrial]) -> Vec<AtBudget> {
    let Some(largest) = trials.iter().map(|t| t.spent).reduce(f64::max) else {
        return Vec::new();
    };
    budgets(largest)
        .into_iter()
        .filter_map(|budget| {
            let values: Vec<f64> = trials
                .iter()
                .filter_map(|t| value_at(&t.samples, budget))
                .collect();
            let values = sorted(&values);
            Some(AtBudget {
                budget,
                p25: quantile_sorted(&values, 0.25)?,
                median: quantile_sorted(&values, 0.5)?,
                p75: quantile_sorted(&values, 0.75)?,
                stopped_unsolved: trials
                    .iter()
                    .filter(|t| !t.solved && t.spent < budget)
                    .count(),
            })
        })
        .collect()
}

/// The runtime ECDF of one label over (trial, target) pairs.
#[derive(Clone, Debug, PartialEq)]
pub struct RuntimeEcdf {
    /// The checks of each pair reached, ascending.
    pub hits: Vec<f64>,
    /// Every pair, reached or not: the trials of each size times its
    /// targets, summed.
    pub pairs: usize,
    /// The most checks any of its trials spent: its budget, beyond which
    /// its curve says nothing.
    pub budget: f64,
}

impl RuntimeEcdf {
    /// The share of pairs reached within `checks`.
    pub fn share_at(&self, checks: f64) -> f64 {
        if self.pairs == 0 {
            return 0.0;
        }
        self.hits.partition_point(|&h| h <= checks) as f64 / self.pairs as f64
    }
}

/// The runtime ECDF of one label over the (trial, target) pairs of `cells`,
/// each a size's trials with that size's targets. `None` without a trial.
pub fn runtime_ecdf<'a>(
    cells: impl IntoIterator<Item = (&'a [TracedTrial], &'a [u64])>,
) -> Option<RuntimeEcdf> {
    let mut hits = Vec::new();
    let mut pairs = 0;
    let mut budget: Option<f64> = None;
    for (trials, targets) in cells {
        for trial in trials {
            hits.extend(targets.iter().filter_map(|&t| trial.hit(t)));
            pairs += targets.len();
            budget = Some(budget.map_or(trial.spent, |b| b.max(trial.spent)));
        }
    }
    Some(RuntimeEcdf {
        hits: sorted(&hits),
        pairs,
        budget: budget?,
    })
}

/// The runtime ECDF of each label of `cells` traced at one or more of
/// `sizes` ([`runtime_ecdf`] over its trials there, each size with its
/// `targets`), in label order.
pub fn pooled_ecdfs(
    cells: &BTreeMap<(String, u64), Vec<TracedTrial>>,
    targets: &BTreeMap<u64, Vec<u64>>,
    sizes: &[u64],
) -> Vec<(String, RuntimeEcdf)> {
    let mut labels: Vec<&str> = cells
        .keys()
        .filter(|(_, n)| sizes.contains(n))
        .map(|(l, _)| l.as_str())
        .collect();
    labels.dedup();
    labels
        .into_iter()
        .filter_map(|label| {
            let pooled = sizes.iter().filter_map(|n| {
                let trials = cells.get(&(label.to_owned(), *n))?;
                Some((trials.as_slice(), targets.get(n)?.as_slice()))
            });
            Some((label.to_owned(), runtime_ecdf(pooled)?))
        })
        .collect()
}

/// The normalised area under a runtime ECDF on the log-budget axis from 1
/// check to `end` checks: ∫ F(10^u) du over u from 0 to log10(end), divided
/// by log10(end), where F is the share of pairs reached within 10^u checks.
/// A pair reached at h checks (h ≥ 1) adds (log10 end − log10 h) /
/// log10 end / pairs; one reached at or after `end`, or never, adds 0. So
/// 1 means every pair reached at once, 0 none within `end`. `None` when
/// `end` is 1 or less or there are no pairs.
pub fn ecdf_area(ecdf: &RuntimeEcdf, end: f64) -> Option<f64> {
    if end <= 1.0 || ecdf.pairs == 0 {
        return None;
    }
    let span = end.log10();
    let sum: f64 = ecdf
        .hits
        .iter()
        .filter(|&&h| h < end)
        .map(|&h| (span - h.max(1.0).log10()) / span)
        .sum();
    Some(sum / ecdf.pairs as f64)
}

/// The sizes at which every label of `cells` has traced trials.
pub fn shared_sizes(cells: &BTreeMap<(String, u64), Vec<TracedTrial>>) -> Vec<u64> {
    let mut sizes_of: BTreeMap<&str, Vec<u64>> = BTreeMap::new();
    for (label, n) in cells.keys() {
        sizes_of.entry(label.as_str()).or_default().push(*n);
    }
    let mut labels = sizes_of.values();
    let Some(first) = labels.next() else {
        return Vec::new();
    };
    let mut shared = first.clone();
    for sizes in labels {
        shared.retain(|n| sizes.contains(n));
    }
    shared
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trial(samples: &[(f64, f64)], spent: f64, solved: bool) -> TracedTrial {
        TracedTrial {
            samples: samples.to_vec(),
            spent,
            solved,
        }
    }

    /// Three trials: one solving at 100 checks, one reaching 3 at 50 and
    /// stopping unsolved at 1000, one reaching 1 at 20 and solving at 400.
    fn three() -> Vec<TracedTrial> {
        vec![
            trial(&[(10.0, 12.0), (40.0, 5.0), (100.0, 0.0)], 104.0, true),
            trial(&[(10.0, 9.0), (50.0, 3.0)], 1000.0, false),
            trial(&[(10.0, 20.0), (20.0, 1.0), (400.0, 0.0)], 400.0, true),
        ]
    }

    #[test]
    fn targets_are_the_one_three_ladder_below_the_median_start_then_zero() {
        // Median start 40: 1, 3, 10, 30 lie below it.
        assert_eq!(targets_for(&[12.0, 40.0, 90.0]), vec![30, 10, 3, 1, 0]);
        // Median 10: 10 itself is no improvement.
        assert_eq!(targets_for(&[10.0]), vec![3, 1, 0]);
        assert_eq!(targets_for(&[1.0, 0.0, 1.0]), vec![0]);
        assert_eq!(targets_for(&[]), vec![0]);
    }

    #[test]
    fn the_first_hit_is_the_first_sample_at_or_below_the_target() {
        let [solving, stopped, _] = <[TracedTrial; 3]>::try_from(three()).unwrap();
        assert_eq!(solving.hit(5), Some(40.0));
        assert_eq!(solving.hit(4), Some(100.0));
        assert_eq!(solving.hit(20), Some(10.0));
        assert_eq!(stopped.hit(3), Some(50.0));
        assert_eq!(stopped.hit(0), None);
        // Solved without a sample of 0: every target reached on solving.
        assert_eq!(trial(&[(5.0, 7.0)], 60.0, true).hit(0), Some(60.0));
    }

    #[test]
    fn ert_to_a_target_counts_every_trial_over_those_that_reached_it() {
        let erts = ert_per_target(&three(), &[10, 3, 0]);
        // Target 10: hits at 40, 10, 20 → 70 / 3.
        assert_eq!(erts[0].reached, 3);
        assert!((erts[0].ert - 70.0 / 3.0).abs() < 1e-12);
        // Target 3: hits at 100, 50, 20 → 170 / 3.
        assert!((erts[1].ert - 170.0 / 3.0).abs() < 1e-12);
        // Target 0: 100 and 400 reached, 1000 spent unsolved → 1500 / 2.
        assert_eq!((erts[2].reached, erts[2].trials), (2, 3));
        assert_eq!(erts[2].ert, 750.0);
        let never = ert_per_target(&[trial(&[(1.0, 4.0)], 9.0, false)], &[0]);
        assert_eq!(never[0].ert, f64::INFINITY);
    }

    #[test]
    fn budgets_are_half_decades_up_to_the_largest_spent() {
        let b = budgets(50.0);
        assert_eq!(b.len(), 5);
        assert_eq!((b[0], b[2], b[4]), (1.0, 10.0, 100.0));
        assert!((b[1] - 10f64.sqrt()).abs() < 1e-12);
        assert_eq!(budgets(1.0), vec![1.0]);
    }

    #[test]
    fn quantiles_within_a_budget_hold_the_last_value_of_ended_trials() {
        let at = at_budgets(&three());
        // Budgets 1, 3.16, 10, 31.6, 100, 316, 1000.
        assert_eq!(at.len(), 7);
        // At 10 checks: 12, 9, 20 → p25 10.5, median 12, p75 16.
        assert_eq!((at[2].p25, at[2].median, at[2].p75), (10.5, 12.0, 16.0));
        // At 100: 0, 3, 1 → 0.5, 1, 2.
        assert_eq!((at[4].p25, at[4].median, at[4].p75), (0.5, 1.0, 2.0));
        assert_eq!(at[5].stopped_unsolved, 0);
        // At 1000: the unsolved trial stopped at 1000, not before it.
        assert_eq!((at[6].median, at[6].stopped_unsolved), (0.0, 0));
        let stopped = at_budgets(&[trial(&[(1.0, 2.0)], 5.0, false)]);
        assert_eq!(stopped.last().map(|a| a.stopped_unsolved), Some(1));
    }

    #[test]
    fn the_runtime_ecdf_counts_pairs_and_its_area_is_the_mean_log_share_left() {
        let trials = three();
        let targets = [10, 0];
        let ecdf = runtime_ecdf([(trials.as_slice(), targets.as_slice())]).unwrap();
        // Pairs: 3 trials × 2 targets; reached: 40, 10, 20 (target 10),
        // 100, 400 (target 0).
        assert_eq!(ecdf.pairs, 6);
        assert_eq!(ecdf.hits, vec![10.0, 20.0, 40.0, 100.0, 400.0]);
        assert_eq!(ecdf.budget, 1000.0);
        assert_eq!(ecdf.share_at(40.0), 0.5);
        // Over 1..1000 checks (3 decades): hits at 10 (2/3 of the range
        // left), 100 (1/3); 20, 40, 400 add (3 − log10 h) / 3.
        let by_hand = (2.0 / 3.0
            + 1.0 / 3.0
            + (3.0 - 20f64.log10()) / 3.0
            + (3.0 - 40f64.log10()) / 3.0
            + (3.0 - 400f64.log10()) / 3.0)
            / 6.0;
        let area = ecdf_area(&ecdf, 1000.0).unwrap();
        assert!((area - by_hand).abs() < 1e-12, "{area} vs {by_hand}");
        // A shorter range: hits at or beyond its end add nothing.
        let short = ecdf_area(&ecdf, 100.0).unwrap();
        let by_hand = (0.5 + (2.0 - 20f64.log10()) / 2.0 + (2.0 - 40f64.log10()) / 2.0) / 6.0;
        assert!((short - by_hand).abs() < 1e-12);
        assert_eq!(ecdf_area(&ecdf, 1.0), None);
    }

    #[test]
    fn trials_are_joined_with_their_runs_and_shared_sizes_found() {
        let row = |label: &str, n, trial, checks, best| TraceRecord {
            label: label.to_owned(),
            n,
            trial,
            step: checks,
            checks,
            evaluations: 0,
            conflicts: best,
            best_conflicts: best,
        };
        let traces = [
            row("a", 8, 0, 30, 0),
            row("a", 8, 0, 0, 5),
            row("a", 16, 0, 10, 9),
            row("b", 8, 0, 4, 2),
        ];
        let cells = traced_trials(&traces, &[]);
        let a8 = &cells[&("a".to_owned(), 8)][0];
        assert_eq!(a8.samples, vec![(1.0, 5.0), (30.0, 0.0)]);
        assert!(a8.solved && a8.spent == 30.0);
        assert!(!cells[&("b".to_owned(), 8)][0].solved);
        assert_eq!(shared_sizes(&cells), vec![8]);
        assert_eq!(targets_by_size(&cells)[&8], vec![3, 1, 0]);
    }
}
