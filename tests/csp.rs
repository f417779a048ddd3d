//! The `csp` algorithm (backtracking search with MRV, LCV, forward checking
//! and MAC): every combination solves (checked by the independent
//! validator) or reports `exhausted`; the counters of three searches
//! traced by hand at N = 4 (plain backtracking, forward checking, MAC);
//! forward checking never expands more nodes than plain backtracking;
//! determinism; the check budget; the trace point.

mod common;

use queens::base::board::validate;
use queens::solvers::Trace;
use queens::{Budget, Control, Metrics, Outcome, StopReason};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

const ORDERS: [&str; 3] = ["static", "mrv", "mrv-random"];
const VALUES: [&str; 2] = ["columns", "lcv"];
const INFERENCES: [&str; 3] = ["none", "forward-checking", "mac"];

/// `csp` with `order`, `values` and `inference` on N×N from `seed`.
fn run(order: &str, values: &str, inference: &str, n: usize, seed: u64, budget: Budget) -> Outcome {
    let params = [
        format!("order={order}"),
        format!("values={values}"),
        format!("inference={inference}"),
    ];
    common::search::run(
        "csp",
        &params.each_ref().map(String::as_str),
        n,
        seed,
        budget,
    )
}

/// Nodes, checks, backtracks and tests.
fn counters(m: &Metrics) -> (u64, u64, u64, u64) {
    (m.steps, m.checks, m.backtracks, m.tests)
}

#[test]
fn every_combination_solves_small_boards_and_exhausts_two_and_three() {
    for order in ORDERS {
        for values in VALUES {
            for inference in INFERENCES {
                let what = format!("{order} {values} {inference}");
                // Static order's first solution grows fast with N (N = 30
                // takes 9·10^8 checks with forward checking): 20 is enough
                // for it; MRV stays cheap to 30.
                let largest = if order == "static" { 20 } else { 30 };
                for n in std::iter::once(1).chain(4..=largest) {
                    let o = run(order, values, inference, n, n as u64, Budget::UNLIMITED);
                    let solution = o
                        .solution
                        .unwrap_or_else(|| panic!("{what} n={n}: {:?}", o.stop_reason));
                    assert_eq!(solution.n(), n, "{what}");
                    assert_eq!(validate(solution.columns()), Ok(()), "{what} n={n}");
                    assert_eq!(o.stop_reason, StopReason::Solved);
                    assert!(o.metrics.steps >= n as u64, "{what} n={n}");
                }
                for n in [2, 3] {
                    let o = run(order, values, inference, n, 1, Budget::UNLIMITED);
                    assert_eq!(o.stop_reason, StopReason::Exhausted, "{what} n={n}");
                    assert!(o.solution.is_none());
                }
            }
        }
    }
}

#[test]
fn plain_backtracking_by_hand_at_n_4() {
    // Static order, columns, no inference. Each value tried is tested
    // against the placed queens in the order they were placed, one check
    // each, up to the first that attacks it (check count in brackets):
    //  (0,0): no queen placed [0]: node 1.
    //  (1,0) column of (0,0) [1]; (1,1) diagonal [1]; (1,2) [1]: node 2.
    //  (2,0) column of (0,0) [1]; (2,1) ok with (0,0), diagonal of (1,2)
    //    [2]; (2,2) diagonal of (0,0) [1]; (2,3) ok with (0,0), diagonal of
    //    (1,2) [2]. Row 2 exhausted: backtrack 1.
    //  (1,3) [1]: node 3.
    //  (2,0) column [1]; (2,1) ok, ok [2]: node 4.
    //  (3,0) column of (0,0) [1]; (3,1) ok, diagonal of (1,3) [2]; (3,2)
    //    ok, ok, diagonal of (2,1) [3]; (3,3) diagonal of (0,0) [1].
    //    Backtrack 2.
    //  (2,2) diagonal of (0,0) [1]; (2,3) ok, column of (1,3) [2].
    //    Backtrack 3. Row 1 has no value left: backtrack 4.
    //  (0,1) [0]: node 5.
    //  (1,0) diagonal [1]; (1,1) column [1]; (1,2) diagonal [1]; (1,3)
    //    [1]: node 6.
    //  (2,0) ok with (0,1), ok with (1,3) [2]: node 7.
    //  (3,0) ok, ok, column of (2,0) [3]; (3,1) column of (0,1) [1]; (3,2)
    //    ok, ok, ok [3]: node 8, the solution [1, 3, 0, 2].
    // Checks: 3 + 6 + 1 + 3 + 7 + 3 + 4 + 2 + 7 = 36; 26 values tested
    // (Kuechmann's tests, as `backtracking` counts them), 4 backtracks.
    let o = run("static", "columns", "none", 4, 0, Budget::UNLIMITED);
    assert_eq!(o.solution.expect("solved").columns(), &[1, 3, 0, 2]);
    assert_eq!(counters(&o.metrics), (8, 36, 4, 26));
}

