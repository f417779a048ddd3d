//! The exact searches on instances of the hard variants (blocked N-Queens,
//! N-Queens completion, excluded diagonals), against an independent
//! brute-force count written here, sharing no code with the library's
//! searches (it reads the instance's allowed squares and given queens
//! only):
//!
//! - the instance counter (`queens::counting::instance`) counts exactly
//!   what brute force counts, for every N from 1 to 10 and hundreds of
//!   generated instances of each kind;
//! - `backtracking` (both modes) and every `csp` combination, run through
//!   the trial path (`run_trial` with the instance, so the validator and
//!   `Instance::check` see every solution), solve exactly the instances
//!   that have a solution and end `exhausted` exactly on those that have
//!   none; `mode = exhaustive` counts the instance's solutions;
//! - `queens count --instance` prints the brute-force count, and refuses a
//!   bad SPEC (exit 2) saying what to give;
//! - a plan of generated instances with solved and exhausted trials runs
//!   (`queens run`, exit 0) and runs.csv records both with their
//!   instances.

mod common;

use queens::base::board::validate;
use queens::base::instance::generate::generate;
use queens::base::instance::source::instance_seed;
use queens::base::instance::{Generator, Instance};
use queens::counting::instance::InstanceCounter;
use queens::solvers::Configured;
use queens::trial::{Trial, run_trial};
use queens::{Budget, StopReason, find_algorithm};

use common::search::{configurations, given};

/// Whether the queens of the first rows, `columns`, and a queen at
/// (`row`, `column`) attack: compared pair by pair.
fn attacks(columns: &[u32], row: usize, column: u32) -> bool {
    columns
        .iter()
        .enumerate()
        .any(|(r, &c)| c == column || (row - r) as u32 == c.abs_diff(column))
}

/// Whether a queen may stand on (`row`, `column`) of `instance`, read from
/// its squares: allowed, and the given queen's square in a row with one.
fn may_stand(instance: &Instance, row: usize, column: u32) -> bool {
    instance.is_allowed(row, column) && instance.given(row).is_none_or(|g| g == column)
}

/// The solutions of `instance`, counted by trying every column of every
/// row, top to bottom, each against every queen above it.
fn brute_force(instance: &Instance) -> u64 {
    fn below(instance: &Instance, columns: &mut Vec<u32>) -> u64 {
        let row = columns.len();
        if row == instance.n() {
            return 1;
        }
        let mut total = 0;
        for column in 0..instance.n() as u32 {
            if may_stand(instance, row, column) && !attacks(columns, row, column) {
                columns.push(column);
                total += below(instance, columns);
                columns.pop();
            }
        }
        total
    }
    below(instance, &mut Vec::with_capacity(instance.n()))
}

/// The generators' settings covered at size `n`: blocked with a light,
/// a middle and a heavy share of squares blocked and 0 to 2 kept free per
/// line; completion with 1 to N/2 + 1 queens given; excluded diagonals
/// from 1 to 2N with 0 to 2 kept free.
fn settings(n: u64) -> Vec<Generator> {
    let mut all = Vec::new();
    for min_free in 0..=2.min(n) {
        for share in [5, 20, 40, 60] {
            let blocks = (n * n * share / 100).min(n * (n - min_free));
            all.push(Generator::Blocked { blocks, min_free });
        }
        for diagonals in [1, n / 2 + 1, n, 2 * n] {
            all.push(Generator::Diagonals {
                diagonals,
                min_free,
            });
        }
    }
    for queens in 1..=(n / 2 + 1).min(n) {
        all.push(Generator::Completion { queens });
    }
    all
}

/// The instances a test covers at size `n`: each setting from `seeds`
/// seeds (completion, with fewer settings, from three times as many), the
/// impossible ones (too many diagonals for `min_free`, say) left out.
fn instances(n: u64, seeds: u64) -> Vec<Instance> {
    settings(n)
        .into_iter()
        .flat_map(|generator| {
            let seeds = match generator {
                Generator::Completion { .. } => 3 * seeds,
                _ => seeds,
            };
            (0..seeds).filter_map(move |seed| generate(n, generator, seed).ok())
        })
        .collect()
}

