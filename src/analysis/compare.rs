//! The comparison of labels, board size by board size: for every pair of
//! labels at an N, a two-sided Mann–Whitney U test on the cost of a trial,
//! its p-value corrected by Holm's method over all pairs at that N, and the
//! Vargha–Delaney A12 with its magnitude and a seeded bootstrap interval,
//! and the ratio of the two labels' ERTs with its seeded bootstrap
//! interval (A12 says which trial is likely cheaper, the ERT ratio how much
//! work each needs on average, failures and heavy tails included), and a
//! Bayesian second opinion: the posterior probabilities that one label is
//! practically better, equivalent or worse within a relative ROPE
//! ([`super::bayes`]);
//! then a ranking of the labels at that N by ERT (the one meaning of the
//! best label, which the findings, the headline and the charts share; ties
//! broken by the verdicts), with each label's standing against the best
//! and, as a secondary column, the mean rank of its trials among all
//! trials there.
//! The statistics and their sources are in [`super::rank_tests`]; the rows
//! are [`CompareRow`] and [`RankingRow`].
//!
//! Each pair gets a [`Verdict`] (compare.csv's `verdict` column):
//! `a_better` or `b_better` when its Holm-corrected p is below alpha;
//! otherwise `untestable` when even the smallest p its design could reach
//! ([`min_attainable_p`]: the sample sizes and ties fixed), Holm-corrected
//! among the pairs at that N as they are ([`holm_reachable`]), is not
//! below alpha, and `no_detectable_difference` when it is. One trial
//! against five can never reach p < 1/3, so such a pair is untestable, not
//! "indistinguishable": lack of power is not equivalence. The ranking
//! calls a label indistinguishable from the best only when their pair is
//! `no_detectable_difference`, and names no best at an N where no trial
//! answered (solved, or proved that no solution exists).
//!
//! The cost of a trial is its measure ([`Measure`]) when it answered
//! (solved, or proved that no solution exists: the answer at N = 2 and
//! 3), and `+∞` when it did not: a trial that did not answer is worse
//! than every one that did and ties with every other that did not. A
//! trial whose work is unknown (a foreign solver killed at its time limit,
//! [`RunRecord::work_known`]) did not answer, so its rank is known; but
//! the ERT of its label in a work measure is not (what it spent is
//! unknown), so every ERT ratio of that label in steps, checks or
//! evaluations is `NA`, with `ert_ratio_missing` saying why. Every figure
//! is a function of the rows and the seed alone.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use rayon::prelude::*;

use crate::base::records::rows::MIN_SOLVED_FOR_INTERVAL;
use crate::base::records::seed::SeedChain;
use crate::base::records::values::NA;
use crate::base::records::{CompareRow, Measure, RankingRow, RunRecord};
use crate::base::remedy::{Remedy, Setting};

use super::bayes::{self, DEFAULT_ROPE};
use super::rank_tests::{
    Magnitude, a12_interval, average_ranks, holm, holm_reachable, mann_whitney, min_attainable_p,
};
use super::stats::{Spent, ert_of, ert_ratio};

/// compare.csv's `ert_ratio_missing` where neither label answered a trial
/// at that N: both ERTs are infinite.
pub const NO_ANSWER: &str = "no_answer";

/// compare.csv's `ert_ratio_missing` where a label has a trial whose work
/// in the measure is unknown (killed at its time limit): its ERT is
/// unknown.
pub const UNKNOWN_WORK: &str = "unknown_work";

/// The seed of the bootstrap intervals unless another is given.
pub const DEFAULT_SEED: u64 = 2016;

/// The significance level unless another is given.
pub const DEFAULT_ALPHA: f64 = 0.05;

/// The significance marks of a Holm-corrected p-value, as the charts,
/// the report and the LaTeX tables print them: `***` below 0.001, `**`
/// below 0.01, `*` below 0.05, none otherwise.
pub fn significance_marks(p_holm: f64) -> &'static str {
    if p_holm < 0.001 {
        "***"
    } else if p_holm < 0.01 {
        "**"
    } else if p_holm < 0.05 {
        "*"
    } else {
        ""
    }
}

/// What a pair of labels at one N shows, as compare.csv's `verdict`
/// column names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The first label is significantly cheaper (Holm).
    ABetter,
    /// The second label is significantly cheaper (Holm).
    BBetter,
    /// Not significant, though a test of this design could have been.
    NoDetectableDifference,
    /// No outcome of a test of this design could have been significant
    /// after Holm's correction: nothing is shown either way.
    Untestable,
}

impl Verdict {
    /// Every verdict.
    pub const ALL: [Verdict; 4] = [
        Verdict::ABetter,
        Verdict::BBetter,
        Verdict::NoDetectableDifference,
        Verdict::Untestable,
    ];

    /// Its name in compare.csv: `a_better`, `b_better`,
    /// `no_detectable_difference` or `untestable`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::ABetter => "a_better",
            Verdict::BBetter => "b_better",
            Verdict::NoDetectableDifference => "no_detectable_difference",
            Verdict::Untestable => "untestable",
        }
    }

    /// The verdict named `name` in compare.csv, `None` for another text.
    pub fn from_name(name: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.name() == name)
    }

    /// The verdict of a pair: significant (`p_holm` below `alpha`) in the
    /// direction of `a12`, else untestable when `reachable_holm` (the
    /// smallest Holm-corrected p its design could reach) is not below
    /// `alpha`, else no detectable difference.
    pub fn of(p_holm: f64, reachable_holm: f64, a12: f64, alpha: f64) -> Verdict {
        if p_holm < alpha && a12 > 0.5 {
            Verdict::ABetter
        } else if p_holm < alpha && a12 < 0.5 {
            Verdict::BBetter
        } else if reachable_holm >= alpha {
            Verdict::Untestable
        } else {
            Verdict::NoDetectableDifference
        }
    }
}

