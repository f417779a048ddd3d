//! The statistics of summary.csv against hand-computed and published values.

mod common;

use common::records::run_record;
use queens::analysis::stats::{
    TrialCost, bootstrap_median_interval, ecdf, ert, ert_intervals, mean, quantile_sorted, sorted,
    wilson_interval,
};
use queens::analysis::summary::summarize;
use queens::analysis::traces::{Trace, median_curve, value_at};
use queens::base::records::RunRecord;

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

#[test]
fn wilson_matches_newcombe_1998_table_1() {
    // Newcombe, "Two-sided confidence intervals for the single proportion:
    // comparison of seven methods", Stat. Med. 17 (1998), Table I, method 3.
    for (successes, trials, low, high) in [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ] {
        let (l, h) = wilson_interval(successes, trials);
        assert!(close(l, low, 5e-5), "{successes}/{trials}: low {l}");
        assert!(close(h, high, 5e-5), "{successes}/{trials}: high {h}");
    }
}

#[test]
fn wilson_extremes_have_closed_forms() {
    // 0 of n: [0, z²/(n + z²)]; n of n: [n/(n + z²), 1].
    let z2 = 1.959_963_984_540_054_f64.powi(2);
    let (l, h) = wilson_interval(0, 10);
    assert_eq!(l, 0.0);
    assert!(close(h, z2 / (10.0 + z2), 1e-12), "{h}");
    let (l, h) = wilson_interval(10, 10);
    assert!(close(l, 10.0 / (10.0 + z2), 1e-12), "{l}");
    assert_eq!(h, 1.0, "exactly 1, not 1 - 1e-16");
    for trials in 1..500 {
        assert_eq!(wilson_interval(0, trials).0, 0.0, "0 of {trials}");
        assert_eq!(
            wilson_interval(trials, trials).1,
            1.0,
            "{trials} of {trials}"
        );
    }
    assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
}

#[test]
fn quantiles_interpolate_linearly_type_7() {
    let v = sorted(&[4.0, 1.0, 3.0, 2.0]);
    assert_eq!(v, vec![1.0, 2.0, 3.0, 4.0]);
    // h = 3q: q = 0.1 -> 0.3 -> 1.3; q = 0.5 -> 1.5 -> 2.5; q = 0.9 -> 2.7 -> 3.7.
    assert!(close(quantile_sorted(&v, 0.1).unwrap(), 1.3, 1e-12));
    assert!(close(quantile_sorted(&v, 0.5).unwrap(), 2.5, 1e-12));
    assert!(close(quantile_sorted(&v, 0.9).unwrap(), 3.7, 1e-12));
    assert_eq!(quantile_sorted(&v, 0.0), Some(1.0));
    assert_eq!(quantile_sorted(&v, 1.0), Some(4.0));
    assert_eq!(quantile_sorted(&[7.0], 0.9), Some(7.0));
    assert_eq!(quantile_sorted(&[], 0.5), None);
    assert_eq!(mean(&[1.0, 2.0, 6.0]), Some(3.0));
    assert_eq!(mean(&[]), None);
}

#[test]
fn ert_divides_all_work_by_successes() {
    // Two successes after 10 and 30 steps, two failures at the budget of 100.
    assert_eq!(ert(10.0 + 100.0 + 30.0 + 100.0, 2), 120.0);
    assert_eq!(ert(500.0, 0), f64::INFINITY);
}

fn trial(solved: bool, cost: f64) -> TrialCost<2> {
    TrialCost {
        solved,
        cost: [cost, 3.0 * cost],
    }
}

