//! The boards of the local searches with one queen per row: the queens
//! counted on every line, so that the attacking pairs of the whole board
//! and the conflicts of one queen or one square are known in O(1) and kept
//! up to date under moves.
//!
//! - [`FreeBoard`]: any column in any row (columns may repeat), so columns
//!   are counted as well as diagonals; moves send one queen to another
//!   column of its row. The board of `min-conflicts` and `naive-repair`
//!   (`random`) and of the `hesham` variant of `annealing`.
//! - [`PermutationBoard`]: the columns form a permutation, so only the
//!   diagonals hold attacking pairs; moves swap the columns of two rows.
//!   The board of `annealing` (`permutation`) and of the permutation GA.
//!
//! The fast solver's board, with narrow counters for N up to 2³², is
//! [`super::min_conflicts_fast::FastBoard`].
//!
//! Two queens attack each other when they share a column, a diagonal or an
//! anti-diagonal, whatever stands between them (no blocking, unlike the
//! VulgaireDev blog's direction scans): a line holding `k` queens holds
//! `k (k - 1) / 2` attacking pairs, and a board's pairs are the sum over
//! its lines, equal to [`crate::board::attacking_pairs`].
//!
//! Checks (the unit is defined once, at [`crate::outcome::Metrics::checks`]):
//! each board counts the reads of the attack count of one square (its
//! column and diagonal counters read together) that it makes, and each
//! method says its cost. Counting a board from scratch reads the lines of
//! every queen as it is added: N checks (an `evaluation`, counted by the
//! algorithm). Moving a queen on a [`FreeBoard`] reads its old and its new
//! square to keep the pair total: 2 checks (none when it stays). Applying a
//! swap whose delta is known reads nothing.

mod free;
mod permutation;

pub use free::{FreeBoard, count_pairs};
pub use permutation::PermutationBoard;

/// Index of the diagonal (`row - column` constant) of a square, in
/// `0..2n-1`.
#[inline]
fn diagonal(n: usize, row: usize, column: u32) -> usize {
    row + n - 1 - column as usize
}

/// Index of the anti-diagonal (`row + column` constant) of a square, in
/// `0..2n-1`.
#[inline]
fn anti_diagonal(row: usize, column: u32) -> usize {
    row + column as usize
}

/// The number of diagonals (and of anti-diagonals) of an N×N board.
fn lines(n: usize) -> usize {
    (2 * n).saturating_sub(1)
}
