//! The fast counter: how many solutions the N×N board has in total (OEIS
//! A000170) and how many are fundamentally different (OEIS A002562).
//!
//! Sources: the constellation method (the Q27 project, Ole Ansgar
//! Lichtenberg's NQueensFaf) on top of Jeff Somers' bitboard backtracking,
//! and Burnside's lemma for the fundamental solutions.
//!
//! - The total is a sum over the representative border placements
//!   (module `constellations`): the completions of each, times the size of its
//!   symmetry class. Each representative is one independent task that rayon
//!   counts in parallel; each task's count is an exact integer, so the
//!   result is identical for any number of threads.
//! - A task's completions are found by a batched bitboard search (module
//!   `completion`) that expands many states of one row at once, either in
//!   plain Rust or, where the processor has them, with AVX-512 vector
//!   instructions (module `avx512`); see [`Kernel`].
//! - The fundamental solutions are the classes of the group of the 8
//!   rotations and reflections acting on the solutions. By Burnside's lemma
//!   their number is the mean over the group of the solutions each element
//!   fixes. For N >= 2 no reflection fixes a solution (a reflection in a
//!   middle line would put every queen in the middle column or row; one in
//!   a diagonal would fix a queen pair on a common anti-diagonal or two
//!   queens on the diagonal itself), so
//!   `unique = (total + S180 + 2 * S90) / 8`, where S180 and S90 count the
//!   solutions equal to their 180° and 90° rotations (the 270° rotation
//!   fixes the same ones as the 90°). Those are few and found by a search
//!   over half the rows (module `symmetric`).
//! - Masks are `u32`, so N <= [`MAX_N`] = 32. Per-task counts are `u64`;
//!   the totals are `u128`, because A000170 passes 2^64 near N = 29.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod completion;
mod constellations;
mod lanes;
mod symmetric;

use completion::Completer;
use constellations::Constellation;
use rayon::prelude::*;
use thiserror::Error;

/// The largest board size the counter accepts (its masks are 32-bit words).
pub const MAX_N: usize = 32;

/// The counts of one board size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// All solutions (OEIS A000170).
    pub solutions: u128,
    /// Fundamental solutions, one per class of the 8 rotations and
    /// reflections (OEIS A002562).
    pub unique: u128,
}

/// The instruction set the completion search runs on. Every kernel visits
/// the same states and gives the same counts; they differ only in speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Plain Rust, one state at a time: runs on every processor.
    Portable,
    /// 8 states at a time with AVX2 vector instructions: x86-64 processors
    /// with AVX2 and POPCNT (most made since 2013).
    Avx2,
    /// 16 states at a time with AVX-512 vector instructions: x86-64
    /// processors with AVX-512F and POPCNT.
    Avx512,
}

impl Kernel {
    /// Every kernel, fastest first.
    pub const ALL: [Kernel; 3] = [Kernel::Avx512, Kernel::Avx2, Kernel::Portable];

    /// The fastest kernel this processor supports.
    pub fn fastest() -> Self {
        Self::ALL
            .into_iter()
            .find(|k| k.is_supported())
            .unwrap_or(Kernel::Portable)
    }

    /// Whether this processor can run the kernel.
    pub fn is_supported(self) -> bool {
        completion::supports(self)
    }

    /// The instructions the kernel needs, as processor makers name them.
    pub fn instructions(self) -> &'static str {
        match self {
            Kernel::Portable => "none beyond the base instruction set",
            Kernel::Avx2 => "AVX2 and POPCNT",
            Kernel::Avx512 => "AVX-512F and POPCNT",
        }
    }

    /// The kernel's name as the command line and the reports spell it.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }
}

