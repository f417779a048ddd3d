//! The count of one board size: the representative constellations split
//! into independent tasks, their weighted completions summed (in parallel
//! with rayon, or on the current thread), and Burnside's lemma applied to
//! the total and the rotation-symmetric solutions (see the module header of
//! [`crate::counting`]).

use std::collections::BTreeMap;

use rayon::prelude::*;
use thiserror::Error;

use super::MAX_N;
use super::completion::Completer;
use super::constellations::{self, Constellation};
use super::kernel::Kernel;
use super::rotational::{self, Symmetric};
use super::units::{self, Shard};

/// The counts of one board size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// All solutions (OEIS A000170).
    pub solutions: u128,
    /// Fundamental solutions, one per class of the 8 rotations and
    /// reflections (OEIS A002562).
    pub unique: u128,
}

/// Why a board size cannot be counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum CountError {
    /// The board size is 0 or above [`MAX_N`].
    #[error("board size {n} is out of range: the counter handles 1 <= N <= {max}")]
    SizeOutOfRange {
        /// The size asked for.
        n: usize,
        /// The largest size the counter accepts.
        max: usize,
    },
    /// The processor cannot run the kernel asked for.
    #[error(
        "this processor cannot run the {kernel} kernel (it needs an x86-64 processor with {}); use the portable kernel",
        kernel.instructions()
    )]
    KernelUnsupported {
        /// The kernel asked for.
        kernel: Kernel,
    },
    /// A shard split into more shards than the count has units (a shard
    /// would be empty).
    #[error(
        "shard {shard}: N = {n} has {units} units, so it splits into at most {largest} shards; give --shard I/K with K <= {largest}"
    )]
    TooManyShards {
        /// The board size.
        n: usize,
        /// The shard asked for.
        shard: Shard,
        /// How many units the count has.
        units: usize,
        /// The largest number of shards: the number of units (1 when there
        /// are none).
        largest: usize,
    },
}

/// A board size split into the independent tasks (one per representative
/// constellation) that together count every solution.
#[derive(Clone, Debug)]
pub struct Counter {
    n: usize,
    kernel: Kernel,
    tasks: Vec<Constellation>,
}

impl Counter {
    /// Prepares the count of the N×N board with the fastest kernel; N must
    /// be in `1..=MAX_N`.
    pub fn new(n: usize) -> Result<Self, CountError> {
        Self::with_kernel(n, Kernel::fastest())
    }

    /// Prepares the count of the N×N board with the given kernel, which the
    /// processor must support.
    pub fn with_kernel(n: usize, kernel: Kernel) -> Result<Self, CountError> {
        if n == 0 || n > MAX_N {
            return Err(CountError::SizeOutOfRange { n, max: MAX_N });
        }
        if !kernel.is_supported() {
            return Err(CountError::KernelUnsupported { kernel });
        }
        let tasks = if n < 2 {
            Vec::new()
        } else {
            constellations::representatives(n)
        };
        Ok(Self { n, kernel, tasks })
    }

