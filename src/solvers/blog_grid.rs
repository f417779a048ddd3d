//! Seed 004's board as its published Python holds it: a full N×N grid of
//! squares, each empty or holding a queen, with the blog's threat measure.
//!
//! The grid does not keep one queen per row: the published restart adds a
//! queen to every row without clearing, so a row can hold several queens
//! until moves merge them (a queen moved onto an occupied square merges with
//! the queen there).
//!
//! The threat measure, `count_conflict(x, y)`, is the number of the eight
//! directions in which the square (row `x`, column `y`) sees a queen, with the
//! published scan ranges. Two of them skip an edge: the upward scan is
//! `range(x-1, 0, -1)` and never looks at row 0, the leftward scan is
//! `range(y-1, 0, -1)` and never looks at column 0. The downward, rightward
//! and four diagonal scans run to the edge of the board.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::board::Placement;

/// An N×N grid of squares, each empty or holding one queen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlogGrid {
    n: usize,
    /// Row-major: square (row `x`, column `y`) at `x * n + y`.
    queens: Vec<bool>,
}

impl BlogGrid {
    /// An empty N×N grid.
    pub fn empty(n: usize) -> Self {
        Self {
            n,
            queens: vec![false; n * n],
        }
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether square (row `x`, column `y`) holds a queen.
    pub fn has_queen(&self, x: usize, y: usize) -> bool {
        self.queens[x * self.n + y]
    }

    /// Puts a queen on square (`x`, `y`); a queen already there stays one queen.
    pub fn place(&mut self, x: usize, y: usize) {
        self.queens[x * self.n + y] = true;
    }

    /// Empties square (`x`, `y`).
    pub fn remove(&mut self, x: usize, y: usize) {
        self.queens[x * self.n + y] = false;
    }

    /// Empties every square.
    pub fn clear(&mut self) {
        self.queens.fill(false);
    }

    /// The published `init_board`: for each row in order, one draw of `0..n`
    /// and a queen on that square. Queens already on the grid stay.
    pub fn add_random_row_queens(&mut self, rng: &mut ChaCha8Rng) {
        for x in 0..self.n {
            let y = rng.random_range(0..self.n as u32) as usize;
            self.place(x, y);
        }
    }

    /// How many queens stand on the grid.
    pub fn queen_count(&self) -> usize {
        self.queens.iter().filter(|&&q| q).count()
    }

    /// The published `count_conflict(game_board, x, y)`: in how many of the
    /// eight directions square (`x`, `y`) sees a queen (0..=8). The square
    /// itself is not looked at. The upward scan skips row 0 and the leftward
    /// scan skips column 0, as published.
    pub fn count_conflict(&self, x: usize, y: usize) -> u32 {
        let n = self.n;
        // top: range(x-1, 0, -1)
        self.sees((1..x).rev().map(|k| (k, y)))
            // left: range(y-1, 0, -1)
            + self.sees((1..y).rev().map(|l| (x, l)))
            // bottom: range(x+1, n)
            + self.sees((x + 1..n).map(|k| (k, y)))
            // right: range(y+1, n)
            + self.sees((y + 1..n).map(|l| (x, l)))
            // upper left diagonal, to the edge
            + self.sees((1..=x.min(y)).map(|k| (x - k, y - k)))
            // bottom left diagonal, to the edge
            + self.sees((1..=(n - 1 - x).min(y)).map(|k| (x + k, y - k)))
            // bottom right diagonal, to the edge
            + self.sees((1..=(n - 1 - x).min(n - 1 - y)).map(|k| (x + k, y + k)))
            // upper right diagonal, to the edge
            + self.sees((1..=x.min(n - 1 - y)).map(|k| (x - k, y + k)))
    }

    /// 1 when one of `squares`, scanned in order, holds a queen; else 0.
    fn sees(&self, mut squares: impl Iterator<Item = (usize, usize)>) -> u32 {
        u32::from(squares.any(|(x, y)| self.has_queen(x, y)))
    }

    /// The published `check_configuration`: evaluates `count_conflict` on
    /// every queen in row-major order (adding one to `checks` per queen) and
    /// returns the first queen with the largest count, or `None` when no
    /// queen is threatened (largest count 0, or no queen at all).
    pub fn most_threatened(&self, checks: &mut u64) -> Option<(usize, usize)> {
        let mut best: Option<((usize, usize), u32)> = None;
        for x in 0..self.n {
            for y in 0..self.n {
                if !self.has_queen(x, y) {
                    continue;
                }
                *checks += 1;
                let threat = self.count_conflict(x, y);
                if best.is_none_or(|(_, most)| threat > most) {
                    best = Some(((x, y), threat));
                }
            }
        }
        best.filter(|&(_, most)| most > 0).map(|(square, _)| square)
    }

    /// The published smarter repair's choice for row `x` (whose moving queen
    /// has been lifted off): the first column with the fewest
    /// `count_conflict`, evaluating all N squares of the row in order (adding
    /// one to `checks` per square).
    pub fn least_threatened_column(&self, x: usize, checks: &mut u64) -> usize {
        let mut best = (0, u32::MAX);
        for y in 0..self.n {
            *checks += 1;
            let threat = self.count_conflict(x, y);
            if threat < best.1 {
                best = (y, threat);
            }
        }
        best.0
    }

    /// Attacking pairs among all queens on the grid: pairs sharing a row, a
    /// column, a diagonal or an anti-diagonal, whatever stands between them.
    /// With one queen per row this is [`crate::board::attacking_pairs`].
    pub fn attacking_pairs(&self) -> u64 {
        let n = self.n;
        let lines = (2 * n).saturating_sub(1);
        let mut on_row = vec![0u64; n];
        let mut on_column = vec![0u64; n];
        let mut on_diagonal = vec![0u64; lines];
        let mut on_anti = vec![0u64; lines];
        for x in 0..n {
            for y in 0..n {
                if self.has_queen(x, y) {
                    on_row[x] += 1;
                    on_column[y] += 1;
                    on_diagonal[x + n - 1 - y] += 1;
                    on_anti[x + y] += 1;
                }
            }
        }
        [on_row, on_column, on_diagonal, on_anti]
            .iter()
            .flatten()
            .map(|&k| k * k.saturating_sub(1) / 2)
            .sum()
    }

    /// The grid as a placement when every row holds exactly one queen.
    pub fn placement(&self) -> Option<Placement> {
        let mut columns = Vec::with_capacity(self.n);
        for x in 0..self.n {
            let row = &self.queens[x * self.n..(x + 1) * self.n];
            let mut queens = row.iter().enumerate().filter(|&(_, &q)| q);
            match (queens.next(), queens.next()) {
                (Some((y, _)), None) => columns.push(y as u32),
                _ => return None,
            }
        }
        Some(Placement::new(columns))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(n: usize, queens: &[(usize, usize)]) -> BlogGrid {
        let mut g = BlogGrid::empty(n);
        for &(x, y) in queens {
            g.place(x, y);
        }
        g
    }

    #[test]
    fn upward_scan_skips_row_zero_and_leftward_scan_skips_column_zero() {
        // A queen in row 0 above (2, 1) is not seen from below…
        assert_eq!(grid(4, &[(0, 1)]).count_conflict(2, 1), 0);
        // …but the queen in row 0 sees (2, 1) below it.
        assert_eq!(grid(4, &[(2, 1)]).count_conflict(0, 1), 1);
        // A queen in column 0 left of (1, 3) is not seen; one in column 1 is.
        assert_eq!(grid(4, &[(1, 0)]).count_conflict(1, 3), 0);
        assert_eq!(grid(4, &[(1, 1)]).count_conflict(1, 3), 1);
        // Diagonal scans reach the edges: (0, 0) is seen from (3, 3).
        assert_eq!(grid(4, &[(0, 0)]).count_conflict(3, 3), 1);
        assert_eq!(grid(4, &[(0, 3)]).count_conflict(3, 0), 1);
    }

    #[test]
    fn a_direction_counts_once_however_many_queens_it_sees() {
        let g = grid(5, &[(2, 3), (2, 4), (4, 2), (0, 0), (4, 4)]);
        // Right (two queens), down, upper left, bottom right.
        assert_eq!(g.count_conflict(2, 2), 4);
    }

    #[test]
    fn most_threatened_is_the_first_maximum_in_row_major_order() {
        // (0, 0) and (1, 1) see each other diagonally; (0, 0) comes first.
        let g = grid(4, &[(0, 0), (1, 1), (2, 3), (3, 2)]);
        let mut checks = 0;
        assert_eq!(g.most_threatened(&mut checks), Some((0, 0)));
        assert_eq!(checks, 4);
        let solved = grid(4, &[(0, 1), (1, 3), (2, 0), (3, 2)]);
        assert_eq!(solved.most_threatened(&mut checks), None);
    }

    #[test]
    fn attacking_pairs_count_rows_too() {
        let g = grid(4, &[(0, 0), (0, 3), (1, 1)]);
        // Row 0 pair, and (0, 0)-(1, 1) on a diagonal.
        assert_eq!(g.attacking_pairs(), 2);
        assert_eq!(g.placement(), None);
    }
}
