//! The sizes of the search spaces a student of the N-Queens problem meets,
//! each named by its formulation, as exact integers (`queens space`).
//!
//! Sources: the BlitzMax recursion tutorial's 178,462,987,637,760 ordered
//! placements of 8 queens ("over 56 years at 100 per millisecond") and
//! its 16,777,216 boards with one queen per row; the blog series' "roughly
//! 4.5 billion" unordered placements; Neapolitan's *Foundations of
//! Algorithms* (chapter 5): the state-space tree of the row-by-row
//! formulation, its promising function, and the table comparing the
//! tree's nodes with the nodes backtracking checks and finds promising.
//!
//! The closed forms are computed here with arbitrary precision (N^N and
//! (N²)!/(N²−N)! leave `u128` at N = 20); the tree's backtracking counts
//! come from running the search ([`tree`]), the fundamental solutions from
//! the exact counter; the time each takes to enumerate at a rate is
//! [`rate`]'s.

pub mod rate;
pub mod tree;

use num_bigint::BigUint;

use self::tree::TreeCount;
use crate::counting::{CountError, MAX_N, count};

/// One way of formulating the search, a row of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Formulation {
    /// N queens, told apart, on N distinct squares of the N² (N²!/(N²−N)!).
    Ordered,
    /// N indistinct queens on N of the N² squares (C(N², N)).
    Unordered,
    /// One queen in each row (N^N).
    OnePerRow,
    /// One queen in each row and each column (N!).
    OnePerRowAndColumn,
    /// Every node of the row-by-row state-space tree (1 + N + … + N^N).
    TreeNodes,
    /// The nodes plain backtracking checks (counted by running it).
    Checked,
    /// The nodes backtracking finds promising (counted by running it).
    Promising,
    /// The solutions (OEIS A000170).
    Solutions,
    /// The solutions up to rotation and reflection (OEIS A002562).
    Fundamental,
}

impl Formulation {
    /// Every formulation, largest space first.
    pub const ALL: [Formulation; 9] = [
        Formulation::Ordered,
        Formulation::Unordered,
        Formulation::OnePerRow,
        Formulation::OnePerRowAndColumn,
        Formulation::TreeNodes,
        Formulation::Checked,
        Formulation::Promising,
        Formulation::Solutions,
        Formulation::Fundamental,
    ];

    /// Its name in the CSV and JSON: lowercase words joined by `_`.
    pub fn key(self) -> &'static str {
        match self {
            Formulation::Ordered => "ordered_placements",
            Formulation::Unordered => "unordered_placements",
            Formulation::OnePerRow => "one_per_row",
            Formulation::OnePerRowAndColumn => "one_per_row_and_column",
            Formulation::TreeNodes => "tree_nodes",
            Formulation::Checked => "backtracking_checked",
            Formulation::Promising => "backtracking_promising",
            Formulation::Solutions => "solutions",
            Formulation::Fundamental => "fundamental_solutions",
        }
    }

    /// Its name in the text table, with its formula.
    pub fn label(self) -> &'static str {
        match self {
            Formulation::Ordered => "ordered placements N²!/(N²−N)!",
            Formulation::Unordered => "unordered placements C(N², N)",
            Formulation::OnePerRow => "one per row N^N",
            Formulation::OnePerRowAndColumn => "one per row and column N!",
            Formulation::TreeNodes => "state-space tree, all nodes",
            Formulation::Checked => "nodes backtracking checks",
            Formulation::Promising => "nodes found promising",
            Formulation::Solutions => "solutions",
            Formulation::Fundamental => "fundamental solutions",
        }
    }

    /// What it rules out, in one short line.
    pub fn rules_out(self) -> &'static str {
        match self {
            Formulation::Ordered => "two queens on one square",
            Formulation::Unordered => "also the order of the queens (N! orders, one board)",
            Formulation::OnePerRow => "also two queens in one row",
            Formulation::OnePerRowAndColumn => "also two queens in one column",
            Formulation::TreeNodes => "as one per row, plus the partial boards of rows 1..k",
            Formulation::Checked => "the subtrees below a non-promising node",
            Formulation::Promising => "every partial board with an attack",
            Formulation::Solutions => "every board with an attack",
            Formulation::Fundamental => "also the 8 rotations and reflections of a solution",
        }
    }

    /// Whether it is counted by searching (limited to the sizes one can
    /// wait for) rather than by a closed form.
    pub fn is_searched(self) -> bool {
        matches!(
            self,
            Formulation::Checked
                | Formulation::Promising
                | Formulation::Solutions
                | Formulation::Fundamental
        )
    }
}