/// Which of the three generators made `instance`: 0 blocked, 1
/// completion, 2 diagonals.
fn kind(instance: &Instance) -> usize {
    let origin = instance.origin().to_string();
    ["blocked(", "completion(", "diagonals("]
        .iter()
        .position(|k| origin.starts_with(k))
        .expect("a generated instance")
}

#[test]
fn the_instance_counter_counts_what_brute_force_counts() {
    let mut made = [0usize; 3];
    let mut without = 0;
    for n in 1..=10 {
        for instance in instances(n, 12) {
            let expected = brute_force(&instance);
            let counter = InstanceCounter::new(&instance).expect("N <= 64");
            assert_eq!(
                counter.count_sequential(),
                u128::from(expected),
                "{instance:?}"
            );
            assert_eq!(counter.count(), u128::from(expected), "{instance:?}");
            made[kind(&instance)] += 1;
            without += usize::from(expected == 0);
        }
    }
    // Hundreds of each kind, some without a solution.
    assert!(made.iter().all(|&m| m >= 200), "{made:?}");
    assert!(without >= 100, "{without} instances without a solution");
}

/// Every exact search a test runs on instances: backtracking's modes and
/// every csp combination, with their names.
fn exact_searches() -> Vec<(String, Box<dyn Configured>)> {
    let mut searches = Vec::new();
    for mode in ["first", "exhaustive"] {
        let algorithm = find_algorithm("backtracking").expect("registered");
        let (params, solver) = algorithm
            .instantiate(&given(&[&format!("mode={mode}")]))
            .expect("valid");
        searches.push((format!("backtracking {}", params.canonical()), solver));
    }
    let csp = find_algorithm("csp").expect("registered");
    for config in configurations(csp) {
        let (params, solver) = csp.instantiate(&config).expect("valid");
        searches.push((format!("csp {}", params.canonical()), solver));
    }
    searches
}

#[test]
fn exact_searches_solve_exactly_the_instances_with_a_solution() {
    let searches = exact_searches();
    assert_eq!(searches.len(), 20);
    for (name, solver) in &searches {
        assert_eq!(solver.instance_refused(), None, "{name} takes instances");
    }
    let (mut solved, mut exhausted, mut made) = (0, 0, [0usize; 3]);
    for n in 1..=10 {
        for (i, instance) in instances(n, 6).iter().enumerate() {
            made[kind(instance)] += 1;
            let count = brute_force(instance);
            for (name, solver) in &searches {
                let trial = Trial::new(solver.as_ref(), n as usize, i as u64, Budget::UNLIMITED)
                    .with_instance(instance);
                let outcome = run_trial(trial)
                    .unwrap_or_else(|e| panic!("{name} on {instance:?}: {e}"))
                    .outcome;
                let context = || format!("{name} on {instance:?} ({count} solutions)");
                match &outcome.solution {
                    Some(solution) => {
                        assert!(count > 0, "{}", context());
                        assert_eq!(outcome.stop_reason, StopReason::Solved, "{}", context());
                        assert_eq!(validate(solution.columns()), Ok(()), "{}", context());
                        assert_eq!(instance.check(solution.columns()), Ok(()), "{}", context());
                        solved += 1;
                    }
                    None => {
                        assert_eq!(count, 0, "{}", context());
                        assert_eq!(outcome.stop_reason, StopReason::Exhausted, "{}", context());
                        exhausted += 1;
                    }
                }
                if name.contains("exhaustive") {
                    assert_eq!(outcome.metrics.solutions, count, "{}", context());
                }
            }
        }
    }
    // Hundreds of instances of each kind, both outcomes thousands of times.
    assert!(made.iter().all(|&m| m >= 200), "{made:?}");
    assert!(solved >= 5000 && exhausted >= 5000, "{solved} {exhausted}");
}

