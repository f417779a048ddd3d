//! `checks`, the common currency (defined at `queens::base::outcome::Metrics`),
//! counted exactly on one tiny case per algorithm, each traced by hand in
//! its comment. The cases are chosen so that the count does not depend on
//! the random draws (boards with no solution, where every queen is
//! attacked, or moves that always read the same squares), so the numbers
//! come from the definition and the code, not from a run.

mod common;

use common::search::run;
use queens::{Budget, Metrics, StopReason};

/// The counters a test compares: steps, restarts, checks, evaluations.
fn counts(m: &Metrics) -> (u64, u64, u64, u64) {
    (m.steps, m.restarts, m.checks, m.evaluations)
}

#[test]
fn backtracking_counts_one_check_per_square_tested() {
    // Wirth's search on N = 4 to the first solution, square by square
    // (test number: square, verdict):
    //  1: (0,0) safe.
    //  2: (1,0) column 0; 3: (1,1) diagonal of (0,0); 4: (1,2) safe.
    //  5: (2,0) column 0; 6: (2,1) anti-diagonal of (1,2); 7: (2,2) column
    //     2; 8: (2,3) diagonal of (1,2). Row 2 exhausted: backtrack 1.
    //  9: (1,3) safe.
    // 10: (2,0) column 0; 11: (2,1) safe.
    // 12: (3,0) column 0; 13: (3,1) column 1; 14: (3,2) diagonal of (2,1);
    // 15: (3,3) column 3. Backtrack 2.
    // 16: (2,2) diagonal of (0,0); 17: (2,3) column 3. Backtrack 3.
    // Row 1 has no square left: backtrack 4.
    // 18: (0,1) safe.
    // 19: (1,0) anti-diagonal of (0,1); 20: (1,1) column 1; 21: (1,2)
    //     diagonal of (0,1); 22: (1,3) safe.
    // 23: (2,0) safe.
    // 24: (3,0) column 0; 25: (3,1) column 1; 26: (3,2) safe: solution
    //     [1, 3, 0, 2].
    // 26 tests, 4 backtracks; one check per square tested.
    let o = run("backtracking", &[], 4, 0, Budget::UNLIMITED);
    let solution = o.solution.as_ref().expect("N = 4 has a solution");
    assert_eq!(solution.columns(), &[1, 3, 0, 2]);
    assert_eq!(
        (o.metrics.steps, o.metrics.tests, o.metrics.backtracks),
        (26, 26, 4)
    );
    assert_eq!(o.metrics.checks, o.metrics.tests);
}

#[test]
fn construction_reads_no_square() {
    // The formula writes N queens and never asks whether a square is
    // attacked: N steps, 0 checks, 0 evaluations.
    for n in [1, 8, 9, 14] {
        let o = run("construction", &[], n, 0, Budget::UNLIMITED);
        assert!(o.is_solved(), "n = {n}");
        assert_eq!(counts(&o.metrics), (n as u64, 0, 0, 0), "n = {n}");
    }
}

#[test]
fn random_restart_counts_one_check_per_queen_drawn() {
    // N = 1: one queen, tested against no earlier row: 1 check, solved.
    let o = run("random-restart", &[], 1, 0, Budget::steps(5));
    assert!(o.is_solved());
    assert_eq!(counts(&o.metrics), (1, 0, 1, 0));
    // N = 2: the queen of row 0 is tested (1 check) and never attacked; the
    // queen of row 1 (1 check) always is, in the same column or on a
    // diagonal. So 2 checks per board, 5 boards: 10, with either draw.
    for params in [&[][..], &["permutation=true"][..]] {
        let o = run("random-restart", params, 2, 3, Budget::steps(5));
        assert_eq!(o.stop_reason, StopReason::BudgetSteps);
        assert_eq!(counts(&o.metrics), (5, 4, 10, 0), "{params:?}");
    }
}

#[test]
fn naive_repair_counts_the_board_its_looks_and_its_moves() {
    // N = 3 (no solution), one repair:
    //   counting the fresh board: 3 (one evaluation);
    //   look for the most-threatened queen: 3 (one per queen);
    //   the repair moves that queen to another column: 2 (its old and new
    //   squares read to keep the pair total);
    //   look again (before the budget stops it): 3.
    // 3 + 3 + 2 + 3 = 11.
    let o = run("naive-repair", &[], 3, 5, Budget::steps(1));
    assert_eq!(o.stop_reason, StopReason::BudgetSteps);
    assert_eq!(counts(&o.metrics), (1, 0, 11, 1));
    // With restart_after = 1 the second round is a restart: a fresh board
    // counted (3, one more evaluation) and looked at (3) instead of a
    // repair; then repair 2 (2) and its look (3).
    // 11 + 3 + 3 + 2 + 3 = 22.
    let o = run("naive-repair", &["restart_after=1"], 3, 5, Budget::steps(2));
    assert_eq!(counts(&o.metrics), (2, 1, 22, 2));
}

