//! Rank statistics for two samples of run costs (lower is better): the
//! two-sided Mann–Whitney U test, Holm's step-down correction of several
//! p-values, and the Vargha–Delaney A12 effect size with its magnitude class
//! and a seeded percentile-bootstrap interval.
//!
//! Sources: H. B. Mann & D. R. Whitney, "On a test of whether one of two
//! random variables is stochastically larger than the other", Ann. Math.
//! Statist. 18 (1947) — U and its exact null distribution; M. Hollander &
//! D. A. Wolfe, *Nonparametric Statistical Methods* (2nd ed., 1999), §4.1 —
//! the normal approximation with its tie correction; S. Holm, "A simple
//! sequentially rejective multiple test procedure", Scand. J. Statist. 6
//! (1979); A. Vargha & H. D. Delaney, "A critique and improvement of the CL
//! common language effect size statistics of McGraw and Wong", J. Educ.
//! Behav. Statist. 25 (2000) — A12 and its thresholds 0.56, 0.64, 0.71;
//! B. Efron & R. Tibshirani, *An Introduction to the Bootstrap* (1993),
//! ch. 13 — the percentile interval.
//!
//! Conventions. A cost may be `f64::INFINITY` (an unsolved trial): it is
//! worse than every finite cost and ties with every other infinite one.
//! `U` is the U of the first sample `a`: the number of pairs (a_i, b_j) with
//! a_i < b_j, a tie counting one half, so `U / (n_a·n_b)` is A12, the
//! probability that a run of `a` costs less than a run of `b` (A12 > 0.5:
//! `a` is cheaper). In SciPy's terms it is
//! `scipy.stats.mannwhitneyu(b, a).statistic`.
//!
//! The p-value is exact (the null distribution of U counted over every
//! arrangement) when neither sample has more than [`EXACT_LIMIT`] values and
//! no two of the pooled values tie, and also, ties and all, when the smaller
//! sample has at most [`EXACT_TIES_LIMIT`] values (the permutation
//! distribution of the midrank sum, counted over the tie groups: there the
//! normal approximation is poorest, and unsolved trials always tie);
//! otherwise it is the normal approximation
//! with the tie correction of the variance and a continuity correction of
//! 1/2, as `scipy.stats.mannwhitneyu(..., method="asymptotic",
//! use_continuity=True)` computes it. (SciPy's own `auto` is exact only
//! when one sample has at most 8 values; the exact count here is cheap far
//! beyond that, so it is kept up to 50 values a side.) The normal tail is
//! `erfc` from the `libm` crate (musl's, from FreeBSD's msun).
//!
//! The exact two-sided p-value is P(|S − E| ≥ |s − E|): the share of the
//! arrangements whose statistic lies at least as far from its mean as the
//! observed one, not twice a one-sided tail (the two agree without ties,
//! where the distribution is symmetric; with ties it need not be).
//!
//! What a design can show: [`min_attainable_p`] is the smallest p-value
//! the test could give for the sample sizes and ties at hand, and
//! [`holm_reachable`] the smallest Holm-corrected value a test could have
//! had in its family; when that is not below the significance level, the
//! pair is untestable, and its p-value says nothing about equivalence.

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use super::stats::{BOOTSTRAP_RESAMPLES, quantile_sorted, sorted};
use crate::base::records::rows::MIN_SOLVED_FOR_INTERVAL;

/// The largest sample for which the p-value is exact (when nothing ties):
/// the count of arrangements costs about (n_a + n_b)·n_a²·n_b additions.
pub const EXACT_LIMIT: usize = 50;

/// With ties, the p-value is exact when the smaller sample has at most this
/// many values (and the larger at most [`EXACT_LIMIT`]).
pub const EXACT_TIES_LIMIT: usize = 10;

/// Fewer trials than this in either sample give no bootstrap interval of
/// A12: the summary's rule for its intervals
/// ([`MIN_SOLVED_FOR_INTERVAL`]), applied to trials, since every trial has
/// a cost here.
pub const MIN_INTERVAL_TRIALS: usize = MIN_SOLVED_FOR_INTERVAL as usize;

/// How a p-value was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// From the exact null distribution of U.
    Exact,
    /// From the normal approximation with tie and continuity corrections.
    Asymptotic,
}

impl Method {
    /// The name written in compare.csv: `exact` or `asymptotic`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Exact => "exact",
            Method::Asymptotic => "asymptotic",
        }
    }
}

