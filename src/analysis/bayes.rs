//! A Bayesian second opinion on a pair of labels at one N: the posterior
//! probabilities that `label_a` is practically better, practically
//! equivalent or practically worse than `label_b`, with a region of
//! practical equivalence (ROPE), in the manner of Benavoli, Corani, Demšar
//! & Zaffalon (2017), "Time for a change: a tutorial for comparing
//! multiple classifiers through Bayesian analysis", JMLR 18(77).
//!
//! # The model
//!
//! The two labels' trials at one N are two *unpaired* samples (their seeds
//! differ, trial `i` of one has nothing to do with trial `i` of the
//! other), so the paired tests of that paper do not apply here: its
//! Bayesian signed-rank test is for differences paired across data sets,
//! its correlated t-test for cross-validation folds. The test that fits is
//! the two-sample counterpart of its signed-rank test, the Bayesian
//! version of the Mann–Whitney test (and of A12) compare.csv already
//! reports: each label's distribution of trial costs gets a Dirichlet
//! process posterior in its non-informative limit (prior strength s → 0,
//! Benavoli et al. 2014, "A Bayesian Wilcoxon signed-rank test based on
//! the Dirichlet process", ICML), which is Rubin's (1981) Bayesian
//! bootstrap: weights `w ~ Dirichlet(1, …, 1)` over the label's trials,
//! drawn independently for the two labels. A draw gives the probabilities
//! that a trial of `label_a` is cheaper than one of `label_b` by more than
//! the ROPE, within it, or dearer by more than it:
//!
//! ```text
//! θ_a = Σ_i Σ_j wa_i wb_j [a_i (1 + r) < b_j]
//! θ_b = Σ_i Σ_j wa_i wb_j [b_j (1 + r) < a_i]
//! θ_e = 1 − θ_a − θ_b
//! ```
//!
//! and, as baycomp's `Posterior.probs` does for every test of the paper,
//! the probability of each outcome is the share of draws in which its θ is
//! the largest ([`Bayes::a_better`], [`Bayes::equivalent`],
//! [`Bayes::b_better`]; they sum to 1).
//!
//! # The ROPE
//!
//! Relative, as costs span orders of magnitude: two costs are practically
//! equivalent when the larger is at most `1 + r` times the smaller, i.e.
//! their log-ratio is within ±ln(1 + r). The default `r` is
//! [`DEFAULT_ROPE`], 0.1 (within 10%); `queens compare --rope` and a
//! question's `rope` override it. An unsolved trial costs `+∞`: dearer than
//! every solved one by more than any ROPE, equivalent to another unsolved
//! one; two costs of 0 are equivalent.
//!
//! # The draws
//!
//! [`DRAWS`] draws from a ChaCha8 generator seeded per (N, pair) from the
//! comparison's seed chain, so the columns are a function of the rows and
//! the seed alone. Each draw costs one pass over the two sorted samples.
//! The Monte-Carlo standard error of a probability is at most
//! 0.5/√DRAWS ≈ 0.0079. CI recomputes every row of the shipped
//! compare.csv files from runs.csv with the baycomp package
//! (`.ci/check-bayes.sh`), within 0.04.

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use super::stats::sorted;

/// The ROPE unless another is given: costs within 10% of each other are
/// practically equivalent.
pub const DEFAULT_ROPE: f64 = 0.1;

/// The number of posterior draws per pair.
pub const DRAWS: usize = 4000;

/// The posterior probabilities of the three outcomes of a pair; they sum
/// to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bayes {
    /// That `a` is practically cheaper (its region the most probable).
    pub a_better: f64,
    /// That the two are practically equivalent.
    pub equivalent: f64,
    /// That `b` is practically cheaper.
    pub b_better: f64,
}

impl Bayes {
    /// The same probabilities with the two labels swapped.
    pub fn turned(self) -> Bayes {
        Bayes {
            a_better: self.b_better,
            equivalent: self.equivalent,
            b_better: self.a_better,
        }
    }
}

/// Whether `rope` is a ROPE: a finite number of at least 0.
pub fn valid_rope(rope: f64) -> bool {
    rope.is_finite() && rope >= 0.0
}

/// The posterior probabilities that the trials costing `a` are practically
/// cheaper than, equivalent to or dearer than those costing `b`, with the
/// relative ROPE `rope` (see the module header), from [`DRAWS`] draws seeded
/// with `seed`. `None` when a sample is empty or `rope` is not a ROPE.
pub fn compare(a: &[f64], b: &[f64], rope: f64, seed: u64) -> Option<Bayes> {
    if a.is_empty() || b.is_empty() || !valid_rope(rope) {
        return None;
    }
    let (a, b) = (sorted(a), sorted(b));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut wa, mut wb) = (vec![0.0; a.len()], vec![0.0; b.len()]);
    let mut wins = [0usize; 3];
    for _ in 0..DRAWS {
        dirichlet(&mut wa, &mut rng);
        dirichlet(&mut wb, &mut rng);
        let theta_a = mass_below(&a, &wa, &b, &wb, rope);
        let theta_b = mass_below(&b, &wb, &a, &wa, rope);
        let theta = [theta_a, 1.0 - theta_a - theta_b, theta_b];
        wins[largest(&theta)] += 1;
    }
    let share = |count: usize| count as f64 / DRAWS as f64;
    Some(Bayes {
        a_better: share(wins[0]),
        equivalent: share(wins[1]),
        b_better: share(wins[2]),
    })
}

