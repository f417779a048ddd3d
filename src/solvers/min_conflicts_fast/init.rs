//! The near-conflict-free linear-time initialization of min-conflicts `fast`,
//! after Sosic & Gu's QS4 ("3,000,000 queens in less than one minute", 1991).
//!
//! Rows are filled top to bottom. Row `i` tries up to [`INIT_TRIES`]
//! uniformly random unused columns and takes the first whose two diagonals
//! are empty; if none is, it takes the tried column with the fewest
//! occupied diagonals (Minton et al.'s greedy assignment). The last [`TAIL`]
//! rows, where free columns are rare, take a random unused column at once.
//!
//! A uniformly random unused column is drawn in one of two equivalent ways:
//! - while more than 1/[`DIRECT_SHARE`] of the columns are unused, a uniform
//!   column of `0..n` is drawn, and drawn again while a bitmap of used
//!   columns (n/8 bytes, freed when this phase ends) marks it; draws of used
//!   columns count as checks but not as tries;
//! - then, as in QS4, the permutation itself is the pool: positions `i..n`
//!   hold the unused columns (written there in increasing order when the
//!   first phase ends), a uniform position of `i..n` is drawn, and placing
//!   row `i` swaps it into place `i`, so no array of unused columns is kept.
//!
//! While rows are placed, only whether a diagonal is occupied matters, so
//! occupancy is kept in two bitsets (n/4 bytes each, an eighth of the byte
//! counters' size: they mostly stay in cache). Each row placed on an
//! occupied diagonal is listed with which of its diagonals were occupied.
//! A diagonal's queen count is then exactly its occupancy bit plus the
//! listed rows that found it occupied, which is how the counters are filled
//! at the end, in one sequential pass plus one step per listed row.
//!
//! Random columns and positions come from a small ring of 64-bit draws taken
//! ahead of use, so the memory a future candidate needs can be prefetched
//! while the current row is decided; a draw `x` maps to
//! `lo + ⌊x · (n − lo) / 2⁶⁴⌋`
//! (Lemire's multiply-shift, bias below n / 2⁶⁴). A position drawn while row
//! `i0` was placed is uniform in `i0..n`; used for row `i ≥ i0` it is kept if
//! still in the pool (`≥ i`), which leaves it uniform in `i..n`, and replaced
//! by a fresh draw otherwise. Prefetching changes timing only, never a
//! decision.

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

/// Columns are drawn directly from `0..n` while more than `n / DIRECT_SHARE`
/// are unused, then from the pool of unused columns.
pub const DIRECT_SHARE: usize = 2;

/// Draws kept ahead of use for prefetching (a power of two).
const RING: usize = 32;

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
    let direct_end = (n - n / DIRECT_SHARE).min(greedy_end);
    let mut occupied = Occupancy::new(n);
    // For each listed row: bit 0 set if its up-diagonal was occupied when it
    // was placed, bit 1 for its down-diagonal.
    let mut found: Vec<u8> = Vec::new();
    let mut used = vec![0u64; n.div_ceil(64)];
    let direct = place_direct(
        board,
        &mut occupied,
        &mut used,
        direct_end,
        rng,
        control,
        metrics,
        (attacked, &mut found),
    );
    let placed = match direct {
        Ok(()) => direct_end,
        Err((row, _)) => row,
    };
    fill_pool(board, &used, placed);
    drop(used);
    if let Err((_, reason)) = direct {
        return Err(InitFailure::Stopped(reason));
    }
    let mut ring = [0usize; RING];
    ring.iter_mut()
        .for_each(|j| *j = direct_end + scale(rng.next_u64(), n - direct_end));
    let mut head = 0;
    for i in direct_end..greedy_end {
        if i % POLL_ROWS == POLL_ROWS - 1 {
            if let Some(reason) = control
                .stop_reason(metrics)
                .or_else(|| control.poll_clock())
            {
                return Err(InitFailure::Stopped(reason));
            }
        }
        let mut best = (u8::MAX, i);
        for _ in 0..INIT_TRIES {
            let mut j = ring[head];
            let fresh = i + scale(rng.next_u64(), n - i);
            ring[head] = fresh;
            head = (head + 1) % RING;
            if j < i {
                j = i + scale(rng.next_u64(), n - i);
            }
            prefetch(board.columns.as_ptr().wrapping_add(fresh));
            let guess = (i + 2).min(n - 1);
            let (u, d) = board.diagonals(guess, board.columns[ring[(head + RING / 2) % RING]]);
            occupied.prefetch(u, d);
            let (u, d) = board.diagonals(i, board.columns[j]);
            let taken = occupied.taken(u, d);
            metrics.checks += 1;
            if taken < best.0 {
                best = (taken, j);
                if taken == 0 {
                    break;
                }
            }
        }
        place(board, &mut occupied, i, best.1, attacked, &mut found);
    }
    for i in greedy_end..n {
        let j = i + rng.random_range(0..(n - i) as u32) as usize;
        metrics.checks += 1;
        place(board, &mut occupied, i, j, attacked, &mut found);
    }
    count_queens(board, &occupied, attacked, &found)
}

