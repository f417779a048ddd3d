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
//! - The states of one free row (a *level*) wait in that level's buffer.
//!   Expanding a buffer writes the children of all its states into the
//!   next level's buffer, and whenever that one holds [`CHUNK`] states it
//!   is expanded first. The buffers are thus a stack of batches: a
//!   depth-first search whose unit is a batch, using [`CHUNK`] states of
//!   memory per level whatever the board size.
//! - A child is kept only if the next two free rows each still have a free
//!   square (a two-row look-ahead; at N = 16 it drops a fifth of the states
//!   a one-row check keeps, for four more bit operations per child).
//! - Keeping a child costs no branch: it is always written, and the write
//!   position advances only if it is kept.
//! - The last two free rows are counted without branches ([`Step::last_two`])
//!   straight from the children of the third-last row, which are never
//!   stored.
//! - Two kernels expand a buffer and visit the same states: [`expand`] in
//!   plain Rust, and on x86-64 processors with AVX-512 a 16-lane vector
//!   kernel (module `avx512`).

use super::Kernel;
use super::MAX_N;
use super::constellations::Constellation;

/// How many states of one level are expanded together.
pub(super) const CHUNK: usize = 1024;

/// The room of a level's buffer: a chunk, plus the children written after
/// it filled up (at most 32 in one go), plus room for a 16-state read at
/// any position below the buffer's length.
pub(super) const CAPACITY: usize = CHUNK + 64;

/// The states waiting at one free row: the three attack words of each,
/// one array per word.
pub(super) struct Level {
    /// Squares attacked along the diagonals running down to the right.
    pub left: [u32; CAPACITY],
    /// Columns taken.
    pub down: [u32; CAPACITY],
    /// Squares attacked along the diagonals running down to the left.
    pub right: [u32; CAPACITY],
}

impl Level {
    /// An empty buffer on the heap (it is 13 KiB).
    fn boxed() -> Box<Self> {
        Box::new(Self {
            left: [0; CAPACITY],
            down: [0; CAPACITY],
            right: [0; CAPACITY],
        })
    }
}

/// The masks that expanding free row `i` of a constellation uses: its own
/// row and the two below it (the look-ahead, or the last two rows).
#[derive(Clone, Copy)]
pub(super) struct Step {
    /// The columns the free rows may use.
    pub columns: u32,
    /// The border queens' diagonal attacks on row `i`.
    pub attacked: u32,
    /// The distance from row `i` to the next free row.
    pub gap: u32,
    /// The border queens' diagonal attacks on free row `i + 1`.
    pub next_attacked: u32,
    /// The distance from free row `i + 1` to free row `i + 2`.
    pub next_gap: u32,
    /// The border queens' diagonal attacks on free row `i + 2`.
    pub after_attacked: u32,
}

impl Step {
    /// The masks of free row `i`, which must have two free rows below it.
    pub fn at(c: &Constellation, i: usize) -> Self {
        debug_assert!(i + 2 < c.levels, "row {i} of {} levels", c.levels);
        Self {
            columns: c.columns,
            attacked: c.attacked[i],
            gap: u32::from(c.gap[i]),
            next_attacked: c.attacked[i + 1],
            next_gap: u32::from(c.gap[i + 1]),
            after_attacked: c.attacked[i + 2],
        }
    }

    /// Whether the children of this row are the third-last free row's, so
    /// that they are counted instead of stored.
    pub fn is_last(c: &Constellation, i: usize) -> bool {
        i + 3 == c.levels
    }

    /// The free squares of this row for a state's attack words.
    #[inline(always)]
    fn free(&self, left: u32, down: u32, right: u32) -> u32 {
        self.columns & !(left | down | right | self.attacked)
    }

    /// The attack words at the next free row after a queen on `bit`.
    #[inline(always)]
    fn place(&self, left: u32, down: u32, right: u32, bit: u32) -> (u32, u32, u32) {
        (
            (left | bit) << self.gap,
            down | bit,
            (right | bit) >> self.gap,
        )
    }

    /// Whether a child (attack words at free row `i + 1`) leaves a free
    /// square in rows `i + 1` and `i + 2`.
    #[inline(always)]
    fn keeps(&self, left: u32, down: u32, right: u32) -> bool {
        let next = self.columns & !(left | down | right | self.next_attacked);
        let after = self.columns
            & !((left << self.next_gap) | down | (right >> self.next_gap) | self.after_attacked);
        (next != 0) & (after != 0)
    }

    /// The ways to fill the last two free rows, `i + 1` and `i + 2`, from a
    /// child's attack words at row `i + 1`, without branches. Two columns
    /// are left; each order is tried.
    #[inline(always)]
    fn last_two(&self, left: u32, down: u32, right: u32) -> u32 {
        let first = self.columns & !(left | down | right | self.next_attacked);
        let second = self.columns
            & !((left << self.next_gap) | (right >> self.next_gap) | self.after_attacked);
        let open = self.columns & !down;
        let a = open & open.wrapping_neg();
        let b = open ^ a;
        let apart = ((a << self.next_gap) | (a >> self.next_gap)) & b == 0;
        let ab = (first & a != 0) & (second & b != 0);
        let ba = (first & b != 0) & (second & a != 0);
        u32::from(apart) * (u32::from(ab) + u32::from(ba))
    }
}

/// The reusable buffers of the completion search, and the kernel that
/// expands them. One per thread.
pub(super) struct Completer {
    kernel: Kernel,
    levels: Vec<Box<Level>>,
}

impl Completer {
    /// Buffers for the largest board; a kernel the processor lacks is
    /// replaced by the portable one.
    pub fn new(kernel: Kernel) -> Self {
        let kernel = if kernel.is_supported() {
            kernel
        } else {
            Kernel::Portable
        };
        Self {
            kernel,
            levels: (0..MAX_N).map(|_| Level::boxed()).collect(),
        }
    }

    /// The number of ways to fill the free rows of `c`.
    pub fn completions(&mut self, c: &Constellation) -> u64 {
        if c.levels < 3 {
            return walk(c, 0, 0, 0, 0);
        }
        let root = &mut self.levels[0];
        (root.left[0], root.down[0], root.right[0]) = (0, 0, 0);
        match self.kernel {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `new` keeps the AVX-512 kernel only on a processor
            // that has the features it is compiled for.
            Kernel::Avx512 => unsafe { super::avx512::expand(&mut self.levels, c, 0, 1) },
            _ => expand(&mut self.levels, c, 0, 1),
        }
    }
}

/// Expands the first `len` states of level `i` and counts the solutions
/// below them: the portable kernel.
fn expand(levels: &mut [Box<Level>], c: &Constellation, i: usize, len: usize) -> u64 {
    let step = Step::at(c, i);
    let last = Step::is_last(c, i);
    let mut total = 0u64;
    let mut kept = 0usize;
    for s in 0..len {
        let (left, down, right) = (levels[i].left[s], levels[i].down[s], levels[i].right[s]);
        let mut bits = step.free(left, down, right);
        if last {
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                bits ^= bit;
                let (l, d, r) = step.place(left, down, right, bit);
                total += u64::from(step.last_two(l, d, r));
            }
            continue;
        }
        let next = &mut levels[i + 1];
        while bits != 0 {
            let bit = bits & bits.wrapping_neg();
            bits ^= bit;
            let (l, d, r) = step.place(left, down, right, bit);
            (next.left[kept], next.down[kept], next.right[kept]) = (l, d, r);
            kept += usize::from(step.keeps(l, d, r));
        }
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

/// The completions from free row `i` with the attack words `left`, `down`,
/// `right`, by plain recursion: for constellations with fewer than three
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
