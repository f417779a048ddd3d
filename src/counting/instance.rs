//! The exact count of an instance's solutions (blocked N-Queens, N-Queens
//! completion, excluded diagonals: [`crate::base::instance`]), for
//! `queens count --instance`.
//!
//! A bitboard backtracking counter in Jeff Somers' style, rows top to
//! bottom, with one mask of the squares a queen may take per row: the
//! row's allowed squares, less those a given queen attacks; a row with a
//! given queen has that queen's square alone. The attacked columns and
//! diagonals travel down the rows as three words (columns, diagonals
//! shifted left, anti-diagonals shifted right), so a row's free squares
//! are its mask less the three.
//!
//! No symmetry reduction: an instance's blocked squares and given queens
//! generally have no rotation or reflection that keeps them, so every
//! solution is found. The work is split into independent tasks, the
//! partial boards of the first rows, which rayon counts in parallel; each
//! task's count is an exact integer, so the total is the same for any
//! number of threads. Masks are `u64`, so N <= [`MAX_INSTANCE_COUNT_N`]
//! = 64; a task's count is a `u64`, the total a `u128`.

use rayon::prelude::*;

use crate::base::instance::Instance;

/// The largest board the instance counter takes (its masks are 64-bit
/// words).
pub const MAX_INSTANCE_COUNT_N: usize = 64;

/// The partial boards the work is split into, at least: the first rows
/// are expanded until there are this many (or the rows run out).
const TASKS: usize = 4096;

/// Why an instance cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InstanceCountError {
    /// The board is wider than a mask.
    #[error(
        "the instance is {n}×{n}, but the instance counter takes boards up to N = {MAX_INSTANCE_COUNT_N} (one 64-bit mask per row): count a smaller instance, or search this one for one solution with an exact search (backtracking or csp) instead of counting all"
    )]
    TooLarge {
        /// The instance's N.
        n: usize,
    },
}

/// The counter of one instance: its squares as one mask per row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstanceCounter {
    n: usize,
    /// Bit `c` of `masks[r]` is set when a queen may stand on (r, c):
    /// allowed and not attacked by a given queen (a given queen's row has
    /// its square alone).
    masks: Vec<u64>,
}

/// A partial board of the first rows: the queens' columns and the two
/// diagonal directions they attack in the next row.
#[derive(Clone, Copy, Debug)]
struct State {
    row: usize,
    columns: u64,
    left: u64,
    right: u64,
}

impl InstanceCounter {
    /// The counter of `instance`; refuses a board wider than 64 columns.
    pub fn new(instance: &Instance) -> Result<Self, InstanceCountError> {
        let n = instance.n();
        if n > MAX_INSTANCE_COUNT_N {
            return Err(InstanceCountError::TooLarge { n });
        }
        let masks = (0..n)
            .map(|row| match instance.given(row) {
                Some(column) => 1u64 << column,
                None => {
                    let allowed = instance.row_mask(row).unwrap_or(0);
                    let attacked = instance.given_queens().fold(0u64, |m, (r, c)| {
                        m | attacked_in_row(r as usize, c as usize, row, n)
                    });
                    allowed & !attacked
                }
            })
            .collect();
        Ok(Self { n, masks })
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number of solutions, on one thread.
    pub fn count_sequential(&self) -> u128 {
        u128::from(self.below(self.start()))
    }

    /// The number of solutions, the tasks counted in parallel on rayon's
    /// current pool (install a pool to choose the threads); the same for
    /// any number of threads.
    pub fn count(&self) -> u128 {
        self.tasks()
            .par_iter()
            .map(|&state| u128::from(self.below(state)))
            .sum()
    }

    /// The empty board.
    fn start(&self) -> State {
        State {
            row: 0,
            columns: 0,
            left: 0,
            right: 0,
        }
    }

    /// The columns a queen may still take in `state`'s row.
    fn free(&self, state: State) -> u64 {
        self.masks[state.row] & !(state.columns | state.left | state.right)
    }

    /// `state` with a queen on the square `bit` of its row.
    fn place(state: State, bit: u64) -> State {
        State {
            row: state.row + 1,
            columns: state.columns | bit,
            left: (state.left | bit) << 1,
            right: (state.right | bit) >> 1,
        }
    }

    /// The partial boards of the first rows, expanded breadth first until
    /// there are at least [`TASKS`] or a further row would complete them;
    /// their completions are the instance's solutions, each once.
    fn tasks(&self) -> Vec<State> {
        let mut states = vec![self.start()];
        while states.len() < TASKS && states.first().is_some_and(|s| s.row + 1 < self.n) {
            states = states
                .iter()
                .flat_map(|&state| {
                    let mut free = self.free(state);
                    std::iter::from_fn(move || {
                        (free != 0).then(|| {
                            let bit = free & free.wrapping_neg();
                            free ^= bit;
                            Self::place(state, bit)
                        })
                    })
                })
                .collect();
        }
        states
    }

    /// The completions of `state`.
    fn below(&self, state: State) -> u64 {
        if state.row == self.n {
            return 1;
        }
        let mut free = self.free(state);
        if state.row + 1 == self.n {
            return u64::from(free.count_ones());
        }
        let mut total = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            total += self.below(Self::place(state, bit));
        }
        total
    }
}

