//! The hard variants of N-Queens as one instance: the board size, the
//! squares a queen may stand on (an allowed-squares mask per row) and the
//! queens placed before the search begins.
//!
//! Gent, Jefferson and Nightingale ("Complexity of n-Queens Completion",
//! JAIR 59, 2017) prove three close variants NP-complete; each is held
//! here as one [`Instance`]:
//!
//! - **Blocked N-Queens**: some squares are blocked (not allowed).
//! - **N-Queens Completion**: some non-attacking queens are given
//!   ([`Instance::given`]); the rest must be placed.
//! - **Excluded diagonals**: every square of the excluded sum and
//!   difference diagonals is blocked.
//!
//! The plain problem is the instance with every square allowed and no
//! queen given ([`Instance::plain`]). Where an instance comes from is
//! [`source`] (a generator with its parameters and seed, or a file with its
//! SHA-256), what reads the published formats is [`read`], and the paper's
//! three generators are [`generate`]. [`Instance::check`] is the
//! validator's second half: every queen on an allowed square and every
//! given queen in place ([`crate::base::board::validate`] checks that no
//! two attack).

pub mod generate;
pub mod read;
pub mod source;

use std::fmt;

pub use source::{Generator, InstanceSource, Origin};

/// The largest board an instance may have: its mask takes N² bits
/// (2 MiB at this size).
pub const MAX_INSTANCE_N: usize = 4096;

/// An N-Queens instance: the board size, the allowed squares and the
/// queens given in advance.
#[derive(Clone, PartialEq, Eq)]
pub struct Instance {
    n: usize,
    /// Words of one row's mask.
    words: usize,
    /// Bit `c` of row `r` (word `r * words + c / 64`) is set when a queen
    /// may stand on (r, c).
    allowed: Vec<u64>,
    /// The given queen of each row, if any.
    given: Vec<Option<u32>>,
    /// Blocked squares (not counting those of a given queen's row).
    blocked: usize,
    /// Given queens.
    given_count: usize,
    /// How it was made: what runs.csv records.
    origin: Origin,
}

/// Why squares and queens do not make an instance.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InstanceError {
    /// The board is empty or too large for a mask.
    #[error("the board size {n} is not allowed for an instance: give N from 1 to {MAX_INSTANCE_N}")]
    Size {
        /// The size asked for.
        n: usize,
    },
    /// A square lies outside the board.
    #[error(
        "{what} ({row}, {column}) is outside the {n}×{n} board (rows and columns 0..{n}, counted from 0)"
    )]
    OffBoard {
        /// "block", "given queen", …
        what: &'static str,
        /// Its row.
        row: u64,
        /// Its column.
        column: u64,
        /// The board size.
        n: usize,
    },
    /// Two given queens share a row.
    #[error(
        "two given queens stand in row {row} (columns {first} and {second}): give at most one per row"
    )]
    SameRow {
        /// The row.
        row: u32,
        /// One column.
        first: u32,
        /// The other.
        second: u32,
    },
    /// Two given queens attack each other: no completion exists.
    #[error(
        "the given queens at ({r1}, {c1}) and ({r2}, {c2}) attack each other, so the instance has no solution: give non-attacking queens"
    )]
    GivenAttack {
        /// First queen's row.
        r1: u32,
        /// Its column.
        c1: u32,
        /// Second queen's row.
        r2: u32,
        /// Its column.
        c2: u32,
    },
    /// A given queen stands on a blocked square.
    #[error(
        "the given queen at ({row}, {column}) stands on a blocked square: a queen may stand only on an allowed one"
    )]
    GivenBlocked {
        /// Its row.
        row: u32,
        /// Its column.
        column: u32,
    },
    /// An excluded diagonal does not exist on the board.
    #[error("{kind} diagonal {index} does not exist on the {n}×{n} board (0..{max})")]
    NoSuchDiagonal {
        /// "sum" or "difference".
        kind: &'static str,
        /// The index given.
        index: u64,
        /// The board size.
        n: usize,
        /// One past the largest index.
        max: usize,
    },
}