    /// The kernel the search runs on.
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many independent units the count is split into (module
    /// `units`): the units a progress bar and a checkpoint count.
    pub fn unit_count(&self) -> usize {
        self.tasks.len()
    }

    /// The fingerprint of the unit list: equal for two counters exactly
    /// when their units are the same (see module `units`).
    pub fn fingerprint(&self) -> String {
        units::fingerprint(self.n, &self.tasks)
    }

    /// The expected work of each unit, relative to the others (the weights
    /// of an ETA and of a shard split).
    pub fn expected_work(&self) -> Vec<u64> {
        self.tasks.iter().map(|c| c.expected_work).collect()
    }

    /// The largest number of shards the units split into: one unit a
    /// shard (and the whole count as one shard when there are no units).
    pub fn largest_shard_count(&self) -> usize {
        self.tasks.len().max(1)
    }

    /// The units of `shard`, ascending: disjoint shards balanced by
    /// expected work that together hold every unit. A shard count above
    /// [`Counter::largest_shard_count`] is refused.
    pub fn shard_units(&self, shard: Shard) -> Result<Vec<usize>, CountError> {
        let largest = self.largest_shard_count();
        if shard.count > largest {
            return Err(CountError::TooManyShards {
                n: self.n,
                shard,
                units: self.tasks.len(),
                largest,
            });
        }
        Ok(units::shard_units(&self.expected_work(), shard))
    }

    /// Counts the completions of `units` (indices below
    /// [`Counter::unit_count`]) with rayon on the current thread pool,
    /// calling `on_unit_done` with each unit's exact count as it finishes
    /// (in any order). Returns their weighted sum.
    pub fn count_units(&self, units: &[usize], on_unit_done: &(dyn Fn(UnitCount) + Sync)) -> u128 {
        units
            .par_iter()
            .map_init(
                || Completer::new(self.kernel),
                |completer, &unit| {
                    let task = &self.tasks[unit];
                    let completions = completer.completions(task);
                    on_unit_done(UnitCount {
                        unit,
                        completions,
                        expected_work: task.expected_work,
                    });
                    self.weighted_completions(unit, completions)
                },
            )
            .sum()
    }

    /// A unit's completions times the size of its symmetry class: its
    /// share of the total.
    pub fn weighted_completions(&self, unit: usize, completions: u64) -> u128 {
        u128::from(completions) * u128::from(self.tasks[unit].weight)
    }

    /// The weighted sum of finished units, each given as (unit, its
    /// completions): a checkpoint's share of the total.
    pub fn weighted_sum(&self, done: &BTreeMap<usize, u64>) -> u128 {
        done.iter()
            .map(|(&unit, &completions)| self.weighted_completions(unit, completions))
            .sum()
    }

    /// The counts from the weighted sum over every unit: runs the search
    /// for the rotation-symmetric solutions, which takes a small part of
    /// the whole count's time.
    pub fn counts_from_total(&self, total: u128) -> Counts {
        self.finish(total, self.symmetric())
    }

    /// Counts on the current thread only.
    pub fn count_serial(&self) -> Counts {
        let mut completer = Completer::new(self.kernel);
        let total = (0..self.tasks.len())
            .map(|unit| self.weighted_completions(unit, completer.completions(&self.tasks[unit])))
            .sum();
        self.finish(total, self.symmetric())
    }

    /// Counts with rayon on the current thread pool (run it inside
    /// `ThreadPool::install` to choose the number of threads), calling
    /// `on_subtree_done` after each task. The result does not depend on the
    /// number of threads.
    pub fn count_parallel(&self, on_subtree_done: &(dyn Fn() + Sync)) -> Counts {
        let all: Vec<usize> = (0..self.tasks.len()).collect();
        let (total, symmetric) = rayon::join(
            || self.count_units(&all, &|_| on_subtree_done()),
            || self.symmetric(),
        );
        self.finish(total, symmetric)
    }

    /// The rotation-symmetric solutions (none are needed for N = 1).
    fn symmetric(&self) -> Symmetric {
        if self.n < 2 {
            Symmetric::default()
        } else {
            rotational::count(self.n)
        }
    }

    /// The counts from the total and the symmetric solutions.
    fn finish(&self, total: u128, symmetric: Symmetric) -> Counts {
        if self.n == 1 {
            return Counts {
                solutions: 1,
                unique: 1,
            };
        }
        let fixed =
            total + u128::from(symmetric.half_turn) + 2 * u128::from(symmetric.quarter_turn);
        debug_assert_eq!(fixed % 8, 0, "Burnside's sum is a multiple of 8");
        Counts {
            solutions: total,
            unique: fixed / 8,
        }
    }
}

/// One finished unit of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitCount {
    /// The unit's index in the unit list.
    pub unit: usize,
    /// Its exact number of completions (before the class weight).
    pub completions: u64,
    /// Its expected work, as [`Counter::expected_work`] gives it.
    pub expected_work: u64,
}

