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
use std::time::{Duration, Instant};

use queens::animate::{self, HTML_FRAMES, ReplaySpec};
use queens::base::records::RunRecord;
use queens::base::records::replay_line;
use queens::base::records::{SummaryRow, read_rows};
use queens::experiment::config::{self, Experiment};
use queens::run::error::RunError;
use queens::run::observer::NoObserver;
use queens::run::runner::{RunOptions, run_experiment};
use queens::solvers::algorithms::external::{ExternalSolver, resolve_command};
use queens::solvers::{Budget, Params, View};
use queens::trial::{Trial, replay_of, run_trial};
use queens::{StopReason, validate};

/// The handshake answer of the test programs (version 2: plain trials only).
const GREETING: &str =
    r#"echo '{"protocol_version":2,"name":"test","version":"1","many_trials":true}'"#;

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
  id=$(printf '%s\n' "$line" | sed 's/.*"id":\([0-9]*\).*/\1/')
  {odd}
  echo "{{\"id\":$id,\"solution\":[1,3,0,2],\"stop_reason\":\"solved\",\"counters\":{{\"steps\":$((seed % 47)),\"checks\":$((seed % 1000)),\"evaluations\":1}}}}"
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
        assert_eq!((row.steps, row.checks), (row.seed % 47, row.seed % 1000));
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

    // The replay command (as external.log spells it) names the program, and
    // replays the row.
    let entry = &many.entries[0];
    let row = &rows[3];
    let replay = replay_line::command(&replay_of(
        &*entry.solver,
        entry.algorithm.name,
        row.n,
        row.seed,
        &entry.params,
        &entry.budget,
    ));
    let script_path = dir.path().join("good.sh");
    let command = format!("sh {}", script_path.display());
    assert_eq!(
        replay,
        format!(
            "queens solve --command '{command}' -n 4 --seed {} --max-steps 50 --time-limit 60",
            row.seed
        )
    );
    // Pasted into a shell, the command is these words.
    let words = shell_words::split(&replay).expect("a shell command");
    assert_eq!(
        words[..4],
        ["queens", "solve", "--command", command.as_str()]
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
    // The program searched in its own process: no CPU time of ours to give.
    assert_eq!(json["cpu_seconds"], serde_json::Value::Null);
}

#[test]
fn every_kind_of_bad_board_is_the_programs_invalid_solution_and_the_run_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let boards = [
        ("diagonal", "[0,1,2,3]", "rows 0 and 1 share a diagonal"),
        ("column_n", "[1,3,0,4]", "row 3 has column 4, outside 0..4"),
        (
            "negative",
            "[1,3,0,-1]",
            "row 3 has column -1, outside 0..4",
        ),
        ("short", "[1,3,0]", "3 columns for N = 4"),
    ];
    let mut entries = Vec::new();
    for (label, board, _) in boards {
        let file = format!("{label}.sh");
        script(dir.path(), &file, &program("").replace("[1,3,0,2]", board));
        entries.push((label, file));
    }
    let entries: Vec<_> = entries
        .iter()
        .map(|(label, file)| (*label, file.as_str(), ""))
        .collect();
    let rows = run(
        &experiment(dir.path(), "max_steps = 50", &entries),
        dir.path(),
    )
    .expect("a bad board is a row, not the end of the run");
    assert_eq!(rows.len(), 32, "every trial has its row");
    for row in &rows {
        assert_eq!(row.stop_reason, StopReason::InvalidSolution, "{row:?}");
        assert!(!row.solved && row.solutions == 0, "{row:?}");
    }
    let log = std::fs::read_to_string(dir.path().join("data/external.log")).expect("log");
    for (label, _, reason) in boards {
        assert_eq!(log.matches(&format!("[{label}] n=")).count(), 8, "{log}");
        assert!(log.contains(reason), "{label}: {log}");
    }
    let script_path = dir.path().join("diagonal.sh");
    assert!(
        log.contains(&format!(
            "  replay: queens solve --command 'sh {}' -n 4 --seed",
            script_path.display()
        )),
        "{log}"
    );
    // Every row, failed or not, has its replay: one line per label first.
    assert!(
        log.starts_with(&format!(
            "[diagonal] replay a row: queens solve --command 'sh {}' -n N --seed SEED --max-steps 50 --time-limit 60\n",
            script_path.display()
        )),
        "{log}"
    );
    assert_eq!(log.matches("replay a row:").count(), boards.len(), "{log}");
}