#[test]
fn ert_interval_from_simulated_restarts_matches_the_negative_binomial() {
    // Every trial solved at the same cost: every simulated run costs it.
    let same: Vec<TrialCost<2>> = (0..12).map(|_| trial(true, 7.0)).collect();
    assert_eq!(ert_intervals(&same, 1), Some([(7.0, 7.0), (21.0, 21.0)]));
    assert_eq!(ert_intervals(&[trial(false, 5.0)], 1), None, "no success");
    // 20 successes at cost 10 and 20 failures at cost 100: ERT = 2200 / 20
    // = 110. A replicate strings 20 simulated runs: 20 successes and F
    // failures, F ~ NegBin(20, 1/2), so its ERT is 10 + 100·F/20 = 10 + 5F.
    // The 2.5% and 97.5% quantiles of NegBin(20, 1/2) are 9 and 34 (summing
    // its pmf C(k+19, k)/2^(20+k)), so the interval is about (55, 180).
    let mixed: Vec<TrialCost<2>> = (0..40)
        .map(|i| trial(i % 2 == 0, if i % 2 == 0 { 10.0 } else { 100.0 }))
        .collect();
    let [(low, high), (low3, high3)] = ert_intervals(&mixed, 2016).expect("successes");
    assert!((50.0..=60.0).contains(&low), "{low}");
    assert!((175.0..=185.0).contains(&high), "{high}");
    assert_eq!(
        (low3, high3),
        (3.0 * low, 3.0 * high),
        "measures share the draws"
    );
    assert_eq!(
        ert_intervals(&mixed, 2016),
        ert_intervals(&mixed, 2016),
        "seeded"
    );
}

#[test]
fn bootstrap_is_seeded_and_brackets_the_median() {
    let values: Vec<f64> = (0..41).map(|i| ((i * 37) % 41) as f64).collect();
    let a = bootstrap_median_interval(&values, 42).unwrap();
    let b = bootstrap_median_interval(&values, 42).unwrap();
    assert_eq!(a, b, "same values and seed, same interval");
    let others: Vec<(f64, f64)> = (43..63)
        .map(|seed| bootstrap_median_interval(&values, seed).unwrap())
        .collect();
    assert!(others.iter().any(|&o| o != a), "the seed is used");
    let median = quantile_sorted(&sorted(&values), 0.5).unwrap();
    assert!(a.0 <= median && median <= a.1, "{a:?} around {median}");
    assert!(a.0 >= 0.0 && a.1 <= 40.0 && a.0 < a.1, "{a:?}");
    assert_eq!(bootstrap_median_interval(&[5.0; 9], 1), Some((5.0, 5.0)));
    assert_eq!(bootstrap_median_interval(&[], 1), None);
}

fn row(label: &str, n: u64, trial: u64, solved: bool, steps: u64, wall: f64) -> RunRecord {
    RunRecord {
        params: "variant=random".into(),
        checks: 2 * steps,
        wall_seconds: wall,
        work_known: true,
        ..run_record(label, n, trial, solved, steps)
    }
}

#[test]
fn summary_rows_from_runs_alone() {
    let runs = vec![
        row("b", 8, 0, true, 10, 0.5),
        row("a", 8, 0, true, 30, 1.0),
        row("b", 8, 1, false, 100, 2.0),
        row("b", 8, 2, true, 30, 1.5),
        row("b", 4, 0, false, 100, 1.0),
        row("b", 8, 3, false, 100, 4.0),
    ];
    let s = summarize(&runs);
    let cells: Vec<(&str, u64)> = s.iter().map(|r| (r.label.as_str(), r.n)).collect();
    assert_eq!(
        cells,
        vec![("b", 4), ("b", 8), ("a", 8)],
        "labels by first appearance, n ascending"
    );
    let b4 = &s[0];
    assert_eq!(
        (b4.trials, b4.successes, b4.success_rate),
        (1, 0, Some(0.0))
    );
    assert_eq!(
        (b4.steps.median, b4.steps.ert, b4.seconds.ert),
        (None, Some(f64::INFINITY), Some(f64::INFINITY)),
        "no success: no median, infinite ERT"
    );
    assert_eq!((b4.success_ci_low, b4.checks.ert_ci_low), (Some(0.0), None));
    let b8 = &s[1];
    assert_eq!(
        (b8.trials, b8.successes, b8.success_rate),
        (4, 2, Some(0.5))
    );
    assert_eq!(b8.steps.mean, Some(20.0), "over solved trials only");
    assert_eq!(b8.steps.median, Some(20.0));
    assert_eq!(b8.steps.p10, Some(12.0));
    assert_eq!(b8.checks.median, Some(40.0));
    assert_eq!(b8.seconds.mean, Some(1.0));
    assert_eq!(b8.steps.ert, Some(120.0), "(10 + 100 + 30 + 100) / 2");
    assert_eq!(
        b8.checks.ert,
        Some(240.0),
        "checks are twice the steps here"
    );
    assert_eq!(b8.seconds.ert, Some(4.0), "(0.5 + 2 + 1.5 + 4) / 2");
    assert_eq!(b8.evaluations.ert, Some(0.0));
    let (low, high) = wilson_interval(2, 4);
    assert_eq!(
        (b8.success_ci_low, b8.success_ci_high),
        (Some(low), Some(high))
    );
    assert_eq!(
        (
            b8.steps.median_ci_low,
            b8.steps.ert_ci_low,
            b8.steps.ert_ci_high
        ),
        (None, None, None),
        "no interval from 2 solved trials"
    );
    assert_eq!(
        (b8.step_unit.as_str(), b8.budget.as_str()),
        ("repair", "unlimited")
    );
    assert_eq!(summarize(&runs), s, "deterministic, bootstrap included");
}

