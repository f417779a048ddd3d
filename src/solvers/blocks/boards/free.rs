//! [`FreeBoard`]: one queen per row in any column, with its queens counted
//! on every column, diagonal and anti-diagonal.

use rand::rngs::ChaCha8Rng;

use super::{CountedBoard, RowBoard, anti_diagonal, diagonal, lines};
use crate::solvers::blocks::domains::Domains;
use crate::solvers::blocks::random::fill_random;

/// A board with one queen per row in any column (columns may repeat) and
/// the number of queens on every column, diagonal and anti-diagonal, kept
/// in step with every move, with its attacking pairs and the checks its
/// queries made.
///
/// Its own type, beside [`PermutationBoard`](super::PermutationBoard),
/// because columns may repeat: it counts the queens of every column too,
/// and its move sends one queen to another column (no swap).
#[derive(Clone, Debug)]
pub struct FreeBoard {
    /// `columns[r]`: the column of the queen in row `r`.
    columns: Vec<u32>,
    /// Queens per column.
    on_column: Vec<u32>,
    /// Queens per diagonal, indexed by `row + n - 1 - column`.
    on_diagonal: Vec<u32>,
    /// Queens per anti-diagonal, indexed by `row + column`.
    on_anti: Vec<u32>,
    /// Attacking pairs on the whole board.
    pairs: u64,
    /// Checks made so far (see [`FreeBoard::checks`]).
    checks: u64,
}

impl FreeBoard {
    /// The board `columns` (row `r` holds its queen in column `columns[r]`,
    /// every column below `columns.len()`), counted from scratch (N checks).
    pub fn new(columns: &[u32]) -> Self {
        Self::counted(columns.to_vec())
    }

    /// A board with one uniformly random column per row (one draw per row,
    /// in row order: [`fill_random`]), counted from scratch (N checks).
    pub fn random(n: usize, rng: &mut ChaCha8Rng) -> Self {
        let mut columns = vec![0; n];
        fill_random(&mut columns, rng);
        Self::counted(columns)
    }

    /// A board with one column per row drawn uniformly from the row's
    /// domain in an instance ([`Domains::fill`]: no draw for a fixed row),
    /// counted from scratch (N checks). No domain may be empty.
    pub fn random_in(domains: &Domains, rng: &mut ChaCha8Rng) -> Self {
        let mut columns = vec![0; domains.n()];
        domains.fill(&mut columns, rng);
        Self::counted(columns)
    }

    fn counted(columns: Vec<u32>) -> Self {
        let n = columns.len();
        let mut board = Self {
            columns,
            on_column: vec![0; n],
            on_diagonal: vec![0; lines(n)],
            on_anti: vec![0; lines(n)],
            pairs: 0,
            checks: 0,
        };
        board.recount();
        board
    }

    /// Replaces every queen by one in a uniformly random column of its row
    /// (the draws of [`FreeBoard::random`]), keeping the buffers, and counts
    /// it from scratch: N more checks.
    pub fn reset_random(&mut self, rng: &mut ChaCha8Rng) {
        fill_random(&mut self.columns, rng);
        self.recount();
    }

    /// Replaces every queen by one in a column drawn uniformly from its
    /// row's domain (the draws of [`FreeBoard::random_in`]), keeping the
    /// buffers, and counts it from scratch: N more checks.
    pub fn reset_in(&mut self, domains: &Domains, rng: &mut ChaCha8Rng) {
        domains.fill(&mut self.columns, rng);
        self.recount();
    }

    /// Counts every line from the columns: N checks, one per queen, whose
    /// square's counters are read as it is added.
    fn recount(&mut self) {
        let n = self.n();
        self.on_column.fill(0);
        self.on_diagonal.fill(0);
        self.on_anti.fill(0);
        self.pairs = 0;
        for row in 0..n {
            let column = self.columns[row];
            assert!(
                (column as usize) < n,
                "row {row}: column {column} is outside the board (0..{n})"
            );
            self.add(row, column);
        }
        self.checks += n as u64;
    }

    /// How many other queens attack the queen of `row`: the attacking pairs
    /// it belongs to. One check.
    #[inline]
    pub fn queen_conflicts(&mut self, row: usize) -> u32 {
        self.checks += 1;
        let column = self.columns[row];
        self.on_column[column as usize]
            + self.on_diagonal[diagonal(self.n(), row, column)]
            + self.on_anti[anti_diagonal(row, column)]
            - 3
    }

    /// How many queens of other rows would attack a queen of `row` standing
    /// in `column`: its conflicts if it moved there. One check.
    #[inline]
    pub fn square_conflicts(&mut self, row: usize, column: u32) -> u32 {
        self.checks += 1;
        let total = self.on_column[column as usize]
            + self.on_diagonal[diagonal(self.n(), row, column)]
            + self.on_anti[anti_diagonal(row, column)];
        if column == self.columns[row] {
            total - 3
        } else {
            total
        }
    }

