//! The board of min-conflicts `fast`: a permutation of columns (one queen per
//! row and per column, so only diagonals can conflict) plus the number of
//! queens on each diagonal of each direction, kept up to date by every swap.
//!
//! The counts are a type parameter ([`DiagonalCounts`]): one `u16` per
//! diagonal up to N = 65 535 ([`DenseCounts`](super::DenseCounts), 12 bytes
//! per queen with the columns), occupancy bits and a map of the crowded
//! diagonals above ([`SparseCounts`](super::SparseCounts), 4.5 bytes per
//! queen). Every change of a count is checked and panics instead of
//! wrapping.

use super::counts::{DiagonalCounts, Direction, occupancy_words};
use crate::solvers::blocks::boards::{RowBoard, anti_diagonal, diagonal};

#[cold]
#[inline(never)]
fn pairs_out_of_range(pairs: u64, delta: i64) -> ! {
    panic!("attacking pair count {pairs} cannot change by {delta}: the bookkeeping is broken")
}

/// Why a column vector cannot become a [`FastBoard`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FastBoardError {
    /// The board needs one queen per column: a permutation of `0..n`.
    #[error("row {row}: column {column} is repeated or outside 0..{n}; a permutation is required")]
    NotPermutation {
        /// The offending row.
        row: usize,
        /// Its column.
        column: u32,
        /// The board size.
        n: usize,
    },
    /// More queens share one diagonal than the counter type can count.
    #[error("a diagonal holds more than {max} queens, too many for this counter type")]
    CounterTooNarrow {
        /// The counter type's maximum.
        max: u32,
    },
    /// Columns are stored as `u32`.
    #[error("board size {n} exceeds the largest supported size {max}")]
    TooLarge {
        /// The requested size.
        n: usize,
        /// The largest size whose columns fit a `u32`.
        max: usize,
    },
}

/// The largest board size: its columns and its size both fit a `u32`.
pub const MAX_N: usize = u32::MAX as usize;

/// A permutation board with diagonal counters and the running number of
/// attacking pairs. Public so tests can check the incremental bookkeeping
/// against a from-scratch count; the solver drives it through the same calls.
///
/// Diagonal indices: row `r`, column `c` lies on up-diagonal `r + c` and on
/// down-diagonal `r + (n - 1) - c`, both in `0..2n - 1` (the anti-diagonal
/// and the diagonal of every solver board, [`crate::solvers::blocks::boards`]).
///
/// A [`RowBoard`] like the local searches' boards, but its own type, not a
/// [`PermutationBoard`](crate::solvers::blocks::boards::PermutationBoard): its
/// counts (the type parameter `S`, [`SparseCounts`](super::SparseCounts)
/// above N = 65 535) keep a billion queens in 4.5 bytes each, its
/// initialization builds them from
/// the occupancy bits it placed the rows with, and it keeps no check counter
/// (the solver counts its checks in its metrics).
#[derive(Clone, Debug)]
pub struct FastBoard<S: DiagonalCounts> {
    /// `columns[r]`: the column of row `r`'s queen.
    pub(super) columns: Vec<u32>,
    /// Queens on each up-diagonal `r + c` and each down-diagonal
    /// `r + n - 1 - c` (rebuilt by every initialization).
    pub(super) counts: S,
    /// Attacking pairs: the sum over all diagonals of `k (k - 1) / 2`, `k` the
    /// diagonal's count (columns never conflict in a permutation).
    pub(super) pairs: u64,
}

/// The up- and down-diagonal indices of square (`row`, `column`) on a board
/// of size `n`.
#[inline(always)]
pub(super) fn diagonals_of(n: usize, row: usize, column: u32) -> (usize, usize) {
    (anti_diagonal(row, column), diagonal(n, row, column))
}

impl<S: DiagonalCounts> FastBoard<S> {
    /// A board of `n` rows, every column zero and no counts yet, for the
    /// initialization to fill (it builds the counts).
    pub(super) fn unplaced(n: usize) -> Self {
        Self {
            // Not advised onto huge pages (see `hugepages.rs`).
            columns: vec![0; n],
            counts: S::default(),
            pairs: 0,
        }
    }

