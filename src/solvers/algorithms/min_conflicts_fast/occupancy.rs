//! Which diagonals hold a queen while the initialization places rows, one
//! bit per diagonal and direction, kept only for the diagonals that rows
//! still to come can reach.
//!
//! With [`FastBoard::diagonals`](super::FastBoard)'s indices, row `r`
//! reaches up- and down-diagonals `r .. r + n` only. So once rows `0..r`
//! are placed, every diagonal below `r` is final and every diagonal from
//! `r + n` on is still empty. Each direction therefore lives in a ring of
//! `R` bits, `R` the power of two at or above `n + 64`, diagonal `x` in bit
//! `x mod R`. Every 64 rows the 64 diagonals just finished are retired: their
//! bits are written to the counters and cleared, for the diagonals `R`
//! higher, which no row reaches before another `R − n ≥ 64` rows. The rings
//! take n/8 to n/4 bytes each, stored as one array of word pairs (up, down),
//! and the counters are written in diagonal order, one sequential stream
//! per direction.

use super::board::Counter;
use super::hugepages::advise;

/// Occupancy bits of the up- and down-diagonals that rows to come reach.
pub(super) struct Occupancy {
    /// Word `k` of both rings, side by side: `[UP]` holds bits `64k..64k +
    /// 64` of the up-diagonals (bit `x mod R` for diagonal `x`), `[DOWN]`
    /// the same bits of the down-diagonals. One array keeps both rings
    /// behind one pointer and one length in the hot loop.
    rings: Vec<[u64; 2]>,
}

/// The up-diagonals' word of a pair in [`Occupancy::rings`].
const UP: usize = 0;

/// The down-diagonals' word of a pair in [`Occupancy::rings`].
const DOWN: usize = 1;

impl Occupancy {
    /// No diagonal of an `n`-board occupied.
    pub(super) fn new(n: usize) -> Self {
        let bits = (n + 64).next_power_of_two();
        let mut rings = vec![[0; 2]; bits / 64];
        advise(&mut rings);
        Self { rings }
    }

    /// The bits, borrowed for reading and marking.
    pub(super) fn bits(&mut self) -> Bits<'_> {
        Bits {
            rings: &mut self.rings,
        }
    }
}

/// [`Occupancy`]'s bits, borrowed (so the hot loop keeps them in registers).
pub(super) struct Bits<'a> {
    rings: &'a mut [[u64; 2]],
}

impl Bits<'_> {
    /// How many of up-diagonal `u` and down-diagonal `d` are occupied (both
    /// must be reachable by rows to come).
    #[inline(always)]
    pub(super) fn taken(&self, u: usize, d: usize) -> u8 {
        let up = self.rings[self.word(u)][UP];
        let down = self.rings[self.word(d)][DOWN];
        (up >> (u % 64) & 1) as u8 + (down >> (d % 64) & 1) as u8
    }

    /// The index of the pair of words holding diagonal `x`'s bits (`x mod
    /// R` over 64); masked by the rings' length, a power of two, so the
    /// compiler sees it in range.
    #[inline(always)]
    fn word(&self, x: usize) -> usize {
        (x / 64) & (self.rings.len() - 1)
    }

    /// Marks both diagonals occupied; returns which were already (bit 0 for
    /// `u`, bit 1 for `d`).
    #[inline(always)]
    pub(super) fn mark(&mut self, u: usize, d: usize) -> u8 {
        let (ku, kd) = (self.word(u), self.word(d));
        let wu = &mut self.rings[ku][UP];
        let was_up = (*wu >> (u % 64) & 1) as u8;
        *wu |= 1 << (u % 64);
        let wd = &mut self.rings[kd][DOWN];
        let was_down = (*wd >> (d % 64) & 1) as u8;
        *wd |= 1 << (d % 64);
        was_up | was_down << 1
    }

    /// Writes the occupancy of diagonals `from..from + 64` (`from` a multiple
    /// of 64, all final) to the counters, as far as they have them, and
    /// clears their bits.
    #[inline]
    pub(super) fn retire<C: Counter>(&mut self, from: usize, up: &mut [C], down: &mut [C]) {
        let w = self.word(from);
        let end = (from + 64).min(up.len());
        if from < end {
            C::set_bits(&mut up[from..end], self.rings[w][UP]);
            C::set_bits(&mut down[from..end], self.rings[w][DOWN]);
        }
        self.rings[w] = [0; 2];
    }

    /// Asks for the words holding up-diagonal `u` and down-diagonal `d`.
    #[inline(always)]
    pub(super) fn prefetch(&self, u: usize, d: usize) {
        prefetch(&self.rings[self.word(u)][UP]);
        prefetch(&self.rings[self.word(d)][DOWN]);
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
    fn retired_bits_reach_the_counters_and_serve_the_diagonals_r_above() {
        // 100 + 64 diagonals per direction round up to a ring of 256 bits.
        let mut occupancy = Occupancy::new(100);
        let mut bits = occupancy.bits();
        assert_eq!(bits.mark(3, 70), 0);
        assert_eq!(bits.mark(3, 50), 1);
        assert_eq!(bits.taken(3, 70), 2);
        let (mut up, mut down) = (vec![0u8; 199], vec![0u8; 199]);
        bits.retire(0, &mut up, &mut down);
        assert_eq!((up[3], up[4], down[50], down[63]), (1, 0, 1, 0));
        assert_eq!(bits.taken(259, 70), 1);
        assert_eq!(bits.mark(259, 326), 2);
        bits.retire(64, &mut up, &mut down);
        assert_eq!((down[70], down[64]), (1, 0));
        assert_eq!(bits.taken(259, 326), 1);
        bits.retire(192, &mut up, &mut down);
        assert_eq!(up[195], 0);
    }
}