#[test]
fn forward_checking_by_hand_at_n_4() {
    // Static order, columns, forward checking: after each assignment every
    // unassigned row's domain is checked against the new queen, one check
    // per value in it, rows in order, stopping at the first empty domain.
    //  Node 1 (0,0): row 1 {0,1,2,3} -> {2,3}, row 2 -> {1,3}, row 3 ->
    //    {1,2}: 12 checks (12).
    //  Node 2 (1,2): row 2 {1,3} -> {}: 2 checks, wiped out (14).
    //  Node 3 (1,3): row 2 {1,3} -> {1}, row 3 {1,2} -> {2}: 4 (18).
    //  Node 4 (2,1): row 3 {2} -> {}: 1, wiped out (19). Row 2 has no
    //    value left: backtrack 1; neither has row 1: backtrack 2.
    //  Node 5 (0,1): row 1 -> {3}, row 2 -> {0,2}, row 3 -> {0,2,3}: 12 (31).
    //  Node 6 (1,3): row 2 {0,2} -> {0}, row 3 {0,2,3} -> {0,2}: 5 (36).
    //  Node 7 (2,0): row 3 {0,2} -> {2}: 2 (38).
    //  Node 8 (3,2): no row left: 0; the solution [1, 3, 0, 2].
    // 8 nodes, 38 checks, 2 backtracks; every value tried is a node.
    let o = run(
        "static",
        "columns",
        "forward-checking",
        4,
        0,
        Budget::UNLIMITED,
    );
    assert_eq!(o.solution.expect("solved").columns(), &[1, 3, 0, 2]);
    assert_eq!(counters(&o.metrics), (8, 38, 2, 8));
}

#[test]
fn mac_by_hand_at_n_4() {
    // Static order, columns, MAC. After each assignment AC-3 starts from
    // the arcs (k, row just assigned), k unassigned ascending; revising
    // (k, m) looks for each value of k its first support in m (one check
    // per pair compared) and, when k lost a value, queues (i, k) for every
    // other unassigned i but m, unless already queued. Checks in brackets,
    // running total in parentheses.
    //  Node 1 (0,0): (1,0) {0,1,2,3} -> {2,3} [4]; (2,0) -> {1,3} [4];
    //    (3,0) -> {1,2} [4] (12). Queue (2,1) (3,1) (1,2) (3,2) (1,3) (2,3).
    //    (2,1): 1 supported by 3 [2], 3 attacked by 2 and 3 [2]: {1} (16);
    //    (3,2) is already queued. (3,1): 1 by 2 [1], 2 by 3 [2] (19).
    //    (1,2): 2 attacked by 1 [1], 3 supported [1]: {3} (21); queues
    //    (3,1). (3,2): 1 and 2 both attacked by 1 [2]: row 3 wiped out
    //    (23).
    //  Node 2 (0,1): (1,0) -> {3} [4]; (2,0) -> {0,2} [4]; (3,0) ->
    //    {0,2,3} [4] (35). (2,1): 0 supported [1], 2 attacked [1]: {0}
    //    (37). (3,1): 0 [1], 2 [1], 3 attacked [1]: {0,2} (40). (1,2):
    //    [1] (41). (3,2): 0 attacked [1], 2 supported [1]: {2} (43); (1,3)
    //    is already queued. (1,3) [1], (2,3) [1] (45).
    //  Node 3 (1,3): (2,1) [1], (3,1) [1] (47).
    //  Node 4 (2,0): (3,2) [1] (48).
    //  Node 5 (3,2): no unassigned row; the solution [1, 3, 0, 2].
    // 5 nodes, 48 checks, no backtrack.
    let o = run("static", "columns", "mac", 4, 0, Budget::UNLIMITED);
    assert_eq!(o.solution.expect("solved").columns(), &[1, 3, 0, 2]);
    assert_eq!(counters(&o.metrics), (5, 48, 0, 5));
}

