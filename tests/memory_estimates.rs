//! Every registered algorithm's memory estimate, for every variant (and
//! every combination of `csp`'s order, values and inference), is at
//! least the heap peak measured around one search at small N: the estimate
//! that refuses a run too large for the machine never promises less than
//! the run takes.
//!
//! This test binary installs the counting allocator as its global
//! allocator and runs without the test harness (`harness = false` in
//! Cargo.toml): no other thread exists to allocate while a search is
//! measured (the harness's own thread would, for instance to report a test
//! running for over a minute on a loaded machine).

mod common;

use common::search::configurations;
use queens::bench::alloc::{self, CountingAllocator};
use queens::solvers::{Budget, Control, algorithms};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// The board sizes measured: no solution (2, 3), small solvable boards, and
/// sizes where the per-queen terms outgrow any fixed overhead.
const SIZES: &[usize] = &[1, 2, 3, 4, 8, 13, 32, 100, 300];

/// Steps allowed per search: enough to reach every allocation a search
/// makes (its first boards, generations and restarts), few enough to keep
/// the test short.
const MAX_STEPS: u64 = 3_000;

/// Checks allowed per search: every search allocates before its first
/// check; this keeps `csp`'s large sizes short (one of its nodes can cost
/// N³ checks).
const MAX_CHECKS: u64 = 2_000_000;

fn main() {
    no_estimate_is_below_the_measured_heap_peak();
    println!("memory_estimates: 1 passed, 0 failed");
}

/// Measures every algorithm and variant at every size in [`SIZES`] and
/// panics (failing the test binary) when an estimate is below its peak.
fn no_estimate_is_below_the_measured_heap_peak() {
    let mut measured = 0;
    let mut below = Vec::new();
    for algorithm in algorithms() {
        for given in configurations(algorithm) {
            let (params, solver) = algorithm.instantiate(&given).expect("valid");
            let budget = algorithm.default_budget.overridden_by(&Budget {
                max_steps: Some(
                    algorithm
                        .default_budget
                        .max_steps
                        .map_or(MAX_STEPS, |s| s.min(MAX_STEPS)),
                ),
                max_checks: Some(MAX_CHECKS),
                ..Budget::UNLIMITED
            });
            for &n in SIZES {
                let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
                let mut control = Control::new(budget);
                let before = alloc::reset_peak();
                let outcome = solver.solve(n, &mut rng, &mut control);
                let peak = alloc::peak() - before;
                drop(outcome);
                let estimate = solver.memory(n).bytes;
                if peak > estimate {
                    below.push(format!(
                        "{} ({}) at N = {n}: measured {peak} bytes, estimated {estimate}",
                        algorithm.name,
                        params.canonical()
                    ));
                }
                measured += 1;
            }
        }
    }
    assert!(
        below.is_empty(),
        "estimates below the peak:\n{}",
        below.join("\n")
    );
    assert!(alloc::is_tracking(), "the counting allocator is installed");
    let configurations: usize = algorithms().iter().map(|a| configurations(a).len()).sum();
    assert_eq!(measured, configurations * SIZES.len());
    assert!(configurations >= 18, "csp's 18 combinations are measured");
}
