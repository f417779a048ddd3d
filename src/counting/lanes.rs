//! The kernel of the batched completion search (module `completion`),
//! written once for any number of lanes: each lane works through one state
//! of a level at a time, and every instruction set supplies the few vector
//! operations it needs through [`Isa`].
//!
//! Source: the lane-per-subtree scheme of GPU N-Queens counters (e.g.
//! NQueensFaf), with the lanes refilled from the level's buffer as they run
//! dry so that none idles while work is left.
//!
//! Each step of the loop, for all lanes together:
//! 1. lanes whose state has no untried square left take the next states of
//!    the buffer, in order;
//! 2. every lane takes the lowest untried square of its state and computes
//!    the child's attack words;
//! 3. at the third-last free row the children are counted (the last two
//!    rows, as [`Step`] describes); above it the children that keep a free
//!    square in each of the next two rows are packed together and appended
//!    to the next level's buffer, which is expanded first once it holds
//!    [`CHUNK`] states.
//!
//! Whatever the number of lanes, the same states are visited and the same
//! count comes out; only the order of the states in a buffer differs.

use super::constellations::Constellation;
use super::level::{CHUNK, Level, Step};

/// An instruction set the kernel runs on: a vector of `u32` lanes and its
/// operations. A lane mask is a `u32` whose bit `j` stands for lane `j`.
///
/// A value of an implementing type is the proof that the processor has the
/// instruction set (see each type's constructor), so its methods are safe
/// to call.
pub(super) trait Isa: Copy {
    /// A vector of [`Isa::LANES`] words.
    type Vector: Copy;
    /// The number of lanes (at most 16).
    const LANES: usize;
    /// Every lane holding `word`.
    fn splat(self, word: u32) -> Self::Vector;
    /// Lanewise `a | b`.
    fn or(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Lanewise `a ^ b`.
    fn xor(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Lanewise `mask & !a`.
    fn and_not(self, a: Self::Vector, mask: Self::Vector) -> Self::Vector;
    /// Lanewise lowest set bit of `a` (0 for 0).
    fn lowest(self, a: Self::Vector) -> Self::Vector;
    /// Lanewise `a << by` (`by` below 32).
    fn shl(self, a: Self::Vector, by: Self::Vector) -> Self::Vector;
    /// Lanewise `a >> by` (`by` below 32).
    fn shr(self, a: Self::Vector, by: Self::Vector) -> Self::Vector;
    /// The lanes where `a & b` is not 0.
    fn test(self, a: Self::Vector, b: Self::Vector) -> u32;
    /// `a` with the lanes of `lanes` taken from `b`.
    fn blend(self, a: Self::Vector, lanes: u32, b: Self::Vector) -> Self::Vector;
    /// `a` with the lanes of `lanes`, lowest first, taken from `words[0]`,
    /// `words[1]`, … (`words` holds at least [`Isa::LANES`] words).
    fn refill(self, a: Self::Vector, lanes: u32, words: &[u32]) -> Self::Vector;
    /// Writes the lanes of `lanes`, lowest first, to `out[0]`, `out[1]`, …;
    /// the rest of `out[..LANES]` may be overwritten (`out` holds at least
    /// [`Isa::LANES`] words).
    fn store_packed(self, a: Self::Vector, lanes: u32, out: &mut [u32]);
    /// Expands level `i` on this instruction set: [`expand`], compiled with
    /// its target features.
    fn expand(self, levels: &mut [Box<Level>], c: &Constellation, i: usize, len: usize) -> u64;
}

/// Expands the first `len` states of level `i` and counts the solutions
/// below them. Inlined into each instruction set's [`Isa::expand`].
#[inline(always)]
pub(super) fn expand<I: Isa>(
    isa: I,
    levels: &mut [Box<Level>],
    c: &Constellation,
    i: usize,
    len: usize,
) -> u64 {
    let step = Step::at(c, i);
    let last = Step::is_last(c, i);
    let columns = isa.splat(step.columns);
    let attacked = isa.splat(step.attacked);
    let gap = isa.splat(step.gap);
    let next_attacked = isa.splat(step.next_attacked);
    let next_gap = isa.splat(step.next_gap);
    let after_attacked = isa.splat(step.after_attacked);
    let every_lane = (1u32 << I::LANES) - 1;
    let zero = isa.splat(0);
    let (mut left, mut down, mut right, mut untried) = (zero, zero, zero, zero);
    let mut total = 0u64;
    let mut read = 0usize;
    let mut kept = 0usize;
    loop {
        let idle = every_lane & !isa.test(untried, untried);
        if idle != 0 && read < len {
            let refill = lowest_lanes(idle, len - read);
            let input = &levels[i];
            let at = read..read + I::LANES;
            left = isa.refill(left, refill, &input.left[at.clone()]);
            down = isa.refill(down, refill, &input.down[at.clone()]);
            right = isa.refill(right, refill, &input.right[at]);
            read += refill.count_ones() as usize;
            let taken = isa.or(isa.or(left, down), isa.or(right, attacked));
            untried = isa.blend(untried, refill, isa.and_not(taken, columns));
        }
        let active = isa.test(untried, untried);
        if active == 0 {
            break;
        }
        let bit = isa.lowest(untried);
        untried = isa.xor(untried, bit);
        let l = isa.shl(isa.or(left, bit), gap);
        let d = isa.or(down, bit);
        let r = isa.shr(isa.or(right, bit), gap);
        let next_free = isa.and_not(isa.or(isa.or(l, d), isa.or(r, next_attacked)), columns);
        if last {
            // The last two rows: two columns are left, `a` and `b`; each
            // order is a solution if both squares are free and the two
            // queens are not on one diagonal.
            let after_taken = isa.or(
                isa.or(isa.shl(l, next_gap), isa.shr(r, next_gap)),
                after_attacked,
            );
            let after_free = isa.and_not(after_taken, columns);
            let open = isa.and_not(d, columns);
            let a = isa.lowest(open);
            let b = isa.xor(open, a);
            let a_reach = isa.or(isa.shl(a, next_gap), isa.shr(a, next_gap));
            let apart = active & !isa.test(a_reach, b);
            let ab = apart & isa.test(next_free, a) & isa.test(after_free, b);
            let ba = apart & isa.test(next_free, b) & isa.test(after_free, a);
            total += u64::from(ab.count_ones() + ba.count_ones());
            continue;
        }
        let after_taken = isa.or(
            isa.or(isa.shl(l, next_gap), d),
            isa.or(isa.shr(r, next_gap), after_attacked),
        );
        let after_free = isa.and_not(after_taken, columns);
        let keep = active & isa.test(next_free, next_free) & isa.test(after_free, after_free);
        let output = &mut levels[i + 1];
        let at = kept..kept + I::LANES;
        isa.store_packed(l, keep, &mut output.left[at.clone()]);
        isa.store_packed(d, keep, &mut output.down[at.clone()]);
        isa.store_packed(r, keep, &mut output.right[at]);
        kept += keep.count_ones() as usize;
        if kept >= CHUNK {
            total += isa.expand(levels, c, i + 1, kept);
            kept = 0;
        }
    }
    if kept > 0 {
        total += isa.expand(levels, c, i + 1, kept);
    }
    total
}

/// The lowest `n` lanes of `lanes`, or all of them if it has no more.
#[inline(always)]
fn lowest_lanes(mut lanes: u32, n: usize) -> u32 {
    while lanes.count_ones() as usize > n {
        lanes &= !(1 << (31 - lanes.leading_zeros()));
    }
    lanes
}

/// One lane in a plain `u32`: the portable kernel, for every processor.
#[derive(Clone, Copy)]
pub(super) struct Scalar;

impl Isa for Scalar {
    type Vector = u32;
    const LANES: usize = 1;

    #[inline(always)]
    fn splat(self, word: u32) -> u32 {
        word
    }

    #[inline(always)]
    fn or(self, a: u32, b: u32) -> u32 {
        a | b
    }

    #[inline(always)]
    fn xor(self, a: u32, b: u32) -> u32 {
        a ^ b
    }

    #[inline(always)]
    fn and_not(self, a: u32, mask: u32) -> u32 {
        mask & !a
    }

    #[inline(always)]
    fn lowest(self, a: u32) -> u32 {
        a & a.wrapping_neg()
    }

    #[inline(always)]
    fn shl(self, a: u32, by: u32) -> u32 {
        a << by
    }

    #[inline(always)]
    fn shr(self, a: u32, by: u32) -> u32 {
        a >> by
    }

    #[inline(always)]
    fn test(self, a: u32, b: u32) -> u32 {
        u32::from(a & b != 0)
    }

    #[inline(always)]
    fn blend(self, a: u32, lanes: u32, b: u32) -> u32 {
        if lanes & 1 != 0 { b } else { a }
    }

    #[inline(always)]
    fn refill(self, a: u32, lanes: u32, words: &[u32]) -> u32 {
        if lanes & 1 != 0 { words[0] } else { a }
    }

    #[inline(always)]
    fn store_packed(self, a: u32, _lanes: u32, out: &mut [u32]) {
        out[0] = a;
    }

    fn expand(self, levels: &mut [Box<Level>], c: &Constellation, i: usize, len: usize) -> u64 {
        expand(self, levels, c, i, len)
    }
}
