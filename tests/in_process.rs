//! In-process solvers (`name = "python:NAME"`, `solvers::in_process`): the
//! config hook builds them from the front end's registry, the trial path
//! hands them the trial's seed, their rows are tagged `python:NAME` with
//! the registered step unit, their failures reach external.log with the
//! Python call that replays them, and a stored config reads back without
//! the front end.

use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use queens::base::board::Placement;
use queens::base::records::{RunRecord, read_rows};
use queens::experiment::config::{self, Programs, load_with};
use queens::run::observer::NoObserver;
use queens::run::runner::{RunOptions, run_experiment};
use queens::solvers::algorithms::external::Failure;
use queens::solvers::in_process::InProcessSolvers;
use queens::solvers::memory::MemoryEstimate;
use queens::solvers::{Configured, Control, Metrics, Outcome, Params, Solver, StopReason};
use rand::rngs::ChaCha8Rng;

const CONFIG: &str = r#"
name = "in-process"
seed = 5
trials = 3
sizes = [4, 5]

[[algorithm]]
name = "python:seeded"
label = "seeded"
params = { offset = 1 }
"#;

/// Solves N = 4 and 5 with a fixed board; fails (as a Python exception
/// would) when the seed it is handed is odd, so each row's stop reason
/// says whether the seed handed over was the row's.
struct Seeded {
    failures: Mutex<Vec<Failure>>,
}

impl Solver for Seeded {
    fn solve(&self, _: usize, _: &mut ChaCha8Rng, _: &mut Control<'_>) -> Outcome {
        unreachable!("the trial path hands the seed")
    }

    fn solve_from_seed(
        &self,
        n: usize,
        seed: u64,
        _: &mut ChaCha8Rng,
        _: &mut Control<'_>,
    ) -> Outcome {
        if seed % 2 == 1 {
            self.failures.lock().expect("lock").push(Failure {
                n,
                seed,
                reason: "the Python solver raised ValueError: odd".to_string(),
                stderr_tail: "Traceback (most recent call last):\nValueError: odd".to_string(),
            });
            return Outcome::unsolved(Metrics::default(), StopReason::SolverError);
        }
        let board = if n == 4 {
            vec![1, 3, 0, 2]
        } else {
            vec![0, 2, 4, 1, 3]
        };
        Outcome::solved(Placement::new(board), Metrics::default())
    }

    fn take_failures(&self) -> Vec<Failure> {
        std::mem::take(&mut *self.failures.lock().expect("lock"))
    }
}

impl Configured for Seeded {
    fn memory(&self, _: usize) -> MemoryEstimate {
        MemoryEstimate::new(0, "")
    }

    fn never_restarts(&self) -> Option<&'static str> {
        None
    }
}

struct Registry;

impl InProcessSolvers for Registry {
    fn build(&self, name: &str, params: &Params) -> Result<(Box<dyn Configured>, String), String> {
        assert_eq!(params.canonical(), "offset=1");
        match name {
            "seeded" => Ok((
                Box::new(Seeded {
                    failures: Mutex::new(Vec::new()),
                }),
                "flip".to_string(),
            )),
            other => Err(format!("no solver {other:?}")),
        }
    }
}

#[test]
fn an_in_process_solver_runs_with_the_trials_seeds_and_tagged_rows() {
    let dir = tempfile::tempdir().expect("temp dir");
    let experiment =
        load_with("in-process.toml", CONFIG, Programs::Check, Some(&Registry)).expect("loads");
    let stop = AtomicBool::new(false);
    let options = RunOptions {
        data_dir: dir.path().to_path_buf(),
        threads: 2,
        fresh: false,
        shard: None,
        observer: &NoObserver,
        interrupt: &stop,
    };
    run_experiment(&experiment, &options).expect("runs");
    let rows: Vec<RunRecord> = read_rows(&dir.path().join("runs.csv")).expect("rows");
    assert_eq!(rows.len(), 6);
    for row in &rows {
        assert_eq!(row.algorithm, "python:seeded");
        assert_eq!(row.step_unit, "flip");
        assert_eq!(row.params, "offset=1");
        let expected = if row.seed % 2 == 1 {
            StopReason::SolverError
        } else {
            StopReason::Solved
        };
        assert_eq!(row.stop_reason, expected, "seed {}", row.seed);
    }
    let log = std::fs::read_to_string(dir.path().join("external.log")).expect("log");
    assert!(
        log.contains(
            r#"queens.solve("seeded", N, seed=SEED, params={"offset": 1}, budget={"time_limit": 60.0})"#
        ),
        "{log}"
    );
    for row in rows.iter().filter(|r| r.seed % 2 == 1) {
        assert!(
            log.contains(&format!(
                "[seeded] n={} seed={}: the Python solver raised ValueError: odd",
                row.n, row.seed
            )),
            "{log}"
        );
        assert!(log.contains("    ValueError: odd"), "{log}");
    }
}

#[test]
fn without_the_front_end_an_in_process_entry_is_refused_or_stands_in() {
    let error = config::load("in-process.toml", CONFIG)
        .err()
        .expect("refused");
    let message = error.to_string();
    assert!(message.contains("in-process.toml:8:8"), "{message}");
    assert!(message.contains("queens.register(\"seeded\""), "{message}");
    let stored =
        config::load_checking("in-process.toml", CONFIG, Programs::AsStored).expect("stands in");
    assert_eq!(stored.entries[0].algorithm.name, "python:seeded");
    assert_eq!(stored.entries[0].label, "seeded");
}

#[test]
fn an_in_process_entry_refuses_the_keys_of_a_program() {
    let text = CONFIG.replace("label = \"seeded\"", "label = \"seeded\"\nstep = \"flip\"");
    let error = load_with("in-process.toml", &text, Programs::Check, Some(&Registry))
        .err()
        .expect("refused");
    let message = error.to_string();
    assert!(message.contains("in-process.toml:10:8"), "{message}");
    assert!(
        message.contains("'python:seeded' runs in process"),
        "{message}"
    );
}

#[test]
fn an_unknown_in_process_name_is_located_with_the_front_ends_message() {
    let text = CONFIG.replace("python:seeded", "python:other");
    let error = load_with("in-process.toml", &text, Programs::Check, Some(&Registry))
        .err()
        .expect("refused");
    assert!(
        error
            .to_string()
            .contains("in-process.toml:8:8: no solver \"other\""),
        "{error}"
    );
}

#[test]
fn an_instance_plan_refuses_a_solver_that_takes_none_and_its_record_reads_back() {
    // Seeded keeps the default: it searches the plain problem only.
    let text = format!("{CONFIG}\n[instance]\ngenerator = \"completion\"\nqueens = 1\n");
    let error = load_with("in-process.toml", &text, Programs::Check, Some(&Registry))
        .err()
        .expect("refused");
    let message = error.to_string();
    assert!(
        message.contains("in-process.toml:8:8: 'seeded' cannot search the plan's instances"),
        "{message}"
    );
    // A run's stored config (no front end) stands in without refusing.
    let stored =
        config::load_checking("in-process.toml", &text, Programs::AsStored).expect("stands in");
    assert_eq!(stored.entries[0].algorithm.name, "python:seeded");
    assert!(stored.entries[0].instance.is_some());
}
