//! The local-search solvers (`random-restart`, `naive-repair`, `min-conflicts`
//! in its `random` and `blog` variants, `hill-climbing` with and without
//! sideways moves): validity through the independent
//! validator, determinism, budgets, exact counters, the incremental conflict
//! bookkeeping, and a replay of the VulgaireDev blog's published loop.

mod common;

use common::search::{given, run, run_default};

use std::process::Command;

use proptest::prelude::*;
use queens::base::board::{attacking_pairs, validate};
use queens::solvers::blocks::blog_grid::BlogGrid;
use queens::solvers::blocks::boards::{CountedBoard, FreeBoard, RowBoard};
use queens::solvers::{Metrics, Trace};
use queens::{Budget, Control, Outcome, StopReason, find_algorithm};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// Every configuration under test, with the board sizes it solves quickly
/// in the dev profile.
const CONFIGS: &[(&str, &[&str], &[usize])] = &[
    ("random-restart", &[], &[1, 4, 5, 6]),
    ("random-restart", &["permutation=true"], &[1, 4, 5, 6, 7, 8]),
    ("naive-repair", &[], &[1, 4, 5, 6, 7, 8, 10, 12]),
    ("naive-repair", &["variant=blog"], &[1, 4, 5, 6, 8]),
    (
        "naive-repair",
        &["variant=blog", "clear_on_restart=true"],
        &[1, 4, 5, 6, 8],
    ),
    (
        "min-conflicts",
        &[],
        &[1, 4, 5, 6, 7, 8, 9, 10, 12, 16, 20, 30, 64],
    ),
    ("min-conflicts", &["patience=0"], &[1, 4, 16, 64]),
    ("min-conflicts", &["variant=blog"], &[1, 4, 5, 6, 8]),
    (
        "min-conflicts",
        &["variant=blog", "clear_on_restart=true"],
        &[1, 4, 5, 6, 8],
    ),
    ("hill-climbing", &[], &[1, 4, 5, 6, 7, 8, 10, 12, 16, 20]),
    (
        "hill-climbing",
        &["sideways=100"],
        &[1, 4, 5, 6, 7, 8, 10, 12, 16, 20],
    ),
];

#[test]
fn every_solution_passes_the_independent_validator() {
    for &(algorithm, params, sizes) in CONFIGS {
        for &n in sizes {
            for seed in 0..12 {
                let budget = Budget::steps(5_000_000);
                let outcome = run(algorithm, params, n, seed, budget);
                let label = format!("{algorithm} {params:?} n={n} seed={seed}");
                let solution = outcome
                    .solution
                    .as_ref()
                    .unwrap_or_else(|| panic!("{label}: unsolved ({})", outcome.stop_reason));
                assert_eq!(solution.n(), n, "{label}");
                assert_eq!(validate(solution.columns()), Ok(()), "{label}");
                assert_eq!(outcome.stop_reason, StopReason::Solved, "{label}");
                assert_eq!(outcome.metrics.final_conflicts, Some(0), "{label}");
                assert!(outcome.metrics.checks >= n as u64, "{label}");
            }
        }
    }
}

#[test]
fn min_conflicts_solves_a_large_board() {
    for seed in 0..2 {
        let outcome = run_default("min-conflicts", &[], 500, seed);
        let solution = outcome.solution.expect("solved");
        assert_eq!(validate(solution.columns()), Ok(()));
        // From a random board each repair fixes about one queen.
        assert!(outcome.metrics.steps < 5_000, "{:?}", outcome.metrics);
    }
}

#[test]
fn the_same_seed_gives_the_same_outcome() {
    for &(algorithm, params, _) in CONFIGS {
        let outcomes: Vec<Outcome> = (0..6)
            .map(|seed| run_default(algorithm, params, 8, seed))
            .collect();
        for (seed, first) in outcomes.iter().enumerate() {
            let again = run_default(algorithm, params, 8, seed as u64);
            assert_eq!(&again, first, "{algorithm} {params:?} seed={seed}");
        }
        // The seed matters: six seeds do not all give the same run.
        assert!(
            outcomes.iter().any(|o| o.metrics != outcomes[0].metrics),
            "{algorithm} {params:?}"
        );
    }
}