/// What a comparison is asked for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// The cost of a trial.
    pub measure: Measure,
    /// The significance level, in (0, 1).
    pub alpha: f64,
    /// The seed the bootstrap intervals and the Bayesian draws derive
    /// from, per (N, pair).
    pub seed: u64,
    /// The relative region of practical equivalence of the Bayesian
    /// probabilities, at least 0: costs within a factor `1 + rope` of each
    /// other are practically equivalent ([`super::bayes`]).
    pub rope: f64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            measure: Measure::Checks,
            alpha: DEFAULT_ALPHA,
            seed: DEFAULT_SEED,
            rope: DEFAULT_ROPE,
        }
    }
}

/// Every pair and every label at every board size, in order of N, then of
/// the labels' first appearance in the rows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    /// One row per N × pair of labels (compare.csv).
    pub pairs: Vec<CompareRow>,
    /// One row per N × label, best first (ranking.csv).
    pub ranking: Vec<RankingRow>,
}

/// A comparison that cannot be made as asked.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CompareError {
    /// `--measure steps` over labels whose steps are different units.
    #[error(
        "{}: at N = {n} the labels count steps in different units ({}): \
         steps of different units do not compare; use {}, the unit \
         shared by every algorithm",
        Remedy::Set(Setting::Measure(Measure::Steps)),
        units.iter().map(|(l, u)| format!("{l}: {u}")).collect::<Vec<_>>().join(", "),
        Remedy::Set(Setting::Measure(Measure::Checks))
    )]
    MixedStepUnits {
        /// The board size.
        n: u64,
        /// Each label at `n` with its step unit.
        units: Vec<(String, String)>,
    },
    /// `--measure evaluations` over labels that never evaluate a board.
    #[error(
        "{}: {} never evaluate{} a whole board (evaluations is 0 in \
         every trial), so evaluations do not measure {} work; use {}, the \
         unit shared by every algorithm",
        Remedy::Set(Setting::Measure(Measure::Evaluations)),
        labels.join(", "),
        if labels.len() == 1 { "s" } else { "" },
        if labels.len() == 1 { "its" } else { "their" },
        Remedy::Set(Setting::Measure(Measure::Checks))
    )]
    NoEvaluations {
        /// The labels whose every trial has no evaluation.
        labels: Vec<String>,
    },
    /// Two data directories hold the same label of the same experiment.
    #[error(
        "{} and {} both hold label '{label}' of experiment '{experiment}', so it stays \
         ambiguous even prefixed with the experiment's name: compare the two \
         directories one at a time (or, if they are shards of one run, combine them \
         with `{}`)",
        first.display(), second.display(), Remedy::Merge
    )]
    LabelClash {
        /// The label.
        label: String,
        /// The experiment both rows name.
        experiment: String,
        /// The first directory holding it.
        first: PathBuf,
        /// The second.
        second: PathBuf,
    },
}

/// The rows of several data directories as one set: their labels as they
/// are when no label occurs in two directories, otherwise every label
/// prefixed `EXPERIMENT/label`. Refused when a prefixed label still occurs
/// in two directories.
pub fn combine(sets: Vec<(PathBuf, Vec<RunRecord>)>) -> Result<Vec<RunRecord>, CompareError> {
    let clash = first_clash(&sets, |r| r.label.clone());
    if clash.is_none() {
        return Ok(sets.into_iter().flat_map(|(_, rows)| rows).collect());
    }
    if let Some((label, first, second)) = first_clash(&sets, prefixed) {
        // An experiment's name holds no `/` (it is a directory name), so
        // the clashing row's experiment is the prefix before the first one.
        let (experiment, label) = label.split_once('/').unwrap_or(("", &label));
        return Err(CompareError::LabelClash {
            label: label.to_string(),
            experiment: experiment.to_string(),
            first: sets[first].0.clone(),
            second: sets[second].0.clone(),
        });
    }
    Ok(sets
        .into_iter()
        .flat_map(|(_, rows)| rows)
        .map(|r| RunRecord {
            label: prefixed(&r),
            ..r
        })
        .collect())
}

/// A run's label prefixed with its experiment's name.
fn prefixed(run: &RunRecord) -> String {
    format!("{}/{}", run.experiment, run.label)
}

/// The first label (as `key` gives it) found in two of the `sets`, with the
/// indices of the two.
fn first_clash(
    sets: &[(PathBuf, Vec<RunRecord>)],
    key: impl Fn(&RunRecord) -> String,
) -> Option<(String, usize, usize)> {
    let mut owner: BTreeMap<String, usize> = BTreeMap::new();
    for (i, (_, rows)) in sets.iter().enumerate() {
        for row in rows {
            let label = key(row);
            match owner.get(&label) {
                Some(&j) if j != i => return Some((label, j, i)),
                Some(_) => {}
                None => {
                    owner.insert(label, i);
                }
            }
        }
    }
    None
}

/// The trials of one label at one N.
struct Sample<'a> {
    label: &'a str,
    /// Each trial's cost: its measure when it answered, `+∞` when not.
    costs: Vec<f64>,
    /// Each trial's measure, answered or not, and whether it answered
    /// (ERT); `None` when a trial's work in the measure is unknown.
    spent: Option<Vec<Spent>>,
    successes: u64,
    /// Trials that answered: solved, or proved no solution exists.
    answered: u64,
}

