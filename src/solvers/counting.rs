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
//!   untried)` words in a local array, no recursion; a child whose row has no
//!   free square is never pushed; the last two rows are counted without
//!   branches; corner and side case are compiled as two specialised loops.
//! - A cheap lookahead (not in qn24b) applies the side case's rules for the
//!   last row and the side columns as soon as the queens placed so far
//!   break them, instead of at row `bound2` or the last row.
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
    /// Both side columns.
    side: u32,
    /// The columns each row may use under the case's rules. Corner case:
    /// rows above `bound1` avoid column 1. Side case: rows above `bound1`
    /// and below `bound2` avoid both side columns (below `bound2` this
    /// restates the `bound2` rule for complete placements), and the last row
    /// avoids the `bound1` columns nearest each side.
    rows: [u32; MAX_N],
    /// The last column.
    top: u32,
    /// Side case, for each row `y` up to `bound2`: the offsets `k` (as bits)
    /// such that row `y + k` may still take column 0, that is the rows
    /// `max(y, bound1)..=bound2`; 0 below `bound2`.
    window: [u32; MAX_N],
    /// [`Rules::window`] for the last column: bit `n - 1 - k` for offset
    /// `k` (the left-going diagonals move one column up per row).
    window_last: [u32; MAX_N],
}

impl Rules {
    fn new(n: usize, case: Case, bound1: usize) -> Self {
        let mask = u32::MAX >> (MAX_N - n);
        let side = (1u32 << (n - 1)) | 1;
        let bound2 = n - 1 - bound1;
        let mut rows = [mask; MAX_N];
        match case {
            Case::Corner => {
                for row in rows.iter_mut().take(bound1) {
                    *row &= !2;
                }
            }
            Case::Side => {
                for (y, row) in rows.iter_mut().enumerate().take(n) {
                    if y < bound1 || y > bound2 {
                        *row &= !side;
                    }
                }
                let low = (1u32 << bound1) - 1;
                rows[n - 1] &= !(low | (low << (n - bound1)));
            }
        }
        let mut window = [0u32; MAX_N];
        let mut window_last = [0u32; MAX_N];
        if case == Case::Side {
            for y in 0..=bound2 {
                let (lo, hi) = (bound1.saturating_sub(y), bound2 - y);
                let w = (u32::MAX >> (31 - hi)) & !((1u32 << lo) - 1);
                window[y] = w;
                window_last[y] = w.reverse_bits() >> (MAX_N - n);
            }
        }
        Self {
            n,
            mask,
            case,
            bound1,
            bound2,
            side,
            rows,
            top: 1 << (n - 1),
            window,
            window_last,
        }
    }

    /// The free squares of row `y` under the attacks `left`, `down`, `right`
    /// and the row rules; `SIDE` says the case is the side case. Row
    /// `bound2` of the side case needs a side column taken already and takes
    /// the other one when only one is (Takahashi's early cut).
    #[inline(always)]
    fn candidates<const SIDE: bool>(&self, y: usize, left: u32, down: u32, right: u32) -> u32 {
        let free = self.rows[y & (MAX_N - 1)] & !(left | down | right);
        if SIDE && y == self.bound2 {
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

    /// Side case: whether the placement reaching row `y` (with its attacks
    /// `left`, `down`, `right`) can still meet the rules of the rows below,
    /// judged from the queens placed so far: the last row keeps a free
    /// square it may use, and each empty side column keeps a square in the
    /// rows up to `bound2` that no diagonal attacks. This cuts about a fifth
    /// of the side case's nodes (N = 16, 17) that Takahashi's rules reject
    /// only at row `bound2` or at the last row.
    #[inline(always)]
    fn side_lookahead(&self, y: usize, left: u32, down: u32, right: u32) -> bool {
        let rows_below = (self.n - 1 - y) as u32;
        let last = self.rows[(self.n - 1) & (MAX_N - 1)]
            & !down
            & !(left << rows_below)
            & !(right >> rows_below);
        let first_column = (down & 1) | (!right & self.window[y & (MAX_N - 1)]);
        let last_column = (down & self.top) | (!left & self.window_last[y & (MAX_N - 1)]);
        (last != 0) & (first_column != 0) & (last_column != 0)
    }

    /// [`Rules::candidates`] for this rule set's case.
    fn candidates_any(&self, y: usize, left: u32, down: u32, right: u32) -> u32 {
        match self.case {
            Case::Corner => self.candidates::<false>(y, left, down, right),
            Case::Side => self.candidates::<true>(y, left, down, right),
        }
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
    let mut bits = rules.candidates_any(y, left, down, right);
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
        Case::Corner => search::<false>(&rules, s),
        Case::Side => search::<true>(&rules, s),
    }
}

/// The iterative backtracking below one subtree; `SIDE` says the case.
/// Rows down to `n - 3` are searched with an explicit stack (the slot of a
/// row holds its attacks and its untried squares); a child is pushed only
/// if its row has a free square (and, in the side case, passes
/// [`Rules::side_lookahead`]). Each square of row `n - 3` is completed by
/// [`last_two`]; in the side case the rare ones that have completions are
/// completed again by [`complete`], which runs the symmetry test.
#[inline(always)]
fn search<const SIDE: bool>(rules: &Rules, s: &Subtree) -> Tally {
    let n = rules.n;
    let mut tally = Tally::default();
    let mut board = s.board;
    let (mut l, mut d, mut r) = (s.left, s.down, s.right);
    let mut y = s.row;
    if y + 3 > n {
        complete(rules, y, l, d, r, &mut board, &mut tally);
        return tally;
    }
    let start = y;
    let leaf_row = n - 3;
    let mut bits = rules.candidates::<SIDE>(y, l, d, r);
    let mut stack = [(0u32, 0u32, 0u32, 0u32); MAX_N];
    'outer: loop {
        if y == leaf_row {
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                bits ^= bit;
                let nl = (l | bit) << 1;
                let nd = d | bit;
                let nr = (r | bit) >> 1;
                let nb = rules.candidates::<SIDE>(y + 1, nl, nd, nr);
                let found = last_two(rules, nl, nd, nr, nb);
                if SIDE {
                    if found != 0 {
                        board[y & (MAX_N - 1)] = bit;
                        complete(rules, y + 1, nl, nd, nr, &mut board, &mut tally);
                    }
                } else {
                    tally.orbit8 += u64::from(found);
                }
            }
        } else {
            while bits != 0 {
                let bit = bits & bits.wrapping_neg();
                bits ^= bit;
                let nl = (l | bit) << 1;
                let nd = d | bit;
                let nr = (r | bit) >> 1;
                let nb = rules.candidates::<SIDE>(y + 1, nl, nd, nr);
                if nb != 0 && (!SIDE || rules.side_lookahead(y + 1, nl, nd, nr)) {
                    if SIDE {
                        board[y & (MAX_N - 1)] = bit;
                    }
                    stack[y & (MAX_N - 1)] = (l, d, r, bits);
                    (l, d, r, bits) = (nl, nd, nr, nb);
                    y += 1;
                    continue 'outer;
                }
            }
        }
        if y == start {
            break;
        }
        y -= 1;
        (l, d, r, bits) = stack[y & (MAX_N - 1)];
    }
    tally
}

