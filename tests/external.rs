//! External solvers end to end: small programs written by the test (in
//! `sh`, so these run everywhere; the shipped Python example only where
//! python3 is) run through the config, the runner and `queens solve
//! --command`: their rows and counters, the independent validator, crashes,
//! malformed replies and unknown counters as failed trials with the other
//! rows kept and the stderr tail logged, the time limit ending the whole
//! process group, and replays.

mod common;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use queens::animate::{self, HTML_FRAMES, ReplaySpec};
use queens::base::records::RunRecord;
use queens::experiment::config::{self, Experiment};
use queens::experiment::error::RunError;
use queens::experiment::observer::NoObserver;
use queens::experiment::runner::{RunOptions, run_experiment};
use queens::solvers::algorithms::external::{ExternalSolver, resolve_command};
use queens::solvers::{Budget, Params, View};
use queens::trial::{Trial, replay_command_of, run_trial};
use queens::{StopReason, validate};

/// The handshake answer of the test programs.
const GREETING: &str = r#"echo '{"name":"test","version":"1","many_trials":true}'"#;

/// A program that solves N = 4 with counters that depend on the seed, and
/// does something else for odd seeds: `odd` is a shell command run then
/// (empty: solve those too).
fn program(odd: &str) -> String {
    let odd = if odd.is_empty() {
        String::new()
    } else {
        format!("if [ $((seed % 2)) -eq 1 ]; then {odd}; fi")
    };
    format!(
        r#"read -r hello
{GREETING}
while read -r line; do
  seed=$(printf '%s\n' "$line" | sed 's/.*"seed":\([0-9]*\).*/\1/')
  {odd}
  echo "{{\"solution\":[1,3,0,2],\"stop_reason\":\"solved\",\"counters\":{{\"steps\":$((seed % 97)),\"checks\":$((seed % 1000)),\"evaluations\":1}}}}"
done
"#
    )
}

/// Writes `body` as `name` in `dir`.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, body).expect("script written");
    path
}

/// A config with one external entry per (label, script, extra lines), at
/// N = 4.
fn config_text(budget: &str, entries: &[(&str, &str, &str)]) -> String {
    let mut text =
        format!("name = \"ext\"\nseed = 5\nsizes = [4]\ntrials = 8\n[budget]\n{budget}\n");
    for (label, file, extra) in entries {
        text.push_str(&format!(
            "[[algorithm]]\nname = \"external\"\nlabel = \"{label}\"\ncommand = [\"sh\", \"{file}\"]\n{extra}\n"
        ));
    }
    text
}

/// That config, written as `exp.toml` in `dir` and loaded as the runner
/// loads it.
fn experiment(dir: &Path, budget: &str, entries: &[(&str, &str, &str)]) -> Experiment {
    let text = config_text(budget, entries);
    let path = dir.join("exp.toml");
    std::fs::write(&path, &text).expect("config written");
    config::load(&path.to_string_lossy(), &text).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `experiment` on one thread into `dir/data`.
fn run(experiment: &Experiment, dir: &Path) -> Result<Vec<RunRecord>, RunError> {
    let interrupt = AtomicBool::new(false);
    let data = dir.join("data");
    run_experiment(
        experiment,
        &RunOptions {
            data_dir: data.clone(),
            threads: 1,
            fresh: true,
            shard: None,
            observer: &NoObserver,
            interrupt: &interrupt,
        },
    )?;
    let mut reader = csv::Reader::from_path(data.join("runs.csv")).expect("runs.csv");
    Ok(reader
        .deserialize()
        .collect::<Result<_, _>>()
        .expect("rows"))
}

#[test]
fn a_programs_rows_carry_its_counters_and_replay_with_queens_solve() {
    let dir = tempfile::tempdir().expect("temp dir");
    script(dir.path(), "good.sh", &program(""));
    let many = experiment(
        dir.path(),
        "max_steps = 50",
        &[("good", "good.sh", "step = \"flip\"")],
    );
    let rows = run(&many, dir.path()).expect("runs");
    assert_eq!(rows.len(), 8);
    for row in &rows {
        assert_eq!(
            (row.algorithm.as_str(), row.step_unit.as_str()),
            ("external", "flip")
        );
        assert_eq!(row.stop_reason, StopReason::Solved);
        assert_eq!((row.steps, row.checks), (row.seed % 97, row.seed % 1000));
        assert_eq!((row.evaluations, row.solutions), (1, 1));
    }
    // The session records the program as it named itself in the handshake.
    let metadata: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("data/metadata.json")).expect("metadata"),
    )
    .expect("JSON");
    assert_eq!(
        metadata["sessions"][0]["external_programs"],
        serde_json::json!([{
            "label": "good",
            "name": "test",
            "version": "1",
        }])
    );
    // A fresh process per trial, through `queens run`, gives the same rows.
    let per_trial = config_text(
        "max_steps = 50",
        &[("good", "good.sh", "step = \"flip\"\nper_trial = true")],
    );
    std::fs::write(dir.path().join("per.toml"), per_trial).expect("config written");
    let out = common::queens(
        dir.path(),
        &[
            "run",
            "per.toml",
            "--data",
            "per",
            "--plots",
            "per-plots",
            "-q",
        ],
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        common::table(&dir.path().join("data/runs.csv")),
        common::table(&dir.path().join("per/runs.csv"))
    );

    // The replay command names the program, and replays the row.
    let entry = &many.entries[0];
    let row = &rows[3];
    let replay = replay_command_of(
        &*entry.solver,
        entry.algorithm.name,
        row.n,
        row.seed,
        &entry.params,
        &entry.budget,
    );
    let script_path = dir.path().join("good.sh");
    let command = format!("sh {}", script_path.display());
    assert_eq!(
        replay,
        format!(
            "queens solve --command \"{command}\" -n 4 --seed {} --max-steps 50 --time-limit 60",
            row.seed
        )
    );
    let seed = row.seed.to_string();
    let out = common::queens(
        dir.path(),
        &[
            "solve",
            "--command",
            &command,
            "-n",
            "4",
            "--json",
            "--seed",
            &seed,
            "--max-steps",
            "50",
            "--time-limit",
            "60",
        ],
    );
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["algorithm"], "external");
    assert_eq!(json["metrics"]["steps"], row.steps);
    assert_eq!(json["metrics"]["checks"], row.checks);
    assert_eq!(json["columns"], serde_json::json!([1, 3, 0, 2]));
}

