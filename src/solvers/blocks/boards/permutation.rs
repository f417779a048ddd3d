//! [`PermutationBoard`]: one queen per row and per column, with its queens
//! counted on every diagonal and anti-diagonal.

use super::{CountedBoard, RowBoard, anti_diagonal, diagonal, lines};

/// A permutation board (row `r` holds its queen in column `columns[r]`, all
/// columns distinct) with its queens counted on every diagonal and
/// anti-diagonal, its attacking pairs kept up to date under swaps, and the
/// checks its queries made.
///
/// Its own type, beside [`FreeBoard`](super::FreeBoard), because the
/// columns are a permutation: no column can hold two queens, so it counts
/// the diagonals only, and its move is a swap of two rows' columns.
#[derive(Clone, Debug)]
pub struct PermutationBoard {
    columns: Vec<u32>,
    /// Queens on each diagonal, indexed by `row + n - 1 - column`.
    diagonals: Vec<u32>,
    /// Queens on each anti-diagonal, indexed by `row + column`.
    anti_diagonals: Vec<u32>,
    /// Attacking pairs (all on diagonals, as the columns are distinct).
    pairs: u64,
    /// Checks made so far (see [`PermutationBoard::checks`]).
    checks: u64,
}

impl PermutationBoard {
    /// An empty board of size `n` whose columns are set by [`Self::load`].
    pub fn with_size(n: usize) -> Self {
        Self {
            columns: (0..n as u32).collect(),
            diagonals: vec![0; lines(n)],
            anti_diagonals: vec![0; lines(n)],
            pairs: 0,
            checks: 0,
        }
    }

    /// The board holding `columns`, which must be a permutation of `0..n`.
    pub fn new(columns: &[u32]) -> Self {
        let mut board = Self::with_size(columns.len());
        board.load(columns);
        board
    }

    /// Replaces the board by `columns` (a permutation of `0..n`, same `n`)
    /// and recounts every line from scratch, O(N): N more checks, one per
    /// queen, whose square's counters are read as it is added.
    pub fn load(&mut self, columns: &[u32]) {
        let n = self.columns.len();
        debug_assert_eq!(columns.len(), n, "board size changed");
        self.columns.copy_from_slice(columns);
        self.diagonals.fill(0);
        self.anti_diagonals.fill(0);
        let mut pairs = 0;
        for (row, &column) in self.columns.iter().enumerate() {
            let d = &mut self.diagonals[diagonal(n, row, column)];
            let a = &mut self.anti_diagonals[anti_diagonal(row, column)];
            pairs += u64::from(*d) + u64::from(*a);
            *d += 1;
            *a += 1;
        }
        self.pairs = pairs;
        self.checks += n as u64;
    }

    /// Whether the queen of `row` shares a diagonal with another queen. One
    /// check.
    #[inline]
    pub fn is_attacked(&mut self, row: usize) -> bool {
        self.checks += 1;
        let column = self.columns[row];
        self.diagonals[diagonal(self.n(), row, column)] > 1
            || self.anti_diagonals[anti_diagonal(row, column)] > 1
    }

    /// The change of attacking pairs if rows `i` and `j` (distinct) swapped
    /// columns, in O(1). Four checks: it reads the diagonal and
    /// anti-diagonal counts of four squares, the two lifted queens' and the
    /// two landing squares. Exact in every case: when the
    /// two queens share a diagonal they share an anti-diagonal after the
    /// swap (and the other way round), which the two indicator terms below
    /// account for.
    #[inline]
    pub fn swap_delta(&mut self, i: usize, j: usize) -> i64 {
        debug_assert_ne!(i, j, "a swap needs two rows");
        self.checks += 4;
        let n = self.n();
        let (ci, cj) = (self.columns[i], self.columns[j]);
        let (d1, d2) = (diagonal(n, i, ci), diagonal(n, j, cj));
        let (a1, a2) = (anti_diagonal(i, ci), anti_diagonal(j, cj));
        let (e1, e2) = (diagonal(n, i, cj), diagonal(n, j, ci));
        let (b1, b2) = (anti_diagonal(i, cj), anti_diagonal(j, ci));
        let d = |k: usize| i64::from(self.diagonals[k]);
        let a = |k: usize| i64::from(self.anti_diagonals[k]);
        // Lifting both queens: each loses the others on its two lines; a line
        // shared by both is counted once.
        let lost = d(d1) + d(d2) + a(a1) + a(a2) - 4 - i64::from(d1 == d2) - i64::from(a1 == a2);
        // Setting both down: the new lines never meet the old ones (the
        // columns differ and so do the rows), but may meet each other.
        let gained = d(e1) + d(e2) + a(b1) + a(b2) + i64::from(e1 == e2) + i64::from(b1 == b2);
        gained - lost
    }

    /// Swaps the columns of rows `i` and `j` (distinct), whose change of
    /// attacking pairs `delta` was computed by [`Self::swap_delta`] on the
    /// current board. No check.
    #[inline]
    pub fn apply_swap(&mut self, i: usize, j: usize, delta: i64) {
        let n = self.n();
        let (ci, cj) = (self.columns[i], self.columns[j]);
        self.diagonals[diagonal(n, i, ci)] -= 1;
        self.diagonals[diagonal(n, j, cj)] -= 1;
        self.anti_diagonals[anti_diagonal(i, ci)] -= 1;
        self.anti_diagonals[anti_diagonal(j, cj)] -= 1;
        self.diagonals[diagonal(n, i, cj)] += 1;
        self.diagonals[diagonal(n, j, ci)] += 1;
        self.anti_diagonals[anti_diagonal(i, cj)] += 1;
        self.anti_diagonals[anti_diagonal(j, ci)] += 1;
        self.columns.swap(i, j);
        self.pairs = self.pairs.wrapping_add_signed(delta);
    }
}

impl RowBoard for PermutationBoard {
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

impl CountedBoard for PermutationBoard {
    /// Checks made so far: N per [`PermutationBoard::load`], 1 per
    /// [`PermutationBoard::is_attacked`], 4 per
    /// [`PermutationBoard::swap_delta`].
    #[inline]
    fn checks(&self) -> u64 {
        self.checks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::board::attacking_pairs;

    #[test]
    fn swap_of_queens_on_one_diagonal_is_exact() {
        // Rows 0 and 2 share the diagonal of columns 0 and 2; after the swap
        // they share an anti-diagonal.
        let mut board = PermutationBoard::new(&[0, 1, 2, 3]);
        assert_eq!(board.pairs(), attacking_pairs(&[0, 1, 2, 3]));
        let delta = board.swap_delta(0, 2);
        board.apply_swap(0, 2, delta);
        assert_eq!(board.columns(), &[2, 1, 0, 3]);
        assert_eq!(board.pairs(), attacking_pairs(&[2, 1, 0, 3]));
        // Before: four queens on one diagonal (6 pairs). After: rows 0..=2 on
        // one anti-diagonal (3 pairs) and rows 1, 3 on one diagonal (1 pair).
        assert_eq!(delta, 4 - 6);
        assert!(board.is_attacked(3));
        // N = 4 for loading, 4 for the swap delta, 1 for the attack test.
        assert_eq!(board.checks(), 4 + 4 + 1);
        board.load(&[1, 3, 0, 2]);
        assert_eq!((board.pairs(), board.checks()), (0, 9 + 4));
    }
}
