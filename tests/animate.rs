//! Animated replays (issue 13): the frames come from the trial path and
//! tell the truth — Kuechmann's 876 tests and 105 backtracks frame by
//! frame, each algorithm's last frame holding the outcome's counters, an
//! observer that does not steer — and the files are what they claim: a
//! page with no outside reference, an SVG that parses, N above 32 refused.

mod common;

use common::queens;
use common::search::given;

use queens::animate::{self, AnimateError, HTML_FRAMES, MAX_N, Replay, ReplaySpec, SVG_FRAMES};
use queens::base::board::{attacking_pairs, validate};
use queens::solvers::{Budget, Frame, View, find_algorithm};
use queens::trial::{Trial, run_trial};
use queens::{Metrics, Outcome};

/// The replay of `algorithm` with `params` at `n` and `seed` under its
/// default budget with `max_steps` on top, keeping about `frames` frames;
/// and the outcome of the same trial run without any observer.
fn replay_and_plain(
    algorithm: &str,
    params: &[&str],
    n: usize,
    seed: u64,
    max_steps: Option<u64>,
    frames: usize,
) -> (Replay, Outcome) {
    let algorithm = find_algorithm(algorithm).expect("registered");
    let (params, solver) = algorithm
        .instantiate(&given(params))
        .expect("valid parameters");
    let budget = algorithm.default_budget.overridden_by(&Budget {
        max_steps,
        ..Budget::UNLIMITED
    });
    let spec = ReplaySpec {
        solver: &*solver,
        algorithm: algorithm.name,
        params: &params,
        n,
        seed,
        budget,
        frames,
        start: None,
    };
    let replay = animate::record(&spec).expect("recorded");
    let plain = run_trial(Trial::new(&*solver, n, seed, budget))
        .expect("valid")
        .outcome;
    (replay, plain)
}

/// The work counters of `m` but the checks, leaving out the two the
/// outcome fills in at the end (final conflicts, solutions).
fn work(m: &Metrics) -> [u64; 5] {
    [m.steps, m.restarts, m.evaluations, m.tests, m.backtracks]
}

/// Whether queens at (r1, c1) and (r2, c2) attack each other.
fn attack((r1, c1): (usize, u32), (r2, c2): (usize, u32)) -> bool {
    c1 == c2 || r1.abs_diff(r2) == c1.abs_diff(c2) as usize
}

/// The last frame the solver sent (the one before the outcome's).
fn last_solver_frame(replay: &Replay) -> &Frame {
    let frames = &replay.frames;
    assert!(matches!(
        frames.last().map(|f| &f.view),
        Some(View::End { .. })
    ));
    &frames[frames.len() - 2]
}

/// The checks every replay passes: the observer did not steer, the end
/// frame is the outcome, and the last frame of the solver holds its work;
/// its checks may lack only the search's last look at its board (at most
/// N: a local search looks at its board once more before it ends).
fn common_checks(replay: &Replay, plain: &Outcome, what: &str) {
    assert_eq!(&replay.outcome, plain, "{what}: the observer steered");
    let end = replay.frames.last().expect("frames");
    assert_eq!(end.metrics, plain.metrics, "{what}");
    let last = &last_solver_frame(replay).metrics;
    assert_eq!(
        work(last),
        work(&plain.metrics),
        "{what}: the last frame's counters"
    );
    let n = replay.n as u64;
    assert!(
        last.checks <= plain.metrics.checks && plain.metrics.checks <= last.checks + n,
        "{what}: checks {} in the last frame, {} at the end",
        last.checks,
        plain.metrics.checks
    );
    if let Some(solution) = &plain.solution {
        assert_eq!(validate(solution.columns()), Ok(()));
        let board: Vec<Option<u32>> = solution.columns().iter().map(|&c| Some(c)).collect();
        assert_eq!(last_solver_frame(replay).board, board, "{what}");
    }
    for pair in replay.positions.windows(2) {
        assert!(pair[0] < pair[1], "{what}: positions in order");
    }
    for pair in replay.frames.windows(2) {
        assert!(pair[0].metrics.steps <= pair[1].metrics.steps, "{what}");
    }
}

