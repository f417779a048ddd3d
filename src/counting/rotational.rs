//! The solutions that a rotation maps onto themselves, counted by a search
//! over half the rows: a solution equal to its 180° rotation has its queen
//! of row `n - 1 - y` in column `n - 1 - q[y]`, so the queens of the top
//! half fix the whole board. Each such solution is then tested against the
//! 90° rotation. Each row's candidates are one word: the columns where both
//! the queen and its partner are free, from the taken columns and
//! diagonals shifted and mirrored (a fifth of the time of trying every
//! column: 0.2% of a count at N = 18 instead of 1.2%). These counts turn
//! the total count into the count of fundamental solutions (Burnside's
//! lemma, see [`super::Counter`]).

use super::MAX_N;

/// How many solutions are symmetric under the rotations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Symmetric {
    /// Solutions equal to their 180° rotation (including those of `quarter`).
    pub half_turn: u64,
    /// Solutions equal to their 90° rotation.
    pub quarter_turn: u64,
}

/// The squares taken so far: columns and both diagonal directions.
#[derive(Clone, Copy)]
struct Taken {
    columns: u32,
    /// Bit `y + x` for a queen at row `y`, column `x`.
    sums: u64,
    /// Bit `y - x + n - 1`.
    differences: u64,
}

impl Taken {
    /// Adds the queen at `(y, x)` (which no queen taken so far attacks).
    fn with(self, n: usize, y: usize, x: usize) -> Taken {
        Taken {
            columns: self.columns | 1 << x,
            sums: self.sums | 1 << (y + x),
            differences: self.differences | 1 << (y + n - 1 - x),
        }
    }

    /// The columns `x` where row `y` can take a queen at `(y, x)` and row
    /// `n - 1 - y` its partner at `(n - 1 - y, n - 1 - x)`: both squares
    /// free of the queens taken so far and of each other, as bit `x`.
    fn pair_columns(self, n: usize, y: usize) -> u32 {
        let board = u32::MAX >> (u32::BITS as usize - n);
        let partner = n - 1 - y;
        // Bit `x` of `mirrored(w)` is bit `n - 1 - x` of `w`.
        let mirrored = |w: u64| (w as u32).reverse_bits() >> (u32::BITS as usize - n);
        let blocked = self.columns
            | mirrored(u64::from(self.columns))
            | (self.sums >> y) as u32
            | mirrored(self.sums >> partner)
            | mirrored(self.differences >> y)
            | (self.differences >> partner) as u32;
        // The pair itself clashes on the diagonal through both (x = y or
        // x = n - 1 - y) or, for odd n, in the middle column (taken by the
        // centre queen already).
        board & !blocked & !(1 << y) & !(1 << partner)
    }
}

/// Counts the rotation-symmetric solutions of the N×N board (`n >= 2`).
pub(super) fn count(n: usize) -> Symmetric {
    let mut queens = [0usize; MAX_N];
    let mut found = Symmetric::default();
    let empty = Taken {
        columns: 0,
        sums: 0,
        differences: 0,
    };
    let start = if n % 2 == 1 {
        // The centre row must hold the centre square.
        let centre = n / 2;
        queens[centre] = centre;
        empty.with(n, centre, centre)
    } else {
        empty
    };
    place(n, 0, start, &mut queens, &mut found);
    found
}

/// Places the queen of row `y` of the top half and its rotated partner in
/// every free way, recording each complete symmetric solution.
fn place(n: usize, y: usize, taken: Taken, queens: &mut [usize; MAX_N], found: &mut Symmetric) {
    if y == n / 2 {
        found.half_turn += 1;
        if (0..n).all(|row| queens[queens[row]] == n - 1 - row) {
            found.quarter_turn += 1;
        }
        return;
    }
    let mut columns = taken.pair_columns(n, y);
    while columns != 0 {
        let x = columns.trailing_zeros() as usize;
        columns &= columns - 1;
        queens[y] = x;
        queens[n - 1 - y] = n - 1 - x;
        let next = taken.with(n, y, x).with(n, n - 1 - y, n - 1 - x);
        place(n, y + 1, next, queens, found);
    }
}
