//! What the completion search (module `completion`) and its kernel (module
//! `lanes`, compiled per instruction set) share: the buffer of the states
//! waiting at one free row ([`Level`]), its size ([`CHUNK`], [`CAPACITY`]),
//! the masks of one expansion step ([`Step`]) and of the rows below it
//! ([`Rows`]).

use super::constellations::Constellation;

/// How many states of one level are expanded together.
pub(super) const CHUNK: usize = 4096;

/// The room of a level's buffer: a chunk, plus the children written after
/// it filled up (at most 32: one step of each of the two cursors), plus
/// room for a 16-word read or write at any position below that.
pub(super) const CAPACITY: usize = CHUNK + 64;

/// The states waiting at one free row: the two diagonal attack words and
/// the open columns of each, one array per word.
pub(super) struct Level {
    /// Diagonal attacks that move one column up per row (the word is
    /// shifted left on the way down).
    pub left: [u32; CAPACITY],
    /// The columns still open: the constellation's free columns that no
    /// queen of the free rows has taken yet.
    pub open: [u32; CAPACITY],
    /// Diagonal attacks that move one column down per row (the word is
    /// shifted right on the way down).
    pub right: [u32; CAPACITY],
}

impl Level {
    /// An empty buffer on the heap (it is 49 KiB).
    pub(super) fn boxed() -> Box<Self> {
        Box::new(Self {
            left: [0; CAPACITY],
            open: [0; CAPACITY],
            right: [0; CAPACITY],
        })
    }
}

/// The masks that expanding free row `i` of a constellation uses: its own
/// row and the `K` free rows below it, which each child must leave a free
/// square in to be kept.
#[derive(Clone, Copy)]
pub(super) struct Step<const K: usize> {
    /// The border queens' diagonal attacks on row `i`.
    pub attacked: u32,
    /// The distance from row `i` to the next free row.
    pub gap: u32,
    /// The next `K` free rows, `i + 1` to `i + K`.
    pub ahead: Rows<K>,
}

impl<const K: usize> Step<K> {
    /// The masks of free row `i`, which must have `K` free rows below it.
    pub fn at(c: &Constellation, i: usize) -> Self {
        Self {
            attacked: c.attacked[i],
            gap: u32::from(c.gap[i]),
            ahead: Rows::at(c, i + 1),
        }
    }
}

/// The masks of `K` consecutive free rows `i` to `i + K - 1` of a
/// constellation: the rows a child is checked against before it is kept,
/// or the last four rows, whose completions are counted at once (module
/// `tail`).
#[derive(Clone, Copy)]
pub(super) struct Rows<const K: usize> {
    /// The border queens' diagonal attacks on each of the rows.
    pub attacked: [u32; K],
    /// The distance from row `i` to each of the rows (0 first).
    pub offset: [u32; K],
}

impl<const K: usize> Rows<K> {
    /// The masks of free rows `i` to `i + K - 1`.
    pub fn at(c: &Constellation, i: usize) -> Self {
        debug_assert!(i + K <= c.levels, "row {i} of {} levels", c.levels);
        let mut attacked = [0; K];
        let mut offset = [0; K];
        let mut distance = 0;
        for k in 0..K {
            attacked[k] = c.attacked[i + k];
            offset[k] = distance;
            distance += u32::from(c.gap[i + k]);
        }
        Self { attacked, offset }
    }
}