#[test]
fn an_unsolved_rows_final_conflicts_are_what_the_program_said_or_na() {
    let dir = tempfile::tempdir().expect("temp dir");
    let unsolved = r#"\"solution\":null,\"stop_reason\":\"budget_steps\""#;
    let programs = [
        ("silent", String::new(), None),
        (
            "board",
            r#",\"final_board\":[0,1,2,3]"#.to_string(),
            Some(6),
        ),
        ("count", r#",\"final_conflicts\":2"#.to_string(), Some(2)),
    ];
    for (label, extra, _) in &programs {
        // Stopped by the step budget: its steps are the budget's 50.
        let body = program("")
            .replace(
                r#"\"solution\":[1,3,0,2],\"stop_reason\":\"solved\""#,
                &format!("{unsolved}{extra}"),
            )
            .replace("$((seed % 47))", "50");
        script(dir.path(), &format!("{label}.sh"), &body);
    }
    let files: Vec<String> = programs.iter().map(|(l, _, _)| format!("{l}.sh")).collect();
    let entries: Vec<_> = programs
        .iter()
        .zip(&files)
        .map(|((label, _, _), file)| (*label, file.as_str(), ""))
        .collect();
    let rows = run(
        &experiment(dir.path(), "max_steps = 50", &entries),
        dir.path(),
    )
    .expect("the run completes");
    for (label, _, expected) in &programs {
        let mine: Vec<_> = rows.iter().filter(|r| r.label == *label).collect();
        assert_eq!(mine.len(), 8, "{label}");
        for row in mine {
            assert_eq!(row.stop_reason, StopReason::BudgetSteps, "{row:?}");
            assert_eq!(row.final_conflicts, *expected, "{row:?}");
        }
    }
    // Unknown is written NA, never 0.
    let text = std::fs::read_to_string(dir.path().join("data/runs.csv")).expect("runs.csv");
    let silent_line = text
        .lines()
        .find(|l| l.contains(",silent,"))
        .expect("a silent row");
    let fields: Vec<&str> = silent_line.split(',').collect();
    let header: Vec<&str> = text.lines().next().expect("header").split(',').collect();
    let column = header
        .iter()
        .position(|c| *c == "final_conflicts")
        .expect("the column");
    assert_eq!(fields[column], "NA", "{silent_line}");
}

#[test]
fn failed_trials_are_recorded_with_the_reason_and_the_others_kept() {
    let dir = tempfile::tempdir().expect("temp dir");
    let crash = program(r#"echo "boom at seed $seed" >&2; exit 3"#);
    script(dir.path(), "crash.sh", &crash);
    let garbled = program(r#"echo 'not json'; continue"#);
    script(dir.path(), "garbled.sh", &garbled);
    let flips = program(
        r#"echo "{\"id\":$id,\"solution\":null,\"stop_reason\":\"exhausted\",\"counters\":{\"flips\":1}}"; continue"#,
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
    assert_eq!(log.matches("[crash] n=").count(), odd("crash"), "{log}");
    assert!(log.contains("exited without replying"), "{log}");
    assert!(log.contains("exit status: 3"), "{log}");
    let seed = crashes[first_crash.unwrap_or(0)].seed;
    assert!(log.contains(&format!("boom at seed {seed}")), "{log}");
    assert_eq!(log.matches("[garbled] n=").count(), odd("garbled"), "{log}");
    assert!(log.contains("malformed reply \"not json\""), "{log}");
    assert_eq!(log.matches("[flips] n=").count(), odd("flips"), "{log}");
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
    // Everything is written, and the exit code says some trials failed.
    assert_eq!(out.status.code(), Some(3), "{out:?}");
    let report =
        std::fs::read_to_string(dir.path().join("cli-plots/report.html")).expect("the report");
    assert!(
        report.contains(&format!(
            "program failed {} trials at N = 4 (solver_error or invalid_solution)",
            odd("crash")
        )),
        "the report names the errors"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    let failed = rows.iter().filter(|r| !r.solved).count();
    assert!(
        stderr.contains(&format!(
            "{failed} trials ended in an external program's error"
        )),
        "{stderr}"
    );
    // The errors are no trials of the algorithm: summary.csv counts them
    // apart, and its statistics are the solved trials' alone.
    let summary: Vec<SummaryRow> =
        read_rows(&dir.path().join("cli/summary.csv")).expect("summary.csv");
    for label in ["crash", "garbled", "flips"] {
        let row = summary
            .iter()
            .find(|row| row.label == label)
            .unwrap_or_else(|| panic!("{label}: {summary:?}"));
        let errors = odd(label) as u64;
        assert_eq!((row.errors, row.trials), (errors, 8 - errors), "{row:?}");
        assert_eq!(row.success_rate, Some(1.0), "{row:?}");
    }
    assert!(
        stderr.contains(&format!(
            "an external program failed {failed} trials (stop_reason solver_error or invalid_solution): the reasons and its stderr are in cli/external.log"
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

/// The cells of the rows of the CSV file `path` whose column `key` is
/// `value`, as (column, cell) pairs.
fn csv_rows_where(path: &Path, key: &str, value: &str) -> Vec<Vec<(String, String)>> {
    let mut reader = csv::Reader::from_path(path).expect("a CSV file");
    let header = reader.headers().expect("a header").clone();
    reader
        .records()
        .map(|r| r.expect("a record"))
        .map(|r| {
            header
                .iter()
                .zip(r.iter())
                .map(|(c, v)| (c.to_owned(), v.to_owned()))
                .collect::<Vec<_>>()
        })
        .filter(|cells| cells.iter().any(|(c, v)| c == key && v == value))
        .collect()
}

/// The cell `column` of a row of [`csv_rows_where`].
fn cell<'a>(row: &'a [(String, String)], column: &str) -> &'a str {
    row.iter()
        .find(|(c, _)| c == column)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no column {column} in {row:?}"))
}

#[test]
fn a_trial_killed_at_its_time_limit_has_unknown_work_in_every_file() {
    // A program that hangs on odd seeds (killed at 0.3 s) and solves the
    // others cheaply, against one that solves every trial.
    let dir = tempfile::tempdir().expect("temp dir");
    script(dir.path(), "hangs.sh", &program("exec sleep 100"));
    script(dir.path(), "steady.sh", &program(""));
    let entries = [("hangs", "hangs.sh", ""), ("steady", "steady.sh", "")];
    let text = config_text("time_limit = 0.3", &entries);
    std::fs::write(dir.path().join("exp.toml"), text).expect("config written");
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
    assert!(dir.path().join("cli-plots/report.html").exists(), "{out:?}");
    let runs = dir.path().join("cli/runs.csv");
    // runs.csv writes the killed trials' counters NA: their work is
    // unknown, not zero.
    let hangs = csv_rows_where(&runs, "label", "hangs");
    let killed: Vec<_> = hangs
        .iter()
        .filter(|r| cell(r, "stop_reason") == "budget_time")
        .collect();
    let odd = hangs
        .iter()
        .filter(|r| cell(r, "seed").parse::<u64>().expect("a seed") % 2 == 1)
        .count();
    assert!(odd > 0, "the plan has odd seeds: {hangs:?}");
    assert_eq!(killed.len(), odd, "{hangs:?}");
    for row in &killed {
        for column in [
            "steps",
            "restarts",
            "checks",
            "tests",
            "backtracks",
            "evaluations",
        ] {
            assert_eq!(cell(row, column), "NA", "{column} of {row:?}");
        }
        assert!(cell(row, "wall_seconds").parse::<f64>().expect("seconds") >= 0.29);
    }
    // It reads back as unknown work.
    let records: Vec<RunRecord> = read_rows(&runs).expect("runs.csv reads back");
    let unknown = records.iter().filter(|r| !r.work_known).count();
    assert_eq!(unknown, odd);
    // summary.csv: ERT in checks NA (it was the solved trials' mean),
    // in seconds known; unknown_work counts them.
    let summary = csv_rows_where(&dir.path().join("cli/summary.csv"), "label", "hangs");
    assert_eq!(cell(&summary[0], "unknown_work"), odd.to_string());
    assert_eq!(cell(&summary[0], "ert_checks"), "NA");
    assert_eq!(cell(&summary[0], "ert_steps"), "NA");
    assert_ne!(cell(&summary[0], "ert_seconds"), "NA");
    // compare.csv: no ERT ratio in checks, and why.
    let pairs = csv_rows_where(&dir.path().join("cli/compare.csv"), "label_a", "hangs");
    assert_eq!(cell(&pairs[0], "ert_ratio"), "NA", "{pairs:?}");
    assert_eq!(cell(&pairs[0], "ert_ratio_missing"), "unknown_work");
    // The report says why.
    let report = std::fs::read_to_string(dir.path().join("cli-plots/report.html")).expect("report");
    assert!(
        report.contains("killed at the time limit"),
        "the report says why ERT is NA"
    );
    // `queens compare` reads the runs back in another measure.
    let compared = common::queens(
        dir.path(),
        &[
            "compare",
            "cli",
            "--measure",
            "seconds",
            "--output",
            "by-seconds",
        ],
    );
    assert!(compared.status.success(), "{compared:?}");
    let pairs = csv_rows_where(
        &dir.path().join("by-seconds/compare.csv"),
        "label_a",
        "hangs",
    );
    assert_ne!(
        cell(&pairs[0], "ert_ratio"),
        "NA",
        "wall seconds are known: {pairs:?}"
    );
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
        start: None,
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

/// A solver running the shell script `body`, written as `name` in `dir`.
fn solver_of(dir: &Path, name: &str, body: &str) -> ExternalSolver {
    let path = script(dir, name, body);
    let words = ["sh".to_string(), path.to_string_lossy().into_owned()];
    let command = resolve_command(&words, dir, "the test directory").expect("resolves");
    ExternalSolver::new(command, &Params::default(), false)
}

/// A budget of `seconds` of time only.
fn seconds(seconds: f64) -> Budget {
    Budget {
        time_limit: Some(seconds),
        ..Budget::UNLIMITED
    }
}

/// Runs one trial of `solver` at N = 8 on a thread, and returns its
/// outcome and how long it took, or panics when it has not ended after
/// `patience` (it hangs).
fn trial_within(
    solver: ExternalSolver,
    budget: Budget,
    patience: Duration,
) -> (queens::Outcome, Duration, ExternalSolver) {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let start = Instant::now();
        let result = run_trial(Trial::new(&solver, 8, 1, budget)).expect("no board");
        let _ = sender.send((result.outcome, start.elapsed(), solver));
    });
    receiver
        .recv_timeout(patience)
        .unwrap_or_else(|_| panic!("the trial hung: it has not ended after {patience:?}"))
}

/// Kills the detached processes whose ids are in the file `pids` (each in
/// its own session, out of the harness's reach by design).
fn kill_detached(pids: &Path) {
    for pid in std::fs::read_to_string(pids).unwrap_or_default().lines() {
        let _ = std::process::Command::new("kill")
            .args(["-9", pid.trim()])
            .status();
    }
}

#[test]
fn a_program_that_exits_leaving_a_detached_child_on_its_stdout_cannot_hang_solve() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pids = dir.path().join("pids");
    let body = format!(
        "read -r hello\n{GREETING}\nread -r request\nsetsid sleep 100000 &\necho $! > {}\necho 'giving up' >&2\nexit 3\n",
        pids.display()
    );
    let path = script(dir.path(), "detach.sh", &body);
    let command = format!("sh {}", path.display());
    let limit = 1.0;
    let start = Instant::now();
    let mut child = common::command(
        dir.path(),
        &[
            "solve",
            "--command",
            &command,
            "-n",
            "8",
            "--seed",
            "1",
            "--time-limit",
            "1",
        ],
    )
    .stdout(std::process::Stdio::piped())
    .stderr(std::process::Stdio::piped())
    .spawn()
    .expect("queens starts");
    let ended = (0..1000).any(|_| {
        std::thread::sleep(Duration::from_millis(10));
        matches!(child.try_wait(), Ok(Some(_)))
    });
    let elapsed = start.elapsed();
    if !ended {
        let _ = child.kill();
    }
    let out = child.wait_with_output().expect("queens ends");
    kill_detached(&pids);
    assert!(ended, "queens solve hung on a detached child: {out:?}");
    assert!(
        elapsed.as_secs_f64() < limit + 1.0,
        "took {elapsed:?}, above the time limit plus 1 s"
    );
    // It exited without replying: an error at once, with its exit status.
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("stop_reason=solver_error"), "{stdout}");
    assert!(stderr.contains("exited without replying"), "{stderr}");
    assert!(stderr.contains("exit status: 3"), "{stderr}");
    assert!(stderr.contains("giving up"), "{stderr}");
    assert_eq!(
        out.status.code(),
        Some(3),
        "the program's error, not 'no solution'"
    );
}

#[test]
fn solve_exits_3_when_the_programs_board_is_no_solution() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = script(
        dir.path(),
        "diagonal.sh",
        &program("").replace("[1,3,0,2]", "[0,1,2,3]"),
    );
    let command = format!("sh {}", path.display());
    let out = common::command(dir.path(), &["solve", "--command", &command, "-n", "4"])
        .output()
        .expect("queens runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("stop_reason=invalid_solution"), "{stdout}");
    assert!(stderr.contains("rows 0 and 1 share a diagonal"), "{stderr}");
    assert_eq!(out.status.code(), Some(3), "{stderr}");
}

#[test]
fn the_time_limit_ends_a_trial_whose_program_left_a_detached_child_on_its_pipes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pids = dir.path().join("pids");
    let body = format!(
        "read -r hello\n{GREETING}\nread -r request\nsetsid sleep 100000 &\necho $! > {}\nsleep 100000\n",
        pids.display()
    );
    let solver = solver_of(dir.path(), "linger.sh", &body);
    let (outcome, elapsed, solver) = trial_within(solver, seconds(1.0), Duration::from_secs(10));
    kill_detached(&pids);
    assert_eq!(outcome.stop_reason, StopReason::BudgetTime);
    assert!(elapsed.as_secs_f64() < 2.0, "took {elapsed:?}");
    assert_eq!(solver.take_failures().len(), 1);
}

#[test]
fn the_handshake_waits_no_longer_than_the_time_limit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let solver = solver_of(dir.path(), "mute.sh", "read -r hello\nexec sleep 100000\n");
    let (outcome, elapsed, solver) = trial_within(solver, seconds(1.0), Duration::from_secs(60));
    assert_eq!(outcome.stop_reason, StopReason::SolverError);
    assert!(elapsed.as_secs_f64() < 2.0, "took {elapsed:?}");
    let failures = solver.take_failures();
    assert!(
        failures[0]
            .reason
            .contains("did not answer the handshake within 1 s"),
        "{failures:?}"
    );
}

#[test]
fn a_line_past_its_limit_ends_the_program_as_a_solver_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    // 20 MB without a newline, then silence: past the default 16 MiB.
    let endless = format!(
        "read -r hello\n{GREETING}\nread -r request\nhead -c 20000000 /dev/zero | tr '\\000' x\nexec sleep 100000\n"
    );
    let solver = solver_of(dir.path(), "endless.sh", &endless);
    let (outcome, _, solver) = trial_within(solver, seconds(20.0), Duration::from_secs(60));
    assert_eq!(outcome.stop_reason, StopReason::SolverError);
    let failures = solver.take_failures();
    assert!(
        failures[0].reason.contains("passed 16777216 bytes"),
        "{failures:?}"
    );
    // A config sets a program's own limit.
    let long = program(r#"head -c 5000 /dev/zero | tr '\000' x; echo; continue"#);
    script(dir.path(), "long.sh", &long);
    let rows = run(
        &experiment(
            dir.path(),
            "max_steps = 50",
            &[("long", "long.sh", "max_line_bytes = 4096")],
        ),
        dir.path(),
    )
    .expect("runs");
    for row in &rows {
        let expected = if row.seed % 2 == 1 {
            StopReason::SolverError
        } else {
            StopReason::Solved
        };
        assert_eq!(row.stop_reason, expected, "{row:?}");
    }
    let log = std::fs::read_to_string(dir.path().join("data/external.log")).expect("log");
    assert!(log.contains("passed 4096 bytes"), "{log}");
}

#[test]
fn a_reply_given_twice_is_its_own_trials_error_and_the_next_trial_keeps_its_result() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Odd seeds are answered twice, both copies in one write, so the copy
    // is there when the reply is read whatever the machine's load.
    let twice = program("").replace(
        "  echo \"{",
        "  reply=\"{",
    ).replace(
        "}}\"\ndone\n",
        "}}\"\n  if [ $((seed % 2)) -eq 1 ]; then printf '%s\\n%s\\n' \"$reply\" \"$reply\"; else printf '%s\\n' \"$reply\"; fi\ndone\n",
    );
    assert!(twice.contains("printf '%s\\n%s\\n'"), "{twice}");
    script(dir.path(), "twice.sh", &twice);
    let rows = run(
        &experiment(dir.path(), "max_steps = 50", &[("twice", "twice.sh", "")]),
        dir.path(),
    )
    .expect("runs");
    assert_eq!(rows.len(), 8);
    assert!(rows.iter().any(|r| r.seed % 2 == 1), "{rows:?}");
    assert!(rows.iter().any(|r| r.seed % 2 == 0), "{rows:?}");
    for row in &rows {
        if row.seed % 2 == 1 {
            assert_eq!(row.stop_reason, StopReason::SolverError, "{row:?}");
        } else {
            assert_eq!(row.stop_reason, StopReason::Solved, "{row:?}");
            assert_eq!(
                (row.steps, row.checks),
                (row.seed % 47, row.seed % 1000),
                "a row carries another trial's result: {row:?}"
            );
        }
    }
    let log = std::fs::read_to_string(dir.path().join("data/external.log")).expect("log");
    for row in rows.iter().filter(|r| r.seed % 2 == 1) {
        assert!(
            log.contains(&format!("[twice] n=4 seed={}: ", row.seed)),
            "the error is logged under the seed that answered twice: {log}"
        );
    }
    assert_eq!(
        log.matches("[twice] n=4 seed=").count(),
        rows.iter().filter(|r| r.seed % 2 == 1).count(),
        "{log}"
    );
    assert!(log.contains("answered request"), "{log}");
    assert!(log.contains("twice"), "{log}");

    // `queens solve` on a program answering every request twice, in two
    // writes: the program's error, exit 3.
    let always = format!(
        "#!/bin/sh\n{}",
        program("").replace("done\n", "  echo \"{\\\"id\\\":$id,\\\"solution\\\":[1,3,0,2],\\\"stop_reason\\\":\\\"solved\\\"}\"\ndone\n")
    );
    let path = script(dir.path(), "always-twice.sh", &always);
    let mut permissions = std::fs::metadata(&path).expect("script").permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&path, permissions).expect("executable");
    let out = common::command(
        dir.path(),
        &[
            "solve",
            "--command",
            "./always-twice.sh",
            "-n",
            "4",
            "--seed",
            "2",
        ],
    )
    .output()
    .expect("queens runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("stop_reason=solver_error"), "{stdout}");
    assert!(stderr.contains("answered request 1 twice"), "{stderr}");
    assert_eq!(out.status.code(), Some(3), "{stdout}\n{stderr}");
}

/// Runs trial `seed` of `solver` at N = 8 under a 20 s limit on this
/// thread, and returns its outcome and its failures.
fn trial_of(solver: &ExternalSolver, seed: u64) -> (queens::Outcome, Vec<String>) {
    let outcome = run_trial(Trial::new(solver, 8, seed, seconds(20.0)))
        .expect("no board")
        .outcome;
    let reasons = solver
        .take_failures()
        .into_iter()
        .map(|f| format!("n={} seed={}: {}", f.n, f.seed, f.reason))
        .collect();
    (outcome, reasons)
}

#[test]
fn output_seen_only_at_the_next_trial_says_whose_it_was() {
    let dir = tempfile::tempdir().expect("temp dir");
    let reply = r#"echo "{\"id\":$id,\"solution\":[0,4,7,5,2,6,1,3],\"stop_reason\":\"solved\"}""#;
    let body = |after: &str| {
        format!(
            "read -r hello\n{GREETING}\nwhile read -r line; do\n  id=$(printf '%s\\n' \"$line\" | sed 's/.*\"id\":\\([0-9]*\\).*/\\1/')\n  {reply}\n  {after}\ndone\n"
        )
    };
    // A copy of the reply 0.3 s later: the program is still asleep when the
    // next request is sent, so the copy is read as its answer.
    let solver = solver_of(dir.path(), "late.sh", &body(&format!("sleep 0.3; {reply}")));
    let (first, failures) = trial_of(&solver, 10);
    assert_eq!(first.stop_reason, StopReason::Solved, "{failures:?}");
    assert!(failures.is_empty(), "{failures:?}");
    let (second, failures) = trial_of(&solver, 11);
    assert_eq!(second.stop_reason, StopReason::SolverError);
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(failures[0].starts_with("n=8 seed=11: "), "{failures:?}");
    assert!(
        failures[0].contains("a second reply to request 1")
            && failures[0].contains("the previous trial (n = 8, seed = 10)"),
        "{failures:?}"
    );
    // A line 0.1 s after the reply, waiting when the next trial begins.
    let solver = solver_of(dir.path(), "chatty.sh", &body("sleep 0.1; echo hello"));
    let (first, failures) = trial_of(&solver, 10);
    assert_eq!(first.stop_reason, StopReason::Solved, "{failures:?}");
    std::thread::sleep(Duration::from_millis(500));
    let (second, failures) = trial_of(&solver, 11);
    assert_eq!(second.stop_reason, StopReason::SolverError);
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].contains("\"hello\"")
            && failures[0].contains("the previous trial (n = 8, seed = 10)")
            && failures[0].contains("not run"),
        "{failures:?}"
    );
    // The process was ended: the trial after is served by a fresh one.
    let (third, failures) = trial_of(&solver, 12);
    assert_eq!(third.stop_reason, StopReason::Solved, "{failures:?}");
}

