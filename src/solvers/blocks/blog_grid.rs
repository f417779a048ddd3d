//! The VulgaireDev blog's board as its published Python holds it: a full
//! N×N grid of squares, each empty or holding a queen, with the blog's
//! threat measure.
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
//!
//! A scan stops at the first queen it meets, so a direction counts 1 exactly
//! when one of its squares holds a queen. The grid therefore keeps, for every
//! row, column, diagonal and anti-diagonal, the set of its occupied squares as
//! a bitset, and asks "is any square of this line in this range occupied?":
//! O(N/64) words per direction instead of O(N) squares. The tests replay the
//! published loop, transcribed square by square, against it.
//!
//! Checks (defined at [`crate::base::outcome::Metrics::checks`]): one
//! `count_conflict` asks, in each of the eight directions, whether the
//! square is attacked from there: [`DIRECTIONS`] = 8 checks, the two
//! truncated scans included.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::base::board::Placement;
use crate::solvers::blocks::boards::lines;

/// The checks of one `count_conflict`: one per direction it scans.
pub const DIRECTIONS: u64 = 8;

/// Equal-length bitsets, one per line of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LineSets {
    words_per_line: usize,
    words: Vec<u64>,
}

impl LineSets {
    fn new(lines: usize, bits: usize) -> Self {
        let words_per_line = bits.div_ceil(64);
        Self {
            words_per_line,
            words: vec![0; lines * words_per_line],
        }
    }

    fn line(&self, line: usize) -> &[u64] {
        &self.words[line * self.words_per_line..(line + 1) * self.words_per_line]
    }

    fn insert(&mut self, line: usize, bit: usize) {
        self.words[line * self.words_per_line + bit / 64] |= 1 << (bit % 64);
    }

    fn remove(&mut self, line: usize, bit: usize) {
        self.words[line * self.words_per_line + bit / 64] &= !(1 << (bit % 64));
    }

    /// Whether `line` holds a bit in `lo..hi`.
    fn any_in(&self, line: usize, lo: usize, hi: usize) -> bool {
        if lo >= hi {
            return false;
        }
        let words = self.line(line);
        let (first, last) = (lo / 64, (hi - 1) / 64);
        let low_mask = u64::MAX << (lo % 64);
        let high_mask = u64::MAX >> (63 - (hi - 1) % 64);
        if first == last {
            return words[first] & low_mask & high_mask != 0;
        }
        words[first] & low_mask != 0
            || words[first + 1..last].iter().any(|&w| w != 0)
            || words[last] & high_mask != 0
    }

    /// The bits of `line`, in increasing order.
    fn ones(&self, line: usize) -> impl Iterator<Item = usize> + '_ {
        self.line(line).iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    i * 64 + bit
                })
            })
        })
    }

    /// k·(k−1)/2 summed over the lines, k the bits of a line.
    fn pairs(&self) -> u64 {
        self.words
            .chunks(self.words_per_line.max(1))
            .map(|line| line.iter().map(|w| u64::from(w.count_ones())).sum::<u64>())
            .map(|k| k * k.saturating_sub(1) / 2)
            .sum()
    }

    fn clear(&mut self) {
        self.words.fill(0);
    }
}

/// An N×N grid of squares, each empty or holding one queen.
///
/// Not a [`RowBoard`](crate::solvers::blocks::boards::RowBoard) like the other solver
/// boards: the published restart lets a row hold several queens, so the
/// grid keeps the occupied squares of every line (rows included) as
/// bitsets rather than one column per row, and its threat measure is the
/// blog's direction count, not attacking pairs. Its lines are numbered as
/// on every solver board (diagonal `x + n - 1 - y`, anti-diagonal `x + y`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlogGrid {
    n: usize,
    /// Row `x` holds bit `y` when square (`x`, `y`) holds a queen.
    rows: LineSets,
    /// Column `y` holds bit `x` for the same squares.
    columns: LineSets,
    /// Diagonal `x + n - 1 - y` holds bit `x`.
    diagonals: LineSets,
    /// Anti-diagonal `x + y` holds bit `x`.
    antis: LineSets,
}