#[test]
fn an_invalid_board_is_an_error_naming_the_trial_and_its_replay() {
    let dir = tempfile::tempdir().expect("temp dir");
    let body = program("").replace("[1,3,0,2]", "[0,1,2,3]");
    script(dir.path(), "invalid.sh", &body);
    let e = run(
        &experiment(dir.path(), "max_steps = 50", &[("bad", "invalid.sh", "")]),
        dir.path(),
    )
    .expect_err("the validator refuses the board");
    let RunError::InvalidSolution {
        label, n, replay, ..
    } = &e
    else {
        panic!("{e}");
    };
    assert_eq!((label.as_str(), *n), ("bad", 4));
    assert!(replay.contains("--command \"sh "), "{replay}");
    assert!(e.to_string().contains(replay.as_str()), "{e}");
}

#[test]
fn failed_trials_are_recorded_with_the_reason_and_the_others_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let crash = program(r#"echo "boom at seed $seed" >&2; exit 3"#);
    script(dir.path(), "crash.sh", &crash);
    let garbled = program(r#"echo 'not json'; continue"#);
    script(dir.path(), "garbled.sh", &garbled);
    let flips = program(
        r#"echo '{"solution":null,"stop_reason":"exhausted","counters":{"flips":1}}'; continue"#,
    );
    script(dir.path(), "flips.sh", &flips);
    let exp = experiment(
        dir.path(),
        "max_steps = 50",
        &[
            ("crash", "crash.sh", ""),
            ("garbled", "garbled.sh", ""),
            ("flips", "flips.sh", ""),
        ],
    );
    let rows = run(&exp, dir.path()).expect("failures are rows, not errors");
    assert_eq!(rows.len(), 24, "every trial has its row");
    for row in &rows {
        let expected = if row.seed % 2 == 1 {
            StopReason::SolverError
        } else {
            StopReason::Solved
        };
        assert_eq!(row.stop_reason, expected, "{row:?}");
        assert_eq!(row.solved, expected == StopReason::Solved);
    }
    // Trials after a crash were solved: the process was started again.
    let crashes: Vec<_> = rows.iter().filter(|r| r.label == "crash").collect();
    let first_crash = crashes.iter().position(|r| r.seed % 2 == 1);
    assert!(
        first_crash.is_some_and(|i| crashes[i..].iter().any(|r| r.solved)),
        "{crashes:?}"
    );
    let log = std::fs::read_to_string(dir.path().join("data/external.log")).expect("log");
    let odd = |label: &str| {
        rows.iter()
            .filter(|r| r.label == label && r.seed % 2 == 1)
            .count()
    };
    assert_eq!(log.matches("[crash]").count(), odd("crash"), "{log}");
    assert!(log.contains("exited without replying"), "{log}");
    assert!(log.contains("exit status: 3"), "{log}");
    let seed = crashes[first_crash.unwrap_or(0)].seed;
    assert!(log.contains(&format!("boom at seed {seed}")), "{log}");
    assert_eq!(log.matches("[garbled]").count(), odd("garbled"), "{log}");
    assert!(log.contains("malformed reply \"not json\""), "{log}");
    assert_eq!(log.matches("[flips]").count(), odd("flips"), "{log}");
    assert!(
        log.contains("unknown field `flips`, expected one of `steps`"),
        "{log}"
    );
    // `queens run` says so at the end, naming the log.
    let out = common::queens(
        dir.path(),
        &[
            "run",
            "exp.toml",
            "--data",
            "cli",
            "--plots",
            "cli-plots",
            "-q",
        ],
    );
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let failed = rows.iter().filter(|r| !r.solved).count();
    assert!(
        stderr.contains(&format!(
            "an external program failed {failed} trials (stop_reason solver_error): the reasons and its stderr are in cli/external.log"
        )),
        "{stderr}"
    );
}

/// Whether process `pid` is running (not gone, not a zombie).
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        let state = stat
            .rsplit(')')
            .next()
            .and_then(|rest| rest.split_whitespace().next());
        state != Some("Z")
    })
}

