//! The values left to each row, one bit per square, the assignment's
//! marker of a row without a queen ([`UNASSIGNED`]) and the consistency
//! check counter. Part of the [`super`] (`csp`) search: the inference and
//! the heuristics read and prune these sets; the search undoes their
//! pruning through the trail.

use std::num::Saturating;

/// The constraint between two rows, evaluated once: whether queens at
/// `(row_a, column_a)` and `(row_b, column_b)` share a column or a
/// diagonal. Every evaluation goes through [`Checks::attack`], which
/// counts it.
#[derive(Debug, Default)]
pub struct Checks {
    /// Evaluations so far: the `checks` counter.
    pub count: u64,
}

impl Checks {
    /// One consistency check: do the two queens attack each other?
    #[inline]
    pub fn attack(&mut self, row_a: u32, column_a: u32, row_b: u32, column_b: u32) -> bool {
        self.count += 1;
        column_a == column_b || row_a.abs_diff(row_b) == column_a.abs_diff(column_b)
    }
}

/// A set of values per row, as bits, with their sizes and an undo trail.
#[derive(Debug)]
pub struct Domains {
    /// Words per row.
    words: usize,
    /// Row `r`'s values are bits of `bits[r * words..(r + 1) * words]`.
    bits: Vec<u64>,
    /// Values in each row.
    size: Vec<u32>,
    /// Removed (row, value), newest last, when removals are undone.
    trail: Vec<(u32, u32)>,
}

impl Domains {
    /// Every value of `0..n` in every row; with `trail`, room to undo up to
    /// N² removals (each square is removed at most once on one path).
    pub fn full(n: usize, trail: bool) -> Self {
        let words = n.div_ceil(64);
        let mut bits = vec![0u64; n * words];
        for row in bits.chunks_mut(words.max(1)) {
            for (w, word) in row.iter_mut().enumerate() {
                let left = n - 64 * w;
                *word = if left >= 64 {
                    u64::MAX
                } else {
                    (1u64 << left) - 1
                };
            }
        }
        Self {
            words,
            bits,
            size: vec![n as u32; n],
            trail: Vec::with_capacity(if trail { n * n } else { 0 }),
        }
    }

    /// The bytes [`Domains::full`] allocates.
    /// In saturating arithmetic: never wraps (see [`crate::solvers::memory`]).
    pub fn bytes(n: usize, trail: bool) -> Saturating<u64> {
        let words = Saturating((n as u64).div_ceil(64));
        let n = Saturating(n as u64);
        let trail = if trail {
            Saturating(8) * n * n
        } else {
            Saturating(0)
        };
        Saturating(8) * n * words + Saturating(4) * n + trail
    }

    /// How many values `row` has left.
    #[inline]
    pub fn size(&self, row: u32) -> u32 {
        self.size[row as usize]
    }

