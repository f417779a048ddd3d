//! The fixed-target and fixed-budget views of convergence traces, as
//! COCO's cocopp and IOHanalyzer draw them, in checks (the work every
//! algorithm counts; traces.csv records no time):
//!
//! - the **targets** of each board size ([`targets_for`]): fixed in
//!   advance, as COCO fixes its targets per function and dimension, so
//!   that a label's results do not depend on which others it is compared
//!   with: 0 and every value of the sequence 1, 3, 10, 30, 100, … below
//!   the expected attacking pairs of a uniformly random one-queen-per-row
//!   board of that size ([`expected_attacking_pairs`], (N − 1)(7N − 2) /
//!   6N), so that every target but 0 asks for an improvement on a random
//!   start. They depend on N alone; an experiment config's `targets` key
//!   replaces them with one list for every size ([`TargetRule`]);
//!   [`targets_by_size`] gives them for every traced size;
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
//! - the **runtime ECDF** of a label over the (N, target) pairs of several
//!   sizes ([`runtime_ecdf`]), each pair weighing the same whatever the
//!   label's trials there (the share of its trials reaching the target),
//!   in checks at one size and in checks / N when sizes are pooled (COCO
//!   divides by the dimension), and the **area under it** ([`ecdf_area`]).
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

/// The expected number of attacking pairs of a board of `n` queens, one
/// per row, each in a column drawn uniformly and independently:
/// (N − 1)(7N − 2) / 6N. Of the N(N − 1)/2 pairs of rows, each shares a
/// column with chance 1/N, which gives (N − 1)/2; two rows d apart share a
/// diagonal with chance 2(N − d)/N², and the N − d such pairs summed over
/// d give 2/N² · Σ k² = (N − 1)(2N − 1)/3N. 0 for N of 0 or 1.
pub fn expected_attacking_pairs(n: u64) -> f64 {
    if n < 2 {
        return 0.0;
    }
    let n = n as f64;
    (n - 1.0) * (7.0 * n - 2.0) / (6.0 * n)
}