impl BlogGrid {
    /// An empty N×N grid.
    pub fn empty(n: usize) -> Self {
        Self {
            n,
            rows: LineSets::new(n, n),
            columns: LineSets::new(n, n),
            diagonals: LineSets::new(lines(n), n),
            antis: LineSets::new(lines(n), n),
        }
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Puts a queen on square (`x`, `y`); a queen already there stays one queen.
    pub fn place(&mut self, x: usize, y: usize) {
        self.rows.insert(x, y);
        self.columns.insert(y, x);
        self.diagonals.insert(x + self.n - 1 - y, x);
        self.antis.insert(x + y, x);
    }

    /// Empties square (`x`, `y`).
    pub fn remove(&mut self, x: usize, y: usize) {
        self.rows.remove(x, y);
        self.columns.remove(y, x);
        self.diagonals.remove(x + self.n - 1 - y, x);
        self.antis.remove(x + y, x);
    }

    /// Empties every square.
    pub fn clear(&mut self) {
        self.rows.clear();
        self.columns.clear();
        self.diagonals.clear();
        self.antis.clear();
    }

    /// The published `init_board`: for each row in order, one draw of `0..n`
    /// and a queen on that square. Queens already on the grid stay.
    pub fn add_random_row_queens(&mut self, rng: &mut ChaCha8Rng) {
        for x in 0..self.n {
            let y = rng.random_range(0..self.n as u32) as usize;
            self.place(x, y);
        }
    }

    /// The published `count_conflict(game_board, x, y)`: in how many of the
    /// eight directions square (`x`, `y`) sees a queen (0..=8). The square
    /// itself is not looked at. The upward scan skips row 0 and the leftward
    /// scan skips column 0, as published.
    pub fn count_conflict(&self, x: usize, y: usize) -> u32 {
        let n = self.n;
        let (diagonal, anti) = (x + n - 1 - y, x + y);
        [
            // top: range(x-1, 0, -1), rows 1..x of column y
            self.columns.any_in(y, 1, x),
            // left: range(y-1, 0, -1), columns 1..y of row x
            self.rows.any_in(x, 1, y),
            // bottom: range(x+1, n)
            self.columns.any_in(y, x + 1, n),
            // right: range(y+1, n)
            self.rows.any_in(x, y + 1, n),
            // upper left diagonal (x-k, y-k), to the edge: rows above x
            self.diagonals.any_in(diagonal, 0, x),
            // bottom left diagonal (x+k, y-k), to the edge: rows below x
            self.antis.any_in(anti, x + 1, n),
            // bottom right diagonal (x+k, y+k), to the edge: rows below x
            self.diagonals.any_in(diagonal, x + 1, n),
            // upper right diagonal (x-k, y+k), to the edge: rows above x
            self.antis.any_in(anti, 0, x),
        ]
        .into_iter()
        .map(u32::from)
        .sum()
    }

    /// The published `check_configuration`: evaluates `count_conflict` on
    /// every queen in row-major order (adding [`DIRECTIONS`] to `checks` per
    /// queen) and
    /// returns the first queen with the largest count, or `None` when no
    /// queen is threatened (largest count 0, or no queen at all).
    pub fn most_threatened(&self, checks: &mut u64) -> Option<(usize, usize)> {
        let mut best: Option<((usize, usize), u32)> = None;
        for x in 0..self.n {
            for y in self.rows.ones(x) {
                *checks += DIRECTIONS;
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
    /// [`DIRECTIONS`] to `checks` per square).
    pub fn least_threatened_column(&self, x: usize, checks: &mut u64) -> usize {
        let mut best = (0, u32::MAX);
        for y in 0..self.n {
            *checks += DIRECTIONS;
            let threat = self.count_conflict(x, y);
            if threat < best.1 {
                best = (y, threat);
            }
        }
        best.0
    }

    /// Attacking pairs among all queens on the grid: pairs sharing a row, a
    /// column, a diagonal or an anti-diagonal, whatever stands between them.
    /// With one queen per row this is [`crate::base::board::attacking_pairs`].
    pub fn attacking_pairs(&self) -> u64 {
        self.rows.pairs() + self.columns.pairs() + self.diagonals.pairs() + self.antis.pairs()
    }

    /// Every queen as `[row, column]`, row-major.
    pub fn queens(&self) -> Vec<[u32; 2]> {
        (0..self.n)
            .flat_map(|x| self.rows.ones(x).map(move |y| [x as u32, y as u32]))
            .collect()
    }

    /// The grid as a placement when every row holds exactly one queen.
    pub fn placement(&self) -> Option<Placement> {
        let mut columns = Vec::with_capacity(self.n);
        for x in 0..self.n {
            let mut queens = self.rows.ones(x);
            match (queens.next(), queens.next()) {
                (Some(y), None) => columns.push(y as u32),
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
        // Four queens, eight directions each.
        assert_eq!(checks, 4 * 8);
        let solved = grid(4, &[(0, 1), (1, 3), (2, 0), (3, 2)]);
        assert_eq!(solved.most_threatened(&mut checks), None);
    }

    #[test]
    fn attacking_pairs_count_rows_too() {
        let g = grid(4, &[(0, 0), (0, 3), (1, 1)]);
        // Row 0 pair, and (0, 0)-(1, 1) on a diagonal.
        assert_eq!(g.attacking_pairs(), 2);
        assert_eq!(g.placement(), None);
        assert_eq!(g.queens(), [[0, 0], [0, 3], [1, 1]]);
    }
}
