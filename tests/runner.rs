//! The runner end to end through the real binary: results independent of
//! the thread count and the shard split, resume, merge refusals, metadata,
//! traces, and seeds that replay with `queens solve`.

mod common;

use common::{ok, queens, table};
use queens::StopReason;

use std::path::Path;
use std::sync::atomic::AtomicBool;

use queens::base::records::RunRecord;
use queens::base::records::Shard;
use queens::experiment::config::{self, Experiment};
use queens::run::error::RunError;
use queens::run::merge::merge;
use queens::run::observer::{NoObserver, RunObserver, SessionStart, TrialInfo};
use queens::run::runner::{RunOptions, run_experiment};
use queens::store::error::StoreError;

/// A small experiment: a stochastic solver (its rows depend on the seeds)
/// next to an exact one (its counters are known).
const CONFIG: &str = r#"
name = "invariance"
seed = 11
sizes = [6, 8]
trials = 5

[budget]
max_steps = 20_000

[[algorithm]]
name = "min-conflicts"
label = "mc"
trials = { 6 = 4, 8 = 7 }

[[algorithm]]
name = "random-restart"
sizes = [5]

[[algorithm]]
name = "backtracking"
label = "wirth"
"#;

fn setup() -> tempfile::TempDir {
    common::setup(CONFIG)
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let dir = setup();
    let d = dir.path();
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--threads", "1", "--data", "one"],
    ));
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--threads", "2", "--data", "two"],
    ));
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--threads", "3", "--data", "three"],
    ));
    let one = table(&d.join("one/runs.csv"));
    assert_eq!(
        one.len(),
        1 + 4 + 7 + 5 + 2 * 5,
        "header and every planned trial"
    );
    assert_eq!(one, table(&d.join("two/runs.csv")));
    assert_eq!(one, table(&d.join("three/runs.csv")));
    assert_eq!(
        table(&d.join("one/summary.csv")),
        table(&d.join("two/summary.csv"))
    );
    // The seeds differ between trials, and the stochastic rows with them.
    let seed = one[0]
        .iter()
        .position(|c| c == "seed")
        .expect("a seed column");
    let seeds: std::collections::HashSet<&String> = one[1..].iter().map(|r| &r[seed]).collect();
    assert_eq!(seeds.len(), one.len() - 1);
}

#[test]
fn shards_merge_into_the_single_machine_run() {
    let dir = setup();
    let d = dir.path();
    ok(queens(d, &["run", "exp.toml", "-q", "--data", "single"]));
    // Three shards in one directory, in any order.
    for shard in ["2/3", "0/3", "1/3"] {
        let out = ok(queens(
            d,
            &[
                "run", "exp.toml", "-q", "--data", "sharded", "--shard", shard,
            ],
        ));
        assert!(String::from_utf8_lossy(&out.stderr).contains("queens merge"));
    }
    assert!(
        !d.join("sharded/runs.csv").exists(),
        "a shard writes only its own file"
    );
    ok(queens(d, &["merge", "sharded", "--plots", "plots"]));
    assert_eq!(
        table(&d.join("single/runs.csv")),
        table(&d.join("sharded/runs.csv"))
    );
    assert_eq!(
        table(&d.join("single/summary.csv")),
        table(&d.join("sharded/summary.csv"))
    );
    for file in ["compare.csv", "ranking.csv"] {
        assert_eq!(
            std::fs::read(d.join("single").join(file)).expect("single"),
            std::fs::read(d.join("sharded").join(file)).expect("merge compares too"),
            "{file}"
        );
    }
    // Two shards in separate directories, merged elsewhere.
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "a", "--shard", "0/2"],
    ));
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "b", "--shard", "1/2"],
    ));
    ok(queens(
        d,
        &["merge", "a", "b", "--into", "ab", "--plots", "plots"],
    ));
    assert_eq!(
        table(&d.join("single/runs.csv")),
        table(&d.join("ab/runs.csv"))
    );
}

