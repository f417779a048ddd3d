//! The AVX-512 kernel of the completion search (module `completion`): 16
//! states of one level are expanded at once, one lane each.
//!
//! Source: the lane-per-subtree scheme of GPU N-Queens counters (e.g.
//! NQueensFaf), with the lanes refilled from the level's buffer as they run
//! dry so that none idles while work is left.
//!
//! Each step of the loop, for all 16 lanes together:
//! 1. lanes whose state has no untried square left take the next states of
//!    the buffer (an expanding load, `vpexpandd`);
//! 2. every lane takes the lowest untried square of its state and computes
//!    the child's attack words;
//! 3. at the third-last free row the children are counted (the last two
//!    rows, as [`Step::last_two`] does); above it the children that keep a
//!    free square in each of the next two rows are packed together
//!    (`vpcompressd`) and appended to the next level's buffer, which is
//!    expanded first once it holds [`CHUNK`] states.
//!
//! It visits exactly the states of the portable kernel.

use std::arch::x86_64::{
    __m512i, _mm512_and_si512, _mm512_andnot_si512, _mm512_mask_expandloadu_epi32,
    _mm512_mask_mov_epi32, _mm512_mask_test_epi32_mask, _mm512_maskz_compress_epi32,
    _mm512_or_si512, _mm512_set1_epi32, _mm512_setzero_si512, _mm512_sllv_epi32, _mm512_srlv_epi32,
    _mm512_storeu_epi32, _mm512_sub_epi32, _mm512_test_epi32_mask, _mm512_testn_epi32_mask,
    _mm512_xor_si512, _pdep_u32,
};

use super::completion::{CHUNK, Level, Step};
use super::constellations::Constellation;

/// The states expanded together: the lanes of a 512-bit vector of `u32`.
const LANES: usize = 16;

/// Whether this processor has the features the kernel is compiled for.
pub(super) fn is_supported() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// A mask word broadcast to every lane.
#[target_feature(enable = "avx512f")]
#[inline]
fn splat(word: u32) -> __m512i {
    _mm512_set1_epi32(word as i32)
}

/// Expands the first `len` states of level `i` and counts the solutions
/// below them, like the portable kernel.
///
/// Callable only on a processor where [`is_supported`] holds.
#[target_feature(enable = "avx512f,bmi2,popcnt")]
pub(super) fn expand(levels: &mut [Box<Level>], c: &Constellation, i: usize, len: usize) -> u64 {
    let step = Step::at(c, i);
    let last = Step::is_last(c, i);
    let columns = splat(step.columns);
    let attacked = splat(step.attacked);
    let gap = splat(step.gap);
    let next_attacked = splat(step.next_attacked);
    let next_gap = splat(step.next_gap);
    let after_attacked = splat(step.after_attacked);
    let zero = _mm512_setzero_si512();
    let (mut left, mut down, mut right, mut untried) = (zero, zero, zero, zero);
    let mut total = 0u64;
    let mut read = 0usize;
    let mut kept = 0usize;
    loop {
        let idle = _mm512_testn_epi32_mask(untried, untried);
        if idle != 0 && read < len {
            // The idle lanes, lowest first, as many as states are left.
            let take = (len - read).min(LANES) as u32;
            let refill = _pdep_u32((1 << take) - 1, u32::from(idle)) as u16;
            let input = &levels[i];
            let at = read..read + LANES;
            // SAFETY: each slice holds LANES words (a buffer has room for a
            // full read at any position below its length), and an
            // expanding load reads at most one word per lane.
            unsafe {
                left = _mm512_mask_expandloadu_epi32(
                    left,
                    refill,
                    input.left[at.clone()].as_ptr().cast(),
                );
                down = _mm512_mask_expandloadu_epi32(
                    down,
                    refill,
                    input.down[at.clone()].as_ptr().cast(),
                );
                right =
                    _mm512_mask_expandloadu_epi32(right, refill, input.right[at].as_ptr().cast());
            }
            read += refill.count_ones() as usize;
            let taken = _mm512_or_si512(
                _mm512_or_si512(left, down),
                _mm512_or_si512(right, attacked),
            );
            untried = _mm512_mask_mov_epi32(untried, refill, _mm512_andnot_si512(taken, columns));
        }
        let active = _mm512_test_epi32_mask(untried, untried);
        if active == 0 {
            break;
        }
        let bit = _mm512_and_si512(untried, _mm512_sub_epi32(zero, untried));
        untried = _mm512_xor_si512(untried, bit);
        let l = _mm512_sllv_epi32(_mm512_or_si512(left, bit), gap);
        let d = _mm512_or_si512(down, bit);
        let r = _mm512_srlv_epi32(_mm512_or_si512(right, bit), gap);
        let next_taken = _mm512_or_si512(_mm512_or_si512(l, d), _mm512_or_si512(r, next_attacked));
        let next_free = _mm512_andnot_si512(next_taken, columns);
        if last {
            let after_taken = _mm512_or_si512(
                _mm512_or_si512(
                    _mm512_sllv_epi32(l, next_gap),
                    _mm512_srlv_epi32(r, next_gap),
                ),
                after_attacked,
            );
            let after_free = _mm512_andnot_si512(after_taken, columns);
            let open = _mm512_andnot_si512(d, columns);
            let a = _mm512_and_si512(open, _mm512_sub_epi32(zero, open));
            let b = _mm512_xor_si512(open, a);
            let a_reach = _mm512_or_si512(
                _mm512_sllv_epi32(a, next_gap),
                _mm512_srlv_epi32(a, next_gap),
            );
            let apart = active & !_mm512_test_epi32_mask(a_reach, b);
            let ab = _mm512_mask_test_epi32_mask(
                _mm512_mask_test_epi32_mask(apart, next_free, a),
                after_free,
                b,
            );
            let ba = _mm512_mask_test_epi32_mask(
                _mm512_mask_test_epi32_mask(apart, next_free, b),
                after_free,
                a,
            );
            total += u64::from(ab.count_ones() + ba.count_ones());
            continue;
        }
        let after_taken = _mm512_or_si512(
            _mm512_or_si512(_mm512_sllv_epi32(l, next_gap), d),
            _mm512_or_si512(_mm512_srlv_epi32(r, next_gap), after_attacked),
        );
        let after_free = _mm512_andnot_si512(after_taken, columns);
        let keep = _mm512_mask_test_epi32_mask(
            _mm512_mask_test_epi32_mask(active, next_free, next_free),
            after_free,
            after_free,
        );
        let output = &mut levels[i + 1];
        let at = kept..kept + LANES;
        // SAFETY: each slice holds LANES words (`kept` is below CHUNK here
        // and a buffer has room for LANES more), and a store writes LANES.
        unsafe {
            _mm512_storeu_epi32(
                output.left[at.clone()].as_mut_ptr().cast(),
                _mm512_maskz_compress_epi32(keep, l),
            );
            _mm512_storeu_epi32(
                output.down[at.clone()].as_mut_ptr().cast(),
                _mm512_maskz_compress_epi32(keep, d),
            );
            _mm512_storeu_epi32(
                output.right[at].as_mut_ptr().cast(),
                _mm512_maskz_compress_epi32(keep, r),
            );
        }
        kept += keep.count_ones() as usize;
        if kept >= CHUNK {
            total += expand(levels, c, i + 1, kept);
            kept = 0;
        }
    }
    if kept > 0 {
        total += expand(levels, c, i + 1, kept);
    }
    total
}
