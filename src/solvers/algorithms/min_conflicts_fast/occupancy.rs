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
//! take n/8 to n/4 bytes each, and the counters are written in diagonal order, one
//! sequential stream per direction.

use super::board::Counter;
use super::hugepages::advise;

/// Occupancy bits of the up- and down-diagonals that rows to come reach.
pub(super) struct Occupancy {
    /// Bit `x mod R` (bit `% 64` of word `/ 64`): up-diagonal `x` is occupied.
    up: Vec<u64>,
    /// Bit `x mod R`: down-diagonal `x` is occupied.
    down: Vec<u64>,
    /// `R − 1`.
    mask: usize,
}

impl Occupancy {
    /// No diagonal of an `n`-board occupied.
    pub(super) fn new(n: usize) -> Self {
        let bits = (n + 64).next_power_of_two();
        let (mut up, mut down) = (vec![0; bits / 64], vec![0; bits / 64]);
        advise(&mut up);
        advise(&mut down);
        Self {
            up,
            down,
            mask: bits - 1,
        }
    }

    /// The bits, borrowed for reading and marking.
    pub(super) fn bits(&mut self) -> Bits<'_> {
        Bits {
            up: &mut self.up,
            down: &mut self.down,
            mask: self.mask,
        }
    }
}

/// [`Occupancy`]'s bits, borrowed (so the hot loop keeps them in registers).
pub(super) struct Bits<'a> {
    up: &'a mut [u64],
    down: &'a mut [u64],
    mask: usize,
}

impl Bits<'_> {
    /// How many of up-diagonal `u` and down-diagonal `d` are occupied (both
    /// must be reachable by rows to come).
    #[inline(always)]
    pub(super) fn taken(&self, u: usize, d: usize) -> u8 {
        let (up, down) = (self.up[self.word(u)], self.down[self.word(d)]);
        (up >> (u % 64) & 1) as u8 + (down >> (d % 64) & 1) as u8
    }

    /// The index of the word holding diagonal `x`'s bit (`x mod R` over 64).
    #[inline(always)]
    fn word(&self, x: usize) -> usize {
        (x / 64) & (self.up.len() - 1)
    }

    /// Marks both diagonals occupied; returns which were already (bit 0 for
    /// `u`, bit 1 for `d`).
    #[inline(always)]
    pub(super) fn mark(&mut self, u: usize, d: usize) -> u8 {
        let (u, d) = (u & self.mask, d & self.mask);
        let (wu, bu) = (&mut self.up[u / 64], u % 64);
        let was_up = (*wu >> bu & 1) as u8;
        *wu |= 1 << bu;
        let (wd, bd) = (&mut self.down[d / 64], d % 64);
        let was_down = (*wd >> bd & 1) as u8;
        *wd |= 1 << bd;
        was_up | was_down << 1
    }

    /// Writes the occupancy of diagonals `from..from + 64` (`from` a multiple
    /// of 64, all final) to the counters, as far as they have them, and
    /// clears their bits.
    #[inline]
    pub(super) fn retire<C: Counter>(&mut self, from: usize, up: &mut [C], down: &mut [C]) {
        let w = (from & self.mask) / 64;
        let end = (from + 64).min(up.len());
        if from < end {
            C::set_bits(&mut up[from..end], self.up[w]);
            C::set_bits(&mut down[from..end], self.down[w]);
        }
        self.up[w] = 0;
        self.down[w] = 0;
    }

    /// Asks for the words holding up-diagonal `u` and down-diagonal `d`.
    #[inline(always)]
    pub(super) fn prefetch(&self, u: usize, d: usize) {
        prefetch(self.up.as_ptr().wrapping_add(self.word(u)));
        prefetch(self.down.as_ptr().wrapping_add(self.word(d)));
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
