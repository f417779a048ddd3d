//! The incomplete searches on instances of the hard variants (blocked
//! squares, given queens, excluded diagonals): every algorithm and variant
//! that takes instances either solves one (through the trial path, which
//! validates the board and checks it against the instance) or stops on its
//! budget; no board it shows ever puts a queen on a blocked square or moves
//! a given queen; a unique solution is found exactly; and the variants that
//! refuse instances say so, in the library and through `queens run`.

mod common;

use common::search::given;

use proptest::prelude::*;
use queens::base::instance::generate::generate;
use queens::base::instance::{Generator, Instance, Origin};
use queens::solvers::blocks::boards::{FreeBoard, RowBoard};
use queens::solvers::blocks::domains::Domains;
use queens::solvers::blocks::frame::{Frame, View};
use queens::solvers::{Configured, Metrics, Trace};
use queens::trial::{Trial, run_trial};
use queens::{Budget, StopReason, find_algorithm, validate};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// Every configuration that takes instances, with its step budget (small:
/// the tests are about keeping to the instance, not about solving). The
/// trials also get as many restarts: a stuck climb restarts without a
/// step, so a step budget alone would not end `hill-climbing` on an
/// instance where every climb is stuck at once.
const ACCEPTED: &[(&str, &[&str], u64)] = &[
    ("min-conflicts", &[], 400),
    ("min-conflicts", &["patience=0"], 200),
    ("min-conflicts", &["patience=3"], 200),
    ("naive-repair", &[], 400),
    ("naive-repair", &["restart_after=5"], 200),
    ("hill-climbing", &[], 150),
    ("hill-climbing", &["sideways=20"], 150),
    ("annealing", &[], 800),
    ("annealing", &["variant=hesham"], 800),
    ("genetic", &["variant=hesham"], 60),
    ("random-restart", &[], 1_500),
    ("random-restart", &["permutation=true"], 1_500),
];

/// The configurations that refuse instances.
const REFUSED: &[(&str, &[&str])] = &[
    ("min-conflicts", &["variant=blog"]),
    ("min-conflicts", &["variant=fast"]),
    ("naive-repair", &["variant=blog"]),
    ("genetic", &[]),
    ("genetic", &["variant=permutation"]),
];

/// Builds `algorithm` with `params`.
fn configured(algorithm: &str, params: &[&str]) -> Box<dyn Configured> {
    find_algorithm(algorithm)
        .expect("registered")
        .instantiate(&given(params))
        .expect("valid parameters")
        .1
}

/// Keeps every frame of a replay.
#[derive(Default)]
struct Frames(Vec<Frame>);

impl Trace for Frames {
    fn record(&mut self, _: &Metrics, _: u64) {}
    fn wants_frames(&self) -> bool {
        true
    }
    fn frame(&mut self, frame: &Frame) {
        self.0.push(frame.clone());
    }
}

/// Whether every queen `frame` shows stands on an allowed square and every
/// given queen shown is in place; the reason when not.
fn keeps_to(instance: &Instance, frame: &Frame) -> Result<(), String> {
    for (row, square) in frame.board.iter().enumerate() {
        let Some(column) = *square else { continue };
        if let Some(given) = instance.given(row)
            && given != column
        {
            return Err(format!("row {row}: given {given}, shown {column}"));
        }
        if !instance.is_allowed(row, column) {
            return Err(format!("row {row}: column {column} is blocked"));
        }
    }
    Ok(())
}

