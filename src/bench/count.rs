//! The `count` benchmark target: the bitboard counter at N = 16, 17 and 18
//! (16 to 21 with `--large`, 12 and 13 with `--quick`) on one thread (CPU
//! time) with the fastest kernel, the largest size up to 18 again on two
//! threads (wall time and the speed-up over one thread, both measured in the
//! same run), and the smallest with every other kernel for comparison.
//! Every count is checked against the published OEIS values.

use super::{BenchError, BenchOptions, BenchRow, Timing, measure};
use crate::counting::{Counter, Counts, Kernel};

/// OEIS A000170 (all solutions) for N = 0..=27.
const A000170: [u128; 28] = [
    1,
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2680,
    14200,
    73712,
    365596,
    2279184,
    14772512,
    95815104,
    666090624,
    4968057848,
    39029188884,
    314666222712,
    2691008701644,
    24233937684440,
    227514171973736,
    2207893435808352,
    22317699616364044,
    234907967154122528,
];

/// OEIS A002562 (fundamental solutions) for N = 0..=27.
const A002562: [u128; 28] = [
    1,
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1787,
    9233,
    45752,
    285053,
    1846955,
    11977939,
    83263591,
    621012754,
    4878666808,
    39333324973,
    336376244042,
    3029242658210,
    28439272956934,
    275986683743434,
    2789712466510289,
    29363495934315694,
];

/// The largest size measured again on two threads: larger ones take many
/// minutes and show nothing new.
const LARGEST_TWO_THREAD_SIZE: usize = 18;

/// Measures the counter; fails if a count differs from OEIS.
///
/// Rows: each size on one thread with the fastest kernel; the largest size
/// up to 18 (or else the smallest) again on two threads (the speed-up is of
/// wall time, both measured here); and the smallest size with every other
/// kernel this processor runs (its ratio to the fastest is of CPU time).
pub fn run(options: &BenchOptions) -> Result<Vec<BenchRow>, BenchError> {
    let sizes = if !options.sizes.is_empty() {
        options.sizes.clone()
    } else if options.quick {
        vec![12, 13]
    } else if options.large {
        (16..=21).collect()
    } else {
        vec![16, 17, 18]
    };
    let kernel = Kernel::fastest();
    let mut rows = Vec::new();
    let mut one_thread = Vec::new();
    for &n in &sizes {
        let (row, timing) = measured(n, kernel, 1, |_| None)?;
        rows.push(row);
        one_thread.push((n, timing));
    }
    let two_thread_size = one_thread
        .iter()
        .filter(|(n, _)| *n <= LARGEST_TWO_THREAD_SIZE)
        .max_by_key(|(n, _)| *n)
        .or_else(|| one_thread.iter().min_by_key(|(n, _)| *n));
    if let Some(&(n, single)) = two_thread_size {
        let (row, _) = measured(n, kernel, 2, |two| {
            let speed_up = single.wall_seconds / two.wall_seconds;
            Some(format!("speed-up {speed_up:.2}x over 1 thread (wall)"))
        })?;
        rows.push(row);
    }
    if let Some(&(n, fastest)) = one_thread.iter().min_by_key(|(n, _)| *n) {
        for other in Kernel::ALL
            .into_iter()
            .filter(|k| *k != kernel && k.is_supported())
        {
            let (row, _) = measured(n, other, 1, |slower| {
                let ratio = slower.cpu_seconds / fastest.cpu_seconds;
                Some(format!("{kernel} is {ratio:.1}x faster (CPU)"))
            })?;
            rows.push(row);
        }
    }
    Ok(rows)
}

/// Counts the N×N board with `kernel` on `threads` threads: the row, whose
/// note gives the counts (checked against OEIS) and what `compare` says of
/// the timing, and the timing itself.
fn measured(
    n: usize,
    kernel: Kernel,
    threads: usize,
    compare: impl FnOnce(&Timing) -> Option<String>,
) -> Result<(BenchRow, Timing), BenchError> {
    let counter = Counter::with_kernel(n, kernel)?;
    let (counts, timing) = count_on(&counter, threads)?;
    let mut note = checked(n, counts)?;
    if let Some(comparison) = compare(&timing) {
        note = format!("{note}; {comparison}");
    }
    let name = format!("count n={n} threads={threads} kernel={kernel}");
    Ok((BenchRow::new(name, timing, note), timing))
}

/// Counts on a fresh rayon pool of `threads` threads.
fn count_on(counter: &Counter, threads: usize) -> Result<(Counts, Timing), BenchError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|source| BenchError::Threads { threads, source })?;
    Ok(measure(|| pool.install(|| counter.count_parallel(&|| {}))))
}

/// The note of a row: the counts and whether OEIS agrees.
fn checked(n: usize, counts: Counts) -> Result<String, BenchError> {
    let Counts { solutions, unique } = counts;
    match (A000170.get(n), A002562.get(n)) {
        (Some(&s), Some(&u)) if (s, u) == (solutions, unique) => {
            Ok(format!("{solutions} solutions, {unique} unique (= OEIS)"))
        }
        (Some(&s), Some(&u)) => Err(BenchError::CountMismatch {
            n,
            counted: counts,
            published: Counts {
                solutions: s,
                unique: u,
            },
        }),
        _ => Ok(format!(
            "{solutions} solutions, {unique} unique (no OEIS value to check)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_is_checked_against_oeis() {
        let right = Counts {
            solutions: 92,
            unique: 12,
        };
        assert_eq!(
            checked(8, right).expect("OEIS agrees"),
            "92 solutions, 12 unique (= OEIS)"
        );
        let wrong = Counts {
            solutions: 92,
            unique: 11,
        };
        match checked(8, wrong) {
            Err(BenchError::CountMismatch {
                n: 8,
                counted,
                published,
            }) => assert_eq!((counted, published), (wrong, right)),
            other => panic!("expected a mismatch, got {other:?}"),
        }
        assert!(
            checked(28, wrong)
                .expect("no value to check")
                .ends_with("(no OEIS value to check)")
        );
    }
}
