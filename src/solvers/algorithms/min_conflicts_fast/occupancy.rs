//! Which diagonals hold a queen while the initialization places rows, one
//! bit per diagonal and direction.
//!
//! The bits of both directions are one array of word pairs (up, down),
//! [`OccupancyWords`], so that one address and one length serve both in the
//! row loop. Rows in order reach only a window of `n` diagonals of each
//! direction (row `r` reaches `r .. r + n`), so the bits read at random stay
//! within `n/4` bytes at any time, which the cache holds up to N ≈ 10⁸. Once
//! every row is placed, the bits become the board's counters as they are
//! ([`SparseCounts`](super::counts::SparseCounts)) or are unpacked into them
//! ([`DenseCounts`](super::counts::DenseCounts)).

use super::counts::{Direction, OccupancyWords, bit, mask, occupancy_words, pair};
use super::hugepages::advise;

/// Occupancy bits of the up- and down-diagonals of an `n`-board.
pub(super) struct Occupancy {
    /// The bits, laid out as [`OccupancyWords`].
    words: OccupancyWords,
}

/// The up-diagonals' word of a pair in [`Occupancy::words`].
const UP: usize = Direction::Up as usize;

/// The down-diagonals' word of a pair in [`Occupancy::words`].
const DOWN: usize = Direction::Down as usize;

impl Occupancy {
    /// No diagonal of an `n`-board occupied.
    pub(super) fn new(n: usize) -> Self {
        let mut words = vec![[0; 2]; occupancy_words(n)];
        advise(&mut words);
        Self { words }
    }

    /// The bits, borrowed for reading and marking.
    pub(super) fn bits(&mut self) -> Bits<'_> {
        Bits {
            words: &mut self.words,
        }
    }

    /// The bits, for the board's counters.
    pub(super) fn into_words(self) -> OccupancyWords {
        self.words
    }
}

/// [`Occupancy`]'s bits, borrowed (so the hot loop keeps them in registers).
pub(super) struct Bits<'a> {
    words: &'a mut [[u64; 2]],
}

impl Bits<'_> {
    /// How many of up-diagonal `u` and down-diagonal `d` are occupied.
    #[inline(always)]
    pub(super) fn taken(&self, u: usize, d: usize) -> u8 {
        bit(self.words[pair(u)][UP], u) as u8 + bit(self.words[pair(d)][DOWN], d) as u8
    }

    /// Marks both diagonals occupied; returns which were already (bit 0 for
    /// `u`, bit 1 for `d`).
    #[inline(always)]
    pub(super) fn mark(&mut self, u: usize, d: usize) -> u8 {
        let wu = &mut self.words[pair(u)][UP];
        let was_up = bit(*wu, u) as u8;
        *wu |= mask(u);
        let wd = &mut self.words[pair(d)][DOWN];
        let was_down = bit(*wd, d) as u8;
        *wd |= mask(d);
        was_up | was_down << 1
    }

    /// Asks for the words holding up-diagonal `u` and down-diagonal `d`.
    #[inline(always)]
    pub(super) fn prefetch(&self, u: usize, d: usize) {
        let base = self.words.as_ptr();
        prefetch(base.wrapping_add(pair(u)));
        prefetch(base.wrapping_add(pair(d)).cast::<u64>().wrapping_add(DOWN));
    }
}

/// Asks the CPU to bring the cache line holding `p` closer; a hint only.
#[inline(always)]
pub(super) fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch never faults and reads nothing observable, even
        // for an address outside any allocation; SSE is baseline on x86_64.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_read_back_and_kept_in_the_words() {
        // 100 rows: 199 diagonals per direction in 4 word pairs.
        let mut occupancy = Occupancy::new(100);
        let mut bits = occupancy.bits();
        assert_eq!(bits.mark(3, 70), 0);
        assert_eq!(bits.mark(3, 50), 1);
        assert_eq!(bits.taken(3, 70), 2);
        assert_eq!(bits.taken(70, 3), 0);
        assert_eq!(bits.mark(198, 198), 0);
        assert_eq!(bits.taken(198, 70), 2);
        let words = occupancy.into_words();
        assert_eq!(words.len(), 4);
        assert_eq!(words[0], [1 << 3, 1 << 50]);
        assert_eq!(words[1], [0, 1 << 6]);
        assert_eq!(words[3], [1 << 6, 1 << 6]);
    }
}
