//! The near-conflict-free linear-time initialization of min-conflicts `fast`,
//! after Sosic & Gu's QS4 ("3,000,000 queens in less than one minute", 1991).
//!
//! As in QS4 the permutation is its own pool: rows `i..n` hold the columns
//! not placed yet, and placing row `i` swaps the chosen column into place
//! `i`. Rows are filled top to bottom. Row `i` examines up to [`INIT_TRIES`]
//! pool positions and takes the first whose column has both diagonals empty,
//! or, if none has, the first examined with the fewest occupied diagonals
//! (Minton et al.'s greedy assignment). The last [`TAIL`] rows, where free
//! columns are rare, take the column at a uniformly random pool position at
//! once.
//!
//! QS4 examines uniformly random pool positions, one random memory access
//! each. Here the pool starts with the columns dealt into random piles
//! ([`deal`]), so consecutive positions hold columns from all over the
//! board, and the positions are examined in runs of [`RUN`] consecutive
//! ones, each run starting at a uniformly random position that leaves room
//! for the whole run: one or two cache lines of the pool serve a run. Rows take
//! their positions from this one stream (a row goes on with the run where
//! the previous row stopped), and a position that has left the pool by the
//! time it is examined is replaced by a uniformly random one. On the board
//! sizes measured (3·10⁵ to 10⁸) as few queens end up attacked as with
//! QS4's independent positions, while scanning on from position `i` itself,
//! or from a random position near it, leaves 8 to 20 times as many.
//!
//! While rows are placed, only whether a diagonal is occupied matters, so
//! occupancy is kept in bits ([`Occupancy`](super::occupancy::Occupancy)).
//! Each row placed on an occupied diagonal is listed with which of its
//! diagonals were occupied; a diagonal's queen count is then exactly its
//! occupancy plus the listed rows that found it occupied, which is how the
//! board's counts are completed at the end, one step per listed row.

use rand::rngs::ChaCha8Rng;

use super::board::FastBoard;
use super::counts::{DiagonalCounts, Direction};
use super::placer::{INIT_TRIES, Placer, RUN};
use super::pool::deal;
use crate::solvers::blocks::boards::RowBoard;
use crate::solvers::{Control, Metrics, StopReason};

/// The last rows placed on a random unused column without looking for a free
/// one (Sosic & Gu's constant `c`; they used a few dozen).
pub const TAIL: usize = 64;

// A row before the tail has more than `INIT_TRIES` and `RUN` pool positions.
const _: () = assert!(INIT_TRIES <= TAIL && RUN <= TAIL);

/// Rows between two looks at the budget and the clock.
const POLL_ROWS: usize = 1 << 16;

/// Places every row of `board`, builds its counts and pair count, and
/// pushes each row that was placed under attack onto `attacked`, so that
/// every attacking pair has at least one of its rows on the list. Counts one
/// check per pool position examined, one per row placed (its mark) and one
/// per listed row whose counts are completed, and one evaluation when the
/// pair total is known. If the budget stops it, the unplaced rows hold the
/// pool in its order at that moment.
pub(super) fn initialize<S: DiagonalCounts>(
    board: &mut FastBoard<S>,
    rng: &mut ChaCha8Rng,
    control: &mut Control<'_>,
    metrics: &mut Metrics,
    attacked: &mut Vec<u32>,
) -> Result<(), StopReason> {
    let n = board.n();
    // The last board's counts go before the new occupancy is allocated.
    board.counts = S::default();
    deal(&mut board.columns, rng);
    let greedy_end = n.saturating_sub(TAIL);
    let mut placer = Placer::new(&mut board.columns, attacked);
    for start in (0..greedy_end).step_by(POLL_ROWS) {
        if start > 0
            && let Some(reason) = control
                .stop_reason(metrics)
                .or_else(|| control.poll_clock())
        {
            return Err(reason);
        }
        let rows = start..(start + POLL_ROWS).min(greedy_end);
        metrics.checks += placer.place_greedily(rows, rng);
    }
    metrics.checks += placer.place_randomly(greedy_end..n, rng);
    let (occupancy, found) = placer.finish();
    board.counts = S::from_occupancy(n, occupancy);
    count_queens(board, attacked, &found, metrics);
    Ok(())
}