impl std::fmt::Display for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
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

    /// How many independent tasks the search is split into (the units a
    /// progress bar counts).
    pub fn subtree_count(&self) -> usize {
        self.tasks.len()
    }

    /// Counts on the current thread only.
    pub fn count_serial(&self) -> Counts {
        let mut completer = Completer::new(self.kernel);
        let total = self.tasks.iter().map(|c| weighted(&mut completer, c)).sum();
        self.finish(total, self.symmetric())
    }

    /// Counts with rayon on the current thread pool (run it inside
    /// `ThreadPool::install` to choose the number of threads), calling
    /// `on_subtree_done` after each task. The result does not depend on the
    /// number of threads.
    pub fn count_parallel(&self, on_subtree_done: &(dyn Fn() + Sync)) -> Counts {
        let (total, symmetric) = rayon::join(
            || {
                self.tasks
                    .par_iter()
                    .map_init(
                        || Completer::new(self.kernel),
                        |completer, c| {
                            let t = weighted(completer, c);
                            on_subtree_done();
                            t
                        },
                    )
                    .sum()
            },
            || self.symmetric(),
        );
        self.finish(total, symmetric)
    }

    /// The rotation-symmetric solutions (none are needed for N = 1).
    fn symmetric(&self) -> symmetric::Symmetric {
        if self.n < 2 {
            symmetric::Symmetric::default()
        } else {
            symmetric::count(self.n)
        }
    }

    /// The counts from the total and the symmetric solutions.
    fn finish(&self, total: u128, symmetric: symmetric::Symmetric) -> Counts {
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

/// A task's completions times its class size.
fn weighted(completer: &mut Completer, c: &Constellation) -> u128 {
    u128::from(completer.completions(c)) * u128::from(c.weight)
}

/// Counts the N×N board on the current rayon pool (see
/// [`Counter::count_parallel`]).
pub fn count(n: usize) -> Result<Counts, CountError> {
    Ok(Counter::new(n)?.count_parallel(&|| {}))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution of the N×N board as a column per row, by plain
    /// recursion over rows and a pairwise safety test.
    fn all_solutions(n: usize) -> Vec<Vec<usize>> {
        fn place(n: usize, cols: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if cols.len() == n {
                out.push(cols.clone());
                return;
            }
            let row = cols.len();
            for c in 0..n {
                let safe = cols
                    .iter()
                    .enumerate()
                    .all(|(r, &q)| q != c && q.abs_diff(c) != row - r);
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

    /// The 8 images of a placement under rotations and reflections.
    fn images(cols: &[usize]) -> Vec<Vec<usize>> {
        let n = cols.len();
        let rotate = |c: &[usize]| {
            // (row, col) -> (col, n - 1 - row)
            let mut out = vec![0; n];
            for (row, &col) in c.iter().enumerate() {
                out[col] = n - 1 - row;
            }
            out
        };
        let mirror = |c: &[usize]| c.iter().map(|&col| n - 1 - col).collect::<Vec<_>>();
        let mut out = Vec::new();
        let mut current = cols.to_vec();
        for _ in 0..4 {
            out.push(mirror(&current));
            out.push(current.clone());
            current = rotate(&current);
        }
        out
    }

    /// Total and fundamental solutions by brute force: the classes are the
    /// distinct smallest images.
    fn simple_counts(n: usize) -> Counts {
        let solutions = all_solutions(n);
        let mut classes: Vec<Vec<usize>> = solutions
            .iter()
            .map(|s| images(s).into_iter().min().expect("8 images"))
            .collect();
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
            let solutions = all_solutions(n);
            let rotate = |c: &[usize]| {
                let mut out = vec![0; n];
                for (row, &col) in c.iter().enumerate() {
                    out[col] = n - 1 - row;
                }
                out
            };
            let half_turn = solutions
                .iter()
                .filter(|s| rotate(&rotate(s)) == **s)
                .count() as u64;
            let quarter_turn = solutions.iter().filter(|s| rotate(s) == **s).count() as u64;
            assert_eq!(
                symmetric::count(n),
                symmetric::Symmetric {
                    half_turn,
                    quarter_turn
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
        assert_eq!(done.into_inner(), counter.subtree_count());
        assert!(counter.subtree_count() > 100);
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
