//! The row-by-row state-space tree searched by plain backtracking, counted
//! by running it: Neapolitan's algorithm (*Foundations of Algorithms*,
//! chapter 5) visits the root, and for every node it finds promising
//! (no two of its queens attack) and that is not a leaf, checks each of
//! its N children. A node is *checked* when its promising function is
//! evaluated and *promising* when it passes; the leaves that pass are the
//! solutions. Column and diagonal flags make each check constant-time.

use std::time::{Duration, Instant};

/// What one exhaustive backtracking search of the N×N tree counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeCount {
    /// The board size.
    pub n: usize,
    /// The nodes whose promising function was evaluated, the root included.
    pub checked: u128,
    /// The promising nodes at each depth 0..=N (depth 0 is the root; depth
    /// N holds the solutions).
    pub promising_by_depth: Vec<u128>,
}

impl TreeCount {
    /// All promising nodes, the root and the solutions included.
    pub fn promising(&self) -> u128 {
        self.promising_by_depth.iter().sum()
    }

    /// The solutions: the promising leaves.
    pub fn solutions(&self) -> u128 {
        self.promising_by_depth.last().copied().unwrap_or(0)
    }
}

/// A tree count and the speed it ran at.
#[derive(Clone, Debug)]
pub struct TimedTreeCount {
    /// The counts (the same on every run).
    pub count: TreeCount,
    /// Nodes checked per second, over as many whole searches as filled the
    /// minimum time asked for.
    pub checked_per_second: f64,
}

/// Runs the exhaustive backtracking search of the N×N tree once (N >= 1).
pub fn count_tree(n: usize) -> TreeCount {
    let mut search = Search {
        n,
        columns: vec![false; n],
        diagonals: vec![false; 2 * n],
        anti_diagonals: vec![false; 2 * n],
        checked: 1,
        promising_by_depth: vec![0; n + 1],
    };
    search.promising_by_depth[0] = 1;
    search.children(0);
    TreeCount {
        n,
        checked: search.checked,
        promising_by_depth: search.promising_by_depth,
    }
}

/// Runs [`count_tree`] again and again until `at_least` has passed (at
/// least once), and measures the nodes checked per second.
pub fn time_tree(n: usize, at_least: Duration) -> TimedTreeCount {
    let start = Instant::now();
    let count = count_tree(n);
    let mut runs = 1u32;
    while start.elapsed() < at_least {
        std::hint::black_box(count_tree(std::hint::black_box(n)));
        runs += 1;
    }
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let checked_per_second = count.checked as f64 * f64::from(runs) / seconds;
    TimedTreeCount {
        count,
        checked_per_second,
    }
}

/// The search's state: which columns and diagonals the queens of the rows
/// above hold, and the counters.
struct Search {
    n: usize,
    columns: Vec<bool>,
    diagonals: Vec<bool>,
    anti_diagonals: Vec<bool>,
    checked: u128,
    promising_by_depth: Vec<u128>,
}

impl Search {
    /// Checks the N children of a promising node whose queens fill the
    /// rows above `row`, and descends into the promising ones.
    fn children(&mut self, row: usize) {
        let n = self.n;
        for column in 0..n {
            self.checked += 1;
            let diagonal = row + n - column;
            let anti = row + column;
            if self.columns[column] || self.diagonals[diagonal] || self.anti_diagonals[anti] {
                continue;
            }
            self.promising_by_depth[row + 1] += 1;
            if row + 1 < n {
                self.columns[column] = true;
                self.diagonals[diagonal] = true;
                self.anti_diagonals[anti] = true;
                self.children(row + 1);
                self.columns[column] = false;
                self.diagonals[diagonal] = false;
                self.anti_diagonals[anti] = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neapolitans_table_for_four_and_eight() {
        let four = count_tree(4);
        assert_eq!((four.checked, four.promising()), (61, 17));
        let eight = count_tree(8);
        assert_eq!(
            (eight.checked, eight.promising(), eight.solutions()),
            (15_721, 2_057, 92)
        );
    }
}