#[test]
fn a_version_1_program_is_refused_naming_what_changed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let old = program("").replace(r#""protocol_version":2,"#, "");
    let solver = solver_of(dir.path(), "v1.sh", &old);
    let (outcome, _, solver) = trial_within(solver, seconds(5.0), Duration::from_secs(30));
    assert_eq!(outcome.stop_reason, StopReason::SolverError);
    let failures = solver.take_failures();
    assert!(
        failures[0].reason.contains("version 1 of the protocol")
            && failures[0].reason.contains("`id`"),
        "{failures:?}"
    );
}

#[test]
fn a_counter_above_its_budget_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let over = program("").replace("$((seed % 1000))", "504");
    script(dir.path(), "over.sh", &over);
    let rows = run(
        &experiment(dir.path(), "max_checks = 500", &[("over", "over.sh", "")]),
        dir.path(),
    )
    .expect("runs");
    assert!(
        rows.iter()
            .all(|r| r.stop_reason == StopReason::SolverError && !r.solved),
        "{rows:?}"
    );
    let log = std::fs::read_to_string(dir.path().join("data/external.log")).expect("log");
    assert!(
        log.contains("counters.checks = 504 is above max_checks = 500"),
        "{log}"
    );
}

#[test]
fn a_stop_reason_the_harness_can_refute_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Odd seeds stop without a solution, for a reason that is false: N = 4
    // has solutions, no restart limit is set and none was made, 2 s have
    // not passed, 3 steps are not the 50 of the budget.
    let lies = [
        (
            "exhausted",
            r#"\"stop_reason\":\"exhausted\""#,
            "stop_reason exhausted at N = 4",
        ),
        (
            "restarts",
            r#"\"stop_reason\":\"budget_restarts\""#,
            "stop_reason budget_restarts without max_restarts",
        ),
        (
            "time",
            r#"\"stop_reason\":\"budget_time\""#,
            "stop_reason budget_time after",
        ),
        (
            "steps",
            r#"\"stop_reason\":\"budget_steps\",\"counters\":{\"steps\":3}"#,
            "stop_reason budget_steps with counters.steps = 3, below max_steps = 50",
        ),
    ];
    let files: Vec<String> = lies
        .iter()
        .map(|(label, _, _)| format!("{label}.sh"))
        .collect();
    for ((_, stop, _), file) in lies.iter().zip(&files) {
        let lie = format!(r#"echo "{{\"id\":$id,\"solution\":null,{stop}}}"; continue"#);
        script(dir.path(), file, &program(&lie));
    }
    let entries: Vec<_> = lies
        .iter()
        .zip(&files)
        .map(|((label, _, _), file)| (*label, file.as_str(), ""))
        .collect();
    let rows = run(
        &experiment(dir.path(), "max_steps = 50\ntime_limit = 2", &entries),
        dir.path(),
    )
    .expect("runs");
    assert_eq!(rows.len(), 8 * lies.len());
    for row in &rows {
        let expected = if row.seed % 2 == 1 {
            StopReason::SolverError
        } else {
            StopReason::Solved
        };
        assert_eq!(row.stop_reason, expected, "{row:?}");
    }
    let log = std::fs::read_to_string(dir.path().join("data/external.log")).expect("log");
    for (label, _, reason) in lies {
        let odd = rows
            .iter()
            .filter(|r| r.label == label && r.seed % 2 == 1)
            .count();
        assert!(odd > 0, "{label}: {rows:?}");
        assert_eq!(
            log.matches(&format!("[{label}] n=4 seed=")).count(),
            odd,
            "{log}"
        );
        assert!(log.contains(reason), "{label}: {log}");
    }
}