/// A diagonal of the board, as the excluded-diagonals problem names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Diagonal {
    /// The squares with `row + column == d` (0 ..= 2N − 2).
    Sum(u32),
    /// The squares with `row − column == d − (N − 1)` (d in 0 ..= 2N − 2),
    /// the generator's offset form.
    Difference(u32),
}

/// Why a board is not a solution of an instance, beyond two queens
/// attacking: a queen on a blocked square or a given queen moved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InstanceViolation {
    /// The board has another size than the instance.
    #[error("the board has {found} rows but the instance is {n}×{n}")]
    Size {
        /// Rows on the board.
        found: usize,
        /// The instance's N.
        n: usize,
    },
    /// A queen stands on a blocked square.
    #[error("row {row}: the queen stands on blocked column {column}")]
    Blocked {
        /// Its row.
        row: usize,
        /// Its column.
        column: u32,
    },
    /// A given queen is not where it was given.
    #[error("row {row}: the given queen at column {given} is at column {found}")]
    GivenMoved {
        /// The row.
        row: usize,
        /// The given column.
        given: u32,
        /// The column on the board.
        found: u32,
    },
}

impl Instance {
    /// The plain N×N problem: every square allowed, no queen given.
    pub fn plain(n: usize) -> Result<Self, InstanceError> {
        Self::build(n, &[], &[], &[], Origin::Plain)
    }

    /// The instance of size `n` with the `blocked` squares and the `given`
    /// queens ((row, column), 0-based) and every square of the `excluded`
    /// diagonals blocked, made by `origin`. Refuses squares off the board,
    /// two given queens in one row, given queens that attack or stand on a
    /// blocked square.
    pub fn build(
        n: usize,
        blocked: &[(u64, u64)],
        given: &[(u64, u64)],
        excluded: &[Diagonal],
        origin: Origin,
    ) -> Result<Self, InstanceError> {
        if n == 0 || n > MAX_INSTANCE_N {
            return Err(InstanceError::Size { n });
        }
        let words = n.div_ceil(64);
        let mut allowed = vec![0u64; n * words];
        for r in 0..n {
            for c in 0..n {
                allowed[r * words + c / 64] |= 1 << (c % 64);
            }
        }
        let mut instance = Instance {
            n,
            words,
            allowed,
            given: vec![None; n],
            blocked: 0,
            given_count: 0,
            origin,
        };
        let on_board = |what, (r, c): (u64, u64)| {
            if r < n as u64 && c < n as u64 {
                Ok((r as u32, c as u32))
            } else {
                Err(InstanceError::OffBoard {
                    what,
                    row: r,
                    column: c,
                    n,
                })
            }
        };
        for &square in blocked {
            let (r, c) = on_board("the blocked square", square)?;
            instance.block(r, c);
        }
        let max = 2 * n - 1;
        for &d in excluded {
            let (kind, index) = match d {
                Diagonal::Sum(i) => ("sum", i),
                Diagonal::Difference(i) => ("difference", i),
            };
            if index as usize >= max {
                return Err(InstanceError::NoSuchDiagonal {
                    kind,
                    index: index.into(),
                    n,
                    max,
                });
            }
            for r in 0..n as u32 {
                if let Some(c) = d.column_in_row(r, n) {
                    instance.block(r, c);
                }
            }
        }
        for &square in given {
            let (r, c) = on_board("the given queen", square)?;
            if !instance.is_allowed(r as usize, c) {
                return Err(InstanceError::GivenBlocked { row: r, column: c });
            }
            if let Some(first) = instance.given[r as usize] {
                return Err(InstanceError::SameRow {
                    row: r,
                    first,
                    second: c,
                });
            }
            for (r2, c2) in instance.given_queens() {
                if c2 == c || r2.abs_diff(r) == c2.abs_diff(c) {
                    return Err(InstanceError::GivenAttack {
                        r1: r2,
                        c1: c2,
                        r2: r,
                        c2: c,
                    });
                }
            }
            instance.given[r as usize] = Some(c);
            instance.given_count += 1;
        }
        instance.blocked = (0..n)
            .map(|r| n - instance.allowed_in_row(r))
            .sum::<usize>();
        Ok(instance)
    }