#[test]
fn eight_queens_backtracking_ticks_to_876_tests_and_105_backtracks() {
    let (replay, plain) = replay_and_plain("backtracking", &[], 8, 1, None, HTML_FRAMES);
    common_checks(&replay, &plain, "backtracking");
    assert!(!replay.sampled, "981 frames fit");
    let last = last_solver_frame(&replay);
    assert_eq!((last.metrics.tests, last.metrics.backtracks), (876, 105));
    assert_eq!(last.metrics.checks, 876, "a test is a check");
    assert_eq!(last.board, [0, 4, 7, 5, 2, 6, 1, 3].map(Some));
    let tests = replay
        .frames
        .iter()
        .filter(|f| matches!(f.view, View::Test { .. }));
    let backtracks = replay
        .frames
        .iter()
        .filter(|f| matches!(f.view, View::Backtrack { .. }));
    assert_eq!((tests.clone().count(), backtracks.count()), (876, 105));
    // Each test frame counts itself: the k-th test says tests = k.
    for (k, frame) in tests.enumerate() {
        assert_eq!(frame.metrics.tests, k as u64 + 1);
        let View::Test {
            row, column, safe, ..
        } = &frame.view
        else {
            unreachable!("filtered")
        };
        // Safe means that no queen above attacks the square.
        let attacked = frame.board[..*row]
            .iter()
            .enumerate()
            .any(|(r, c)| attack((r, c.expect("filled")), (*row, *column)));
        assert_eq!(*safe, !attacked, "test {}", k + 1);
        assert_eq!(frame.board[*row], safe.then_some(*column));
    }
}

#[test]
fn csp_frames_replay_the_textbook_search_test_by_test() {
    // Plain csp is Wirth's search: the same 876 tests and 105 backtracks.
    let (replay, plain) = replay_and_plain("csp", &[], 8, 1, None, HTML_FRAMES);
    common_checks(&replay, &plain, "csp");
    let count = |what: fn(&View) -> bool| replay.frames.iter().filter(|f| what(&f.view)).count();
    assert_eq!(count(|v| matches!(v, View::Test { .. })), 876);
    assert_eq!(count(|v| matches!(v, View::Backtrack { .. })), 105);
    // With MRV and forward checking every test frame is a node, and a safe
    // test shows its queen on the board.
    let (replay, plain) = replay_and_plain(
        "csp",
        &["order=mrv", "inference=forward-checking"],
        16,
        1,
        None,
        HTML_FRAMES,
    );
    common_checks(&replay, &plain, "csp mrv + forward checking");
    let tests: Vec<&Frame> = replay
        .frames
        .iter()
        .filter(|f| matches!(f.view, View::Test { .. }))
        .collect();
    assert_eq!(tests.len() as u64, plain.metrics.steps);
    for frame in tests {
        let View::Test {
            row, column, safe, ..
        } = &frame.view
        else {
            unreachable!("filtered")
        };
        assert!(safe, "forward checking tries consistent values only");
        assert_eq!(frame.board[*row], Some(*column));
    }
}

