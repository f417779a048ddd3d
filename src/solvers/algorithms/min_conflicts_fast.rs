//! Min-conflicts `fast`: the large-N solver (millions to a billion queens).
//!
//! Sources: R. Sosic and J. Gu, "A polynomial time algorithm for the N-Queens
//! problem" (SIGART Bulletin 1(3), 1990: QS1/QS2, permutation board, swaps
//! that reduce collisions), "3,000,000 queens in less than one minute"
//! (SIGART Bulletin 2(2), 1991: QS4, near-conflict-free linear-time
//! initialization) and "Efficient local search with conflict minimization:
//! a case study of the n-queens problem" (IEEE TKDE 6(5), 1994); S. Minton,
//! M. D. Johnston, A. B. Philips and P. Laird, "Solving large-scale
//! constraint satisfaction and scheduling problems using a heuristic repair
//! method" (AAAI 1990) and "Minimizing conflicts: a heuristic repair method
//! for constraint satisfaction and scheduling problems" (Artificial
//! Intelligence 58, 1992: greedy initial assignment, repair of a conflicted
//! variable towards the fewest conflicts, about 50 repairs at N = 10⁶).
//!
//! Choices:
//! - Board: a permutation (row `r` holds column `columns[r]`, one queen per
//!   column), so only diagonals conflict; moves swap the columns of two rows
//!   (Sosic & Gu). The number of queens on each diagonal of each direction
//!   ([`FastBoard`]); the running number of attacking pairs is the objective.
//! - Memory: `u32` columns (N < 2³²) plus the diagonal counts
//!   (`counts.rs`). Up to N = 65 535 a `u16` per diagonal and direction
//!   (12 bytes per queen; a diagonal holds at most N ≤ 65 535 queens).
//!   Above, the counts are sparse: the occupancy bits the initialization
//!   placed the rows with (2N bits per direction, 1/2 byte per queen in
//!   all) kept as they are, plus a
//!   hash map of the diagonals holding two or more queens (about 370 at
//!   N = 10⁸ with seed 0), so no count has a bound to overflow: 4.5 bytes
//!   per queen at the peak (4.5 measured at N = 10⁸; the validation after
//!   the search needs 4.25, the columns and its 2 bits per queen; a search
//!   stopped during the initialization counts its pairs afresh at 12). Byte counters before took 8.3: this halves the memory
//!   the kernel must clear and the work of writing it. Every change of a
//!   count is checked and would panic, never wrap.
//! - Initialization (`init.rs`, QS4 "in the spirit of Minton's greedy
//!   assignment"): the columns start dealt into random piles (`pool.rs`),
//!   the pool of unused columns; rows in order, each on the first examined pool
//!   column with both diagonals empty (up to [`INIT_TRIES`] candidates, else
//!   the examined column with the fewest occupied diagonals), the candidates
//!   read in runs of [`RUN`] consecutive pool positions from random starts
//!   so that memory is read in cache lines rather than one random word per
//!   candidate; the last [`TAIL`] rows on random unused columns. Linear time;
//!   at N = 10⁶..10⁸ between about 60 and 400 queens end up attacked. For
//!   N ≤ TAIL it degenerates to a uniformly random permutation, which the
//!   repairs and restarts then handle. Randomness: 32-bit draws bounded by
//!   Lemire's method and bucket indices cut from 64-bit draws, all from the
//!   solver's ChaCha8 stream.
//! - Pages: on Linux the occupancy bits, read at random by the
//!   initialization, are advised onto transparent huge pages
//!   (`hugepages.rs`), which cuts the TLB misses of their random reads; a
//!   hint only. The columns are not: where fresh huge pages are costly to
//!   fault in (virtual machines), advising their 400 MB at N = 10⁸ cost
//!   more in faults than it saved in TLB misses.
//! - Repair: a list of rows that may be attacked, with the invariant that
//!   every attacking pair has a row on it (the initialization lists each row
//!   placed under attack; a swap lists its two rows if they end attacked).
//!   Each repair attempt picks a listed row at random; if its queen is not
//!   attacked the row leaves the list. Otherwise, for N ≤
//!   [`EXHAUSTIVE_MAX`] every other row is a swap partner and the best swap is
//!   taken (min-conflicts over the swap neighbourhood, ties at random),
//!   sideways moves (no change) included; for larger N up to
//!   [`PARTNER_TRIES`] random partners are tried and the first swap that
//!   reduces the attacking pairs is taken (Sosic & Gu's QS2/QS4). Above
//!   [`EXHAUSTIVE_MAX`], no O(N) scan happens after the initialization.
//! - Restart (this crate's rule, not the sources'): the board is
//!   initialized again from scratch (new random draws) once the repairs
//!   stall, as measured by [`stall_limit`]. For N ≤ [`EXHAUSTIVE_MAX`]:
//!   after 4N + 16 repair attempts without a new lowest pair count. Above
//!   it: once [`STALL_CHECKS_PER_QUEEN`]·N checks have been spent since the
//!   last new lowest pair count (the attempt under way is finished first),
//!   i.e. about 2N random partners tried in vain, so a stall costs O(N),
//!   about as much as an initialization, however many partner tries each
//!   attempt spent. The rule before, a fixed 10 000 attempts of up to
//!   [`PARTNER_TRIES`] partners, let one stall cost about 4·10⁷ checks at
//!   any N: 2 of 50 trials at N = 512 in local-search-scaling took 3 300
//!   times the median. With 8N checks, over 1 000 trials at each N from 300
//!   to 4 096 the costliest trial takes at most about 10 times the median
//!   checks, and at N ≥ 2 048 not one trial stalled; the large boards (10⁶
//!   to 10⁹) solve without a restart, as before.
//!
//! Counters:
//! - `steps`: repairs, i.e. swaps performed after the initialization.
//! - `checks` (defined at [`crate::base::outcome::Metrics::checks`]): in the
//!   initialization, one per candidate square examined, one per row placed
//!   (marking its square reads whether its diagonals were taken) and one
//!   per row listed as attacked (its counters completed); in the repairs,
//!   one per listed row tested for attack, four per swap delta of a partner
//!   (the two queens' squares and their two landing squares; a drawn
//!   partner that is the row itself is skipped unread), four per swap (it
//!   computes its delta again) and two for the rows tested after it.
//! - `evaluations`: initializations that counted the pairs of the whole
//!   board (one per initialization that was not stopped by the budget).
//! - Budgets: the initialization looks at the budget and the clock every
//!   65 536 rows (not before the first), so it may pass `max_checks` by up
//!   to 65 536 × [`INIT_TRIES`] checks.
//! - `restarts`: initializations after the first.
//! - `final_conflicts`: attacking pairs on the board at the end (0 when
//!   solved); if the budget stops the initialization, the unplaced rows hold
//!   the unused columns in the order of the pool at that moment.
//! - `tests`, `backtracks`: always 0.
//!
//! Trace: every initialized board (the first at step 0) and the board
//! after every swap, each at the counters then with its attacking pairs, so
//! every new fewest is observed when a swap makes it; the last observation
//! is the board it ends on, 0 exactly when solved. An initialization the
//! budget stops half-built leaves no point: its board is not complete.
//!
//! Loop: its own, not the local-search driver's ([`crate::solvers::blocks::local_search`]),
//! which counts a step and leaves a trace point in every round it does not
//! stop and restarts in one uninterrupted call. Here a repair attempt whose
//! row is no longer attacked, or that finds no partner, asks the budget but
//! makes no step and leaves no point; a (re)initialization asks the budget
//! every 65 536 rows and may stop half-built.
//!
//! Instances (blocked squares, given queens: [`crate::base::instance`]):
//! refused ([`INSTANCES_REFUSED`]). Its greedy initialization, its pool of
//! unused columns and its compact counts are built for the plain board at
//! N up to 10^9; an instance is at most 4096 queens, which `random` takes.