    /// The board with queen `r` in column `columns[r]`, all counted.
    pub fn from_columns(columns: Vec<u32>) -> Result<Self, FastBoardError> {
        let n = columns.len();
        if n > MAX_N {
            return Err(FastBoardError::TooLarge { n, max: MAX_N });
        }
        let mut seen = vec![false; n];
        for (row, &column) in columns.iter().enumerate() {
            let c = column as usize;
            if c >= n || seen[c] {
                return Err(FastBoardError::NotPermutation { row, column, n });
            }
            seen[c] = true;
        }
        let mut board = Self {
            columns,
            counts: S::from_occupancy(n, vec![[0; 2]; occupancy_words(n)]),
            pairs: 0,
        };
        for row in 0..n {
            let (u, d) = board.diagonals(row, board.columns[row]);
            if board.counts.get(Direction::Up, u) == S::MAX
                || board.counts.get(Direction::Down, d) == S::MAX
            {
                return Err(FastBoardError::CounterTooNarrow { max: S::MAX });
            }
            board.place(row);
        }
        Ok(board)
    }

    /// The up- and down-diagonal indices of square (`row`, `column`).
    #[inline(always)]
    pub(super) fn diagonals(&self, row: usize, column: u32) -> (usize, usize) {
        diagonals_of(self.columns.len(), row, column)
    }

    /// Queens on up-diagonal `u` plus queens on down-diagonal `d`.
    #[inline(always)]
    fn on(&self, (u, d): (usize, usize)) -> i64 {
        i64::from(self.counts.get(Direction::Up, u))
            + i64::from(self.counts.get(Direction::Down, d))
    }

    /// Counts row `row`'s queen on its diagonals and adds the pairs it forms
    /// with queens already counted.
    fn place(&mut self, row: usize) {
        let square = self.diagonals(row, self.columns[row]);
        self.pairs += self.on(square) as u64;
        self.counts.increment(Direction::Up, square.0);
        self.counts.increment(Direction::Down, square.1);
    }

    /// How many other queens attack the queen of `row`.
    #[inline]
    pub fn conflicts(&self, row: usize) -> u32 {
        (self.on(self.diagonals(row, self.columns[row])) - 2) as u32
    }

    /// The change in attacking pairs if rows `a` and `b` exchanged columns.
    ///
    /// Removing `a` and `b` and re-adding them at their new squares; the two
    /// corrections account for `a` and `b` sharing a diagonal before the swap
    /// (then they share the other direction's diagonal after it).
    #[inline]
    pub fn swap_delta(&self, a: usize, b: usize) -> i64 {
        if a == b {
            return 0;
        }
        let (ca, cb) = (self.columns[a], self.columns[b]);
        let (ua, da) = self.diagonals(a, ca);
        let (ub, db) = self.diagonals(b, cb);
        let removed = self.on((ua, da)) + self.on((ub, db)) - 4;
        let added = self.on(self.diagonals(a, cb)) + self.on(self.diagonals(b, ca));
        let shared = 2 * (i64::from(ua == ub) + i64::from(da == db));
        added + shared - removed
    }

    /// Exchanges the columns of rows `a` and `b`, updating every count and
    /// the pair count; returns the change in attacking pairs. Counts are
    /// decremented before any is incremented, so none exceeds its final value.
    #[inline]
    pub fn swap(&mut self, a: usize, b: usize) -> i64 {
        let delta = self.swap_delta(a, b);
        if a == b {
            return 0;
        }
        let (ca, cb) = (self.columns[a], self.columns[b]);
        for (u, d) in [self.diagonals(a, ca), self.diagonals(b, cb)] {
            self.counts.decrement(Direction::Up, u);
            self.counts.decrement(Direction::Down, d);
        }
        self.columns.swap(a, b);
        for (u, d) in [self.diagonals(a, cb), self.diagonals(b, ca)] {
            self.counts.increment(Direction::Up, u);
            self.counts.increment(Direction::Down, d);
        }
        self.pairs = self
            .pairs
            .checked_add_signed(delta)
            .unwrap_or_else(|| pairs_out_of_range(self.pairs, delta));
        delta
    }
}

/// Its columns, and its attacking pairs once every row is placed.
impl<S: DiagonalCounts> RowBoard for FastBoard<S> {
    #[inline]
    fn columns(&self) -> &[u32] {
        &self.columns
    }

    #[inline]
    fn into_columns(self) -> Vec<u32> {
        self.columns
    }

    #[inline]
    fn pairs(&self) -> u64 {
        self.pairs
    }
}
