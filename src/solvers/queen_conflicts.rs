//! Incremental conflict bookkeeping for a board with one queen per row, as
//! the `random` variants of naive repair and min-conflicts use it.
//!
//! Threats are counted as attacking pairs: two queens attack each other when
//! they share a column, a diagonal or an anti-diagonal, whatever stands
//! between them (no blocking, unlike seed 004's direction scans). Counters of
//! the queens on each column and diagonal make a move O(1) and the conflicts
//! of one queen or one square O(1).

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

/// A board with one queen per row and the number of queens on every column,
/// diagonal and anti-diagonal, kept in step with every move.
#[derive(Clone, Debug)]
pub struct QueenConflicts {
    /// `columns[r]`: the column of the queen in row `r`.
    columns: Vec<u32>,
    /// Queens per column.
    on_column: Vec<u32>,
    /// Queens per diagonal `row - column`, stored at `row + n - 1 - column`.
    on_diagonal: Vec<u32>,
    /// Queens per anti-diagonal `row + column`.
    on_anti: Vec<u32>,
    /// Attacking pairs on the whole board: the sum over all lines of
    /// k·(k−1)/2 for k queens on the line.
    pairs: u64,
}

impl QueenConflicts {
    /// The board `columns` (row `r` holds its queen in column `columns[r]`,
    /// every column below `columns.len()`), with its counters.
    pub fn new(columns: Vec<u32>) -> Self {
        let n = columns.len();
        let lines = (2 * n).saturating_sub(1);
        let mut board = Self {
            columns: vec![0; n],
            on_column: vec![0; n],
            on_diagonal: vec![0; lines],
            on_anti: vec![0; lines],
            pairs: 0,
        };
        for (row, &column) in columns.iter().enumerate() {
            assert!(
                (column as usize) < n,
                "row {row}: column {column} is outside the board (0..{n})"
            );
            board.add(row, column);
        }
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

    /// Attacking pairs on the whole board.
    pub fn pairs(&self) -> u64 {
        self.pairs
    }

    fn diagonal(&self, row: usize, column: u32) -> usize {
        row + self.n() - 1 - column as usize
    }

    /// How many other queens attack the queen of `row`: the attacking pairs
    /// it belongs to.
    pub fn queen_conflicts(&self, row: usize) -> u32 {
        let column = self.columns[row];
        self.on_column[column as usize]
            + self.on_diagonal[self.diagonal(row, column)]
            + self.on_anti[row + column as usize]
            - 3
    }

    /// How many queens of other rows would attack a queen of `row` standing
    /// in `column`: its conflicts if it moved there.
    pub fn square_conflicts(&self, row: usize, column: u32) -> u32 {
        let total = self.on_column[column as usize]
            + self.on_diagonal[self.diagonal(row, column)]
            + self.on_anti[row + column as usize];
        if column == self.columns[row] {
            total - 3
        } else {
            total
        }
    }

    /// Moves the queen of `row` to `column` (which may be its own).
    pub fn move_queen(&mut self, row: usize, column: u32) {
        self.remove(row);
        self.add(row, column);
    }

    /// Replaces the whole board by `columns` (same size), keeping the buffers.
    pub fn reset(&mut self, columns: &[u32]) {
        assert_eq!(columns.len(), self.n(), "a reset keeps the board size");
        self.on_column.fill(0);
        self.on_diagonal.fill(0);
        self.on_anti.fill(0);
        self.pairs = 0;
        for (row, &column) in columns.iter().enumerate() {
            self.add(row, column);
        }
    }

    fn remove(&mut self, row: usize) {
        let column = self.columns[row];
        let d = self.diagonal(row, column);
        let a = row + column as usize;
        self.on_column[column as usize] -= 1;
        self.on_diagonal[d] -= 1;
        self.on_anti[a] -= 1;
        self.pairs -= u64::from(self.on_column[column as usize])
            + u64::from(self.on_diagonal[d])
            + u64::from(self.on_anti[a]);
    }

    fn add(&mut self, row: usize, column: u32) {
        let d = self.diagonal(row, column);
        let a = row + column as usize;
        self.pairs += u64::from(self.on_column[column as usize])
            + u64::from(self.on_diagonal[d])
            + u64::from(self.on_anti[a]);
        self.on_column[column as usize] += 1;
        self.on_diagonal[d] += 1;
        self.on_anti[a] += 1;
        self.columns[row] = column;
    }
}

/// Replaces `columns` by one uniformly random column per row for `n` rows.
pub fn fill_random(columns: &mut Vec<u32>, n: usize, rng: &mut ChaCha8Rng) {
    columns.clear();
    columns.extend((0..n).map(|_| rng.random_range(0..n as u32)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::attacking_pairs;

    #[test]
    fn counts_match_a_direct_count() {
        let board = QueenConflicts::new(vec![0, 1, 2, 0]);
        // Rows 0, 1, 2 share the main diagonal (3 pairs); rows 0 and 3 share
        // column 0 (1 pair).
        assert_eq!(board.pairs(), attacking_pairs(&[0, 1, 2, 0]));
        assert_eq!(board.pairs(), 4);
        assert_eq!(board.queen_conflicts(0), 3);
        assert_eq!(board.queen_conflicts(3), 1);
        // Row 3 moved to column 3 would lie on the main diagonal with rows 0..3.
        assert_eq!(board.square_conflicts(3, 3), 3);
        assert_eq!(board.square_conflicts(3, 0), 1);
    }
}