#[test]
fn intervals_start_at_ten_solved_trials() {
    let rows = |solved: u64| -> Vec<RunRecord> {
        (0..20)
            .map(|t| row("a", 8, t, t < solved, 10 + t, 0.01))
            .collect()
    };
    let nine = &summarize(&rows(9))[0];
    assert_eq!(
        (nine.checks.median_ci_low, nine.checks.ert_ci_low),
        (None, None)
    );
    let ten = &summarize(&rows(10))[0];
    let (l, h) = (
        ten.checks.median_ci_low.expect("median interval"),
        ten.checks.median_ci_high.expect("median interval"),
    );
    let median = ten.checks.median.expect("median");
    assert!(l <= median && median <= h, "{l} <= {median} <= {h}");
    let (l, h) = (
        ten.checks.ert_ci_low.expect("ERT interval"),
        ten.checks.ert_ci_high.expect("ERT interval"),
    );
    let ert = ten.checks.ert.expect("a known ERT");
    assert!(l <= ert && ert <= h, "{l} <= {ert} <= {h}");
}

/// The plain bootstrap: draw whole resamples, take their medians.
fn resampled_interval(values: &[f64], resamples: usize, seed: u64) -> (f64, f64) {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    let mut medians: Vec<f64> = (0..resamples)
        .map(|_| {
            let r: Vec<f64> = (0..values.len())
                .map(|_| values[rng.random_range(0..values.len())])
                .collect();
            quantile_sorted(&sorted(&r), 0.5).unwrap()
        })
        .collect();
    medians.sort_by(f64::total_cmp);
    (
        quantile_sorted(&medians, 0.025).unwrap(),
        quantile_sorted(&medians, 0.975).unwrap(),
    )
}

#[test]
fn bootstrap_agrees_with_plain_resampling() {
    // Odd and even sample sizes, skewed values like step counts.
    for len in [25usize, 40] {
        let values: Vec<f64> = (0..len).map(|i| ((i * i) % 97) as f64 * 10.0).collect();
        let s = sorted(&values);
        let (lo, hi) = bootstrap_median_interval(&values, 7).unwrap();
        let (plo, phi) = resampled_interval(&values, 20_000, 8);
        // Both ends land within one order statistic of the plain bootstrap's.
        let rank = |x: f64| s.iter().filter(|&&v| v < x).count() as i64;
        assert!((rank(lo) - rank(plo)).abs() <= 1, "n={len}: {lo} vs {plo}");
        assert!((rank(hi) - rank(phi)).abs() <= 1, "n={len}: {hi} vs {phi}");
    }
}

