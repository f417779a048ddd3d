//! Uniform draws for the initialization, cut from the solver's ChaCha8
//! stream: bounded 32-bit draws and small bucket indices packed in 64 bits.

use rand::Rng;

/// A uniform draw from `0..m`, for `1 ≤ m ≤ 2³²`, from 32-bit draws by
/// Lemire's multiply-and-reject method ("Fast random integer generation in
/// an interval", 2019): exactly uniform, and a second draw only when the
/// first lands in the `2³² mod m` values that would bias the result.
#[inline(always)]
pub(super) fn below<R: Rng + ?Sized>(rng: &mut R, m: usize) -> usize {
    debug_assert!((1..=1 << 32).contains(&m), "bound {m} out of range");
    let m = m as u64;
    let mut product = u64::from(rng.next_u32()) * m;
    if u64::from(product as u32) < m {
        let threshold = (1u64 << 32).wrapping_sub(m) % m;
        while u64::from(product as u32) < threshold {
            product = u64::from(rng.next_u32()) * m;
        }
    }
    (product >> 32) as usize
}

/// Uniform indices of `bits` bits (at most 32), several cut from each
/// 64-bit draw.
pub(super) struct Indices<'a, R: Rng + ?Sized> {
    rng: &'a mut R,
    bits: u32,
    word: u64,
    left: u32,
}

impl<'a, R: Rng + ?Sized> Indices<'a, R> {
    /// Indices in `0..2^bits`.
    pub(super) fn new(rng: &'a mut R, bits: u32) -> Self {
        debug_assert!((1..=32).contains(&bits));
        Self {
            rng,
            bits,
            word: 0,
            left: 0,
        }
    }

    /// The next index.
    #[inline(always)]
    pub(super) fn next(&mut self) -> usize {
        if self.left < self.bits {
            self.word = self.rng.next_u64();
            self.left = 64;
        }
        let index = self.word & ((1 << self.bits) - 1);
        self.word >>= self.bits;
        self.left -= self.bits;
        index as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;

    #[test]
    fn bounded_draws_cover_their_range_evenly() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for m in [1usize, 2, 3, 7, 1000] {
            let mut hits = vec![0u32; m];
            for _ in 0..200 * m {
                hits[below(&mut rng, m)] += 1;
            }
            assert!(
                hits.iter().all(|&h| (120..=280).contains(&h)),
                "m={m}: {hits:?}"
            );
        }
        // The largest bound takes the draw as it is.
        assert!(below(&mut rng, 1 << 32) < 1 << 32);
    }

    #[test]
    fn indices_stay_in_range() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut indices = Indices::new(&mut rng, 10);
        let mut hits = [0u32; 1024];
        for _ in 0..1024 * 100 {
            hits[indices.next()] += 1;
        }
        assert!(hits.iter().all(|&h| (50..=150).contains(&h)));
    }
}