/// One row of the table: a formulation and its size at one N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceRow {
    /// The formulation.
    pub formulation: Formulation,
    /// Its exact size; `None` for a searched row above the size limit.
    pub size: Option<BigUint>,
}

/// The search spaces of one board size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpaceTable {
    /// The board size.
    pub n: usize,
    /// One row per [`Formulation::ALL`], in that order.
    pub rows: Vec<SpaceRow>,
}

/// N²·(N²−1)·…·(N²−N+1): the ordered placements.
pub fn ordered(n: usize) -> BigUint {
    let squares = (n as u64) * (n as u64);
    (0..n as u64).map(|i| BigUint::from(squares - i)).product()
}

/// N!: the placements with one queen per row and column.
pub fn factorial(n: usize) -> BigUint {
    (1..=n as u64).map(BigUint::from).product()
}

/// C(N², N): the unordered placements.
pub fn unordered(n: usize) -> BigUint {
    ordered(n) / factorial(n)
}

/// N^N: the placements with one queen per row.
pub fn one_per_row(n: usize) -> BigUint {
    BigUint::from(n).pow(n as u32)
}

/// 1 + N + N² + … + N^N: every node of the row-by-row state-space tree.
pub fn tree_nodes(n: usize) -> BigUint {
    let mut level = BigUint::from(1u32);
    let mut total = BigUint::from(1u32);
    for _ in 0..n {
        level *= n;
        total += &level;
    }
    total
}

/// The table of N's search spaces; the searched rows from `tree` (a count
/// of the same N) when given, else left empty. The fundamental solutions
/// are counted here by the exact counter, and only with a tree.
pub fn space_table(n: usize, tree: Option<&TreeCount>) -> Result<SpaceTable, CountError> {
    let tree = tree.filter(|t| t.n == n);
    let fundamental = match tree {
        Some(_) if n <= MAX_N => Some(BigUint::from(count(n)?.unique)),
        _ => None,
    };
    let rows = Formulation::ALL
        .iter()
        .map(|&formulation| {
            let size = match formulation {
                Formulation::Ordered => Some(ordered(n)),
                Formulation::Unordered => Some(unordered(n)),
                Formulation::OnePerRow => Some(one_per_row(n)),
                Formulation::OnePerRowAndColumn => Some(factorial(n)),
                Formulation::TreeNodes => Some(tree_nodes(n)),
                Formulation::Checked => tree.map(|t| BigUint::from(t.checked)),
                Formulation::Promising => tree.map(|t| BigUint::from(t.promising())),
                Formulation::Solutions => tree.map(|t| BigUint::from(t.solutions())),
                Formulation::Fundamental => fundamental.clone(),
            };
            SpaceRow { formulation, size }
        })
        .collect();
    Ok(SpaceTable { n, rows })
}

/// `value` with a comma between each group of three digits.
pub fn thousands(value: &BigUint) -> String {
    let digits = value.to_str_radix(10);
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tutorials_numbers_for_eight() {
        assert_eq!(thousands(&ordered(8)), "178,462,987,637,760");
        assert_eq!(unordered(8), BigUint::from(4_426_165_368u64));
        assert_eq!(one_per_row(8), BigUint::from(16_777_216u32));
        assert_eq!(factorial(8), BigUint::from(40_320u32));
        assert_eq!(tree_nodes(8), BigUint::from(19_173_961u32));
        let table = space_table(8, Some(&tree::count_tree(8))).expect("N = 8");
        let size = |f: Formulation| {
            table
                .rows
                .iter()
                .find(|r| r.formulation == f)
                .and_then(|r| r.size.clone())
        };
        assert_eq!(size(Formulation::Fundamental), Some(BigUint::from(12u32)));
        assert_eq!(space_table(30, None).expect("N = 30").rows[5].size, None);
    }
}
