//! The AVX-512 instruction set for the completion kernel (module `lanes`):
//! 16 lanes in a 512-bit vector, lane masks in mask registers, refills by
//! expanding loads (`vpexpandd`), packed stores by compression
//! (`vpcompressd`), the tables of the last four rows (module `tail`) in
//! registers (`vpermd`, `vpermt2d`), and per-lane bit counts (`vpopcntd`).
//!
//! The squares attacked in each of the last four rows are ruled out by one
//! table lookup per row instead of one test per row and column: a bit
//! shuffle (`vpshufbitqmb`) picks the four columns' bits out of the row's
//! attack word, a dot product of bytes (`vpdpbusd`) turns them into a
//! 4-bit index, and `vpermd` reads [`ATTACKED`]. The tail loop takes 93
//! instructions instead of 118, and a count 2% less time at N = 17 and 18.

use std::arch::x86_64::{
    __m512i, _mm512_and_si512, _mm512_bitshuffle_epi64_mask, _mm512_dpbusd_epi32,
    _mm512_loadu_epi32, _mm512_lzcnt_epi32, _mm512_mask_add_epi32, _mm512_mask_and_epi32,
    _mm512_mask_expandloadu_epi32, _mm512_mask_mov_epi32, _mm512_maskz_compress_epi32,
    _mm512_movm_epi8, _mm512_or_si512, _mm512_permutex2var_epi32, _mm512_permutexvar_epi32,
    _mm512_popcnt_epi32, _mm512_set1_epi32, _mm512_set1_epi64, _mm512_setzero_si512,
    _mm512_slli_epi32, _mm512_sllv_epi32, _mm512_srlv_epi32, _mm512_storeu_epi32, _mm512_sub_epi32,
    _mm512_ternarylogic_epi32, _mm512_test_epi32_mask, _mm512_xor_si512,
};

use super::constellations::Constellation;
use super::lanes::{Isa, expand};
use super::level::Level;
use super::tail::ATTACKED;

/// The AVX-512 instruction set (AVX-512F, CD, BW, VPOPCNTDQ, BITALG and
/// VNNI, with POPCNT), present on this processor: only [`Avx512::detect`]
/// makes one.
#[derive(Clone, Copy)]
pub(super) struct Avx512 {
    _detected: (),
}

impl Avx512 {
    /// The instruction set, if this processor has it.
    pub fn detect() -> Option<Self> {
        let present = std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512cd")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
            && std::arch::is_x86_feature_detected!("avx512bitalg")
            && std::arch::is_x86_feature_detected!("avx512vnni")
            && std::arch::is_x86_feature_detected!("popcnt");
        present.then_some(Self { _detected: () })
    }
}

/// [`expand`] compiled for AVX-512.
#[target_feature(
    enable = "avx512f,avx512cd,avx512bw,avx512vpopcntdq,avx512bitalg,avx512vnni,popcnt"
)]
fn expand_avx512(
    isa: Avx512,
    levels: &mut [Box<Level>],
    c: &Constellation,
    i: usize,
    len: usize,
) -> u64 {
    expand(isa, levels, c, i, len)
}

// SAFETY (every `unsafe` block below): an `Avx512` value exists only on a
// processor with AVX-512F, CD, BW, VPOPCNTDQ, BITALG, VNNI and POPCNT (see
// `Avx512::detect`); memory is accessed through slices of 16 words.
impl Isa for Avx512 {
    type Vector = __m512i;
    const LANES: usize = 16;

    #[inline(always)]
    fn splat(self, word: u32) -> __m512i {
        unsafe { _mm512_set1_epi32(word as i32) }
    }

