//! Every combination of the `csp` algorithm's parameters (`order` ×
//! `values` × `inference`) needs no more heap than its memory estimate says,
//! measured around one search at each size `tests/memory_estimates.rs`
//! measures (which covers only each algorithm's defaults, `csp` having no
//! variants). A harness-less test binary, for the same reason as that one:
//! no other thread may allocate while a search is measured.

use queens::bench::alloc::{self, CountingAllocator};
use queens::solvers::params::split_assignment;
use queens::solvers::{Budget, Control, find_algorithm};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// The sizes `tests/memory_estimates.rs` measures.
const SIZES: &[usize] = &[1, 2, 3, 4, 8, 13, 32, 100, 300];

/// A search allocates everything before its first node; the budget only
/// keeps the large sizes short (one node there can cost N³ checks).
const BUDGET: Budget = Budget {
    max_steps: Some(3_000),
    max_restarts: None,
    max_checks: Some(2_000_000),
    time_limit: None,
};

fn main() {
    let csp = find_algorithm("csp").expect("registered");
    let mut below = Vec::new();
    let mut measured = 0;
    for order in ["static", "mrv", "mrv-random"] {
        for values in ["columns", "lcv"] {
            for inference in ["none", "forward-checking", "mac"] {
                let given = [
                    format!("order={order}"),
                    format!("values={values}"),
                    format!("inference={inference}"),
                ]
                .map(|p| split_assignment(&p).expect("key=value"));
                let (params, solver) = csp.instantiate(&given).expect("valid");
                for &n in SIZES {
                    let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
                    let mut control = Control::new(BUDGET);
                    let before = alloc::reset_peak();
                    let outcome = solver.solve(n, &mut rng, &mut control);
                    let peak = alloc::peak() - before;
                    drop(outcome);
                    let estimate = solver.memory(n).bytes;
                    if peak > estimate {
                        below.push(format!(
                            "csp ({}) at N = {n}: measured {peak} bytes, estimated {estimate}",
                            params.canonical()
                        ));
                    }
                    measured += 1;
                }
            }
        }
    }
    assert!(
        below.is_empty(),
        "estimates below the peak:\n{}",
        below.join("\n")
    );
    assert!(alloc::is_tracking(), "the counting allocator is installed");
    assert_eq!(measured, 18 * SIZES.len());
    println!("csp_memory: 1 passed, 0 failed");
}