/// The result of a two-sided Mann–Whitney U test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MannWhitney {
    /// U of the first sample: pairs where it is cheaper, ties counting 1/2.
    pub u: f64,
    /// The two-sided p-value.
    pub p: f64,
    /// How `p` was computed.
    pub method: Method,
}

/// U of `a` against `b`, both sorted ascending: for each a_i, the b_j above
/// it plus half those equal to it, counted with two pointers.
fn u_sorted(a: &[f64], b: &[f64]) -> f64 {
    let (mut below, mut at_most) = (0, 0);
    let mut u = 0.0;
    for &x in a {
        while below < b.len() && b[below] < x {
            below += 1;
        }
        at_most = at_most.max(below);
        while at_most < b.len() && b[at_most] <= x {
            at_most += 1;
        }
        u += (b.len() - at_most) as f64 + 0.5 * (at_most - below) as f64;
    }
    u
}

/// A12 of `a` against `b`: the probability that a value drawn from `a` is
/// less than one drawn from `b`, a tie counting one half. `None` when a
/// sample is empty.
pub fn a12(a: &[f64], b: &[f64]) -> Option<f64> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    Some(u_sorted(&sorted(a), &sorted(b)) / (a.len() * b.len()) as f64)
}

/// The magnitude of an effect by Vargha & Delaney's thresholds on A12
/// (or 1 − A12, whichever is larger).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Magnitude {
    /// Below 0.56.
    Negligible,
    /// From 0.56 to below 0.64.
    Small,
    /// From 0.64 to below 0.71.
    Medium,
    /// 0.71 and above.
    Large,
}

impl Magnitude {
    /// The class of `a12`.
    pub fn of(a12: f64) -> Magnitude {
        let side = a12.max(1.0 - a12);
        if side < 0.56 {
            Magnitude::Negligible
        } else if side < 0.64 {
            Magnitude::Small
        } else if side < 0.71 {
            Magnitude::Medium
        } else {
            Magnitude::Large
        }
    }

    /// Its name: `negligible`, `small`, `medium` or `large`.
    pub fn name(self) -> &'static str {
        match self {
            Magnitude::Negligible => "negligible",
            Magnitude::Small => "small",
            Magnitude::Medium => "medium",
            Magnitude::Large => "large",
        }
    }
}

/// A seeded percentile-bootstrap 95% interval of A12: the 2.5% and 97.5%
/// quantiles (type 7) of the A12 of [`BOOTSTRAP_RESAMPLES`] pairs of
/// resamples, each sample resampled with replacement on its own, drawn from
/// a ChaCha8 generator seeded with `seed`. Each resample is sorted and
/// counted with two pointers, O(n log n). `None` when either sample has
/// fewer than [`MIN_INTERVAL_TRIALS`] values.
pub fn a12_interval(a: &[f64], b: &[f64], seed: u64) -> Option<(f64, f64)> {
    if a.len().min(b.len()) < MIN_INTERVAL_TRIALS {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut ra, mut rb) = (vec![0.0; a.len()], vec![0.0; b.len()]);
    let pairs = (a.len() * b.len()) as f64;
    let mut values: Vec<f64> = (0..BOOTSTRAP_RESAMPLES)
        .map(|_| {
            resample(a, &mut ra, &mut rng);
            resample(b, &mut rb, &mut rng);
            u_sorted(&ra, &rb) / pairs
        })
        .collect();
    values.sort_by(f64::total_cmp);
    Some((
        quantile_sorted(&values, 0.025)?,
        quantile_sorted(&values, 0.975)?,
    ))
}

/// Fills `into` with a resample of `from` (one uniform index draw per
/// value, in order) and sorts it.
fn resample(from: &[f64], into: &mut [f64], rng: &mut ChaCha8Rng) {
    for slot in into.iter_mut() {
        *slot = from[rng.random_range(0..from.len())];
    }
    into.sort_by(f64::total_cmp);
}

/// The sizes of the groups of equal values in `sorted` (ascending).
fn tie_groups(sorted: &[f64]) -> Vec<usize> {
    sorted.chunk_by(|x, y| x == y).map(<[f64]>::len).collect()
}