#[test]
fn the_shipped_c_solver_builds_and_solves_small_boards() {
    let dir = tempfile::tempdir().expect("temp dir");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/solvers/min_conflicts.c");
    let binary = dir.path().join("min_conflicts");
    let built = std::process::Command::new("cc")
        .args(["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(&binary)
        .arg(&source)
        .status();
    match built {
        Err(_) => {
            println!("skipped: no C compiler (cc) found");
            return;
        }
        Ok(status) => assert!(status.success(), "{} does not build", source.display()),
    }
    let command = vec![binary.to_string_lossy().into_owned()];
    let solver = ExternalSolver::new(command, &Params::default(), false);
    for n in [8, 16, 32] {
        for seed in 0..3 {
            let result = run_trial(Trial::new(&solver, n, seed, Budget::steps(100_000)))
                .expect("a valid board or none");
            if let Some(solution) = &result.outcome.solution {
                assert_eq!(validate(solution.columns()), Ok(()));
            }
            let m = result.outcome.metrics;
            assert!(m.steps <= 100_000 && m.checks >= n as u64, "{m:?}");
        }
    }
    // Its budgets are never passed.
    let budget = Budget {
        max_checks: Some(500),
        ..Budget::UNLIMITED
    };
    let result = run_trial(Trial::new(&solver, 100, 1, budget)).expect("no board");
    assert_eq!(result.outcome.stop_reason, StopReason::BudgetChecks);
    assert!(solver.take_failures().is_empty());
}

/// A program answering the handshake with `greeting` (a shell command)
/// that appends every line it reads to `log`, then answers each request
/// with `reply`, a JSON object's fields after its `id` (`$id` is the
/// request's).
fn recording_program(greeting: &str, log: &Path, reply: &str) -> String {
    format!(
        r#"read -r hello
printf '%s\n' "$hello" >> '{log}'
{greeting}
while read -r line; do
  printf '%s\n' "$line" >> '{log}'
  id=$(printf '%s\n' "$line" | sed 's/.*"id":\([0-9]*\).*/\1/')
  echo "{{\"id\":$id,{reply}}}"
done
"#,
        log = log.display()
    )
}

/// The handshake answer of a version 3 test program.
const GREETING_V3: &str =
    r#"echo '{"protocol_version":3,"name":"test","version":"1","many_trials":true}'"#;

/// A plan at N = 6 whose label "blocked" searches blocked instances (3
/// or 5 squares blocked, by trial) and "completion" completion instances
/// (2 queens given), both running `sh {file}`.
fn instance_plan(file: &str) -> String {
    format!(
        r#"name = "ext-instances"
seed = 5
sizes = [6]
trials = 4

[instance]
generator = "blocked"
blocks = [3, 5]
min_free = 1

[[algorithm]]
name = "external"
label = "blocked"
command = ["sh", "{file}"]

[[algorithm]]
name = "external"
label = "completion"
command = ["sh", "{file}"]
instance = {{ generator = "completion", queens = 2 }}
"#
    )
}

/// The request lines of a recording program's log (not its handshakes).
fn requests(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter(|line| line.contains("\"id\":"))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_version_3_program_receives_each_trials_instance_exactly() {
    use queens::base::instance::generate::generate;
    use queens::base::instance::{Instance, Origin};

    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("requests.log");
    // Every trial claims a proof that its instance has no solution: on an
    // instance the harness takes that claim (it cannot check it).
    script(
        dir.path(),
        "v3.sh",
        &recording_program(
            GREETING_V3,
            &log,
            r#"\"solution\":null,\"stop_reason\":\"exhausted\""#,
        ),
    );
    let text = instance_plan("v3.sh");
    let path = dir.path().join("exp.toml");
    std::fs::write(&path, &text).expect("config written");
    let experiment = config::load(&path.to_string_lossy(), &text).unwrap_or_else(|e| panic!("{e}"));
    let rows = run(&experiment, dir.path()).expect("runs");
    assert_eq!(rows.len(), 8);
    assert!(
        rows.iter().all(|r| r.stop_reason == StopReason::Exhausted),
        "{rows:?}"
    );
    let sent = requests(&log);
    assert_eq!(sent.len(), 8, "{sent:?}");
    for row in &rows {
        let request = sent
            .iter()
            .find(|line| line.contains(&format!("\"seed\":{},", row.seed)))
            .unwrap_or_else(|| panic!("no request of seed {}: {sent:?}", row.seed));
        // The instance again from the row's record of it, and its field
        // written by hand: every square not allowed, then the given queens.
        let Ok(Origin::Generated { generator, seed }) = row.instance.parse::<Origin>() else {
            panic!("a generated instance: {}", row.instance);
        };
        let instance: Instance = generate(6, generator, seed).expect("generates");
        let mut blocked = Vec::new();
        let mut given = Vec::new();
        for r in 0..6 {
            for c in 0..6u32 {
                if !instance.is_allowed(r, c) {
                    blocked.push(format!("[{r},{c}]"));
                }
            }
            if let Some(c) = instance.given(r) {
                given.push(format!("[{r},{c}]"));
            }
        }
        match row.label.as_str() {
            "blocked" => assert!(!blocked.is_empty() && given.is_empty(), "{instance:?}"),
            _ => assert_eq!(given.len(), 2, "{instance:?}"),
        }
        let field = format!(
            r#","trace":false,"instance":{{"blocked":[{}],"given":[{}]}}}}"#,
            blocked.join(","),
            given.join(",")
        );
        assert!(
            request.ends_with(&field),
            "{request}\nexpected the end {field}"
        );
        assert!(
            request.starts_with(r#"{"id":"#) && request.contains(r#","n":6,"#),
            "{request}"
        );
    }
}

#[test]
fn a_version_2_program_is_refused_for_an_instance_plan_when_the_config_loads() {
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("requests.log");
    script(
        dir.path(),
        "v2.sh",
        &recording_program(
            GREETING,
            &log,
            r#"\"solution\":null,\"stop_reason\":\"exhausted\""#,
        ),
    );
    let text = instance_plan("v2.sh");
    let path = dir.path().join("exp.toml");
    std::fs::write(&path, &text).expect("config written");
    let refused = config::load(&path.to_string_lossy(), &text)
        .err()
        .expect("refused at load");
    let message = refused.to_string();
    assert!(
        message.contains("'blocked' cannot search the plan's instances")
            && message.contains("speaks version 2 of the queens-external protocol")
            && message.contains("must speak version 3"),
        "{message}"
    );
    // The handshake at load asked; no request was ever sent.
    assert!(requests(&log).is_empty());
    // The command line refuses it with exit status 2, before any trial.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .arg("run")
        .arg(&path)
        .arg("--data")
        .arg(dir.path().join("data"))
        .arg("--quiet")
        .output()
        .expect("queens runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("must speak version 3"), "{stderr}");
    assert!(!dir.path().join("data").join("runs.csv").exists());
    // A run's stored config reads back without starting the program.
    let handshakes = || std::fs::read_to_string(&log).unwrap_or_default();
    let before = handshakes();
    assert!(!before.is_empty(), "the program was asked at load");
    let stored = config::load_checking(&path.to_string_lossy(), &text, config::Programs::AsStored)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(stored.entries.len(), 2);
    assert_eq!(handshakes(), before);
}

#[test]
fn a_program_whose_handshake_fails_is_refused_for_an_instance_plan_with_the_reason() {
    let dir = tempfile::tempdir().expect("temp dir");
    script(
        dir.path(),
        "broken.sh",
        "read -r hello\necho 'no handshake here' >&2\nexit 3\n",
    );
    let text = instance_plan("broken.sh");
    let path = dir.path().join("exp.toml");
    std::fs::write(&path, &text).expect("config written");
    let message = config::load(&path.to_string_lossy(), &text)
        .err()
        .expect("refused at load")
        .to_string();
    assert!(
        message.contains("its handshake failed when the config was checked")
            && message.contains("must speak version 3")
            && message.contains("no handshake here"),
        "{message}"
    );
}

#[test]
fn a_version_2_program_still_runs_a_plain_plan_and_is_sent_no_instance() {
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("requests.log");
    script(
        dir.path(),
        "v2.sh",
        &recording_program(
            GREETING,
            &log,
            r#"\"solution\":[1,3,0,2],\"stop_reason\":\"solved\",\"counters\":{\"steps\":1}"#,
        ),
    );
    let plan = experiment(dir.path(), "max_steps = 10", &[("v2", "v2.sh", "")]);
    let rows = run(&plan, dir.path()).expect("runs");
    assert_eq!(rows.len(), 8);
    assert!(
        rows.iter().all(|r| r.solved && r.instance == "plain"),
        "{rows:?}"
    );
    let lines = std::fs::read_to_string(&log).expect("log");
    // One process served every trial: no handshake at load for a plain plan.
    let hellos: Vec<&str> = lines.lines().filter(|l| !l.contains("\"id\":")).collect();
    assert_eq!(
        hellos,
        [r#"{"protocol":"queens-external","version":2,"versions":[2,3]}"#]
    );
    let sent = requests(&log);
    assert_eq!(sent.len(), 8);
    assert!(sent.iter().all(|r| !r.contains("instance")), "{sent:?}");
}

#[test]
fn the_shipped_examples_keep_to_instances() {
    use queens::base::instance::generate::generate;
    use queens::base::instance::{Generator, Instance, Origin};

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().expect("temp dir");
    let mut solvers = Vec::new();
    if resolve_command(&["python3".to_string()], Path::new("."), "here").is_ok() {
        let script = root.join("experiments/solvers/min_conflicts.py");
        solvers.push((
            "min_conflicts.py",
            vec!["python3".to_string(), script.to_string_lossy().into_owned()],
        ));
    } else {
        println!("skipped the Python example: python3 not found");
    }
    let binary = dir.path().join("min_conflicts");
    let built = std::process::Command::new("cc")
        .args(["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(&binary)
        .arg(root.join("experiments/solvers/min_conflicts.c"))
        .status();
    match built {
        Ok(status) => {
            assert!(status.success(), "min_conflicts.c does not build");
            solvers.push((
                "min_conflicts.c",
                vec![binary.to_string_lossy().into_owned()],
            ));
        }
        Err(_) => println!("skipped the C example: no C compiler (cc) found"),
    }
    // Lightly blocked boards and completions, which min-conflicts solves;
    // a row with no allowed square, which each answers `exhausted` at once.
    let mut instances: Vec<Instance> = Vec::new();
    for seed in 0..3 {
        let blocked = Generator::Blocked {
            blocks: 8,
            min_free: 4,
        };
        instances.push(generate(12, blocked, seed).expect("blocked"));
        let completion = Generator::Completion { queens: 3 };
        instances.push(generate(12, completion, seed).expect("completion"));
    }
    let dead_row: Vec<(u64, u64)> = (0..8).map(|c| (2, c)).collect();
    let dead = Instance::build(8, &dead_row, &[], &[], Origin::Plain).expect("an instance");
    for (name, command) in solvers {
        let solver = ExternalSolver::new(command, &Params::default(), false);
        let mut solved = 0;
        for (i, instance) in instances.iter().enumerate() {
            let budget = Budget {
                max_restarts: Some(50),
                ..Budget::steps(20_000)
            };
            // The trial path validates the board against the instance.
            let result =
                run_trial(Trial::new(&solver, 12, i as u64, budget).with_instance(instance))
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
            if let Some(solution) = &result.outcome.solution {
                assert_eq!(instance.check(solution.columns()), Ok(()), "{name}");
                solved += 1;
            }
        }
        assert!(solved >= 3, "{name} solved {solved} of {}", instances.len());
        let result = run_trial(Trial::new(&solver, 8, 1, Budget::steps(100)).with_instance(&dead))
            .expect("no board");
        assert_eq!(result.outcome.stop_reason, StopReason::Exhausted, "{name}");
        assert!(solver.take_failures().is_empty(), "{name}");
    }
}

#[test]
fn a_version_2_process_met_by_a_trial_with_an_instance_fails_it_naming_version_3() {
    use queens::base::instance::{Instance, Origin};

    // Outside a plan (no check at load): the trial itself refuses.
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("requests.log");
    let solver = solver_of(
        dir.path(),
        "v2.sh",
        &recording_program(
            GREETING,
            &log,
            r#"\"solution\":null,\"stop_reason\":\"exhausted\""#,
        ),
    );
    let instance = Instance::build(4, &[(0, 1)], &[], &[], Origin::Plain).expect("an instance");
    let result = run_trial(Trial::new(&solver, 4, 1, seconds(10.0)).with_instance(&instance))
        .expect("no board");
    assert_eq!(result.outcome.stop_reason, StopReason::SolverError);
    let failures = solver.take_failures();
    assert_eq!(failures.len(), 1);
    assert!(
        failures[0]
            .reason
            .contains("a trial with an instance, but the program speaks version 2")
            && failures[0].reason.contains("must speak version 3"),
        "{}",
        failures[0].reason
    );
    assert!(requests(&log).is_empty(), "no request was sent");
}