#[test]
fn plain_csp_backtracking_counts_as_backtracking_does_on_instances() {
    // csp with static order, columns and no inference is Wirth's search:
    // the same tests and backtracks on an instance as backtracking, so
    // neither tries a blocked square.
    let wirth = find_algorithm("backtracking")
        .expect("registered")
        .instantiate(&[])
        .expect("defaults")
        .1;
    let csp = find_algorithm("csp")
        .expect("registered")
        .instantiate(&[])
        .expect("defaults")
        .1;
    for n in 4..=9 {
        for instance in instances(n, 3) {
            let run = |solver: &dyn Configured| {
                run_trial(
                    Trial::new(solver, n as usize, 0, Budget::UNLIMITED).with_instance(&instance),
                )
                .expect("valid")
                .outcome
            };
            let (a, b) = (run(wirth.as_ref()), run(csp.as_ref()));
            assert_eq!(
                (a.metrics.tests, a.metrics.backtracks, a.stop_reason),
                (b.metrics.tests, b.metrics.backtracks, b.stop_reason),
                "{instance:?}"
            );
            assert_eq!(a.solution, b.solution, "{instance:?}");
        }
    }
}

#[test]
fn construction_refuses_instances_saying_why() {
    let (_, construction) = find_algorithm("construction")
        .expect("registered")
        .instantiate(&[])
        .expect("defaults");
    let reason = construction.instance_refused().expect("refused");
    assert!(reason.contains("blocked squares"), "{reason}");
    assert!(reason.contains("backtracking or csp"), "{reason}");
}

/// Runs `queens count` with `args`.
fn count(args: &[&str]) -> std::process::Output {
    let mut all = vec!["count"];
    all.extend_from_slice(args);
    common::queens_here(&all)
}

#[test]
fn count_instance_prints_the_brute_force_count() {
    let mut seen_none = false;
    for (n, spec) in [
        (6, "blocked(blocks=10,min_free=1,seed=7)"),
        (7, "blocked(blocks=20,min_free=0,seed=3)"),
        (8, "completion(queens=3,seed=11)"),
        (8, "diagonals(diagonals=6,min_free=2,seed=5)"),
        (5, "plain"),
    ] {
        let origin: queens::base::instance::Origin = spec.parse().expect("an origin");
        let instance = match origin {
            queens::base::instance::Origin::Generated { generator, seed } => {
                generate(n, generator, seed).expect("possible")
            }
            _ => Instance::plain(n as usize).expect("a size"),
        };
        let expected = brute_force(&instance);
        seen_none |= expected == 0;
        let size = n.to_string();
        let out = count(&["--instance", spec, "-n", &size, "--json", "--threads", "2"]);
        assert_eq!(
            out.status.code(),
            Some(if expected == 0 { 1 } else { 0 }),
            "{out:?}"
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one object");
        assert_eq!(json["solutions"], expected, "{spec}");
        assert_eq!(json["n"], n);
        assert_eq!(json["instance"], spec);
        assert_eq!(json["blocked"], instance.blocked_count() as u64);
        assert_eq!(json["given"], instance.given_count() as u64);
        assert_eq!(json["threads"], 2);
        let keys: Vec<&str> = json
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys.len(),
            7,
            "n, instance, blocked, given, solutions, threads, seconds: {keys:?}"
        );
        let text = count(&["--instance", spec, "-n", &size]);
        let text = String::from_utf8(text.stdout).expect("UTF-8");
        assert!(
            text.starts_with(&format!("N = {n}, instance {spec} (")),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                ": {expected} solution{}\n",
                if expected == 1 { "" } else { "s" }
            )),
            "{text}"
        );
    }
    assert!(seen_none, "one spec has no solution (exit 1)");
}

#[test]
fn count_instance_reads_a_file_through_the_reader() {
    // An Essence′ parameter file (1-based squares): blocks (0, 1) and
    // (2, 3) of a 6×6 board.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("block.param");
    let text = "letting n = 6\nletting blocks = [[1,2],[3,4]]\n";
    std::fs::write(&file, text).expect("written");
    let path = file.to_str().expect("UTF-8");
    let hash = queens::base::records::csv_file::sha256(text.as_bytes());
    let expected = Instance::build(
        6,
        &[(0, 1), (2, 3)],
        &[],
        &[],
        queens::base::instance::Origin::Plain,
    )
    .expect("valid");
    let solutions = brute_force(&expected);
    assert!(solutions > 0);
    let with_hash = format!("file({path},sha256={hash})");
    for spec in [path, with_hash.as_str()] {
        let out = count(&["--instance", spec, "--json"]);
        match queens::base::instance::read::read_file(&file, path) {
            // The reader is there: the file's count is brute force's.
            Ok(read) => {
                assert_eq!(read.blocked_squares().collect::<Vec<_>>(), [(0, 1), (2, 3)]);
                assert_eq!(out.status.code(), Some(0), "{out:?}");
                let json: serde_json::Value =
                    serde_json::from_slice(&out.stdout).expect("one object");
                assert_eq!(json["solutions"], solutions);
                assert_eq!(json["n"], 6);
            }
            // Not yet: the reader's refusal is what the command says.
            Err(e) => {
                assert_eq!(out.status.code(), Some(2), "{out:?}");
                assert!(
                    String::from_utf8_lossy(&out.stderr).contains(&e.message),
                    "{out:?}"
                );
            }
        }
    }
}