#[test]
fn min_conflicts_counts_the_board_and_its_first_look() {
    // N = 3 (no solution) with no repair allowed: counting the fresh board
    // (3, one evaluation) and the look for the attacked queens (3).
    let o = run("min-conflicts", &[], 3, 5, Budget::steps(0));
    assert_eq!(o.stop_reason, StopReason::BudgetSteps);
    assert_eq!(counts(&o.metrics), (0, 0, 6, 1));
    // A whole repair, traced on a hand-made board, is the unit test
    // `one_repair_on_a_hand_made_board` in src/solvers/algorithms/min_conflicts.rs.
}

#[test]
fn hill_climbing_counts_the_boards_its_looks_and_its_moves() {
    // N = 2: every board has one attacking pair and so has each of its two
    // successors, so every move is sideways, whatever the draws. With up
    // to 3 sideways moves and one restart allowed, per climb: counting the
    // fresh board 2 (one evaluation), a look before each of the 3 moves
    // and one that finds the climb stuck, N² = 4 each (the queen of each
    // row and the other square of its row), 2 per move: 2 + 4 × 4 + 2 × 3
    // = 24; two climbs, 48.
    let budget = Budget {
        max_restarts: Some(1),
        ..Budget::UNLIMITED
    };
    let o = run("hill-climbing", &["sideways=3"], 2, 4, budget);
    assert_eq!(o.stop_reason, StopReason::BudgetRestarts);
    assert_eq!(counts(&o.metrics), (6, 1, 48, 2));
    // A whole climb, traced on a hand-made board, is the unit test
    // `one_climb_on_a_hand_made_board` in src/solvers/algorithms/hill_climbing.rs.
}

#[test]
fn blog_variants_count_eight_checks_per_count_conflict() {
    // N = 2: the grid holds one queen per row and no repair merges queens
    // (each row has only the queen that moves), so every look evaluates
    // count_conflict on 2 queens: 2 × 8 = 16. The queen of row 0 always sees
    // the other one (below it, or on a diagonal, scans that reach the edge),
    // so the board is never solved.
    // Stupid repair, one repair: look 16, a random column (no check), look
    // 16: 32.
    let o = run("naive-repair", &["variant=blog"], 2, 1, Budget::steps(1));
    assert_eq!(o.stop_reason, StopReason::BudgetSteps);
    assert_eq!(counts(&o.metrics), (1, 0, 32, 0));
    // Smarter repair: the same, plus count_conflict on the 2 squares of the
    // row: 16 + 2 × 8 + 16 = 48.
    let o = run("min-conflicts", &["variant=blog"], 2, 1, Budget::steps(1));
    assert_eq!(counts(&o.metrics), (1, 0, 48, 0));
}

#[test]
fn annealing_counts_its_starting_board_and_four_per_swap() {
    // N = 3 (no solution), one move: the starting permutation counted from
    // scratch (3, one evaluation), then the swap delta reads the squares of
    // the two queens and of their two landing squares (4), whether the
    // move is taken or not: 3 + 4 = 7.
    let o = run("annealing", &[], 3, 2, Budget::steps(1));
    assert_eq!(o.stop_reason, StopReason::BudgetSteps);
    assert_eq!(counts(&o.metrics), (1, 0, 7, 1));
    // The hesham move (2 for its delta, 2 more when taken, none for a null
    // move) is traced in the unit tests of src/solvers/algorithms/annealing.rs.
}

