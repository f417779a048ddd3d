//! The solutions that a rotation maps onto themselves, counted by a search
//! over half the rows: a solution equal to its 180° rotation has its queen
//! of row `n - 1 - y` in column `n - 1 - q[y]`, so the queens of the top
//! half fix the whole board. Each such solution is then tested against the
//! 90° rotation. These counts turn the total count into the count of
//! fundamental solutions (Burnside's lemma, see [`super::Counter`]).

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
    /// Adds the queen at `(y, x)` if no queen taken so far attacks it.
    fn with(self, n: usize, y: usize, x: usize) -> Option<Taken> {
        let column = 1u32 << x;
        let sum = 1u64 << (y + x);
        let difference = 1u64 << (y + n - 1 - x);
        if self.columns & column != 0 || self.sums & sum != 0 || self.differences & difference != 0
        {
            return None;
        }
        Some(Taken {
            columns: self.columns | column,
            sums: self.sums | sum,
            differences: self.differences | difference,
        })
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
        Some(empty)
    };
    if let Some(taken) = start {
        place(n, 0, taken, &mut queens, &mut found);
    }
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
    for x in 0..n {
        let both = taken
            .with(n, y, x)
            .and_then(|t| t.with(n, n - 1 - y, n - 1 - x));
        if let Some(next) = both {
            queens[y] = x;
            queens[n - 1 - y] = n - 1 - x;
            place(n, y + 1, next, queens, found);
        }
    }
}
