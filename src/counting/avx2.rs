//! The AVX2 instruction set for the completion kernel (module `lanes`): 8
//! lanes in a 256-bit vector. AVX2 has no expanding load or compressing
//! store, so both are a lane permutation (`vpermd`) whose indices come from
//! a table of the 256 lane masks, the usual emulation. For the last four
//! rows (module `tail`) a table of 16 words is two 8-word permutations, a
//! lane's bit count is summed from a nibble table (`vpshufb`), and a bit's
//! position is read from its conversion to a float.

use std::arch::x86_64::{
    __m256i, _mm_cvtsi64_si128, _mm256_add_epi8, _mm256_add_epi32, _mm256_and_si256,
    _mm256_blendv_epi8, _mm256_castps_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32,
    _mm256_cmpgt_epi32, _mm256_cvtepi32_ps, _mm256_cvtepu8_epi32, _mm256_loadu_si256,
    _mm256_min_epu32, _mm256_movemask_ps, _mm256_mullo_epi32, _mm256_or_si256,
    _mm256_permutevar8x32_epi32, _mm256_set1_epi8, _mm256_set1_epi32, _mm256_setr_epi8,
    _mm256_setr_epi32, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_sllv_epi32,
    _mm256_srli_epi32, _mm256_srlv_epi32, _mm256_storeu_si256, _mm256_sub_epi32, _mm256_xor_si256,
};

use super::constellations::Constellation;
use super::lanes::{Isa, expand};
use super::level::Level;

/// The AVX2 instruction set (with POPCNT), present on this processor: only
/// [`Avx2::detect`] makes one.
#[derive(Clone, Copy)]
pub(super) struct Avx2 {
    _detected: (),
}

impl Avx2 {
    /// The instruction set, if this processor has it.
    pub fn detect() -> Option<Self> {
        let present = std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt");
        present.then_some(Self { _detected: () })
    }
}

/// For each mask of 8 lanes, the lanes it holds in increasing order, one
/// byte each: the permutation that packs them to the front.
static PACK: [u64; 256] = lane_tables().0;

/// For each mask of 8 lanes, the rank of each lane it holds among them, one
/// byte per lane: the permutation that spreads consecutive words over them.
static SPREAD: [u64; 256] = lane_tables().1;