    fn block(&mut self, r: u32, c: u32) {
        let i = r as usize * self.words + c as usize / 64;
        self.allowed[i] &= !(1 << (c % 64));
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether this is the plain problem: every square allowed, no queen
    /// given.
    pub fn is_plain(&self) -> bool {
        self.blocked == 0 && self.given_count == 0
    }

    /// Whether a queen may stand on (`row`, `column`) (blocked squares are
    /// not allowed; a given queen's square is).
    pub fn is_allowed(&self, row: usize, column: u32) -> bool {
        (column as usize) < self.n
            && self.allowed[row * self.words + column as usize / 64] & (1 << (column % 64)) != 0
    }

    /// The number of allowed squares in `row`.
    pub fn allowed_in_row(&self, row: usize) -> usize {
        self.allowed[row * self.words..(row + 1) * self.words]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// The allowed columns of `row`, in increasing order.
    pub fn allowed_columns(&self, row: usize) -> impl Iterator<Item = u32> + '_ {
        (0..self.n as u32).filter(move |&c| self.is_allowed(row, c))
    }

    /// The allowed squares of `row` as a bit mask (bit c for column c), for
    /// boards of at most 64 columns; `None` above.
    pub fn row_mask(&self, row: usize) -> Option<u64> {
        (self.n <= 64).then(|| self.allowed[row * self.words])
    }

    /// The column of `row`'s given queen, if one is given.
    pub fn given(&self, row: usize) -> Option<u32> {
        self.given[row]
    }

    /// The given queens (row, column), by row.
    pub fn given_queens(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.given
            .iter()
            .enumerate()
            .filter_map(|(r, c)| c.map(|c| (r as u32, c)))
    }

    /// The number of given queens.
    pub fn given_count(&self) -> usize {
        self.given_count
    }

    /// The number of blocked squares.
    pub fn blocked_count(&self) -> usize {
        self.blocked
    }

    /// The blocked squares (row, column), row by row.
    pub fn blocked_squares(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.n).flat_map(move |r| {
            (0..self.n as u32)
                .filter(move |&c| !self.is_allowed(r, c))
                .map(move |c| (r as u32, c))
        })
    }

    /// The paper's x axis: the mean number of allowed squares per row and
    /// column, N − blocked/N.
    pub fn free_per_line(&self) -> f64 {
        self.n as f64 - self.blocked as f64 / self.n as f64
    }

    /// Where the instance comes from: what runs.csv's `instance` column
    /// records.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// Checks that `columns` (one queen per row) keeps to the instance:
    /// every queen on an allowed square, every given queen in place. That
    /// no two queens attack is [`crate::base::board::validate`]'s part.
    pub fn check(&self, columns: &[u32]) -> Result<(), InstanceViolation> {
        if columns.len() != self.n {
            return Err(InstanceViolation::Size {
                found: columns.len(),
                n: self.n,
            });
        }
        for (row, &column) in columns.iter().enumerate() {
            if let Some(given) = self.given[row]
                && given != column
            {
                return Err(InstanceViolation::GivenMoved {
                    row,
                    given,
                    found: column,
                });
            }
            if !self.is_allowed(row, column) {
                return Err(InstanceViolation::Blocked { row, column });
            }
        }
        Ok(())
    }
}

impl Diagonal {
    /// The column where this diagonal crosses `row` on an N×N board, if it
    /// does.
    pub fn column_in_row(self, row: u32, n: usize) -> Option<u32> {
        let (row, n) = (i64::from(row), n as i64);
        let column = match self {
            Diagonal::Sum(d) => i64::from(d) - row,
            Diagonal::Difference(d) => row - (i64::from(d) - (n - 1)),
        };
        (0..n).contains(&column).then_some(column as u32)
    }
}

