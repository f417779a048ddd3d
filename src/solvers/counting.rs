//! The fast bitboard counter: how many solutions the N×N board has in total
//! (OEIS A000170) and how many are fundamentally different (OEIS A002562).
//!
//! Source: Jeff Somers' bitboard backtracking (one queen per row, the free
//! squares of a row as one word `!(left | down | right)`, the lowest set bit
//! taken first), with Kenjiro Takahashi's refinement (his program qn24b) that
//! searches only one representative of each symmetry class of the 8
//! rotations and reflections and weighs it by the size of its orbit:
//!
//! - *Corner case*: the queen of row 0 stands in column 0. Its row-1 column
//!   is called `bound1`, and in rows above `bound1` column 1 stays empty
//!   (otherwise the reflection on the main diagonal is the representative).
//!   No such solution is symmetric, so each one counts 8.
//! - *Side case*: the queen of row 0 stands in column `bound1` with
//!   `1 <= bound1 < n - 1 - bound1 =: bound2` (the left half). Rows above
//!   `bound1` keep both side columns empty, row `bound2` needs a side column
//!   taken already (and takes the other one when only one is), and the last
//!   row keeps out of the `bound1` columns nearest each side. What survives is
//!   compared with its rotations by 90°, 180° and 270°: a solution equal to
//!   its 90° rotation counts 2, one equal to its 180° rotation counts 4, the
//!   others 8, and one that a rotation makes smaller is not the
//!   representative and counts 0.
//!
//! Choices of this implementation:
//! - Masks are `u32`, so N ≤ [`MAX_N`] = 32 (shifts drop the bits that leave
//!   the board; `mask` keeps the board's columns).
//! - The hot loop is iterative: an explicit stack of `(left, down, right,
//!   untried)` words in local arrays, no recursion; a child whose row has no
//!   free square is never pushed; the last two rows are counted in place.
//! - Work is split into independent [`Subtree`]s (the corner case below its
//!   first four rows, the side case below its first three) that rayon
//!   counts in parallel. Each subtree's tally is an exact integer sum, so the
//!   result is identical for any number of threads.
//! - Per-subtree tallies are `u64`: one subtree would need 2^64 solutions,
//!   centuries of work, to overflow. The totals are `u128`, because A000170
//!   passes 2^64 near N = 29.

use rayon::prelude::*;
use thiserror::Error;

/// The largest board size the counter accepts (its masks are 32-bit words).
pub const MAX_N: usize = 32;

/// The counts of one board size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// All solutions (OEIS A000170).
    pub solutions: u128,
    /// Fundamental solutions, one per class of the 8 rotations and
    /// reflections (OEIS A002562).
    pub unique: u128,
}

/// Why a board size cannot be counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum CountError {
    /// The board size is 0 or above [`MAX_N`].
    #[error("board size {n} is out of range: the counter handles 1 <= N <= {max}")]
    SizeOutOfRange {
        /// The size asked for.
        n: usize,
        /// The largest size the counter accepts.
        max: usize,
    },
}

/// Which of Takahashi's two cases a subtree belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Case {
    /// Row 0's queen in column 0; `bound1` is row 1's column.
    Corner,
    /// Row 0's queen in column `bound1` of the left half.
    Side,
}

/// One independent piece of the search: a partial placement of the first
/// `row` rows that the counter completes in every possible way.
#[derive(Clone, Debug)]
pub struct Subtree {
    case: Case,
    bound1: usize,
    /// The first row still to be filled.
    row: usize,
    /// Squares of `row` attacked along the left-going diagonals.
    left: u32,
    /// Columns taken.
    down: u32,
    /// Squares of `row` attacked along the right-going diagonals.
    right: u32,
    /// The queen of each filled row, as a one-bit word (read only by the
    /// side case's symmetry test).
    board: [u32; MAX_N],
}

/// How many representatives of each orbit size were found.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    /// Representatives equal to their 90° rotation (orbit of 2).
    orbit2: u64,
    /// Representatives equal to their 180° but not their 90° rotation
    /// (orbit of 4).
    orbit4: u64,
    /// Representatives with no symmetry (orbit of 8).
    orbit8: u64,
}