#[test]
fn merge_refuses_mixed_missing_and_incomplete_shards() {
    let dir = setup();
    let d = dir.path();
    let other = CONFIG.replace("seed = 11", "seed = 12");
    std::fs::write(d.join("other.toml"), other).expect("config");
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "a", "--shard", "0/2"],
    ));
    ok(queens(
        d,
        &["run", "other.toml", "-q", "--data", "b", "--shard", "1/2"],
    ));
    let out = queens(d, &["merge", "a", "b", "--into", "ab"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("different configs"));
    assert!(!d.join("ab").exists());

    let out = queens(d, &["merge", "a"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing shard(s) 1/2"));

    // Shard 1/2 of the right config, with its last two rows lost.
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "a", "--shard", "1/2"],
    ));
    let runs = d.join("a/runs.shard-1-of-2.csv");
    let text = std::fs::read_to_string(&runs).expect("runs");
    let kept: Vec<&str> = text.lines().collect();
    std::fs::write(&runs, kept[..kept.len() - 2].join("\n") + "\n").expect("write");
    let out = queens(d, &["merge", "a"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("shard 1/2 is incomplete"));
    // Running the shard again finishes it; then the merge succeeds.
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "a", "--shard", "1/2"],
    ));
    ok(queens(d, &["merge", "a", "--plots", "plots"]));
}

#[test]
fn resume_drops_a_torn_line_and_runs_only_what_is_missing() {
    let dir = setup();
    let d = dir.path();
    ok(queens(d, &["run", "exp.toml", "-q", "--data", "full"]));
    ok(queens(d, &["run", "exp.toml", "-q", "--data", "cut"]));
    // Keep the header and 6 rows, in scrambled order, plus half a row.
    let text = std::fs::read_to_string(d.join("cut/runs.csv")).expect("runs");
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = vec![
        lines[0], lines[9], lines[2], lines[20], lines[5], lines[1], lines[14],
    ];
    let torn = &lines[3][..lines[3].len() / 2];
    kept.push(torn);
    std::fs::write(d.join("cut/runs.csv"), kept.join("\n")).expect("write");
    let out = ok(queens(
        d,
        &["run", "exp.toml", "--data", "cut", "--threads", "2"],
    ));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("6 done already"), "{stderr}");
    assert_eq!(
        table(&d.join("full/runs.csv")),
        table(&d.join("cut/runs.csv"))
    );
    assert_eq!(
        table(&d.join("full/summary.csv")),
        table(&d.join("cut/summary.csv"))
    );
    // Kept rows are kept as they were, wall time included.
    let after = std::fs::read_to_string(d.join("cut/runs.csv")).expect("runs");
    assert!(after.lines().any(|l| l == lines[20]));
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("cut/metadata.json")).expect("meta"))
            .expect("json");
    let sessions = meta["sessions"].as_array().expect("sessions");
    assert_eq!(sessions.len(), 2);
    assert_eq!(sessions[1]["trials_run"], 26 - 6);
    assert_eq!(meta["trials_done"], 26);
}

