//! The board of min-conflicts `fast`: a permutation of columns (one queen per
//! row and per column, so only diagonals can conflict) plus one occupancy
//! counter per diagonal of each direction, kept up to date by every swap.
//!
//! Counters are narrow (`u8` or `u16`, see [`Counter`]) to keep the board at
//! 4 + 2 × 2 = 8 bytes per queen with `u8`. A counter never wraps: every
//! increment is checked and panics instead of overflowing, and the solver
//! only uses `u8` where it has proved the bound (see the solver's header).

use super::hugepages::advise;
use crate::solvers::blocks::boards::{RowBoard, anti_diagonal, diagonal, lines};

/// A diagonal occupancy counter: how many queens stand on one diagonal.
pub trait Counter: Copy + Default + Send + Sync + 'static {
    /// The largest count the type holds.
    const MAX: u32;
    /// A count of one.
    const ONE: Self;
    /// The count as a `u32`.
    fn get(self) -> u32;
    /// The count plus one; panics instead of wrapping past [`Counter::MAX`].
    fn incremented(self) -> Self;
    /// The count minus one (the diagonal must hold a queen).
    fn decremented(self) -> Self;
    /// Sets `counters[b]` to bit `b` of `word` (0 or 1); at most 64 counters.
    fn set_bits(counters: &mut [Self], word: u64);
}

macro_rules! counter {
    ($t:ty, $set_bits:path) => {
        impl Counter for $t {
            const MAX: u32 = <$t>::MAX as u32;
            const ONE: Self = 1;
            #[inline(always)]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline(always)]
            fn incremented(self) -> Self {
                match self.checked_add(1) {
                    Some(v) => v,
                    None => overflow(),
                }
            }
            #[inline(always)]
            fn decremented(self) -> Self {
                match self.checked_sub(1) {
                    Some(v) => v,
                    None => underflow(),
                }
            }
            #[inline]
            fn set_bits(counters: &mut [Self], word: u64) {
                $set_bits(counters, word)
            }
        }
    };
}

counter!(u8, bytes_from_bits);
counter!(u16, from_bits);

/// [`Counter::set_bits`], one counter at a time.
fn from_bits<C: Counter>(counters: &mut [C], word: u64) {
    for (b, counter) in counters.iter_mut().enumerate() {
        *counter = if word >> b & 1 == 1 {
            C::ONE
        } else {
            C::default()
        };
    }
}