#[test]
fn bootstrap_cost_does_not_grow_with_the_sample() {
    // 10^6 values: resampling would draw 10^9 numbers; this draws ~10^4.
    let values: Vec<f64> = (0..1_000_000).map(|i| (i % 1000) as f64).collect();
    let (lo, hi) = bootstrap_median_interval(&values, 3).unwrap();
    assert!(lo <= 499.5 && 499.5 <= hi && hi - lo <= 4.0, "({lo}, {hi})");
}

#[test]
fn ecdf_counts_every_trial_so_failures_keep_it_below_one() {
    // 4 solved of 5 trials: shares 1/5, 2/5, 3/5, 4/5; ties keep a point each.
    assert_eq!(
        ecdf(&[3.0, 1.0, 2.0, 2.0], 5),
        vec![(1.0, 0.2), (2.0, 0.4), (2.0, 0.6), (3.0, 0.8)]
    );
    assert_eq!(ecdf(&[7.0, 5.0], 2), vec![(5.0, 0.5), (7.0, 1.0)]);
    assert!(ecdf(&[], 3).is_empty());
    assert!(ecdf(&[1.0], 0).is_empty());
}

#[test]
fn value_at_holds_the_last_sample_and_starts_at_the_first() {
    let trace = [(2.0, 7.0), (4.0, 3.0)];
    assert_eq!(value_at(&trace, 1.0), Some(7.0));
    assert_eq!(value_at(&trace, 2.0), Some(7.0));
    assert_eq!(value_at(&trace, 3.9), Some(7.0));
    assert_eq!(value_at(&trace, 4.0), Some(3.0));
    assert_eq!(value_at(&trace, 1e9), Some(3.0));
    assert_eq!(value_at(&[], 1.0), None);
}

fn three_traces() -> Vec<Trace> {
    vec![
        vec![(1.0, 5.0), (10.0, 2.0), (100.0, 0.0)],
        vec![(1.0, 4.0), (100.0, 1.0)],
        vec![(1.0, 6.0), (10.0, 3.0), (50.0, 1.0)],
    ]
}

fn assert_curve(curve: &[(f64, f64)], expected: &[(f64, f64)]) {
    assert_eq!(curve.len(), expected.len(), "{curve:?}");
    for (&(step, m), &(want_step, want_m)) in curve.iter().zip(expected) {
        assert!(close(step, want_step, 1e-9), "{curve:?}");
        assert!(close(m, want_m, 1e-12), "{curve:?}");
    }
}

#[test]
fn median_curve_of_an_odd_count_takes_the_middle_trial_at_log_spaced_steps() {
    // Steps 1, 10, 100 (the last step of any trace). At 1: {5, 4, 6} -> 5;
    // at 10: {2, 4, 3} -> 3; at 100: {0, 1, 1} -> 1.
    assert_curve(
        &median_curve(&three_traces(), 3),
        &[(1.0, 5.0), (10.0, 3.0), (100.0, 1.0)],
    );
}

#[test]
fn median_curve_of_an_even_count_averages_the_middle_two() {
    // A fourth trial starting at step 5 with 8 counts as 8 from step 1 on.
    // At 1: {4, 5, 6, 8} -> 5.5; at 10: {2, 3, 4, 8} -> 3.5; at 100:
    // {0, 1, 1, 8} -> 1.
    let mut traces = three_traces();
    traces.push(vec![(5.0, 8.0)]);
    assert_curve(
        &median_curve(&traces, 3),
        &[(1.0, 5.5), (10.0, 3.5), (100.0, 1.0)],
    );
}

#[test]
fn median_curve_of_nothing_is_empty() {
    assert!(median_curve(&[], 5).is_empty());
    assert!(median_curve(&[Vec::new()], 5).is_empty());
    assert!(median_curve(&three_traces(), 0).is_empty());
}

