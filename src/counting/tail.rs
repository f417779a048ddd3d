//! The last four free rows of a completion search counted at once: with
//! four columns left, a completion is one of the 24 ways to give each of
//! the four rows one of the columns, and it counts when each row's column
//! is free in that row and no two of the four queens share a diagonal.
//!
//! Source: ours. The same idea as the lookup tables of the last rows that
//! fast bitboard counters use, kept small enough for vector registers: the
//! 24 assignments are the bits of a word, and both conditions are masks of
//! that word.
//!
//! - A row `t` whose square in column `k` (the `k`-th lowest column left)
//!   is attacked rules out the assignments that give row `t` column `k`
//!   ([`ABSENT`]); all of a row's attacked columns at once, as a 4-bit
//!   pattern, rule out [`ATTACKED`]`[t][pattern]` (the AVX-512 kernel looks
//!   that up, one lookup per row instead of four tests).
//! - Two columns `p < q` that are `δ` apart share a diagonal exactly when
//!   they are given to two rows `δ` apart; the assignments that avoid this,
//!   for every `δ` below 16, are a table of 16 words ([`Pairs`]), fixed by
//!   the distances between the four rows. The distances between free rows
//!   are 1, 2 or 3 (the border queens take at most two rows in a row
//!   between free ones), so 27 tables of tables cover every constellation.

/// The 24 assignments of 4 columns to 4 rows: `PERMUTATIONS[a][t]` is the
/// column of row `t` in assignment `a`, in lexicographic order.
const PERMUTATIONS: [[u8; 4]; 24] = permutations();

/// Every assignment.
pub(super) const ALL: u32 = (1 << 24) - 1;

/// `ABSENT[t][k]`: the assignments that do not give row `t` column `k`.
pub(super) const ABSENT: [[u32; 4]; 4] = absent();

/// `ATTACKED[t][p]`: the assignments that give row `t` none of the columns
/// `k` whose bit `k` is set in `p` (the intersection of those
/// `ABSENT[t][k]`).
pub(super) const ATTACKED: [[u32; 16]; 4] = attacked();

/// For each pair of columns `(p, q)`, `p < q`, in the order of
/// [`COLUMN_PAIRS`], the 16 words indexed by the columns' distance (15
/// for 15 and more): the assignments under which the two columns' queens do
/// not share a diagonal.
pub(super) type Pairs = [[u32; 16]; 6];

/// The pairs of columns, by their rank among the four.
pub(super) const COLUMN_PAIRS: [(usize, usize); 6] =
    [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// The largest distance between two consecutive free rows.
const MAX_GAP: usize = 3;

/// [`Pairs`] for every three distances between the four rows, indexed by
/// `9 * (g1 - 1) + 3 * (g2 - 1) + (g3 - 1)`.
static PAIRS: [Pairs; 27] = all_pairs();

/// The pair tables of four rows at `offsets` from the first (ascending, 0
/// first, consecutive ones 1 to [`MAX_GAP`] apart).
pub(super) fn pairs(offsets: [u32; 4]) -> &'static Pairs {
    let index = offsets
        .windows(2)
        .fold(0, |i, w| i * MAX_GAP + (w[1] - w[0]) as usize - 1);
    &PAIRS[index]
}

const fn permutations() -> [[u8; 4]; 24] {
    let mut out = [[0u8; 4]; 24];
    let mut count = 0;
    let mut code = 0;
    while code < 256 {
        let p = [code & 3, (code >> 2) & 3, (code >> 4) & 3, (code >> 6) & 3];
        let distinct = p[0] != p[1]
            && p[0] != p[2]
            && p[0] != p[3]
            && p[1] != p[2]
            && p[1] != p[3]
            && p[2] != p[3];
        if distinct {
            out[count] = [p[0] as u8, p[1] as u8, p[2] as u8, p[3] as u8];
            count += 1;
        }
        code += 1;
    }
    out
}

const fn absent() -> [[u32; 4]; 4] {
    let mut out = [[ALL; 4]; 4];
    let mut a = 0;
    while a < 24 {
        let mut t = 0;
        while t < 4 {
            let k = PERMUTATIONS[a][t] as usize;
            out[t][k] &= !(1 << a);
            t += 1;
        }
        a += 1;
    }
    out
}

const fn attacked() -> [[u32; 16]; 4] {
    let mut out = [[ALL; 16]; 4];
    let mut t = 0;
    while t < 4 {
        let mut p = 0;
        while p < 16 {
            let mut k = 0;
            while k < 4 {
                if p & (1 << k) != 0 {
                    out[t][p] &= ABSENT[t][k];
                }
                k += 1;
            }
            p += 1;
        }
        t += 1;
    }
    out
}