    /// The change of attacking pairs if the queen of `row` moved to
    /// `column`, in O(1). Two checks (the queen's square and the landing
    /// square); none when `column` is its own (a null move, change 0, which
    /// reads nothing).
    #[inline]
    pub fn move_delta(&mut self, row: usize, column: u32) -> i64 {
        let old = self.columns[row];
        if old == column {
            return 0;
        }
        self.checks += 2;
        let n = self.n();
        let c = |k: u32| i64::from(self.on_column[k as usize]);
        let d = |k: usize| i64::from(self.on_diagonal[k]);
        let a = |k: usize| i64::from(self.on_anti[k]);
        // The new column, diagonal and anti-diagonal all differ from the old
        // ones (same row, other column), so no line is counted twice.
        let lost = c(old) + d(diagonal(n, row, old)) + a(anti_diagonal(row, old)) - 3;
        let gained = c(column) + d(diagonal(n, row, column)) + a(anti_diagonal(row, column));
        gained - lost
    }

    /// Moves the queen of `row` to `column` (which may be its own: then
    /// nothing changes and nothing is read). Two checks otherwise: keeping
    /// the pair total reads the counters of the old square (after lifting
    /// the queen) and of the new one (before setting it down).
    #[inline]
    pub fn move_queen(&mut self, row: usize, column: u32) {
        if self.columns[row] == column {
            return;
        }
        self.checks += 2;
        self.remove(row);
        self.add(row, column);
    }

    fn remove(&mut self, row: usize) {
        let column = self.columns[row];
        let d = diagonal(self.n(), row, column);
        let a = anti_diagonal(row, column);
        self.on_column[column as usize] -= 1;
        self.on_diagonal[d] -= 1;
        self.on_anti[a] -= 1;
        self.pairs -= u64::from(self.on_column[column as usize])
            + u64::from(self.on_diagonal[d])
            + u64::from(self.on_anti[a]);
    }

    fn add(&mut self, row: usize, column: u32) {
        let d = diagonal(self.n(), row, column);
        let a = anti_diagonal(row, column);
        self.pairs += u64::from(self.on_column[column as usize])
            + u64::from(self.on_diagonal[d])
            + u64::from(self.on_anti[a]);
        self.on_column[column as usize] += 1;
        self.on_diagonal[d] += 1;
        self.on_anti[a] += 1;
        self.columns[row] = column;
    }
}

impl RowBoard for FreeBoard {
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

impl CountedBoard for FreeBoard {
    /// Checks made so far: N per count from scratch, 1 per
    /// [`FreeBoard::queen_conflicts`] and [`FreeBoard::square_conflicts`],
    /// 2 per [`FreeBoard::move_delta`] and [`FreeBoard::move_queen`] that
    /// changes a column (0 when the column is the queen's own).
    #[inline]
    fn checks(&self) -> u64 {
        self.checks
    }
}

/// Attacking pairs of a one-queen-per-row board (columns may repeat),
/// counted from scratch in O(N) with `scratch` as counter storage (resized
/// as needed), without building a board: the fitness evaluation of the
/// `hesham` genetic variant. It reads the counters of each queen's square
/// once: N checks, which the caller counts.
pub fn count_pairs(columns: &[u32], scratch: &mut Vec<u32>) -> u64 {
    let n = columns.len();
    scratch.clear();
    scratch.resize(n + 2 * lines(n), 0);
    let (on_column, rest) = scratch.split_at_mut(n);
    let (on_diagonal, on_anti) = rest.split_at_mut(lines(n));
    let mut pairs = 0;
    for (row, &column) in columns.iter().enumerate() {
        let c = &mut on_column[column as usize];
        let d = &mut on_diagonal[diagonal(n, row, column)];
        let a = &mut on_anti[anti_diagonal(row, column)];
        pairs += u64::from(*c) + u64::from(*d) + u64::from(*a);
        *c += 1;
        *d += 1;
        *a += 1;
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::board::attacking_pairs;

    #[test]
    fn counts_match_a_direct_count() {
        let mut board = FreeBoard::new(&[0, 1, 2, 0]);
        // Rows 0, 1, 2 share the main diagonal (3 pairs); rows 0 and 3 share
        // column 0 (1 pair).
        assert_eq!(board.pairs(), attacking_pairs(&[0, 1, 2, 0]));
        assert_eq!(board.pairs(), 4);
        assert_eq!(board.queen_conflicts(0), 3);
        assert_eq!(board.queen_conflicts(3), 1);
        // Row 3 moved to column 3 would lie on the main diagonal with rows 0..3.
        assert_eq!(board.square_conflicts(3, 3), 3);
        assert_eq!(board.square_conflicts(3, 0), 1);
        assert_eq!(board.move_delta(3, 3), 3 - 1);
        assert_eq!(board.move_delta(3, 0), 0);
        // N = 4 for counting the board, one per queen or square, two per
        // move delta, none for the null move delta.
        assert_eq!(board.checks(), 4 + 2 + 2 + 2);
        board.move_queen(3, 3);
        assert_eq!(board.pairs(), 6);
        assert_eq!(board.checks(), 10 + 2, "a move reads its two squares");
        board.move_queen(3, 3);
        assert_eq!(board.checks(), 12, "staying put reads nothing");
    }

    #[test]
    fn columns_count_too() {
        let mut board = FreeBoard::new(&[0, 0, 0]);
        assert_eq!(board.pairs(), 3);
        assert_eq!(board.pairs(), attacking_pairs(&[0, 0, 0]));
        assert_eq!(board.move_delta(1, 0), 0);
        let mut scratch = Vec::new();
        assert_eq!(count_pairs(&[0, 0, 0], &mut scratch), 3);
        assert_eq!(count_pairs(&[1, 3, 0, 2], &mut scratch), 0);
    }
}
