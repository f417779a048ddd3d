//! Constellations: the queens on the border of the board (the queen of the
//! first row, of the last row, of the first column and of the last column,
//! a corner queen counting for both its row and its column), one
//! representative per class of the 8 rotations and reflections, each with
//! the size of its class and the masks its completion search needs
//! (module `completion`).
//!
//! Source: the constellation method of the Q27 project and of Ole Ansgar
//! Lichtenberg's NQueensFaf: every solution has exactly one constellation,
//! and a symmetry maps the solutions of one constellation one to one onto
//! the solutions of its image, so the total is the sum over the
//! representatives of (completions × class size).
//!
//! Choices of this implementation:
//! - The representative of a class is the image with the smallest sorted
//!   list of queen squares; its weight is 8 over the number of symmetries
//!   that fix it.
//! - The class is searched in whichever of its 8 orientations
//!   [`cost_guess`] expects to be cheapest (NQueensFaf also turns each
//!   constellation into a fixed orientation; the guess is ours, fitted to
//!   the measured work of every orientation at N = 15 and 16).
//! - The completion search fills the rows the border queens leave free, top
//!   to bottom, with Somers' bitboard words; the attacks of the border
//!   queens on each row are precomputed (one word per free row), and the
//!   diagonal words jump over the rows the border queens hold by shifting
//!   by the distance to the next free row.

use super::MAX_N;

/// One representative constellation and the rows left to fill.
#[derive(Clone, Debug)]
pub(super) struct Constellation {
    /// How many constellations its class has (1, 2, 4 or 8).
    pub weight: u8,
    /// [`cost_guess`] in the orientation searched: the expected work of its
    /// completion search, relative to the other constellations of the same
    /// N (it saturates at `u64::MAX` only for N near 30).
    pub expected_work: u64,
    /// How many rows the border queens leave free.
    pub levels: usize,
    /// The columns the free rows may use (the border queens' columns
    /// removed).
    pub columns: u32,
    /// For each free row in order, the squares the border queens attack
    /// along diagonals.
    pub attacked: [u32; MAX_N],
    /// For each free row in order, the distance to the next free row (0
    /// after the last).
    pub gap: [u8; MAX_N],
}

/// The 8 rotations and reflections of the N×N board as maps of `(row,
/// column)`.
fn transform(n: usize, g: usize, (y, x): (usize, usize)) -> (usize, usize) {
    let m = n - 1;
    match g {
        0 => (y, x),
        1 => (x, m - y),
        2 => (m - y, m - x),
        3 => (m - x, y),
        4 => (y, m - x),
        5 => (x, y),
        6 => (m - y, x),
        _ => (m - x, m - y),
    }
}

/// The border queens (corner queens twice) as one number that depends
/// only on their squares: the sorted square indices.
fn key(n: usize, queens: &[(usize, usize); 4]) -> u64 {
    let mut squares = queens.map(|(y, x)| (y * n + x) as u64);
    squares.sort_unstable();
    squares.iter().fold(0, |k, &s| (k << 16) | s)
}

/// Whether two queens on different squares attack each other.
fn attack((y1, x1): (usize, usize), (y2, x2): (usize, usize)) -> bool {
    y1 == y2 || x1 == x2 || y1.abs_diff(y2) == x1.abs_diff(x2)
}

/// Every representative constellation of the N×N board (`n >= 2`), in a
/// fixed order, each in the orientation its search seems cheapest in.
pub(super) fn representatives(n: usize) -> Vec<Constellation> {
    let m = n - 1;
    let mut out = Vec::new();
    for top in 0..n {
        for bottom in 0..n {
            if attack((0, top), (m, bottom)) {
                continue;
            }
            for left in 0..n {
                for right in 0..n {
                    // A corner queen belongs to its row and its column.
                    let consistent = (left == 0) == (top == 0)
                        && (right == 0) == (top == m)
                        && (left == m) == (bottom == 0)
                        && (right == m) == (bottom == m);
                    if !consistent {
                        continue;
                    }
                    let queens = [(0, top), (m, bottom), (left, 0), (right, m)];
                    let peaceful = (0..4).all(|i| {
                        (i + 1..4).all(|j| queens[i] == queens[j] || !attack(queens[i], queens[j]))
                    });
                    if !peaceful {
                        continue;
                    }
                    let own = key(n, &queens);
                    let mut stabiliser = 0;
                    let mut smallest = true;
                    for g in 0..8 {
                        let k = key(n, &queens.map(|q| transform(n, g, q)));
                        smallest &= k >= own;
                        stabiliser += usize::from(k == own);
                    }
                    if !smallest {
                        continue;
                    }
                    let weight = (8 / stabiliser) as u8;
                    let (expected_work, best) = (0..8)
                        .map(|g| queens.map(|q| transform(n, g, q)))
                        .map(|image| (cost_guess(n, &image), image))
                        .min_by_key(|&(cost, _)| cost)
                        .expect("8 images");
                    out.push(Constellation::new(n, &best, weight, expected_work));
                }
            }
        }
    }
    out
}

