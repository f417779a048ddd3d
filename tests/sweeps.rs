//! Parameter sweeps end to end: a list of values in a config expands into
//! one entry per combination (crossed in written order, or zipped), each
//! with its own label and seeds; bad sweeps are refused at their place in
//! the file; configs without lists load as before; `queens run --dry-run`
//! prints the plan and writes nothing; a plan above the confirmation limit
//! runs only with `--yes`; and the parameter chart draws the summary's ERT
//! against the swept value.

mod common;

use common::svg::{markers, number, texts};
use common::{listing, queens};

use std::path::Path;

use queens::base::records::metadata::read;
use queens::base::records::seed::trial_seed;
use queens::base::records::{RunRecord, SummaryRow, read_rows};
use queens::experiment::config::{Experiment, load};
use queens::experiment::plan::{CONFIRM_PLANNED_TRIALS, plan, planned_trials};

const HEAD: &str = "name = \"sweep\"\nseed = 5\nsizes = [8, 10]\ntrials = 3\n";

fn loaded(text: &str) -> Experiment {
    load("s.toml", text).unwrap_or_else(|e| panic!("{e}"))
}

fn refused(text: &str) -> String {
    match load("s.toml", text) {
        Ok(_) => panic!("loaded: {text}"),
        Err(e) => e.to_string(),
    }
}

fn labels(experiment: &Experiment) -> Vec<&str> {
    experiment
        .entries
        .iter()
        .map(|e| e.label.as_str())
        .collect()
}

#[test]
fn lists_cross_into_labelled_entries_in_written_order() {
    let e = loaded(&format!(
        "{HEAD}[[algorithm]]\nname = \"annealing\"\n\
         params = {{ t0 = [0.5, 1, 2], alpha = [0.99, 0.999], reheats = 0 }}\n"
    ));
    assert_eq!(
        labels(&e),
        [
            "annealing t0=0.5 alpha=0.99",
            "annealing t0=0.5 alpha=0.999",
            "annealing t0=1 alpha=0.99",
            "annealing t0=1 alpha=0.999",
            "annealing t0=2 alpha=0.99",
            "annealing t0=2 alpha=0.999",
        ]
    );
    // Each entry carries its own values (and the fixed ones) in `params`.
    let first = &e.entries[0].params_text;
    assert!(
        first.contains("alpha=0.99;") && first.contains("t0=0.5"),
        "{first}"
    );
    assert!(first.contains("reheats=0"), "{first}");
    assert!(e.entries[5].params_text.contains("t0=2"));
    assert_eq!(planned_trials(&e), 6 * 2 * 3);
}

#[test]
fn zip_pairs_the_lists_and_a_label_takes_the_values_appended() {
    let e = loaded(&format!(
        "{HEAD}[[algorithm]]\nname = \"annealing\"\nlabel = \"SA\"\nsweep = \"zip\"\n\
         params = {{ t0 = [1, 4], alpha = [0.9, 0.8] }}\n"
    ));
    assert_eq!(labels(&e), ["SA t0=1 alpha=0.9", "SA t0=4 alpha=0.8"]);
}

#[test]
fn every_combination_has_its_own_seeds_derived_from_its_label() {
    let text = format!("{HEAD}[[algorithm]]\nname = \"annealing\"\nparams = {{ t0 = [1, 2] }}\n");
    let (a, b) = (loaded(&text), loaded(&text));
    let (pa, pb) = (plan(&a), plan(&b));
    assert_eq!(pa, pb, "the same config plans the same seeds");
    for t in &pa {
        let label = &a.entries[t.entry].label;
        assert_eq!(t.seed, trial_seed(5, label, t.n, t.trial));
    }
    let seeds_of = |entry: usize| -> Vec<u64> {
        pa.iter()
            .filter(|t| t.entry == entry)
            .map(|t| t.seed)
            .collect()
    };
    let (s0, s1) = (seeds_of(0), seeds_of(1));
    assert_eq!(s0.len(), 6);
    assert!(s0.iter().all(|s| !s1.contains(s)), "{s0:?} {s1:?}");
}

