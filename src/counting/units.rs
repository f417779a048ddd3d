//! The work of one count as a list of independent units, fixed by N alone:
//! unit `i` is the `i`-th representative constellation (module
//! `constellations`), its result the exact number of its completions. The
//! list has a fingerprint, so a checkpoint written for one list is never
//! added to another, and it splits into balanced shards for a cluster.
//!
//! Choices:
//! - The fingerprint is SHA-256 over [`UNIT_LIST_VERSION`], N and every
//!   unit's weight and search words, shortened to 16 hex digits: a change
//!   of the enumeration order, of the orientation rule or of the search
//!   words gives another fingerprint.
//! - A unit's expected work is the constellation's cost guess in the
//!   orientation it is searched in. Shards are balanced by it with the
//!   longest-processing-time rule (Graham 1969): the units, largest
//!   expected work first (ties by index), each go to the shard with the
//!   least expected work so far (ties to the lower shard). The rule is
//!   deterministic, so every task of a job array computes the same split.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use sha2::{Digest, Sha256};

use super::constellations::Constellation;

/// The version of the unit list's definition; part of the fingerprint.
/// Version 2 searches many units in another orientation (a new cost
/// guess), so its units' expected work and its shards differ from
/// version 1's; a unit's count does not.
pub const UNIT_LIST_VERSION: u32 = 2;

/// The fingerprint of the unit list of size `n`: 16 hex digits.
pub(super) fn fingerprint(n: usize, units: &[Constellation]) -> String {
    let mut hash = Sha256::new();
    hash.update(UNIT_LIST_VERSION.to_le_bytes());
    hash.update((n as u64).to_le_bytes());
    for unit in units {
        hash.update([unit.weight]);
        hash.update((unit.levels as u64).to_le_bytes());
        hash.update(unit.columns.to_le_bytes());
        for level in 0..unit.levels {
            hash.update(unit.attacked[level].to_le_bytes());
            hash.update([unit.gap[level]]);
        }
    }
    hash.finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// One slice of a count: the `index`-th of `count` disjoint shards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: usize,
    /// How many shards the units are split into (1 for a whole count).
    pub count: usize,
}

impl Shard {
    /// The whole count as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// The indices of the units of `shard`, ascending, with `expected` giving
/// each unit's expected work (see the module header for the rule).
pub(super) fn shard_units(expected: &[u64], shard: Shard) -> Vec<usize> {
    let mut order: Vec<usize> = (0..expected.len()).collect();
    order.sort_by_key(|&i| (Reverse(expected[i]), i));
    // The lightest shard (ties to the lower index) is the heap's least
    // (load, shard) pair; only shards that receive a unit enter the heap,
    // so the split costs O(units log units) whatever the shard count.
    let mut lightest: BinaryHeap<Reverse<(u128, usize)>> = (0..shard.count.min(order.len()))
        .map(|s| Reverse((0, s)))
        .collect();
    let mut mine = Vec::new();
    for i in order {
        let Some(Reverse((load, s))) = lightest.pop() else {
            break;
        };
        lightest.push(Reverse((load + u128::from(expected[i]), s)));
        if s == shard.index {
            mine.push(i);
        }
    }
    mine.sort_unstable();
    mine
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_disjoint_cover_every_unit_and_balance_the_work() {
        let expected: Vec<u64> = (0..1000u64).map(|i| (i * 7919) % 1013 + 1).collect();
        let total: u128 = expected.iter().map(|&w| u128::from(w)).sum();
        for count in [1, 2, 4, 7, 64] {
            let mut seen = vec![false; expected.len()];
            let mut loads = Vec::new();
            for index in 0..count {
                let units = shard_units(&expected, Shard { index, count });
                for &u in &units {
                    assert!(!seen[u], "unit {u} in two shards of {count}");
                    seen[u] = true;
                }
                loads.push(units.iter().map(|&u| u128::from(expected[u])).sum::<u128>());
            }
            assert!(seen.iter().all(|&s| s), "every unit in a shard of {count}");
            let largest = loads.iter().copied().max().expect("shards");
            let smallest = loads.iter().copied().min().expect("shards");
            // LPT leaves at most the largest unit between two shards.
            assert!(largest - smallest <= 1013, "{count} shards: {loads:?}");
            assert_eq!(loads.iter().sum::<u128>(), total);
        }
    }

    #[test]
    fn a_hand_worked_split_follows_the_longest_processing_time_rule() {
        // Sorted: 9 (unit 1), 7 (unit 3), 5 (unit 0), 4 (unit 2), 2 (unit 4).
        // 9 -> shard 0; 7 -> shard 1; 5 -> shard 1 (7 < 9); 4 -> shard 0
        // (9 < 12); 2 -> shard 1 (12 < 13).
        let expected = [5, 9, 4, 7, 2];
        assert_eq!(shard_units(&expected, Shard { index: 0, count: 2 }), [1, 2]);
        assert_eq!(
            shard_units(&expected, Shard { index: 1, count: 2 }),
            [0, 3, 4]
        );
    }

    #[test]
    fn the_fingerprint_depends_on_n_and_the_list() {
        let a = super::super::constellations::representatives(10);
        let b = super::super::constellations::representatives(11);
        assert_ne!(fingerprint(10, &a), fingerprint(11, &b));
        assert_ne!(fingerprint(10, &a), fingerprint(10, &a[1..]));
        assert_eq!(fingerprint(10, &a), fingerprint(10, &a.clone()));
        assert_eq!(fingerprint(10, &a).len(), 16);
    }
}