#[test]
fn every_budget_kind_is_honoured() {
    for &(algorithm, params, _) in CONFIGS {
        let label = format!("{algorithm} {params:?}");
        let never_restarts = params.contains(&"patience=0");
        let restarts = Budget {
            max_restarts: Some(3),
            ..Budget::UNLIMITED
        };
        if !never_restarts {
            let outcome = run(algorithm, params, 3, 1, restarts);
            assert_eq!(outcome.stop_reason, StopReason::BudgetRestarts, "{label}");
            assert_eq!(outcome.metrics.restarts, 3, "{label}");
        }

        let checks = Budget {
            max_checks: Some(1_000),
            ..Budget::UNLIMITED
        };
        let outcome = run(algorithm, params, 3, 1, checks);
        assert_eq!(outcome.stop_reason, StopReason::BudgetChecks, "{label}");
        assert!(outcome.metrics.checks >= 1_000, "{label}");

        let time = Budget {
            time_limit: Some(0.05),
            ..Budget::UNLIMITED
        };
        let outcome = run(algorithm, params, 3, 1, time);
        assert_eq!(outcome.stop_reason, StopReason::BudgetTime, "{label}");
    }
}

#[test]
fn blog_restarts_follow_the_published_counter() {
    // The counter starts at R: the first re-initialisation follows repair
    // R + 1, the next ones every R repairs. N = 3 has no solution.
    for (algorithm, r) in [
        ("naive-repair", 100u64),
        ("min-conflicts", 100),
        ("naive-repair", 5),
    ] {
        let restart = format!("restart_after={r}");
        for clear in ["clear_on_restart=false", "clear_on_restart=true"] {
            let params = ["variant=blog", restart.as_str(), clear];
            for (steps, restarts) in [
                (r, 0),
                (r + 1, 1),
                (2 * r, 1),
                (2 * r + 1, 2),
                (5 * r + 1, 5),
            ] {
                let outcome = run(algorithm, &params, 3, 4, Budget::steps(steps));
                assert_eq!(outcome.metrics.steps, steps);
                assert_eq!(
                    outcome.metrics.restarts, restarts,
                    "{algorithm} {params:?} after {steps} repairs"
                );
            }
        }
    }
}

#[test]
fn random_variant_counters_are_exact() {
    // naive-repair restarts after every R repairs: the restart comes before
    // repair kR + 1.
    for (steps, restarts) in [(10, 0), (11, 1), (20, 1), (21, 2)] {
        let o = run(
            "naive-repair",
            &["restart_after=10"],
            3,
            2,
            Budget::steps(steps),
        );
        assert_eq!((o.metrics.steps, o.metrics.restarts), (steps, restarts));
        // N checks to count each fresh board (one evaluation each); N per
        // look (one per queen; one look per repair, per fresh board and
        // before stopping); 2 per repair for the move (its old and new
        // squares read to keep the pair total; always to another column).
        // Before issue 10 the fresh boards and the moves counted nothing.
        let boards = restarts + 1;
        assert_eq!(o.metrics.evaluations, boards);
        assert_eq!(
            o.metrics.checks,
            3 * boards + 3 * (steps + restarts + 1) + 2 * steps
        );
    }
    // min-conflicts also scans the N squares of the row per repair, and its
    // move reads 2 squares unless the queen stays in its own column (a
    // tie may keep it there, and then nothing is read).
    let o = run("min-conflicts", &[], 3, 2, Budget::steps(1_000));
    let m = o.metrics;
    assert!(m.restarts > 0);
    assert_eq!(m.evaluations, m.restarts + 1);
    let reads = 3 * (m.restarts + 1) + 3 * (2 * m.steps + m.restarts + 1);
    let moves = m.checks - reads;
    assert_eq!(moves % 2, 0);
    assert!(moves <= 2 * m.steps, "{m:?}");
    // random-restart on N = 2: the second queen always clashes.
    let o = run("random-restart", &[], 2, 2, Budget::steps(1_000));
    assert_eq!(
        (o.metrics.steps, o.metrics.restarts, o.metrics.checks),
        (1_000, 999, 2_000)
    );
    // With permutations the first clash on N = 3 is at row 1 or 2, so a
    // board costs 2 or 3 checks (one per queen drawn, as before issue 10).
    let o = run(
        "random-restart",
        &["permutation=true"],
        3,
        2,
        Budget::steps(1_000),
    );
    assert!((2_000..=3_000).contains(&o.metrics.checks));
}

/// Keeps every trace point: steps, conflicts and checks.
#[derive(Default)]
struct Recorder(Vec<(u64, u64, u64)>);

impl Trace for Recorder {
    fn record(&mut self, metrics: &Metrics, conflicts: u64) {
        self.0.push((metrics.steps, conflicts, metrics.checks));
    }
}