/// The two-sided Mann–Whitney U test of `a` against `b` (see the module
/// header for U and the choice of method). `None` when a sample is empty.
pub fn mann_whitney(a: &[f64], b: &[f64]) -> Option<MannWhitney> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let (sa, sb) = (sorted(a), sorted(b));
    let u = u_sorted(&sa, &sb);
    let pooled = sorted(&[a, b].concat());
    let ties = tie_groups(&pooled);
    let no_ties = ties.len() == pooled.len();
    let (m, n) = (a.len(), b.len());
    if no_ties && m <= EXACT_LIMIT && n <= EXACT_LIMIT {
        return Some(MannWhitney {
            u,
            p: exact_p(u, m, n),
            method: Method::Exact,
        });
    }
    if !no_ties && m.min(n) <= EXACT_TIES_LIMIT && m.max(n) <= EXACT_LIMIT {
        let smaller = if m <= n { &sa } else { &sb };
        return Some(MannWhitney {
            u,
            p: exact_tied_p(smaller, &pooled),
            method: Method::Exact,
        });
    }
    Some(MannWhitney {
        u,
        p: asymptotic_p(u, m, n, &ties),
        method: Method::Asymptotic,
    })
}

/// The smallest p-value [`mann_whitney`] could give two samples of
/// `a.len()` and `b.len()` values with the pooled values of `a` and `b`:
/// the same sizes and the same ties (so the same method), the values
/// shared out between the two samples in every possible way. The p-value
/// falls as the statistic moves away from its centre, and it is farthest
/// when one sample holds the lowest (or the highest) of the pooled values,
/// so this is the smaller of the p-values of those two arrangements.
///
/// Without ties and with one value against five it is 2/6 = 1/3 (exact:
/// the single value is lowest or highest in 2 of the 6 arrangements); with
/// 2 against 2 it is 2/6 = 1/3 without ties and 4/6 = 2/3 with two values
/// tied in the middle; when every value ties (every trial unsolved) it is
/// one. A pair whose smallest attainable p is not below the significance
/// level could never be found to differ. `None` when a sample is empty.
pub fn min_attainable_p(a: &[f64], b: &[f64]) -> Option<f64> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let pooled = sorted(&[a, b].concat());
    let (m, total) = (a.len(), pooled.len());
    let lowest = mann_whitney(&pooled[..m], &pooled[m..])?.p;
    let highest = mann_whitney(&pooled[total - m..], &pooled[..total - m])?.p;
    Some(lowest.min(highest))
}

/// The two-sided p-value of U = `u` under the normal approximation:
/// z = (max(U, mn − U) − mn/2 − 1/2) / σ with
/// σ² = mn/12 · ((N + 1) − Σ(t³ − t) / (N(N − 1))), N = m + n, the sum over
/// the tie groups t; p = 2·(1 − Φ(z)), capped at 1. When every value ties
/// (σ = 0) there is no evidence of a difference: p = 1.
fn asymptotic_p(u: f64, m: usize, n: usize, ties: &[usize]) -> f64 {
    let (mf, nf) = (m as f64, n as f64);
    let total = mf + nf;
    let tie_term: f64 = ties
        .iter()
        .map(|&t| {
            let t = t as f64;
            t * t * t - t
        })
        .sum();
    let variance = mf * nf / 12.0 * ((total + 1.0) - tie_term / (total * (total - 1.0)));
    if variance <= 0.0 {
        return 1.0;
    }
    let z = (u.max(mf * nf - u) - mf * nf / 2.0 - 0.5) / variance.sqrt();
    // 2·(1 − Φ(z)) = erfc(z/√2).
    libm::erfc(z / std::f64::consts::SQRT_2).min(1.0)
}

/// The two-sided exact p-value of U = `u` (a whole number here, as nothing
/// ties) for samples of `m` and `n` values: 2·P(U ≤ min(u, mn − u)) under
/// the null hypothesis, capped at 1, the distribution being symmetric.
fn exact_p(u: f64, m: usize, n: usize) -> f64 {
    let counts = u_counts(m, n);
    let total: f64 = counts.iter().sum();
    let low = u.min((m * n) as f64 - u) as usize;
    let tail: f64 = counts[..=low].iter().sum();
    (2.0 * tail / total).min(1.0)
}