#[test]
fn repair_frames_show_the_row_scanned_and_the_move() {
    for seed in 0..3 {
        let (replay, plain) = replay_and_plain("min-conflicts", &[], 12, seed, None, HTML_FRAMES);
        common_checks(&replay, &plain, "min-conflicts");
        let mut repairs = 0;
        for f in &replay.frames {
            if let View::Repair {
                row, to, conflicts, ..
            } = &f.view
            {
                repairs += 1;
                // Min-conflicts: the column chosen has the fewest conflicts.
                assert_eq!(
                    conflicts[*to as usize],
                    *conflicts.iter().min().expect("N > 0")
                );
                assert_eq!(f.board[*row], Some(*to));
            }
        }
        assert_eq!(repairs, plain.metrics.steps, "one frame per repair");
        let (replay, plain) = replay_and_plain("naive-repair", &[], 8, seed, None, HTML_FRAMES);
        common_checks(&replay, &plain, "naive-repair");
        let restarts = replay
            .frames
            .iter()
            .filter(|f| matches!(f.view, View::Restart))
            .count();
        assert_eq!(
            restarts as u64,
            plain.metrics.restarts.min(HTML_FRAMES as u64 / 4)
        );
        for f in &replay.frames {
            if let View::Repair { row, from, to, .. } = &f.view {
                assert_ne!(from, to, "naive repair moves to another column");
                assert_eq!(f.board[*row], Some(*to));
            }
        }
    }
}

#[test]
fn hill_climbing_frames_show_each_move_to_a_best_successor() {
    for (params, seed) in [(&[][..], 1), (&["sideways=100"][..], 2)] {
        let (replay, plain) = replay_and_plain("hill-climbing", params, 8, seed, None, HTML_FRAMES);
        common_checks(&replay, &plain, "hill-climbing");
        let mut moves = 0;
        for pair in replay.frames.windows(2) {
            if let View::Repair { row, from, to, .. } = &pair[1].view {
                moves += 1;
                let columns =
                    |f: &Frame| -> Vec<u32> { f.board.iter().map(|c| c.expect("full")).collect() };
                let (before, after) = (columns(&pair[0]), columns(&pair[1]));
                assert_eq!((before[*row], after[*row]), (*from, *to));
                assert_ne!(from, to, "a move goes to another column");
                assert!(
                    attacking_pairs(&after) <= attacking_pairs(&before),
                    "{params:?}: never uphill"
                );
            }
        }
        assert_eq!(moves, plain.metrics.steps, "{params:?}: one frame per move");
    }
}

#[test]
fn annealing_frames_show_energy_and_acceptance() {
    for variant in ["permutation", "hesham"] {
        let param = format!("variant={variant}");
        let (replay, plain) = replay_and_plain("annealing", &[&param], 8, 3, None, HTML_FRAMES);
        common_checks(&replay, &plain, variant);
        for pair in replay.frames.windows(2) {
            if let View::Anneal {
                accepted, energy, ..
            } = &pair[1].view
            {
                let columns: Vec<u32> = pair[1].board.iter().map(|c| c.expect("full")).collect();
                assert_eq!(*energy, attacking_pairs(&columns));
                if !accepted && !replay.sampled {
                    assert_eq!(
                        pair[0].board, pair[1].board,
                        "a rejected move changes nothing"
                    );
                }
            }
        }
    }
}

#[test]
fn genetic_frames_show_the_best_board_and_the_spread() {
    for (params, n) in [
        (&["variant=permutation"][..], 10),
        (&["variant=hesham"][..], 5),
    ] {
        for seed in 0..2 {
            let (replay, plain) = replay_and_plain("genetic", params, n, seed, None, HTML_FRAMES);
            common_checks(&replay, &plain, params[0]);
            let mut generations = 0;
            for f in &replay.frames {
                if let View::Generation {
                    best,
                    median,
                    worst,
                    ..
                } = &f.view
                {
                    generations += 1;
                    let columns: Vec<u32> = f.board.iter().map(|c| c.expect("full")).collect();
                    assert_eq!(*best, attacking_pairs(&columns));
                    assert!(best <= median && median <= worst);
                }
            }
            assert!(generations >= 1);
        }
    }
}

#[test]
fn construction_and_random_restart_show_their_boards() {
    for (algorithm, n) in [("construction", 10), ("random-restart", 6)] {
        let (replay, plain) = replay_and_plain(algorithm, &[], n, 2, None, HTML_FRAMES);
        common_checks(&replay, &plain, algorithm);
        assert!(replay.frames.len() >= 2, "{algorithm}");
    }
}