/// The generator of kind `kind` (0 blocked, 1 completion, 2 diagonals) at
/// size `n`, its parameters read from `a` and `b` (any values: they are cut
/// down to what the board holds).
fn generator(kind: u8, n: u64, a: u64, b: u64) -> Generator {
    let min_free = b % 3;
    match kind {
        0 => Generator::Blocked {
            blocks: a % (n * (n - min_free) + 1),
            min_free,
        },
        1 => Generator::Completion {
            queens: a % (n / 2 + 1),
        },
        _ => Generator::Diagonals {
            diagonals: a % (n + 1),
            min_free,
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_accepting_search_keeps_to_the_instance_and_ends(
        kind in 0u8..3,
        n in 4u64..=14,
        a in any::<u64>(),
        b in any::<u64>(),
        instance_seed in any::<u64>(),
        seed in any::<u64>(),
    ) {
        let generator = generator(kind, n, a, b);
        let instance = generate(n, generator, instance_seed);
        prop_assume!(instance.is_ok());
        let instance = instance.expect("generated");
        for &(algorithm, params, steps) in ACCEPTED {
            let what = format!("{algorithm} {params:?} on {generator} at N = {n}");
            let solver = configured(algorithm, params);
            prop_assert_eq!(solver.instance_refused(), None, "{}", what);
            let mut frames = Frames::default();
            let budget = Budget {
                max_restarts: Some(steps),
                ..Budget::steps(steps)
            };
            let result = run_trial(
                Trial::new(solver.as_ref(), n as usize, seed, budget)
                    .with_instance(&instance)
                    .with_trace(&mut frames),
            );
            prop_assert!(result.is_ok(), "{}: {:?}", what, result.err());
            let outcome = result.expect("valid").outcome;
            match &outcome.solution {
                Some(solution) => {
                    prop_assert_eq!(validate(solution.columns()), Ok(()), "{}", what);
                    prop_assert_eq!(instance.check(solution.columns()), Ok(()), "{}", what);
                    prop_assert_eq!(outcome.stop_reason, StopReason::Solved, "{}", what);
                }
                None => {
                    prop_assert!(
                        matches!(
                            outcome.stop_reason,
                            StopReason::BudgetSteps | StopReason::BudgetRestarts
                        ),
                        "{}: {:?}",
                        what,
                        outcome.stop_reason
                    );
                    prop_assert!(outcome.metrics.steps <= steps, "{}", what);
                    prop_assert!(outcome.metrics.restarts <= steps, "{}", what);
                }
            }
            for frame in &frames.0 {
                let kept = keeps_to(&instance, frame);
                prop_assert!(kept.is_ok(), "{}: {:?} at {:?}", what, kept, frame.view);
            }
        }
    }
}

/// Blocks every square of the 8×8 board but the solution's in all rows but
/// `free`, which keep every square.
fn all_but(solution: &[u32], free: [usize; 2]) -> Instance {
    let n = solution.len();
    let blocked: Vec<(u64, u64)> = (0..n)
        .filter(|r| !free.contains(r))
        .flat_map(|r| {
            (0..n as u64)
                .filter(move |&c| c != u64::from(solution[r]))
                .map(move |c| (r as u64, c))
        })
        .collect();
    Instance::build(n, &blocked, &[], &[], Origin::Plain).expect("an instance")
}

/// Every solution of `instance`, by enumerating the allowed squares row
/// by row, a partial board kept only while no two of its queens attack.
fn solutions(instance: &Instance) -> Vec<Vec<u32>> {
    let n = instance.n();
    let mut found = Vec::new();
    let mut board = Vec::with_capacity(n);
    fn extend(instance: &Instance, board: &mut Vec<u32>, found: &mut Vec<Vec<u32>>) {
        let row = board.len();
        if row == instance.n() {
            if instance.check(board).is_ok() {
                found.push(board.clone());
            }
            return;
        }
        let columns: Vec<u32> = match instance.given(row) {
            Some(column) => vec![column],
            None => instance.allowed_columns(row).collect(),
        };
        for column in columns {
            board.push(column);
            if validate_partial(board) {
                extend(instance, board, found);
            }
            board.pop();
        }
    }
    extend(instance, &mut board, &mut found);
    found
}

/// Whether the last queen of `board` (one per row so far) attacks none of
/// the others.
fn validate_partial(board: &[u32]) -> bool {
    let (last, rest) = board.split_last().expect("a queen");
    let row = rest.len();
    rest.iter()
        .enumerate()
        .all(|(r, &c)| c != *last && row - r != c.abs_diff(*last) as usize)
}

#[test]
fn every_accepting_search_solves_solvable_instances() {
    // Instances of each kind at N = 8 that have a solution (by
    // enumeration), each searched from two seeds under a budget that is
    // ample for all but the slowest searches.
    let mut instances = Vec::new();
    for seed in 0..40 {
        for generator in [
            Generator::Blocked {
                blocks: 16,
                min_free: 2,
            },
            Generator::Completion { queens: 2 },
            Generator::Diagonals {
                diagonals: 3,
                min_free: 2,
            },
        ] {
            let instance = generate(8, generator, seed).expect("an instance");
            if !solutions(&instance).is_empty() && instances.len() < 9 {
                instances.push(instance);
            }
        }
    }
    assert_eq!(instances.len(), 9);
    for &(algorithm, params, _) in ACCEPTED {
        let solver = configured(algorithm, params);
        let budget = Budget {
            max_steps: Some(200_000),
            max_restarts: Some(200_000),
            ..Budget::UNLIMITED
        };
        let mut solved = 0;
        for instance in &instances {
            for seed in 0..2 {
                let outcome =
                    run_trial(Trial::new(solver.as_ref(), 8, seed, budget).with_instance(instance))
                        .expect("a valid board")
                        .outcome;
                solved += usize::from(outcome.is_solved());
            }
        }
        // Those that solve less: min-conflicts without restarts cycles on
        // a plateau of a constrained board, Hesham's schedule freezes in a
        // local minimum once cold, his GA needs many generations, and one
        // uniformly random board in about 10^5 solves N = 8.
        let least = match (algorithm, params) {
            ("min-conflicts", ["patience=0"]) => 6,
            ("annealing", ["variant=hesham"]) => 12,
            ("genetic", _) => 15,
            ("random-restart", []) => 5,
            _ => 18,
        };
        assert!(
            solved >= least,
            "{algorithm} {params:?}: {solved} of 18 solved, expected at least {least}"
        );
    }
}

#[test]
fn min_conflicts_finds_the_one_solution_of_a_hand_made_instance() {
    let solution = [0, 4, 7, 5, 2, 6, 1, 3];
    let instance = all_but(&solution, [1, 5]);
    // Rows 1 and 5 may take any column, the others one: rows 1 and 5 must
    // share the two columns left (4 and 6), and the swap (6 in row 1, 4 in
    // row 5) puts row 1's queen on a diagonal with row 2's (column 7).
    assert_eq!(solutions(&instance), vec![solution.to_vec()]);
    let solver = configured("min-conflicts", &[]);
    for seed in 0..40 {
        let result = run_trial(
            Trial::new(solver.as_ref(), 8, seed, Budget::steps(100_000)).with_instance(&instance),
        )
        .expect("a valid board");
        let found = result.outcome.solution.expect("solved");
        assert_eq!(found.columns(), &solution, "seed {seed}");
    }
}

#[test]
fn fresh_boards_keep_blocked_squares_free_and_given_queens_in_place() {
    // A completion instance with blocks added by hand.
    let completion = generate(12, Generator::Completion { queens: 4 }, 7).expect("an instance");
    let given: Vec<(u64, u64)> = completion
        .given_queens()
        .map(|(r, c)| (u64::from(r), u64::from(c)))
        .collect();
    let blocked: Vec<(u64, u64)> = (0..12u64)
        .flat_map(|r| [(r, (r * 5) % 12), (r, (r * 7 + 3) % 12)])
        .filter(|&(r, c)| !given.contains(&(r, c)))
        .collect();
    let instance = Instance::build(12, &blocked, &given, &[], Origin::Plain).expect("an instance");
    let domains = Domains::new(&instance);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut board = FreeBoard::random_in(&domains, &mut rng);
    for _ in 0..500 {
        assert_eq!(instance.check(board.columns()), Ok(()));
        board.reset_in(&domains, &mut rng);
    }
    // Through the searches: every frame, the start and every restart
    // included, keeps to the instance, and restarts happen.
    for (algorithm, params) in [
        ("min-conflicts", &["patience=2"][..]),
        ("naive-repair", &["restart_after=3"][..]),
        ("hill-climbing", &[][..]),
    ] {
        let solver = configured(algorithm, params);
        let mut restarts = 0;
        for seed in 0..10 {
            let mut frames = Frames::default();
            run_trial(
                Trial::new(solver.as_ref(), 12, seed, Budget::steps(300))
                    .with_instance(&instance)
                    .with_trace(&mut frames),
            )
            .expect("a valid board");
            for frame in &frames.0 {
                assert_eq!(
                    keeps_to(&instance, frame),
                    Ok(()),
                    "{algorithm} seed {seed}"
                );
                restarts += usize::from(frame.view == View::Restart);
            }
        }
        assert!(restarts > 0, "{algorithm}: no fresh board was drawn");
    }
}

#[test]
fn a_row_without_an_allowed_square_runs_out_the_budget() {
    let blocked: Vec<(u64, u64)> = (0..6).map(|c| (3, c)).collect();
    let instance = Instance::build(6, &blocked, &[], &[], Origin::Plain).expect("an instance");
    for &(algorithm, params, _) in ACCEPTED {
        let solver = configured(algorithm, params);
        let outcome = run_trial(
            Trial::new(solver.as_ref(), 6, 1, Budget::steps(50)).with_instance(&instance),
        )
        .expect("no board")
        .outcome;
        assert_eq!(
            (outcome.stop_reason, outcome.metrics.steps),
            (StopReason::BudgetSteps, 50),
            "{algorithm} {params:?}"
        );
    }
}

#[test]
fn the_variants_that_refuse_instances_say_so() {
    for &(algorithm, params) in REFUSED {
        let reason = configured(algorithm, params).instance_refused();
        let reason = reason.unwrap_or_else(|| panic!("{algorithm} {params:?} takes instances"));
        assert!(
            reason.contains("variant="),
            "{algorithm} {params:?}: {reason}"
        );
    }
    for &(algorithm, params, _) in ACCEPTED {
        assert_eq!(configured(algorithm, params).instance_refused(), None);
    }
}

#[test]
fn a_plan_giving_instances_to_min_conflicts_fast_is_refused() {
    let dir = common::setup(
        r#"
name = "refused"
seed = 1
sizes = [8]
trials = 2

[instance]
generator = "blocked"
blocks = 6

[[algorithm]]
name = "min-conflicts"
params = { variant = "fast" }
"#,
    );
    let out = common::queens(
        dir.path(),
        &[
            "run", "exp.toml", "--data", "data", "--plots", "plots", "--quiet",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", common::stderr(&out));
    let message = common::stderr(&out);
    assert!(message.contains("variant=fast"), "{message}");
    assert!(!dir.path().join("data").join("runs.csv").exists());
}