/// [`Counter::set_bits`] for bytes, eight at a time: the byte of bits is
/// copied into all eight bytes of a word, byte `k` keeps bit `k`, and adding
/// `0x80 − 2ᵏ` to it carries that bit into bit 7, which becomes the byte.
fn bytes_from_bits(counters: &mut [u8], word: u64) {
    for (k, chunk) in counters.chunks_mut(8).enumerate() {
        let byte = word >> (8 * k) & 0xFF;
        let kept = byte.wrapping_mul(0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
        let bytes = (kept + 0x0040_6070_787C_7E7F) >> 7 & 0x0101_0101_0101_0101;
        match <&mut [u8; 8]>::try_from(&mut *chunk) {
            Ok(eight) => *eight = bytes.to_le_bytes(),
            Err(_) => chunk.copy_from_slice(&bytes.to_le_bytes()[..chunk.len()]),
        }
    }
}

#[cold]
#[inline(never)]
fn overflow() -> ! {
    panic!("diagonal counter overflow: the counter type is too narrow for this board")
}

#[cold]
#[inline(never)]
fn underflow() -> ! {
    panic!("diagonal counter underflow: a queen was removed from an empty diagonal")
}

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
/// counters are narrow (the type parameter `C`, `u8` above N = 65 535) so
/// that a billion queens fit in 8 bytes each, its initialization fills it
/// row by row through crate-visible fields, and it keeps no check counter
/// (the solver counts its checks in its metrics, the initialization's reads
/// of the occupancy rings, which are not the board, included).
#[derive(Clone, Debug)]
pub struct FastBoard<C: Counter> {
    /// `columns[r]`: the column of row `r`'s queen.
    pub(super) columns: Vec<u32>,
    /// Queens on each up-diagonal `r + c` (written by the initialization as
    /// it goes).
    pub(super) up: Vec<C>,
    /// Queens on each down-diagonal `r + n - 1 - c`.
    pub(super) down: Vec<C>,
    /// Attacking pairs: the sum over all diagonals of `k (k - 1) / 2`, `k` the
    /// diagonal's count (columns never conflict in a permutation).
    pub(super) pairs: u64,
}

impl<C: Counter> FastBoard<C> {
    /// A board of `n` rows, every column and counter zero, for the
    /// initialization to fill.
    pub(super) fn unplaced(n: usize) -> Self {
        let diagonals = lines(n);
        let mut board = Self {
            columns: vec![0; n],
            up: vec![C::default(); diagonals],
            down: vec![C::default(); diagonals],
            pairs: 0,
        };
        // Only the columns: the counters are written in order by the
        // initialization and read at random only by the few repairs, so
        // 2 MiB pages would save them little, and on a virtual machine
        // that hands freed memory back to its host a fresh huge page costs
        // several times as much to fault in as 512 small ones (see
        // `hugepages.rs`).
        advise(&mut board.columns);
        board
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
        let mut board = Self::unplaced(n);
        board.columns = columns;
        for row in 0..n {
            let (u, d) = board.diagonals(row, board.columns[row]);
            if board.up[u].get() == C::MAX || board.down[d].get() == C::MAX {
                return Err(FastBoardError::CounterTooNarrow { max: C::MAX });
            }
            board.place(row);
        }
        Ok(board)
    }

    /// The up- and down-diagonal indices of square (`row`, `column`).
    #[inline(always)]
    pub(super) fn diagonals(&self, row: usize, column: u32) -> (usize, usize) {
        Self::diagonals_of(self.columns.len(), row, column)
    }

    /// The up- and down-diagonal indices of square (`row`, `column`) on a
    /// board of size `n`.
    #[inline(always)]
    pub(super) fn diagonals_of(n: usize, row: usize, column: u32) -> (usize, usize) {
        (anti_diagonal(row, column), diagonal(n, row, column))
    }

    /// Counts row `row`'s queen on its diagonals and adds the pairs it forms
    /// with queens already counted; returns how many it attacks.
    #[inline(always)]
    pub(super) fn place(&mut self, row: usize) -> u32 {
        let (u, d) = self.diagonals(row, self.columns[row]);
        let attacked = self.up[u].get() + self.down[d].get();
        self.up[u] = self.up[u].incremented();
        self.down[d] = self.down[d].incremented();
        self.pairs += u64::from(attacked);
        attacked
    }

    /// How many other queens attack the queen of `row`.
    #[inline]
    pub fn conflicts(&self, row: usize) -> u32 {
        let (u, d) = self.diagonals(row, self.columns[row]);
        self.up[u].get() + self.down[d].get() - 2
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
        let (ua2, da2) = self.diagonals(a, cb);
        let (ub2, db2) = self.diagonals(b, ca);
        let count = |v: &[C], i: usize| i64::from(v[i].get());
        let removed = count(&self.up, ua)
            + count(&self.down, da)
            + count(&self.up, ub)
            + count(&self.down, db)
            - 4;
        let added = count(&self.up, ua2)
            + count(&self.down, da2)
            + count(&self.up, ub2)
            + count(&self.down, db2);
        let shared = 2 * (i64::from(ua == ub) + i64::from(da == db));
        added + shared - removed
    }

    /// Exchanges the columns of rows `a` and `b`, updating every counter and
    /// the pair count; returns the change in attacking pairs. Counters are
    /// decremented before any is incremented, so none exceeds its final value.
    #[inline]
    pub fn swap(&mut self, a: usize, b: usize) -> i64 {
        let delta = self.swap_delta(a, b);
        if a == b {
            return 0;
        }
        let (ca, cb) = (self.columns[a], self.columns[b]);
        let (ua, da) = self.diagonals(a, ca);
        let (ub, db) = self.diagonals(b, cb);
        for i in [ua, ub] {
            self.up[i] = self.up[i].decremented();
        }
        for i in [da, db] {
            self.down[i] = self.down[i].decremented();
        }
        self.columns.swap(a, b);
        let (ua2, da2) = self.diagonals(a, cb);
        let (ub2, db2) = self.diagonals(b, ca);
        for i in [ua2, ub2] {
            self.up[i] = self.up[i].incremented();
        }
        for i in [da2, db2] {
            self.down[i] = self.down[i].incremented();
        }
        self.pairs = self
            .pairs
            .checked_add_signed(delta)
            .unwrap_or_else(|| pairs_out_of_range(self.pairs, delta));
        delta
    }
}

/// Its columns, and its attacking pairs once every row is placed.
impl<C: Counter> RowBoard for FastBoard<C> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_from_bits_agrees_with_one_at_a_time() {
        for word in [0, u64::MAX, 0x8000_0000_0000_0001, 0x0123_4567_89AB_CDEF] {
            for len in [0, 1, 7, 8, 9, 63, 64] {
                let (mut fast, mut slow) = (vec![9u8; len], vec![9u8; len]);
                bytes_from_bits(&mut fast, word);
                from_bits(&mut slow, word);
                assert_eq!(fast, slow, "word={word:#x} len={len}");
            }
        }
    }
}