#[test]
fn summary_csv_spells_missing_and_infinite_values_for_r_and_pandas() {
    let runs = vec![
        row("a", 4, 0, false, 100, 1.0),
        row("a", 8, 0, true, 30, 0.5),
    ];
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("summary.csv");
    queens::base::records::write_summary(&path, &summarize(&runs)).expect("written");
    let text = std::fs::read_to_string(&path).expect("read");
    let lines: Vec<&str> = text.lines().collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let cell = |line: usize, column: &str| {
        let i = header.iter().position(|h| *h == column).expect(column);
        lines[line].split(',').nth(i).expect("field").to_string()
    };
    assert_eq!(cell(1, "ert_checks"), "Inf", "no success at N = 4");
    assert_eq!(cell(1, "checks_median"), "NA");
    assert_eq!(cell(1, "success_ci_low"), "0.0");
    assert_eq!(cell(2, "ert_checks"), "60.0");
    assert_eq!(cell(2, "success_ci_high"), "1.0");
    assert_eq!(cell(2, "ert_checks_ci_low"), "NA", "one solved trial");
    assert!(!text.contains(",,"), "no empty cell: {text}");
}

#[test]
fn exact_searches_prove_two_and_three_unsolvable_and_their_ert_is_the_proof() {
    // Backtracking tests 6 squares at N = 2 and 18 at N = 3 (Wirth's order,
    // by hand in solvers::algorithms::backtracking), plain csp 4 checks at
    // N = 2 (tests/checks.rs), the same in every trial: each cell's trials
    // are proofs, its success rate NA and its ERT the proof's checks.
    let dir = common::setup(
        "name = \"proofs\"\nseed = 1\nsizes = [2, 3, 4]\ntrials = 3\n\
         [[algorithm]]\nname = \"backtracking\"\n\
         [[algorithm]]\nname = \"csp\"\nparams = { inference = \"none\" }\n",
    );
    let out = common::queens(
        dir.path(),
        &[
            "run", "exp.toml", "--data", "data", "--plots", "plots", "-q",
        ],
    );
    assert!(out.status.success(), "{out:?}");
    let mut reader = csv::Reader::from_path(dir.path().join("data/summary.csv")).expect("summary");
    let header = reader.headers().expect("a header").clone();
    let at = |record: &csv::StringRecord, column: &str| -> String {
        let i = header.iter().position(|c| c == column).expect(column);
        record[i].to_owned()
    };
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    let cell = |label: &str, n: &str| {
        rows.iter()
            .find(|r| at(r, "label") == label && at(r, "n") == n)
            .unwrap_or_else(|| panic!("{label} at {n}"))
    };
    for (label, n, checks) in [
        ("backtracking", "2", "6.0"),
        ("backtracking", "3", "18.0"),
        ("csp", "2", "4.0"),
    ] {
        let row = cell(label, n);
        assert_eq!(at(row, "proved"), "3", "{label} at N = {n}");
        assert_eq!(at(row, "successes"), "0");
        for column in ["success_rate", "success_ci_low", "success_ci_high"] {
            assert_eq!(at(row, column), "NA", "{column} of {label} at N = {n}");
        }
        assert_eq!(at(row, "ert_checks"), checks, "{label} at N = {n}");
        assert_eq!(at(row, "checks_median"), checks);
    }
    // N = 4 has solutions: a plain success rate, no proof.
    let row = cell("backtracking", "4");
    assert_eq!(
        (at(row, "proved"), at(row, "success_rate")),
        ("0".to_owned(), "1.0".to_owned())
    );
    // The report says why the rate is NA, and counts no proof a failure.
    let report = std::fs::read_to_string(dir.path().join("plots/report.html")).expect("report");
    assert!(report.contains("every trial proved that N = 2 has no solution"));
    assert!(!report.contains("backtracking solved 0 of 3 trials at N = 2"));
    // The ranking names the cheaper prover best at N = 2: csp's 4 checks.
    let ranking = std::fs::read_to_string(dir.path().join("data/ranking.csv")).expect("ranking");
    let best_at_2 = ranking
        .lines()
        .find(|l| l.contains(",2,csp,"))
        .expect("csp at N = 2");
    assert!(best_at_2.ends_with(",best"), "{best_at_2}");
}