/// The number of ways to fill the last two rows, without branches: row
/// `n - 2` has the free squares `first` (rules applied) and the attacks
/// `l`, `d`, `r`; its two free columns are tried in both orders.
#[inline(always)]
fn last_two(rules: &Rules, l: u32, d: u32, r: u32, first: u32) -> u32 {
    let n = rules.n;
    let free = rules.mask & !d;
    let second = rules.rows[(n - 1) & (MAX_N - 1)] & !((l << 1) | (r >> 1));
    let a = free & free.wrapping_neg();
    let b = free ^ a;
    let apart = ((a << 1) | (a >> 1)) & b == 0;
    let ab = (first & a != 0) & (second & b != 0);
    let ba = (first & b != 0) & (second & a != 0);
    u32::from(apart) * (u32::from(ab) + u32::from(ba))
}
/// Completes the placement from row `y` on by plain recursion, recording
/// each complete placement in `tally` (after the side case's symmetry
/// test). The slow path: for small boards and for the side case's rare
/// row-`n - 2` positions that have completions.
fn complete(
    rules: &Rules,
    y: usize,
    l: u32,
    d: u32,
    r: u32,
    board: &mut [u32; MAX_N],
    tally: &mut Tally,
) {
    let n = rules.n;
    if y == n - 1 {
        let last = rules.rows[y] & !(l | d | r);
        if last == 0 {
            return;
        }
        match rules.case {
            Case::Corner => tally.orbit8 += 1,
            Case::Side => {
                board[y] = last;
                classify(rules, board, tally);
            }
        }
        return;
    }
    let mut bits = rules.candidates_any(y, l, d, r);
    while bits != 0 {
        let bit = bits & bits.wrapping_neg();
        bits ^= bit;
        board[y] = bit;
        complete(
            rules,
            y + 1,
            (l | bit) << 1,
            d | bit,
            (r | bit) >> 1,
            board,
            tally,
        );
    }
}

/// Compares a complete side-case placement with its rotations
/// (Takahashi's `Check`) and records its orbit: rows are compared from
/// row 1 on, the board's queen against the rotated board's, as column words.
fn classify(rules: &Rules, b: &[u32; MAX_N], tally: &mut Tally) {
    let last = rules.n - 1;
    let top = 1u32 << last;
    // 90°: only possible when row bound2 holds column 0.
    if b[rules.bound2] == 1 {
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
    if b[last] == top >> rules.bound1 {
        let mut own = 1;
        let mut you = last - 1;
        while own <= last {
            let mut bit = 1u32;
            let mut ptn = top;
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
    if b[rules.bound1] == top {
        let mut ptn = top >> 1;
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
