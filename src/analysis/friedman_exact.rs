//! The p-value of the Friedman statistic from its permutation distribution
//! rather than the chi-square approximation, which is poor with few blocks
//! (three sizes of six labels: χ² gives 0.007 where the exact p is near
//! 2·10⁻⁶).
//!
//! Under the null hypothesis each block's ranks are equally likely in any
//! order among the labels, so the statistic's distribution is that of
//! Σⱼ Rⱼ² (Rⱼ the rank sum of label j) over the (k!)ᵇ arrangements, each
//! block keeping its own ranks (tied ranks stay tied: the distribution is
//! conditional on the ties, as a permutation test's is). It is counted
//! exactly block by block, a state being the multiset of rank sums so far
//! (the labels are exchangeable, so their order does not matter), while
//! the count stays under [`EXACT_WORK`]; beyond it the p-value is a seeded
//! Monte-Carlo estimate over [`DRAWS`] random arrangements (ChaCha8 seeded
//! with [`SEED`]), (1 + as extreme) / (1 + draws) as B. Phipson &
//! G. K. Smyth, "Permutation p-values should never be zero", Stat. Appl.
//! Genet. Mol. Biol. 9 (2010) advise. The rank sums are counted on doubled
//! ranks (mean ranks of ties are halves), so the comparison with the
//! observed statistic is in integers.
//!
//! Checked against the exact table of S. Siegel & N. J. Castellan,
//! *Nonparametric Statistics for the Behavioral Sciences* (2nd ed., 1988),
//! Table M (from Friedman 1937): k = 3, b = 3, χ²ᵣ = 6.00, p = 0.028;
//! k = 3, b = 4, χ²ᵣ = 6.5, p = 0.042 and χ²ᵣ = 8.0, p = 0.0046.

use std::collections::HashMap;

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use super::rank_tests::average_ranks;

/// The most (states × arrangements of a block) summed over the blocks the
/// exact count may take.
pub const EXACT_WORK: usize = 20_000_000;

/// The random arrangements of the Monte-Carlo estimate.
pub const DRAWS: usize = 20_000;

/// The seed of the Monte-Carlo estimate.
pub const SEED: u64 = 0x5eed_f41e_d3a1;

/// How a Friedman p-value was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PMethod {
    /// Counted over every arrangement of the ranks.
    Exact,
    /// Estimated from this many seeded random arrangements.
    MonteCarlo {
        /// The arrangements drawn.
        draws: usize,
    },
}

impl PMethod {
    /// How the method reads in a sentence: "exact", "Monte-Carlo, 20000
    /// seeded draws".
    pub fn describe(self) -> String {
        match self {
            PMethod::Exact => "exact permutation p".to_owned(),
            PMethod::MonteCarlo { draws } => {
                format!("Monte-Carlo permutation p over {draws} seeded draws")
            }
        }
    }
}

/// The permutation p-value of the Friedman statistic of `blocks` (each the
/// values of the same labels, lower better): P(Σ Rⱼ² ≥ observed).
pub fn friedman_p(blocks: &[Vec<f64>]) -> (f64, PMethod) {
    let doubled: Vec<Vec<u64>> = blocks
        .iter()
        .map(|b| {
            average_ranks(b)
                .iter()
                .map(|r| (2.0 * r).round() as u64)
                .collect()
        })
        .collect();
    let k = doubled.first().map_or(0, Vec::len);
    let mut sums = vec![0u64; k];
    for block in &doubled {
        for (s, r) in sums.iter_mut().zip(block) {
            *s += r;
        }
    }
    let observed: u64 = sums.iter().map(|s| s * s).sum();
    match exact(&doubled, observed) {
        Some(p) => (p, PMethod::Exact),
        None => (
            monte_carlo(&doubled, observed),
            PMethod::MonteCarlo { draws: DRAWS },
        ),
    }
}

