//! Every registered algorithm's memory estimate, for every variant (and
//! every combination of `csp`'s order, values and inference), is safe at
//! any N: it never decreases as N grows, never wraps to a small number, and
//! an N whose estimate is above the memory limit is refused before the
//! search allocates anything (`queens solve` exits 2 instead of aborting).

mod common;

use assert_cmd::Command;
use common::search::configurations;
use proptest::prelude::*;
use queens::solvers::params::ParamError;
use queens::solvers::{algorithms, memory};

/// The estimate of every configuration at `n`, with its name.
fn estimates(n: usize) -> Vec<(String, u64)> {
    let mut all = Vec::new();
    for algorithm in algorithms() {
        for given in configurations(algorithm) {
            let (params, solver) = algorithm.instantiate(&given).expect("valid");
            let name = format!("{} ({})", algorithm.name, params.canonical());
            all.push((name, solver.memory(n).bytes));
        }
    }
    all
}

/// Checks that no estimate decreases from `small` to `large` and that
/// each is at least the solution's 4 bytes per queen.
fn check_sizes(small: usize, large: usize) {
    let before = estimates(small);
    let after = estimates(large);
    for ((name, low), (_, high)) in before.iter().zip(&after) {
        assert!(
            low <= high,
            "{name}: {low} bytes at N = {small} but {high} at N = {large}"
        );
        let floor = (large as u64).saturating_mul(4);
        assert!(*high >= floor, "{name} at N = {large}: {high} bytes");
    }
}

proptest! {
    #[test]
    fn estimates_never_decrease_and_never_wrap(a in any::<usize>(), b in any::<usize>()) {
        check_sizes(a.min(b), a.max(b));
    }

    #[test]
    fn estimates_never_decrease_between_small_sizes(a in 0usize..1 << 20, step in 0usize..1 << 18) {
        check_sizes(a, a + step);
    }

    #[test]
    fn an_n_whose_estimate_is_above_the_limit_is_refused(n in any::<usize>()) {
        let (limit, _) = memory::limit();
        for algorithm in algorithms() {
            for given in configurations(algorithm) {
                let (_, solver) = algorithm.instantiate(&given).expect("valid");
                let need = solver.memory(n).bytes;
                let checked = algorithm.instantiate_for(n, &given).map(|_| ());
                if need > limit {
                    prop_assert!(
                        matches!(checked, Err(ParamError::TooLarge { .. })),
                        "{} at N = {n}", algorithm.name
                    );
                } else {
                    prop_assert!(checked.is_ok(), "{} at N = {n}", algorithm.name);
                }
            }
        }
    }
}

#[test]
fn the_sizes_where_csp_wrapped_are_ordered() {
    // 4·N² passes 2^64 at N = 2^31 (about 2.1·10^9): 3,037,000,494 wrapped
    // to 12 GB, and 3·10^9 came out above 4.29·10^9.
    check_sizes(3_000_000_000, 3_037_000_494);
    check_sizes(3_037_000_494, 4_290_000_000);
    check_sizes(4_290_000_000, usize::MAX);
    check_sizes(65_535, 65_536);
}

#[test]
fn solve_refuses_a_csp_board_too_large_for_memory_with_2() {
    let output = Command::cargo_bin("queens")
        .expect("the queens binary")
        .args(["solve", "-a", "csp", "-n", "3037000494"])
        .output()
        .expect("queens runs");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("N = 3037000494"), "{stderr}");
}
