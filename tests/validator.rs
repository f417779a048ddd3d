//! Property tests: the O(N) validator agrees with a naive O(N²) pairwise check.

use proptest::prelude::*;
use queens::base::board::{attacking_pairs, validate};
use queens::solvers::algorithms::construction::construct;

fn naive_pairs(columns: &[u32]) -> u64 {
    let mut pairs = 0;
    for i in 0..columns.len() {
        for j in i + 1..columns.len() {
            let (a, b) = (i64::from(columns[i]), i64::from(columns[j]));
            if a == b || (a - b).abs() == (j - i) as i64 {
                pairs += 1;
            }
        }
    }
    pairs
}

proptest! {
    #[test]
    fn validator_agrees_with_pairwise_check(n in 1usize..12, seed in proptest::collection::vec(0u32..12, 12)) {
        let columns: Vec<u32> = seed.iter().take(n).map(|c| c % n as u32).collect();
        let pairs = naive_pairs(&columns);
        prop_assert_eq!(validate(&columns).is_ok(), pairs == 0);
        prop_assert_eq!(attacking_pairs(&columns), pairs);
    }

    #[test]
    fn permutations_are_judged_by_diagonals_only(perm in Just((0u32..9).collect::<Vec<_>>()).prop_shuffle()) {
        prop_assert_eq!(validate(&perm).is_ok(), naive_pairs(&perm) == 0);
    }
}

proptest! {
    /// Solutions with at most one queen moved anywhere (off the board
    /// included): exercises the accepting side, which random boards rarely reach.
    #[test]
    fn near_solutions_are_judged_like_the_pairwise_check(
        n in 4usize..40,
        moved in proptest::option::of((0usize..40, 0u32..80)),
    ) {
        let mut columns = construct(n).expect("N >= 4 has a solution");
        if let Some((row, column)) = moved {
            columns[row % n] = column % (2 * n as u32);
        }
        let off_board = columns.iter().any(|&c| c as usize >= n);
        let expected = !off_board && naive_pairs(&columns) == 0;
        prop_assert_eq!(validate(&columns).is_ok(), expected);
    }
}

#[test]
fn off_board_columns_are_rejected() {
    assert!(validate(&[0, 5, 1]).is_err());
}
