//! The exact counter and the board's symmetries: how many solutions the N×N
//! board has in total (OEIS A000170) and how many are fundamentally
//! different (OEIS A002562), and the rotations and reflections that group
//! solutions into classes. Not a [`Solver`](crate::solvers::Solver): it
//! finds no placement, it counts them all; `queens count` runs it and
//! `queens enumerate --unique` groups solutions with [`symmetry`].
//!
//! Sources: the constellation method (the Q27 project, Ole Ansgar
//! Lichtenberg's NQueensFaf) on top of Jeff Somers' bitboard backtracking,
//! and Burnside's lemma for the fundamental solutions.
//!
//! - The total is a sum over the representative border placements
//!   (module `constellations`): the completions of each, times the size of its
//!   symmetry class. Each representative is one independent task that rayon
//!   counts in parallel ([`Counter`]); each task's count is an exact integer,
//!   so the result is identical for any number of threads.
//! - A task's completions are found by a batched bitboard search (module
//!   `completion`) that expands many states of one row at once (the buffers
//!   and masks it shares with its kernels are in module `level`), with one
//!   kernel (module `lanes`) compiled for plain Rust or, where the processor
//!   has them, AVX2 or AVX-512 vector instructions (modules `avx2`,
//!   `avx512`); see [`Kernel`]. A partial board is kept only if its next
//!   free rows keep a free square (and, with six rows or fewer left, its
//!   open columns too), and the last four free rows of every task are
//!   counted at once from tables of the 24 ways to fill them (module
//!   `tail`; tasks with fewer than four free rows, at N <= 7, by plain
//!   recursion).
//! - The fundamental solutions are the classes of the group of the 8
//!   rotations and reflections acting on the solutions. By Burnside's lemma
//!   their number is the mean over the group of the solutions each element
//!   fixes. For N >= 2 no reflection fixes a solution (a reflection in a
//!   middle line would put every queen in the middle column or row; one in
//!   a diagonal would fix a queen pair on a common anti-diagonal or two
//!   queens on the diagonal itself), so
//!   `unique = (total + S180 + 2 * S90) / 8`, where S180 and S90 count the
//!   solutions equal to their 180° and 90° rotations (the 270° rotation
//!   fixes the same ones as the 90°). Those are few and found by a search
//!   over half the rows (module `rotational`).
//! - The representatives are the count's *units* (module `units`): a list
//!   fixed by N alone, with a fingerprint and an expected work per unit,
//!   split into shards balanced by that expected work. A count can record
//!   each finished unit in a checkpoint file and resume from it, and the
//!   checkpoints of a count's shards add up to the whole count
//!   ([`checkpoint`]).
//! - Masks are `u32`, so N <= [`MAX_N`] = 32. Per-task counts are `u64`;
//!   the totals are `u128`, because A000170 passes 2^64 near N = 29.
//!
//! Imports run one way: `constellations` <- `level`, `tail` <- `lanes` <-
//! `avx2`, `avx512` <- `kernel` <- `completion` <- `counter`; `rotational` and
//! `symmetry` stand alone; `units` <- `counter` <- `checkpoint`. The
//! kernels never import the search that drives them.
//!
//! The count of an instance's solutions (blocked squares, given queens:
//! `queens count --instance`) is a separate, plainer counter,
//! [`instance`]: one mask per row, no symmetry reduction, N <= 64.
//!
//! Beside the counter, [`space`] gives the sizes of the search spaces a
//! student meets (`queens space`): the closed forms, the state-space tree
//! that plain backtracking searches (counted by running it, module
//! `space::tree`), and the time each takes to enumerate at a rate
//! (`space::rate`); it uses the counter for the fundamental solutions.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
pub mod checkpoint;
mod completion;
mod constellations;
mod counter;
pub mod instance;
mod kernel;
mod lanes;
mod level;
mod rotational;
pub mod space;
pub mod symmetry;
mod tail;
mod units;

pub use counter::{CountError, Counter, Counts, UnitCount, count};
pub use kernel::Kernel;
pub use units::{Shard, UNIT_LIST_VERSION};

/// The largest board size the counter accepts (its masks are 32-bit words).
pub const MAX_N: usize = 32;
