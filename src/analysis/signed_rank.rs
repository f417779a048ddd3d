//! The Wilcoxon signed-rank test of two labels paired over blocks (board
//! sizes): the post-hoc test of the ranking across sizes, pair by pair with
//! Holm's correction, as A. Benavoli, G. Corani & F. Mangili, "Should we
//! really use post-hoc tests based on mean-ranks?", JMLR 17 (2016) advise
//! instead of the mean-ranks (Nemenyi) test, whose verdict on a pair
//! depends on the other labels compared.
//!
//! Sources: F. Wilcoxon, "Individual comparisons by ranking methods",
//! Biometrics Bulletin 1 (1945); M. Hollander & D. A. Wolfe,
//! *Nonparametric Statistical Methods* (2nd ed., 1999), §3.1. Zero
//! differences are dropped (Wilcoxon's convention, SciPy's
//! `zero_method="wilcox"`); the absolute differences are ranked with ties
//! sharing their mean rank; W⁺ is the sum of the ranks of the positive
//! differences. The p-value is two-sided, P(|W⁺ − E| ≥ |w − E|) with
//! E = n(n+1)/4, counted exactly over the 2ⁿ sign assignments (on the
//! ranks as they are, ties included) when at most [`EXACT_LIMIT`]
//! differences remain, and otherwise the normal approximation with the
//! tie correction of the variance.
//!
//! A value may be `f64::INFINITY` (nothing solved): two infinities differ
//! by zero, an infinity and a finite value by the largest difference.

use super::rank_tests::average_ranks;

/// The most nonzero differences whose null distribution is counted.
pub const EXACT_LIMIT: usize = 30;

/// The signed-rank test of one pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SignedRank {
    /// The nonzero differences ranked.
    pub pairs: usize,
    /// W⁺: the rank sum of the blocks where the first sample is larger.
    pub w_plus: f64,
    /// The two-sided p-value (1 with no nonzero difference).
    pub p_value: f64,
    /// Whether `p_value` was counted exactly.
    pub exact: bool,
}

/// The signed-rank test of `a` against `b` paired by position; `None` when
/// their lengths differ.
pub fn signed_rank(a: &[f64], b: &[f64]) -> Option<SignedRank> {
    if a.len() != b.len() {
        return None;
    }
    // Signed magnitudes: an infinity against a finite value is the largest.
    let differences: Vec<(bool, f64)> = a
        .iter()
        .zip(b)
        .filter(|(x, y)| x != y)
        .map(|(&x, &y)| {
            let magnitude = if x.is_infinite() || y.is_infinite() {
                f64::INFINITY
            } else {
                (x - y).abs()
            };
            (x > y, magnitude)
        })
        .collect();
    let n = differences.len();
    if n == 0 {
        return Some(SignedRank {
            pairs: 0,
            w_plus: 0.0,
            p_value: 1.0,
            exact: true,
        });
    }
    let magnitudes: Vec<f64> = differences.iter().map(|d| d.1).collect();
    let ranks = average_ranks(&magnitudes);
    let w_plus: f64 = differences
        .iter()
        .zip(&ranks)
        .filter(|(d, _)| d.0)
        .map(|(_, r)| r)
        .sum();
    let (p_value, exact) = if n <= EXACT_LIMIT {
        (exact_p(&ranks, w_plus), true)
    } else {
        (normal_p(&ranks, w_plus), false)
    };
    Some(SignedRank {
        pairs: n,
        w_plus,
        p_value,
        exact,
    })
}

/// The exact two-sided p of `w_plus` over every sign assignment of
/// `ranks` (mean ranks are halves: counted on doubled ranks, integers).
fn exact_p(ranks: &[f64], w_plus: f64) -> f64 {
    let doubled: Vec<usize> = ranks.iter().map(|r| (2.0 * r).round() as usize).collect();
    let total: usize = doubled.iter().sum();
    let mut counts = vec![0.0f64; total + 1];
    counts[0] = 1.0;
    for &r in &doubled {
        for s in (r..=total).rev() {
            counts[s] += counts[s - r];
        }
    }
    let centre = total as f64 / 2.0;
    let observed = (2.0 * w_plus - centre).abs();
    let all: f64 = counts.iter().sum();
    let extreme: f64 = counts
        .iter()
        .enumerate()
        .filter(|(s, _)| (*s as f64 - centre).abs() >= observed - 1e-9)
        .map(|(_, c)| c)
        .sum();
    (extreme / all).min(1.0)
}

