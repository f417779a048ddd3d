//! The AVX-512 instruction set for the completion kernel (module `lanes`):
//! 16 lanes in a 512-bit vector, lane masks in mask registers, refills by
//! expanding loads (`vpexpandd`), packed stores by compression
//! (`vpcompressd`), the tables of the last four rows (module `tail`) in
//! registers (`vpermd`), and per-lane bit counts (`vpopcntd`).

use std::arch::x86_64::{
    __m512i, _mm512_and_si512, _mm512_loadu_epi32, _mm512_lzcnt_epi32, _mm512_mask_add_epi32,
    _mm512_mask_and_epi32, _mm512_mask_expandloadu_epi32, _mm512_mask_mov_epi32,
    _mm512_maskz_compress_epi32, _mm512_min_epu32, _mm512_or_si512, _mm512_permutexvar_epi32,
    _mm512_popcnt_epi32, _mm512_set1_epi32, _mm512_sllv_epi32, _mm512_srlv_epi32,
    _mm512_storeu_epi32, _mm512_sub_epi32, _mm512_ternarylogic_epi32, _mm512_test_epi32_mask,
    _mm512_xor_si512,
};

use super::constellations::Constellation;
use super::lanes::{Isa, expand};
use super::level::Level;

/// The AVX-512 instruction set (AVX-512F, CD and VPOPCNTDQ, with POPCNT),
/// present on this processor: only [`Avx512::detect`] makes one.
#[derive(Clone, Copy)]
pub(super) struct Avx512 {
    _detected: (),
}

impl Avx512 {
    /// The instruction set, if this processor has it.
    pub fn detect() -> Option<Self> {
        let present = std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512cd")
            && std::arch::is_x86_feature_detected!("avx512vpopcntdq")
            && std::arch::is_x86_feature_detected!("popcnt");
        present.then_some(Self { _detected: () })
    }
}

/// [`expand`] compiled for AVX-512.
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq,popcnt")]
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
// processor with AVX-512F, CD, VPOPCNTDQ and POPCNT (see `Avx512::detect`); memory is
// accessed through slices of 16 words.
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
    fn min(self, a: __m512i, b: __m512i) -> __m512i {
        unsafe { _mm512_min_epu32(a, b) }
    }

    #[inline(always)]
    fn leading_zeros(self, a: __m512i) -> __m512i {
        unsafe { _mm512_lzcnt_epi32(a) }
    }

    #[inline(always)]
    fn keep_where_set(self, allowed: __m512i, a: __m512i, b: __m512i, keep: __m512i) -> __m512i {
        unsafe { _mm512_mask_and_epi32(allowed, _mm512_test_epi32_mask(a, b), allowed, keep) }
    }

    type Table = __m512i;

    #[inline(always)]
    fn table(self, words: &[u32; 16]) -> __m512i {
        unsafe { _mm512_loadu_epi32(words.as_ptr().cast()) }
    }

    #[inline(always)]
    fn lookup(self, table: __m512i, index: __m512i) -> __m512i {
        unsafe { _mm512_permutexvar_epi32(index, table) }
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
