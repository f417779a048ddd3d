//! What the completion search (module `completion`) and its kernel (module
//! `lanes`, compiled per instruction set) share: the buffer of the states
//! waiting at one free row ([`Level`]), its size ([`CHUNK`], [`CAPACITY`]),
//! and the masks of one expansion step ([`Step`]).

use super::constellations::Constellation;

/// How many states of one level are expanded together.
pub(super) const CHUNK: usize = 4096;

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
    /// An empty buffer on the heap (it is 49 KiB).
    pub(super) fn boxed() -> Box<Self> {
        Box::new(Self {
            left: [0; CAPACITY],
            down: [0; CAPACITY],
            right: [0; CAPACITY],
        })
    }
}

/// How many free rows below a child the search checks for a free square
/// before keeping the child.
pub(super) const LOOKAHEAD: usize = 4;

/// What becomes of the children of a level's states.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Children {
    /// They are kept in the next level's buffer if each of the next
    /// [`LOOKAHEAD`] free rows keeps a free square.
    Stored,
    /// They have two free rows left, which are counted at once (the last
    /// expansion of a constellation with three or four free rows).
    LastTwoRows,
    /// They have four free rows left, which are counted at once (module
    /// `tail`; the last expansion of a constellation with five or more free
    /// rows).
    LastFourRows,
}

/// The masks that expanding free row `i` of a constellation uses: its own
/// row and the free rows below it.
#[derive(Clone, Copy)]
pub(super) struct Step {
    /// The columns the free rows may use.
    pub columns: u32,
    /// The border queens' diagonal attacks on row `i`.
    pub attacked: u32,
    /// The distance from row `i` to the next free row.
    pub gap: u32,
    /// For the next [`LOOKAHEAD`] free rows `i + 1`, `i + 2`, …, the border
    /// queens' diagonal attacks on each (past the last free row, the last
    /// one's again).
    pub ahead_attacked: [u32; LOOKAHEAD],
    /// For the same rows, the distance from row `i + 1` to each.
    pub ahead_offset: [u32; LOOKAHEAD],
    /// What becomes of the children.
    pub children: Children,
}

impl Step {
    /// The masks of free row `i`, which must have two free rows below it.
    pub fn at(c: &Constellation, i: usize) -> Self {
        debug_assert!(i + 2 < c.levels, "row {i} of {} levels", c.levels);
        let last = c.levels - 1;
        let mut ahead_attacked = [0; LOOKAHEAD];
        let mut ahead_offset = [0; LOOKAHEAD];
        let mut offset = 0;
        for k in 0..LOOKAHEAD {
            let row = (i + 1 + k).min(last);
            ahead_attacked[k] = c.attacked[row];
            ahead_offset[k] = offset;
            if row < last {
                offset += u32::from(c.gap[row]);
            }
        }
        let children = if i + 5 == c.levels {
            Children::LastFourRows
        } else if i + 3 == c.levels {
            Children::LastTwoRows
        } else {
            Children::Stored
        };
        Self {
            columns: c.columns,
            attacked: c.attacked[i],
            gap: u32::from(c.gap[i]),
            ahead_attacked,
            ahead_offset,
            children,
        }
    }
}