/// Counts the N×N board on the current rayon pool (see
/// [`Counter::count_parallel`]).
pub fn count(n: usize) -> Result<Counts, CountError> {
    Ok(Counter::new(n)?.count_parallel(&|| {}))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::symmetry::{canonical_form, images};

    /// Every solution of the N×N board as a column per row, by plain
    /// recursion over rows and a pairwise safety test.
    fn all_solutions(n: u32) -> Vec<Vec<u32>> {
        fn place(n: u32, cols: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if cols.len() == n as usize {
                out.push(cols.clone());
                return;
            }
            let row = cols.len();
            for c in 0..n {
                let safe = cols
                    .iter()
                    .enumerate()
                    .all(|(r, &q)| q != c && q.abs_diff(c) as usize != row - r);
                if safe {
                    cols.push(c);
                    place(n, cols, out);
                    cols.pop();
                }
            }
        }
        let mut out = Vec::new();
        place(n, &mut Vec::new(), &mut out);
        out
    }

    /// Total and fundamental solutions by brute force: the classes are the
    /// distinct smallest images under the board's symmetries.
    fn simple_counts(n: usize) -> Counts {
        let solutions = all_solutions(n as u32);
        let mut classes: Vec<Vec<u32>> = solutions.iter().map(|s| canonical_form(s).0).collect();
        classes.sort();
        classes.dedup();
        Counts {
            solutions: solutions.len() as u128,
            unique: classes.len() as u128,
        }
    }

    /// The kernels this processor runs (the portable one at least).
    fn supported_kernels() -> Vec<Kernel> {
        Kernel::ALL
            .into_iter()
            .filter(|k| k.is_supported())
            .collect()
    }

    #[test]
    fn agrees_with_a_simple_counter_for_small_boards() {
        for n in 1..=10 {
            let expected = simple_counts(n);
            for kernel in supported_kernels() {
                let counter = Counter::with_kernel(n, kernel).expect("valid size");
                assert_eq!(counter.count_serial(), expected, "n = {n}, {kernel}");
                assert_eq!(
                    counter.count_parallel(&|| {}),
                    expected,
                    "n = {n}, {kernel}"
                );
            }
        }
    }

    #[test]
    fn matches_oeis_up_to_13_with_every_kernel() {
        const A000170: [u128; 14] = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
        const A002562: [u128; 14] = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233];
        for kernel in supported_kernels() {
            for n in 1..=13 {
                let counts = Counter::with_kernel(n, kernel)
                    .expect("valid size")
                    .count_parallel(&|| {});
                assert_eq!(counts.solutions, A000170[n], "solutions, n = {n}, {kernel}");
                assert_eq!(counts.unique, A002562[n], "unique, n = {n}, {kernel}");
            }
        }
    }

    #[test]
    fn every_kernel_completes_every_constellation_alike() {
        // Per task, not only in total: a kernel that lost states in one
        // constellation and gained them in another would still fail here.
        let kernels = supported_kernels();
        for n in [12, 14] {
            let counter = Counter::new(n).expect("valid size");
            let mut completers: Vec<_> = kernels.iter().map(|&k| Completer::new(k)).collect();
            for (t, c) in counter.tasks.iter().enumerate() {
                let counts: Vec<u64> = completers.iter_mut().map(|k| k.completions(c)).collect();
                assert!(
                    counts.windows(2).all(|w| w[0] == w[1]),
                    "n = {n}, task {t}: {kernels:?} count {counts:?}"
                );
            }
        }
    }

    #[test]
    fn the_fastest_kernel_is_supported() {
        assert!(Kernel::fastest().is_supported());
        assert!(Kernel::Portable.is_supported());
        for kernel in Kernel::ALL {
            assert_eq!(
                Counter::with_kernel(8, kernel).is_ok(),
                kernel.is_supported(),
                "{kernel}"
            );
        }
    }

    #[test]
    fn symmetric_solutions_agree_with_brute_force() {
        for n in 2..=10 {
            let solutions = all_solutions(n as u32);
            // images()[2] is the 180° rotation, images()[1] the 90° one.
            let fixed_by =
                |image: usize| solutions.iter().filter(|s| images(s)[image] == **s).count() as u64;
            assert_eq!(
                rotational::count(n),
                Symmetric {
                    half_turn: fixed_by(2),
                    quarter_turn: fixed_by(1)
                },
                "n = {n}"
            );
        }
    }

    #[test]
    fn every_subtree_is_reported_done_once() {
        let counter = Counter::new(12).expect("valid size");
        let done = std::sync::atomic::AtomicUsize::new(0);
        counter.count_parallel(&|| {
            done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        assert_eq!(done.into_inner(), counter.unit_count());
        assert!(counter.unit_count() > 100);
    }

    #[test]
    fn shards_counted_apart_add_up_to_the_whole_count() {
        let counter = Counter::new(12).expect("valid size");
        let whole = counter.count_parallel(&|| {});
        let mut total = 0;
        for index in 0..3 {
            let units = counter
                .shard_units(Shard { index, count: 3 })
                .expect("3 shards");
            total += counter.count_units(&units, &|_| {});
        }
        assert_eq!(counter.counts_from_total(total), whole);
        assert_eq!(whole.solutions, 14200);
    }

    #[test]
    fn more_shards_than_units_are_refused_naming_the_largest_count() {
        let counter = Counter::new(8).expect("valid size");
        let largest = counter.largest_shard_count();
        assert_eq!(largest, counter.unit_count());
        let last = Shard {
            index: largest - 1,
            count: largest,
        };
        assert!(counter.shard_units(last).is_ok());
        let huge = Shard {
            index: 0,
            count: usize::MAX,
        };
        let err = counter.shard_units(huge).expect_err("refused");
        assert!(
            err.to_string().contains(&format!(
                "at most {largest} shards; give --shard I/K with K <= {largest}"
            )),
            "{err}"
        );
        let one = Counter::new(1).expect("valid size");
        assert_eq!(one.shard_units(Shard::WHOLE), Ok(Vec::new()));
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        assert_eq!(
            Counter::new(0).unwrap_err(),
            CountError::SizeOutOfRange { n: 0, max: 32 }
        );
        assert_eq!(
            Counter::new(33).unwrap_err(),
            CountError::SizeOutOfRange { n: 33, max: 32 }
        );
        assert!(Counter::new(32).is_ok());
    }
}
