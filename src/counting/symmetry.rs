//! The eight symmetries of the square board (rotations and reflections) acting
//! on solutions, to group them into classes of fundamental solutions, one
//! solution at a time: `queens enumerate --unique` groups the solutions it
//! lists with it, and the counter's tests check its Burnside count of the
//! classes against it.

/// The eight images of a one-queen-per-row placement under the board's
/// symmetry group, identity first. Each image is again one queen per row.
pub fn images(columns: &[u32]) -> [Vec<u32>; 8] {
    let n = columns.len();
    let last = n.saturating_sub(1) as u32;
    let mut transposed = vec![0u32; n];
    for (row, &c) in columns.iter().enumerate() {
        transposed[c as usize] = row as u32;
    }
    let mirror = |v: &[u32]| v.iter().map(|&c| last - c).collect::<Vec<u32>>();
    let flip = |v: &[u32]| v.iter().rev().copied().collect::<Vec<u32>>();
    let identity = columns.to_vec();
    let rot180 = mirror(&flip(&identity));
    // Rotating by 90° sends (r, c) to (c, n-1-r): row c gets column n-1-r.
    let rot90 = mirror(&transposed);
    let rot270 = flip(&transposed);
    let anti = mirror(&flip(&transposed));
    [
        identity.clone(),
        rot90,
        rot180,
        rot270,
        mirror(&identity),
        flip(&identity),
        transposed,
        anti,
    ]
}

/// The smallest image (lexicographically) — the same for every member of a
/// symmetry class — and the class's size (1, 2, 4 or 8).
pub fn canonical_form(columns: &[u32]) -> (Vec<u32>, usize) {
    let mut all = images(columns).to_vec();
    all.sort_unstable();
    all.dedup();
    let size = all.len();
    (all.swap_remove(0), size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::board::validate;

    #[test]
    fn images_of_a_solution_are_solutions() {
        let s = [0, 4, 7, 5, 2, 6, 1, 3];
        for image in images(&s) {
            assert_eq!(validate(&image), Ok(()), "{image:?}");
        }
        assert_eq!(canonical_form(&s).1, 8);
    }

    #[test]
    fn the_symmetric_six_queens_solution_has_a_small_orbit() {
        // N = 6 has 4 solutions in a single class of size 4.
        let (_, size) = canonical_form(&[1, 3, 5, 0, 2, 4]);
        assert_eq!(size, 4);
    }
}