#[test]
fn the_time_limit_kills_the_whole_process_group() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pids = dir.path().join("pids");
    let body = format!(
        "read -r hello\n{GREETING}\nread -r request\nsleep 300 &\necho $! > {pids}.tmp\necho $$ >> {pids}.tmp\nmv {pids}.tmp {pids}\nsleep 300\n",
        pids = pids.display()
    );
    let path = script(dir.path(), "sleeper.sh", &body);
    let words = ["sh".to_string(), path.to_string_lossy().into_owned()];
    let command = resolve_command(&words, dir.path(), "the test directory").expect("resolves");
    let solver = ExternalSolver::new(command, &Params::default(), false);
    let budget = Budget {
        time_limit: Some(0.5),
        ..Budget::UNLIMITED
    };
    let result = run_trial(Trial::new(&solver, 8, 1, budget)).expect("no board");
    assert_eq!(result.outcome.stop_reason, StopReason::BudgetTime);
    let failures = solver.take_failures();
    assert_eq!(failures.len(), 1);
    assert!(failures[0].reason.contains("time limit"), "{failures:?}");
    let text = std::fs::read_to_string(&pids).expect("the program wrote its pids");
    let pids: Vec<u32> = text.lines().map(|l| l.parse().expect("a pid")).collect();
    assert_eq!(pids.len(), 2);
    for pid in pids {
        // SIGKILL is delivered asynchronously: give the kernel a moment.
        let gone = (0..200).any(|_| {
            std::thread::sleep(std::time::Duration::from_millis(10));
            !alive(pid)
        });
        assert!(gone, "process {pid} survived the time limit");
    }
}

#[test]
fn a_config_names_what_is_wrong_with_a_command() {
    let load = |entry: &str| {
        let text = format!("name = \"x\"\nsizes = [4]\ntrials = 1\n[[algorithm]]\n{entry}\n");
        let dir = common::setup(&text);
        let path = dir.path().join("exp.toml");
        let error = match config::load(&path.to_string_lossy(), &text) {
            Ok(_) => panic!("{entry}: loads"),
            Err(e) => e,
        };
        (error, dir)
    };
    for (entry, line, column, says) in [
        (
            "name = \"external\"\nlabel = \"x\"",
            5,
            8,
            "needs a `command`",
        ),
        (
            "name = \"external\"\nlabel = \"x\"\ncommand = []",
            7,
            11,
            "the command is empty",
        ),
        (
            "name = \"min-conflicts\"\ncommand = [\"sh\"]",
            6,
            11,
            "is built in and runs no program",
        ),
        (
            "name = \"external\"\nlabel = \"x\"\ncommand = [\"sh\", \"solvers/none.sh\"]",
            7,
            18,
            "is not there",
        ),
        (
            "name = \"external\"\nlabel = \"x\"\ncommand = [\"no-such-program-here\"]",
            7,
            12,
            "is not on PATH",
        ),
        (
            "name = \"external\"\ncommand = [\"sh\"]",
            5,
            8,
            "needs a `label`",
        ),
        (
            "name = \"external\"\nlabel = \"x\"\ncommand = [\"sh\"]\nparams = { \"a b\" = 1 }",
            8,
            12,
            "parameter name \"a b\"",
        ),
        (
            "name = \"external\"\nlabel = \"x\"\ncommand = [\"sh\"]\nparams = { a = \"x y\" }",
            8,
            16,
            "bad value \"x y\" for parameter 'a'",
        ),
    ] {
        let (e, _dir) = load(entry);
        assert_eq!(
            (e.location.line, e.location.column),
            (line, column),
            "{entry}: {e}"
        );
        assert!(e.message.contains(says), "{entry}: {e}");
    }
    let (e, dir) =
        load("name = \"external\"\nlabel = \"x\"\ncommand = [\"sh\", \"solvers/none.sh\"]");
    let resolved = dir.path().join("solvers/none.sh");
    assert!(
        e.message.contains(&resolved.display().to_string()),
        "the resolved path: {e}"
    );
}