mod board;
mod counts;
mod draw;
mod hugepages;
mod init;
mod occupancy;
mod placer;
mod pool;

pub use board::{FastBoard, FastBoardError, MAX_N};
pub use counts::{DenseCounts, DiagonalCounts, Direction, OccupancyWords, SparseCounts};
pub use init::TAIL;
pub use placer::{INIT_TRIES, RUN};

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use crate::base::board::Placement;
use crate::solvers::blocks::boards::RowBoard;
use crate::solvers::blocks::frame::{Frame, View};
use crate::solvers::{Control, Metrics, Outcome, StopReason};

/// Why `fast` refuses an instance: what
/// [`crate::solvers::Configured::instance_refused`] says for it.
pub const INSTANCES_REFUSED: &str = "variant=fast is built for the plain board of up to 10^9 queens (a greedy initialization over a pool of unused columns, compact diagonal counts) and knows no blocked square or given queen: use variant=random, which searches instances";

/// Largest N whose repairs examine every swap partner of an attacked queen.
pub const EXHAUSTIVE_MAX: usize = 256;

/// Random swap partners tried for one attacked queen above [`EXHAUSTIVE_MAX`].
pub const PARTNER_TRIES: usize = 1024;

/// Largest N counted with dense `u16` diagonal counters; larger boards use
/// sparse ones.
const DENSE_MAX_N: usize = u16::MAX as usize;