/// The two-sided exact p-value with ties: `sample` (sorted) is one of the
/// two samples, `pooled` (sorted) both. Under the null hypothesis every
/// choice of `sample.len()` of the pooled values is equally likely; the
/// statistic is the sum of the chosen values' midranks, counted doubled
/// (so whole numbers) by choosing k of the t values of each tie group in
/// C(t, k) ways. p is the share of choices whose sum lies at least as far
/// from its mean k(N + 1) as the observed one. U is a linear function of
/// that sum, so this is the exact test on U; without ties it equals
/// [`exact_p`].
fn exact_tied_p(sample: &[f64], pooled: &[f64]) -> f64 {
    let k = sample.len();
    let total = pooled.len();
    // (doubled midrank, size) of each tie group, in order.
    let mut groups = Vec::new();
    let mut start = 0;
    for group in pooled.chunk_by(|x, y| x == y) {
        groups.push((2 * start + group.len() + 1, group.len()));
        start += group.len();
    }
    let observed: usize = {
        let mut sum = 0;
        let mut g = 0;
        let mut first = 0;
        for &x in sample {
            while pooled[first + groups[g].1 - 1] != x {
                first += groups[g].1;
                g += 1;
            }
            sum += groups[g].0;
        }
        sum
    };
    let most = 2 * total * k + 1;
    // ways[c][s]: choices of c values so far whose doubled sum is s.
    let mut ways = vec![vec![0.0f64; most]; k + 1];
    ways[0][0] = 1.0;
    for &(rank, size) in &groups {
        let mut next = vec![vec![0.0f64; most]; k + 1];
        for c in 0..=k {
            for s in 0..most {
                let w = ways[c][s];
                if w == 0.0 {
                    continue;
                }
                let mut choose = 1.0;
                for taken in 0..=size.min(k - c) {
                    next[c + taken][s + taken * rank] += w * choose;
                    choose = choose * (size - taken) as f64 / (taken + 1) as f64;
                }
            }
        }
        ways = next;
    }
    let centre = (k * (total + 1)) as i64;
    let distance = (observed as i64 - centre).abs();
    let all: f64 = ways[k].iter().sum();
    let extreme: f64 = ways[k]
        .iter()
        .enumerate()
        .filter(|(s, _)| (*s as i64 - centre).abs() >= distance)
        .map(|(_, w)| w)
        .sum();
    (extreme / all).min(1.0)
}

/// The number of arrangements of `m` values of one sample among `n` of the
/// other that give U = 0, 1, …, mn: the coefficients of the Gaussian
/// binomial coefficient [m + n choose m]_q, built with the q-Pascal rule
/// [k, j] = [k − 1, j − 1] + q^j·[k − 1, j] (additions only, so no
/// cancellation).
fn u_counts(m: usize, n: usize) -> Vec<f64> {
    // row[j] holds the polynomial [k, j] for the current k, j = 0..=m.
    let mut row: Vec<Vec<f64>> = vec![vec![1.0]];
    for k in 1..=m + n {
        let top = k.min(m);
        let mut next = Vec::with_capacity(top + 1);
        for j in 0..=top {
            let degree = j * (k - j);
            let mut poly = vec![0.0; degree + 1];
            if j >= 1 {
                for (d, c) in row[j - 1].iter().enumerate() {
                    poly[d] += c;
                }
            }
            if j < row.len() && j < k {
                for (d, c) in row[j].iter().enumerate() {
                    poly[d + j] += c;
                }
            }
            next.push(poly);
        }
        row = next;
    }
    row.swap_remove(m)
}

/// Holm's step-down correction of `p`: sorted ascending, the i-th smallest
/// (from 1) of m becomes max over j ≤ i of min(1, (m − j + 1)·p_(j)), so the
/// corrected values keep the order of the raw ones. Returned in the order
/// of `p`.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&i, &j| p[i].total_cmp(&p[j]).then(i.cmp(&j)));
    let mut corrected = vec![0.0; m];
    let mut running = 0.0f64;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p[i]).min(1.0));
        corrected[i] = running;
    }
    corrected
}