/// The squares of `row` a queen at (`queen_row`, `queen_column`) attacks
/// on an N×N board (N <= 64), as a mask: its column and its two
/// diagonals (none in its own row, which it occupies).
fn attacked_in_row(queen_row: usize, queen_column: usize, row: usize, n: usize) -> u64 {
    if row == queen_row {
        return 0;
    }
    let distance = row.abs_diff(queen_row);
    let mut mask = 1u64 << queen_column;
    if queen_column + distance < n {
        mask |= 1 << (queen_column + distance);
    }
    if let Some(column) = queen_column.checked_sub(distance) {
        mask |= 1 << column;
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::instance::{Diagonal, Generator, Origin, generate::generate};

    /// OEIS A000170, N = 1..=10.
    const PLAIN: [u128; 10] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];

    #[test]
    fn the_plain_board_counts_oeis() {
        for (n, &expected) in (1..=10).zip(PLAIN.iter()) {
            let counter = InstanceCounter::new(&Instance::plain(n).expect("a size")).expect("N");
            assert_eq!(counter.count_sequential(), expected, "n = {n}");
            assert_eq!(counter.count(), expected, "n = {n}");
        }
    }

    #[test]
    fn blocked_squares_and_given_queens_restrict_the_count() {
        // The 4×4 board's two solutions are [1, 3, 0, 2] and [2, 0, 3, 1];
        // blocking (0, 1) leaves the second, giving (0, 1) leaves the first.
        let blocked = Instance::build(4, &[(0, 1)], &[], &[], Origin::Plain).expect("valid");
        assert_eq!(
            InstanceCounter::new(&blocked)
                .expect("N")
                .count_sequential(),
            1
        );
        let given = Instance::build(4, &[], &[(0, 1)], &[], Origin::Plain).expect("valid");
        assert_eq!(InstanceCounter::new(&given).expect("N").count(), 1);
        let none = Instance::build(4, &[(0, 1), (0, 2)], &[], &[], Origin::Plain).expect("valid");
        assert_eq!(InstanceCounter::new(&none).expect("N").count(), 0);
        // The main sum diagonal of 8×8 (row + column = 7) excluded.
        let diagonal =
            Instance::build(8, &[], &[], &[Diagonal::Sum(7)], Origin::Plain).expect("valid");
        let by_hand = (0..8u32.pow(8))
            .filter(|&code| {
                let columns: Vec<u32> = (0..8).map(|r| code / 8u32.pow(r) % 8).collect();
                (0..8).all(|r| columns[r] as usize + r != 7)
                    && (0..8).all(|a| {
                        (a + 1..8).all(|b| {
                            columns[a] != columns[b]
                                && columns[a].abs_diff(columns[b]) as usize != b - a
                        })
                    })
            })
            .count() as u128;
        assert_eq!(InstanceCounter::new(&diagonal).expect("N").count(), by_hand);
    }

    #[test]
    fn parallel_and_sequential_counts_agree_on_generated_instances() {
        for seed in 0..20 {
            let instance = generate(
                12,
                Generator::Blocked {
                    blocks: 30,
                    min_free: 1,
                },
                seed,
            )
            .expect("possible");
            let counter = InstanceCounter::new(&instance).expect("N");
            assert_eq!(counter.count(), counter.count_sequential(), "seed {seed}");
        }
    }

    #[test]
    fn boards_above_64_are_refused() {
        let wide = Instance::plain(65).expect("a size");
        let error = InstanceCounter::new(&wide).expect_err("too wide");
        assert_eq!(error, InstanceCountError::TooLarge { n: 65 });
        assert!(error.to_string().contains("up to N = 64"));
        let widest = Instance::build(64, &[], &[(63, 63)], &[], Origin::Plain).expect("valid");
        let counter = InstanceCounter::new(&widest).expect("N = 64 is counted");
        assert_eq!(counter.masks[63], 1 << 63);
        assert_eq!(counter.masks[0] & (1 << 0), 0, "(0, 0) shares the diagonal");
        assert_eq!(counter.masks[0] & (1 << 63), 0, "(0, 63) shares the column");
    }

    #[test]
    fn a_queen_attacks_its_column_and_diagonals_in_another_row() {
        assert_eq!(attacked_in_row(2, 3, 0, 8), 0b0010_1010);
        assert_eq!(attacked_in_row(2, 3, 2, 8), 0);
        assert_eq!(attacked_in_row(0, 0, 7, 8), 0b1000_0001);
        assert_eq!(attacked_in_row(0, 63, 1, 64), (1 << 63) | (1 << 62));
    }
}