#[test]
fn genetic_counts_n_per_evaluation_and_its_memetic_reads() {
    // Plain GA (no memetic step), N = 3 (no solution), population 4, one
    // elite, one generation: 4 initial individuals and 3 children, each
    // evaluated once (N = 3 checks): 7 evaluations, 21 checks.
    let plain = ["local_search=0", "population=4", "elite=1"];
    let o = run("genetic", &plain, 3, 6, Budget::steps(1));
    assert_eq!(o.stop_reason, StopReason::BudgetSteps);
    assert_eq!(counts(&o.metrics), (1, 0, 21, 7));
    // Memetic step, N = 2: both permutations put the two queens on one
    // line (1 pair), so each of the round(1 × 2) = 2 attempts finds its
    // queen attacked (1 check) and computes a swap delta (4 checks) of 0,
    // which is not taken. Per individual 2 + 2 × (1 + 4) = 12; 7
    // individuals: 84.
    let memetic = ["local_search=1", "population=4", "elite=1"];
    let o = run("genetic", &memetic, 2, 6, Budget::steps(1));
    assert_eq!(counts(&o.metrics), (1, 0, 84, 7));
    // Hesham's GA, N = 3, one generation: 6 initial individuals and 6
    // children, N = 3 checks each: 12 evaluations, 36 checks.
    let o = run("genetic", &["variant=hesham"], 3, 6, Budget::steps(1));
    assert_eq!(counts(&o.metrics), (1, 0, 36, 12));
}

#[test]
fn min_conflicts_fast_counts_its_initialization_and_repairs() {
    // N = 2 (below TAIL, so every row is placed on a random pool position):
    // initialization: row 0 marked on empty diagonals (1 check), row 1 in
    // the other column, on a diagonal of row 0 (1 check), listed as
    // attacked; its counters completed (1 check); one evaluation. 3.
    // Each repair: the listed row tested (1 check: attacked, as both queens
    // always are); its only partner's swap delta (4: the two queens'
    // squares and their landing squares; 0, the other permutation is also
    // one pair); the swap (4, its delta again) and the two rows tested
    // after it (2). 1 + 4 + 4 + 2 = 11.
    // Two repairs (far below the stall limit 4·2 + 16 = 24): 3 + 2 × 11 = 25.
    let o = run("min-conflicts", &["variant=fast"], 2, 8, Budget::steps(2));
    assert_eq!(o.stop_reason, StopReason::BudgetSteps);
    assert_eq!(counts(&o.metrics), (2, 0, 25, 1));
    // No repair allowed: the initialization alone.
    let o = run("min-conflicts", &["variant=fast"], 2, 8, Budget::steps(0));
    assert_eq!(counts(&o.metrics), (0, 0, 3, 1));
}

#[test]
fn a_check_budget_still_ends_a_search_at_a_step_boundary() {
    // naive-repair on N = 3: 6 checks before the first repair (board and
    // look), then 5 per repair (move and look). A budget of 12 checks is
    // reached after the second repair (6 + 5 + 5 = 16 >= 12, 11 < 12).
    let budget = Budget {
        max_checks: Some(12),
        ..Budget::UNLIMITED
    };
    let o = run("naive-repair", &[], 3, 5, budget);
    assert_eq!(o.stop_reason, StopReason::BudgetChecks);
    assert_eq!((o.metrics.steps, o.metrics.checks), (2, 16));
}

#[test]
fn csp_counts_one_check_per_evaluation_of_the_constraint() {
    // N = 2, where every pair of queens in the two rows attacks; (nodes,
    // restarts, checks, evaluations). The N = 4 searches are traced in
    // tests/csp.rs.
    // Plain backtracking: (0,0) against no queen [0]: node; (1,0) and
    // (1,1) each against (0,0) [1 + 1], backtrack; (0,1) [0]: node; (1,0),
    // (1,1) [1 + 1], backtrack: 4 checks, 2 nodes.
    // Forward checking: node (0,0), row 1's domain {0, 1} checked against
    // it [2], wiped out; node (0,1), the same [2]: 4. MAC's first arcs are
    // forward checking's revisions, and a wiped-out domain ends AC-3: 4.
    // MRV without inference: at the root nothing is placed [0]; node
    // (0,0), row 1's values recomputed against it [2], none left, so MRV
    // picks row 1 and leaves it at once; node (0,1) [2]: 4.
    // LCV with forward checking: each of row 0's two values checked
    // against row 1's two [4], a tie (2 removals each), then as forward
    // checking [4]: 8.
    for (params, checks) in [
        (&["inference=none"][..], 4),
        (&["inference=forward-checking"][..], 4),
        (&["inference=mac"][..], 4),
        (&["order=mrv"][..], 4),
        (&["values=lcv", "inference=forward-checking"][..], 8),
    ] {
        let o = run("csp", params, 2, 0, Budget::UNLIMITED);
        assert_eq!(o.stop_reason, StopReason::Exhausted, "{params:?}");
        assert_eq!(counts(&o.metrics), (2, 0, checks, 0), "{params:?}");
    }
}