/// Fills `weights` with a draw of Dirichlet(1, …, 1): standard exponential
/// draws over their sum.
fn dirichlet(weights: &mut [f64], rng: &mut ChaCha8Rng) {
    for w in weights.iter_mut() {
        // 1 − U is in (0, 1], so its logarithm is finite.
        *w = -(1.0 - rng.random::<f64>()).ln();
    }
    let total: f64 = weights.iter().sum();
    for w in weights.iter_mut() {
        *w /= total;
    }
}

/// Σ_i Σ_j x_w_i y_w_j [x_i (1 + rope) < y_j] over the ascending samples
/// `x` and `y` with their weights: one pass, as the thresholds rise with i.
fn mass_below(x: &[f64], xw: &[f64], y: &[f64], yw: &[f64], rope: f64) -> f64 {
    let mut j = 0;
    let mut at_or_below = 0.0;
    let mut mass = 0.0;
    for (&xi, &wi) in x.iter().zip(xw) {
        let threshold = xi * (1.0 + rope);
        while j < y.len() && y[j] <= threshold {
            at_or_below += yw[j];
            j += 1;
        }
        if j < y.len() {
            mass += wi * (1.0 - at_or_below).max(0.0);
        }
    }
    mass
}

/// The index of the largest of three, the first of equals.
fn largest(theta: &[f64; 3]) -> usize {
    (0..3).fold(0, |best, i| if theta[i] > theta[best] { i } else { best })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four standard errors of a probability `p` estimated from [`DRAWS`]
    /// draws.
    fn tolerance(p: f64) -> f64 {
        4.0 * (p * (1.0 - p) / DRAWS as f64).sqrt()
    }

    #[test]
    fn separated_samples_are_certain() {
        // Every trial of a is cheaper than every trial of b by more than
        // 10%: θ_a = 1 in every draw.
        let bayes = compare(&[1.0, 2.0, 3.0], &[10.0, 20.0, f64::INFINITY], 0.1, 7);
        assert_eq!(
            bayes,
            Some(Bayes {
                a_better: 1.0,
                equivalent: 0.0,
                b_better: 0.0
            })
        );
        // Reversed, b is the better.
        let bayes = compare(&[10.0, 20.0], &[1.0], 0.1, 7).expect("compared");
        assert_eq!((bayes.a_better, bayes.b_better), (0.0, 1.0));
    }

    #[test]
    fn equal_costs_within_the_rope_are_equivalent() {
        // 100 against 105: within 10%; two unsolved trials tie; 0 and 0 tie.
        for (a, b) in [
            (vec![100.0], vec![105.0, 95.0]),
            (vec![f64::INFINITY], vec![f64::INFINITY]),
            (vec![0.0], vec![0.0]),
        ] {
            let bayes = compare(&a, &b, 0.1, 1).expect("compared");
            assert_eq!(bayes.equivalent, 1.0, "{a:?} {b:?}");
        }
        // A narrower ROPE (1%) makes 100 against 105 a difference.
        let bayes = compare(&[100.0], &[105.0], 0.01, 1).expect("compared");
        assert_eq!(bayes.a_better, 1.0);
    }

    #[test]
    fn one_trial_against_three_follows_the_exact_dirichlet() {
        // a is one trial (weight 1); b's three trials fall one in each of
        // a-better (200), equivalent (100) and b-better (10). θ is then
        // b's Dirichlet(1, 1, 1) weights, and each is the largest with
        // probability exactly 1/3.
        let bayes = compare(&[100.0], &[200.0, 100.0, 10.0], 0.1, 11).expect("compared");
        for p in [bayes.a_better, bayes.equivalent, bayes.b_better] {
            assert!((p - 1.0 / 3.0).abs() < tolerance(1.0 / 3.0), "{bayes:?}");
        }
        // Two trials of b above a, one below: θ_a ~ Beta(2, 1) and
        // θ_b = 1 − θ_a, so P(θ_a > θ_b) = P(Beta(2, 1) > 1/2) = 3/4.
        let bayes = compare(&[100.0], &[200.0, 300.0, 10.0], 0.1, 11).expect("compared");
        assert!((bayes.a_better - 0.75).abs() < tolerance(0.75), "{bayes:?}");
        assert_eq!(bayes.equivalent, 0.0);
        assert!((bayes.a_better + bayes.b_better - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_same_seed_gives_the_same_probabilities_and_another_seed_other_draws() {
        let a: Vec<f64> = (1..=20).map(|i| f64::from(i * 7 % 23)).collect();
        let b: Vec<f64> = (1..=20).map(|i| f64::from(i * 5 % 19 + 2)).collect();
        let first = compare(&a, &b, 0.1, 42).expect("compared");
        assert_eq!(compare(&a, &b, 0.1, 42), Some(first));
        assert_ne!(compare(&a, &b, 0.1, 43), Some(first));
        assert!((first.a_better + first.equivalent + first.b_better - 1.0).abs() < 1e-12);
    }

    #[test]
    fn an_empty_sample_or_a_bad_rope_gives_nothing() {
        assert_eq!(compare(&[], &[1.0], 0.1, 0), None);
        assert_eq!(compare(&[1.0], &[1.0], -0.1, 0), None);
        assert_eq!(compare(&[1.0], &[1.0], f64::NAN, 0), None);
    }
}
