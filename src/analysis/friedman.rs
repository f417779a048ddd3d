//! The ranking of labels across board sizes: the Friedman test over blocks
//! (one block per size, one value per label, lower is better) and the
//! Nemenyi post-hoc critical difference of mean ranks, with the groups of
//! labels no pair of which it separates (the bars of a critical-difference
//! diagram).
//!
//! Sources: M. Friedman, "The use of ranks to avoid the assumption of
//! normality implicit in the analysis of variance", J. Amer. Statist.
//! Assoc. 32 (1937) — the statistic, chi-square with k − 1 degrees of
//! freedom; M. Hollander & D. A. Wolfe, *Nonparametric Statistical Methods*
//! (2nd ed., 1999), §7.1 — its correction for ties within a block (as
//! `scipy.stats.friedmanchisquare` computes it); J. Demšar, "Statistical
//! comparisons of classifiers over multiple data sets", JMLR 7 (2006),
//! §3.2.2 — the Nemenyi critical difference CD = q_α √(k(k+1)/(6N)), with
//! q_α the studentized range quantile for k means at infinite degrees of
//! freedom over √2 (his Table 5(a): 2.569 for k = 4 at α = 0.05), and the
//! diagram whose bars join labels closer than CD. q_α is computed here,
//! not tabled: the distribution of the range of k standard normals,
//! P(W ≤ w) = k ∫ φ(z) (Φ(z) − Φ(z − w))^(k−1) dz, integrated by Simpson's
//! rule and inverted by bisection; the tests check it against Demšar's
//! table for k = 2..10. The chi-square tail is the regularized upper
//! incomplete gamma function (series and continued fraction, as in Press et
//! al., *Numerical Recipes*, 3rd ed., §6.2).
//!
//! The p-value reported is the permutation p ([`super::friedman_exact`]:
//! exact for small designs, seeded Monte-Carlo beyond), not the chi-square
//! approximation, which over-claims with few blocks; the approximation is
//! kept beside it. With it comes the F statistic of R. L. Iman &
//! J. M. Davenport, "Approximations of the critical region of the Friedman
//! statistic", Commun. Statist. A 9 (1980) — F = (b − 1)χ² / (b(k − 1) − χ²)
//! with (k − 1, (k − 1)(b − 1)) degrees of freedom, less conservative than
//! χ² (Demšar 2006, §3.2.2) — whose tail is the regularized incomplete beta
//! function (continued fraction, Press et al., §6.4).
//!
//! The blocks are board sizes of one experiment: neighbouring sizes are not
//! independent samples of a population of problems, so the tests say how
//! consistently the labels order over the sizes run, not how they would
//! order over other problems.
//!
//! A value may be `f64::INFINITY` (no trial solved): it ranks last in its
//! block, tied with the other infinities, as in [`super::compare`].

use super::friedman_exact::{PMethod, friedman_p};
use super::rank_tests::average_ranks;

/// The Friedman test and the Nemenyi critical difference over blocks.
#[derive(Clone, Debug, PartialEq)]
pub struct Friedman {
    /// The number of blocks (board sizes) N.
    pub blocks: usize,
    /// Each label's mean rank over the blocks (1 = best), in the order of
    /// the values in a block.
    pub mean_ranks: Vec<f64>,
    /// The Friedman chi-square, corrected for ties (0 when every block is
    /// one tie).
    pub chi_square: f64,
    /// Its p-value from the permutation distribution (exact or seeded
    /// Monte-Carlo, as `p_method` says).
    pub p_value: f64,
    /// How `p_value` was computed.
    pub p_method: PMethod,
    /// The chi-square approximation of the p-value (k − 1 degrees of
    /// freedom), poor with few blocks; kept for comparison.
    pub p_chi_square: f64,
    /// Iman and Davenport's F statistic (`+∞` when every block agrees).
    pub iman_davenport: f64,
    /// Its p-value: the F tail with (k − 1, (k − 1)(b − 1)) degrees of
    /// freedom.
    pub iman_davenport_p: f64,
    /// The significance level of the critical difference.
    pub alpha: f64,
    /// The Nemenyi critical difference of mean ranks at `alpha`: two labels
    /// whose mean ranks differ by at least this differ significantly.
    pub critical_difference: f64,
}

