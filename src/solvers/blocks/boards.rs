//! The boards of the local searches with one queen per row: the queens
//! counted on every line, so that the attacking pairs of the whole board
//! and the conflicts of one queen or one square are known in O(1) and kept
//! up to date under moves.
//!
//! - [`FreeBoard`]: any column in any row (columns may repeat), so columns
//!   are counted as well as diagonals; moves send one queen to another
//!   column of its row. The board of `min-conflicts` and `naive-repair`
//!   (`random`), of `hill-climbing` and of the `hesham` variant of
//!   `annealing`.
//! - [`PermutationBoard`]: the columns form a permutation, so only the
//!   diagonals hold attacking pairs; moves swap the columns of two rows.
//!   The board of `annealing` (`permutation`) and of the permutation GA.
//!
//! What every solver board with one queen per row answers alike is one
//! trait, [`RowBoard`] (its columns, its size, its attacking pairs), and
//! the boards that count their own reads add [`CountedBoard`] (their
//! checks); the local-search driver ([`crate::solvers::blocks::local_search`]) and the
//! annealing's moves are written against these. Every solver board numbers
//! the lines of a square the same way (`diagonal`, `anti_diagonal` and
//! `lines` here).
//!
//! The other boards, and why they stay their own types:
//! - the fast solver's [`FastBoard`](crate::solvers::algorithms::min_conflicts_fast::FastBoard)
//!   is a [`RowBoard`] but not a [`CountedBoard`]: its counts are dense
//!   `u16` or sparse (occupancy bits and a map of the crowded diagonals; a
//!   type parameter) to fit N up to 2³² in 4.5 bytes per queen, its
//!   initialization fills it row by row, and it keeps no check counter:
//!   the solver counts its checks itself, the initialization's reads of
//!   its occupancy bits included;
//! - the VulgaireDev blog's [`BlogGrid`](crate::solvers::blocks::blog_grid::BlogGrid) is no
//!   [`RowBoard`]: the published restart lets a row hold several queens, so
//!   it keeps a full N×N grid of line bitsets, not a column per row;
//! - [`Placement`](crate::base::board::Placement), next to the validator, holds
//!   a finished answer: the validator shares no code with any solver (so a
//!   bookkeeping bug in a solver board cannot hide itself), and this module
//!   uses its [`attacking_pairs`](crate::base::board::attacking_pairs) only in
//!   tests, as the independent count.
//!
//! Two queens attack each other when they share a column, a diagonal or an
//! anti-diagonal, whatever stands between them (no blocking, unlike the
//! VulgaireDev blog's direction scans): a line holding `k` queens holds
//! `k (k - 1) / 2` attacking pairs, and a board's pairs are the sum over
//! its lines, equal to [`crate::base::board::attacking_pairs`].
//!
//! Checks (the unit is defined once, at [`crate::base::outcome::Metrics::checks`]):
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

/// A board with one queen per row, as a solver keeps it: the column of
/// each row's queen and the attacking pairs among them, kept up to date by
/// the board's moves. Reading them counts no check.
pub trait RowBoard {
    /// The column of each row's queen.
    fn columns(&self) -> &[u32];

    /// Gives the column vector back.
    fn into_columns(self) -> Vec<u32>
    where
        Self: Sized;

    /// Attacking pairs on the whole board.
    fn pairs(&self) -> u64;

    /// The board size N.
    #[inline]
    fn n(&self) -> usize {
        self.columns().len()
    }
}

/// A [`RowBoard`] that counts the checks its own reads make (each board's
/// methods say their cost).
pub trait CountedBoard: RowBoard {
    /// Checks made by this board so far.
    fn checks(&self) -> u64;
}

/// Index of the diagonal (`row - column` constant) of a square, in
/// `0..2n-1`.
#[inline(always)]
pub(in crate::solvers) fn diagonal(n: usize, row: usize, column: u32) -> usize {
    row + n - 1 - column as usize
}

/// Index of the anti-diagonal (`row + column` constant) of a square, in
/// `0..2n-1`.
#[inline(always)]
pub(in crate::solvers) fn anti_diagonal(row: usize, column: u32) -> usize {
    row + column as usize
}

/// The number of diagonals (and of anti-diagonals) of an N×N board.
pub(in crate::solvers) fn lines(n: usize) -> usize {
    (2 * n).saturating_sub(1)
}
