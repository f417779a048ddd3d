//! Placements of queens and the independent validator.
//!
//! The validator here shares no code with any solver: every test that checks a
//! solver's answer goes through [`validate`], so a bookkeeping bug inside a
//! solver cannot hide itself.

use std::fmt;
use std::io::{self, Write};

/// A board with exactly one queen per row: `columns()[r]` is the 0-based column
/// of the queen in row `r`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    columns: Vec<u32>,
}

/// Why a column vector is not an N-Queens solution: the first violation found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// A queen stands outside the board.
    #[error("row {row}: column {column} is outside the board (0..{n})")]
    OffBoard {
        /// The row of the queen.
        row: usize,
        /// Its column.
        column: u32,
        /// The board size.
        n: usize,
    },
    /// Two queens share a column.
    #[error("rows {first} and {second} share column {column}")]
    SameColumn {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
        /// The shared column.
        column: u32,
    },
    /// Two queens share a diagonal (`row - column` constant).
    #[error("rows {first} and {second} share a diagonal")]
    SameDiagonal {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
    },
    /// Two queens share an anti-diagonal (`row + column` constant).
    #[error("rows {first} and {second} share an anti-diagonal")]
    SameAntiDiagonal {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
    },
}

/// A fixed-size set of bits: the occupancy of the board's lines.
struct Lines {
    words: Vec<u64>,
}

impl Lines {
    fn new(len: usize) -> Self {
        Self {
            words: vec![0; len.div_ceil(64)],
        }
    }

