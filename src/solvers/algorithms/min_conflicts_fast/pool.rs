//! The starting pool of the initialization: the columns `0..n` dealt into
//! [`PILES`] piles, each column onto a uniformly random pile, the piles laid
//! end to end, each pile in increasing order.
//!
//! The initialization examines consecutive pool positions (see `init.rs`),
//! which then hold columns from all over the board: within a pile, about
//! `PILES` columns apart at random gaps. A uniform shuffle would serve as
//! well (the same number of queens ends up attacked on every board size
//! measured, from 3·10⁵ to 10⁸), but needs a Fisher–Yates pass that reads
//! and writes at random; dealing writes to `PILES` places that each advance
//! sequentially, a cost of about one pass over the columns. Boards with
//! fewer columns than piles come out close to a uniform shuffle.

use rand::rngs::ChaCha8Rng;

use super::draw::Indices;

/// Piles dealt into (a power of two): enough for wide gaps, few enough that
/// the pile ends stay in the cache and the TLB.
pub(super) const PILES: usize = 1 << PILE_BITS;

/// Bits of a pile index.
const PILE_BITS: u32 = 10;

/// Fills `out` with `0..out.len()` dealt into piles (see the module header);
/// `out` holds at most 2³² columns.
pub(super) fn deal(out: &mut [u32], rng: &mut ChaCha8Rng) {
    let n = out.len();
    // The pile sizes; then the generator is rewound, so the deal below draws
    // the same piles again.
    let rewind = rng.get_word_pos();
    let mut next = vec![0usize; PILES];
    let mut piles = Indices::new(&mut *rng, PILE_BITS);
    for _ in 0..n {
        next[piles.next()] += 1;
    }
    rng.set_word_pos(rewind);
    let mut start = 0;
    for slot in next.iter_mut() {
        let size = *slot;
        *slot = start;
        start += size;
    }
    let mut piles = Indices::new(&mut *rng, PILE_BITS);
    for column in 0..n as u32 {
        let slot = &mut next[piles.next()];
        out[*slot] = column;
        *slot += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn deals_every_column_once() {
        for n in [0, 1, 2, 100, PILES * 3 + 17] {
            let mut out = vec![0; n];
            deal(&mut out, &mut ChaCha8Rng::seed_from_u64(n as u64));
            let mut seen = vec![false; n];
            for &v in &out {
                assert!(!seen[v as usize], "n={n}: {v} twice");
                seen[v as usize] = true;
            }
        }
    }

    #[test]
    fn neighbours_are_far_apart_and_columns_land_everywhere() {
        let n = PILES * 64;
        let mut hits = [[0u32; 8]; 3];
        for seed in 0..256 {
            let mut out = vec![0; n];
            deal(&mut out, &mut ChaCha8Rng::seed_from_u64(seed));
            let near = out.windows(2).filter(|w| w[0].abs_diff(w[1]) < 16).count();
            assert!(near < n / 20, "seed {seed}: {near} close neighbours");
            for (at, &v) in out.iter().enumerate() {
                if let Some(k) = [0, 12_345, n as u32 - 1].iter().position(|&w| w == v) {
                    hits[k][at * 8 / n] += 1;
                }
            }
        }
        // Each of three columns falls into each eighth of the pool about
        // equally often over the seeds (32 expected per cell).
        for row in hits {
            assert!(row.iter().all(|&h| (12..=56).contains(&h)), "{row:?}");
        }
    }
}