#[test]
fn long_runs_are_sampled_and_say_so() {
    // N = 3 has no solution: the search runs to its budget.
    let (replay, plain) = replay_and_plain("naive-repair", &[], 3, 5, Some(20_000), 500);
    common_checks(&replay, &plain, "sampled");
    assert!(replay.sampled);
    assert!(replay.frames.len() <= 500 + 2, "{}", replay.frames.len());
    // Every event is kept, up to a quarter of the frames: the start and the
    // first 124 restarts; later ones when the sample falls on them.
    let restarts: Vec<u64> = replay
        .frames
        .iter()
        .filter(|f| matches!(f.view, View::Restart))
        .map(|f| f.metrics.restarts)
        .collect();
    let quota = 500 / 4 - 1;
    assert!(
        plain.metrics.restarts > quota,
        "more restarts than the quota"
    );
    assert_eq!(restarts[..quota as usize], (1..=quota).collect::<Vec<_>>());
    assert_eq!(replay.positions[0], 0, "the first frame is kept");
    assert_eq!(
        replay.frames_seen,
        plain.metrics.steps + plain.metrics.restarts + 1
    );
    let html = animate::html::render(&replay);
    assert!(html.contains("id=\"sampled\""));
}

#[test]
fn boards_above_the_limit_are_refused() {
    let algorithm = find_algorithm("backtracking").expect("registered");
    let (params, solver) = algorithm.instantiate(&[]).expect("defaults");
    let spec = ReplaySpec {
        solver: &*solver,
        algorithm: algorithm.name,
        params: &params,
        n: MAX_N + 1,
        seed: 0,
        budget: Budget::UNLIMITED,
        frames: SVG_FRAMES,
        start: None,
    };
    let error = animate::record(&spec).expect_err("N = 33 refused");
    assert!(matches!(error, AnimateError::TooLarge { n: 33 }));
    assert!(error.to_string().contains("up to N = 32"), "{error}");
}

#[test]
fn the_html_is_self_contained_and_the_svg_parses() {
    let (replay, _) = replay_and_plain("min-conflicts", &[], 8, 1, None, SVG_FRAMES);
    let html = animate::html::render(&replay);
    for outside in ["http", "src=", "<link", "@import", "url("] {
        assert!(!html.contains(outside), "the page holds {outside}");
    }
    let data_start = html.find("id=\"replay-data\"").expect("the frames");
    let json_start = html[data_start..].find('>').expect("tag ends") + data_start + 1;
    let json_end = html[json_start..].find("</script>").expect("closed") + json_start;
    let data: serde_json::Value = serde_json::from_str(&html[json_start..json_end]).expect("JSON");
    assert_eq!(
        data["frames"].as_array().map(Vec::len),
        Some(replay.frames.len())
    );
    let svg = animate::svg::render(&replay);
    let tree = usvg::Tree::from_str(&svg, &usvg::Options::default()).expect("the SVG parses");
    assert!(tree.size().width() > 0.0);
    assert_eq!(svg.matches("<animate ").count(), replay.frames.len());
}

