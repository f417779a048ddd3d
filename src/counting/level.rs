//! What the completion search (module `completion`) and its kernel (module
//! `lanes`, compiled per instruction set) share: the buffer of the states
//! waiting at one free row ([`Level`]), its size ([`CHUNK`], [`CAPACITY`]),
//! and the masks of one expansion step ([`Step`]).

use super::constellations::Constellation;

/// How many states of one level are expanded together.
pub(super) const CHUNK: usize = 1024;

/// The room of a level's buffer: a chunk, plus the children written after
/// it filled up (at most 16 in one step), plus room for a 16-word read or
/// write at any position below that.
pub(super) const CAPACITY: usize = CHUNK + 64;

/// The states waiting at one free row: the three attack words of each,
/// one array per word.
pub(super) struct Level {
    /// Diagonal attacks that move one column up per row (the word is
    /// shifted left on the way down).
    pub left: [u32; CAPACITY],
    /// Columns taken.
    pub down: [u32; CAPACITY],
    /// Diagonal attacks that move one column down per row (the word is
    /// shifted right on the way down).
    pub right: [u32; CAPACITY],
}

impl Level {
    /// An empty buffer on the heap (it is 13 KiB).
    pub(super) fn boxed() -> Box<Self> {
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

    /// Whether the children of row `i` are the third-last free row's, so
    /// that they are counted instead of stored.
    pub fn is_last(c: &Constellation, i: usize) -> bool {
        i + 3 == c.levels
    }
}