    /// Asks the processor to bring line `i`'s word closer (a hint only: an
    /// index past the end is ignored).
    #[inline(always)]
    fn prefetch(&self, i: usize) {
        #[cfg(target_arch = "x86_64")]
        if let Some(word) = self.words.get(i / 64) {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: the address is that of an element of `words`; a
            // prefetch reads nothing observable and never faults.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(word).cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// Marks line `i`; returns whether it was already marked.
    fn mark(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let was = self.words[word] & bit != 0;
        self.words[word] |= bit;
        was
    }
}

/// Rows ahead of the one checked whose line word [`no_shared_line`]
/// prefetches: on large boards the lines of consecutive rows lie far apart,
/// and waiting for each word in turn would cost more than the check itself.
const PREFETCH_ROWS: usize = 64;

/// The three directions a queen attacks along besides its row.
#[derive(Clone, Copy)]
enum Direction {
    /// Columns: line `c`, `n` of them.
    Column,
    /// Diagonals (`row - column` constant): line `row + n - 1 - c`, `2n - 1`.
    Diagonal,
    /// Anti-diagonals (`row + column` constant): line `row + c`, `2n - 1`.
    AntiDiagonal,
}

impl Direction {
    /// The line through (`row`, `column`) on an `n`-board (`column < n`,
    /// except for columns, whose line is the column whatever it is).
    #[inline(always)]
    fn line(self, n: usize, row: usize, column: usize) -> usize {
        match self {
            Direction::Column => column,
            Direction::Diagonal => row + n - 1 - column,
            Direction::AntiDiagonal => row + column,
        }
    }
}

/// Checks in O(N) time that `columns` places N non-attacking queens on an N×N
/// board (one per row, `columns[r]` the column of row `r`). Boards of 10^9
/// queens can be checked: a solution is accepted with 2 bits per queen
/// beside the board (naming a violation takes 5).
///
/// It streams over the board once per direction (columns, diagonals,
/// anti-diagonals), marking one bit per line, so that the bits in use at a
/// time (`n` of them: rows in order reach a window of `n` diagonals) stay in
/// the processor's cache up to N ≈ 10^8, where all three directions at once
/// would not. Only when that finds a queen off the board or a shared line
/// does a row-by-row pass name the first violation in row order.
pub fn validate(columns: &[u32]) -> Result<(), Violation> {
    if no_shared_line(columns) {
        Ok(())
    } else {
        first_violation(columns)
    }
}

/// Whether every queen is on the board and no two share a column or
/// diagonal: one pass per direction over one bit set of `2n` bits, the
/// column pass (the first) also refusing a queen off the board.
fn no_shared_line(columns: &[u32]) -> bool {
    let n = columns.len();
    let mut seen = Lines::new(2 * n);
    [
        Direction::Column,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ]
    .into_iter()
    .all(|direction| {
        seen.words.fill(0);
        let mut shared = 0;
        for (row, &column) in columns.iter().enumerate() {
            if let Some(&later) = columns.get(row + PREFETCH_ROWS) {
                seen.prefetch(direction.line(n, row + PREFETCH_ROWS, later as usize));
            }
            if column as usize >= n {
                return false;
            }
            let line = direction.line(n, row, column as usize);
            let (word, bit) = (&mut seen.words[line / 64], 1u64 << (line % 64));
            shared |= *word & bit;
            *word |= bit;
        }
        shared == 0
    })
}

/// The first violation in row order: row by row, a queen off the board, then
/// one sharing a column, a diagonal or an anti-diagonal with an earlier row.
/// `Ok` when there is none.
fn first_violation(columns: &[u32]) -> Result<(), Violation> {
    let n = columns.len();
    let mut column_seen = Lines::new(n);
    let mut diagonal_seen = Lines::new(2 * n);
    let mut anti_seen = Lines::new(2 * n);
    // The earlier row on the same line, found by a second pass.
    let earlier =
        |row: usize, same: &dyn Fn(usize) -> bool| (0..row).find(|&r| same(r)).unwrap_or(row);
    for (row, &column) in columns.iter().enumerate() {
        let c = column as usize;
        if c >= n {
            return Err(Violation::OffBoard { row, column, n });
        }
        if column_seen.mark(c) {
            let first = earlier(row, &|r| columns[r] == column);
            return Err(Violation::SameColumn {
                first,
                second: row,
                column,
            });
        }
        if diagonal_seen.mark(row + n - c) {
            let first = earlier(row, &|r| r + n - columns[r] as usize == row + n - c);
            return Err(Violation::SameDiagonal { first, second: row });
        }
        if anti_seen.mark(row + c) {
            let first = earlier(row, &|r| r + columns[r] as usize == row + c);
            return Err(Violation::SameAntiDiagonal { first, second: row });
        }
    }
    Ok(())
}

/// Counts the attacking pairs (same column or same diagonal) of a one-queen-per-row
/// board in O(N): the `final_conflicts` metric. One line direction at a time,
/// in one buffer of 2N counts (8 bytes per queen), so that a solver at its
/// memory limit can still count its last board.
pub fn attacking_pairs(columns: &[u32]) -> u64 {
    let n = columns.len();
    let mut count = vec![0u32; 2 * n.max(1)];
    let mut pairs = 0;
    // The line of (row, column) in each direction: the column, the
    // down-diagonal and the up-diagonal.
    for direction in 0..3 {
        count.fill(0);
        for (row, &c) in columns.iter().enumerate() {
            let c = (c as usize).min(n.saturating_sub(1));
            let line = match direction {
                0 => c,
                1 => row + n - c,
                _ => row + c,
            };
            // The queen attacks every queen already counted on its line.
            pairs += u64::from(count[line]);
            count[line] += 1;
        }
    }
    pairs
}

impl Placement {
    /// Wraps a column vector (row `r` holds its queen in column `columns[r]`).
    pub fn new(columns: Vec<u32>) -> Self {
        Self { columns }
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The column of each row's queen, 0-based.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// Gives the column vector back.
    pub fn into_columns(self) -> Vec<u32> {
        self.columns
    }

    /// Writes the solution file format: N on the first line, then one 0-based
    /// column per line. Streams through `out`, so any N fits.
    pub fn write_columns<W: Write>(&self, out: W) -> io::Result<()> {
        let mut out = io::BufWriter::with_capacity(1 << 16, out);
        writeln!(out, "{}", self.columns.len())?;
        let mut buffer = itoa::Buffer::new();
        for &c in &self.columns {
            out.write_all(buffer.format(c).as_bytes())?;
            out.write_all(b"\n")?;
        }
        out.flush()
    }

    /// The columns as a compact string, digits run together for N ≤ 10
    /// (`"04752613"`), space-separated otherwise.
    pub fn compact(&self) -> String {
        let sep = if self.n() <= 10 { "" } else { " " };
        self.columns
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(sep)
    }
}

/// Renders the board as text, one line per row: `Q` for a queen, `.` otherwise.
impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.columns.len();
        for &c in &self.columns {
            let cells: Vec<&str> = (0..n)
                .map(|x| if x == c as usize { "Q" } else { "." })
                .collect();
            let line = cells.join(" ");
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_solution_is_valid() {
        assert_eq!(validate(&[0, 4, 7, 5, 2, 6, 1, 3]), Ok(()));
        assert_eq!(attacking_pairs(&[0, 4, 7, 5, 2, 6, 1, 3]), 0);
    }

    #[test]
    fn each_violation_is_named() {
        assert!(matches!(
            validate(&[0, 0]),
            Err(Violation::SameColumn { .. })
        ));
        assert!(matches!(
            validate(&[0, 1]),
            Err(Violation::SameDiagonal { .. })
        ));
        assert!(matches!(
            validate(&[1, 0]),
            Err(Violation::SameAntiDiagonal { .. })
        ));
        assert!(matches!(validate(&[3]), Err(Violation::OffBoard { .. })));
        assert_eq!(
            validate(&[2, 0, 3, 0]),
            Err(Violation::SameColumn {
                first: 1,
                second: 3,
                column: 0
            })
        );
    }

    /// The first violation in row order by comparing every pair of rows.
    fn violation_by_pairs(columns: &[u32]) -> Result<(), Violation> {
        let n = columns.len();
        for (row, &column) in columns.iter().enumerate() {
            if column as usize >= n {
                return Err(Violation::OffBoard { row, column, n });
            }
            let earlier = |same: &dyn Fn(usize, usize) -> bool| {
                (0..row).find(|&r| same(r, columns[r] as usize))
            };
            let c = column as usize;
            if let Some(first) = earlier(&|_, rc| rc == c) {
                return Err(Violation::SameColumn {
                    first,
                    second: row,
                    column,
                });
            }
            if let Some(first) = earlier(&|r, rc| r + c == row + rc) {
                return Err(Violation::SameDiagonal { first, second: row });
            }
            if let Some(first) = earlier(&|r, rc| r + rc == row + c) {
                return Err(Violation::SameAntiDiagonal { first, second: row });
            }
        }
        Ok(())
    }

    proptest! {
        /// Any column vector, queens off the board included: the verdict
        /// and the violation named are those of comparing all pairs.
        #[test]
        fn validate_agrees_with_comparing_all_pairs(
            columns in prop::collection::vec(0u32..14, 0..14)
        ) {
            prop_assert_eq!(validate(&columns), violation_by_pairs(&columns));
        }

        /// Boards of hundreds of rows, many words of bits and the prefetch
        /// ahead: a solution with up to three rows moved, some off the
        /// board. The solution is the knight's-move board, column 2r mod N,
        /// which no two queens attack when N is prime to 6 (Pólya).
        #[test]
        fn validate_agrees_on_large_boards_near_a_solution(
            sixes in 34usize..66,
            five in proptest::bool::ANY,
            moves in prop::collection::vec((0usize..400, 0u32..402), 0..4),
        ) {
            let n = 6 * sixes + if five { 5 } else { 1 };
            let mut columns: Vec<u32> = (0..n).map(|r| (2 * r % n) as u32).collect();
            if moves.is_empty() {
                prop_assert_eq!(validate(&columns), Ok(()));
            }
            for (row, column) in moves {
                columns[row % n] = column;
            }
            prop_assert_eq!(validate(&columns), violation_by_pairs(&columns));
        }

        /// Permutations, among which the solutions (40 of 10! at N = 10).
        #[test]
        fn validate_agrees_on_permutations(
            columns in (1usize..11).prop_flat_map(|n| {
                Just((0..n as u32).collect::<Vec<_>>()).prop_shuffle()
            })
        ) {
            prop_assert_eq!(validate(&columns), violation_by_pairs(&columns));
        }
    }

    #[test]
    fn exactly_the_92_solutions_of_eight_queens_are_valid() {
        // All 92 solutions by brute force over the 8! permutations.
        let mut solutions = 0;
        let mut columns: Vec<u32> = (0..8).collect();
        let mut permutations = vec![columns.clone()];
        while next_permutation(&mut columns) {
            permutations.push(columns.clone());
        }
        for p in &permutations {
            assert_eq!(validate(p), violation_by_pairs(p));
            solutions += usize::from(validate(p).is_ok());
        }
        assert_eq!(permutations.len(), 40_320);
        assert_eq!(solutions, 92);
    }

    /// Steps `v` to the next permutation in lexicographic order; false after
    /// the last.
    fn next_permutation(v: &mut [u32]) -> bool {
        let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
            return false;
        };
        let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
        v.swap(i - 1, j);
        v[i..].reverse();
        true
    }

    #[test]
    fn attacking_pairs_counts_each_line() {
        // All queens in one column: 4 choose 2 pairs.
        assert_eq!(attacking_pairs(&[0, 0, 0, 0]), 6);
        // The main diagonal: 3 choose 2 pairs.
        assert_eq!(attacking_pairs(&[0, 1, 2]), 3);
    }
}
