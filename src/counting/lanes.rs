//! The kernel of the batched completion search (module `completion`),
//! written once for any number of lanes: each lane works through one state
//! of a level at a time, and every instruction set supplies the few vector
//! operations it needs through [`Isa`].
//!
//! Source: the lane-per-subtree scheme of GPU N-Queens counters (e.g.
//! NQueensFaf), with the lanes refilled from the level's buffer as they run
//! dry so that none idles while work is left.
//!
//! Each step of the loop, for all lanes of a [`Cursor`] together:
//! 1. lanes whose state has no untried square left take the next states of
//!    the cursor's share of the buffer, in order;
//! 2. every lane takes the lowest untried square of its state and computes
//!    the child's attack words;
//! 3. the children that keep a free square in each of the next free rows
//!    checked ([`Step`]) are packed together and appended to the next
//!    level's buffer, which is expanded first once it holds [`CHUNK`]
//!    states.
//!
//! The loop that fills the next level's buffer is kept apart from the
//! expansion of that buffer (the recursive call), so that the cursors stay
//! in registers and the two buffers are seen as distinct (4% less time at
//! N = 18 than with the call inside the loop, which spilled cursor words
//! to the stack at every step).
//!
//! Two cursors take turns, each with half of the buffer: their steps
//! depend on nothing of each other's, so the processor overlaps them (3%
//! less time at N = 18 than one cursor with AVX-512; the portable kernel,
//! one lane per cursor, takes 8% more). A row is checked as the squares
//! no queen attacks (`!(a | b | c)`, one instruction in AVX-512) tested
//! against the open columns, which with the two shifts is four
//! instructions per row.
//!
//! The states of the fourth-last free row are not expanded: their
//! completions are counted at once, 16, 8 or 1 states at a time (module
//! `tail`).
//!
//! Whatever the number of lanes, the same states are visited and the same
//! count comes out; only the order of the states in a buffer differs.