const fn all_pairs() -> [Pairs; 27] {
    let mut out = [[[0u32; 16]; 6]; 27];
    let mut index = 0;
    while index < 27 {
        let gaps = [index / 9 + 1, (index / 3) % 3 + 1, index % 3 + 1];
        let offsets = [0, gaps[0], gaps[0] + gaps[1], gaps[0] + gaps[1] + gaps[2]];
        let mut pair = 0;
        while pair < 6 {
            let (p, q) = COLUMN_PAIRS[pair];
            let mut distance = 0;
            while distance < 16 {
                let mut a = 0;
                while a < 24 {
                    let mut row_p = 0usize;
                    let mut row_q = 0usize;
                    let mut t = 0;
                    while t < 4 {
                        if PERMUTATIONS[a][t] as usize == p {
                            row_p = offsets[t];
                        }
                        if PERMUTATIONS[a][t] as usize == q {
                            row_q = offsets[t];
                        }
                        t += 1;
                    }
                    let apart = row_p.abs_diff(row_q);
                    if apart != distance {
                        out[index][pair][distance] |= 1 << a;
                    }
                    a += 1;
                }
                distance += 1;
            }
            pair += 1;
        }
        index += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The completions of four rows at `offsets` with the columns at
    /// `positions` (ascending), where `free[t]` has bit `k` when row `t`'s
    /// square in the `k`-th column is free: every assignment checked.
    fn brute_force(offsets: [u32; 4], positions: [u32; 4], free: [u32; 4]) -> u32 {
        let mut count = 0;
        for assignment in PERMUTATIONS {
            let column = assignment.map(usize::from);
            let squares_free = (0..4).all(|t| free[t] & (1 << column[t]) != 0);
            let diagonals_apart = (0..4).all(|t| {
                (t + 1..4).all(|u| {
                    positions[column[t]].abs_diff(positions[column[u]]) != offsets[u] - offsets[t]
                })
            });
            count += u32::from(squares_free && diagonals_apart);
        }
        count
    }

    /// The same count from the masks, as the kernels compute it: the
    /// attacked squares ruled out one by one ([`ABSENT`], the default) and
    /// by pattern ([`ATTACKED`], AVX-512) must agree.
    fn from_masks(offsets: [u32; 4], positions: [u32; 4], free: [u32; 4]) -> u32 {
        let mut allowed = ALL;
        for (t, row_free) in free.iter().enumerate() {
            let mut one_by_one = ALL;
            for (k, row_absent) in ABSENT[t].iter().enumerate() {
                if row_free & (1 << k) == 0 {
                    one_by_one &= row_absent;
                }
            }
            let by_pattern = ATTACKED[t][(!row_free & 15) as usize];
            assert_eq!(one_by_one, by_pattern, "row {t}, free {row_free:04b}");
            allowed &= one_by_one;
        }
        for (table, &(p, q)) in pairs(offsets).iter().zip(&COLUMN_PAIRS) {
            allowed &= table[(positions[q] - positions[p]).min(15) as usize];
        }
        allowed.count_ones()
    }

    #[test]
    fn there_are_24_distinct_assignments() {
        let mut seen = PERMUTATIONS.to_vec();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 24);
        assert!(PERMUTATIONS.iter().all(|a| {
            let mut sorted = *a;
            sorted.sort_unstable();
            sorted == [0, 1, 2, 3]
        }));
    }

    #[test]
    fn the_masks_count_what_trying_every_assignment_counts() {
        // Every gap pattern, every four columns among the first 12 and, for
        // each, 16 pseudo-random patterns of free squares (a fixed LCG).
        let mut state = 0x2545_f491_u32;
        let mut checked = 0;
        for g1 in 1..=3 {
            for g2 in 1..=3 {
                for g3 in 1..=3 {
                    let offsets = [0, g1, g1 + g2, g1 + g2 + g3];
                    for set in 0u32..1 << 12 {
                        if set.count_ones() != 4 {
                            continue;
                        }
                        let mut rest = set;
                        let positions = [0; 4].map(|_| {
                            let p = rest.trailing_zeros();
                            rest &= rest - 1;
                            p
                        });
                        for _ in 0..16 {
                            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                            let free = [0, 4, 8, 12].map(|s| (state >> (s + 16)) & 15);
                            assert_eq!(
                                from_masks(offsets, positions, free),
                                brute_force(offsets, positions, free),
                                "gaps {g1} {g2} {g3}, columns {positions:?}, free {free:?}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 27 * 495 * 16);
    }

    #[test]
    fn four_columns_in_a_row_on_consecutive_rows_have_two_completions() {
        // The 4×4 board: two solutions, (1, 3, 0, 2) and (2, 0, 3, 1).
        assert_eq!(from_masks([0, 1, 2, 3], [0, 1, 2, 3], [15; 4]), 2);
        assert_eq!(brute_force([0, 1, 2, 3], [0, 1, 2, 3], [15; 4]), 2);
    }
}