impl Tally {
    fn add(self, other: Tally) -> Tally {
        Tally {
            orbit2: self.orbit2 + other.orbit2,
            orbit4: self.orbit4 + other.orbit4,
            orbit8: self.orbit8 + other.orbit8,
        }
    }
}

/// A board size split into the subtrees that together hold every
/// representative solution.
#[derive(Clone, Debug)]
pub struct Counter {
    n: usize,
    subtrees: Vec<Subtree>,
}

impl Counter {
    /// Prepares the count of the N×N board; N must be in `1..=MAX_N`.
    pub fn new(n: usize) -> Result<Self, CountError> {
        if n == 0 || n > MAX_N {
            return Err(CountError::SizeOutOfRange { n, max: MAX_N });
        }
        let subtrees = if n < 4 { Vec::new() } else { split(n) };
        Ok(Self { n, subtrees })
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many independent subtrees the search is split into (the units a
    /// progress bar counts).
    pub fn subtree_count(&self) -> usize {
        self.subtrees.len()
    }

    /// Counts on the current thread only.
    pub fn count_serial(&self) -> Counts {
        let tally = self
            .subtrees
            .iter()
            .map(|s| search_subtree(self.n, s))
            .fold(Tally::default(), Tally::add);
        self.finish(tally)
    }

    /// Counts with rayon on the current thread pool (run it inside
    /// `ThreadPool::install` to choose the number of threads), calling
    /// `on_subtree_done` after each subtree. The result does not depend on
    /// the number of threads.
    pub fn count_parallel(&self, on_subtree_done: &(dyn Fn() + Sync)) -> Counts {
        let tally = self
            .subtrees
            .par_iter()
            .map(|s| {
                let t = search_subtree(self.n, s);
                on_subtree_done();
                t
            })
            .reduce(Tally::default, Tally::add);
        self.finish(tally)
    }

    fn finish(&self, tally: Tally) -> Counts {
        if self.n == 1 {
            return Counts {
                solutions: 1,
                unique: 1,
            };
        }
        let (o2, o4, o8) = (
            u128::from(tally.orbit2),
            u128::from(tally.orbit4),
            u128::from(tally.orbit8),
        );
        Counts {
            solutions: 2 * o2 + 4 * o4 + 8 * o8,
            unique: o2 + o4 + o8,
        }
    }
}

/// Counts the N×N board on the current rayon pool (see
/// [`Counter::count_parallel`]).
pub fn count(n: usize) -> Result<Counts, CountError> {
    Ok(Counter::new(n)?.count_parallel(&|| {}))
}

/// The fixed words of one board size and one `(case, bound1)`: what the
/// row rules need.
#[derive(Clone, Copy)]
struct Rules {
    n: usize,
    mask: u32,
    case: Case,
    bound1: usize,
    /// `n - 1 - bound1` (side case only).
    bound2: usize,
    /// Columns kept empty in the rows above `bound1`: column 1 in the corner
    /// case, both side columns in the side case.
    early: u32,
    /// Both side columns.
    side: u32,
    /// Columns the last row must avoid (side case): the `bound1` columns
    /// nearest each side.
    last: u32,
}

impl Rules {
    fn new(n: usize, case: Case, bound1: usize) -> Self {
        let mask = u32::MAX >> (MAX_N - n);
        let top = 1u32 << (n - 1);
        let side = top | 1;
        let (early, last) = match case {
            Case::Corner => (2, 0),
            Case::Side => {
                let low = (1u32 << bound1) - 1;
                (side, low | (low << (n - bound1)))
            }
        };
        Self {
            n,
            mask,
            case,
            bound1,
            bound2: n - 1 - bound1,
            early,
            side,
            last,
        }
    }

    /// The free squares of row `y` (a row in `1..n-1`, not the last) under
    /// the attacks `left`, `down`, `right` and the case's row rules.
    #[inline(always)]
    fn candidates(&self, y: usize, left: u32, down: u32, right: u32) -> u32 {
        let free = self.mask & !(left | down | right);
        if y < self.bound1 {
            return free & !self.early;
        }
        if self.case == Case::Side && y == self.bound2 {
            let taken = down & self.side;
            if taken == 0 {
                return 0;
            }
            if taken != self.side {
                return free & self.side;
            }
        }
        free
    }
}

/// Splits the search of an N×N board (N >= 4) into subtrees.
fn split(n: usize) -> Vec<Subtree> {
    let mut out = Vec::new();
    // Corner case: row 0 in column 0, row 1 in column bound1.
    for bound1 in 2..n - 1 {
        let rules = Rules::new(n, Case::Corner, bound1);
        let mut board = [0u32; MAX_N];
        board[0] = 1;
        let bit = 1u32 << bound1;
        board[1] = bit;
        expand(
            &rules,
            2,
            (2 | bit) << 1,
            1 | bit,
            bit >> 1,
            &mut board,
            4,
            &mut out,
        );
    }
    // Side case: row 0 in column bound1 < bound2.
    let mut bound1 = 1;
    while bound1 < n - 1 - bound1 {
        let rules = Rules::new(n, Case::Side, bound1);
        let mut board = [0u32; MAX_N];
        let bit = 1u32 << bound1;
        board[0] = bit;
        expand(&rules, 1, bit << 1, bit, bit >> 1, &mut board, 3, &mut out);
        bound1 += 1;
    }
    out
}

/// Fills rows from `y` until `split_row` (or the second-to-last row) in every
/// way the rules allow and records each partial placement as a subtree.
#[allow(clippy::too_many_arguments)]
fn expand(
    rules: &Rules,
    y: usize,
    left: u32,
    down: u32,
    right: u32,
    board: &mut [u32; MAX_N],
    split_row: usize,
    out: &mut Vec<Subtree>,
) {
    if y >= split_row || y + 2 >= rules.n {
        out.push(Subtree {
            case: rules.case,
            bound1: rules.bound1,
            row: y,
            left,
            down,
            right,
            board: *board,
        });
        return;
    }
    let mut bits = rules.candidates(y, left, down, right);
    while bits != 0 {
        let bit = bits & bits.wrapping_neg();
        bits ^= bit;
        board[y] = bit;
        expand(
            rules,
            y + 1,
            (left | bit) << 1,
            down | bit,
            (right | bit) >> 1,
            board,
            split_row,
            out,
        );
    }
    board[y] = 0;
}

/// Counts the representatives below one subtree.
fn search_subtree(n: usize, s: &Subtree) -> Tally {
    let rules = Rules::new(n, s.case, s.bound1);
    match s.case {
        Case::Corner => search(&rules, s, CornerLeaf),
        Case::Side => search(&rules, s, SideLeaf::new(&rules)),
    }
}

/// What happens when a full placement is reached.
trait Leaf {
    /// Whether the leaf reads the board (only then is it recorded).
    const READS_BOARD: bool;
    /// `last` is the free squares of the last row (at most one); `board`
    /// holds every other row.
    fn reach(&self, board: &mut [u32; MAX_N], last: u32, tally: &mut Tally);
}

/// Corner case: every completion is a representative with an orbit of 8.
struct CornerLeaf;

impl Leaf for CornerLeaf {
    const READS_BOARD: bool = false;

    #[inline(always)]
    fn reach(&self, _: &mut [u32; MAX_N], last: u32, tally: &mut Tally) {
        tally.orbit8 += u64::from(last != 0);
    }
}

/// Side case: the last-row rule, then the rotation test.
struct SideLeaf {
    n: usize,
    bound1: usize,
    bound2: usize,
    last_forbidden: u32,
    top: u32,
    /// The column a 180°-symmetric solution has in its last row.
    end: u32,
}

impl SideLeaf {
    fn new(rules: &Rules) -> Self {
        let top = 1u32 << (rules.n - 1);
        Self {
            n: rules.n,
            bound1: rules.bound1,
            bound2: rules.bound2,
            last_forbidden: rules.last,
            top,
            end: top >> rules.bound1,
        }
    }

    /// Compares the board with its rotations (Takahashi's `Check`): rows are
    /// compared from row 1 on, the board's queen against the rotated board's
    /// queen, read as column words.
    #[inline(never)]
    fn classify(&self, b: &[u32; MAX_N], tally: &mut Tally) {
        let last = self.n - 1;
        // 90°: only possible when row bound2 holds column 0.
        if b[self.bound2] == 1 {
            let mut ptn = 2u32;
            let mut own = 1;
            while own <= last {
                let mut bit = 1u32;
                let mut you = last;
                while b[you] != ptn && b[own] >= bit {
                    bit <<= 1;
                    you -= 1;
                }
                if b[own] > bit {
                    return;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                ptn <<= 1;
            }
            if own > last {
                tally.orbit2 += 1;
                return;
            }
        }
        // 180°: only possible when the last row mirrors row 0.
        if b[last] == self.end {
            let mut own = 1;
            let mut you = last - 1;
            while own <= last {
                let mut bit = 1u32;
                let mut ptn = self.top;
                while ptn != b[you] && b[own] >= bit {
                    bit <<= 1;
                    ptn >>= 1;
                }
                if b[own] > bit {
                    return;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                you = you.wrapping_sub(1);
            }
            if own > last {
                tally.orbit4 += 1;
                return;
            }
        }
        // 270°: only possible when row bound1 holds the last column.
        if b[self.bound1] == self.top {
            let mut ptn = self.top >> 1;
            let mut own = 1;
            while own <= last {
                let mut bit = 1u32;
                let mut you = 0;
                while b[you] != ptn && b[own] >= bit {
                    bit <<= 1;
                    you += 1;
                }
                if b[own] > bit {
                    return;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                ptn >>= 1;
            }
        }
        tally.orbit8 += 1;
    }
}

impl Leaf for SideLeaf {
    const READS_BOARD: bool = true;

    #[inline(always)]
    fn reach(&self, board: &mut [u32; MAX_N], last: u32, tally: &mut Tally) {
        if last != 0 && last & self.last_forbidden == 0 {
            board[self.n - 1] = last;
            self.classify(board, tally);
        }
    }
}

/// The iterative backtracking below one subtree.
#[inline(always)]
fn search<L: Leaf>(rules: &Rules, s: &Subtree, leaf: L) -> Tally {
    let n = rules.n;
    let mask = rules.mask;
    let mut tally = Tally::default();
    let mut board = s.board;
    let (mut l, mut d, mut r) = (s.left, s.down, s.right);
    let mut y = s.row;
    if y == n - 1 {
        leaf.reach(&mut board, mask & !(l | d | r), &mut tally);
        return tally;
    }
    let mut bits = rules.candidates(y, l, d, r);
    if y == n - 2 {
        last_two(rules, &leaf, &mut board, l, d, r, bits, &mut tally);
        return tally;
    }
    let mut stack = [(0u32, 0u32, 0u32, 0u32); MAX_N];
    let mut sp = 0usize;
    loop {
        while bits != 0 {
            let bit = bits & bits.wrapping_neg();
            bits ^= bit;
            if L::READS_BOARD {
                board[y] = bit;
            }
            let nl = (l | bit) << 1;
            let nd = d | bit;
            let nr = (r | bit) >> 1;
            let nb = rules.candidates(y + 1, nl, nd, nr);
            if nb == 0 {
                continue;
            }
            if y + 3 == n {
                last_two(rules, &leaf, &mut board, nl, nd, nr, nb, &mut tally);
                continue;
            }
            stack[sp & (MAX_N - 1)] = (l, d, r, bits);
            sp += 1;
            (l, d, r, bits) = (nl, nd, nr, nb);
            y += 1;
        }
        if sp == 0 {
            break;
        }
        sp -= 1;
        (l, d, r, bits) = stack[sp & (MAX_N - 1)];
        y -= 1;
    }
    tally
}

/// Completes row `n - 2` (free squares `bits`) and the last row in place.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn last_two<L: Leaf>(
    rules: &Rules,
    leaf: &L,
    board: &mut [u32; MAX_N],
    l: u32,
    d: u32,
    r: u32,
    mut bits: u32,
    tally: &mut Tally,
) {
    while bits != 0 {
        let bit = bits & bits.wrapping_neg();
        bits ^= bit;
        if L::READS_BOARD {
            board[rules.n - 2] = bit;
        }
        let last = rules.mask & !(((l | bit) << 1) | (d | bit) | ((r | bit) >> 1));
        leaf.reach(board, last, tally);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution of the N×N board as a column per row, by plain
    /// recursion over rows and a pairwise safety test.
    fn all_solutions(n: usize) -> Vec<Vec<usize>> {
        fn place(n: usize, cols: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if cols.len() == n {
                out.push(cols.clone());
                return;
            }
            let row = cols.len();
            for c in 0..n {
                let safe = cols
                    .iter()
                    .enumerate()
                    .all(|(r, &q)| q != c && q.abs_diff(c) != row - r);
                if safe {
                    cols.push(c);
                    place(n, cols, out);
                    cols.pop();
                }
            }
        }
        let mut out = Vec::new();
        place(n, &mut Vec::new(), &mut out);
        out
    }

    /// The 8 images of a placement under rotations and reflections.
    fn images(cols: &[usize]) -> Vec<Vec<usize>> {
        let n = cols.len();
        let rotate = |c: &[usize]| {
            // (row, col) -> (col, n - 1 - row)
            let mut out = vec![0; n];
            for (row, &col) in c.iter().enumerate() {
                out[col] = n - 1 - row;
            }
            out
        };
        let mirror = |c: &[usize]| c.iter().map(|&col| n - 1 - col).collect::<Vec<_>>();
        let mut out = Vec::new();
        let mut current = cols.to_vec();
        for _ in 0..4 {
            out.push(mirror(&current));
            out.push(current.clone());
            current = rotate(&current);
        }
        out
    }

    /// Total and fundamental solutions by brute force: the classes are the
    /// distinct smallest images.
    fn simple_counts(n: usize) -> Counts {
        let solutions = all_solutions(n);
        let mut classes: Vec<Vec<usize>> = solutions
            .iter()
            .map(|s| images(s).into_iter().min().expect("8 images"))
            .collect();
        classes.sort();
        classes.dedup();
        Counts {
            solutions: solutions.len() as u128,
            unique: classes.len() as u128,
        }
    }

    #[test]
    fn agrees_with_a_simple_counter_for_small_boards() {
        for n in 1..=10 {
            let counter = Counter::new(n).expect("valid size");
            let expected = simple_counts(n);
            assert_eq!(counter.count_serial(), expected, "n = {n}");
            assert_eq!(counter.count_parallel(&|| {}), expected, "n = {n}");
        }
    }

    #[test]
    fn matches_oeis_up_to_13() {
        const A000170: [u128; 14] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
        const A002562: [u128; 14] = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233];
        for n in 1..=13 {
            let counts = count(n).expect("valid size");
            assert_eq!(counts.solutions, A000170[n], "solutions, n = {n}");
            assert_eq!(counts.unique, A002562[n], "unique, n = {n}");
        }
    }

    #[test]
    fn every_subtree_is_reported_done_once() {
        let counter = Counter::new(12).expect("valid size");
        let done = std::sync::atomic::AtomicUsize::new(0);
        counter.count_parallel(&|| {
            done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        assert_eq!(done.into_inner(), counter.subtree_count());
        assert!(counter.subtree_count() > 100);
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        assert_eq!(
            Counter::new(0).unwrap_err(),
            CountError::SizeOutOfRange { n: 0, max: 32 }
        );
        assert_eq!(
            Counter::new(33).unwrap_err(),
            CountError::SizeOutOfRange { n: 33, max: 32 }
        );
        assert!(Counter::new(32).is_ok());
    }
}