/// Compares every pair of labels at every N of `runs` (see the module
/// header). Refused when the measure does not apply to the labels: steps
/// of different units at one N, or evaluations of a label that never
/// evaluates a board.
pub fn compare(runs: &[RunRecord], options: &Options) -> Result<Comparison, CompareError> {
    check_measure(runs, options.measure)?;
    let labels = labels_in_order(runs);
    let sizes: BTreeSet<u64> = runs.iter().map(|r| r.n).collect();
    let mut comparison = Comparison::default();
    for n in sizes {
        let samples: Vec<Sample> = labels
            .iter()
            .filter_map(|&label| sample(runs, label, n, options.measure))
            .collect();
        let pairs = compare_pairs(&samples, n, options);
        comparison
            .ranking
            .extend(rank(&samples, &pairs, n, options));
        comparison.pairs.extend(pairs);
    }
    Ok(comparison)
}

/// The labels of `runs` in order of first appearance.
fn labels_in_order(runs: &[RunRecord]) -> Vec<&str> {
    let mut seen = BTreeSet::new();
    runs.iter()
        .map(|r| r.label.as_str())
        .filter(|l| seen.insert(*l))
        .collect()
}

/// The trials of `label` at `n`, or `None` when it has none: rows that
/// ended in an external program's error are no trials of the algorithm.
fn sample<'a>(
    runs: &'a [RunRecord],
    label: &'a str,
    n: u64,
    measure: Measure,
) -> Option<Sample<'a>> {
    let rows: Vec<&RunRecord> = runs
        .iter()
        .filter(|r| r.n == n && r.label == label && !r.stop_reason.is_program_error())
        .collect();
    (!rows.is_empty()).then(|| Sample {
        label,
        costs: rows.iter().map(|r| measure.cost(r)).collect(),
        spent: rows
            .iter()
            .map(|r| Some((measure.work(r)?, r.answered())))
            .collect(),
        successes: rows.iter().filter(|r| r.solved).count() as u64,
        answered: rows.iter().filter(|r| r.answered()).count() as u64,
    })
}

/// The step unit every label of `runs` counts in (empty when there are no
/// runs), or each label with its unit, in order of first appearance, when
/// they differ: steps of different units do not compare.
pub fn one_step_unit<'a>(
    runs: impl IntoIterator<Item = &'a RunRecord>,
) -> Result<String, Vec<(String, String)>> {
    let mut units: Vec<(String, String)> = Vec::new();
    for run in runs {
        if !units.iter().any(|(l, _)| *l == run.label) {
            units.push((run.label.clone(), run.step_unit.clone()));
        }
    }
    match units.first() {
        None => Ok(String::new()),
        Some((_, unit)) if units.iter().all(|(_, u)| u == unit) => Ok(unit.clone()),
        Some(_) => Err(units),
    }
}

/// The labels of `runs`, in order of first appearance, none of whose
/// trials evaluated a whole board (evaluations is 0 in every one).
pub fn never_evaluating<'a>(runs: impl IntoIterator<Item = &'a RunRecord> + Clone) -> Vec<&'a str> {
    let mut labels: Vec<&str> = Vec::new();
    for run in runs.clone() {
        if !labels.contains(&run.label.as_str()) {
            labels.push(&run.label);
        }
    }
    labels.retain(|&l| {
        runs.clone()
            .into_iter()
            .filter(|r| r.label == l)
            .all(|r| r.evaluations == 0)
    });
    labels
}

/// Refuses a measure that does not apply (see [`compare`]).
fn check_measure(runs: &[RunRecord], measure: Measure) -> Result<(), CompareError> {
    match measure {
        Measure::Steps => {
            let sizes: BTreeSet<u64> = runs.iter().map(|r| r.n).collect();
            for n in sizes {
                one_step_unit(runs.iter().filter(|r| r.n == n))
                    .map_err(|units| CompareError::MixedStepUnits { n, units })?;
            }
        }
        Measure::Evaluations => {
            let labels: Vec<String> = never_evaluating(runs)
                .into_iter()
                .map(str::to_string)
                .collect();
            if !labels.is_empty() {
                return Err(CompareError::NoEvaluations { labels });
            }
        }
        Measure::Checks | Measure::Seconds => {}
    }
    Ok(())
}

/// The seed of the pair (`label_a`, `label_b`) at `n` under the
/// comparison's `seed`: its bootstrap intervals and Bayesian draws derive
/// from it.
fn pair_seed(seed: u64, n: u64, label_a: &str, label_b: &str) -> u64 {
    SeedChain::new(seed)
        .word(n)
        .text(label_a)
        .text(label_b)
        .finish()
}

/// The seed of the Bayesian draws of the pair whose seed is `pair_seed`.
fn bayes_seed(pair_seed: u64) -> u64 {
    SeedChain::new(pair_seed).text("bayes").finish()
}

/// The Bayesian probabilities of label `a` against label `b` at every N
/// both have trials, in order of N, as [`compare`] gives them in the row of
/// the pair under `options` (the same draws, whichever of the two comes
/// first in `runs`), turned so that [`bayes::Bayes::a_better`] is `a`'s.
/// The measure is not checked: that is [`compare`]'s.
pub fn bayes_of(
    runs: &[RunRecord],
    a: &str,
    b: &str,
    options: &Options,
) -> Vec<(u64, bayes::Bayes)> {
    let labels = labels_in_order(runs);
    let a_first = labels.iter().position(|&l| l == a) < labels.iter().position(|&l| l == b);
    let (first, second) = if a_first { (a, b) } else { (b, a) };
    let sizes: BTreeSet<u64> = runs.iter().map(|r| r.n).collect();
    sizes
        .into_iter()
        .filter_map(|n| {
            let x = sample(runs, first, n, options.measure)?;
            let y = sample(runs, second, n, options.measure)?;
            let seed = bayes_seed(pair_seed(options.seed, n, first, second));
            let p = bayes::compare(&x.costs, &y.costs, options.rope, seed)?;
            Some((n, if a_first { p } else { p.turned() }))
        })
        .collect()
}

