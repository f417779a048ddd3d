//! The random draws the solvers share, each with its draw order fixed:
//! results are reproducible bit for bit, so a helper here must never change
//! which numbers it draws or in which order.
//!
//! All draws come from the run's ChaCha8 stream through
//! `rand::RngExt::random_range`. A `usize` range that fits in `u32` is drawn
//! by rand exactly as the same `u32` range (rand samples it with 32 bits
//! for portability); the tests pin that, since solvers mix both types.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

/// Replaces `columns` by one uniformly random column per row: one draw of
/// `0..n` per row (`n` = `columns.len()`), in row order.
pub fn fill_random(columns: &mut [u32], rng: &mut ChaCha8Rng) {
    let n = columns.len() as u32;
    for column in columns {
        *column = rng.random_range(0..n);
    }
}

/// Replaces `columns` by a uniformly random permutation of `0..n`
/// (Fisher–Yates from the last position down: for `i` from `n - 1` to 1,
/// one draw of `0..=i` and a swap).
pub fn random_permutation(columns: &mut [u32], rng: &mut ChaCha8Rng) {
    for (k, c) in columns.iter_mut().enumerate() {
        *c = k as u32;
    }
    for i in (1..columns.len()).rev() {
        let j = rng.random_range(0..=i);
        columns.swap(i, j);
    }
}

/// An index in `0..n` other than `i`, drawn uniformly with one draw of
/// `0..n-1` (needs `n >= 2`).
#[inline]
pub fn other_than(i: usize, n: usize, rng: &mut ChaCha8Rng) -> usize {
    let j = rng.random_range(0..n - 1);
    if j >= i { j + 1 } else { j }
}

/// Two distinct indices in `0..n`, drawn uniformly: one draw of `0..n`,
/// then [`other_than`] (needs `n >= 2`).
#[inline]
pub fn distinct_pair(n: usize, rng: &mut ChaCha8Rng) -> (usize, usize) {
    let i = rng.random_range(0..n);
    (i, other_than(i, n, rng))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn a_usize_range_is_drawn_as_the_same_u32_range() {
        let mut wide = ChaCha8Rng::seed_from_u64(7);
        let mut narrow = ChaCha8Rng::seed_from_u64(7);
        for k in 1..2_000usize {
            let w: usize = wide.random_range(0..k);
            let n: u32 = narrow.random_range(0..k as u32);
            assert_eq!(w, n as usize, "0..{k}");
            let w: usize = wide.random_range(0..=k);
            let n: u32 = narrow.random_range(0..=k as u32);
            assert_eq!(w, n as usize, "0..={k}");
        }
    }

    #[test]
    fn the_draws_are_the_documented_ones() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut replay = ChaCha8Rng::seed_from_u64(3);
        let mut columns = [0; 6];
        fill_random(&mut columns, &mut rng);
        let by_hand: Vec<u32> = (0..6).map(|_| replay.random_range(0..6u32)).collect();
        assert_eq!(columns.to_vec(), by_hand);
        random_permutation(&mut columns, &mut rng);
        let mut by_hand: Vec<u32> = (0..6).collect();
        for i in (1..6usize).rev() {
            by_hand.swap(i, replay.random_range(0..=i));
        }
        assert_eq!(columns.to_vec(), by_hand);
        for _ in 0..200 {
            let (i, j) = distinct_pair(5, &mut rng);
            let first = replay.random_range(0..5usize);
            let second = replay.random_range(0..4usize);
            assert_eq!((i, j), (first, second + usize::from(second >= first)));
            assert_ne!(i, j);
        }
    }
}
