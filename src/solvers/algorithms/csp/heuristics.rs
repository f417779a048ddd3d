//! The `csp` search's orderings: which row next (static, MRV with the
//! degree heuristic, MRV with random ties) and in which order its values
//! (columns, least-constraining value). Part of [`super`]; the definitions
//! and their costs in checks are in its header.

use rand::RngExt;
use rand::rngs::ChaCha8Rng;

use super::Order;
use super::domains::{Checks, Domains};

/// The row to assign next among `unassigned` (ascending, not empty), by
/// `order`, from the values each has left in `domains`; `ties` is scratch.
///
/// MRV's ties go to the degree heuristic (the most constraints shared with
/// other unassigned rows). Every row of N-queens shares one constraint with
/// every other row, so every candidate's degree is the number of
/// unassigned rows less one: the degree heuristic never breaks a tie, and
/// it is not computed. The lowest row breaks it (`mrv`), or one uniform
/// draw from `rng` when two or more rows tie (`mrv-random`).
pub fn choose_row(
    order: Order,
    mut unassigned: impl Iterator<Item = u32>,
    domains: Option<&Domains>,
    ties: &mut Vec<u32>,
    rng: &mut ChaCha8Rng,
) -> u32 {
    let (Order::Mrv | Order::MrvRandom, Some(domains)) = (order, domains) else {
        return unassigned.next().unwrap_or(0);
    };
    ties.clear();
    let mut fewest = u32::MAX;
    for row in unassigned {
        let size = domains.size(row);
        if size < fewest {
            fewest = size;
            ties.clear();
        }
        if size == fewest {
            ties.push(row);
        }
    }
    if order == Order::MrvRandom && ties.len() > 1 {
        ties[rng.random_range(0..ties.len() as u32) as usize]
    } else {
        ties[0]
    }
}

/// Sorts `candidates`, values of `row`, least-constraining first: by how
/// many values of the other rows in `others` (ascending) they attack, as
/// `domains` holds them, ties by column. One check per (candidate, value
/// of another row). `scores` is scratch.
pub fn least_constraining_first(
    row: u32,
    candidates: &mut [u32],
    others: impl Iterator<Item = u32> + Clone,
    domains: &Domains,
    checks: &mut Checks,
    scores: &mut Vec<(u64, u32)>,
) {
    scores.clear();
    for &column in candidates.iter() {
        let mut removed = 0;
        for other in others.clone().filter(|&o| o != row) {
            for value in domains.values(other) {
                removed += u64::from(checks.attack(row, column, other, value));
            }
        }
        scores.push((removed, column));
    }
    scores.sort_unstable();
    for (slot, &(_, column)) in candidates.iter_mut().zip(scores.iter()) {
        *slot = column;
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn lcv_on_an_empty_four_by_four_board() {
        // Row 0 of an empty 4×4 board: column 0 attacks, in rows 1, 2, 3,
        // its column and one diagonal square each: 6 values; column 1 attacks
        // (1,0) (1,1) (1,2), (2,1) (2,3), (3,1): 6; by symmetry columns 3 and
        // 2 the same. A tie everywhere: column order, 4 × 12 checks.
        let domains = Domains::full(4, false);
        let mut checks = Checks::default();
        let mut candidates = [3, 2, 1, 0];
        least_constraining_first(
            0,
            &mut candidates,
            0..4,
            &domains,
            &mut checks,
            &mut Vec::new(),
        );
        assert_eq!(candidates, [0, 1, 2, 3]);
        assert_eq!(checks.count, 48);
        // Row 1 of a 5×5 board: column 0 attacks (0,0), (0,1), (2,0),
        // (2,1), (3,0), (3,2), (4,0), (4,3): 8, and column 4 by symmetry;
        // column 1 attacks (0,0..2), (2,0..2), (3,1), (3,3), (4,1), (4,4):
        // 10, and column 3 by symmetry; column 2 attacks (0,1..3),
        // (2,1..3), (3,0), (3,2), (3,4), (4,2): 10.
        let domains = Domains::full(5, false);
        let mut candidates = [0, 1, 2, 3, 4];
        least_constraining_first(
            1,
            &mut candidates,
            0..5,
            &domains,
            &mut checks,
            &mut Vec::new(),
        );
        assert_eq!(candidates, [0, 4, 1, 2, 3]);
        assert_eq!(checks.count, 48 + 5 * 4 * 5);
    }

    #[test]
    fn mrv_takes_the_fewest_values_then_the_lowest_row() {
        let mut domains = Domains::full(6, true);
        domains.retain(4, |v| v < 2);
        domains.retain(2, |v| v > 3);
        domains.retain(5, |v| v == 0);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut ties = Vec::new();
        let pick = |order, rows: &[u32], ties: &mut Vec<u32>, rng: &mut ChaCha8Rng| {
            choose_row(order, rows.iter().copied(), Some(&domains), ties, rng)
        };
        assert_eq!(pick(Order::Static, &[1, 2, 4, 5], &mut ties, &mut rng), 1);
        assert_eq!(pick(Order::Mrv, &[1, 2, 4, 5], &mut ties, &mut rng), 5);
        assert_eq!(pick(Order::Mrv, &[1, 2, 4], &mut ties, &mut rng), 2);
        let drawn: std::collections::BTreeSet<u32> = (0..64)
            .map(|_| pick(Order::MrvRandom, &[1, 2, 3, 4], &mut ties, &mut rng))
            .collect();
        assert_eq!(drawn.into_iter().collect::<Vec<_>>(), [2, 4]);
    }
}