impl fmt::Debug for Instance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Instance {} ({})", self.n, self.origin)?;
        for r in 0..self.n {
            let line: String = (0..self.n as u32)
                .map(|c| match (self.given[r], self.is_allowed(r, c)) {
                    (Some(g), _) if g == c => 'Q',
                    (_, true) => '.',
                    (_, false) => '#',
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plain_board_allows_everything() {
        let plain = Instance::plain(70).expect("a size");
        assert!(plain.is_plain());
        assert_eq!(plain.allowed_in_row(69), 70);
        assert_eq!(plain.row_mask(0), None);
        assert_eq!(
            Instance::plain(5).expect("a size").row_mask(4),
            Some(0b11111)
        );
        assert_eq!(plain.free_per_line(), 70.0);
    }

    #[test]
    fn blocks_diagonals_and_given_queens_make_one_mask() {
        // The generator's documented example on a 10×10 board: sum 4 is
        // (0,4) (1,3) (2,2) (3,1) (4,0); difference 5 is row − column = −4,
        // (0,4) (1,5) … (5,9).
        let i = Instance::build(
            10,
            &[(9, 9)],
            &[(9, 0)],
            &[Diagonal::Sum(4), Diagonal::Difference(5)],
            Origin::Plain,
        )
        .expect("an instance");
        let blocked: Vec<_> = i.blocked_squares().collect();
        assert_eq!(
            blocked,
            [
                (0, 4),
                (1, 3),
                (1, 5),
                (2, 2),
                (2, 6),
                (3, 1),
                (3, 7),
                (4, 0),
                (4, 8),
                (5, 9),
                (9, 9)
            ]
        );
        assert_eq!(i.blocked_count(), 11);
        assert_eq!(i.given(9), Some(0));
        assert!(!i.is_plain());
        assert!((i.free_per_line() - 8.9).abs() < 1e-12);
    }

    #[test]
    fn impossible_given_queens_are_refused() {
        let attack = Instance::build(8, &[], &[(0, 0), (3, 3)], &[], Origin::Plain);
        assert!(matches!(attack, Err(InstanceError::GivenAttack { .. })));
        let blocked = Instance::build(8, &[(2, 5)], &[(2, 5)], &[], Origin::Plain);
        assert!(matches!(blocked, Err(InstanceError::GivenBlocked { .. })));
        let off = Instance::build(8, &[(8, 0)], &[], &[], Origin::Plain);
        assert!(matches!(off, Err(InstanceError::OffBoard { .. })));
        let row = Instance::build(8, &[], &[(1, 0), (1, 4)], &[], Origin::Plain);
        assert!(matches!(row, Err(InstanceError::SameRow { .. })));
        let diagonal = Instance::build(8, &[], &[], &[Diagonal::Sum(15)], Origin::Plain);
        assert!(matches!(
            diagonal,
            Err(InstanceError::NoSuchDiagonal { .. })
        ));
    }

    #[test]
    fn check_finds_blocked_squares_and_moved_queens() {
        let i = Instance::build(4, &[(0, 2)], &[(1, 3)], &[], Origin::Plain).expect("an instance");
        assert_eq!(i.check(&[1, 3, 0, 2]), Ok(()));
        assert_eq!(
            i.check(&[1, 0, 3, 2]),
            Err(InstanceViolation::GivenMoved {
                row: 1,
                given: 3,
                found: 0
            })
        );
        let j = Instance::build(4, &[(0, 2)], &[], &[], Origin::Plain).expect("an instance");
        assert_eq!(
            j.check(&[2, 0, 3, 1]),
            Err(InstanceViolation::Blocked { row: 0, column: 2 })
        );
        assert!(matches!(
            j.check(&[1, 3, 0]),
            Err(InstanceViolation::Size { .. })
        ));
    }
}