#[test]
fn a_changed_config_is_refused_without_fresh() {
    let dir = setup();
    let d = dir.path();
    ok(queens(d, &["run", "exp.toml", "-q", "--data", "x"]));
    let before = std::fs::read(d.join("x/runs.csv")).expect("runs");
    std::fs::write(
        d.join("exp.toml"),
        CONFIG.replace("trials = 5", "trials = 6"),
    )
    .expect("config");
    let out = queens(d, &["run", "exp.toml", "-q", "--data", "x"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("different config") && stderr.contains("--fresh"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(d.join("x/runs.csv")).expect("runs"),
        before,
        "untouched"
    );
    ok(queens(
        d,
        &["run", "exp.toml", "-q", "--data", "x", "--fresh"],
    ));
    assert_eq!(table(&d.join("x/runs.csv")).len(), 1 + 4 + 7 + 6 + 2 * 6);
}

#[test]
fn metadata_records_the_config_and_the_machine() {
    let dir = setup();
    let d = dir.path();
    ok(queens(d, &["run", "exp.toml", "-q", "--threads", "2"]));
    let meta: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(d.join("data/invariance/metadata.json")).expect("meta"),
    )
    .expect("json");
    assert_eq!(meta["config_text"], CONFIG);
    assert_eq!(meta["config_hash"].as_str().expect("hash").len(), 64);
    assert_eq!(meta["crate_version"], env!("CARGO_PKG_VERSION"));
    assert!(meta["machine"]["cores"].as_u64().expect("cores") >= 1);
    assert!(meta["machine"]["os"].is_string());
    // The compiler, asked by the build script, and on Linux the CPU model.
    assert!(
        meta["rustc_version"]
            .as_str()
            .expect("rustc version")
            .starts_with("rustc "),
        "{meta}"
    );
    if cfg!(target_os = "linux") {
        assert!(meta["machine"]["cpu_model"].is_string(), "{meta}");
    }
    let session = &meta["sessions"][0];
    assert_eq!(session["threads"], 2);
    assert!(session["started"].as_str().expect("start").ends_with('Z'));
    assert!(session["finished"].is_string());
    assert_eq!(session["interrupted"], false);
}

#[test]
fn every_row_replays_with_queens_solve() {
    let dir = setup();
    let d = dir.path();
    ok(queens(d, &["run", "exp.toml", "-q"]));
    let mut reader = csv::Reader::from_path(d.join("data/invariance/runs.csv")).expect("runs");
    let rows: Vec<RunRecord> = reader
        .deserialize()
        .collect::<Result<_, _>>()
        .expect("rows");
    for row in rows.iter().filter(|r| r.trial < 2) {
        let mut args = vec![
            "solve".to_string(),
            "-a".into(),
            row.algorithm.clone(),
            "-n".into(),
            row.n.to_string(),
            "--seed".into(),
            row.seed.to_string(),
            "--json".into(),
        ];
        assert_eq!(
            row.budget, "max_steps=20000",
            "the budget column names the budget"
        );
        for limit in row.budget.split(';').filter(|l| !l.is_empty()) {
            let (key, value) = limit.split_once('=').expect("key=value");
            args.push(format!("--{}", key.replace('_', "-")));
            args.push(value.to_string());
        }
        for p in row.params.split(';').filter(|p| !p.is_empty()) {
            args.push("--param".into());
            args.push(p.to_string());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = queens(d, &args);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        assert_eq!(json["solved"], row.solved, "{row:?}");
        assert_eq!(json["metrics"]["steps"], row.steps, "{row:?}");
        assert_eq!(json["metrics"]["checks"], row.checks, "{row:?}");
        assert_eq!(
            json["metrics"]["stop_reason"],
            row.stop_reason.as_str(),
            "{row:?}"
        );
    }
}

#[test]
fn traces_are_sampled_per_trial() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let config = "name = \"tr\"\nseed = 5\nsizes = [8]\ntrials = 3\ntrace = true\ntrace_every = 10\n\n[[algorithm]]\nname = \"min-conflicts\"\n";
    std::fs::write(d.join("tr.toml"), config).expect("config");
    ok(queens(d, &["run", "tr.toml", "-q"]));
    let traces = table(&d.join("data/tr/traces.csv"));
    assert_eq!(
        traces[0],
        [
            "label",
            "n",
            "trial",
            "step",
            "checks",
            "evaluations",
            "conflicts",
            "best_conflicts"
        ]
    );
    for trial in 0..3 {
        let points: Vec<(u64, u64, u64)> = traces[1..]
            .iter()
            .filter(|r| r[2] == trial.to_string())
            .map(|r| {
                (
                    r[3].parse().expect("step"),
                    r[6].parse().expect("c"),
                    r[7].parse().expect("b"),
                )
            })
            .collect();
        assert!(!points.is_empty(), "trial {trial} has a trace");
        for w in points.windows(2) {
            assert!(
                w[0].0 <= w[1].0 && w[1].2 <= w[0].2,
                "steps rise, best falls: {w:?}"
            );
        }
        for &(_, c, b) in &points {
            assert!(b <= c);
        }
        let checks: Vec<u64> = traces[1..]
            .iter()
            .filter(|r| r[2] == trial.to_string())
            .map(|r| r[4].parse().expect("checks"))
            .collect();
        assert!(
            checks.windows(2).all(|w| w[0] < w[1]),
            "checks grow from point to point: {checks:?}"
        );
    }
}

#[test]
fn summarize_recomputes_the_summary_from_runs_alone() {
    let dir = setup();
    let d = dir.path();
    let out = ok(queens(d, &["run", "exp.toml", "--data", "x"]));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("26/26 trials (100.0%)"),
        "a plain progress line off a terminal: {stderr}"
    );
    let written = std::fs::read(d.join("x/summary.csv")).expect("summary");
    std::fs::remove_file(d.join("x/summary.csv")).expect("remove");
    let out = ok(queens(d, &["summarize", "x"]));
    assert_eq!(
        std::fs::read(d.join("x/summary.csv")).expect("summary"),
        written
    );
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.contains("wirth") && table.contains("ERT checks"),
        "{table}"
    );
    let out = queens(d, &["summarize", "nowhere"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_embedded_default_config_loads() {
    use queens::experiment::config::{DEFAULT_CONFIG, DEFAULT_CONFIG_NAME};
    let experiment =
        config::load(DEFAULT_CONFIG_NAME, DEFAULT_CONFIG).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(experiment.name, "blog-repair");
    let planned = queens::experiment::plan::plan(&experiment).len();
    assert!(planned > 1000, "{planned} trials");
}

#[test]
fn the_time_limit_ends_a_trial_as_budget_time() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    // Random boards at N = 40 essentially never solve; only the clock stops them.
    let config = "name = \"clock\"\nsizes = [40]\ntrials = 2\n[budget]\ntime_limit = 0.05\nmax_steps = 1_000_000_000_000\n\n[[algorithm]]\nname = \"random-restart\"\n";
    std::fs::write(d.join("clock.toml"), config).expect("config");
    ok(queens(d, &["run", "clock.toml", "-q"]));
    let mut reader = csv::Reader::from_path(d.join("data/clock/runs.csv")).expect("runs");
    let rows: Vec<RunRecord> = reader
        .deserialize()
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(rows.len(), 2);
    for row in rows {
        assert_eq!(row.stop_reason, StopReason::BudgetTime, "{row:?}");
        assert!(!row.solved && row.wall_seconds >= 0.05, "{row:?}");
    }
}

#[test]
fn sharded_traces_merge_into_the_single_run_traces() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let config = "name = \"tr\"\nseed = 2\nsizes = [8, 12]\ntrials = 3\ntrace = true\ntrace_every = 5\n\n[[algorithm]]\nname = \"min-conflicts\"\n\n[[algorithm]]\nname = \"naive-repair\"\n";
    std::fs::write(d.join("tr.toml"), config).expect("config");
    ok(queens(d, &["run", "tr.toml", "-q", "--data", "single"]));
    ok(queens(
        d,
        &["run", "tr.toml", "-q", "--data", "s", "--shard", "0/2"],
    ));
    ok(queens(
        d,
        &[
            "run",
            "tr.toml",
            "-q",
            "--data",
            "s",
            "--shard",
            "1/2",
            "--threads",
            "1",
        ],
    ));
    ok(queens(d, &["merge", "s", "--plots", "plots"]));
    let single = table(&d.join("single/traces.csv"));
    assert!(single.len() > 12, "every trial has trace points");
    assert_eq!(single, table(&d.join("s/traces.csv")));
    assert_eq!(
        table(&d.join("single/runs.csv")),
        table(&d.join("s/runs.csv"))
    );
}