#[test]
fn tracing_observes_without_steering() {
    for &(algorithm, params, _) in CONFIGS {
        let plain = run_default(algorithm, params, 8, 3);
        let found = find_algorithm(algorithm).expect("registered");
        let (_, solver) = found.instantiate(&given(params)).expect("valid");
        let mut recorder = Recorder::default();
        let traced = {
            let mut control = Control::new(found.default_budget).with_trace(&mut recorder);
            solver.solve(8, &mut ChaCha8Rng::seed_from_u64(3), &mut control)
        };
        assert_eq!(traced, plain, "{algorithm} {params:?}");
        let last = recorder.0.last().expect("at least one point");
        assert_eq!(
            (last.0, last.1),
            (plain.metrics.steps, 0),
            "{algorithm} {params:?}"
        );
        // The last point holds every check of the steps made; seeing that
        // the board is solved reads at most one more row or queen list of
        // N = 8.
        assert!(
            last.2 <= plain.metrics.checks && plain.metrics.checks <= last.2 + 8,
            "{algorithm} {params:?}: last trace point {} checks, outcome {}",
            last.2,
            plain.metrics.checks
        );
        assert!(
            recorder
                .0
                .windows(2)
                .all(|w| w[0].0 <= w[1].0 && w[0].2 <= w[1].2)
        );
    }
}

/// The VulgaireDev blog's published Python, transcribed line by line onto a grid of
/// `Vec<Vec<u8>>`, with `randint(0, N-1)` replaced by the same draws the
/// solver makes, and counting the `count_conflict` calls and `init_board`
/// calls.
struct Published {
    game_board: Vec<Vec<u8>>,
    rng: ChaCha8Rng,
    calls: u64,
    inits: u64,
}

impl Published {
    fn randint(&mut self) -> usize {
        let n = self.game_board.len() as u32;
        self.rng.random_range(0..n) as usize
    }

    fn init_board(&mut self) {
        self.inits += 1;
        for i in 0..self.game_board.len() {
            let j = self.randint();
            self.game_board[i][j] = 1;
        }
    }

    fn count_conflict(&mut self, x: i64, y: i64) -> u64 {
        self.calls += 1;
        let b = &self.game_board;
        let len = b.len() as i64;
        let at = |r: i64, c: i64| b[r as usize][c as usize] == 1;
        let mut count = 0;
        // for k in range(x-1, 0, -1)
        let mut k = x - 1;
        while k > 0 {
            if at(k, y) {
                count += 1;
                break;
            }
            k -= 1;
        }
        // for l in range(y-1, 0, -1)
        let mut l = y - 1;
        while l > 0 {
            if at(x, l) {
                count += 1;
                break;
            }
            l -= 1;
        }
        for k in x + 1..len {
            if at(k, y) {
                count += 1;
                break;
            }
        }
        for l in y + 1..len {
            if at(x, l) {
                count += 1;
                break;
            }
        }
        // The four diagonals, each while the next square is on the board.
        for (dx, dy) in [(-1, -1), (1, -1), (1, 1), (-1, 1)] {
            let (mut r, mut c) = (x + dx, y + dy);
            while r >= 0 && r < len && c >= 0 && c < len {
                if at(r, c) {
                    count += 1;
                    break;
                }
                r += dx;
                c += dy;
            }
        }
        count
    }

    /// `check_configuration`: `None` stands for the published `True`.
    fn check_configuration(&mut self) -> Option<(usize, usize)> {
        let n = self.game_board.len();
        let mut conflict_count: Vec<((usize, usize), u64)> = Vec::new();
        for i in 0..n {
            for j in 0..n {
                if self.game_board[i][j] == 1 {
                    let c = self.count_conflict(i as i64, j as i64);
                    conflict_count.push(((i, j), c));
                }
            }
        }
        // Python's max returns the first maximal key in insertion order.
        let mut more_conflicting = conflict_count[0];
        for &entry in &conflict_count {
            if entry.1 > more_conflicting.1 {
                more_conflicting = entry;
            }
        }
        if more_conflicting.1 == 0 {
            None
        } else {
            Some(more_conflicting.0)
        }
    }
}