#[test]
fn count_instance_refuses_a_bad_spec_with_exit_2() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("block.param");
    std::fs::write(&file, "letting n = 6\nletting blocks = [[1,2],[3,4]]\n").expect("written");
    let wrong_hash = format!("file({},sha256={})", file.display(), "0".repeat(64));
    let missing = dir.path().join("absent.param");
    let missing = missing.to_str().expect("UTF-8");
    let cases: [(&[&str], &str); 7] = [
        (
            &["--instance", "blocked(blocks=10,seed=1)", "-n", "6"],
            "needs `min_free`",
        ),
        (
            &["--instance", "blocked(blocks=10,min_free=1,seed=1)"],
            "-n N",
        ),
        (
            &[
                "--instance",
                "blocked(blocks=99,min_free=1,seed=1)",
                "-n",
                "6",
            ],
            "give at most 30 blocks",
        ),
        (&["--instance", "plain", "-n", "65"], "up to N = 64"),
        (
            &["--instance", &wrong_hash],
            "restore it, or give --instance",
        ),
        (&["--instance", missing], "no such file"),
        (
            &["--instance", "plain", "-n", "6", "--checkpoint", "x"],
            "cannot be used with",
        ),
    ];
    for (args, says) in cases {
        let out = count(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_plan_with_solved_and_exhausted_instances_runs_and_records_both() {
    // Blocked 6×6 boards with 4 and with 20 squares blocked, alternately:
    // the light ones mostly have a solution, the heavy ones mostly not.
    let (master, n, trials) = (5u64, 6u64, 12u64);
    let config = format!(
        r#"
name = "exact-instances"
seed = {master}
sizes = [{n}]
trials = {trials}

[instance]
generator = "blocked"
blocks = [4, 20]
min_free = 1

[[algorithm]]
name = "backtracking"

[[algorithm]]
name = "csp"
label = "csp-mac"
params = {{ order = "mrv", inference = "mac" }}
"#
    );
    let dir = common::setup(&config);
    let out = common::queens(
        dir.path(),
        &[
            "run",
            "exp.toml",
            "-q",
            "--threads",
            "2",
            "--data",
            "data",
            "--plots",
            "plots",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let runs = common::table(&dir.path().join("data/runs.csv"));
    let column = |name: &str| {
        runs[0]
            .iter()
            .position(|c| c == name)
            .unwrap_or_else(|| panic!("runs.csv has {name}"))
    };
    let (label, trial, instance, stop, solved) = (
        column("label"),
        column("trial"),
        column("instance"),
        column("stop_reason"),
        column("solved"),
    );
    assert_eq!(runs.len() as u64, 1 + 2 * trials);
    let mut reasons = std::collections::BTreeSet::new();
    for row in &runs[1..] {
        let t: u64 = row[trial].parse().expect("a trial index");
        let blocks = [4, 20][(t % 2) as usize];
        let seed = instance_seed(master, n, t);
        let generator = Generator::Blocked {
            blocks,
            min_free: 1,
        };
        let expected = generate(n, generator, seed).expect("possible");
        assert_eq!(row[instance], expected.origin().to_string());
        let count = brute_force(&expected);
        let want = if count > 0 { "solved" } else { "exhausted" };
        assert_eq!(row[stop], want, "{} trial {t}", row[label]);
        assert_eq!(row[solved], if count > 0 { "TRUE" } else { "FALSE" });
        reasons.insert(row[stop].clone());
    }
    assert_eq!(
        reasons.into_iter().collect::<Vec<_>>(),
        ["exhausted", "solved"],
        "the plan has both kinds of trial"
    );
    assert!(dir.path().join("data/summary.csv").is_file());
}