#[test]
fn configs_without_lists_load_as_the_shipped_data_was_written() {
    for name in [
        "blog-repair",
        "series",
        "local-search-scaling",
        "backtracking",
    ] {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let config = root.join(format!("experiments/{name}.toml"));
        let text = std::fs::read_to_string(&config).unwrap();
        let e = load(&config.display().to_string(), &text).unwrap_or_else(|e| panic!("{e}"));
        let runs: Vec<RunRecord> = read_rows(&root.join(format!("data/{name}/runs.csv"))).unwrap();
        for t in plan(&e) {
            let entry = &e.entries[t.entry];
            let row = runs
                .iter()
                .find(|r| r.label == entry.label && r.n == t.n && r.trial == t.trial)
                .unwrap_or_else(|| {
                    panic!("{name}: no row for {} {} {}", entry.label, t.n, t.trial)
                });
            assert_eq!(row.seed, t.seed, "{name}: {}", entry.label);
            assert_eq!(row.params, entry.params_text, "{name}: {}", entry.label);
        }
        assert_eq!(plan(&e).len(), runs.len(), "{name}");
        let stored = read(&root.join(format!("data/{name}/metadata.json")))
            .unwrap()
            .unwrap();
        assert_eq!(stored.config_hash, e.hash, "{name}");
    }
}

