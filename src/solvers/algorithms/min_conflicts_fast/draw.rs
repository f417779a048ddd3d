//! Uniform draws for the initialization, cut from the solver's ChaCha8
//! stream: bounded 32-bit draws, small bucket indices packed in 64 bits,
//! and a view of the stream read a few words ahead ([`Lookahead`]).

use rand::Rng;
use rand::rngs::ChaCha8Rng;

/// A source of uniform 32-bit words, taken in order.
pub(super) trait Words {
    /// The next word.
    fn word(&mut self) -> u32;
}

impl Words for ChaCha8Rng {
    #[inline(always)]
    fn word(&mut self) -> u32 {
        self.next_u32()
    }
}

/// The solver's stream read [`PEEK`] words ahead, so that the next draws
/// can be looked at before they are taken. Taking words from it gives
/// exactly the words the stream gives; when it is dropped, the stream is
/// wound back to the first word not taken, so it goes on as if it had
/// been read directly.
pub(super) struct Lookahead<'a> {
    rng: &'a mut ChaCha8Rng,
    /// The next `PEEK` words of the stream, the next one at `next`.
    ahead: [u32; PEEK],
    next: usize,
}

/// Words a [`Lookahead`] reads ahead of use.
pub(super) const PEEK: usize = 8;

impl<'a> Lookahead<'a> {
    /// Reads the next [`PEEK`] words of `rng`.
    pub(super) fn new(rng: &'a mut ChaCha8Rng) -> Self {
        let ahead = std::array::from_fn(|_| rng.next_u32());
        Self {
            rng,
            ahead,
            next: 0,
        }
    }

    /// The word `k` places after the next one (`k < PEEK`), not taken.
    #[inline(always)]
    pub(super) fn peek(&self, k: usize) -> u32 {
        self.ahead[(self.next + k) % PEEK]
    }
}

impl Words for Lookahead<'_> {
    #[inline(always)]
    fn word(&mut self) -> u32 {
        let word = std::mem::replace(&mut self.ahead[self.next], self.rng.next_u32());
        self.next = (self.next + 1) % PEEK;
        word
    }
}

impl Drop for Lookahead<'_> {
    fn drop(&mut self) {
        let position = self.rng.get_word_pos();
        self.rng.set_word_pos(position - PEEK as u128);
    }
}

/// A uniform draw from `0..m`, for `1 ≤ m ≤ 2³²`, from 32-bit draws by
/// Lemire's multiply-and-reject method ("Fast random integer generation in
/// an interval", 2019): exactly uniform, and a second draw only when the
/// first lands in the `2³² mod m` values that would bias the result.
#[inline(always)]
pub(super) fn below<W: Words + ?Sized>(words: &mut W, m: usize) -> usize {
    debug_assert!((1..=1 << 32).contains(&m), "bound {m} out of range");
    let m = m as u64;
    let mut product = u64::from(words.word()) * m;
    if u64::from(product as u32) < m {
        let threshold = (1u64 << 32).wrapping_sub(m) % m;
        while u64::from(product as u32) < threshold {
            product = u64::from(words.word()) * m;
        }
    }
    (product >> 32) as usize
}

/// What [`below`] will return for the word `word` if it takes no second
/// word: a guess at a draw to come.
#[inline(always)]
pub(super) fn guess_below(word: u32, m: usize) -> usize {
    ((u64::from(word) * m as u64) >> 32) as usize
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

    #[test]
    fn a_lookahead_gives_the_streams_words_and_winds_it_back() {
        let mut direct = ChaCha8Rng::seed_from_u64(3);
        let expected: Vec<u32> = (0..300).map(|_| direct.next_u32()).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut taken = Vec::new();
        // ChaCha8 fills its buffer 64 words at a time: the chunks end at
        // words 7, 7, 8, 28, 64 (the buffer's end), 128 and 195, so some
        // rewinds cross a refill and one lands on a buffer's end.
        for chunk in [7, 0, 1, 20, 36, 64, 67] {
            let mut ahead = Lookahead::new(&mut rng);
            for _ in 0..chunk {
                assert_eq!(ahead.peek(0), expected[taken.len()]);
                assert_eq!(ahead.peek(PEEK - 1), expected[taken.len() + PEEK - 1]);
                taken.push(ahead.word());
            }
        }
        taken.extend((taken.len()..300).map(|_| rng.next_u32()));
        assert_eq!(taken, expected);
    }
}
