//! The columns each row's queen may take in an instance of a hard variant
//! ([`crate::base::instance`]: blocked squares, given queens, excluded
//! diagonals), as the incomplete searches draw and move their queens.
//!
//! A row's domain is its given queen's column when one is given, otherwise
//! its allowed columns, in increasing order. A row whose domain holds one
//! column is fixed: no move or mutation ever touches it (a given queen
//! never moves). A row whose domain is empty (every square blocked) makes
//! the instance unsatisfiable ([`Domains::hopeless`]); an incomplete search
//! cannot prove that, so it runs out its budget ([`idle`]).
//!
//! The plain problem has no domains: a search given
//! [`Control::instance`] `None`, or the plain instance, keeps its plain
//! draws ([`Domains::of`] is `None`), bit for bit. Drawing a column of a
//! row whose domain is every column takes the same single draw of `0..N`
//! as the plain search, so even a plain instance read through the domains
//! would draw the same boards.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::base::instance::Instance;
use crate::solvers::{Control, Metrics, Outcome};

/// The domain of every row of one instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domains {
    /// Row `r`'s columns are `columns[starts[r]..starts[r + 1]]`.
    starts: Vec<usize>,
    /// Every row's columns, row after row, each row's in increasing order.
    columns: Vec<u32>,
    /// The rows with at least two columns, in increasing order.
    free: Vec<usize>,
}

impl Domains {
    /// The domains of `instance`: a given row's given column, every other
    /// row's allowed columns.
    pub fn new(instance: &Instance) -> Self {
        let n = instance.n();
        let mut starts = Vec::with_capacity(n + 1);
        let mut columns = Vec::new();
        starts.push(0);
        for row in 0..n {
            match instance.given(row) {
                Some(column) => columns.push(column),
                None => columns.extend(instance.allowed_columns(row)),
            }
            starts.push(columns.len());
        }
        let free = (0..n).filter(|&r| starts[r + 1] - starts[r] >= 2).collect();
        Self {
            starts,
            columns,
            free,
        }
    }

    /// The domains of the instance `control` searches, or `None` for the
    /// plain problem (no instance, or the plain instance).
    pub fn of(control: &Control<'_>) -> Option<Self> {
        control
            .instance()
            .filter(|instance| !instance.is_plain())
            .map(Self::new)
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.starts.len() - 1
    }

    /// The columns row `row`'s queen may take, in increasing order.
    #[inline]
    pub fn row(&self, row: usize) -> &[u32] {
        &self.columns[self.starts[row]..self.starts[row + 1]]
    }

    /// Whether row `row`'s queen may move: its domain holds two columns or
    /// more (a given row's holds one).
    #[inline]
    pub fn is_free(&self, row: usize) -> bool {
        self.starts[row + 1] - self.starts[row] >= 2
    }

    /// The rows whose queens may move, in increasing order.
    pub fn free_rows(&self) -> &[usize] {
        &self.free
    }

    /// Whether a queen of row `row` may stand in `column`.
    #[inline]
    pub fn allows(&self, row: usize, column: u32) -> bool {
        self.row(row).binary_search(&column).is_ok()
    }

    /// The position of `column` in row `row`'s domain, if it is there.
    #[inline]
    pub fn position(&self, row: usize, column: u32) -> Option<usize> {
        self.row(row).binary_search(&column).ok()
    }

    /// Whether some row has no column at all: the instance has no solution.
    pub fn hopeless(&self) -> bool {
        (0..self.n()).any(|r| self.starts[r + 1] == self.starts[r])
    }

    /// A column of row `row`'s domain drawn uniformly: one draw of
    /// `0..size` when the domain holds two columns or more, none for a
    /// fixed row. The domain must not be empty.
    #[inline]
    pub fn draw(&self, row: usize, rng: &mut ChaCha8Rng) -> u32 {
        let domain = self.row(row);
        match domain.len() {
            1 => domain[0],
            size => domain[rng.random_range(0..size as u32) as usize],
        }
    }

    /// Replaces `columns` (one per row) by one column drawn uniformly from
    /// each row's domain ([`Domains::draw`]), in row order. No domain may be
    /// empty.
    pub fn fill(&self, columns: &mut [u32], rng: &mut ChaCha8Rng) {
        for (row, column) in columns.iter_mut().enumerate() {
            *column = self.draw(row, rng);
        }
    }

    /// Keeps `columns` (one per row, every column on the board) where each
    /// row's column is in its domain, and replaces the others by a column
    /// drawn from the domain, in row order: how a board given with
    /// `--start` is fitted to an instance. No domain may be empty.
    pub fn fit(&self, columns: &mut [u32], rng: &mut ChaCha8Rng) {
        for (row, column) in columns.iter_mut().enumerate() {
            if !self.allows(row, *column) {
                *column = self.draw(row, rng);
            }
        }
    }