/// Places rows `0..end` on columns drawn uniformly from `0..n`, redrawn while
/// `used` marks them; on a stop, returns the rows placed and the reason.
#[allow(clippy::too_many_arguments)]
fn place_direct<C: Counter>(
    board: &mut FastBoard<C>,
    occupied: &mut Occupancy,
    used: &mut [u64],
    end: usize,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
    metrics: &mut Metrics,
    (attacked, found): (&mut Vec<u32>, &mut Vec<u8>),
) -> Result<(), (usize, StopReason)> {
    let n = board.n();
    let is_used = |used: &[u64], c: usize| used[c / 64] >> (c % 64) & 1 == 1;
    let mut ring = [0usize; RING];
    ring.iter_mut().for_each(|c| *c = scale(rng.next_u64(), n));
    let mut head = 0;
    for i in 0..end {
        if i % POLL_ROWS == POLL_ROWS - 1 {
            if let Some(reason) = control
                .stop_reason(metrics)
                .or_else(|| control.poll_clock())
            {
                return Err((i, reason));
            }
        }
        let mut best = (u8::MAX, 0);
        let mut tries = 0;
        while tries < INIT_TRIES {
            let c = ring[head];
            let fresh = scale(rng.next_u64(), n);
            ring[head] = fresh;
            head = (head + 1) % RING;
            prefetch(used.as_ptr().wrapping_add(fresh / 64));
            let mid = ring[(head + RING / 2) % RING];
            if !is_used(used, mid) {
                let guess = (i + 2).min(n - 1);
                let (u, d) = board.diagonals(guess, mid as u32);
                occupied.prefetch(u, d);
            }
            metrics.checks += 1;
            if is_used(used, c) {
                continue;
            }
            tries += 1;
            let (u, d) = board.diagonals(i, c as u32);
            let taken = occupied.taken(u, d);
            if taken < best.0 {
                best = (taken, c);
                if taken == 0 {
                    break;
                }
            }
        }
        board.columns[i] = best.1 as u32;
        used[best.1 / 64] |= 1 << (best.1 % 64);
        let (u, d) = board.diagonals(i, best.1 as u32);
        let flags = occupied.mark(u, d);
        if flags != 0 {
            attacked.push(i as u32);
            found.push(flags);
        }
    }
    Ok(())
}

/// Writes the columns `used` does not mark into rows `from..n`, in
/// increasing order: the pool of unused columns.
fn fill_pool<C: Counter>(board: &mut FastBoard<C>, used: &[u64], from: usize) {
    let n = board.n();
    let mut row = from;
    for (w, &word) in used.iter().enumerate() {
        let mut free = !word;
        if (w + 1) * 64 > n {
            free &= (1u64 << (n - w * 64)) - 1;
        }
        while free != 0 {
            board.columns[row] = (w * 64) as u32 + free.trailing_zeros();
            row += 1;
            free &= free - 1;
        }
    }
    debug_assert_eq!(row, n, "the pool must fill the unplaced rows exactly");
}

/// Moves the column at position `j` of the pool to row `i` and marks its
/// diagonals, listing the row if either was occupied.
#[inline(always)]
fn place<C: Counter>(
    board: &mut FastBoard<C>,
    occupied: &mut Occupancy,
    i: usize,
    j: usize,
    attacked: &mut Vec<u32>,
    found: &mut Vec<u8>,
) {
    board.columns.swap(i, j);
    let (u, d) = board.diagonals(i, board.columns[i]);
    let flags = occupied.mark(u, d);
    if flags != 0 {
        attacked.push(i as u32);
        found.push(flags);
    }
}