/// Checks per queen spent without a new lowest pair count before a restart
/// above [`EXHAUSTIVE_MAX`] (see the module header).
pub const STALL_CHECKS_PER_QUEEN: u64 = 8;

/// When stalled repairs give up and the board restarts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StallLimit {
    /// After this many repair attempts without a new lowest pair count.
    Attempts(u64),
    /// Once this many checks have been spent since the last new lowest pair
    /// count (checked between attempts, so the last attempt may pass it by
    /// up to 4·[`PARTNER_TRIES`] + 7 checks).
    Checks(u64),
}

/// The restart rule for an N×N board (see the module header).
pub fn stall_limit(n: usize) -> StallLimit {
    if n <= EXHAUSTIVE_MAX {
        StallLimit::Attempts(4 * n as u64 + 16)
    } else {
        StallLimit::Checks(STALL_CHECKS_PER_QUEEN * n as u64)
    }
}

/// Solves the N-Queens problem for large N; see the module header.
pub fn solve(n: usize, rng: &mut ChaCha8Rng, control: &mut Control<'_>) -> Outcome {
    assert!(n <= MAX_N, "board size {n} exceeds {MAX_N}");
    if n <= DENSE_MAX_N {
        run(FastBoard::<DenseCounts>::unplaced(n), rng, control)
    } else {
        run(FastBoard::<SparseCounts>::unplaced(n), rng, control)
    }
}

/// Initializes and repairs until solved or stopped, restarting when stalled.
fn run<S: DiagonalCounts>(
    mut board: FastBoard<S>,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
) -> Outcome {
    let mut metrics = Metrics::default();
    let mut attacked: Vec<u32> = Vec::new();
    loop {
        if let Err(reason) = init::initialize(&mut board, rng, control, &mut metrics, &mut attacked)
        {
            // The occupancy bits covered the rows placed so far only and
            // are freed; the pairs are counted afresh.
            return Outcome::from_last_board(board.into_columns(), metrics, Some(reason));
        }
        if control.tracing() {
            control.observe(&metrics, board.pairs());
        }
        if control.frames_wanted() {
            control.frame(&Frame::full(board.columns(), metrics, View::Board));
        }
        match repair(&mut board, &mut attacked, rng, control, &mut metrics) {
            Some(StopReason::Solved) => {
                return Outcome::solved(Placement::new(board.into_columns()), metrics);
            }
            Some(reason) => return stopped(board, metrics, reason),
            None => {}
        }
        if let Some(reason) = restart(&mut attacked, &mut metrics, control) {
            return stopped(board, metrics, reason);
        }
    }
}