use super::constellations::Constellation;
use super::level::{CHUNK, Level, Rows, Step};
use super::tail::{self, ABSENT, ALL, COLUMN_PAIRS};

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
    /// Lanewise `!(a | b | c)`.
    fn nor3(self, a: Self::Vector, b: Self::Vector, c: Self::Vector) -> Self::Vector;
    /// Lanewise `a & b`.
    fn and(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Lanewise `a - b` (wrapping).
    fn sub(self, a: Self::Vector, b: Self::Vector) -> Self::Vector;
    /// Lanewise number of leading zero bits of `a`, where `a` has exactly
    /// one bit set (any value for other lanes).
    fn leading_zeros(self, a: Self::Vector) -> Self::Vector;
    /// `allowed`, with the lanes where `a & b` is not 0 replaced by
    /// `allowed & keep`.
    fn keep_where_set(
        self,
        allowed: Self::Vector,
        a: Self::Vector,
        b: Self::Vector,
        keep: Self::Vector,
    ) -> Self::Vector;
    /// `allowed` without the assignments of the last four rows (module
    /// `tail`) that put a queen on an attacked square, where `attacked[t]`
    /// holds the squares attacked in row `t`, `column[k]` the `k`-th lowest
    /// column left (one bit) and `zeros[k]` its leading zeros. By default
    /// one [`Isa::keep_where_set`] per row and column (16 in all); an
    /// instruction set may look each row's pattern up instead.
    #[inline(always)]
    fn rule_out_attacked(
        self,
        mut allowed: Self::Vector,
        attacked: &[Self::Vector; 4],
        column: &[Self::Vector; 4],
        _zeros: &[Self::Vector; 4],
    ) -> Self::Vector {
        for (row, row_attacked) in attacked.iter().enumerate() {
            for (k, &col) in column.iter().enumerate() {
                let absent = self.splat(ABSENT[row][k]);
                allowed = self.keep_where_set(allowed, *row_attacked, col, absent);
            }
        }
        allowed
    }
    /// A table of 16 words in the form [`Isa::lookup`] reads.
    type Table: Copy;
    /// The table of `words`.
    fn table(self, words: &[u32; 16]) -> Self::Table;
    /// Lanewise `table[min(index, 15)]` (`index` below 32).
    fn lookup(self, table: Self::Table, index: Self::Vector) -> Self::Vector;
    /// `sums` plus, in the lanes of `lanes`, the number of set bits of `a`.
    fn add_count_ones(self, sums: Self::Vector, a: Self::Vector, lanes: u32) -> Self::Vector;
    /// The sum of the lanes.
    fn sum(self, a: Self::Vector) -> u64;
    /// Lanewise lowest set bit of `a` (0 for 0).
    fn lowest(self, a: Self::Vector) -> Self::Vector;
    /// Lanewise `a << by` (`by` below 32).
    fn shl(self, a: Self::Vector, by: Self::Vector) -> Self::Vector;
    /// Lanewise `a >> by` (`by` below 32).
    fn shr(self, a: Self::Vector, by: Self::Vector) -> Self::Vector;
    /// The lanes where `a & b` is not 0.
    fn test(self, a: Self::Vector, b: Self::Vector) -> u32;
    /// The first [`Isa::LANES`] of `words`.
    fn load(self, words: &[u32]) -> Self::Vector;
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

/// Counts the solutions below the first `len` states of level `i`: the
/// last four free rows are counted at once, the rows above are expanded.
/// A child with four to six free rows left is checked against all of them
/// and against its open columns (see [`expand_stored`]); one with more is
/// checked against the next four. Inlined into each instruction set's
/// [`Isa::expand`].
#[inline(always)]
pub(super) fn expand<I: Isa>(
    isa: I,
    levels: &mut [Box<Level>],
    c: &Constellation,
    i: usize,
    len: usize,
) -> u64 {
    match c.levels - i {
        4 => count_last_four(isa, &levels[i], len, &Rows::at(c, i)),
        5 => expand_stored::<I, 4, true>(isa, levels, c, i, len, &Step::at(c, i)),
        6 => expand_stored::<I, 5, true>(isa, levels, c, i, len, &Step::at(c, i)),
        7 => expand_stored::<I, 6, true>(isa, levels, c, i, len, &Step::at(c, i)),
        _ => expand_stored::<I, 4, false>(isa, levels, c, i, len, &Step::at(c, i)),
    }
}

/// The lanes working through their share of one level's buffer: each
/// lane's state and the squares of its row it has not tried yet.
#[derive(Clone, Copy)]
struct Cursor<I: Isa> {
    left: I::Vector,
    open: I::Vector,
    right: I::Vector,
    untried: I::Vector,
    /// The next state of the share the lanes take.
    read: usize,
    /// Where the share ends.
    end: usize,
}

/// The next child of every lane that has one (none once the cursor's share
/// is done): its diagonal attack words seen from the next free row, and
/// its open columns.
struct Child<I: Isa> {
    /// The lanes that have a child.
    active: u32,
    left: I::Vector,
    open: I::Vector,
    right: I::Vector,
}

impl<I: Isa> Cursor<I> {
    #[inline(always)]
    fn new(isa: I, read: usize, end: usize) -> Self {
        let zero = isa.splat(0);
        Self {
            left: zero,
            open: zero,
            right: zero,
            untried: zero,
            read,
            end,
        }
    }

    /// Refills the idle lanes from the share of `input` and takes the
    /// lowest untried square of every lane.
    #[inline(always)]
    fn next_child<const K: usize>(&mut self, isa: I, input: &Level, step: &Step<K>) -> Child<I> {
        let every_lane = (1u32 << I::LANES) - 1;
        let idle = every_lane & !isa.test(self.untried, self.untried);
        // A refilled lane has an untried square: every stored state keeps
        // a free square in its row (the look-ahead's first row; the root's
        // row is checked in `Completer::completions`), so no test is needed.
        let mut active = every_lane & !idle;
        if idle != 0 && self.read < self.end {
            let refill = lowest_lanes(idle, self.end - self.read);
            let at = self.read..self.read + I::LANES;
            self.left = isa.refill(self.left, refill, &input.left[at.clone()]);
            self.open = isa.refill(self.open, refill, &input.open[at.clone()]);
            self.right = isa.refill(self.right, refill, &input.right[at]);
            self.read += refill.count_ones() as usize;
            let unattacked = isa.nor3(self.left, self.right, isa.splat(step.attacked));
            self.untried = isa.blend(self.untried, refill, isa.and(unattacked, self.open));
            active |= refill;
        }
        let bit = isa.lowest(self.untried);
        self.untried = isa.xor(self.untried, bit);
        let gap = isa.splat(step.gap);
        Child {
            active,
            left: isa.shl(isa.or(self.left, bit), gap),
            // The square is in an open column, which it now takes.
            open: isa.xor(self.open, bit),
            right: isa.shr(isa.or(self.right, bit), gap),
        }
    }
}

/// What attacks row `k` of `rows` (from 0) along a diagonal, for the
/// diagonal words `left` and `right` seen from row 0: the two words seen
/// from that row and the border queens' attacks on it. A square is
/// attacked if it is in one of the three.
#[inline(always)]
fn attacks_on_row<I: Isa, const K: usize>(
    isa: I,
    left: I::Vector,
    right: I::Vector,
    rows: &Rows<K>,
    k: usize,
) -> [I::Vector; 3] {
    let attacked = isa.splat(rows.attacked[k]);
    if k == 0 {
        [left, right, attacked]
    } else {
        let offset = isa.splat(rows.offset[k]);
        [isa.shl(left, offset), isa.shr(right, offset), attacked]
    }
}

/// Expands level `i`, storing the children that keep a free square in each
/// of the next `K` free rows in level `i + 1`, and counts the solutions
/// below them. With `ALL_LEFT`, those `K` rows are all the rows left below
/// the children, which then have `K` open columns, and a child is kept only
/// if each of them is also free in one of the rows (a row and a column
/// without a free square each make a completion impossible).
#[inline(always)]
fn expand_stored<I: Isa, const K: usize, const ALL_LEFT: bool>(
    isa: I,
    levels: &mut [Box<Level>],
    c: &Constellation,
    i: usize,
    len: usize,
    step: &Step<K>,
) -> u64 {
    let half = len / 2;
    let mut cursors = [Cursor::new(isa, 0, half), Cursor::new(isa, half, len)];
    let mut total = 0u64;
    loop {
        let (upper, lower) = levels.split_at_mut(i + 1);
        let (kept, done) =
            fill::<I, K, ALL_LEFT>(isa, &upper[i], &mut lower[0], &mut cursors, step);
        if kept > 0 {
            total += isa.expand(levels, c, i + 1, kept);
        }
        if done {
            return total;
        }
    }
}

/// Writes the kept children of the cursors' states to `output` until it
/// holds [`CHUNK`] of them or the cursors are done: the number written, and
/// whether the cursors are done. Apart from [`expand_stored`], so that the
/// loop sees the two buffers as distinct and keeps the cursors in
/// registers (the expansion of `output` happens outside it).
#[inline(always)]
fn fill<I: Isa, const K: usize, const ALL_LEFT: bool>(
    isa: I,
    input: &Level,
    output: &mut Level,
    cursors: &mut [Cursor<I>; 2],
    step: &Step<K>,
) -> (usize, bool) {
    let [mut first, mut second] = [cursors[0], cursors[1]];
    let mut kept = 0usize;
    let mut done = false;
    while kept < CHUNK {
        // Two calls, not a closure: a closure would not be inlined into
        // the function compiled with the instruction set's features.
        let children = [
            first.next_child(isa, input, step),
            second.next_child(isa, input, step),
        ];
        if children[0].active | children[1].active == 0 {
            done = true;
            break;
        }
        for child in children {
            let mut keep = child.active;
            // Per row, the squares no queen attacks; its free squares are
            // those of them in the child's open columns.
            let mut unattacked = [isa.splat(0); K];
            for (k, row) in unattacked.iter_mut().enumerate() {
                let [a, b, c] = attacks_on_row(isa, child.left, child.right, &step.ahead, k);
                *row = isa.nor3(a, b, c);
                keep &= isa.test(*row, child.open);
            }
            if ALL_LEFT {
                let mut covered = unattacked[0];
                for row in &unattacked[1..K - 2] {
                    covered = isa.or(covered, *row);
                }
                let uncovered = isa.nor3(covered, unattacked[K - 2], unattacked[K - 1]);
                keep &= !isa.test(uncovered, child.open);
            }
            let at = kept..kept + I::LANES;
            isa.store_packed(child.left, keep, &mut output.left[at.clone()]);
            isa.store_packed(child.open, keep, &mut output.open[at.clone()]);
            isa.store_packed(child.right, keep, &mut output.right[at]);
            kept += keep.count_ones() as usize;
        }
    }
    *cursors = [first, second];
    (kept, done)
}

/// Counts the solutions below the first `len` states of `input`, the
/// fourth-last free row `rows`: each state has four columns and four rows
/// left, and its completions are the assignments of columns to rows
/// (module `tail`) that give every row a free square and no two queens a
/// common diagonal.
#[inline(always)]
fn count_last_four<I: Isa>(isa: I, input: &Level, len: usize, rows: &Rows<4>) -> u64 {
    // Written out, not mapped: a closure would not be inlined into the
    // function compiled with the instruction set's features.
    let pairs = tail::pairs(rows.offset);
    let pair_tables = [
        isa.table(&pairs[0]),
        isa.table(&pairs[1]),
        isa.table(&pairs[2]),
        isa.table(&pairs[3]),
        isa.table(&pairs[4]),
        isa.table(&pairs[5]),
    ];
    let every_lane = (1u32 << I::LANES) - 1;
    let mut sums = isa.splat(0);
    for start in (0..len).step_by(I::LANES) {
        let lanes = every_lane >> (I::LANES - (len - start).min(I::LANES));
        let at = start..start + I::LANES;
        let left = isa.load(&input.left[at.clone()]);
        let open = isa.load(&input.open[at.clone()]);
        let right = isa.load(&input.right[at]);
        let attacked = [0, 1, 2, 3].map(|k| {
            let [a, b, c] = attacks_on_row(isa, left, right, rows, k);
            isa.or(isa.or(a, b), c)
        });
        let c0 = isa.lowest(open);
        let rest = isa.xor(open, c0);
        let c1 = isa.lowest(rest);
        let rest = isa.xor(rest, c1);
        let c2 = isa.lowest(rest);
        let column = [c0, c1, c2, isa.xor(rest, c2)];
        let zeros = column.map(|col| isa.leading_zeros(col));
        let mut allowed = isa.rule_out_attacked(isa.splat(ALL), &attacked, &column, &zeros);
        for (table, &(p, q)) in pair_tables.iter().zip(&COLUMN_PAIRS) {
            let apart = isa.sub(zeros[p], zeros[q]);
            allowed = isa.and(allowed, isa.lookup(*table, apart));
        }
        sums = isa.add_count_ones(sums, allowed, lanes);
    }
    isa.sum(sums)
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
    fn nor3(self, a: u32, b: u32, c: u32) -> u32 {
        !(a | b | c)
    }

    #[inline(always)]
    fn lowest(self, a: u32) -> u32 {
        a & a.wrapping_neg()
    }

    #[inline(always)]
    fn and(self, a: u32, b: u32) -> u32 {
        a & b
    }

    #[inline(always)]
    fn sub(self, a: u32, b: u32) -> u32 {
        a.wrapping_sub(b)
    }

    #[inline(always)]
    fn leading_zeros(self, a: u32) -> u32 {
        a.leading_zeros()
    }

    #[inline(always)]
    fn keep_where_set(self, allowed: u32, a: u32, b: u32, keep: u32) -> u32 {
        if a & b != 0 { allowed & keep } else { allowed }
    }

    type Table = [u32; 16];

    #[inline(always)]
    fn table(self, words: &[u32; 16]) -> [u32; 16] {
        *words
    }

    #[inline(always)]
    fn lookup(self, table: [u32; 16], index: u32) -> u32 {
        table[index.min(15) as usize]
    }

    #[inline(always)]
    fn add_count_ones(self, sums: u32, a: u32, lanes: u32) -> u32 {
        if lanes & 1 != 0 {
            sums + a.count_ones()
        } else {
            sums
        }
    }

    #[inline(always)]
    fn sum(self, a: u32) -> u64 {
        u64::from(a)
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
    fn load(self, words: &[u32]) -> u32 {
        words[0]
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