/// Fills the counters from the occupancy bits and the listed rows (see the
/// module header) and sets the pair count; fails if a counter would overflow
/// or the pairs exceed the repair's bound.
fn count_queens<C: Counter>(
    board: &mut FastBoard<C>,
    occupied: &Occupancy,
    attacked: &[u32],
    found: &[u8],
) -> Result<(), InitFailure> {
    expand(&occupied.up, &mut board.up);
    expand(&occupied.down, &mut board.down);
    let mut crowded_up = Vec::new();
    let mut crowded_down = Vec::new();
    for (&row, &flags) in attacked.iter().zip(found) {
        let (u, d) = board.diagonals(row as usize, board.columns[row as usize]);
        if flags & 1 != 0 {
            bump(&mut board.up[u])?;
            crowded_up.push(u);
        }
        if flags & 2 != 0 {
            bump(&mut board.down[d])?;
            crowded_down.push(d);
        }
    }
    board.pairs = 0;
    for (crowded, counts) in [
        (&mut crowded_up, &board.up),
        (&mut crowded_down, &board.down),
    ] {
        crowded.sort_unstable();
        crowded.dedup();
        for &k in crowded.iter() {
            let queens = u64::from(counts[k].get());
            board.pairs += queens * (queens - 1) / 2;
        }
    }
    if board.pairs > u64::from(C::MAX) * u64::from(C::MAX - 1) / 2 {
        return Err(InitFailure::TooCrowded);
    }
    Ok(())
}

/// Adds one queen to a counter, failing instead of overflowing.
fn bump<C: Counter>(counter: &mut C) -> Result<(), InitFailure> {
    if counter.get() == C::MAX {
        return Err(InitFailure::TooCrowded);
    }
    *counter = counter.incremented();
    Ok(())
}

/// Sets each counter to its occupancy bit (0 or 1).
fn expand<C: Counter>(bits: &[u64], counters: &mut [C]) {
    let zero = C::default();
    let one = zero.incremented();
    for (chunk, &word) in counters.chunks_mut(64).zip(bits) {
        for (b, counter) in chunk.iter_mut().enumerate() {
            *counter = if word >> b & 1 == 1 { one } else { zero };
        }
    }
}

/// Which diagonals hold a queen, one bit each, during the initialization.
struct Occupancy {
    up: Vec<u64>,
    down: Vec<u64>,
}

impl Occupancy {
    fn new(n: usize) -> Self {
        let words = (2 * n).saturating_sub(1).div_ceil(64);
        Self {
            up: vec![0; words],
            down: vec![0; words],
        }
    }

    /// How many of up-diagonal `u` and down-diagonal `d` are occupied.
    #[inline(always)]
    fn taken(&self, u: usize, d: usize) -> u8 {
        (self.up[u / 64] >> (u % 64) & 1) as u8 + (self.down[d / 64] >> (d % 64) & 1) as u8
    }

    /// Marks both diagonals occupied; returns which were already (bit 0 for
    /// `u`, bit 1 for `d`).
    #[inline(always)]
    fn mark(&mut self, u: usize, d: usize) -> u8 {
        let (wu, bu) = (&mut self.up[u / 64], u % 64);
        let was_up = (*wu >> bu & 1) as u8;
        *wu |= 1 << bu;
        let (wd, bd) = (&mut self.down[d / 64], d % 64);
        let was_down = (*wd >> bd & 1) as u8;
        *wd |= 1 << bd;
        was_up | was_down << 1
    }

    #[inline(always)]
    fn prefetch(&self, u: usize, d: usize) {
        prefetch(self.up.as_ptr().wrapping_add(u / 64));
        prefetch(self.down.as_ptr().wrapping_add(d / 64));
    }
}

/// `⌊x · m / 2⁶⁴⌋`: a draw scaled to `0..m`.
#[inline(always)]
fn scale(x: u64, m: usize) -> usize {
    ((u128::from(x) * m as u128) >> 64) as usize
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
