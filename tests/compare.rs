//! `queens compare` as a user runs it: the figures of compare.csv and
//! ranking.csv against SciPy, identical bytes on every run, the refusals
//! (exit 2, naming the problem and the remedy), several data directories,
//! and the comparison at the end of `queens run`.

mod common;

use common::records::run_record;

use std::path::Path;

use queens::base::records::{RunRecord, write_rows};

/// A trial of `label` at `n` costing `checks`, unsolved when `None`.
fn trial(experiment: &str, label: &str, n: u64, trial: u64, checks: Option<u64>) -> RunRecord {
    let steps = checks.unwrap_or(100) / 2;
    RunRecord {
        experiment: experiment.into(),
        params: "variant=random".into(),
        budget: "max_steps=100".into(),
        instance: "plain".into(),
        checks: checks.unwrap_or(999),
        wall_seconds: 0.001,
        work_known: true,
        ..run_record(label, n, trial, checks.is_some(), steps)
    }
}

/// Writes `dir/runs.csv` with the trials of each label (`None` unsolved).
fn write_runs(dir: &Path, experiment: &str, labels: &[(&str, Vec<Option<u64>>)]) {
    std::fs::create_dir_all(dir).expect("data dir");
    let rows: Vec<RunRecord> = labels
        .iter()
        .flat_map(|(label, costs)| {
            costs
                .iter()
                .enumerate()
                .map(|(i, &c)| trial(experiment, label, 8, i as u64, c))
        })
        .collect();
    write_rows(&dir.join("runs.csv"), &rows).expect("runs.csv");
}

/// Three labels with ties and unsolved trials, 12 trials each.
fn three_labels() -> Vec<(&'static str, Vec<Option<u64>>)> {
    let solved = |v: &[u64], unsolved: usize| {
        let mut costs: Vec<Option<u64>> = v.iter().copied().map(Some).collect();
        costs.extend(std::iter::repeat_n(None, unsolved));
        costs
    };
    vec![
        ("fast", solved(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 0)),
        ("mid", solved(&[5, 5, 6, 7, 8, 9, 10, 11, 12, 13], 2)),
        ("slow", solved(&[6, 6, 8, 10, 14, 15, 16, 17], 4)),
    ]
}

