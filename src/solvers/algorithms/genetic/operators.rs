//! The recombination operators of the permutation GA: order crossover
//! (OX, Davis 1985) and partially mapped crossover (PMX, Goldberg & Lingle
//! 1985), both around a slice between two cut points drawn uniformly. Each
//! child is a permutation that keeps the first parent's slice in place.

use rand::rngs::ChaCha8Rng;

use crate::solvers::blocks::random::distinct_pair;

/// A slice `[left, right)` of `0..n` with `left < right`, drawn uniformly
/// among such pairs of cut points.
fn cut_points(n: usize, rng: &mut ChaCha8Rng) -> (usize, usize) {
    let (a, b) = distinct_pair(n + 1, rng);
    (a.min(b), a.max(b))
}

/// Order crossover (OX): the child keeps `first[left..right]` in place and
/// takes the other genes in the order they appear in `second`, reading and
/// writing from position `right` onwards, wrapping around.
pub(super) fn order_crossover(
    first: &[u32],
    second: &[u32],
    child: &mut [u32],
    taken: &mut [bool],
    rng: &mut ChaCha8Rng,
) {
    let n = first.len();
    let (left, right) = cut_points(n, rng);
    taken.fill(false);
    for k in left..right {
        child[k] = first[k];
        taken[first[k] as usize] = true;
    }
    let mut write = right % n;
    for offset in 0..n {
        let gene = second[(right + offset) % n];
        if !taken[gene as usize] {
            child[write] = gene;
            write = (write + 1) % n;
            if write == left {
                break;
            }
        }
    }
}

/// Partially mapped crossover (PMX): the child keeps `first[left..right]` in
/// place; every other position takes `second`'s gene, followed through the
/// mapping `first[k] -> second[k]` of the slice while it is already used.
pub(super) fn partially_mapped_crossover(
    first: &[u32],
    second: &[u32],
    child: &mut [u32],
    position_in_first: &mut [u32],
    rng: &mut ChaCha8Rng,
) {
    let n = first.len();
    let (left, right) = cut_points(n, rng);
    for (k, &gene) in first.iter().enumerate() {
        position_in_first[gene as usize] = k as u32;
    }
    child[left..right].copy_from_slice(&first[left..right]);
    for k in (0..left).chain(right..n) {
        let mut gene = second[k];
        // While the gene is already placed by the slice, take the gene of
        // `second` at the position the slice holds it.
        loop {
            let position = position_in_first[gene as usize] as usize;
            if !(left..right).contains(&position) {
                break;
            }
            gene = second[position];
        }
        child[k] = gene;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::solvers::blocks::random::random_permutation;

    fn permutation(n: usize, rng: &mut ChaCha8Rng) -> Vec<u32> {
        let mut genes = vec![0; n];
        random_permutation(&mut genes, rng);
        genes
    }

    fn is_permutation(genes: &[u32]) -> bool {
        let mut sorted = genes.to_vec();
        sorted.sort_unstable();
        sorted.iter().enumerate().all(|(k, &g)| g == k as u32)
    }

    proptest! {
        #[test]
        fn crossovers_give_permutations_that_keep_the_first_parents_slice(
            n in 2usize..40,
            seed in any::<u64>(),
        ) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let first = permutation(n, &mut rng);
            let second = permutation(n, &mut rng);
            let mut flags = vec![false; n];
            let mut positions = vec![0; n];
            for pmx in [false, true] {
                let mut child = vec![u32::MAX; n];
                let cut_seed: u64 = rng.random();
                let mut cuts = ChaCha8Rng::seed_from_u64(cut_seed);
                let mut replay = ChaCha8Rng::seed_from_u64(cut_seed);
                if pmx {
                    partially_mapped_crossover(&first, &second, &mut child, &mut positions, &mut cuts);
                } else {
                    order_crossover(&first, &second, &mut child, &mut flags, &mut cuts);
                }
                prop_assert!(is_permutation(&child), "{:?}", child);
                let (left, right) = cut_points(n, &mut replay);
                prop_assert_eq!(&child[left..right], &first[left..right]);
                if pmx {
                    // Outside the slice, a gene of the second parent that the
                    // slice does not hold stays in place.
                    for k in (0..left).chain(right..n) {
                        if !first[left..right].contains(&second[k]) {
                            prop_assert_eq!(child[k], second[k]);
                        }
                    }
                } else {
                    // Outside the slice, the genes keep the second parent's
                    // cyclic order starting after the slice.
                    let rest: Vec<u32> = (0..n)
                        .map(|o| second[(right + o) % n])
                        .filter(|g| !first[left..right].contains(g))
                        .collect();
                    let placed: Vec<u32> = (0..n - (right - left))
                        .map(|o| child[(right + o) % n])
                        .collect();
                    prop_assert_eq!(rest, placed);
                }
            }
        }
    }
}