/// The rows of every pair of `samples` at `n`, Holm-corrected together.
/// The pairs are computed in parallel (each seeded by its own labels, so
/// the rows do not depend on the threads) and kept in their order.
fn compare_pairs(samples: &[Sample], n: u64, options: &Options) -> Vec<CompareRow> {
    let pairs: Vec<(&Sample, &Sample)> = samples
        .iter()
        .enumerate()
        .flat_map(|(i, a)| samples[i + 1..].iter().map(move |b| (a, b)))
        .collect();
    let mut rows: Vec<CompareRow> = pairs
        .par_iter()
        .filter_map(|&(a, b)| {
            let test = mann_whitney(&a.costs, &b.costs)?;
            let a12 = test.u / (a.costs.len() * b.costs.len()) as f64;
            let seed = pair_seed(options.seed, n, a.label, b.label);
            let interval = a12_interval(&a.costs, &b.costs, seed);
            let ert_seed = SeedChain::new(seed).text("ert ratio").finish();
            let bayes = bayes::compare(&a.costs, &b.costs, options.rope, bayes_seed(seed));
            let (ert_ratio, ert_interval, ert_ratio_missing) = match (&a.spent, &b.spent) {
                (Some(a), Some(b)) => {
                    let (ratio, interval) =
                        ert_ratio(a, b, MIN_SOLVED_FOR_INTERVAL as usize, ert_seed);
                    let missing = if ratio.is_some() { NA } else { NO_ANSWER };
                    (ratio, interval, missing)
                }
                _ => (None, None, UNKNOWN_WORK),
            };
            Some(CompareRow {
                measure: options.measure.name().to_string(),
                n,
                label_a: a.label.to_string(),
                label_b: b.label.to_string(),
                trials_a: a.costs.len() as u64,
                trials_b: b.costs.len() as u64,
                successes_a: a.successes,
                successes_b: b.successes,
                u: test.u,
                p: test.p,
                method: test.method.name().to_string(),
                p_holm: test.p,
                significant: false,
                a12,
                a12_ci_low: interval.map(|(low, _)| low),
                a12_ci_high: interval.map(|(_, high)| high),
                magnitude: Magnitude::of(a12).name().to_string(),
                better: NA.to_string(),
                min_attainable_p: min_attainable_p(&a.costs, &b.costs).unwrap_or(1.0),
                verdict: String::new(),
                ert_ratio,
                ert_ratio_ci_low: ert_interval.map(|(low, _)| low),
                ert_ratio_ci_high: ert_interval.map(|(_, high)| high),
                ert_ratio_missing: ert_ratio_missing.to_string(),
                rope: options.rope,
                p_a_better: bayes.map(|p| p.a_better),
                p_equivalent: bayes.map(|p| p.equivalent),
                p_b_better: bayes.map(|p| p.b_better),
            })
        })
        .collect();
    let p: Vec<f64> = rows.iter().map(|r| r.p).collect();
    let least: Vec<f64> = rows.iter().map(|r| r.min_attainable_p).collect();
    let corrected = holm(&p);
    let reachable = holm_reachable(&p, &least);
    for ((row, p_holm), reachable) in rows.iter_mut().zip(corrected).zip(reachable) {
        row.p_holm = p_holm;
        row.significant = p_holm < options.alpha;
        let verdict = Verdict::of(p_holm, reachable, row.a12, options.alpha);
        row.better = match verdict {
            Verdict::ABetter => row.label_a.clone(),
            Verdict::BBetter => row.label_b.clone(),
            _ => NA.to_string(),
        };
        row.verdict = verdict.name().to_string();
    }
    rows
}