#[test]
fn the_shipped_python_solver_solves_small_boards() {
    let python = ["python3".to_string()];
    if resolve_command(&python, Path::new("."), "here").is_err() {
        println!("skipped: python3 not found");
        return;
    }
    let shipped =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/solvers/min_conflicts.py");
    let command = vec![
        "python3".to_string(),
        shipped.to_string_lossy().into_owned(),
    ];
    let solver = ExternalSolver::new(command, &Params::default(), false);
    for n in [8, 16, 32] {
        for seed in 0..3 {
            let result = run_trial(Trial::new(&solver, n, seed, Budget::steps(100_000)))
                .expect("a valid board or none");
            let solution = result
                .outcome
                .solution
                .expect("min-conflicts solves N <= 32");
            assert_eq!(solution.n(), n);
            assert_eq!(validate(solution.columns()), Ok(()));
            let m = result.outcome.metrics;
            assert!(m.evaluations >= 1 && m.checks >= 2 * n as u64, "{m:?}");
        }
    }
    assert!(solver.take_failures().is_empty());
}

#[test]
fn a_stored_config_loads_for_a_merge_where_its_program_is_not() {
    // `queens merge` reads the config back from metadata.json, perhaps in
    // another directory or on another machine: it never starts the program,
    // so a command that does not resolve there must not stop it.
    let text = config_text("max_steps = 10", &[("gone", "solvers/not-here.sh", "")]);
    let source = "/nonexistent/exp.toml";
    let refused = config::load(source, &text)
        .err()
        .expect("refused before a run");
    assert!(refused.to_string().contains("not-here.sh"), "{refused}");
    let stored = config::load_checking(source, &text, config::Programs::AsStored)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(stored.entries.len(), 1);
    assert_eq!(stored.entries[0].label, "gone");
}

#[test]
fn the_shipped_python_solver_replays_board_by_board() {
    let python = ["python3".to_string()];
    if resolve_command(&python, Path::new("."), "here").is_err() {
        println!("skipped: python3 not found");
        return;
    }
    let shipped =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/solvers/min_conflicts.py");
    let command = vec![
        "python3".to_string(),
        shipped.to_string_lossy().into_owned(),
    ];
    let solver = ExternalSolver::new(command, &Params::default(), false);
    let params = Params::default();
    let budget = Budget::steps(100_000);
    let spec = ReplaySpec {
        solver: &solver,
        algorithm: "external",
        params: &params,
        n: 16,
        seed: 2,
        budget,
        frames: HTML_FRAMES,
    };
    let replay = animate::record(&spec).expect("recorded");
    let plain = run_trial(Trial::new(&solver, 16, 2, budget))
        .expect("valid")
        .outcome;
    assert_eq!(replay.outcome, plain, "asking for a trace changed the run");
    // One board per fresh start and per repair, then the end.
    let boards: Vec<_> = replay
        .frames
        .iter()
        .filter(|f| matches!(f.view, View::Board))
        .collect();
    assert_eq!(
        boards.len() as u64,
        plain.metrics.steps + plain.metrics.evaluations
    );
    for pair in boards.windows(2) {
        assert_eq!(
            pair[1].metrics.steps,
            pair[0].metrics.steps + 1,
            "one repair apart"
        );
        let moved = pair[0]
            .board
            .iter()
            .zip(&pair[1].board)
            .filter(|(a, b)| a != b)
            .count();
        assert!(moved <= 1, "a repair moves one queen");
    }
    let solution = plain.solution.expect("solved");
    let last = boards.last().expect("boards");
    assert_eq!(
        last.board,
        solution
            .columns()
            .iter()
            .map(|&c| Some(c))
            .collect::<Vec<_>>()
    );
    assert_eq!(last.metrics.steps, plain.metrics.steps);
}
