//! The completion search of one constellation: the number of ways to fill
//! the rows its border queens leave free.
//!
//! Source: Somers' bitboard backtracking (one word of taken columns and one
//! per diagonal direction, the lowest free square tried first), run level
//! by level in batches, the way GPU counters such as NQueensFaf run it, so
//! that the processor works on many independent states at once instead of
//! waiting on one unpredictable branch per square.
//!
//! Choices of this implementation:
//! - A state holds its open columns rather than its taken ones: placing a
//!   queen is then one exclusive-or, and its free squares need no mask of
//!   the constellation's columns (one vector instruction less per child
//!   and per refill, 5% less time at N = 17).
//! - The states of one free row (a *level*) wait in that level's buffer.
//!   Expanding a buffer writes the children of all its states into the
//!   next level's buffer, and whenever that one holds
//!   [`CHUNK`](super::level::CHUNK) states it is expanded first. The
//!   buffers ([`Level`], module `level`) are thus a stack of batches: a
//!   depth-first search whose unit is a batch, using a chunk of states of
//!   memory per level whatever the board size.
//! - A child is kept only if each of the next four free rows still has a
//!   free square (a look-ahead; at N = 16 it drops a fifth of the states a
//!   one-row check keeps, for a few bit operations per child; the third
//!   and fourth rows save another 7% of the time at N = 17). A child with
//!   four to six free rows left is checked against all of them, and also
//!   needs each of its open columns (as many as its rows) to be free in one
//!   of them. At N = 16 the last four rows are then counted for 10.9
//!   million states, where the previous kernel counted them for all 36.0
//!   million children of the fifth-last row (17.7 million of which have a
//!   free square in each of the four rows, and 1.8 million a completion);
//!   the count takes a fifth less time at N = 18 to 20.
//! - Keeping a child costs no branch: it is always written, and the write
//!   position advances only if it is kept.
//! - The states of the fourth-last free row are not expanded: their
//!   completions are counted without branches, 16 states at a time in
//!   AVX-512: with four columns left, the 24 ways to place them are the
//!   bits of a word, and the squares attacked in those rows and the
//!   diagonals the four queens would share each rule some out (module
//!   `tail`). Constellations with fewer than four free rows (at most
//!   N = 7) are searched by plain recursion.
//! - Meeting in the middle instead (enumerating the placements of the upper
//!   and of the lower free rows and joining those with complementary
//!   columns and disjoint diagonals) was measured and dropped: the pairs to
//!   test grow about nine times per N (3.8 million at N = 14, 333 million
//!   at N = 16, against 1.8 million completions), and at N = 16 the join
//!   took 0.95 s where the search takes 0.09 s.
//! - One kernel expands a buffer (module `lanes`), written once for any
//!   number of lanes and compiled for three instruction sets: plain Rust
//!   (one lane), AVX2 (8 lanes) and AVX-512 (16 lanes), chosen by
//!   [`Kernel`]. All visit the same states. This module drives the kernels;
//!   they never import it.

use super::MAX_N;
use super::constellations::Constellation;
use super::kernel::Kernel;
use super::lanes::{Isa, Scalar};
use super::level::Level;

/// The reusable buffers of the completion search, and the instruction set
/// that expands them. One per thread.
pub(super) struct Completer {
    engine: Engine,
    levels: Vec<Box<Level>>,
}

/// The instruction set a [`Completer`] runs on, found on this processor.
#[derive(Clone, Copy)]
enum Engine {
    /// One lane in plain Rust.
    Scalar(Scalar),
    /// 8 lanes.
    #[cfg(target_arch = "x86_64")]
    Avx2(super::avx2::Avx2),
    /// 16 lanes.
    #[cfg(target_arch = "x86_64")]
    Avx512(super::avx512::Avx512),
}

impl Engine {
    /// The instruction set of `kernel`, or the portable one if this
    /// processor lacks it.
    fn of(kernel: Kernel) -> Self {
        let found = match kernel {
            Kernel::Portable => None,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => super::avx2::Avx2::detect().map(Engine::Avx2),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => super::avx512::Avx512::detect().map(Engine::Avx512),
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 | Kernel::Avx512 => None,
        };
        found.unwrap_or(Engine::Scalar(Scalar))
    }
}

impl Completer {
    /// Buffers for the largest board; a kernel the processor lacks is
    /// replaced by the portable one.
    pub fn new(kernel: Kernel) -> Self {
        Self {
            engine: Engine::of(kernel),
            levels: (0..MAX_N).map(|_| Level::boxed()).collect(),
        }
    }

    /// The number of ways to fill the free rows of `c`.
    pub fn completions(&mut self, c: &Constellation) -> u64 {
        if c.levels < 4 {
            return walk(c, 0, 0, 0, 0);
        }
        // The kernel takes every state it reads to have a free square in
        // its row: the children it stores do, the root may not.
        if c.columns & !c.attacked[0] == 0 {
            return 0;
        }
        let root = &mut self.levels[0];
        (root.left[0], root.open[0], root.right[0]) = (0, c.columns, 0);
        let levels = &mut self.levels;
        match self.engine {
            Engine::Scalar(isa) => isa.expand(levels, c, 0, 1),
            #[cfg(target_arch = "x86_64")]
            Engine::Avx2(isa) => isa.expand(levels, c, 0, 1),
            #[cfg(target_arch = "x86_64")]
            Engine::Avx512(isa) => isa.expand(levels, c, 0, 1),
        }
    }
}

/// The completions from free row `i` with the attack words `left`, `down`,
/// `right`, by plain recursion: for constellations with fewer than four
/// free rows, which the batched search does not take.
fn walk(c: &Constellation, i: usize, left: u32, down: u32, right: u32) -> u64 {
    if i >= c.levels {
        return 1;
    }
    let mut bits = c.columns & !(left | down | right | c.attacked[i]);
    let gap = u32::from(c.gap[i]);
    let mut total = 0;
    while bits != 0 {
        let bit = bits & bits.wrapping_neg();
        bits ^= bit;
        total += walk(
            c,
            i + 1,
            (left | bit) << gap,
            down | bit,
            (right | bit) >> gap,
        );
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::constellations::representatives;

    #[test]
    fn the_batched_search_counts_what_plain_recursion_counts() {
        // Per constellation, on every kernel this processor runs: the
        // look-ahead and the covering check may drop only states without a
        // completion.
        for n in [8, 11, 13] {
            for kernel in Kernel::ALL.into_iter().filter(|k| k.is_supported()) {
                let mut completer = Completer::new(kernel);
                for (t, c) in representatives(n).iter().enumerate() {
                    assert_eq!(
                        completer.completions(c),
                        walk(c, 0, 0, 0, 0),
                        "n = {n}, constellation {t}, {kernel}"
                    );
                }
            }
        }
    }
}
