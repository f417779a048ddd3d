//! Line counters for the energy (attacking pairs) of a board with one queen
//! per row, shared by `genetic` and `annealing`.
//!
//! Two board models:
//! - [`PermutationBoard`]: the columns form a permutation, so only the
//!   diagonals can hold attacking pairs. Moves swap the columns of two rows;
//!   the energy change of a swap is computed in O(1) from the counters.
//! - [`FreeBoard`]: any column in any row (the model of seed 003's solvers),
//!   so columns are counted too. Moves send one queen to another column of its
//!   row, again with an O(1) energy change.
//!
//! The energy of a board is the number of attacking pairs: for every line
//! (column, diagonal `row - column`, anti-diagonal `row + column`) holding `k`
//! queens, `k (k - 1) / 2` pairs. It equals `queens::board::attacking_pairs`.

/// Pairs of queens on a line holding `k` queens.
fn pairs(k: u32) -> u64 {
    let k = u64::from(k);
    k * k.saturating_sub(1) / 2
}

/// Index of the diagonal (`row - column` constant) of a square, in `0..2n-1`.
#[inline]
fn diagonal(n: usize, row: usize, column: u32) -> usize {
    row + n - 1 - column as usize
}

/// Index of the anti-diagonal (`row + column` constant) of a square, in `0..2n-1`.
#[inline]
fn anti_diagonal(row: usize, column: u32) -> usize {
    row + column as usize
}

/// A permutation board (row `r` holds its queen in column `columns[r]`, all
/// columns distinct) with its queens counted on every diagonal and
/// anti-diagonal, and its energy kept up to date under swaps.
#[derive(Clone, Debug)]
pub struct PermutationBoard {
    columns: Vec<u32>,
    /// Queens on each diagonal, indexed by `row + n - 1 - column`.
    diagonals: Vec<u32>,
    /// Queens on each anti-diagonal, indexed by `row + column`.
    anti_diagonals: Vec<u32>,
    /// Attacking pairs (all on diagonals, as the columns are distinct).
    energy: u64,
}

impl PermutationBoard {
    /// An empty board of size `n` whose columns are set by [`Self::load`].
    pub fn with_size(n: usize) -> Self {
        let lines = (2 * n).saturating_sub(1);
        Self {
            columns: (0..n as u32).collect(),
            diagonals: vec![0; lines],
            anti_diagonals: vec![0; lines],
            energy: 0,
        }
    }

    /// The board holding `columns`, which must be a permutation of `0..n`.
    pub fn new(columns: &[u32]) -> Self {
        let mut board = Self::with_size(columns.len());
        board.load(columns);
        board
    }