#[test]
fn plain_backtracking_counts_kuechmanns_tests_and_backtracks() {
    // Wirth's search to the first 8-queens solution: 876 tests, 105
    // backtracks (Kuechmann 1997), as `backtracking` counts them.
    let o = run("static", "columns", "none", 8, 0, Budget::UNLIMITED);
    assert_eq!(
        o.solution.expect("solved").columns(),
        &[0, 4, 7, 5, 2, 6, 1, 3]
    );
    assert_eq!((o.metrics.tests, o.metrics.backtracks), (876, 105));
}

#[test]
fn forward_checking_never_expands_more_nodes_than_backtracking() {
    for order in ["static", "mrv"] {
        for values in VALUES {
            for n in 4..=20 {
                let plain = run(order, values, "none", n, 0, Budget::UNLIMITED);
                let fc = run(order, values, "forward-checking", n, 0, Budget::UNLIMITED);
                assert!(
                    fc.metrics.steps <= plain.metrics.steps,
                    "{order} {values} n={n}: {} > {}",
                    fc.metrics.steps,
                    plain.metrics.steps
                );
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_search_and_random_ties_differ_by_seed() {
    for inference in INFERENCES {
        for n in [8, 13, 21] {
            let a = run("mrv-random", "columns", inference, n, 7, Budget::UNLIMITED);
            let b = run("mrv-random", "columns", inference, n, 7, Budget::UNLIMITED);
            assert_eq!(a, b, "{inference} n={n}");
        }
        let differs = (4..=20).any(|n| {
            let first = run("mrv-random", "columns", inference, n, 1, Budget::UNLIMITED);
            (2..6).any(|seed| {
                run(
                    "mrv-random",
                    "columns",
                    inference,
                    n,
                    seed,
                    Budget::UNLIMITED,
                ) != first
            })
        });
        assert!(differs, "{inference}: random ties change the search");
    }
}

#[test]
fn the_check_budget_stops_at_the_first_node_boundary_past_it() {
    for (order, inference, limit) in [
        ("static", "none", 500),
        ("static", "forward-checking", 700),
        ("mrv", "mac", 2_000),
    ] {
        let budget = Budget {
            max_checks: Some(limit),
            ..Budget::UNLIMITED
        };
        let o = run(order, "columns", inference, 16, 0, budget);
        assert_eq!(
            o.stop_reason,
            StopReason::BudgetChecks,
            "{order} {inference}"
        );
        assert!(o.metrics.checks >= limit);
        let nodes = o.metrics.steps;
        // The same boundary by a node budget, and the boundary before it
        // still under the limit.
        let at = run(order, "columns", inference, 16, 0, Budget::steps(nodes));
        assert_eq!(at.metrics, o.metrics, "{order} {inference}");
        let before = run(order, "columns", inference, 16, 0, Budget::steps(nodes - 1));
        assert!(before.metrics.checks < limit, "{order} {inference}");
    }
}

/// Keeps every trace point.
#[derive(Default)]
struct Points(Vec<(Metrics, u64)>);

impl Trace for Points {
    fn record(&mut self, metrics: &Metrics, conflicts: u64) {
        self.0.push((*metrics, conflicts));
    }
}

#[test]
fn a_traced_search_records_its_solution_and_runs_as_untraced() {
    let solver = common::search::solver("csp", &["order=mrv"]);
    for n in [3, 8] {
        let mut points = Points::default();
        let mut control = Control::new(Budget::UNLIMITED).with_trace(&mut points);
        let traced = solver.solve(n, &mut ChaCha8Rng::seed_from_u64(0), &mut control);
        let plain = run("mrv", "columns", "none", n, 0, Budget::UNLIMITED);
        assert_eq!(traced, plain, "n={n}");
        // One point, at the solution, with no attacking pair; none for a
        // board without a solution.
        let expected = if traced.is_solved() {
            vec![(traced.metrics, 0)]
        } else {
            Vec::new()
        };
        assert_eq!(points.0, expected, "n={n}");
    }
}
