//! The near-conflict-free linear-time initialization of min-conflicts `fast`,
//! after Sosic & Gu's QS4 ("3,000,000 queens in less than one minute", 1991).
//!
//! Rows are filled top to bottom. The permutation itself is the pool of
//! unused columns: before row `i` is placed, positions `i..n` hold the columns
//! no placed row uses, and placing row `i` swaps the chosen position into
//! place `i`, so no extra array is needed. Row `i` tries up to
//! [`INIT_TRIES`] uniformly random unused columns and takes the first on two
//! empty diagonals; if none is free it takes the tried column with the
//! fewest attacks (Minton et al.'s greedy assignment). The last [`TAIL`]
//! rows, where free columns are rare, take a random unused column at once.
//!
//! Random positions come from a small ring of 64-bit draws taken ahead of
//! use, so the memory holding a future candidate's column and diagonals can
//! be prefetched while the current row is decided; a draw `x` maps to
//! `i + ⌊x · (n − i) / 2⁶⁴⌋` (Lemire's multiply-shift, bias below n / 2⁶⁴).
//! Prefetching changes timing only, never a decision.

use rand::Rng;
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::board::{Counter, FastBoard};
use crate::solvers::{Control, Metrics, StopReason};

/// The last rows placed on a random unused column without looking for a free
/// one (Sosic & Gu's constant `c`; they used a few dozen).
pub const TAIL: usize = 64;

/// Random unused columns tried for one row before settling for the least
/// attacked of them.
pub const INIT_TRIES: usize = 64;

/// Draws kept ahead of use for prefetching (a power of two).
const RING: usize = 16;

/// Rows between two looks at the budget and the clock.
const POLL_ROWS: usize = 1 << 16;

/// Why an initialization did not produce a board.
pub(super) enum InitFailure {
    /// The budget ran out.
    Stopped(StopReason),
    /// A diagonal counter would overflow, or the board has more attacking
    /// pairs than the repair's counter bound allows (see the solver's
    /// header); start again.
    TooCrowded,
}

/// Places every row of `board` (whose counters must all be zero) and pushes
/// each row that was placed under attack onto `attacked`, so that every
/// attacking pair has at least one of its rows on the list. Counts one check
/// per candidate column examined.
pub(super) fn initialize<C: Counter>(
    board: &mut FastBoard<C>,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
    metrics: &mut Metrics,
    attacked: &mut Vec<u32>,
) -> Result<(), InitFailure> {
    let n = board.n();
    let greedy_end = n - n.min(TAIL);
    // Pool positions drawn ahead: a position drawn while row `i0` was being
    // placed is uniform in `i0..n`; used for row `i >= i0` it is kept if it
    // is still in the pool (`>= i`), which makes it uniform in `i..n`, and
    // replaced by a fresh draw otherwise.
    let mut ring = [0usize; RING];
    ring.iter_mut().for_each(|j| *j = scale(rng.next_u64(), n));
    let mut head = 0;
    for i in 0..greedy_end {
        if i % POLL_ROWS == POLL_ROWS - 1 {
            if let Some(reason) = control.stop_reason(metrics).or_else(|| control.poll_clock()) {
                return Err(InitFailure::Stopped(reason));
            }
        }
        let mut best = (u32::MAX, i);
        for _ in 0..INIT_TRIES {
            let mut j = ring[head];
            let fresh = i + scale(rng.next_u64(), n - i);
            ring[head] = fresh;
            head = (head + 1) % RING;
            if j < i {
                j = i + scale(rng.next_u64(), n - i);
            }
            prefetch_ahead(board, i, fresh, ring[(head + RING / 2) % RING]);
            let (u, d) = board.diagonals(i, board.columns[j]);
            let attacks = board.up[u].get() + board.down[d].get();
            metrics.checks += 1;
            if attacks < best.0 {
                best = (attacks, j);
                if attacks == 0 {
                    break;
                }
            }
        }
        place(board, i, best.1, attacked)?;
    }
    for i in greedy_end..n {
        let j = i + rng.random_range(0..(n - i) as u32) as usize;
        metrics.checks += 1;
        place(board, i, j, attacked)?;
    }
    if board.pairs > u64::from(C::MAX) * u64::from(C::MAX - 1) / 2 {
        return Err(InitFailure::TooCrowded);
    }
    Ok(())
}

/// Moves the column at position `j` of the pool to row `i` and counts it.
#[inline(always)]
fn place<C: Counter>(
    board: &mut FastBoard<C>,
    i: usize,
    j: usize,
    attacked: &mut Vec<u32>,
) -> Result<(), InitFailure> {
    board.columns.swap(i, j);
    let (u, d) = board.diagonals(i, board.columns[i]);
    let (up, down) = (board.up[u].get(), board.down[d].get());
    if up == C::MAX || down == C::MAX {
        return Err(InitFailure::TooCrowded);
    }
    if up + down > 0 {
        attacked.push(i as u32);
    }
    board.place(i);
    Ok(())
}

/// `⌊x · m / 2⁶⁴⌋`: a draw scaled to `0..m`.
#[inline(always)]
fn scale(x: u64, m: usize) -> usize {
    ((u128::from(x) * m as u128) >> 64) as usize
}

/// Prefetches pool position `far` (used [`RING`] tries from now) and the
/// diagonals of the column at pool position `mid` (used half as many tries
/// from now, its column already fetched), guessing the row that will use
/// it as `i + 2`; a wrong guess only costs a cache miss.
#[inline(always)]
fn prefetch_ahead<C: Counter>(board: &FastBoard<C>, i: usize, far: usize, mid: usize) {
    prefetch(board.columns.as_ptr().wrapping_add(far));
    let row = (i + 2).min(board.n() - 1);
    let (u, d) = board.diagonals(row, board.columns[mid]);
    prefetch(board.up.as_ptr().wrapping_add(u));
    prefetch(board.down.as_ptr().wrapping_add(d));
}

/// Asks the CPU to bring the cache line holding `p` closer; a hint only.
#[inline(always)]
fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch never faults and reads nothing observable, even
        // for an address outside any allocation; SSE is baseline on x86_64.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