/// Adds the listed rows' extra queens to the counts, which hold the
/// occupancy (see the module header), and sets the pair count. One check
/// per listed row (the counts of its square read and bumped; the pair total
/// is summed from those same counts), and one evaluation once the pair
/// total is known.
fn count_queens<S: DiagonalCounts>(
    board: &mut FastBoard<S>,
    attacked: &[u32],
    found: &[u8],
    metrics: &mut Metrics,
) {
    let mut crowded = [Vec::new(), Vec::new()];
    for (&row, &flags) in attacked.iter().zip(found) {
        metrics.checks += 1;
        let (u, d) = board.diagonals(row as usize, board.columns[row as usize]);
        for (direction, x) in [(Direction::Up, u), (Direction::Down, d)] {
            if flags >> direction as u8 & 1 != 0 {
                board.counts.increment(direction, x);
                crowded[direction as usize].push(x);
            }
        }
    }
    board.pairs = 0;
    for (direction, mut diagonals) in [Direction::Up, Direction::Down].into_iter().zip(crowded) {
        diagonals.sort_unstable();
        diagonals.dedup();
        for x in diagonals {
            let queens = u64::from(board.counts.get(direction, x));
            board.pairs += queens * (queens - 1) / 2;
        }
    }
    metrics.evaluations += 1;
}

#[cfg(test)]
mod tests {
    use super::super::counts::{DenseCounts, SparseCounts};
    use super::*;
    use crate::solvers::Budget;
    use crate::solvers::blocks::boards::lines;
    use rand::SeedableRng;

    /// Initializes a board of size `n` with `seed`.
    fn initialized<S: DiagonalCounts>(n: usize, seed: u64) -> (FastBoard<S>, Vec<u32>, Metrics) {
        let mut board = FastBoard::<S>::unplaced(n);
        let mut attacked = Vec::new();
        let mut metrics = Metrics::default();
        let mut control = Control::new(Budget::UNLIMITED);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let result = initialize(
            &mut board,
            &mut rng,
            &mut control,
            &mut metrics,
            &mut attacked,
        );
        assert!(result.is_ok(), "n={n} seed={seed}: stopped");
        (board, attacked, metrics)
    }

    /// The counters, pair count and attacked list after an initialization
    /// agree with a board counted from scratch.
    fn check<S: DiagonalCounts>(n: usize, seed: u64) {
        let (board, attacked, metrics) = initialized::<S>(n, seed);
        let fresh = FastBoard::<S>::from_columns(board.columns().to_vec()).expect("a permutation");
        assert_eq!(board.pairs(), fresh.pairs(), "n={n} seed={seed}");
        let counts = |b: &FastBoard<S>| {
            [Direction::Up, Direction::Down].map(|direction| {
                (0..lines(n))
                    .map(|x| b.counts.get(direction, x))
                    .collect::<Vec<_>>()
            })
        };
        assert_eq!(counts(&board), counts(&fresh), "n={n} seed={seed}");
        let listed: std::collections::HashSet<u32> = attacked.iter().copied().collect();
        for row in 0..n {
            if fresh.conflicts(row) > 0 {
                let c = fresh.columns()[row];
                let partners = (0..n).filter(|&r| {
                    r != row
                        && (r as i64 - row as i64).abs()
                            == (i64::from(fresh.columns()[r]) - i64::from(c)).abs()
                });
                for other in partners {
                    assert!(
                        listed.contains(&(row as u32)) || listed.contains(&(other as u32)),
                        "n={n} seed={seed}: pair ({row}, {other}) unlisted"
                    );
                }
            }
        }
        assert!(metrics.checks >= n as u64);
    }

    #[test]
    fn counters_match_a_fresh_count() {
        for n in (1..=300).step_by(7).chain([64, 65, 128, 129, 1000]) {
            for seed in 0..3 {
                check::<DenseCounts>(n, seed);
                check::<SparseCounts>(n, seed);
            }
        }
        check::<DenseCounts>(5000, 7);
        check::<SparseCounts>(70_000, 1);
    }

    #[test]
    fn large_boards_leave_few_queens_attacked() {
        let (board, attacked, _) = initialized::<SparseCounts>(1 << 20, 3);
        assert!(attacked.len() < 200, "{} attacked", attacked.len());
        assert!(board.pairs() < 200);
    }
}