/// The normal approximation of the two-sided p, the variance corrected
/// for ties.
fn normal_p(ranks: &[f64], w_plus: f64) -> f64 {
    let n = ranks.len() as f64;
    let mean = n * (n + 1.0) / 4.0;
    let mut sorted = ranks.to_vec();
    sorted.sort_by(f64::total_cmp);
    let ties: f64 = sorted
        .chunk_by(|a, b| a == b)
        .map(|g| {
            let t = g.len() as f64;
            t * t * t - t
        })
        .sum();
    let variance = n * (n + 1.0) * (2.0 * n + 1.0) / 24.0 - ties / 48.0;
    if variance <= 0.0 {
        return 1.0;
    }
    let z = (w_plus - mean).abs() / variance.sqrt();
    libm::erfc(z / std::f64::consts::SQRT_2).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SciPy's documented example of `scipy.stats.wilcoxon` (Fisher's
    /// differences in height of cross- and self-fertilized Zea mays):
    /// statistic 24 (the smaller rank sum, W⁻ here) and exact two-sided
    /// p 0.041259765625 = 1352 / 32768.
    #[test]
    fn matches_scipys_documented_example() {
        let d = [
            6.0, 8.0, 14.0, 16.0, 23.0, 24.0, 28.0, 29.0, 41.0, -48.0, 49.0, 56.0, 60.0, -67.0,
            75.0,
        ];
        let zeros = vec![0.0; d.len()];
        let test = signed_rank(&d, &zeros).expect("paired");
        assert_eq!(test.pairs, 15);
        assert_eq!(test.w_plus, 120.0 - 24.0);
        assert!(test.exact);
        assert!((test.p_value - 0.041_259_765_625).abs() < 1e-12, "{test:?}");
    }

    /// Five sizes all one way: only the two extreme sign assignments of 32
    /// are as far out, p = 2/32; a pair over three sizes cannot go below
    /// 2/8 = 0.25.
    #[test]
    fn the_smallest_p_of_a_few_blocks_is_two_over_two_to_the_n() {
        let a = [1.0, 2.0, 3.0, 4.0, 5.0];
        let b = [2.0, 4.0, 6.0, 8.0, 10.0];
        let test = signed_rank(&a, &b).expect("paired");
        assert_eq!((test.w_plus, test.p_value), (0.0, 0.0625));
        let three = signed_rank(&a[..3], &b[..3]).expect("paired");
        assert_eq!(three.p_value, 0.25);
    }

    #[test]
    fn infinities_and_zero_differences() {
        let inf = f64::INFINITY;
        // Two unsolved sizes differ by zero and are dropped; an unsolved
        // against a solved one is the largest difference.
        let test = signed_rank(&[inf, inf, 3.0, 1.0], &[inf, 5.0, 1.0, 2.0]).expect("paired");
        // Differences: +∞ (rank 3), +2 (rank 2), −1 (rank 1).
        assert_eq!((test.pairs, test.w_plus), (3, 5.0));
        // W⁺ ∈ {0..6} over 8 assignments; |W⁺ − 3| ≥ 2: W⁺ ∈ {0, 1, 5, 6}, 4 of 8.
        assert_eq!(test.p_value, 0.5);
        assert_eq!(signed_rank(&[1.0], &[1.0, 2.0]), None);
        assert_eq!(signed_rank(&[inf], &[inf]).map(|t| t.p_value), Some(1.0));
    }

    #[test]
    fn many_pairs_use_the_normal_approximation() {
        let a: Vec<f64> = (1..=40).map(f64::from).collect();
        let b: Vec<f64> = (1..=40)
            .map(|i| f64::from(i) + if i % 3 == 0 { -0.5 } else { 0.5 })
            .collect();
        let test = signed_rank(&a, &b).expect("paired");
        assert!(!test.exact);
        // All |d| tie at 0.5: ranks 20.5 each, 13 positive: W⁺ = 266.5,
        // E = 410, var = 40·41·81/24 − (64000 − 40)/48 = 5535 − 1332.5.
        let z = (410.0 - 266.5) / (5535.0f64 - 1332.5).sqrt();
        assert!((test.p_value - libm::erfc(z / std::f64::consts::SQRT_2)).abs() < 1e-12);
    }
}