impl Friedman {
    /// The groups of labels (indices into [`Friedman::mean_ranks`], best
    /// first) whose mean ranks all lie less than the critical difference
    /// apart: no pair within a group is separated by the test. Only
    /// maximal groups of two or more labels, ordered by their best member.
    pub fn groups(&self) -> Vec<Vec<usize>> {
        let mut order: Vec<usize> = (0..self.mean_ranks.len()).collect();
        order.sort_by(|&i, &j| self.mean_ranks[i].total_cmp(&self.mean_ranks[j]));
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut reach = 0;
        for start in 0..order.len() {
            let low = self.mean_ranks[order[start]];
            let end = (start..order.len())
                .take_while(|&j| self.mean_ranks[order[j]] - low < self.critical_difference)
                .last()
                .unwrap_or(start);
            if end > start && end > reach {
                groups.push(order[start..=end].to_vec());
                reach = end;
            }
        }
        groups
    }
}

/// The Friedman test over `blocks` (each the values of the same k labels,
/// lower better), with the Nemenyi critical difference at `alpha`; `None`
/// with fewer than two blocks or two labels, or blocks of unequal length.
pub fn friedman(blocks: &[Vec<f64>], alpha: f64) -> Option<Friedman> {
    let k = blocks.first()?.len();
    if blocks.len() < 2 || k < 2 || blocks.iter().any(|b| b.len() != k) {
        return None;
    }
    let n = blocks.len() as f64;
    let mut rank_sums = vec![0.0; k];
    let mut ties = 0.0;
    for block in blocks {
        for (sum, rank) in rank_sums.iter_mut().zip(average_ranks(block)) {
            *sum += rank;
        }
        let mut sorted = block.clone();
        sorted.sort_by(f64::total_cmp);
        for group in sorted.chunk_by(|a, b| a == b) {
            let t = group.len() as f64;
            ties += t * t * t - t;
        }
    }
    let kf = k as f64;
    let uncorrected = 12.0 / (n * kf * (kf + 1.0)) * rank_sums.iter().map(|r| r * r).sum::<f64>()
        - 3.0 * n * (kf + 1.0);
    let correction = 1.0 - ties / (n * kf * (kf * kf - 1.0));
    let chi_square = if correction > 0.0 {
        (uncorrected / correction).max(0.0)
    } else {
        0.0
    };
    let (p_value, p_method) = friedman_p(blocks);
    let (d1, d2) = (kf - 1.0, (kf - 1.0) * (n - 1.0));
    let denominator = n * (kf - 1.0) - chi_square;
    let iman_davenport = if denominator > 1e-12 * n * kf {
        (n - 1.0) * chi_square / denominator
    } else {
        f64::INFINITY
    };
    Some(Friedman {
        blocks: blocks.len(),
        mean_ranks: rank_sums.iter().map(|r| r / n).collect(),
        chi_square,
        p_value,
        p_method,
        p_chi_square: chi_square_tail(chi_square, kf - 1.0),
        iman_davenport,
        iman_davenport_p: f_tail(iman_davenport, d1, d2),
        alpha,
        critical_difference: critical_difference(k, blocks.len(), alpha),
    })
}

/// The Nemenyi critical difference of mean ranks for `k` labels over `n`
/// blocks at `alpha` (Demšar 2006, eq. in §3.2.2).
pub fn critical_difference(k: usize, n: usize, alpha: f64) -> f64 {
    let kf = k as f64;
    nemenyi_q(k, alpha) * (kf * (kf + 1.0) / (6.0 * n as f64)).sqrt()
}