/// The targets of board size `n`, hardest last: the values 1, 3, 10, 30,
/// 100, … (alternately ×3 and ×10/3) below [`expected_attacking_pairs`]
/// of `n`, then 0. They depend on `n` alone: 3, 1, 0 at N = 8; 10, 3, 1, 0
/// at N = 12; just 0 at N ≤ 2.
pub fn targets_for(n: u64) -> Vec<u64> {
    let expected = expected_attacking_pairs(n);
    let mut ladder = Vec::new();
    let mut decade = 1u64;
    'up: loop {
        for value in [decade, 3 * decade] {
            if value as f64 >= expected {
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

/// Where the targets of every size come from: the same for every label
/// and every size's labels either way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum TargetRule {
    /// The default rule: [`targets_for`] each size.
    #[default]
    Ladder,
    /// The experiment config's `targets`: this list, hardest last (strictly
    /// decreasing, ending in 0, as the config loader checks), at every size.
    Configured(Vec<u64>),
}

impl TargetRule {
    /// The targets of board size `n`, hardest last.
    pub fn targets(&self, n: u64) -> Vec<u64> {
        match self {
            TargetRule::Ladder => targets_for(n),
            TargetRule::Configured(list) => list.clone(),
        }
    }

    /// The config's list, when the config sets the targets.
    pub fn configured(&self) -> Option<&[u64]> {
        match self {
            TargetRule::Ladder => None,
            TargetRule::Configured(list) => Some(list),
        }
    }
}

/// The targets under `rule` of every size of `cells`.
pub fn targets_by_size(
    cells: &BTreeMap<(String, u64), Vec<TracedTrial>>,
    rule: &TargetRule,
) -> BTreeMap<u64, Vec<u64>> {
    cells.keys().map(|(_, n)| (*n, rule.targets(*n))).collect()
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

/// The runtime ECDF of one label over (N, target) pairs: at a budget b,
/// the mean over its (N, target) pairs of the share of its trials at N
/// that reached the target within b, so every pair weighs the same
/// whatever the trials there.
#[derive(Clone, Debug, PartialEq)]
pub struct RuntimeEcdf {
    /// Each (trial, target) pair reached: its budget (checks, or checks / N
    /// when [`RuntimeEcdf::per_n`]) and its weight (1 / (the trials at its
    /// N × the (N, target) pairs)), by increasing budget.
    pub hits: Vec<(f64, f64)>,
    /// The (trial, target) pairs, reached or not.
    pub pairs: usize,
    /// The (N, target) pairs, each weighing 1 / this in the share.
    pub cells: usize,
    /// Whether budgets are checks / N (several sizes pooled) rather than
    /// checks.
    pub per_n: bool,
    /// The most any of its trials spent, in the same unit: its budget,
    /// beyond which its curve says nothing.
    pub budget: f64,
}

impl RuntimeEcdf {
    /// The share reached within budget `b`: the mean over (N, target)
    /// pairs of the share of trials that reached the target within `b`.
    pub fn share_at(&self, b: f64) -> f64 {
        self.hits
            .iter()
            .take_while(|(h, _)| *h <= b)
            .map(|(_, w)| w)
            .sum()
    }
}

/// The runtime ECDF of one label over the (N, target) pairs of `cells`,
/// each a size with its trials and its targets; budgets divided by N when
/// `per_n`. `None` without a trial.
pub fn runtime_ecdf<'a>(
    cells: impl IntoIterator<Item = (u64, &'a [TracedTrial], &'a [u64])>,
    per_n: bool,
) -> Option<RuntimeEcdf> {
    let cells: Vec<(u64, &[TracedTrial], &[u64])> = cells
        .into_iter()
        .filter(|(_, trials, _)| !trials.is_empty())
        .collect();
    let count: usize = cells.iter().map(|(_, _, targets)| targets.len()).sum();
    let mut hits = Vec::new();
    let mut pairs = 0;
    let mut budget: Option<f64> = None;
    for (n, trials, targets) in &cells {
        let unit = if per_n { (*n).max(1) as f64 } else { 1.0 };
        let weight = 1.0 / (trials.len() * count) as f64;
        for trial in *trials {
            hits.extend(
                targets
                    .iter()
                    .filter_map(|&t| trial.hit(t))
                    .map(|h| (h / unit, weight)),
            );
            pairs += targets.len();
            let spent = trial.spent / unit;
            budget = Some(budget.map_or(spent, |b| b.max(spent)));
        }
    }
    hits.sort_by(|a, b| a.0.total_cmp(&b.0));
    Some(RuntimeEcdf {
        hits,
        pairs,
        cells: count,
        per_n,
        budget: budget?,
    })
}

/// The runtime ECDF of each label of `cells` traced at one or more of
/// `sizes` ([`runtime_ecdf`] over its trials there, each size with its
/// `targets`; in checks / N when `sizes` holds more than one), in label
/// order.
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
    let per_n = sizes.len() > 1;
    labels
        .into_iter()
        .filter_map(|label| {
            let pooled = sizes.iter().filter_map(|n| {
                let trials = cells.get(&(label.to_owned(), *n))?;
                Some((*n, trials.as_slice(), targets.get(n)?.as_slice()))
            });
            Some((label.to_owned(), runtime_ecdf(pooled, per_n)?))
        })
        .collect()
}

/// The normalised area under a runtime ECDF on the log-budget axis from 1
/// to `end` (in the ECDF's unit): ∫ F(10^u) du over u from 0 to
/// log10(end), divided by log10(end), where F is [`RuntimeEcdf::share_at`].
/// A pair reached at h (h below 1 counted as 1) adds its weight times
/// (log10 end − log10 h) / log10 end; one reached at or after `end`, or
/// never, adds 0. So 1 means every pair reached at once, 0 none within
/// `end`. `None` when `end` is 1 or less or there are no pairs.
pub fn ecdf_area(ecdf: &RuntimeEcdf, end: f64) -> Option<f64> {
    if end <= 1.0 || ecdf.pairs == 0 {
        return None;
    }
    let span = end.log10();
    Some(
        ecdf.hits
            .iter()
            .filter(|(h, _)| *h < end)
            .map(|&(h, w)| w * (span - h.max(1.0).log10()) / span)
            .sum(),
    )
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
    fn the_expected_attacking_pairs_match_an_enumeration_of_every_board() {
        // Every board of one queen per row, N^N of them, each pair of rows
        // counted when it shares a column or a diagonal.
        for n in 1u64..=6 {
            let boards = n.pow(n as u32);
            let mut total = 0u64;
            for code in 0..boards {
                let cols: Vec<u64> = (0..n).map(|r| code / n.pow(r as u32) % n).collect();
                for i in 0..n as usize {
                    for j in i + 1..n as usize {
                        let d = (j - i) as u64;
                        if cols[i] == cols[j] || cols[i].abs_diff(cols[j]) == d {
                            total += 1;
                        }
                    }
                }
            }
            let mean = total as f64 / boards as f64;
            assert!(
                (expected_attacking_pairs(n) - mean).abs() < 1e-12,
                "N = {n}: {} against {mean} enumerated",
                expected_attacking_pairs(n)
            );
        }
        // N = 8: 7 · 54 / 48.
        assert_eq!(expected_attacking_pairs(8), 7.875);
    }

    #[test]
    fn targets_are_the_one_three_ladder_below_the_random_board_then_zero() {
        // 7.875 at N = 8, 12.53 at 12, 115.2 at 100, 1 at 2.
        assert_eq!(targets_for(8), vec![3, 1, 0]);
        assert_eq!(targets_for(12), vec![10, 3, 1, 0]);
        assert_eq!(targets_for(100), vec![100, 30, 10, 3, 1, 0]);
        assert_eq!(targets_for(2), vec![0]);
        assert_eq!(targets_for(0), vec![0]);
    }

    #[test]
    fn the_targets_of_a_size_do_not_depend_on_the_labels_traced_there() {
        let starting_at = |start: f64| vec![trial(&[(1.0, start)], 10.0, false)];
        let mut cells = BTreeMap::new();
        cells.insert(("a".to_owned(), 12), starting_at(5.0));
        let alone = targets_by_size(&cells, &TargetRule::Ladder);
        cells.insert(("b".to_owned(), 12), starting_at(60.0));
        cells.insert(("c".to_owned(), 12), starting_at(70.0));
        assert_eq!(targets_by_size(&cells, &TargetRule::Ladder), alone);
        assert_eq!(alone[&12], vec![10, 3, 1, 0]);
    }

    #[test]
    fn configured_targets_are_the_same_list_at_every_size() {
        let mut cells = BTreeMap::new();
        cells.insert(("a".to_owned(), 8), vec![trial(&[(1.0, 5.0)], 10.0, false)]);
        cells.insert(
            ("a".to_owned(), 100),
            vec![trial(&[(1.0, 90.0)], 10.0, false)],
        );
        let rule = TargetRule::Configured(vec![5, 2, 0]);
        let by_size = targets_by_size(&cells, &rule);
        assert_eq!(by_size[&8], vec![5, 2, 0]);
        assert_eq!(by_size[&100], vec![5, 2, 0]);
        assert_eq!(rule.configured(), Some(&[5, 2, 0][..]));
        assert_eq!(TargetRule::default().configured(), None);
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
        let ecdf = runtime_ecdf([(8, trials.as_slice(), targets.as_slice())], false).unwrap();
        // Pairs: 3 trials × 2 targets, each weighing 1/6; reached: 40, 10,
        // 20 (target 10), 100, 400 (target 0).
        assert_eq!((ecdf.pairs, ecdf.cells, ecdf.per_n), (6, 2, false));
        let at: Vec<f64> = ecdf.hits.iter().map(|h| h.0).collect();
        assert_eq!(at, vec![10.0, 20.0, 40.0, 100.0, 400.0]);
        assert!(ecdf.hits.iter().all(|h| (h.1 - 1.0 / 6.0).abs() < 1e-15));
        assert_eq!(ecdf.budget, 1000.0);
        assert!((ecdf.share_at(40.0) - 0.5).abs() < 1e-12);
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
    fn every_size_and_target_weighs_the_same_whatever_its_trials_and_budgets_are_per_n() {
        // N = 8: one trial, solving at 80 checks (10 per N). N = 16: four
        // trials, one solving at 320 (20 per N), three stopping at 1600.
        let one = vec![trial(&[(80.0, 0.0)], 80.0, true)];
        let mut four = vec![trial(&[(320.0, 0.0)], 320.0, true)];
        four.extend((0..3).map(|_| trial(&[(1.0, 4.0)], 1600.0, false)));
        let mut cells = BTreeMap::new();
        cells.insert(("a".to_owned(), 8), one);
        cells.insert(("a".to_owned(), 16), four);
        let targets = BTreeMap::from([(8, vec![0]), (16, vec![0])]);
        let pooled = pooled_ecdfs(&cells, &targets, &[8, 16]);
        let ecdf = &pooled[0].1;
        // (8, 0) weighs 1/2 with its one trial; (16, 0) 1/2 over 4 trials.
        assert_eq!(ecdf.hits, vec![(10.0, 0.5), (20.0, 0.125)]);
        assert_eq!((ecdf.pairs, ecdf.cells, ecdf.per_n), (5, 2, true));
        assert_eq!(ecdf.budget, 100.0);
        assert_eq!(ecdf.share_at(15.0), 0.5);
        assert_eq!(ecdf.share_at(20.0), 0.625);
        let by_hand = 0.5 * (2.0 - 1.0) / 2.0 + 0.125 * (2.0 - 20f64.log10()) / 2.0;
        assert!((ecdf_area(ecdf, 100.0).unwrap() - by_hand).abs() < 1e-12);
        // One size alone: in checks.
        let alone = pooled_ecdfs(&cells, &targets, &[16]);
        assert_eq!(alone[0].1.hits, vec![(320.0, 0.25)]);
        assert!(!alone[0].1.per_n);
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
        assert_eq!(
            targets_by_size(&cells, &TargetRule::Ladder)[&8],
            vec![3, 1, 0]
        );
    }
}