/// A guess at the cost of the completion search for the border queens
/// `queens` in this orientation, whose `L` free rows are searched top to
/// bottom:
/// - the sum over the first 55% of the free rows (rounded up) of the
///   product of the squares each leaves free of the border queens' columns
///   and diagonals (the partial boards the search may reach down to that
///   row);
/// - times `1 - 0.3 t` for each border queen's row that the search jumps
///   over after its `j`-th free row, where `t = max(0, 1 - |j / L - 0.6| /
///   0.5)` is largest for a jump 60% of the way down (an empirical term:
///   such jumps go with a cheaper search).
///
/// The search of one class costs up to twice as much in one orientation as
/// in another. The rule and its constants were fitted to the work measured
/// in each of the four orientations that search differently (the other
/// four are mirror images) of every class at N = 15 and 16 (child states
/// tested and last-four states counted, weighted by their cost in time),
/// and checked at N = 17 and 18: the orientation it picks costs 1.0–1.8%
/// more work than the cheapest, where the sum over the first half of the
/// rows alone cost 4.8–5.3% more, and a count takes 5% less time at N = 17
/// and 18. Integer arithmetic, so every machine picks the same orientation.
fn cost_guess(n: usize, queens: &[(usize, usize); 4]) -> u64 {
    let columns = free_columns(n, queens);
    let (free_rows, levels) = free_rows(n, queens);
    let free_rows = &free_rows[..levels];
    let mut product = 1u64;
    let mut total = 0u64;
    for &y in &free_rows[..(11 * levels).div_ceil(20)] {
        let free = (columns & !diagonal_attacks(n, queens, y)).count_ones();
        // Saturates only for the largest boards (30^16 > 2^64).
        product = product.saturating_mul(u64::from(free));
        total = total.saturating_add(product);
    }
    // In units of 1 / (50 L): 1 - 0.3 t = (50 L - 3 max(0, 5 L - |10 j - 6 L|)) / (50 L).
    let scale = 50 * levels as u128;
    let mut guess = u128::from(total);
    for (j, pair) in free_rows.windows(2).enumerate() {
        if pair[1] - pair[0] > 1 {
            let distance = (10 * j).abs_diff(6 * levels) as u128;
            let peak = (5 * levels as u128).saturating_sub(distance);
            guess = guess * (scale - 3 * peak) / scale;
        }
    }
    u64::try_from(guess).unwrap_or(u64::MAX)
}

/// The columns that no queen of `queens` takes, as bits.
fn free_columns(n: usize, queens: &[(usize, usize); 4]) -> u32 {
    queens
        .iter()
        .fold(u32::MAX >> (MAX_N - n), |columns, &(_, x)| {
            columns & !(1 << x)
        })
}

/// The rows that no queen of `queens` takes, ascending (the first of the
/// two values), and how many there are.
fn free_rows(n: usize, queens: &[(usize, usize); 4]) -> ([usize; MAX_N], usize) {
    let mut rows = [0usize; MAX_N];
    let mut count = 0;
    for y in (0..n).filter(|&y| queens.iter().all(|&(qy, _)| qy != y)) {
        rows[count] = y;
        count += 1;
    }
    (rows, count)
}

/// The squares of row `y` that the queens `queens` attack along diagonals.
fn diagonal_attacks(n: usize, queens: &[(usize, usize)], y: usize) -> u32 {
    let mut attacked = 0;
    for &(qy, qx) in queens {
        let distance = qy.abs_diff(y);
        if qx + distance < n {
            attacked |= 1 << (qx + distance);
        }
        if distance <= qx {
            attacked |= 1 << (qx - distance);
        }
    }
    attacked
}

impl Constellation {
    /// The completion search's words for the border queens `queens`
    /// (corner queens twice).
    fn new(n: usize, queens: &[(usize, usize); 4], weight: u8, expected_work: u64) -> Self {
        let columns = free_columns(n, queens);
        let (free_rows, levels) = free_rows(n, queens);
        let free_rows = &free_rows[..levels];
        let mut attacked = [0u32; MAX_N];
        let mut gap = [0u8; MAX_N];
        for (i, &y) in free_rows.iter().enumerate() {
            attacked[i] = diagonal_attacks(n, queens, y);
            if let Some(&next) = free_rows.get(i + 1) {
                gap[i] = (next - y) as u8;
            }
        }
        Self {
            weight,
            expected_work,
            levels,
            columns,
            attacked,
            gap,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_worked_cost_guess() {
        // N = 8, border queens on (0, 2), (7, 5), (3, 0) and (4, 7): free
        // rows 1, 2, 5, 6 (L = 4) and free columns 1, 3, 4, 6. The first
        // ceil(0.55 * 4) = 3 free rows leave 1 ({6}), 2 ({3, 6}) and 2
        // ({1, 4}) of them free of the border queens' diagonals: 1 + 1 * 2
        // + 1 * 2 * 2 = 7. The search jumps over rows 3 and 4 after its
        // free row j = 1: |10 - 24| = 14, 5 * 4 - 14 = 6, so 7 * (200 - 18)
        // / 200 = 6 (6.37 rounded down).
        let queens = [(0, 2), (7, 5), (3, 0), (4, 7)];
        assert_eq!(cost_guess(8, &queens), 6);
        // Reflected in the main diagonal: queens (2, 0), (5, 7), (0, 3) and
        // (7, 4), free rows 1, 3, 4, 6 and free columns 1, 2, 5, 6. Rows 1,
        // 3 and 4 leave 2 ({5, 6}), 1 ({2}) and 1 ({5}): 2 + 2 + 2 = 6.
        // Two jumps: after j = 0 (|0 - 24| = 24 >= 20, no change) and after
        // j = 2 (|20 - 24| = 4, 20 - 4 = 16): 6 * (200 - 48) / 200 = 4.
        let reflected = queens.map(|q| transform(8, 5, q));
        assert_eq!(reflected, [(2, 0), (5, 7), (0, 3), (7, 4)]);
        assert_eq!(cost_guess(8, &reflected), 4);
    }
}