/// Demšar's q_α for `k` labels: the 1 − α quantile of the range of `k`
/// standard normals, over √2 (his Table 5(a)).
pub fn nemenyi_q(k: usize, alpha: f64) -> f64 {
    let (mut low, mut high) = (0.0, 12.0);
    for _ in 0..60 {
        let mid = (low + high) / 2.0;
        if range_cdf(mid, k) < 1.0 - alpha {
            low = mid;
        } else {
            high = mid;
        }
    }
    (low + high) / 2.0 / std::f64::consts::SQRT_2
}

/// P(W ≤ w) for W the range of `k` independent standard normals.
fn range_cdf(w: f64, k: usize) -> f64 {
    const STEPS: usize = 4000;
    const SPAN: f64 = 9.0;
    let h = 2.0 * SPAN / STEPS as f64;
    let f = |z: f64| {
        let density = (-z * z / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt();
        density * (normal_cdf(z) - normal_cdf(z - w)).powi(k as i32 - 1)
    };
    let mut sum = f(-SPAN) + f(SPAN);
    for i in 1..STEPS {
        let weight = if i % 2 == 1 { 4.0 } else { 2.0 };
        sum += weight * f(-SPAN + i as f64 * h);
    }
    k as f64 * sum * h / 3.0
}

/// The standard normal distribution function.
fn normal_cdf(x: f64) -> f64 {
    0.5 * libm::erfc(-x / std::f64::consts::SQRT_2)
}

/// P(X > x) for X chi-square with `df` degrees of freedom.
pub fn chi_square_tail(x: f64, df: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    upper_gamma(df / 2.0, x / 2.0)
}

/// P(X > x) for X F-distributed with (`d1`, `d2`) degrees of freedom:
/// I_{d2/(d2 + d1 x)}(d2/2, d1/2).
pub fn f_tail(x: f64, d1: f64, d2: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    if x.is_infinite() {
        return 0.0;
    }
    incomplete_beta(d2 / (d2 + d1 * x), d2 / 2.0, d1 / 2.0)
}

/// The regularized incomplete beta function I_x(a, b), 0 ≤ x ≤ 1.
fn incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let log_front =
        libm::lgamma(a + b) - libm::lgamma(a) - libm::lgamma(b) + a * x.ln() + b * (1.0 - x).ln();
    if x < (a + 1.0) / (a + b + 2.0) {
        log_front.exp() * beta_fraction(x, a, b) / a
    } else {
        1.0 - log_front.exp() * beta_fraction(1.0 - x, b, a) / b
    }
}

/// The continued fraction of the incomplete beta function (Lentz).
fn beta_fraction(x: f64, a: f64, b: f64) -> f64 {
    const EPS: f64 = 1e-15;
    let tiny = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < tiny {
        d = tiny;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..1000 {
        let m = m as f64;
        let m2 = 2.0 * m;
        for aa in [
            m * (b - m) * x / ((qam + m2) * (a + m2)),
            -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)),
        ] {
            d = 1.0 + aa * d;
            if d.abs() < tiny {
                d = tiny;
            }
            c = 1.0 + aa / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            h *= d * c;
        }
        if (d * c - 1.0).abs() < EPS {
            break;
        }
    }
    h
}