/// Clears the list of attacked rows for a new initialization (which rewrites
/// the whole board) and counts the restart; returns a stop reason instead
/// when the budget forbids it.
fn restart(
    attacked: &mut Vec<u32>,
    metrics: &mut Metrics,
    control: &mut Control<'_>,
) -> Option<StopReason> {
    if let Some(reason) = control.stop_before(metrics, true) {
        return Some(reason);
    }
    metrics.restarts += 1;
    attacked.clear();
    None
}

/// An unsolved outcome for a fully placed board.
fn stopped<S: DiagonalCounts>(
    board: FastBoard<S>,
    mut metrics: Metrics,
    reason: StopReason,
) -> Outcome {
    metrics.final_conflicts = Some(board.pairs());
    Outcome::unsolved(metrics, reason)
}

/// Repairs until the board is solved (`Some(Solved)`), the budget stops it
/// (`Some(reason)`), or it stalls (`None`: restart).
fn repair<S: DiagonalCounts>(
    board: &mut FastBoard<S>,
    attacked: &mut Vec<u32>,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
    metrics: &mut Metrics,
) -> Option<StopReason> {
    let n = board.n();
    let limit = stall_limit(n);
    let mut lowest = board.pairs();
    // Attempts made and the checks count, since the last new lowest.
    let mut attempts: u64 = 0;
    let mut lowest_at = metrics.checks;
    loop {
        if board.pairs() == 0 {
            return Some(StopReason::Solved);
        }
        if let Some(reason) = control.stop_reason(metrics) {
            return Some(reason);
        }
        let stalled = match limit {
            StallLimit::Attempts(max) => attempts >= max,
            StallLimit::Checks(max) => metrics.checks - lowest_at >= max,
        };
        if stalled {
            return None;
        }
        attempts += 1;
        debug_assert!(!attacked.is_empty(), "an attacking pair has no listed row");
        let index = rng.random_range(0..attacked.len());
        let row = attacked[index] as usize;
        metrics.checks += 1;
        if board.conflicts(row) == 0 {
            attacked.swap_remove(index);
            continue;
        }
        let Some(partner) = choose_partner(board, row, rng, metrics) else {
            continue;
        };
        board.swap(row, partner);
        metrics.steps += 1;
        // The swap's delta (4 squares), then the two rows tested below.
        metrics.checks += 4 + 2;
        if board.conflicts(row) == 0 {
            attacked.swap_remove(index);
        }
        if board.conflicts(partner) > 0 {
            attacked.push(partner as u32);
        }
        if board.pairs() < lowest {
            lowest = board.pairs();
            attempts = 0;
            lowest_at = metrics.checks;
        }
        if control.tracing() {
            control.observe(metrics, board.pairs());
        }
        if control.frames_wanted() {
            control.frame(&Frame::full(board.columns(), *metrics, View::Board));
        }
    }
}

/// The row whose swap with `row` the repair takes, if any (see the header).
fn choose_partner<S: DiagonalCounts>(
    board: &FastBoard<S>,
    row: usize,
    rng: &mut ChaCha8Rng,
    metrics: &mut Metrics,
) -> Option<usize> {
    let n = board.n();
    if n <= EXHAUSTIVE_MAX {
        let mut best = (i64::MAX, row);
        let mut ties = 0u32;
        for partner in (0..n).filter(|&p| p != row) {
            metrics.checks += 4;
            let delta = board.swap_delta(row, partner);
            if delta < best.0 {
                best = (delta, partner);
                ties = 1;
            } else if delta == best.0 {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best.1 = partner;
                }
            }
        }
        (best.0 <= 0).then_some(best.1)
    } else {
        (0..PARTNER_TRIES).find_map(|_| {
            let partner = rng.random_range(0..n as u32) as usize;
            if partner == row {
                return None;
            }
            metrics.checks += 4;
            (board.swap_delta(row, partner) < 0).then_some(partner)
        })
    }
}