#[test]
fn bad_sweeps_are_refused_at_their_place() {
    let table = |params: &str| format!("{HEAD}[[algorithm]]\nname = \"annealing\"\n{params}\n");
    let cases: [(String, &str, &[&str]); 6] = [
        (
            table("params = { t0 = [] }"),
            "s.toml:7:17:",
            &["params.t0 = []", "at least one value"],
        ),
        (
            table("params = { t0 = [[1, 2], [3]] }"),
            "s.toml:7:17:",
            &["lists [1, 2], a list", "single values"],
        ),
        (
            table("params = { t0 = [1, 2], alpha = [0.9, 1.5] }"),
            "s.toml:7:33:",
            &[
                "bad value '1.5' for parameter 'alpha'",
                "combination t0=1 alpha=1.5",
                "label 'annealing t0=1 alpha=1.5'",
                "remove that value",
            ],
        ),
        (
            table("sweep = \"zip\"\nparams = { t0 = [1, 2, 3], alpha = [0.9, 0.8] }"),
            "s.toml:8:36:",
            &["differ in length", "t0 has 3, alpha has 2"],
        ),
        (
            format!(
                "{HEAD}[[algorithm]]\nname = \"annealing\"\nlabel = \"annealing t0=2\"\n\
                 [[algorithm]]\nname = \"annealing\"\nparams = {{ t0 = [1, 2] }}\n"
            ),
            "s.toml:9:8:",
            &[
                "duplicate label 'annealing t0=2'",
                "the sweep's combination t0=2",
            ],
        ),
        (
            table(&format!(
                "params = {{ t0 = [{}], alpha = [{}] }}",
                (1..=1001)
                    .map(|i| i.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                (1..=1000)
                    .map(|i| format!("0.{i:04}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            "s.toml:7:10:",
            &[
                "crosses 1001 t0 × 1000 alpha values",
                "than the 1000 labels an experiment compares",
            ],
        ),
    ];
    for (text, at, says) in cases {
        let e = refused(&text);
        assert!(e.starts_with(at), "expected {at}: {e}");
        for s in says {
            assert!(e.contains(s), "expected '{s}' in: {e}");
        }
    }
}

#[test]
fn a_sweep_over_the_plan_limit_is_refused_at_its_trials() {
    let e = refused(
        "name = \"big\"\nsizes = [8]\ntrials = 400_000\n\
         [[algorithm]]\nname = \"construction\"\n[[algorithm]]\nname = \"annealing\"\n\
         params = { t0 = [1, 2] }\n",
    );
    assert!(e.starts_with("s.toml:3:10:"), "{e}");
    assert!(e.contains("the plan holds 1200000 trials"), "{e}");
}

#[test]
fn dry_run_prints_the_plan_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let config = format!(
        "{HEAD}[budget]\ntime_limit = 2.0\n\
         [[algorithm]]\nname = \"annealing\"\nparams = {{ t0 = [1, 2] }}\n\
         [[algorithm]]\nname = \"min-conflicts\"\ntrials = {{ 8 = 5, 10 = 4 }}\n\
         budget = {{ max_steps = 100 }}\n"
    );
    std::fs::write(dir.path().join("s.toml"), &config).unwrap();
    let out = queens(dir.path(), &["run", "s.toml", "--dry-run", "-j", "2"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    for expected in [
        "sweep (s.toml): 3 entries, 21 trials",
        "\nannealing t0=1\n  algorithm  annealing\n",
        "\nannealing t0=2\n",
        "  sizes      8, 10\n  trials     3 per size\n  total      6 trials; time at most 12 seconds (6 × time_limit 2 s)",
        "  trials     8: 5, 10: 4\n  total      9 trials; time at most 18 seconds",
        "total: 21 trials in 3 entries",
        "time: at most 42 seconds of trial time, 21 seconds on 2 threads",
        "dry run: nothing was run or written",
    ] {
        assert!(
            stdout.contains(expected),
            "expected {expected:?} in:\n{stdout}"
        );
    }
    assert_eq!(listing(dir.path()), ["s.toml"]);

    let unbounded = config.replace("time_limit = 2.0", "max_steps = 1000");
    std::fs::write(dir.path().join("s.toml"), &unbounded).unwrap();
    let out = queens(dir.path(), &["run", "s.toml", "--dry-run"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("time: not bounded: no entry has a time_limit"),
        "{stdout}"
    );
    assert!(!stdout.contains("the others"), "{stdout}");
    assert_eq!(listing(dir.path()), ["s.toml"]);

    let mixed = unbounded.replace("max_steps = 100 }", "time_limit = 1.0 }");
    std::fs::write(dir.path().join("s.toml"), mixed).unwrap();
    let out = queens(dir.path(), &["run", "s.toml", "--dry-run", "-j", "1"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("time: not bounded: 'annealing t0=1', 'annealing t0=2' have no time_limit (only their step, restart or check budgets bound them); the others take at most 9 seconds of trial time, 9 seconds on 1 thread"),
        "{stdout}"
    );
}

#[test]
fn a_plan_above_the_confirmation_limit_needs_yes() {
    let dir = tempfile::tempdir().unwrap();
    let trials = CONFIRM_PLANNED_TRIALS / 2 + 1;
    let config = format!(
        "name = \"big\"\nsizes = [4]\ntrials = {trials}\n\
         [[algorithm]]\nname = \"construction\"\nparams = {{ }}\n\
         [[algorithm]]\nname = \"construction\"\nlabel = \"again\"\n"
    );
    std::fs::write(dir.path().join("big.toml"), config).unwrap();
    let out = queens(dir.path(), &["run", "big.toml", "--quiet"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let planned = 2 * trials;
    for expected in [
        format!("plans {planned} trials"),
        format!("more than {CONFIRM_PLANNED_TRIALS}"),
        "--yes".to_owned(),
        "queens run --dry-run big.toml".to_owned(),
    ] {
        assert!(
            stderr.contains(&expected),
            "expected {expected:?} in: {stderr}"
        );
    }
    assert_eq!(listing(dir.path()), ["big.toml"]);

    // Confirmed, it runs (one shard of many, to stay fast).
    let shard = format!("0/{}", planned / 2);
    let out = queens(
        dir.path(),
        &[
            "run", "big.toml", "--quiet", "--yes", "--shard", &shard, "--data", "d",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let runs: Vec<RunRecord> = read_rows(
        &dir.path()
            .join(format!("d/runs.shard-0-of-{}.csv", planned / 2)),
    )
    .unwrap();
    assert_eq!(runs.len(), 2, "{stderr}");
}

/// The horizontal grid lines of the first panel of an SVG, from its y tick
/// texts: (value, pixel y) of every tick written as a power of ten.
fn decade_ticks(svg: &str, left_of: f64) -> Vec<(f64, f64)> {
    let mut ticks = Vec::new();
    for text in texts(svg) {
        let Some(power) = text.content.strip_prefix("10") else {
            continue;
        };
        let exponent: String = power
            .chars()
            .map(|c| match "⁰¹²³⁴⁵⁶⁷⁸⁹".chars().position(|d| d == c) {
                Some(d) => char::from(b'0' + d as u8),
                None if c == '⁻' => '-',
                None => 'x',
            })
            .collect();
        let (Ok(exponent), Some(x), Some(y)) = (
            exponent.parse::<i32>(),
            number(text.tag, "x"),
            number(text.tag, "y"),
        ) else {
            continue;
        };
        if x < left_of {
            ticks.push((10f64.powi(exponent), y));
        }
    }
    ticks
}

#[test]
fn a_swept_run_draws_its_parameter_chart_at_the_summary_ert() {
    let dir = tempfile::tempdir().unwrap();
    let config = "name = \"swept\"\nseed = 3\nsizes = [8, 10]\ntrials = 4\n\
                  [[algorithm]]\nname = \"annealing\"\nparams = { t0 = [0.5, 8] }\n\
                  [[algorithm]]\nname = \"min-conflicts\"\n";
    std::fs::write(dir.path().join("s.toml"), config).unwrap();
    let out = queens(
        dir.path(),
        &["run", "s.toml", "--quiet", "--data", "d", "--plots", "p"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let charts = listing(&dir.path().join("p"));
    assert!(charts.contains(&"param-t0.svg".to_owned()), "{charts:?}");
    assert_eq!(
        charts.iter().filter(|c| c.starts_with("param-")).count(),
        1,
        "one parameter chart, as SVG (PNG and PDF come with `plot --print`): {charts:?}"
    );
    let svg = std::fs::read_to_string(dir.path().join("p/param-t0.svg")).unwrap();
    assert!(
        svg.contains("N = 8") && svg.contains("N = 10"),
        "one line per N"
    );
    let summary: Vec<SummaryRow> = read_rows(&dir.path().join("d/summary.csv")).unwrap();
    // The first colour of the palette is N = 8; its markers in the ERT
    // panel (above the success panel) sit at the summary's ERT.
    let c = queens::plot::style::PALETTE[0];
    let fill = format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2);
    let ticks = decade_ticks(&svg, 120.0);
    assert!(ticks.len() >= 2, "{ticks:?}");
    let ((v0, y0), (v1, y1)) = (ticks[0], ticks[ticks.len() - 1]);
    let pixel = |v: f64| y0 + (v.log10() - v0.log10()) / (v1.log10() - v0.log10()) * (y1 - y0);
    let bottom = ticks.iter().map(|t| t.1).fold(0.0, f64::max);
    let drawn: Vec<f64> = markers(&svg)
        .into_iter()
        .filter(|m| m.fill == fill)
        .map(|m| m.y)
        .filter(|y| *y <= bottom + 1.0)
        .collect();
    let mut expected: Vec<f64> = summary
        .iter()
        .filter(|r| r.label.starts_with("annealing t0=") && r.n == 8)
        .map(|r| pixel(r.checks.ert.expect("a known ERT")))
        .collect();
    assert_eq!(expected.len(), 2);
    assert_eq!(drawn.len(), 2, "{drawn:?}");
    expected.sort_by(f64::total_cmp);
    let mut drawn = drawn;
    drawn.sort_by(f64::total_cmp);
    for (d, e) in drawn.iter().zip(&expected) {
        assert!((d - e).abs() <= 2.0, "marker at y = {d}, ERT at y = {e}");
    }

    // Without a sweep, no parameter chart.
    let plain = "name = \"plain\"\nseed = 3\nsizes = [8]\ntrials = 2\n\
                 [[algorithm]]\nname = \"annealing\"\n[[algorithm]]\nname = \"min-conflicts\"\n";
    std::fs::write(dir.path().join("plain.toml"), plain).unwrap();
    let out = queens(
        dir.path(),
        &[
            "run",
            "plain.toml",
            "--quiet",
            "--data",
            "d2",
            "--plots",
            "p2",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let charts = listing(&dir.path().join("p2"));
    assert!(
        charts.iter().all(|c| !c.starts_with("param-")),
        "{charts:?}"
    );
}