/// The distinct orders of one block's (doubled) ranks, each with how many
/// of the k! permutations give it.
fn arrangements(block: &[u64]) -> Vec<(Vec<u64>, f64)> {
    let mut sorted = block.to_vec();
    sorted.sort_unstable();
    let mut out: HashMap<Vec<u64>, f64> = HashMap::new();
    permute(&mut sorted, 0, &mut out);
    let mut out: Vec<(Vec<u64>, f64)> = out.into_iter().collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Every permutation of `items[from..]` (Heap-free recursion by swaps),
/// counted into `out`.
fn permute(items: &mut Vec<u64>, from: usize, out: &mut HashMap<Vec<u64>, f64>) {
    if from == items.len() {
        *out.entry(items.clone()).or_insert(0.0) += 1.0;
        return;
    }
    for i in from..items.len() {
        items.swap(from, i);
        permute(items, from + 1, out);
        items.swap(from, i);
    }
}

/// The exact p, or `None` when the count would exceed [`EXACT_WORK`].
fn exact(blocks: &[Vec<u64>], observed: u64) -> Option<f64> {
    let k = blocks.first()?.len();
    if (1..=k).try_fold(1usize, |f, i| f.checked_mul(i))? > EXACT_WORK {
        return None;
    }
    let mut states: HashMap<Vec<u64>, f64> = HashMap::from([(vec![0; k], 1.0)]);
    let mut work = 0usize;
    for block in blocks {
        let orders = arrangements(block);
        work = work.checked_add(states.len().checked_mul(orders.len())?)?;
        if work > EXACT_WORK {
            return None;
        }
        let mut next: HashMap<Vec<u64>, f64> = HashMap::with_capacity(states.len());
        for (state, count) in &states {
            for (order, ways) in &orders {
                let mut sums: Vec<u64> = state.iter().zip(order).map(|(s, r)| s + r).collect();
                sums.sort_unstable();
                *next.entry(sums).or_insert(0.0) += count * ways;
            }
        }
        states = next;
    }
    let total: f64 = states.values().sum();
    let extreme: f64 = states
        .iter()
        .filter(|(sums, _)| sums.iter().map(|s| s * s).sum::<u64>() >= observed)
        .map(|(_, c)| c)
        .sum();
    Some(extreme / total)
}

/// The seeded Monte-Carlo p.
fn monte_carlo(blocks: &[Vec<u64>], observed: u64) -> f64 {
    let k = blocks.first().map_or(0, Vec::len);
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut block = vec![0u64; k];
    let mut as_extreme = 0usize;
    for _ in 0..DRAWS {
        let mut sums = vec![0u64; k];
        for ranks in blocks {
            block.copy_from_slice(ranks);
            for i in (1..k).rev() {
                block.swap(i, rng.random_range(0..=i));
            }
            for (s, r) in sums.iter_mut().zip(&block) {
                *s += r;
            }
        }
        if sums.iter().map(|s| s * s).sum::<u64>() >= observed {
            as_extreme += 1;
        }
    }
    (1 + as_extreme) as f64 / (1 + DRAWS) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks whose ranks give the Friedman χ²ᵣ wanted for k = 3.
    fn blocks(rows: &[[f64; 3]]) -> Vec<Vec<f64>> {
        rows.iter().map(|r| r.to_vec()).collect()
    }

    #[test]
    fn matches_the_published_exact_table() {
        // k = 3, b = 3, every block agreeing: χ²ᵣ = 6, p = 6/216 = 0.028.
        let agree = blocks(&[[1.0, 2.0, 3.0]; 3]);
        let (p, method) = friedman_p(&agree);
        assert_eq!(method, PMethod::Exact);
        assert!((p - 1.0 / 36.0).abs() < 1e-12, "{p}");
        assert_eq!((p * 1000.0).round() / 1000.0, 0.028);
        // k = 3, b = 4, all agreeing: χ²ᵣ = 8, p = 6/1296 = 0.0046.
        let (p, _) = friedman_p(&blocks(&[[1.0, 2.0, 3.0]; 4]));
        assert!((p - 6.0 / 1296.0).abs() < 1e-12, "{p}");
        // k = 3, b = 4, rank sums 5, 7, 12 (χ²ᵣ = 6.5): p = 0.042.
        let (p, _) = friedman_p(&blocks(&[
            [1.0, 2.0, 3.0],
            [1.0, 2.0, 3.0],
            [1.0, 2.0, 3.0],
            [2.0, 1.0, 3.0],
        ]));
        assert_eq!((p * 1000.0).round() / 1000.0, 0.042, "{p}");
    }

    #[test]
    fn three_sizes_of_six_labels_in_full_agreement() {
        // The chi-square approximation gives 0.007; the exact p is the
        // share of arrangements as extreme: the 720 where all three
        // blocks agree, of 720³.
        let agree: Vec<Vec<f64>> = vec![(1..=6).map(f64::from).collect(); 3];
        let (p, method) = friedman_p(&agree);
        assert_eq!(method, PMethod::Exact);
        assert!((p - 1.0 / 518_400.0).abs() < 1e-15, "{p}");
    }

    #[test]
    fn large_designs_are_seeded_monte_carlo() {
        // k = 12: 12! arrangements of one block exceed the exact limit.
        let block: Vec<f64> = (1..=12).map(f64::from).collect();
        let mut reversed = block.clone();
        reversed.reverse();
        let blocks = vec![block.clone(), reversed, block];
        let (p, method) = friedman_p(&blocks);
        assert_eq!(method, PMethod::MonteCarlo { draws: DRAWS });
        assert_eq!(friedman_p(&blocks).0, p, "seeded: the same p again");
        assert!(p > 0.05 && p <= 1.0, "{p}");
    }
}