    /// A permutation that keeps every row in its domain (row `r` in column
    /// `p[r]`, all columns distinct), found by augmenting paths (Kuhn's
    /// algorithm) over the rows in a random order, each row trying its
    /// columns in a random order; `None` when none exists (then the
    /// instance has no solution, as a solution is such a permutation). Its
    /// effort is bounded by N augmentations of O(allowed squares) each.
    pub fn matching(&self, rng: &mut ChaCha8Rng) -> Option<Vec<u32>> {
        let n = self.n();
        let mut order: Vec<usize> = (0..n).collect();
        shuffle(&mut order, rng);
        let mut options: Vec<u32> = self.columns.clone();
        for row in 0..n {
            shuffle(&mut options[self.starts[row]..self.starts[row + 1]], rng);
        }
        let none = u32::MAX;
        // The row holding each column, and the column of each row.
        let mut holder = vec![usize::MAX; n];
        let mut placed = vec![none; n];
        let mut seen = vec![0usize; n];
        // Iterative depth-first search for an augmenting path: a stack of
        // (row, next option to try).
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for (round, &root) in order.iter().enumerate() {
            let mark = round + 1;
            stack.clear();
            stack.push((root, self.starts[root]));
            let mut found = false;
            while let Some(top) = stack.last_mut() {
                let row = top.0;
                if top.1 == self.starts[row + 1] {
                    stack.pop();
                    continue;
                }
                let column = options[top.1] as usize;
                top.1 += 1;
                if seen[column] == mark {
                    continue;
                }
                seen[column] = mark;
                let other = holder[column];
                if other == usize::MAX {
                    // Free column: flip the path, from this row back to the
                    // root.
                    let mut column = column;
                    while let Some((row, _)) = stack.pop() {
                        let previous = placed[row];
                        placed[row] = column as u32;
                        holder[column] = row;
                        if previous == none {
                            break;
                        }
                        column = previous as usize;
                    }
                    found = true;
                    break;
                }
                stack.push((other, self.starts[other]));
            }
            if !found {
                return None;
            }
        }
        Some(placed)
    }
}

/// A uniform shuffle of `items` (Fisher–Yates from the last position down).
fn shuffle<T>(items: &mut [T], rng: &mut ChaCha8Rng) {
    for i in (1..items.len()).rev() {
        let j = rng.random_range(0..=i);
        items.swap(i, j);
    }
}

/// The search of an instance with a row whose every square is blocked: it
/// has no solution, which an incomplete search cannot prove, so the search
/// runs out its budget. Each round is one step that looks at the N squares
/// of that row and finds none (N checks); a step, check or time budget or
/// an interrupt ends it (a restart budget does not: no board is ever made
/// to restart from). It returns unsolved, with no board and so no
/// `final_conflicts`.
pub fn idle(n: usize, control: &mut Control<'_>) -> Outcome {
    control.set_poll_interval(1024);
    let mut metrics = Metrics::default();
    loop {
        if let Some(reason) = control.stop_before(&metrics, false) {
            return Outcome::unsolved(metrics, reason);
        }
        metrics.steps += 1;
        metrics.checks += n as u64;
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::base::instance::Origin;
    use crate::solvers::{Budget, StopReason};

    #[test]
    fn domains_keep_given_queens_and_allowed_squares() {
        let instance = Instance::build(5, &[(0, 1), (0, 3), (2, 0)], &[(1, 4)], &[], Origin::Plain)
            .expect("an instance");
        let domains = Domains::new(&instance);
        assert_eq!(domains.row(0), &[0, 2, 4]);
        assert_eq!(domains.row(1), &[4]);
        assert_eq!(domains.row(2), &[1, 2, 3, 4]);
        assert!(!domains.is_free(1) && domains.is_free(0));
        assert_eq!(domains.free_rows(), &[0, 2, 3, 4]);
        assert!(!domains.hopeless());
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..100 {
            let mut columns = [0; 5];
            domains.fill(&mut columns, &mut rng);
            assert_eq!(instance.check(&columns), Ok(()));
            let mut start = [1, 1, 1, 1, 1];
            domains.fit(&mut start, &mut rng);
            assert_eq!(instance.check(&start), Ok(()));
            assert_eq!(start[2..], [1, 1, 1]);
        }
    }

    #[test]
    fn a_matching_keeps_to_the_domains_or_says_none_exists() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for seed in 0..50 {
            let instance = crate::base::instance::generate::generate(
                9,
                crate::base::instance::Generator::Blocked {
                    blocks: 40,
                    min_free: 1,
                },
                seed,
            )
            .expect("an instance");
            let domains = Domains::new(&instance);
            let permutation = domains.matching(&mut rng).expect("min_free = 1 leaves one");
            assert_eq!(instance.check(&permutation), Ok(()));
            let mut sorted = permutation.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..9).collect::<Vec<u32>>());
        }
        // Rows 0 and 1 may both stand in column 0 only.
        let blocked: Vec<(u64, u64)> = (1..4).flat_map(|c| [(0, c), (1, c)]).collect();
        let instance = Instance::build(4, &blocked, &[], &[], Origin::Plain).expect("an instance");
        assert_eq!(Domains::new(&instance).matching(&mut rng), None);
    }

    #[test]
    fn a_hopeless_instance_runs_out_its_budget() {
        let blocked: Vec<(u64, u64)> = (0..4).map(|c| (2, c)).collect();
        let instance = Instance::build(4, &blocked, &[], &[], Origin::Plain).expect("an instance");
        assert!(Domains::new(&instance).hopeless());
        let mut control = Control::new(Budget::steps(7)).with_instance(&instance);
        let outcome = idle(4, &mut control);
        assert_eq!(outcome.stop_reason, StopReason::BudgetSteps);
        assert_eq!((outcome.metrics.steps, outcome.metrics.checks), (7, 28));
    }
}