/// What the runner told its observer, in order.
#[derive(Default)]
struct Recorder {
    events: std::sync::Mutex<Vec<Event>>,
}

#[derive(Debug, PartialEq)]
enum Event {
    Session {
        planned: u64,
        previously_done: u64,
        to_run: u64,
    },
    Started(usize),
    Finished(usize, Option<(String, u64, u64)>),
    Ended,
}

impl Recorder {
    fn push(&self, event: Event) {
        self.events.lock().expect("not poisoned").push(event);
    }

    fn take(&self) -> Vec<Event> {
        std::mem::take(&mut *self.events.lock().expect("not poisoned"))
    }
}

impl RunObserver for Recorder {
    fn session_started(&self, start: &SessionStart<'_>) {
        assert_eq!(start.experiment, "invariance");
        self.push(Event::Session {
            planned: start.planned,
            previously_done: start.previously_done,
            to_run: start.to_run,
        });
    }

    fn trial_started(&self, trial: &TrialInfo<'_>) {
        self.push(Event::Started(trial.position));
    }

    fn trial_finished(&self, trial: &TrialInfo<'_>, record: Option<&RunRecord>) {
        let row = record.map(|r| {
            assert_eq!((r.seed, r.label.as_str()), (trial.seed, trial.label));
            (r.label.clone(), r.n, r.trial)
        });
        self.push(Event::Finished(trial.position, row));
    }