/// The published `main` (stupid repair, or smarter when `smarter`), with the
/// counter starting at `restart_after`. Returns the board at the moment no
/// queen is threatened (or after `max_repairs` repairs), the repairs, the
/// re-initialisations after the first, and the `count_conflict` calls.
fn published_loop(
    n: usize,
    smarter: bool,
    restart_after: i64,
    seed: u64,
    max_repairs: u64,
) -> (Vec<Vec<u8>>, u64, u64, u64) {
    let mut p = Published {
        game_board: vec![vec![0u8; n]; n],
        rng: ChaCha8Rng::seed_from_u64(seed),
        calls: 0,
        inits: 0,
    };
    p.init_board();
    let mut more_conflicting = p.check_configuration();
    let mut count = restart_after;
    let mut repairs = 0;
    while let Some((x, y)) = more_conflicting {
        if repairs == max_repairs {
            break;
        }
        p.game_board[x][y] = 0;
        if smarter {
            let mut best_position = (usize::MAX, u64::MAX);
            for j in 0..n {
                let buff = p.count_conflict(x as i64, j as i64);
                if buff < best_position.1 {
                    best_position = (j, buff);
                }
            }
            p.game_board[x][best_position.0] = 1;
        } else {
            let j = p.randint();
            p.game_board[x][j] = 1;
        }
        repairs += 1;
        more_conflicting = p.check_configuration();
        if more_conflicting.is_none() {
            // The published loop would still re-initialise here when count == 0.
            break;
        }
        if count == 0 {
            p.init_board();
            count = restart_after;
        }
        count -= 1;
    }
    (p.game_board, repairs, p.inits - 1, p.calls)
}

#[test]
fn blog_variants_replay_the_published_loop() {
    for (algorithm, smarter) in [("naive-repair", false), ("min-conflicts", true)] {
        for (n, r) in [
            (1, 100),
            (4, 100),
            (5, 3),
            (6, 100),
            (7, 10),
            (8, 100),
            (8, 7),
        ] {
            for seed in 0..4 {
                let restart = format!("restart_after={r}");
                let max_repairs = 20_000;
                let outcome = run(
                    algorithm,
                    &["variant=blog", &restart],
                    n,
                    seed,
                    Budget::steps(max_repairs),
                );
                let (board, repairs, restarts, calls) =
                    published_loop(n, smarter, r, seed, max_repairs);
                let label = format!("{algorithm} n={n} R={r} seed={seed}");
                assert_eq!(outcome.metrics.steps, repairs, "{label}");
                assert_eq!(outcome.metrics.restarts, restarts, "{label}");
                // One check per direction of every count_conflict call.
                assert_eq!(outcome.metrics.checks, 8 * calls, "{label}");
                if let Some(solution) = outcome.solution {
                    let expected: Vec<u32> = board
                        .iter()
                        .map(|row| row.iter().position(|&q| q == 1).expect("a queen") as u32)
                        .collect();
                    assert_eq!(solution.columns(), expected.as_slice(), "{label}");
                }
            }
        }
    }
}

/// Brute force: queens of other rows on the lines of square (`row`, `column`).
fn attackers(columns: &[u32], row: usize, column: u32) -> u32 {
    let (r, c) = (row as i64, i64::from(column));
    columns
        .iter()
        .enumerate()
        .filter(|&(other, _)| other != row)
        .filter(|&(other, &oc)| {
            let (o, oc) = (other as i64, i64::from(oc));
            oc == c || (o - r).abs() == (oc - c).abs()
        })
        .count() as u32
}

fn board_and_moves() -> impl Strategy<Value = (Vec<u32>, Vec<(usize, u32)>)> {
    (1usize..24).prop_flat_map(|n| {
        (
            proptest::collection::vec(0..n as u32, n),
            proptest::collection::vec((0..n, 0..n as u32), 0..60),
        )
    })
}