/// The rows of a CSV file as maps from column to value.
fn records(path: &Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).expect("a CSV file");
    let header = reader.headers().expect("header").clone();
    reader
        .records()
        .map(|r| {
            let r = r.expect("a row");
            header
                .iter()
                .zip(r.iter())
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

fn number(text: &str) -> f64 {
    text.parse().expect("a number")
}

#[test]
fn figures_match_scipy_and_the_ranking_names_the_indistinguishable_labels() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    write_runs(&d.join("D"), "e", &three_labels());
    let out = common::queens(d, &["compare", "D"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");

    // scipy 1.17: mannwhitneyu(b, a, method="asymptotic",
    // use_continuity=True) for (a, b) = (fast, mid), (fast, slow),
    // (mid, slow), unsolved trials as inf, gives U = 104.5, 124.0, 100.0
    // and p = 0.06397422798788197, 0.002847390747745313,
    // 0.10906467397055235; Holm by hand: 0.0028474·3 = 0.0085422,
    // 0.063974·2 = 0.12795, 0.10906·1 raised to 0.12795.
    let pairs = records(&d.join("D/compare.csv"));
    let expected = [
        (
            "fast",
            "mid",
            104.5,
            0.063_974_227_987_881_97,
            0.127_948_455_975_763_93,
        ),
        (
            "fast",
            "slow",
            124.0,
            0.002_847_390_747_745_313,
            0.008_542_172_243_235_939,
        ),
        (
            "mid",
            "slow",
            100.0,
            0.109_064_673_970_552_35,
            0.127_948_455_975_763_93,
        ),
    ];
    assert_eq!(pairs.len(), 3);
    for (row, (a, b, u, p, p_holm)) in pairs.iter().zip(expected) {
        assert_eq!((row["label_a"].as_str(), row["label_b"].as_str()), (a, b));
        assert_eq!(row["measure"], "checks");
        assert_eq!(row["n"], "8");
        assert_eq!(row["method"], "asymptotic");
        assert_eq!(number(&row["u"]), u);
        assert!((number(&row["p"]) - p).abs() < 1e-12, "{row:?}");
        assert!((number(&row["p_holm"]) - p_holm).abs() < 1e-12, "{row:?}");
        // A12 = U / (12 · 12).
        assert_eq!(number(&row["a12"]), u / 144.0);
        let (low, high) = (number(&row["a12_ci_low"]), number(&row["a12_ci_high"]));
        assert!(low <= u / 144.0 && u / 144.0 <= high, "{row:?}");
    }
    // Only fast vs slow is significant at 0.05 after Holm; A12 = 0.861.
    let flags: Vec<(&str, &str, &str)> = pairs
        .iter()
        .map(|r| {
            (
                r["significant"].as_str(),
                r["better"].as_str(),
                r["magnitude"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        flags,
        vec![
            ("FALSE", "NA", "large"),
            ("TRUE", "fast", "large"),
            ("FALSE", "NA", "medium")
        ]
    );
    // Mean ranks of the 36 pooled trials (scipy rankdata, averaged ties):
    // fast 11.458333, mid 18.875, slow 25.166667.
    let ranking = records(&d.join("D/ranking.csv"));
    let summary: Vec<(&str, &str, &str, &str, &str)> = ranking
        .iter()
        .map(|r| {
            (
                r["label"].as_str(),
                r["rank"].as_str(),
                r["successes"].as_str(),
                r["indistinguishable_from_best"].as_str(),
                r["versus_best"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("fast", "1", "12", "TRUE", "best"),
            ("mid", "2", "10", "TRUE", "no_detectable_difference"),
            ("slow", "3", "8", "FALSE", "worse")
        ]
    );
    // Twelve trials a side could have shown a difference: no pair is
    // untestable.
    let verdicts: Vec<&str> = pairs.iter().map(|r| r["verdict"].as_str()).collect();
    assert_eq!(
        verdicts,
        [
            "no_detectable_difference",
            "a_better",
            "no_detectable_difference"
        ]
    );
    assert!((number(&ranking[0]["mean_rank"]) - 11.458_333_333_333_334).abs() < 1e-12);
    assert_eq!(number(&ranking[1]["mean_rank"]), 18.875);

    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.starts_with("N = 8 (cost: checks;"), "{table}");
    assert!(
        table.lines().any(|l| l.contains("fast")
            && l.contains("slow")
            && l.contains("0.861")
            && l.contains("0.00854 *")),
        "{table}"
    );
    assert!(stderr.contains("wrote D/compare.csv"), "{stderr}");
}

#[test]
fn the_same_input_gives_the_same_bytes_and_the_seed_moves_only_the_draws() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    write_runs(&d.join("D"), "e", &three_labels());
    let bytes = |args: &[&str], into: &str| {
        let out = common::queens(d, args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        (
            std::fs::read(d.join(into).join("compare.csv")).expect("compare.csv"),
            std::fs::read(d.join(into).join("ranking.csv")).expect("ranking.csv"),
        )
    };
    let first = bytes(&["compare", "D"], "D");
    assert_eq!(bytes(&["compare", "D"], "D"), first);
    // A file that already holds the result is left alone.
    let again = common::queens(d, &["compare", "D"]);
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert!(
        stderr.contains("D/compare.csv unchanged") && stderr.contains("D/ranking.csv unchanged"),
        "{stderr}"
    );
    assert_eq!(bytes(&["compare", "D", "--seed", "2016"], "D"), first);
    // Another seed is only printed unless --output says where (a missing
    // directory is created): D keeps its default comparison.
    let printed = common::queens(d, &["compare", "D", "--seed", "7"]);
    assert!(printed.status.success());
    assert!(
        String::from_utf8_lossy(&printed.stderr).contains("pass --output DIR to keep this one"),
        "{}",
        String::from_utf8_lossy(&printed.stderr)
    );
    assert_eq!(bytes(&["compare", "D"], "D"), first, "D unchanged");
    let reseeded = bytes(
        &["compare", "D", "--seed", "7", "--output", "R/new"],
        "R/new",
    );
    assert_ne!(reseeded.0, first.0);
    assert_eq!(reseeded.1, first.1);
    // Another ROPE is recorded in its column: 10 (a factor 11) makes most
    // solved costs of three_labels (1 … 17) practically equivalent, where
    // 10% made almost none.
    let roped = bytes(
        &["compare", "D", "--rope", "10", "--output", "R/rope"],
        "R/rope",
    );
    let column = |bytes: &[u8], name: &str| -> Vec<f64> {
        let mut reader = csv::Reader::from_reader(bytes);
        let at = reader
            .headers()
            .expect("a header")
            .iter()
            .position(|c| c == name)
            .expect(name);
        reader
            .records()
            .map(|r| r.expect("a row")[at].parse().expect("a number"))
            .collect()
    };
    assert!(column(&roped.0, "rope").iter().all(|&r| r == 10.0));
    assert!(column(&first.0, "rope").iter().all(|&r| r == 0.1));
    let (wide, narrow) = (
        column(&roped.0, "p_equivalent"),
        column(&first.0, "p_equivalent"),
    );
    assert!(
        wide.iter().zip(&narrow).all(|(w, n)| w >= n),
        "{wide:?} {narrow:?}"
    );
    assert!(
        wide.iter().zip(&narrow).any(|(w, n)| w > n),
        "{wide:?} {narrow:?}"
    );
    let without_interval = |bytes: &[u8]| -> Vec<Vec<String>> {
        // The intervals of A12 and of the ERT ratio, and the Bayesian
        // probabilities: the columns the seed draws.
        let drawn = [
            "a12_ci_low",
            "a12_ci_high",
            "ert_ratio_ci_low",
            "ert_ratio_ci_high",
            "p_a_better",
            "p_equivalent",
            "p_b_better",
        ];
        let mut reader = csv::Reader::from_reader(bytes);
        let header = reader.headers().expect("a header").clone();
        for name in drawn {
            assert!(header.iter().any(|c| c == name), "no column {name}");
        }
        reader
            .records()
            .map(|r| {
                let r = r.expect("a row");
                r.iter()
                    .zip(header.iter())
                    .filter(|(_, name)| !drawn.contains(name))
                    .map(|(v, _)| v.to_string())
                    .collect()
            })
            .collect()
    };
    assert_eq!(without_interval(&reseeded.0), without_interval(&first.0));
}

/// Runs `queens args` in `dir` and returns its stderr after checking that
/// it exited 2 and wrote no compare.csv.
fn refused(dir: &Path, args: &[&str]) -> String {
    let out = common::queens(dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(!dir.join("D/compare.csv").exists(), "{args:?}");
    stderr
}

#[test]
fn a_measure_that_does_not_apply_a_bad_alpha_and_a_missing_directory_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let mut rows = vec![
        trial("e", "mc", 8, 0, Some(10)),
        trial("e", "ga", 8, 0, Some(20)),
    ];
    rows[1].step_unit = "generation".into();
    rows[1].evaluations = 3;
    std::fs::create_dir(d.join("D")).expect("data dir");
    write_rows(&d.join("D/runs.csv"), &rows).expect("runs.csv");

    let stderr = refused(d, &["compare", "D", "--measure", "steps"]);
    assert!(
        stderr.contains(
            "at N = 8 the labels count steps in different units (mc: repair, ga: generation)"
        ) && stderr.contains("use --measure checks"),
        "{stderr}"
    );
    let stderr = refused(d, &["compare", "D", "--measure", "evaluations"]);
    assert!(
        stderr.contains("mc never evaluates a whole board")
            && stderr.contains("use --measure checks"),
        "{stderr}"
    );
    for alpha in ["0", "1", "1.5", "-0.1", "five"] {
        let stderr = refused(d, &["compare", "D", "--alpha", alpha]);
        assert!(
            stderr.contains(&format!("'{alpha}' is not a significance level"))
                && stderr.contains("between 0 and 1"),
            "{stderr}"
        );
    }
    for rope in ["-0.1", "inf", "wide"] {
        let stderr = refused(d, &["compare", "D", "--rope", rope]);
        assert!(
            stderr.contains(&format!(
                "'{rope}' is not a region of practical equivalence"
            )) && stderr.contains("at least 0"),
            "{stderr}"
        );
    }
    let stderr = refused(d, &["compare", "D", "--measure", "moves"]);
    assert!(
        stderr.contains("use checks, seconds, steps or evaluations"),
        "{stderr}"
    );
    let stderr = refused(d, &["compare", "D", "missing"]);
    assert!(
        stderr.contains("data directory missing does not exist")
            && stderr.contains("queens run CONFIG"),
        "{stderr}"
    );
    // Seconds and checks apply to every label.
    for measure in ["checks", "seconds"] {
        let out = common::queens(d, &["compare", "D", "--measure", measure]);
        assert!(out.status.success(), "{measure}: {out:?}");
    }
}

#[test]
fn labels_of_two_directories_are_prefixed_when_they_clash() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let labels = three_labels();
    write_runs(&d.join("A"), "first", &labels[..2]);
    write_runs(&d.join("B"), "second", &labels[1..]);
    let out = common::queens(d, &["compare", "A", "B", "--output", "OUT"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!d.join("A/compare.csv").exists());
    let ranking: Vec<String> = records(&d.join("OUT/ranking.csv"))
        .into_iter()
        .map(|r| r["label"].clone())
        .collect();
    assert_eq!(
        ranking,
        vec!["first/fast", "first/mid", "second/mid", "second/slow"]
    );
    // first/mid and second/mid are the same trials: A12 = 0.5, p = 1.
    let same = records(&d.join("OUT/compare.csv"))
        .into_iter()
        .find(|r| r["label_a"] == "first/mid" && r["label_b"] == "second/mid")
        .expect("the pair");
    assert_eq!((same["a12"].as_str(), same["p"].as_str()), ("0.5", "1.0"));

    // Without a clash the labels stay as they are; several directories are
    // written only where --output says.
    write_runs(&d.join("C"), "third", &labels[2..]);
    let out = common::queens(d, &["compare", "A", "C"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !d.join("A/ranking.csv").exists(),
        "not written without --output"
    );
    let out = common::queens(d, &["compare", "A", "C", "--output", "AC"]);
    assert!(out.status.success());
    let labels: Vec<String> = records(&d.join("AC/ranking.csv"))
        .into_iter()
        .map(|r| r["label"].clone())
        .collect();
    assert_eq!(labels, vec!["fast", "mid", "slow"]);

    // The same experiment twice cannot be told apart even prefixed.
    let out = common::queens(d, &["compare", "A", "A"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("A and A both hold label 'fast' of experiment 'first'")
            && stderr.contains("compare the two directories one at a time"),
        "{stderr}"
    );
}

#[test]
fn a_run_ends_with_the_comparison_and_its_ranking() {
    let dir = common::setup(
        r#"
name = "pair"
seed = 3
sizes = [6]
trials = 12

[[algorithm]]
name = "min-conflicts"

[[algorithm]]
name = "random-restart"
"#,
    );
    let d = dir.path();
    let out = common::queens(d, &["run", "exp.toml", "--data", "D", "--plots", "P"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("ranking by checks"), "{stderr}");
    assert!(stderr.contains("\n  N = 6: best "), "{stderr}");
    let pairs = records(&d.join("D/compare.csv"));
    assert_eq!(pairs.len(), 1);
    assert_eq!(
        (pairs[0]["trials_a"].as_str(), pairs[0]["trials_b"].as_str()),
        ("12", "12")
    );
    let ranking = common::table(&d.join("D/ranking.csv"));
    assert_eq!(
        ranking[0],
        [
            "measure",
            "n",
            "label",
            "trials",
            "successes",
            "ert",
            "rank",
            "mean_rank",
            "indistinguishable_from_best",
            "versus_best"
        ]
    );
    assert_eq!(ranking.len(), 3);
    let first = std::fs::read(d.join("D/compare.csv")).expect("compare.csv");

    // Quiet: the same files, no ranking on stderr.
    let out = common::queens(d, &["run", "exp.toml", "--data", "D", "--plots", "P", "-q"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("ranking by"), "{stderr}");
    assert_eq!(
        std::fs::read(d.join("D/compare.csv")).expect("compare.csv"),
        first
    );
}