    #[inline(always)]
    fn or(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_or_si512(a, b) }
    }

    #[inline(always)]
    fn xor(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_xor_si512(a, b) }
    }

    #[inline(always)]
    fn nor3(self, a: __m512i, b: __m512i, c: __m512i) -> __m512i {
        unsafe { _mm512_ternarylogic_epi32::<0x01>(a, b, c) }
    }

    #[inline(always)]
    fn and(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_and_si512(a, b) }
    }

    #[inline(always)]
    fn sub(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_sub_epi32(a, b) }
    }

    #[inline(always)]
    fn leading_zeros(self, a: __m512i) -> __m512i {
        unsafe { _mm512_lzcnt_epi32(a) }
    }

    #[inline(always)]
    fn keep_where_set(self, allowed: __m512i, a: __m512i, b: __m512i, keep: __m512i) -> __m512i {
        unsafe { _mm512_mask_and_epi32(allowed, _mm512_test_epi32_mask(a, b), allowed, keep) }
    }

    #[inline(always)]
    fn rule_out_attacked(
        self,
        mut allowed: __m512i,
        attacked: &[__m512i; 4],
        _column: &[__m512i; 4],
        zeros: &[__m512i; 4],
    ) -> __m512i {
        unsafe {
            // Per lane, the bit positions of its four columns, one byte
            // each, counted in the 64-bit word that holds the lane (an odd
            // lane is its upper half): 31 - zeros, or 63 - zeros.
            let packed = _mm512_ternarylogic_epi32::<0xfe>(
                zeros[0],
                _mm512_slli_epi32::<8>(zeros[1]),
                _mm512_slli_epi32::<16>(zeros[2]),
            );
            let index = _mm512_ternarylogic_epi32::<0x56>(
                packed,
                _mm512_slli_epi32::<24>(zeros[3]),
                _mm512_set1_epi64(0x3f3f_3f3f_1f1f_1f1f),
            );
            // Bytes -1, -2, -4, -8: a lane's four bytes, 255 where the
            // column is attacked, sum to -255 * p, which is p modulo 16,
            // the pattern p of attacked columns that `vpermd` reads.
            let weights = _mm512_set1_epi32(0xf8fc_feff_u32 as i32);
            for (row, row_attacked) in attacked.iter().enumerate() {
                let hit = _mm512_bitshuffle_epi64_mask(*row_attacked, index);
                let pattern =
                    _mm512_dpbusd_epi32(_mm512_setzero_si512(), _mm512_movm_epi8(hit), weights);
                let table = _mm512_loadu_epi32(ATTACKED[row].as_ptr().cast());
                allowed = _mm512_and_si512(allowed, _mm512_permutexvar_epi32(pattern, table));
            }
            allowed
        }
    }

    type Table = (__m512i, __m512i);

    #[inline(always)]
    fn table(self, words: &[u32; 16]) -> (__m512i, __m512i) {
        // Indices 16 to 31 read the second vector: `words[15]` in every lane.
        unsafe {
            (
                _mm512_loadu_epi32(words.as_ptr().cast()),
                _mm512_set1_epi32(words[15] as i32),
            )
        }
    }

    #[inline(always)]
    fn lookup(self, (low, high): (__m512i, __m512i), index: __m512i) -> __m512i {
        unsafe { _mm512_permutex2var_epi32(low, index, high) }
    }

    #[inline(always)]
    fn add_count_ones(self, sums: __m512i, a: __m512i, lanes: u32) -> __m512i {
        unsafe { _mm512_mask_add_epi32(sums, lanes as u16, sums, _mm512_popcnt_epi32(a)) }
    }

    #[inline(always)]
    fn sum(self, a: __m512i) -> u64 {
        let mut words = [0u32; 16];
        unsafe { _mm512_storeu_epi32(words.as_mut_ptr().cast(), a) };
        words.iter().map(|&w| u64::from(w)).sum()
    }

    #[inline(always)]
    fn lowest(self, a: __m512i) -> __m512i {
        unsafe { _mm512_and_si512(a, _mm512_sub_epi32(_mm512_set1_epi32(0), a)) }
    }

    #[inline(always)]
    fn shl(self, a: __m512i, by: __m512i) -> __m512i {
        unsafe { _mm512_sllv_epi32(a, by) }
    }

    #[inline(always)]
    fn shr(self, a: __m512i, by: __m512i) -> __m512i {
        unsafe { _mm512_srlv_epi32(a, by) }
    }

    #[inline(always)]
    fn test(self, a: __m512i, b: __m512i) -> u32 {
        u32::from(unsafe { _mm512_test_epi32_mask(a, b) })
    }

    #[inline(always)]
    fn load(self, words: &[u32]) -> __m512i {
        let words = &words[..Self::LANES];
        unsafe { _mm512_loadu_epi32(words.as_ptr().cast()) }
    }

    #[inline(always)]
    fn blend(self, a: __m512i, lanes: u32, b: __m512i) -> __m512i {
        unsafe { _mm512_mask_mov_epi32(a, lanes as u16, b) }
    }

    #[inline(always)]
    fn refill(self, a: __m512i, lanes: u32, words: &[u32]) -> __m512i {
        let words = &words[..Self::LANES];
        unsafe { _mm512_mask_expandloadu_epi32(a, lanes as u16, words.as_ptr().cast()) }
    }

    #[inline(always)]
    fn store_packed(self, a: __m512i, lanes: u32, out: &mut [u32]) {
        let out = &mut out[..Self::LANES];
        unsafe {
            _mm512_storeu_epi32(
                out.as_mut_ptr().cast(),
                _mm512_maskz_compress_epi32(lanes as u16, a),
            );
        }
    }

    fn expand(self, levels: &mut [Box<Level>], c: &Constellation, i: usize, len: usize) -> u64 {
        unsafe { expand_avx512(self, levels, c, i, len) }
    }
}
