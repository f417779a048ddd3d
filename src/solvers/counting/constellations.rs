//! Constellations: the queens on the border of the board (the queen of the
//! first row, of the last row, of the first column and of the last column,
//! a corner queen counting for both its row and its column), one
//! representative per class of the 8 rotations and reflections, each with
//! the size of its class, and the search that completes one.
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
//!   constellation into a fixed orientation; the guess is ours).
//! - The completion search fills the rows the border queens leave free, top
//!   to bottom, with Somers' bitboard words; the attacks of the border
//!   queens on each row are precomputed (one word per free row), and the
//!   diagonal words jump over the rows the border queens hold by shifting
//!   by the distance to the next free row. The last two free rows are
//!   counted without branches.

use super::MAX_N;

/// One representative constellation and the rows left to fill.
#[derive(Clone, Debug)]
pub(super) struct Constellation {
    /// How many constellations its class has (1, 2, 4 or 8).
    pub weight: u8,
    /// How many rows the border queens leave free.
    levels: usize,
    /// The columns the free rows may use (the border queens' columns
    /// removed).
    columns: u32,
    /// For each free row in order, the squares the border queens attack
    /// along diagonals.
    attacked: [u32; MAX_N],
    /// For each free row in order, the distance to the next free row.
    gap: [u8; MAX_N],
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
                    let best = (0..8)
                        .map(|g| queens.map(|q| transform(n, g, q)))
                        .min_by_key(|image| cost_guess(n, image))
                        .expect("8 images");
                    out.push(Constellation::new(n, &best, weight));
                }
            }
        }
    }
    out
}

/// A guess at the cost of the completion search for the border queens
/// `queens` in this orientation: the sum over the first `(n + 1) / 2` free
/// rows (the best depth tried at N = 14 and 15) of the product of the
/// squares each leaves free of the border queens' columns and diagonals.
/// The search of one class costs up to twice as much in one orientation as
/// in another; at N = 14 choosing by this guess cuts the search's
/// instructions by a third against a fixed orientation.
fn cost_guess(n: usize, queens: &[(usize, usize); 4]) -> u64 {
    let mut product = 1u64;
    let mut total = 0u64;
    let mut columns = u32::MAX >> (MAX_N - n);
    let mut rows = columns;
    for &(y, x) in queens {
        columns &= !(1 << x);
        rows &= !(1 << y);
    }
    for _ in 0..n.div_ceil(2) {
        if rows == 0 {
            break;
        }
        let y = rows.trailing_zeros() as usize;
        rows &= rows - 1;
        let free = (columns & !diagonal_attacks(n, queens, y)).count_ones();
        // Saturates only for the largest boards (30^16 > 2^64).
        product = product.saturating_mul(u64::from(free));
        total = total.saturating_add(product);
    }
    total
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
    fn new(n: usize, queens: &[(usize, usize); 4], weight: u8) -> Self {
        let mask = u32::MAX >> (MAX_N - n);
        let mut columns = mask;
        for &(_, x) in queens {
            columns &= !(1 << x);
        }
        let mut free_rows = [0usize; MAX_N];
        let mut levels = 0;
        for y in (0..n).filter(|&y| queens.iter().all(|&(qy, _)| qy != y)) {
            free_rows[levels] = y;
            levels += 1;
        }
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
            levels,
            columns,
            attacked,
            gap,
        }
    }

    /// The completions from free row `i` with the attack words `l`, `d`,
    /// `r`, by plain recursion (for constellations with few free rows).
    fn walk(&self, i: usize, l: u32, d: u32, r: u32) -> u64 {
        if i >= self.levels {
            return 1;
        }
        let mut bits = self.columns & !(l | d | r | self.attacked[i]);
        let g = u32::from(self.gap[i]);
        let mut total = 0;
        while bits != 0 {
            let bit = bits & bits.wrapping_neg();
            bits ^= bit;
            total += self.walk(i + 1, (l | bit) << g, d | bit, (r | bit) >> g);
        }
        total
    }

    /// The number of ways to fill the free rows. On x86-64 processors with
    /// the BMI1 and BMI2 instructions (isolate and clear the lowest set
    /// bit, shifts by a register without flags) the search is compiled a
    /// second time for them and chosen at run time.
    pub(super) fn completions(&self) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2")
            {
                // SAFETY: the processor has just been found to support the
                // features the function is compiled for.
                return unsafe { self.completions_bmi() };
            }
        }
        self.search()
    }

    /// [`Constellation::search`] compiled for BMI1 and BMI2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2")]
    fn completions_bmi(&self) -> u64 {
        self.search()
    }

    /// The completion search: an explicit stack of `(left, down, right,
    /// untried)` words, one slot per free row; a child is pushed only if
    /// its row has a free square; the last two free rows are counted by
    /// [`last_two`].
    #[inline(always)]
    fn search(&self) -> u64 {
        let levels = self.levels;
        let columns = self.columns;
        if levels < 3 {
            return self.walk(0, 0, 0, 0);
        }
        let last = levels - 3;
        let mut count = 0u64;
        let mut stack = [(0u32, 0u32, 0u32, 0u32); MAX_N];
        let (mut l, mut d, mut r, mut bits) = (0u32, 0u32, 0u32, columns & !self.attacked[0]);
        let mut i = 0usize;
        'outer: loop {
            let g = u32::from(self.gap[i & (MAX_N - 1)]);
            let next = self.attacked[(i + 1) & (MAX_N - 1)];
            if i == last {
                let g2 = u32::from(self.gap[(i + 1) & (MAX_N - 1)]);
                let fin = self.attacked[(i + 2) & (MAX_N - 1)];
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits ^= bit;
                    let nl = (l | bit) << g;
                    let nd = d | bit;
                    let nr = (r | bit) >> g;
                    if columns & !(nl | nd | nr | next) != 0 {
                        count += u64::from(last_two(columns, nl, nd, nr, next, fin, g2));
                    }
                }
            } else {
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits ^= bit;
                    let nl = (l | bit) << g;
                    let nd = d | bit;
                    let nr = (r | bit) >> g;
                    let nb = columns & !(nl | nd | nr | next);
                    if nb != 0 {
                        stack[i & (MAX_N - 1)] = (l, d, r, bits);
                        (l, d, r, bits) = (nl, nd, nr, nb);
                        i += 1;
                        continue 'outer;
                    }
                }
            }
            if i == 0 {
                break;
            }
            i -= 1;
            (l, d, r, bits) = stack[i & (MAX_N - 1)];
        }
        count
    }
}

/// The number of ways to fill the last two free rows, without branches:
/// `l`, `d`, `r` are the attack words at the first of them, `first_attacked`
/// and `last_attacked` the border queens' attacks on the two rows, `gap`
/// their distance. Exactly two columns are left; each order is tried.
#[inline(always)]
fn last_two(
    columns: u32,
    l: u32,
    d: u32,
    r: u32,
    first_attacked: u32,
    last_attacked: u32,
    gap: u32,
) -> u32 {
    let first = columns & !(l | d | r | first_attacked);
    let second = columns & !((l << gap) | (r >> gap) | last_attacked);
    let free = columns & !d;
    let a = free & free.wrapping_neg();
    let b = free ^ a;
    let apart = ((a << gap) | (a >> gap)) & b == 0;
    let ab = (first & a != 0) & (second & b != 0);
    let ba = (first & b != 0) & (second & a != 0);
    u32::from(apart) * (u32::from(ab) + u32::from(ba))
}