/// The ranking of `samples` at `n` by ERT in the measure (every trial's
/// cost over the successes; the one meaning of best, which the findings,
/// the headline and the charts share): places from 1, equal ERTs sharing a
/// place, and each label's standing against the best label (the lowest
/// ERT; among labels of equal lowest ERT the one whose verdicts beat every
/// other of them, else the lowest mean rank; none when no trial at `n`
/// answered: solved, or proved no solution exists), from the verdict of their pair. Each label's mean rank of its
/// trials among all trials there (ties share their mean rank) is a
/// secondary column. Best first; then by ERT, mean rank, order of
/// appearance.
fn rank(samples: &[Sample], pairs: &[CompareRow], n: u64, options: &Options) -> Vec<RankingRow> {
    let pooled: Vec<f64> = samples
        .iter()
        .flat_map(|s| s.costs.iter().copied())
        .collect();
    let ranks = average_ranks(&pooled);
    let mut start = 0;
    let mut means = Vec::with_capacity(samples.len());
    for s in samples {
        let count = s.costs.len();
        means.push(ranks[start..start + count].iter().sum::<f64>() / count as f64);
        start += count;
    }
    // A label of unknown work has no ERT: it ranks after every known one
    // (NaN sorts after +∞ in the total order).
    let erts: Vec<Option<f64>> = samples
        .iter()
        .map(|s| s.spent.as_deref().map(ert_of))
        .collect();
    let key = |i: usize| erts[i].unwrap_or(f64::NAN);
    let mut order: Vec<usize> = (0..samples.len()).collect();
    order.sort_by(|&i, &j| {
        key(i)
            .total_cmp(&key(j))
            .then(means[i].total_cmp(&means[j]))
            .then(i.cmp(&j))
    });
    let Some(&first) = order.first() else {
        return Vec::new();
    };
    // Equal lowest ERTs: the verdicts decide when one beats all the others.
    let tied: Vec<usize> = order
        .iter()
        .copied()
        .take_while(|&i| key(i).total_cmp(&key(first)).is_eq())
        .collect();
    let beats = |i: usize, j: usize| {
        let (a, b) = (samples[i].label, samples[j].label);
        pairs.iter().any(|p| {
            (p.label_a == a && p.label_b == b && p.verdict == Verdict::ABetter.name())
                || (p.label_a == b && p.label_b == a && p.verdict == Verdict::BBetter.name())
        })
    };
    if let Some(winner) = tied
        .iter()
        .copied()
        .find(|&i| tied.iter().all(|&j| j == i || beats(i, j)))
    {
        order.retain(|&i| i != winner);
        order.insert(0, winner);
    }
    let best = order[0];
    let any_answered = samples.iter().any(|s| s.answered > 0);
    let versus_best = |i: usize| -> String {
        if !any_answered {
            return NA.to_string();
        }
        if i == best {
            return "best".to_string();
        }
        let (label, best) = (samples[i].label, samples[best].label);
        let pair = pairs.iter().find_map(|p| {
            if p.label_a == label && p.label_b == best {
                Some((p, true))
            } else if p.label_a == best && p.label_b == label {
                Some((p, false))
            } else {
                None
            }
        });
        let Some((pair, label_first)) = pair else {
            return Verdict::Untestable.name().to_string();
        };
        match (Verdict::from_name(&pair.verdict), label_first) {
            (Some(Verdict::ABetter), true) | (Some(Verdict::BBetter), false) => "better",
            (Some(Verdict::ABetter), false) | (Some(Verdict::BBetter), true) => "worse",
            (Some(Verdict::NoDetectableDifference), _) => Verdict::NoDetectableDifference.name(),
            (Some(Verdict::Untestable) | None, _) => Verdict::Untestable.name(),
        }
        .to_string()
    };
    order
        .iter()
        .map(|&i| {
            let s = &samples[i];
            let versus_best = versus_best(i);
            RankingRow {
                measure: options.measure.name().to_string(),
                n,
                label: s.label.to_string(),
                trials: s.costs.len() as u64,
                successes: s.successes,
                ert: erts[i],
                rank: 1
                    + (0..samples.len())
                        .filter(|&j| key(j).total_cmp(&key(i)).is_lt())
                        .count() as u64,
                mean_rank: means[i],
                indistinguishable_from_best: versus_best == "best"
                    || versus_best == Verdict::NoDetectableDifference.name(),
                versus_best,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::outcome::StopReason;

    /// A trial of `label` at `n` costing `checks` (unsolved when `None`).
    fn run(label: &str, n: u64, checks: Option<u64>) -> RunRecord {
        RunRecord {
            experiment: "e".into(),
            algorithm: "min-conflicts".into(),
            label: label.into(),
            step_unit: "repair".into(),
            params: String::new(),
            budget: "unlimited".into(),
            instance: "plain".into(),
            n,
            trial: 0,
            seed: 0,
            solved: checks.is_some(),
            stop_reason: if checks.is_some() {
                StopReason::Solved
            } else {
                StopReason::BudgetSteps
            },
            steps: 1,
            restarts: 0,
            checks: checks.unwrap_or(1_000_000),
            tests: 0,
            backtracks: 0,
            evaluations: 0,
            final_conflicts: Some(0),
            solutions: u64::from(checks.is_some()),
            wall_seconds: 0.0,
            work_known: true,
        }
    }

    /// Blog-repair at N = 4 in small: "b" is cheaper in most trials (the
    /// lower mean rank, significantly by ranks) but one costly trial makes
    /// its ERT twice "a"'s. The best is by ERT: "a"; "b" keeps its mean
    /// rank as a secondary column and reads `better` (cheaper by ranks
    /// though dearer by ERT).
    #[test]
    fn the_best_label_is_the_lowest_ert_not_the_lowest_mean_rank() {
        let mut runs = Vec::new();
        for _ in 0..10 {
            runs.push(run("a", 4, Some(100)));
        }
        for _ in 0..9 {
            runs.push(run("b", 4, Some(1)));
        }
        runs.push(run("b", 4, Some(2000)));
        let comparison = compare(&runs, &Options::default()).expect("compared");
        let ranking: Vec<(&str, Option<f64>, u64, f64, &str)> = comparison
            .ranking
            .iter()
            .map(|r| {
                (
                    r.label.as_str(),
                    r.ert,
                    r.rank,
                    r.mean_rank,
                    r.versus_best.as_str(),
                )
            })
            .collect();
        // Pooled ranks: b's nine 1s share 1–9 (5), a's ten 100s 10–19
        // (14.5), b's 2000 is 20: mean ranks a 14.5, b (45 + 20)/10 = 6.5.
        assert_eq!(
            ranking,
            vec![
                ("a", Some(100.0), 1, 14.5, "best"),
                ("b", Some(200.9), 2, 6.5, "better"),
            ]
        );
    }

    /// Equal ERTs: the label whose verdict beats the other is best, though
    /// it appears second.
    #[test]
    fn equal_erts_are_broken_by_the_verdicts() {
        let mut runs = Vec::new();
        for _ in 0..10 {
            runs.push(run("a", 4, Some(10)));
        }
        for _ in 0..9 {
            runs.push(run("b", 4, Some(1)));
        }
        runs.push(run("b", 4, Some(91)));
        let comparison = compare(&runs, &Options::default()).expect("compared");
        assert_eq!(comparison.pairs[0].verdict, Verdict::BBetter.name());
        let ranking: Vec<(&str, Option<f64>, u64)> = comparison
            .ranking
            .iter()
            .map(|r| (r.label.as_str(), r.ert, r.rank))
            .collect();
        assert_eq!(ranking, vec![("b", Some(10.0), 1), ("a", Some(10.0), 1)]);
        assert_eq!(comparison.ranking[0].versus_best, "best");
    }

    #[test]
    fn pairs_and_ranking_by_hand() {
        // At N = 8: a costs 1, 2, 3; b costs 4, 5 and fails once; c fails
        // always. Pooled ranks: a 1, 2, 3; b 4, 5, 7; c 7, 7 (three
        // unsolved tie at ranks 6–8). Mean ranks a 2, b 16/3, c 7.
        let mut runs = Vec::new();
        for checks in [Some(1), Some(2), Some(3)] {
            runs.push(run("a", 8, checks));
        }
        for checks in [Some(4), Some(5), None] {
            runs.push(run("b", 8, checks));
        }
        for _ in 0..2 {
            runs.push(run("c", 8, None));
        }
        let comparison = compare(&runs, &Options::default()).expect("compared");
        let pairs: Vec<(&str, &str, f64, f64)> = comparison
            .pairs
            .iter()
            .map(|p| (p.label_a.as_str(), p.label_b.as_str(), p.u, p.a12))
            .collect();
        // a beats all of b (9 pairs) and all of c (6); b beats c on its two
        // solved trials (4 pairs) and ties on the unsolved one (2 × 1/2).
        assert_eq!(
            pairs,
            vec![
                ("a", "b", 9.0, 1.0),
                ("a", "c", 6.0, 1.0),
                ("b", "c", 5.0, 5.0 / 6.0)
            ]
        );
        assert!(comparison.pairs.iter().all(|p| p.a12_ci_low.is_none()));
        // ERT: a (1 + 2 + 3)/3 = 2; b (4 + 5 + 1,000,000)/2 = 500,004.5; c
        // solved nothing (∞). Ratios 2/500,004.5, 0 and 0; no interval
        // below 10 successes.
        let ratios: Vec<Option<f64>> = comparison.pairs.iter().map(|p| p.ert_ratio).collect();
        assert_eq!(ratios, vec![Some(2.0 / 500_004.5), Some(0.0), Some(0.0)]);
        assert!(
            comparison
                .pairs
                .iter()
                .all(|p| p.ert_ratio_ci_low.is_none())
        );
        let ranking: Vec<(&str, f64, u64)> = comparison
            .ranking
            .iter()
            .map(|r| (r.label.as_str(), r.mean_rank, r.rank))
            .collect();
        assert_eq!(
            ranking,
            vec![("a", 2.0, 1), ("b", 16.0 / 3.0, 2), ("c", 7.0, 3)]
        );
        // With three trials a side nothing is significant after Holm, and
        // nothing could have been: the most extreme arrangement of a
        // against b (no ties) has exact p = 2/20 = 0.1 above 0.05, so every
        // pair is untestable and no label is indistinguishable from the
        // best, though a beats every trial of the others.
        assert!(
            comparison
                .pairs
                .iter()
                .all(|p| p.better == NA && !p.significant && p.verdict == "untestable")
        );
        assert_eq!(comparison.pairs[0].min_attainable_p, 0.1);
        let standing: Vec<(&str, bool)> = comparison
            .ranking
            .iter()
            .map(|r| (r.versus_best.as_str(), r.indistinguishable_from_best))
            .collect();
        assert_eq!(
            standing,
            vec![("best", true), ("untestable", false), ("untestable", false)]
        );
    }

    #[test]
    fn one_trial_against_five_is_untestable_whatever_the_costs() {
        // A deterministic label (one trial) that failed against one that
        // solved five times: A12 = 0, but the smallest attainable p is 1/3.
        let mut runs = vec![run("backtracking", 20, None)];
        for checks in [10, 20, 30, 40, 50] {
            runs.push(run("min-conflicts", 20, Some(checks)));
        }
        let comparison = compare(&runs, &Options::default()).expect("compared");
        let pair = &comparison.pairs[0];
        assert_eq!(pair.a12, 0.0);
        assert!((pair.min_attainable_p - 1.0 / 3.0).abs() < 1e-15);
        assert_eq!(pair.verdict, "untestable");
        let backtracking = &comparison.ranking[1];
        assert_eq!(backtracking.label, "backtracking");
        assert_eq!(backtracking.versus_best, "untestable");
        assert!(!backtracking.indistinguishable_from_best);
    }

    #[test]
    fn no_label_is_best_where_nothing_solved() {
        let mut runs = Vec::new();
        for trial in 0..20 {
            for label in ["a", "b"] {
                let mut row = run(label, 3, None);
                row.trial = trial;
                runs.push(row);
            }
        }
        let comparison = compare(&runs, &Options::default()).expect("compared");
        assert_eq!(comparison.pairs[0].min_attainable_p, 1.0);
        assert_eq!(comparison.pairs[0].verdict, "untestable");
        assert!(
            comparison
                .ranking
                .iter()
                .all(|r| r.versus_best == NA && !r.indistinguishable_from_best),
            "{:?}",
            comparison.ranking
        );
    }

    #[test]
    fn verdicts_follow_the_rules() {
        let alpha = 0.05;
        assert_eq!(Verdict::of(0.01, 0.001, 0.9, alpha), Verdict::ABetter);
        assert_eq!(Verdict::of(0.01, 0.001, 0.1, alpha), Verdict::BBetter);
        assert_eq!(
            Verdict::of(0.3, 0.01, 0.6, alpha),
            Verdict::NoDetectableDifference
        );
        assert_eq!(Verdict::of(0.3, 0.05, 1.0, alpha), Verdict::Untestable);
        assert_eq!(Verdict::of(1.0, 1.0, 0.5, alpha), Verdict::Untestable);
        for verdict in Verdict::ALL {
            assert_eq!(Verdict::from_name(verdict.name()), Some(verdict));
        }
        assert_eq!(Verdict::from_name("indistinguishable"), None);
    }

    #[test]
    fn a_clear_difference_is_significant_and_names_the_better_label() {
        let mut runs = Vec::new();
        for i in 0..20 {
            runs.push(run("slow", 10, Some(100 + i)));
            runs.push(run("fast", 10, Some(10 + i)));
        }
        let comparison = compare(&runs, &Options::default()).expect("compared");
        let pair = &comparison.pairs[0];
        assert_eq!(
            (pair.label_a.as_str(), pair.u, pair.a12),
            ("slow", 0.0, 0.0)
        );
        assert!(pair.significant);
        assert_eq!(pair.better, "fast");
        assert_eq!(pair.verdict, "b_better");
        assert!(pair.min_attainable_p < 1e-9);
        assert_eq!(pair.magnitude, "large");
        assert_eq!((pair.a12_ci_low, pair.a12_ci_high), (Some(0.0), Some(0.0)));
        assert_eq!(comparison.ranking[0].label, "fast");
        assert!(!comparison.ranking[1].indistinguishable_from_best);
        assert_eq!(comparison.ranking[1].versus_best, "worse");
    }

    #[test]
    fn a_label_whose_trials_were_killed_has_no_ert_ratio_in_work_measures() {
        // A program that hangs on half of its seeds: 10 solved at 100
        // checks, 10 killed at the time limit (work unknown, 2 s each),
        // against 20 trials solved at 1,000 checks. Counting the killed as
        // free gave an ERT ratio of (10 · 100) / 10 / 1,000 = 0.1 in its
        // favour; its ERT in checks is unknown, so the ratio is NA.
        let mut runs = Vec::new();
        for i in 0..10 {
            runs.push(RunRecord {
                trial: i,
                wall_seconds: 1.0,
                ..run("hangs", 8, Some(100))
            });
            runs.push(RunRecord {
                trial: 10 + i,
                stop_reason: StopReason::BudgetTime,
                checks: 0,
                steps: 0,
                work_known: false,
                wall_seconds: 2.0,
                ..run("hangs", 8, None)
            });
        }
        for i in 0..20 {
            runs.push(RunRecord {
                trial: i,
                wall_seconds: 1.0,
                ..run("mc", 8, Some(1_000))
            });
        }
        let comparison = compare(&runs, &Options::default()).expect("compares");
        let pair = &comparison.pairs[0];
        assert_eq!((pair.ert_ratio, pair.ert_ratio_ci_low), (None, None));
        assert_eq!(pair.ert_ratio_missing, UNKNOWN_WORK);
        // Its ERT in checks is unknown: NA in ranking.csv, placed after mc.
        let places: Vec<(&str, Option<f64>, u64)> = comparison
            .ranking
            .iter()
            .map(|r| (r.label.as_str(), r.ert, r.rank))
            .collect();
        assert_eq!(places, vec![("mc", Some(1_000.0), 1), ("hangs", None, 2)]);
        // Its killed trials did not answer: they rank worst, so the test
        // holds nothing in its favour (10 cheaper, 10 worse against 20).
        assert_eq!(pair.a12, 0.5);
        // Wall seconds are measured: (10 · 1 + 10 · 2) / 10 = 3 against 1.
        let seconds = Options {
            measure: Measure::Seconds,
            ..Options::default()
        };
        let pair = compare(&runs, &seconds).expect("compares").pairs[0].clone();
        assert_eq!(pair.ert_ratio, Some(3.0));
        assert_eq!(pair.ert_ratio_missing, NA);
    }

    #[test]
    fn a_proof_that_no_solution_exists_answers_the_trial() {
        // At N = 2 backtracking proves there is no solution in 6 checks;
        // min-conflicts stops at its budget. The proof is the answer: it
        // costs 6, the budget stop +∞, and the ERT ratio is 6 / ∞ = 0.
        let mut runs = Vec::new();
        for i in 0..3 {
            runs.push(RunRecord {
                trial: i,
                stop_reason: StopReason::Exhausted,
                ..run("backtracking", 2, None)
            });
            runs.last_mut().expect("pushed").checks = 6;
            runs.push(RunRecord {
                trial: i,
                ..run("mc", 2, None)
            });
        }
        let comparison = compare(&runs, &Options::default()).expect("compares");
        let pair = &comparison.pairs[0];
        assert_eq!(pair.ert_ratio, Some(0.0));
        assert_eq!(pair.a12, 1.0, "every proof is cheaper than every stop");
        assert_eq!(comparison.ranking[0].label, "backtracking");
        assert_eq!(comparison.ranking[0].versus_best, "best");
    }

    #[test]
    fn each_pair_carries_the_bayesian_probabilities_with_its_rope() {
        // fast costs 10..29, slow 100..119: every trial of fast is cheaper
        // than every trial of slow by far more than 10%, so "slow is
        // better" (label_a) has probability 0 and "fast" 1 in every draw.
        let mut runs = Vec::new();
        for i in 0..20 {
            runs.push(run("slow", 10, Some(100 + i)));
            runs.push(run("fast", 10, Some(10 + i)));
        }
        let pair = &compare(&runs, &Options::default()).expect("compared").pairs[0];
        assert_eq!(
            (
                pair.rope,
                pair.p_a_better,
                pair.p_equivalent,
                pair.p_b_better
            ),
            (DEFAULT_ROPE, Some(0.0), Some(0.0), Some(1.0))
        );
        // A ROPE of 20 (costs within a factor 21) makes every pair of
        // trials practically equivalent.
        let wide = Options {
            rope: 20.0,
            ..Options::default()
        };
        let pair = &compare(&runs, &wide).expect("compared").pairs[0];
        assert_eq!(
            (
                pair.rope,
                pair.p_a_better,
                pair.p_equivalent,
                pair.p_b_better
            ),
            (20.0, Some(0.0), Some(1.0), Some(0.0))
        );
        // Overlapping costs: the probabilities come from the pair's own
        // seed, the same on every call and another with another seed.
        let mut runs = Vec::new();
        for i in 0..20 {
            runs.push(run("x", 10, Some(100 + 7 * (i % 5))));
            runs.push(run("y", 10, Some(95 + 9 * (i % 4))));
        }
        let first = compare(&runs, &Options::default()).expect("compared");
        assert_eq!(
            compare(&runs, &Options::default()).expect("compared"),
            first
        );
        let reseeded = Options {
            seed: 7,
            ..Options::default()
        };
        let other = compare(&runs, &reseeded).expect("compared");
        assert_ne!(other.pairs[0].p_equivalent, first.pairs[0].p_equivalent);
        let p = &first.pairs[0];
        let total = p.p_a_better.zip(p.p_equivalent).zip(p.p_b_better);
        assert!(total.is_some_and(|((a, e), b)| (a + e + b - 1.0).abs() < 1e-12));
    }

    #[test]
    fn a_questions_probabilities_are_its_rows_turned_to_its_order() {
        let mut runs = Vec::new();
        for i in 0..12 {
            runs.push(run("x", 10, Some(100 + 7 * (i % 5))));
            runs.push(run("y", 10, Some(95 + 9 * (i % 4))));
            runs.push(run("y", 12, Some(300 + i)));
            runs.push(run("x", 12, Some(310 + 2 * i)));
        }
        let options = Options {
            rope: 0.05,
            ..Options::default()
        };
        let rows = compare(&runs, &options).expect("compared").pairs;
        let of = |row: &CompareRow| bayes::Bayes {
            a_better: row.p_a_better.expect("computed"),
            equivalent: row.p_equivalent.expect("computed"),
            b_better: row.p_b_better.expect("computed"),
        };
        let expected: Vec<(u64, bayes::Bayes)> = rows.iter().map(|r| (r.n, of(r))).collect();
        assert_eq!(bayes_of(&runs, "x", "y", &options), expected);
        let turned: Vec<(u64, bayes::Bayes)> =
            expected.iter().map(|&(n, p)| (n, p.turned())).collect();
        assert_eq!(bayes_of(&runs, "y", "x", &options), turned);
    }

    #[test]
    fn a_programs_errors_are_no_trials_of_the_comparison() {
        let mut runs = Vec::new();
        for i in 0..10 {
            runs.push(run("solid", 8, Some(100 + i)));
            runs.push(run("crashy", 8, Some(200 + i)));
        }
        let clean = compare(&runs, &Options::default()).expect("compares");
        for (i, reason) in [StopReason::SolverError, StopReason::InvalidSolution]
            .into_iter()
            .cycle()
            .take(6)
            .enumerate()
        {
            // A cheap failure: it would rank the crashing label better if
            // it counted as a trial.
            let mut error = run("crashy", 8, None);
            (error.stop_reason, error.checks, error.trial) = (reason, 1, 20 + i as u64);
            runs.push(error);
        }
        let with_errors = compare(&runs, &Options::default()).expect("compares");
        assert_eq!(with_errors, clean);
    }

    #[test]
    fn steps_of_different_units_and_missing_evaluations_are_refused() {
        let mut runs = vec![run("mc", 8, Some(3)), run("ga", 8, Some(4))];
        runs[1].step_unit = "generation".into();
        let steps = Options {
            measure: Measure::Steps,
            ..Options::default()
        };
        let message = compare(&runs, &steps).expect_err("refused").to_string();
        assert!(
            message.contains("at N = 8")
                && message.contains("mc: repair, ga: generation")
                && message.contains(&format!(
                    "use {}",
                    Remedy::Set(Setting::Measure(Measure::Checks))
                )),
            "{message}"
        );
        runs[1].evaluations = 7;
        let evaluations = Options {
            measure: Measure::Evaluations,
            ..Options::default()
        };
        let message = compare(&runs, &evaluations)
            .expect_err("refused")
            .to_string();
        assert!(
            message.contains("mc never evaluates a whole board")
                && message.contains(&format!(
                    "use {}",
                    Remedy::Set(Setting::Measure(Measure::Checks))
                )),
            "{message}"
        );
        assert!(compare(&runs, &Options::default()).is_ok());
    }

    #[test]
    fn labels_of_several_directories_are_prefixed_only_when_they_clash() {
        let one = vec![run("mc", 8, Some(1))];
        let mut other = vec![run("ga", 8, Some(2))];
        let sets = vec![
            (PathBuf::from("x"), one.clone()),
            (PathBuf::from("y"), other.clone()),
        ];
        let labels: Vec<String> = combine(sets)
            .expect("combined")
            .into_iter()
            .map(|r| r.label)
            .collect();
        assert_eq!(labels, vec!["mc", "ga"]);
        other[0].label = "mc".into();
        other[0].experiment = "f".into();
        let sets = vec![
            (PathBuf::from("x"), one.clone()),
            (PathBuf::from("y"), other.clone()),
        ];
        let labels: Vec<String> = combine(sets)
            .expect("combined")
            .into_iter()
            .map(|r| r.label)
            .collect();
        assert_eq!(labels, vec!["e/mc", "f/mc"]);
        other[0].experiment = "e".into();
        let sets = vec![(PathBuf::from("x"), one), (PathBuf::from("y"), other)];
        let message = combine(sets).expect_err("clash").to_string();
        assert!(
            message.starts_with("x and y both hold label 'mc' of experiment 'e'"),
            "{message}"
        );
    }
}