/// The [`PACK`] and [`SPREAD`] tables.
const fn lane_tables() -> ([u64; 256], [u64; 256]) {
    let mut pack = [0u64; 256];
    let mut spread = [0u64; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut rank = 0;
        let mut lane = 0;
        while lane < 8 {
            if mask & (1 << lane) != 0 {
                pack[mask] |= (lane as u64) << (8 * rank);
                spread[mask] |= (rank as u64) << (8 * lane);
                rank += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    (pack, spread)
}

/// [`expand`] compiled for AVX2.
#[target_feature(enable = "avx2,popcnt")]
fn expand_avx2(
    isa: Avx2,
    levels: &mut [Box<Level>],
    c: &Constellation,
    i: usize,
    len: usize,
) -> u64 {
    expand(isa, levels, c, i, len)
}

// SAFETY (every `unsafe` block below): an `Avx2` value exists only on a
// processor with AVX2 and POPCNT (see `Avx2::detect`); memory is accessed
// through slices of 8 words.
impl Avx2 {
    /// A lane permutation from 8 byte indices.
    #[inline(always)]
    fn permutation(self, bytes: u64) -> __m256i {
        unsafe { _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(bytes as i64)) }
    }

    /// All ones in the lanes of `lanes`, zeros elsewhere.
    #[inline(always)]
    fn lane_mask(self, lanes: u32) -> __m256i {
        unsafe {
            let bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
            _mm256_cmpeq_epi32(
                _mm256_and_si256(_mm256_set1_epi32(lanes as i32), bits),
                bits,
            )
        }
    }
}

impl Isa for Avx2 {
    type Vector = __m256i;
    const LANES: usize = 8;

    #[inline(always)]
    fn splat(self, word: u32) -> __m256i {
        unsafe { _mm256_set1_epi32(word as i32) }
    }

    #[inline(always)]
    fn or(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_or_si256(a, b) }
    }

    #[inline(always)]
    fn xor(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_xor_si256(a, b) }
    }

    #[inline(always)]
    fn nor3(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
        unsafe {
            _mm256_xor_si256(
                _mm256_or_si256(_mm256_or_si256(a, b), c),
                _mm256_set1_epi32(-1),
            )
        }
    }

    #[inline(always)]
    fn and(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_and_si256(a, b) }
    }

    #[inline(always)]
    fn sub(self, a: __m256i, b: __m256i) -> __m256i {
        unsafe { _mm256_sub_epi32(a, b) }
    }

    #[inline(always)]
    fn leading_zeros(self, a: __m256i) -> __m256i {
        // Bit p converts exactly to the float 2^p, whose exponent field is
        // 127 + p (for bit 31 too, once the sign bit is masked off), and
        // 31 - p = 158 - (127 + p).
        unsafe {
            let bits = _mm256_castps_si256(_mm256_cvtepi32_ps(a));
            let exponent = _mm256_and_si256(_mm256_srli_epi32::<23>(bits), _mm256_set1_epi32(0xFF));
            _mm256_sub_epi32(_mm256_set1_epi32(158), exponent)
        }
    }

    #[inline(always)]
    fn keep_where_set(self, allowed: __m256i, a: __m256i, b: __m256i, keep: __m256i) -> __m256i {
        unsafe {
            let clear = _mm256_cmpeq_epi32(_mm256_and_si256(a, b), _mm256_setzero_si256());
            _mm256_and_si256(allowed, _mm256_or_si256(keep, clear))
        }
    }

    type Table = (__m256i, __m256i);

    #[inline(always)]
    fn table(self, words: &[u32; 16]) -> (__m256i, __m256i) {
        unsafe {
            (
                _mm256_loadu_si256(words[..8].as_ptr().cast()),
                _mm256_loadu_si256(words[8..].as_ptr().cast()),
            )
        }
    }

    #[inline(always)]
    fn lookup(self, (low, high): (__m256i, __m256i), index: __m256i) -> __m256i {
        unsafe {
            let index = _mm256_min_epu32(index, _mm256_set1_epi32(15));
            let from_low = _mm256_permutevar8x32_epi32(low, index);
            let from_high = _mm256_permutevar8x32_epi32(high, index);
            let in_high = _mm256_cmpgt_epi32(index, _mm256_set1_epi32(7));
            _mm256_blendv_epi8(from_low, from_high, in_high)
        }
    }

    #[inline(always)]
    fn add_count_ones(self, sums: __m256i, a: __m256i, lanes: u32) -> __m256i {
        // Per byte from a table of nibbles, then the four bytes of a lane
        // summed by a multiplication.
        unsafe {
            let nibbles = _mm256_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3,
                2, 3, 3, 4,
            );
            let low_mask = _mm256_set1_epi8(0x0F);
            let low = _mm256_shuffle_epi8(nibbles, _mm256_and_si256(a, low_mask));
            let high = _mm256_shuffle_epi8(
                nibbles,
                _mm256_and_si256(_mm256_srli_epi32::<4>(a), low_mask),
            );
            let bytes = _mm256_add_epi8(low, high);
            let per_lane =
                _mm256_srli_epi32::<24>(_mm256_mullo_epi32(bytes, _mm256_set1_epi32(0x0101_0101)));
            _mm256_add_epi32(sums, _mm256_and_si256(per_lane, self.lane_mask(lanes)))
        }
    }

    #[inline(always)]
    fn sum(self, a: __m256i) -> u64 {
        let mut words = [0u32; 8];
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), a) };
        words.iter().map(|&w| u64::from(w)).sum()
    }

    #[inline(always)]
    fn lowest(self, a: __m256i) -> __m256i {
        unsafe { _mm256_and_si256(a, _mm256_sub_epi32(_mm256_setzero_si256(), a)) }
    }

    #[inline(always)]
    fn shl(self, a: __m256i, by: __m256i) -> __m256i {
        unsafe { _mm256_sllv_epi32(a, by) }
    }

    #[inline(always)]
    fn shr(self, a: __m256i, by: __m256i) -> __m256i {
        unsafe { _mm256_srlv_epi32(a, by) }
    }

    #[inline(always)]
    fn test(self, a: __m256i, b: __m256i) -> u32 {
        let zero_lanes = unsafe {
            let zero = _mm256_cmpeq_epi32(_mm256_and_si256(a, b), _mm256_setzero_si256());
            _mm256_movemask_ps(_mm256_castsi256_ps(zero))
        };
        !(zero_lanes as u32) & 0xFF
    }

    #[inline(always)]
    fn load(self, words: &[u32]) -> __m256i {
        let words = &words[..Self::LANES];
        unsafe { _mm256_loadu_si256(words.as_ptr().cast()) }
    }

    #[inline(always)]
    fn blend(self, a: __m256i, lanes: u32, b: __m256i) -> __m256i {
        unsafe { _mm256_blendv_epi8(a, b, self.lane_mask(lanes)) }
    }

    #[inline(always)]
    fn refill(self, a: __m256i, lanes: u32, words: &[u32]) -> __m256i {
        let words = &words[..Self::LANES];
        let spread = self.permutation(SPREAD[(lanes & 0xFF) as usize]);
        let loaded = unsafe { _mm256_loadu_si256(words.as_ptr().cast()) };
        let spread = unsafe { _mm256_permutevar8x32_epi32(loaded, spread) };
        self.blend(a, lanes, spread)
    }

    #[inline(always)]
    fn store_packed(self, a: __m256i, lanes: u32, out: &mut [u32]) {
        let out = &mut out[..Self::LANES];
        let pack = self.permutation(PACK[(lanes & 0xFF) as usize]);
        unsafe {
            _mm256_storeu_si256(
                out.as_mut_ptr().cast(),
                _mm256_permutevar8x32_epi32(a, pack),
            );
        }
    }

    fn expand(self, levels: &mut [Box<Level>], c: &Constellation, i: usize, len: usize) -> u64 {
        unsafe { expand_avx2(self, levels, c, i, len) }
    }
}