/// For each of the `p` values, Holm's correction of it had it been the
/// smallest value it could reach (`reachable`, as many, each at most its
/// `p`), the others as they are: the lowest Holm-corrected p-value that
/// test could have had in this family. When it is not below the
/// significance level, no outcome of that test could have been declared a
/// difference.
///
/// One sort serves every test (the family can hold hundreds of thousands
/// of pairs): a value lowered to its reachable one moves ahead of the
/// others it passes, so the tests before its new place are the smallest of
/// the family as it is, in the same order, and Holm's running maximum over
/// them is the one [`holm`] computes. The arithmetic is [`holm`]'s, so
/// each value is the same, to the bit, as correcting the changed family
/// anew.
pub fn holm_reachable(p: &[f64], reachable: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&i, &j| p[i].total_cmp(&p[j]).then(i.cmp(&j)));
    let mut running = Vec::with_capacity(m);
    let mut highest = 0.0f64;
    for (rank, &i) in order.iter().enumerate() {
        highest = highest.max(((m - rank) as f64 * p[i]).min(1.0));
        running.push(highest);
    }
    (0..m)
        .map(|i| {
            let lowered = reachable[i];
            if lowered.total_cmp(&p[i]).is_gt() {
                // Not a lowering: the family corrected anew.
                let mut family = p.to_vec();
                family[i] = lowered;
                return holm(&family)[i];
            }
            let rank = order.partition_point(|&k| p[k].total_cmp(&lowered).then(k.cmp(&i)).is_lt());
            let before = if rank == 0 { 0.0 } else { running[rank - 1] };
            before.max(((m - rank) as f64 * lowered).min(1.0))
        })
        .collect()
}