    fn trials_ended(&self) {
        self.push(Event::Ended);
    }
}

fn load(text: &str) -> Experiment {
    config::load("exp.toml", text).unwrap_or_else(|e| panic!("{e}"))
}

fn options<'a>(
    data_dir: &Path,
    shard: Option<Shard>,
    observer: &'a dyn RunObserver,
    interrupt: &'a AtomicBool,
) -> RunOptions<'a> {
    RunOptions {
        data_dir: data_dir.to_path_buf(),
        threads: 2,
        fresh: false,
        shard,
        observer,
        interrupt,
    }
}

#[test]
fn the_observer_hears_the_session_and_every_trial_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let experiment = load(CONFIG);
    let recorder = Recorder::default();
    let interrupt = AtomicBool::new(false);
    let data = dir.path().join("data");
    let report =
        run_experiment(&experiment, &options(&data, None, &recorder, &interrupt)).expect("runs");
    assert_eq!((report.planned, report.ran), (26, 26));
    let events = recorder.take();
    assert_eq!(
        events[0],
        Event::Session {
            planned: 26,
            previously_done: 0,
            to_run: 26
        }
    );
    assert_eq!(events.last(), Some(&Event::Ended));
    let started: std::collections::BTreeSet<usize> = events
        .iter()
        .filter_map(|e| match e {
            Event::Started(p) => Some(*p),
            _ => None,
        })
        .collect();
    assert_eq!(started, (0..26).collect());
    let plan = queens::experiment::plan::plan(&experiment);
    let mut finished = 0;
    for event in &events {
        if let Event::Finished(p, row) = event {
            let t = &plan[*p];
            let label = experiment.entries[t.entry].label.clone();
            assert_eq!(row, &Some((label, t.n, t.trial)));
            finished += 1;
        }
    }
    assert_eq!(finished, 26);
    assert_eq!(events.len(), 1 + 2 * 26 + 1);

    // A resume with nothing left to run starts no trial.
    run_experiment(&experiment, &options(&data, None, &recorder, &interrupt)).expect("runs");
    assert_eq!(
        recorder.take(),
        [
            Event::Session {
                planned: 26,
                previously_done: 26,
                to_run: 0
            },
            Event::Ended
        ]
    );
}

#[test]
fn refusals_are_typed_conditions() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let interrupt = AtomicBool::new(false);
    let experiment = load(CONFIG);
    let half = Shard { index: 0, count: 2 };
    run_experiment(
        &experiment,
        &options(&d.join("a"), Some(half), &NoObserver, &interrupt),
    )
    .expect("runs");
    let error = merge(&[d.join("a")], &d.join("a")).expect_err("refused");
    assert!(
        matches!(&error, RunError::MissingShards { missing } if missing == &[Shard { index: 1, count: 2 }]),
        "{error}"
    );
    assert!(!error.is_internal());
    let error = merge(&[d.join("nowhere-else")], &d.join("x")).expect_err("refused");
    assert!(
        matches!(error, RunError::Store(StoreError::Io { .. })),
        "{error}"
    );
    std::fs::create_dir(d.join("empty")).expect("created");
    let error = merge(&[d.join("empty")], &d.join("x")).expect_err("refused");
    assert!(matches!(error, RunError::NoShards { .. }), "{error}");

    let changed = load(&CONFIG.replace("seed = 11", "seed = 12"));
    let error = run_experiment(
        &changed,
        &options(&d.join("a"), Some(half), &NoObserver, &interrupt),
    )
    .expect_err("refused");
    match &error {
        RunError::Store(StoreError::DifferentConfig {
            stored_hash,
            config_hash,
            ..
        }) => assert_eq!(
            (stored_hash, config_hash),
            (&experiment.hash, &changed.hash)
        ),
        other => panic!("{other}"),
    }

    std::fs::remove_file(d.join("a/metadata.shard-0-of-2.json")).expect("removed");
    let error = run_experiment(
        &experiment,
        &options(&d.join("a"), Some(half), &NoObserver, &interrupt),
    )
    .expect_err("refused");
    assert!(
        matches!(error, RunError::Store(StoreError::UnknownOrigin { .. })),
        "{error}"
    );
}