/// The regularized upper incomplete gamma function Q(a, x), x > 0.
fn upper_gamma(a: f64, x: f64) -> f64 {
    const EPS: f64 = 1e-15;
    let log_prefix = a * x.ln() - x - libm::lgamma(a);
    if x < a + 1.0 {
        // The series of P(a, x).
        let (mut term, mut sum, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..1000 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * EPS {
                break;
            }
        }
        (1.0 - sum * log_prefix.exp()).max(0.0)
    } else {
        // Lentz's continued fraction of Q(a, x).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < EPS {
                break;
            }
        }
        log_prefix.exp() * h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not within {tolerance} of {expected}"
        );
    }

    /// The example of `scipy.stats.friedmanchisquare`'s documentation:
    /// three measurements of seven subjects; statistic 10.571428571428571,
    /// p 0.005063414171757498.
    #[test]
    fn matches_scipys_documented_example() {
        let before = [72.0, 96.0, 88.0, 92.0, 74.0, 76.0, 82.0];
        let after = [120.0, 120.0, 132.0, 120.0, 101.0, 96.0, 112.0];
        let later = [76.0, 95.0, 104.0, 96.0, 84.0, 72.0, 76.0];
        let blocks: Vec<Vec<f64>> = (0..7)
            .map(|i| vec![before[i], after[i], later[i]])
            .collect();
        let test = friedman(&blocks, 0.05).expect("seven blocks of three");
        close(test.chi_square, 10.571428571428571, 1e-12);
        close(test.p_chi_square, 0.005063414171757498, 1e-12);
        assert!(test.p_value < 0.01 && test.p_method == PMethod::Exact);
    }

    /// Demšar (2006), §3.2.2: four classifiers over 14 data sets with mean
    /// ranks 3.143, 2.000, 2.893 and 1.964 give chi-square 9.28 and, with
    /// q_0.05 = 2.569, CD = 1.25: at 0.05 the data cannot separate any
    /// pair (3.143 − 1.964 = 1.179 < 1.25); at 0.10 (q = 2.291, CD = 1.12)
    /// C4.5+m+cf (1.964) is significantly better than C4.5 (3.143), and the
    /// diagram has two bars, as he concludes.
    #[test]
    fn reproduces_demsars_worked_example() {
        let blocks = demsar_blocks();
        let test = friedman(&blocks, 0.05).expect("14 blocks of 4");
        let means: Vec<f64> = test
            .mean_ranks
            .iter()
            .map(|r| (r * 1000.0).round() / 1000.0)
            .collect();
        assert_eq!(means, vec![3.143, 2.0, 2.893, 1.964]);
        close(test.critical_difference, 1.25, 0.005);
        // Demšar's 9.28 is the statistic from the mean ranks, without the
        // tie correction; the two tied blocks raise it a little.
        let uncorrected =
            12.0 * 14.0 / 20.0 * (test.mean_ranks.iter().map(|r| r * r).sum::<f64>() - 25.0);
        close(uncorrected, 9.28, 0.005);
        assert!(test.chi_square > uncorrected && test.chi_square < 9.5);
        assert!(test.p_value < 0.05);
        assert_eq!(test.groups(), vec![vec![3, 1, 2, 0]]);
        let lenient = friedman(&blocks, 0.10).expect("14 blocks of 4");
        close(lenient.critical_difference, 1.12, 0.005);
        assert_eq!(lenient.groups(), vec![vec![3, 1, 2], vec![2, 0]]);
    }

    /// Blocks of ranks with the rank sums of Demšar's Table 6 (his mean
    /// ranks times 14: 44, 28, 40.5 and 27.5), two of them with a tie.
    fn demsar_blocks() -> Vec<Vec<f64>> {
        let mut blocks = vec![vec![4.0, 2.0, 3.0, 1.0]; 6];
        blocks.extend(vec![vec![2.0, 1.0, 3.0, 4.0]; 3]);
        blocks.push(vec![2.0, 3.0, 1.0, 4.0]);
        blocks.push(vec![1.0, 4.0, 3.0, 2.0]);
        blocks.push(vec![3.0, 2.0, 4.0, 1.0]);
        blocks.push(vec![4.0, 2.5, 2.5, 1.0]);
        blocks.push(vec![4.0, 1.5, 3.0, 1.5]);
        blocks
    }

    /// Demšar (2006), Table 5: q_0.05 and q_0.10 for k = 2..10.
    #[test]
    fn nemenyi_q_matches_demsars_table() {
        let at_05 = [
            1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164,
        ];
        let at_10 = [
            1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920,
        ];
        for (k, (q05, q10)) in (2..).zip(at_05.into_iter().zip(at_10)) {
            close(nemenyi_q(k, 0.05), q05, 0.0015);
            close(nemenyi_q(k, 0.10), q10, 0.0015);
        }
    }

    #[test]
    fn too_few_blocks_or_labels_give_no_test() {
        assert_eq!(friedman(&[vec![1.0, 2.0]], 0.05), None);
        assert_eq!(friedman(&[vec![1.0], vec![2.0]], 0.05), None);
        assert_eq!(friedman(&[vec![1.0, 2.0], vec![3.0]], 0.05), None);
    }

    #[test]
    fn unsolved_labels_rank_last_and_full_ties_say_nothing() {
        let inf = f64::INFINITY;
        let blocks = vec![
            vec![inf, inf, inf],
            vec![5.0, inf, 7.0],
            vec![2.0, 9.0, inf],
        ];
        let test = friedman(&blocks, 0.05).expect("three blocks");
        // Ranks (2, 2, 2), (1, 3, 2), (1, 2, 3).
        assert_eq!(test.mean_ranks, vec![4.0 / 3.0, 7.0 / 3.0, 7.0 / 3.0]);
        let all_tied = friedman(&[vec![inf, inf], vec![inf, inf]], 0.05).expect("two blocks");
        assert_eq!((all_tied.chi_square, all_tied.p_value), (0.0, 1.0));
    }

    /// Demšar (2006), §3.2.2: F_F = (13 × 9.28) / (14 × 3 − 9.28) = 3.69
    /// with (3, 39) degrees of freedom, whose 0.05 critical value is 2.85.
    #[test]
    fn iman_davenport_reproduces_demsars_example() {
        let chi = 9.28;
        let f = 13.0 * chi / (14.0 * 3.0 - chi);
        close(f, 3.69, 0.005);
        close(f_tail(2.845, 3.0, 39.0), 0.05, 5e-4);
        // F(2, d2) in closed form: (1 + 2x/d2)^(−d2/2).
        for (x, d2) in [(0.7_f64, 5.0_f64), (4.0, 12.0), (30.0, 3.0)] {
            let closed = (1.0 + 2.0 * x / d2).powf(-d2 / 2.0);
            close(f_tail(x, 2.0, d2), closed, 1e-12);
        }
        let test = friedman(&demsar_blocks(), 0.05).expect("14 blocks of 4");
        let expected = 13.0 * test.chi_square / (42.0 - test.chi_square);
        close(test.iman_davenport, expected, 1e-12);
        close(test.iman_davenport_p, f_tail(expected, 3.0, 39.0), 1e-15);
    }

    /// Three blocks of six labels in full agreement: χ² = 15 gives the
    /// approximation's p = 0.0104, the exact p is 1/720² (1.9·10⁻⁶), and
    /// Iman–Davenport's F is infinite (p = 0).
    #[test]
    fn few_blocks_report_the_exact_p() {
        let agree: Vec<Vec<f64>> = vec![(1..=6).map(f64::from).collect(); 3];
        let test = friedman(&agree, 0.05).expect("three blocks");
        close(test.chi_square, 15.0, 1e-12);
        close(test.p_chi_square, chi_square_tail(15.0, 5.0), 1e-15);
        assert!(test.p_chi_square > 0.01);
        assert_eq!(test.p_method, PMethod::Exact);
        close(test.p_value, 1.0 / 518_400.0, 1e-15);
        assert_eq!(
            (test.iman_davenport, test.iman_davenport_p),
            (f64::INFINITY, 0.0)
        );
    }

    #[test]
    fn chi_square_tail_matches_known_values() {
        close(chi_square_tail(3.841458820694124, 1.0), 0.05, 1e-12);
        close(chi_square_tail(5.991464547107979, 2.0), 0.05, 1e-12);
        // Three degrees of freedom in closed form: erfc(√(x/2)) + √(2x/π) e^(−x/2).
        // The series (x < 2.5) and the continued fraction (above) alike.
        for x in [0.5, 40.0_f64] {
            let closed = libm::erfc((x / 2.0).sqrt())
                + (2.0 * x / std::f64::consts::PI).sqrt() * (-x / 2.0).exp();
            close(chi_square_tail(x, 3.0), closed, 1e-12 * closed.max(1e-3));
        }
    }
}