    /// The values of `row`, ascending.
    pub fn values(&self, row: u32) -> impl Iterator<Item = u32> + '_ {
        let start = row as usize * self.words;
        self.bits[start..start + self.words]
            .iter()
            .enumerate()
            .flat_map(|(w, &word)| {
                let mut rest = word;
                std::iter::from_fn(move || {
                    (rest != 0).then(|| {
                        let bit = rest.trailing_zeros();
                        rest &= rest - 1;
                        64 * w as u32 + bit
                    })
                })
            })
    }

    /// Keeps the values of `row` for which `keep` says so, for good:
    /// nothing goes on the trail, so no undo puts them back (an instance's
    /// blocked squares, taken out before the search begins).
    pub fn restrict(&mut self, row: u32, mut keep: impl FnMut(u32) -> bool) {
        let start = row as usize * self.words;
        for w in 0..self.words {
            let mut rest = self.bits[start + w];
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                if !keep(64 * w as u32 + bit) {
                    self.bits[start + w] &= !(1u64 << bit);
                    self.size[row as usize] -= 1;
                }
            }
        }
    }

    /// Keeps the values of `row` for which `keep` says so, asking it once
    /// per value in ascending order, and records the removals on the
    /// trail. Returns whether any value was removed.
    pub fn retain(&mut self, row: u32, mut keep: impl FnMut(u32) -> bool) -> bool {
        let start = row as usize * self.words;
        let mut removed = false;
        for w in 0..self.words {
            let mut rest = self.bits[start + w];
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                let value = 64 * w as u32 + bit;
                if !keep(value) {
                    self.bits[start + w] &= !(1u64 << bit);
                    self.size[row as usize] -= 1;
                    self.trail.push((row, value));
                    removed = true;
                }
            }
        }
        removed
    }

    /// Keeps the values of `row` that have a support in `other` (another
    /// row): a value of `other` with which `compatible` says it is
    /// consistent, asked for `other`'s values in ascending order up to the
    /// first support; the values of `row` are taken in ascending order too.
    /// Removals go on the trail. Returns whether any value was removed.
    pub fn retain_supported(
        &mut self,
        row: u32,
        other: u32,
        mut compatible: impl FnMut(u32, u32) -> bool,
    ) -> bool {
        let start = row as usize * self.words;
        let other_start = other as usize * self.words;
        let mut removed = false;
        for w in 0..self.words {
            let mut rest = self.bits[start + w];
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                let value = 64 * w as u32 + bit;
                let supported = (0..self.words).any(|ow| {
                    let mut candidates = self.bits[other_start + ow];
                    while candidates != 0 {
                        let support = 64 * ow as u32 + candidates.trailing_zeros();
                        candidates &= candidates - 1;
                        if compatible(value, support) {
                            return true;
                        }
                    }
                    false
                });
                if !supported {
                    self.bits[start + w] &= !(1u64 << bit);
                    self.size[row as usize] -= 1;
                    self.trail.push((row, value));
                    removed = true;
                }
            }
        }
        removed
    }

    /// Replaces the values of `row` by those `0..n` for which `keep` says
    /// so, asking in ascending order; nothing goes on the trail.
    pub fn recompute(&mut self, row: u32, n: u32, mut keep: impl FnMut(u32) -> bool) {
        let start = row as usize * self.words;
        self.bits[start..start + self.words].fill(0);
        let mut size = 0;
        for value in 0..n {
            if keep(value) {
                self.bits[start + value as usize / 64] |= 1u64 << (value % 64);
                size += 1;
            }
        }
        self.size[row as usize] = size;
    }

    /// The length of the trail, to undo back to with [`Domains::undo`].
    #[inline]
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Puts back every value removed since `mark`.
    pub fn undo(&mut self, mark: usize) {
        for (row, value) in self.trail.drain(mark..) {
            let start = row as usize * self.words;
            self.bits[start + value as usize / 64] |= 1u64 << (value % 64);
            self.size[row as usize] += 1;
        }
    }
}

/// The column of a row without a queen.
pub const UNASSIGNED: u32 = u32::MAX;

/// The rows without a queen in `columns`, ascending.
pub fn unassigned(columns: &[u32]) -> impl Iterator<Item = u32> + Clone + '_ {
    columns
        .iter()
        .enumerate()
        .filter(|&(_, &column)| column == UNASSIGNED)
        .map(|(row, _)| row as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retain_undo_and_recompute() {
        for n in [1, 5, 64, 65, 130] {
            let mut d = Domains::full(n, true);
            assert_eq!(d.values(0).count(), n);
            let mark = d.mark();
            assert!(d.retain(0, |v| v % 3 == 0) || n == 1);
            assert_eq!(d.size(0) as usize, n.div_ceil(3));
            assert!(d.values(0).all(|v| v % 3 == 0));
            d.undo(mark);
            assert_eq!(
                d.values(0).collect::<Vec<_>>(),
                (0..n as u32).collect::<Vec<_>>()
            );
            d.restrict(0, |v| v != 0);
            assert_eq!(d.size(0) as usize, n - 1);
            let mark = d.mark();
            d.undo(mark);
            assert_eq!(d.size(0) as usize, n - 1, "a restriction is not undone");
            d.recompute(0, n as u32, |v| v + 1 == n as u32);
            assert_eq!(d.values(0).collect::<Vec<_>>(), [n as u32 - 1]);
            assert_eq!(d.size(0), 1);
        }
    }

    #[test]
    fn a_value_without_support_is_removed() {
        // Row 1 keeps the values with a support in row 0 = {2}: those two
        // or more apart from 2.
        let mut d = Domains::full(5, true);
        d.retain(0, |v| v == 2);
        let mut asked = 0;
        assert!(d.retain_supported(1, 0, |v, s| {
            asked += 1;
            v.abs_diff(s) > 1
        }));
        assert_eq!(d.values(1).collect::<Vec<_>>(), [0, 4]);
        assert_eq!(asked, 5);
        assert!(!d.retain_supported(1, 0, |v, s| v.abs_diff(s) > 1));
    }

    #[test]
    fn one_check_per_evaluation() {
        let mut checks = Checks::default();
        assert!(checks.attack(0, 0, 3, 3));
        assert!(checks.attack(0, 2, 3, 2));
        assert!(!checks.attack(0, 1, 1, 3));
        assert_eq!(checks.count, 3);
    }
}