proptest! {
    #[test]
    fn incremental_counters_match_a_count_from_scratch((start, moves) in board_and_moves()) {
        let mut board = FreeBoard::new(&start);
        let mut columns = start;
        for (row, column) in moves {
            let before = board.pairs();
            let delta = board.move_delta(row, column);
            board.move_queen(row, column);
            columns[row] = column;
            prop_assert_eq!(board.pairs(), attacking_pairs(&columns));
            prop_assert_eq!(board.pairs() as i64 - before as i64, delta);
        }
        prop_assert_eq!(board.columns(), columns.as_slice());
        let n = columns.len();
        let checks = board.checks();
        for row in 0..n {
            prop_assert_eq!(board.queen_conflicts(row), attackers(&columns, row, columns[row]));
            for column in 0..n as u32 {
                prop_assert_eq!(board.square_conflicts(row, column), attackers(&columns, row, column));
            }
        }
        // One check per queen and per square looked at.
        prop_assert_eq!(board.checks() - checks, (n + n * n) as u64);
    }

    #[test]
    fn blog_grid_threats_match_the_published_scans(
        (n, queens, squares) in (1usize..150).prop_flat_map(|n| (
            Just(n),
            proptest::collection::vec((0..n, 0..n), 0..3 * n),
            proptest::collection::vec((0..n, 0..n), 1..40),
        ))
    ) {
        let mut grid = BlogGrid::empty(n);
        let mut published = Published {
            game_board: vec![vec![0u8; n]; n],
            rng: ChaCha8Rng::seed_from_u64(0),
            calls: 0,
            inits: 0,
        };
        for &(x, y) in &queens {
            grid.place(x, y);
            published.game_board[x][y] = 1;
        }
        // Lift a few queens off again, as repairs do.
        for &(x, y) in queens.iter().step_by(4) {
            grid.remove(x, y);
            published.game_board[x][y] = 0;
        }
        for (x, y) in squares {
            prop_assert_eq!(
                u64::from(grid.count_conflict(x, y)),
                published.count_conflict(x as i64, y as i64),
                "square ({}, {})", x, y
            );
        }
        let mut checks = 0;
        let ours = grid.most_threatened(&mut checks);
        if published.game_board.iter().flatten().any(|&q| q == 1) {
            prop_assert_eq!(ours, published.check_configuration());
        } else {
            prop_assert_eq!(ours, None);
        }
    }

    #[test]
    fn blog_grid_pairs_match_the_board_count(columns in (1usize..16).prop_flat_map(|n| proptest::collection::vec(0..n as u32, n))) {
        let mut grid = BlogGrid::empty(columns.len());
        for (row, &column) in columns.iter().enumerate() {
            grid.place(row, column as usize);
        }
        prop_assert_eq!(grid.attacking_pairs(), attacking_pairs(&columns));
        prop_assert_eq!(grid.placement().map(|p| p.into_columns()), Some(columns.clone()));
        let mut checks = 0;
        let threatened = grid.most_threatened(&mut checks);
        // count_conflict on each of the N queens, 8 directions each.
        prop_assert_eq!(checks, 8 * columns.len() as u64);
        prop_assert_eq!(threatened.is_none(), validate(&columns).is_ok());
    }
}

#[test]
fn solve_json_runs_the_blog_variant_end_to_end() {
    let out = Command::new(common::binary())
        .args([
            "solve",
            "-a",
            "naive-repair",
            "-n",
            "8",
            "--param",
            "variant=blog",
            "--json",
        ])
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(json["algorithm"], "naive-repair");
    assert_eq!(json["params"]["variant"], "blog");
    assert_eq!(json["params"]["restart_after"], 100);
    assert_eq!(json["params"]["clear_on_restart"], false);
    assert_eq!(json["n"], 8);
    assert_eq!(json["seed"], 0);
    assert_eq!(json["solved"], true);
    assert_eq!(json["metrics"]["stop_reason"], "solved");
    assert_eq!(json["metrics"]["final_conflicts"], 0);
    let columns: Vec<u32> = serde_json::from_value(json["columns"].clone()).expect("columns");
    assert_eq!(validate(&columns), Ok(()));
    // The same run through the library gives the same counters.
    let outcome = run_default("naive-repair", &["variant=blog"], 8, 0);
    assert_eq!(json["metrics"]["steps"], outcome.metrics.steps);
    assert_eq!(json["metrics"]["checks"], outcome.metrics.checks);

    let out = Command::new(common::binary())
        .args(["solve", "-a", "min-conflicts", "-n", "3", "--json"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(json["solved"], false);
    assert_eq!(json["metrics"]["stop_reason"], "budget_steps");
}

#[test]
fn a_bad_param_exits_2_naming_the_key_and_the_allowed_ones() {
    let out = Command::new(common::binary())
        .args([
            "solve",
            "-a",
            "naive-repair",
            "-n",
            "8",
            "--param",
            "restart=5",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    for needle in [
        "'restart'",
        "variant (random|blog)",
        "restart_after (integer >= 1)",
        "clear_on_restart (true|false)",
    ] {
        assert!(err.contains(needle), "missing {needle:?} in {err}");
    }
    let out = Command::new(common::binary())
        .args([
            "solve",
            "-a",
            "min-conflicts",
            "-n",
            "8",
            "--param",
            "variant=quick",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("'variant'") && err.contains("random|blog|fast"),
        "{err}"
    );
}