/// The ranks (from 1) of `values` among themselves, tied values sharing the
/// mean of the ranks they span; infinities rank last, tied.
pub fn average_ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&i, &j| values[i].total_cmp(&values[j]));
    let mut ranks = vec![0.0; values.len()];
    let mut start = 0;
    for group in order.chunk_by(|&i, &j| values[i] == values[j]) {
        let mean = start as f64 + (group.len() as f64 + 1.0) / 2.0;
        for &i in group {
            ranks[i] = mean;
        }
        start += group.len();
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;

    const INF: f64 = f64::INFINITY;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not within {tolerance} of {expected}"
        );
    }

    #[test]
    fn u_counts_pairs_where_a_is_cheaper_ties_counting_half() {
        // By hand: a = [1, 3], b = [2, 3, 4]. 1 < 2, 3, 4 (3 pairs);
        // 3 < 4 (1) and 3 = 3 (1/2): U = 4.5 of 6 pairs, A12 = 0.75.
        let test = mann_whitney(&[1.0, 3.0], &[2.0, 3.0, 4.0]).expect("samples");
        assert_eq!(test.u, 4.5);
        assert_eq!(a12(&[1.0, 3.0], &[2.0, 3.0, 4.0]), Some(0.75));
        assert_eq!(a12(&[2.0, 3.0, 4.0], &[1.0, 3.0]), Some(0.25));
        // Unsolved trials (Inf) lose to every solved one and tie together.
        // 5 is below both (2 pairs), Inf ties both (2 × 1/2): 3 of 4.
        assert_eq!(a12(&[5.0, INF], &[INF, INF]), Some(0.75));
        assert_eq!(a12(&[], &[1.0]), None);
    }

    #[test]
    fn exact_distribution_matches_a_hand_count() {
        // m = 2, n = 2: the 6 arrangements give U = 0, 1, 2, 2, 3, 4.
        assert_eq!(u_counts(2, 2), vec![1.0, 1.0, 2.0, 1.0, 1.0]);
        // m = 3, n = 3: the coefficients of [6 choose 3]_q.
        assert_eq!(
            u_counts(3, 3),
            vec![1.0, 1.0, 2.0, 3.0, 3.0, 3.0, 3.0, 2.0, 1.0, 1.0]
        );
        // The total is C(m + n, m).
        assert_eq!(u_counts(10, 12).iter().sum::<f64>(), 646_646.0);
    }

    #[test]
    fn exact_p_matches_a_published_example() {
        // R. Shier, "Statistics: 2.3 The Mann-Whitney U Test", Mathematics
        // Learning Support Centre (2004), the example SciPy's documentation
        // follows: ages at diagnosis, males 19, 22, 16, 29, 24 and females
        // 20, 11, 17, 12; U_M = 17, U_F = 3, exact two-sided p = 0.11
        // (scipy 1.17 mannwhitneyu(males, females, method="exact") gives
        // 0.1111111111111111 = 14/126). In our convention U of females counts
        // the pairs where a female is younger: U_M's pairs, 17.
        let males = [19.0, 22.0, 16.0, 29.0, 24.0];
        let females = [20.0, 11.0, 17.0, 12.0];
        let test = mann_whitney(&females, &males).expect("samples");
        assert_eq!(test.method, Method::Exact);
        assert_eq!(test.u, 17.0);
        close(test.p, 14.0 / 126.0, 1e-15);
        let test = mann_whitney(&males, &females).expect("samples");
        assert_eq!(test.u, 3.0);
        close(test.p, 14.0 / 126.0, 1e-15);
    }

    #[test]
    fn exact_p_matches_scipy_on_larger_samples() {
        // 30 and 25 distinct values: scipy 1.17 mannwhitneyu(b, a,
        // method="exact") gives statistic 455.0, p = 0.18049009049930592.
        let a: Vec<f64> = (0..30)
            .map(|i| f64::from(i * 7 % 31) + 0.1 * f64::from(i))
            .collect();
        let b: Vec<f64> = (0..25)
            .map(|i| f64::from(i * 5 % 29) + 6.0 + 0.01 * f64::from(i))
            .collect();
        let test = mann_whitney(&a, &b).expect("samples");
        assert_eq!(test.method, Method::Exact);
        assert_eq!(test.u, 455.0);
        close(test.p, 0.180_490_090_499_305_92, 1e-12);
    }

    #[test]
    fn asymptotic_p_matches_scipy_with_ties_and_unsolved_trials() {
        // U by hand: a = 1 is below all 6 of b (6), each 2 below all 6 (12),
        // 3 below 5 and tied with 1 (5.5), 4 below 5 (5), 5 below 4 and
        // tied with 1 (4.5): U = 33. Ties force the normal approximation:
        // scipy 1.17 mannwhitneyu(b, a, method="asymptotic",
        // use_continuity=True) gives statistic 33.0, p = 0.01937338485003019.
        let a = [1.0, 2.0, 2.0, 3.0, 4.0, 5.0];
        let b = [3.0, 5.0, 6.0, 7.0, INF, INF];
        let pooled = sorted(&[a, b].concat());
        close(
            asymptotic_p(33.0, 6, 6, &tie_groups(&pooled)),
            0.019_373_384_850_030_19,
            1e-12,
        );
        // So small a sample with ties gets the exact p instead.
        let test = mann_whitney(&a, &b).expect("samples");
        assert_eq!((test.method, test.u), (Method::Exact, 33.0));
        close(test.p, brute_force_p(&a, &b), 1e-12);
        // Every value tied: no evidence at all.
        let tied = mann_whitney(&[INF; 3], &[INF; 4]).expect("samples");
        assert_eq!((tied.u, tied.p), (6.0, 1.0));
        // Beyond EXACT_LIMIT the approximation is used even without ties.
        let many: Vec<f64> = (0..51).map(f64::from).collect();
        let test = mann_whitney(&many, &[100.0]).expect("samples");
        assert_eq!(test.method, Method::Asymptotic);
        assert_eq!(test.u, 51.0);
    }

    /// The two-sided exact p by enumerating every choice of `a.len()` of
    /// the pooled values: the share whose U lies at least as far from mn/2
    /// as the observed one.
    fn brute_force_p(a: &[f64], b: &[f64]) -> f64 {
        let pooled = [a, b].concat();
        let (m, total) = (a.len(), pooled.len());
        let centre = (m * b.len()) as f64 / 2.0;
        let observed = (u_sorted(&sorted(a), &sorted(b)) - centre).abs();
        let (mut extreme, mut all) = (0u64, 0u64);
        for mask in 0u32..1 << total {
            if mask.count_ones() as usize != m {
                continue;
            }
            let (mut x, mut y) = (Vec::new(), Vec::new());
            for (i, &v) in pooled.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    x.push(v)
                } else {
                    y.push(v)
                }
            }
            all += 1;
            if (u_sorted(&sorted(&x), &sorted(&y)) - centre).abs() >= observed - 1e-9 {
                extreme += 1;
            }
        }
        extreme as f64 / all as f64
    }

    #[test]
    fn exact_p_with_ties_is_the_permutation_distribution() {
        // One trial against 18 solved and 2 unsolved: a's midrank is 6 of
        // 21, 5 from the centre 11; the positions at least as far are ranks
        // 1..6 (6), 16..19 (4) and the two tied unsolved trials at 20.5
        // (2): p = 12/21, worked by hand.
        let b: Vec<f64> = (1..=18).map(f64::from).chain([INF, INF]).collect();
        let test = mann_whitney(&[5.5], &b).expect("samples");
        assert_eq!(test.method, Method::Exact);
        close(test.p, 12.0 / 21.0, 1e-12);
        // Against enumeration, ties on both sides and infinities.
        for (a, b) in [
            (vec![1.0, 2.0, 2.0, INF], vec![2.0, 3.0, 3.0, 4.0, INF, INF]),
            (vec![5.0, 5.0, 5.0], vec![1.0, 5.0, 9.0, 9.0, 9.0, 2.0, 2.0]),
            (vec![INF, 3.0], vec![1.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, INF]),
        ] {
            let test = mann_whitney(&a, &b).expect("samples");
            assert_eq!(test.method, Method::Exact);
            close(test.p, brute_force_p(&a, &b), 1e-12);
            let swapped = mann_whitney(&b, &a).expect("samples");
            close(swapped.p, test.p, 1e-12);
        }
        // Without ties it agrees with the U distribution.
        let (a, b) = (vec![1.0, 4.0, 6.0], vec![2.0, 3.0, 5.0, 7.0, 8.0]);
        close(
            exact_tied_p(&a, &sorted(&[a.clone(), b.clone()].concat())),
            brute_force_p(&a, &b),
            1e-12,
        );
    }

    #[test]
    fn min_attainable_p_by_hand() {
        // One value against five, no ties: the single value is lowest or
        // highest in 2 of the 6 arrangements, P(|S − E| ≥ |s − E|) = 1/3,
        // whatever the observed values.
        close(
            min_attainable_p(&[74_478.0], &[10.0, 20.0, 30.0, 40.0, 50.0]).expect("samples"),
            1.0 / 3.0,
            1e-15,
        );
        close(
            min_attainable_p(&[INF], &[1.0, 2.0, 3.0, 4.0, 5.0]).expect("samples"),
            1.0 / 3.0,
            1e-15,
        );
        // Two against two without ties: U = 0 or 4 in 2 of the 6
        // arrangements: 1/3.
        close(
            min_attainable_p(&[1.0, 2.0], &[3.0, 4.0]).expect("samples"),
            1.0 / 3.0,
            1e-15,
        );
        // Two against two, pooled 1, 2, 2, 3 (the two 2s tied): midranks
        // 1, 2.5, 2.5, 4, doubled 2, 5, 5, 8; the six choices of two give
        // doubled sums 7, 7, 10, 10, 13, 13 about the centre 10. The most
        // extreme, 3 away, is reached by 4 of the 6: 2/3.
        close(
            min_attainable_p(&[2.0, 3.0], &[1.0, 2.0]).expect("samples"),
            2.0 / 3.0,
            1e-15,
        );
        // Every value tied (every trial unsolved): nothing can differ.
        assert_eq!(min_attainable_p(&[INF; 5], &[INF; 5]), Some(1.0));
        // 100 against 100 without ties: the normal approximation at U = 0,
        // z = (5000 − 1/2) / √(100·100·201/12), p = erfc(z/√2).
        let a: Vec<f64> = (0..100).map(f64::from).collect();
        let b: Vec<f64> = (100..200).map(f64::from).collect();
        let z = (5000.0 - 0.5) / (100.0f64 * 100.0 * 201.0 / 12.0).sqrt();
        let expected = libm::erfc(z / std::f64::consts::SQRT_2);
        let reached = min_attainable_p(&b, &a).expect("samples");
        assert!(
            (reached - expected).abs() <= 1e-12 * expected && reached < 1e-30,
            "{reached} vs {expected}"
        );
        // It never exceeds an observed p, and it is reached by an extreme
        // arrangement.
        let (x, y) = ([1.0, 5.0, 5.0, 9.0], [2.0, 5.0, 7.0, INF, INF, 3.0]);
        let observed = mann_whitney(&x, &y).expect("samples").p;
        let least = min_attainable_p(&x, &y).expect("samples");
        assert!(least <= observed, "{least} > {observed}");
        assert_eq!(min_attainable_p(&[], &[1.0]), None);
    }

    #[test]
    fn holm_reachable_puts_each_test_at_its_best_among_the_others() {
        // p = (0.01, 0.5), reachable (0.001, 0.2): the first alone at
        // 0.001 is smallest, ×2 = 0.002; the second at 0.2 is the larger
        // of (0.01, 0.2): max(0.01·2, 0.2·1) = 0.2.
        let corrected = holm_reachable(&[0.01, 0.5], &[0.001, 0.2]);
        close(corrected[0], 0.002, 1e-15);
        close(corrected[1], 0.2, 1e-15);
        // One against five, fifteen pairs: even alone, 1/3 stays far above
        // 0.05.
        let corrected = holm_reachable(&[1.0; 15], &[1.0 / 3.0; 15]);
        assert!(corrected.iter().all(|&p| p >= 1.0 / 3.0));
    }

    /// Each test's Holm correction with its value lowered, from the family
    /// corrected anew: the definition [`holm_reachable`] computes with one
    /// sort.
    fn holm_reachable_by_definition(p: &[f64], reachable: &[f64]) -> Vec<f64> {
        (0..p.len())
            .map(|i| {
                let mut family = p.to_vec();
                family[i] = reachable[i];
                holm(&family)[i]
            })
            .collect()
    }

    #[test]
    fn holm_reachable_is_the_family_corrected_anew_to_the_bit() {
        // Seeded families of 1 to 60 tests with many ties (values from a
        // small set) and reachable values at, below or (not a lowering)
        // above each p.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        let values = [0.0, 1e-6, 0.001, 0.01, 0.02, 0.05, 0.2, 1.0 / 3.0, 0.5, 1.0];
        for _ in 0..500 {
            let m = 1 + next(60) as usize;
            let p: Vec<f64> = (0..m).map(|_| values[next(10) as usize]).collect();
            let reachable: Vec<f64> = p
                .iter()
                .map(|&x| match next(4) {
                    0 => x,
                    1 => values[next(10) as usize].min(x),
                    2 => values[next(10) as usize],
                    _ => x / 7.0,
                })
                .collect();
            let fast = holm_reachable(&p, &reachable);
            let slow = holm_reachable_by_definition(&p, &reachable);
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&fast), bits(&slow), "p {p:?} reachable {reachable:?}");
        }
    }

    #[test]
    fn holm_steps_down_monotone_and_capped() {
        // By hand: p = (0.01, 0.04, 0.03, 0.5), m = 4. Sorted: 0.01·4 = 0.04;
        // 0.03·3 = 0.09; 0.04·2 = 0.08 → raised to 0.09 (monotone);
        // 0.5·1 = 0.5.
        let corrected = holm(&[0.01, 0.04, 0.03, 0.5]);
        let expected = [0.04, 0.09, 0.09, 0.5];
        for (c, e) in corrected.iter().zip(expected) {
            close(*c, e, 1e-15);
        }
        // 0.4·2 = 0.8, then 0.6·1 = 0.6 raised to 0.8; 0.6·2 = 1.2 capped
        // at 1, which also lifts 0.9·1.
        assert_eq!(holm(&[0.4, 0.6]), vec![0.8, 0.8]);
        assert_eq!(holm(&[0.6, 0.9]), vec![1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }

    #[test]
    fn magnitudes_follow_vargha_and_delaney() {
        let class = |a| Magnitude::of(a).name();
        assert_eq!(class(0.5), "negligible");
        assert_eq!(class(0.5599), "negligible");
        assert_eq!(class(0.56), "small");
        assert_eq!(class(0.44), "small");
        assert_eq!(class(0.64), "medium");
        assert_eq!(class(0.71), "large");
        assert_eq!(class(0.29), "large");
        assert_eq!(class(0.2901), "medium");
    }

    #[test]
    fn average_ranks_share_ties_and_put_infinity_last() {
        assert_eq!(
            average_ranks(&[3.0, 1.0, INF, 3.0, INF]),
            vec![2.5, 1.0, 4.5, 2.5, 4.5]
        );
    }

    #[test]
    fn a12_interval_is_seeded_and_brackets_a12() {
        let a: Vec<f64> = (0..30).map(|i| f64::from(i * 7 % 31)).collect();
        let b: Vec<f64> = (0..25).map(|i| f64::from(i * 5 % 29) + 6.0).collect();
        let point = a12(&a, &b).expect("samples");
        let (low, high) = a12_interval(&a, &b, 7).expect("enough trials");
        assert!(low < point && point < high, "{low} < {point} < {high}");
        assert_eq!(a12_interval(&a, &b, 7), Some((low, high)));
        assert_ne!(a12_interval(&a, &b, 8), Some((low, high)));
        assert_eq!(a12_interval(&a[..9], &b, 7), None);
        // Identical constant samples: every resample ties, A12 = 0.5.
        assert_eq!(a12_interval(&[1.0; 10], &[1.0; 10], 1), Some((0.5, 0.5)));
    }
}