    /// Replaces the board by `columns` (a permutation of `0..n`, same `n`) and
    /// recounts every line from scratch: one full energy evaluation, O(N).
    pub fn load(&mut self, columns: &[u32]) {
        let n = self.columns.len();
        debug_assert_eq!(columns.len(), n, "board size changed");
        self.columns.copy_from_slice(columns);
        self.diagonals.fill(0);
        self.anti_diagonals.fill(0);
        let mut energy = 0;
        for (row, &column) in self.columns.iter().enumerate() {
            let d = &mut self.diagonals[diagonal(n, row, column)];
            let a = &mut self.anti_diagonals[anti_diagonal(row, column)];
            energy += u64::from(*d) + u64::from(*a);
            *d += 1;
            *a += 1;
        }
        self.energy = energy;
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The column of each row's queen.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// Gives the column vector back.
    pub fn into_columns(self) -> Vec<u32> {
        self.columns
    }

    /// Attacking pairs on the board.
    pub fn energy(&self) -> u64 {
        self.energy
    }

    /// Whether the queen of `row` shares a diagonal with another queen.
    #[inline]
    pub fn is_attacked(&self, row: usize) -> bool {
        let column = self.columns[row];
        self.diagonals[diagonal(self.n(), row, column)] > 1
            || self.anti_diagonals[anti_diagonal(row, column)] > 1
    }

    /// The change of energy if rows `i` and `j` (distinct) swapped columns, in
    /// O(1). Exact in every case: when the two queens share a diagonal they
    /// share an anti-diagonal after the swap (and the other way round), which
    /// the two indicator terms below account for.
    #[inline]
    pub fn swap_delta(&self, i: usize, j: usize) -> i64 {
        debug_assert_ne!(i, j, "a swap needs two rows");
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

    /// Swaps the columns of rows `i` and `j` (distinct), whose energy change
    /// `delta` was computed by [`Self::swap_delta`] on the current board.
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
        self.energy = self.energy.wrapping_add_signed(delta);
    }

    /// Swaps the columns of rows `i` and `j` (distinct) and returns the change
    /// of energy.
    pub fn swap(&mut self, i: usize, j: usize) -> i64 {
        let delta = self.swap_delta(i, j);
        self.apply_swap(i, j, delta);
        delta
    }
}

/// A board with one queen per row in any column (columns may repeat), with
/// its queens counted on every column, diagonal and anti-diagonal, and its
/// energy kept up to date under single-queen moves.
#[derive(Clone, Debug)]
pub struct FreeBoard {
    columns: Vec<u32>,
    /// Queens on each column.
    column_counts: Vec<u32>,
    /// Queens on each diagonal, indexed by `row + n - 1 - column`.
    diagonals: Vec<u32>,
    /// Queens on each anti-diagonal, indexed by `row + column`.
    anti_diagonals: Vec<u32>,
    /// Attacking pairs on columns and diagonals.
    energy: u64,
}

impl FreeBoard {
    /// The board holding `columns` (each in `0..n`), counted from scratch.
    pub fn new(columns: &[u32]) -> Self {
        let n = columns.len();
        let lines = (2 * n).saturating_sub(1);
        let mut board = Self {
            columns: columns.to_vec(),
            column_counts: vec![0; n],
            diagonals: vec![0; lines],
            anti_diagonals: vec![0; lines],
            energy: 0,
        };
        for (row, &column) in columns.iter().enumerate() {
            board.column_counts[column as usize] += 1;
            board.diagonals[diagonal(n, row, column)] += 1;
            board.anti_diagonals[anti_diagonal(row, column)] += 1;
        }
        board.energy = board
            .column_counts
            .iter()
            .chain(&board.diagonals)
            .chain(&board.anti_diagonals)
            .map(|&k| pairs(k))
            .sum();
        board
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The column of each row's queen.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// Gives the column vector back.
    pub fn into_columns(self) -> Vec<u32> {
        self.columns
    }

    /// Attacking pairs on the board.
    pub fn energy(&self) -> u64 {
        self.energy
    }

    /// The change of energy if the queen of `row` moved to `column`, in O(1).
    #[inline]
    pub fn move_delta(&self, row: usize, column: u32) -> i64 {
        let old = self.columns[row];
        if old == column {
            return 0;
        }
        let n = self.n();
        let c = |k: u32| i64::from(self.column_counts[k as usize]);
        let d = |k: usize| i64::from(self.diagonals[k]);
        let a = |k: usize| i64::from(self.anti_diagonals[k]);
        // The new column, diagonal and anti-diagonal all differ from the old
        // ones (same row, other column), so no line is counted twice.
        let lost = c(old) + d(diagonal(n, row, old)) + a(anti_diagonal(row, old)) - 3;
        let gained = c(column) + d(diagonal(n, row, column)) + a(anti_diagonal(row, column));
        gained - lost
    }

    /// Moves the queen of `row` to `column`; `delta` is its energy change as
    /// computed by [`Self::move_delta`] on the current board.
    #[inline]
    pub fn apply_move(&mut self, row: usize, column: u32, delta: i64) {
        let n = self.n();
        let old = self.columns[row];
        self.column_counts[old as usize] -= 1;
        self.diagonals[diagonal(n, row, old)] -= 1;
        self.anti_diagonals[anti_diagonal(row, old)] -= 1;
        self.column_counts[column as usize] += 1;
        self.diagonals[diagonal(n, row, column)] += 1;
        self.anti_diagonals[anti_diagonal(row, column)] += 1;
        self.columns[row] = column;
        self.energy = self.energy.wrapping_add_signed(delta);
    }
}

/// Attacking pairs of a one-queen-per-row board (columns may repeat), counted
/// from scratch in O(N) with `scratch` as counter storage (resized as needed):
/// the fitness evaluation of the `hesham` genetic variant.
pub fn free_energy(columns: &[u32], scratch: &mut Vec<u32>) -> u64 {
    let n = columns.len();
    let lines = (2 * n).saturating_sub(1);
    scratch.clear();
    scratch.resize(n + 2 * lines, 0);
    let (column_counts, rest) = scratch.split_at_mut(n);
    let (diagonals, anti_diagonals) = rest.split_at_mut(lines);
    let mut energy = 0;
    for (row, &column) in columns.iter().enumerate() {
        let c = &mut column_counts[column as usize];
        let d = &mut diagonals[diagonal(n, row, column)];
        let a = &mut anti_diagonals[anti_diagonal(row, column)];
        energy += u64::from(*c) + u64::from(*d) + u64::from(*a);
        *c += 1;
        *d += 1;
        *a += 1;
    }
    energy
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::attacking_pairs;

    #[test]
    fn swap_of_queens_on_one_diagonal_is_exact() {
        // Rows 0 and 2 share the diagonal of columns 0 and 2; after the swap
        // they share an anti-diagonal.
        let mut board = PermutationBoard::new(&[0, 1, 2, 3]);
        assert_eq!(board.energy(), attacking_pairs(&[0, 1, 2, 3]));
        let delta = board.swap(0, 2);
        assert_eq!(board.columns(), &[2, 1, 0, 3]);
        assert_eq!(board.energy(), attacking_pairs(&[2, 1, 0, 3]));
        // Before: four queens on one diagonal (6 pairs). After: rows 0..=2 on
        // one anti-diagonal (3 pairs) and rows 1, 3 on one diagonal (1 pair).
        assert_eq!(delta, 4 - 6);
    }

    #[test]
    fn free_board_counts_columns() {
        let board = FreeBoard::new(&[0, 0, 0]);
        assert_eq!(board.energy(), 3);
        assert_eq!(board.energy(), attacking_pairs(&[0, 0, 0]));
        assert_eq!(board.move_delta(1, 0), 0);
        let mut scratch = Vec::new();
        assert_eq!(free_energy(&[0, 0, 0], &mut scratch), 3);
        assert_eq!(free_energy(&[1, 3, 0, 2], &mut scratch), 0);
    }
}