#[test]
fn the_command_writes_the_file_and_reports_what_solve_reports() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = queens(
        dir.path(),
        &[
            "animate",
            "-a",
            "backtracking",
            "-n",
            "8",
            "-o",
            "eight.html",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let solve = queens(
        dir.path(),
        &["solve", "-a", "backtracking", "-n", "8", "-q"],
    );
    let solve = String::from_utf8_lossy(&solve.stdout);
    let counters = solve.split(" wall_seconds").next().expect("a line");
    assert!(stdout.contains(counters), "{stdout}\nvs\n{solve}");
    assert!(stdout.contains("tests=876 backtracks=105"), "{stdout}");
    assert!(dir.path().join("eight.html").is_file());

    let out = queens(dir.path(), &["animate", "-n", "8", "-o", "eight.png"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("FILE.svg"));
    let out = queens(dir.path(), &["animate", "-n", "33", "-o", "big.svg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("up to N = 32"));
    assert!(!dir.path().join("big.svg").exists());
}

/// The replay of `algorithm` with `params` at N = 8, seed 3, begun from
/// `start` instead of a drawn board.
fn replay_from(algorithm: &str, params: &[&str], start: &[u32]) -> Replay {
    let algorithm = find_algorithm(algorithm).expect("registered");
    let (params, solver) = algorithm
        .instantiate(&given(params))
        .expect("valid parameters");
    assert_eq!(solver.start_refused(start), None, "{}", algorithm.name);
    let spec = ReplaySpec {
        solver: &*solver,
        algorithm: algorithm.name,
        params: &params,
        n: start.len(),
        seed: 3,
        budget: algorithm.default_budget,
        frames: HTML_FRAMES,
        start: Some(start),
    };
    animate::record(&spec).expect("recorded")
}

#[test]
fn a_search_given_a_start_board_begins_from_it_and_its_replay_says_so() {
    // 04752613 is the first 8-queens solution in lexicographic order, so
    // a search begun from it stops at once on it; 01234567 (every queen on
    // one diagonal, 28 attacking pairs) is the first board shown.
    let solution = [0, 4, 7, 5, 2, 6, 1, 3];
    let diagonal = [0, 1, 2, 3, 4, 5, 6, 7];
    assert_eq!(attacking_pairs(&diagonal), 28);
    for (algorithm, params) in [
        ("min-conflicts", &["variant=random"][..]),
        ("min-conflicts", &["variant=blog"][..]),
        ("naive-repair", &["variant=random"][..]),
        ("naive-repair", &["variant=blog"][..]),
        ("annealing", &["variant=hesham"][..]),
        ("annealing", &["variant=permutation"][..]),
        ("hill-climbing", &["sideways=100"][..]),
    ] {
        let solved = replay_from(algorithm, params, &solution);
        assert_eq!(
            solved
                .outcome
                .solution
                .as_ref()
                .map(|s| s.columns().to_vec()),
            Some(solution.to_vec()),
            "{algorithm} {params:?}"
        );
        assert_eq!(solved.outcome.metrics.steps, 0, "{algorithm} {params:?}");
        assert!(solved.command.contains("04752613"), "{}", solved.command);
        let repaired = replay_from(algorithm, params, &diagonal);
        let first: Vec<Option<u32>> = diagonal.iter().map(|&c| Some(c)).collect();
        assert_eq!(repaired.frames[0].board, first, "{algorithm} {params:?}");
    }
}

#[test]
fn searches_that_do_not_repair_a_board_refuse_a_start() {
    let (_, permutation_only) = find_algorithm("annealing")
        .expect("registered")
        .instantiate(&given(&["variant=permutation"]))
        .expect("valid");
    assert!(permutation_only.start_refused(&[0, 0, 1, 2]).is_some());
    for (algorithm, params) in [
        ("backtracking", &[][..]),
        ("min-conflicts", &["variant=fast"][..]),
        ("genetic", &[][..]),
    ] {
        let (_, solver) = find_algorithm(algorithm)
            .expect("registered")
            .instantiate(&given(params))
            .expect("valid");
        let why = solver.start_refused(&[1, 3, 0, 2]);
        assert!(why.is_some(), "{algorithm} {params:?} accepted a start");
    }
}

#[test]
fn forward_checking_frames_shade_exactly_the_squares_its_queens_attack() {
    // Forward checking removes from each empty row the columns a placed
    // queen attacks: after a consistent placement whose inference left
    // every empty row a value, the pruned squares are exactly the attacked
    // squares of the empty rows.
    let (replay, _) = replay_and_plain(
        "csp",
        &["inference=forward-checking"],
        8,
        0,
        None,
        HTML_FRAMES,
    );
    let mut compared = 0;
    for frame in &replay.frames {
        let View::Test {
            safe: true,
            pruned: Some(pruned),
            ..
        } = &frame.view
        else {
            continue;
        };
        let placed: Vec<(u32, u32)> = (0..8u32)
            .filter_map(|r| Some((r, frame.board[r as usize]?)))
            .collect();
        let attacked: Vec<[u32; 2]> = (0..8u32)
            .filter(|&r| frame.board[r as usize].is_none())
            .flat_map(|r| (0..8u32).map(move |c| [r, c]))
            .filter(|&[r, c]| {
                placed
                    .iter()
                    .any(|&(pr, pc)| attack((pr as usize, pc), (r as usize, c)))
            })
            .collect();
        assert!(pruned.iter().all(|s| attacked.contains(s)), "{frame:?}");
        let wiped_out = (0..8u32)
            .filter(|&r| frame.board[r as usize].is_none())
            .any(|r| (0..8).all(|c| attacked.contains(&[r, c])));
        if !wiped_out {
            assert_eq!(pruned, &attacked, "{frame:?}");
            compared += 1;
        }
    }
    assert!(compared > 20, "only {compared} frames compared");
}

/// The `data-pair` attributes of the lines of `markup`, each `[r1, c1, r2,
/// c2]`, in order.
fn drawn_pairs(markup: &str) -> Vec<[u32; 4]> {
    markup
        .split("data-pair=\"")
        .skip(1)
        .map(|rest| {
            let value = &rest[..rest.find('"').expect("closed")];
            let numbers: Vec<u32> = value
                .split(',')
                .map(|x| x.parse().expect("a number"))
                .collect();
            numbers.try_into().expect("four numbers")
        })
        .collect()
}

/// The attacking pairs of a board, by hand: every two queens on one row,
/// column or diagonal.
fn pairs_of(board: &[Option<u32>]) -> Vec<[u32; 4]> {
    let queens: Vec<(usize, u32)> = board
        .iter()
        .enumerate()
        .filter_map(|(r, c)| c.map(|c| (r, c)))
        .collect();
    let mut pairs = Vec::new();
    for (i, &a) in queens.iter().enumerate() {
        for &b in &queens[i + 1..] {
            if a.0 == b.0 || attack(a, b) {
                pairs.push([a.0 as u32, a.1, b.0 as u32, b.1]);
            }
        }
    }
    pairs
}

#[test]
fn every_frame_of_the_svg_draws_its_attacking_pairs() {
    let (replay, _) = replay_and_plain("min-conflicts", &[], 8, 3, None, SVG_FRAMES);
    let svg = animate::svg::render(&replay);
    let groups: Vec<&str> = svg.split("<g visibility=").skip(1).collect();
    assert_eq!(groups.len(), replay.frames.len());
    let mut lines = 0;
    for (frame, group) in replay.frames.iter().zip(&groups) {
        let drawn = drawn_pairs(group);
        assert_eq!(drawn, pairs_of(&frame.board));
        let columns: Vec<u32> = frame.board.iter().map(|c| c.expect("full")).collect();
        assert_eq!(drawn.len() as u64, attacking_pairs(&columns));
        lines += drawn.len();
    }
    assert!(lines > 0, "min-conflicts starts with attacks");
    // The last frame is a solution: nothing attacks.
    assert!(
        groups
            .last()
            .expect("frames")
            .contains("no two queens attack each other")
    );
}

#[test]
fn solve_svg_of_an_unsolved_search_draws_the_last_board_with_its_attacks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let args = [
        "solve",
        "-a",
        "min-conflicts",
        "-n",
        "8",
        "--max-steps",
        "1",
    ];
    let out = queens(dir.path(), &[&args[..], &["--svg", "last.svg"]].concat());
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let json = queens(dir.path(), &[&args[..], &["--json"]].concat());
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let conflicts = json["metrics"]["final_conflicts"]
        .as_u64()
        .expect("a count");
    let svg = std::fs::read_to_string(dir.path().join("last.svg")).expect("written");
    assert!(conflicts > 0);
    assert_eq!(drawn_pairs(&svg).len() as u64, conflicts, "{svg}");
    assert!(svg.contains("no solution (budget_steps)"), "{svg}");
    assert!(
        svg.contains(&format!("{conflicts} attacking pairs")),
        "{svg}"
    );
    assert!(usvg::Tree::from_str(&svg, &usvg::Options::default()).is_ok());
    // A solution has none, and says so.
    let out = queens(
        dir.path(),
        &[
            "solve",
            "-a",
            "backtracking",
            "-n",
            "8",
            "--svg",
            "eight.svg",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let svg = std::fs::read_to_string(dir.path().join("eight.svg")).expect("written");
    assert!(drawn_pairs(&svg).is_empty());
    assert!(svg.contains("no two queens attack each other"));
    assert!(svg.contains("1 5 8 6 3 7 2 4"), "columns from 1: {svg}");
}

#[test]
fn a_race_plays_two_searches_of_one_board_in_lockstep() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = queens(
        dir.path(),
        &[
            "animate",
            "-a",
            "backtracking",
            "-n",
            "8",
            "--seed",
            "1",
            "--versus",
            "-a min-conflicts",
            "-o",
            "race.html",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("a race: 982 frames vs"), "{stdout}");
    assert!(
        stdout.contains("solved: backtracking n=8 seed=1"),
        "{stdout}"
    );
    assert!(
        stdout.contains("solved: min-conflicts n=8 seed=1"),
        "{stdout}"
    );
    let html = std::fs::read_to_string(dir.path().join("race.html")).expect("written");
    let start = html.find("id=\"replay-data\"").expect("the frames");
    let start = html[start..].find('>').expect("tag ends") + start + 1;
    let end = html[start..].find("</script>").expect("closed") + start;
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).expect("JSON");
    let sides = data["sides"].as_array().expect("two sides");
    assert_eq!(sides.len(), 2);
    assert_eq!(sides[0]["algorithm"], "backtracking");
    assert_eq!(sides[1]["algorithm"], "min-conflicts");
    let ticks = data["ticks"].as_array().expect("a clock");
    // Backtracking's 982 moments outlast min-conflicts': one tick each.
    assert_eq!(ticks.len(), 982);
    assert_eq!(ticks[0], serde_json::json!([0, 0, 0]));
    // The same algorithm with a second parameter set, N and seed inherited.
    let out = queens(
        dir.path(),
        &[
            "animate",
            "-a",
            "naive-repair",
            "-n",
            "8",
            "--seed",
            "1",
            "--versus",
            "--param variant=blog",
            "-o",
            "blog.html",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        stdout.matches("solved: naive-repair n=8 seed=1").count(),
        2,
        "{stdout}"
    );
}

#[test]
fn a_race_refuses_another_board_another_seed_and_svg() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (versus, output, says) in [
        (
            "-n 9",
            "x.html",
            "a race runs both searches with the same N (-n 8): drop -n from --versus",
        ),
        (
            "--seed 4",
            "x.html",
            "the same seed (--seed 0): drop --seed from --versus",
        ),
        ("-a min-conflicts", "x.svg", "drawn as an HTML page only"),
        (
            "--frobnicate",
            "x.html",
            "unexpected argument '--frobnicate'",
        ),
        ("-a 'min-conflicts", "x.html", "close its quotes"),
        (
            "-a nope",
            "x.html",
            "the --versus search: unknown algorithm 'nope'",
        ),
    ] {
        let out = queens(
            dir.path(),
            &["animate", "-n", "8", "--versus", versus, "-o", output],
        );
        assert_eq!(out.status.code(), Some(2), "{versus}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{versus}: {stderr}");
        assert!(out.stdout.is_empty(), "{versus}: nothing ran");
    }
    assert!(!dir.path().join("x.html").exists() && !dir.path().join("x.svg").exists());
}

/// The JSON of a page's `#replay-data`.
fn page_data(html: &str) -> serde_json::Value {
    let start = html.find("id=\"replay-data\"").expect("the frames");
    let start = html[start..].find('>').expect("tag ends") + start + 1;
    let end = html[start..].find("</script>").expect("closed") + start;
    serde_json::from_str(&html[start..end]).expect("JSON")
}

#[test]
fn a_replay_on_an_instance_carries_it_once_and_draws_it() {
    use queens::animate::race::{RACE_FRAMES, Race};
    use queens::base::instance::{Diagonal, Instance, Origin};
    // Backtracking's first 8-queens solution is 0 4 7 5 2 6 1 3 (seed
    // free): an instance blocking squares off it and giving its queen of
    // row 0 is solved by that board, so the trial path accepts it.
    let blocked = [(0, 1), (1, 0), (2, 2), (3, 3), (7, 7)];
    let instance = Instance::build(8, &blocked, &[(0, 0)], &[] as &[Diagonal], Origin::Plain)
        .expect("an instance");
    let record = |frames| {
        let algorithm = find_algorithm("backtracking").expect("registered");
        let (params, solver) = algorithm.instantiate(&given(&[])).expect("defaults");
        let spec = ReplaySpec {
            solver: &*solver,
            algorithm: algorithm.name,
            params: &params,
            n: 8,
            seed: 1,
            budget: Budget::UNLIMITED,
            frames,
            start: None,
        };
        animate::record_on(&spec, Some(&instance)).expect("recorded")
    };
    let replay = record(HTML_FRAMES);
    assert!(replay.outcome.is_solved());
    let marks = replay.instance.as_ref().expect("the instance's marks");
    assert_eq!(marks.blocked.len(), 5);
    assert_eq!(marks.given, [[0, 0]]);

    // The page's data holds the instance once, beside the frames, not in
    // them.
    let html = animate::html::render(&replay);
    let data = page_data(&html);
    let expected: Vec<serde_json::Value> = blocked
        .iter()
        .map(|&(r, c)| serde_json::json!([r, c]))
        .collect();
    assert_eq!(data["instance"]["blocked"], serde_json::json!(expected));
    assert_eq!(data["instance"]["given"], serde_json::json!([[0, 0]]));
    assert_eq!(html.matches("\"blocked\":").count(), 1, "once per page");
    assert!(
        data["frames"]
            .as_array()
            .expect("frames")
            .iter()
            .all(|f| f.get("instance").is_none())
    );
    assert!(html.contains("a dark crossed square (✕) is blocked"));
    assert!(html.contains("an outlined queen in a dashed frame was given"));

    // The SVG replay draws each blocked square once (under every frame)
    // and the given queen, outlined, in every frame.
    let short = record(SVG_FRAMES);
    let svg = animate::svg::render(&short);
    assert_eq!(svg.matches("<g class=\"blocked\"").count(), 5);
    assert_eq!(
        svg.matches("<g class=\"given\" data-square=\"0,0\"")
            .count(),
        short.frames.len()
    );
    assert!(usvg::Tree::from_str(&svg, &usvg::Options::default()).is_ok());

    // A race carries it once too, and refuses two boards.
    let race = Race::new([record(RACE_FRAMES), record(RACE_FRAMES)]).expect("a race");
    let data = page_data(&animate::race::render(&race));
    assert_eq!(data["instance"]["given"], serde_json::json!([[0, 0]]));
    assert!(data["sides"][0].get("instance").is_none());
    let mut plain = record(RACE_FRAMES);
    plain.instance = None;
    let error = Race::new([record(RACE_FRAMES), plain]).expect_err("two boards");
    assert!(
        matches!(error, AnimateError::RaceInstance { .. }),
        "{error}"
    );
}
