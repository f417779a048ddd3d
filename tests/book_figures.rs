//! The figures the book quotes from the shipped experiments are the ones
//! their data files hold: each table below is recomputed from the committed
//! CSV files and compared cell by cell with the page (the published
//! reproductions: Wirth's and Kuechmann's counters, the textbook's CSP
//! heuristics and hill climbing, the blog's two tables; and the scaling and
//! series tables).
//! Wall times are machine figures and are not compared.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;

/// The crate's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The rows of a shipped CSV file as maps of column to text.
fn rows(path: &str) -> Vec<HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(root().join(path)).expect("a shipped CSV file");
    let header = reader.headers().expect("a header").clone();
    reader
        .records()
        .map(|record| {
            let record = record.expect("a whole row");
            header
                .iter()
                .map(str::to_owned)
                .zip(record.iter().map(str::to_owned))
                .collect()
        })
        .collect()
}

/// The body rows of the table in `page` whose header line starts with
/// `header`, as cells.
fn page_table(page: &str, header: &str) -> Vec<Vec<String>> {
    let text = fs::read_to_string(root().join(page)).expect("a book page");
    let start = text
        .find(&format!("\n{header}"))
        .unwrap_or_else(|| panic!("{page} has no table starting {header}"));
    text[start + 1..]
        .lines()
        .take_while(|line| line.starts_with('|'))
        .skip(2)
        .map(|line| {
            line.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_owned())
                .collect()
        })
        .collect()
}

/// A count as the book writes it: rounded half to even (1,638.5 is
/// 1,638), with thousands separators.
fn count(value: f64) -> String {
    let digits = format!("{:.0}", value.round_ties_even());
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A summary.csv value as the book writes it: `—` for NA, `∞` for Inf.
fn shown(text: &str) -> String {
    match text {
        "NA" => "—".to_owned(),
        "Inf" => "∞".to_owned(),
        number => count(number.parse().expect("a number")),
    }
}

/// The summary row of `label` at `n`.
fn cell<'a>(
    summary: &'a [HashMap<String, String>],
    label: &str,
    n: &str,
) -> &'a HashMap<String, String> {
    summary
        .iter()
        .find(|row| row["label"] == label && row["n"] == n)
        .unwrap_or_else(|| panic!("no summary row for {label} at N = {n}"))
}

#[test]
fn the_backtracking_table_is_wirths_counters_from_runs_csv() {
    let runs = rows("data/backtracking/runs.csv");
    let table = page_table("docs/src/experiments/backtracking.md", "| N | first: tests");
    assert_eq!(table.len(), 11, "N = 4..14");
    for row in &table {
        let n = &row[0];
        let run = |label: &str| {
            runs.iter()
                .find(|r| r["label"] == label && &r["n"] == n)
                .unwrap_or_else(|| panic!("no {label} run at N = {n}"))
        };
        let (first, all) = (run("first solution"), run("exhaustive"));
        let number = |r: &HashMap<String, String>, c: &str| count(r[c].parse().expect("a count"));
        let expected = [
            n.clone(),
            number(first, "tests"),
            number(first, "backtracks"),
            number(all, "tests"),
            number(all, "backtracks"),
            number(all, "solutions"),
        ];
        assert_eq!(row.as_slice(), expected.as_slice(), "N = {n}");
    }
}

#[test]
fn the_csp_table_is_the_median_checks_of_summary_csv() {
    let summary = rows("data/csp-heuristics/summary.csv");
    let header = "| N | backtracking | backtracking + MRV |";
    let page = "docs/src/experiments/csp-heuristics.md";
    let text = fs::read_to_string(root().join(page)).expect("the page");
    let labels: Vec<String> = text
        .lines()
        .find(|line| line.starts_with(header))
        .expect("the table's header")
        .trim_matches('|')
        .split('|')
        .skip(1)
        .map(|c| c.trim().to_owned())
        .collect();
    let table = page_table(page, header);
    assert!(table.len() >= 10, "{table:?}");
    for row in &table {
        let n = &row[0];
        for (label, shown_value) in labels.iter().zip(&row[1..]) {
            let at = cell(&summary, label, n);
            let expected = if at["successes"] == "0" {
                "budget".to_owned()
            } else {
                shown(&at["checks_median"])
            };
            assert_eq!(shown_value, &expected, "{label} at N = {n}");
        }
    }
}

#[test]
fn the_blog_table_is_summary_csv() {
    let summary = rows("data/blog-repair/summary.csv");
    let table = page_table(
        "docs/src/experiments/blog-repair.md",
        "| label | N | solved |",
    );
    assert_eq!(table.len(), 21, "7 labels at N = 8, 10, 12");
    for row in &table {
        let (label, n) = (&row[0], &row[1]);
        let at = cell(&summary, label, n);
        let ert_checks = match (
            at["ert_checks_ci_low"].as_str(),
            at["ert_checks_ci_high"].as_str(),
        ) {
            ("NA", _) | (_, "NA") => shown(&at["ert_checks"]),
            (low, high) => format!(
                "{} [{}, {}]",
                shown(&at["ert_checks"]),
                shown(low),
                shown(high)
            ),
        };
        let expected = [
            label.clone(),
            n.clone(),
            format!("{}/{}", at["successes"], at["trials"]),
            shown(&at["steps_median"]),
            shown(&at["ert_steps"]),
            ert_checks,
        ];
        assert_eq!(&row[..6], expected.as_slice(), "{label} at N = {n}");
    }
}

#[test]
fn counts_are_written_as_the_book_writes_them() {
    assert_eq!(count(1_234_567.4), "1,234,567");
    assert_eq!(count(999.5), "1,000");
    assert_eq!(count(1_638.5), "1,638");
    assert_eq!(count(26.0), "26");
    assert_eq!(shown("NA"), "—");
    assert_eq!(shown("Inf"), "∞");
}

#[test]
fn the_local_search_scaling_table_is_summary_csv() {
    let summary = rows("data/local-search-scaling/summary.csv");
    let page = "docs/src/experiments/local-search-scaling.md";
    let table = page_table(page, "| median over 50 trials |");
    let sizes = ["64", "1024", "1000000"];
    assert_eq!(table.len(), 4, "one row per label");
    for row in &table {
        let label = row[0].split(':').next().expect("a label");
        for (n, shown_cell) in sizes.iter().zip(&row[1..]) {
            let found = summary.iter().find(|r| r["label"] == label && &r["n"] == n);
            let Some(at) = found else {
                assert_eq!(shown_cell, "—", "{label} did not run at N = {n}");
                continue;
            };
            // Repairs (or moves, generations) and checks; the time is the
            // machine's.
            let parts: Vec<&str> = shown_cell.split(" / ").collect();
            assert_eq!(parts.len(), 3, "{label} at N = {n}: {shown_cell}");
            assert_eq!(parts[0], shown(&at["steps_median"]), "{label} at N = {n}");
            assert_eq!(parts[1], shown(&at["checks_median"]), "{label} at N = {n}");
        }
    }
}

#[test]
fn the_series_table_is_summary_csv() {
    let summary = rows("data/series/summary.csv");
    let table = page_table("docs/src/experiments/series.md", "| label | N = 8 |");
    assert_eq!(table.len(), 5, "five labels");
    for row in &table {
        let label = &row[0];
        for (n, shown_cell) in ["8", "16", "24", "32"].iter().zip(&row[1..]) {
            let at = cell(&summary, label, n);
            let solved = format!("{}/{}", at["successes"], at["trials"]);
            let expected = if at["successes"] == "0" {
                solved
            } else {
                format!("{solved}, {}", shown(&at["checks_median"]))
            };
            assert_eq!(shown_cell, &expected, "{label} at N = {n}");
        }
    }
}

/// A p value as the book writes it: two significant digits, in powers of
/// ten below 0.001 (`7.5·10^-26`).
fn p_value(p: f64) -> String {
    if p >= 0.001 {
        let decimals = (1 - p.log10().floor() as i32).max(0) as usize;
        format!("{p:.decimals$}")
    } else {
        let exponent = p.log10().floor() as i32;
        let mantissa = p / 10f64.powi(exponent);
        let (mantissa, exponent) = if format!("{mantissa:.1}") == "10.0" {
            (1.0, exponent + 1)
        } else {
            (mantissa, exponent)
        };
        format!("{mantissa:.1}·10^{exponent}")
    }
}

/// A ratio as the book writes it: three significant digits.
fn ratio(value: f64) -> String {
    let decimals = (2 - value.log10().floor() as i32).max(0) as usize;
    format!("{value:.decimals$}")
}

#[test]
fn the_blog_comparison_table_is_compare_csv() {
    let compare = rows("data/blog-repair/compare.csv");
    let table = page_table(
        "docs/src/experiments/blog-repair.md",
        "| N | variant | A12 of stupid vs smarter",
    );
    assert_eq!(table.len(), 6, "2 variants at N = 8, 10, 12");
    for row in &table {
        let (n, variant) = (&row[0], &row[1]);
        let suffix = match variant.as_str() {
            "as published" => "blog",
            "clearing restart" => "clearing",
            other => panic!("unknown variant {other}"),
        };
        let (stupid, smarter) = (
            format!("stupid repair ({suffix})"),
            format!("smarter repair ({suffix})"),
        );
        let at = compare
            .iter()
            .find(|r| {
                r["measure"] == "checks"
                    && &r["n"] == n
                    && r["label_a"] == stupid
                    && r["label_b"] == smarter
            })
            .unwrap_or_else(|| panic!("no comparison of {stupid} and {smarter} at N = {n}"));
        let number = |column: &str| -> f64 { at[column].parse().expect("a number") };
        let verdict = if at["better"] == stupid {
            "stupid"
        } else if at["better"] == smarter {
            "smarter"
        } else {
            "neither"
        };
        let expected = [
            n.clone(),
            variant.clone(),
            format!(
                "{:.3} [{:.3}, {:.3}]",
                number("a12"),
                number("a12_ci_low"),
                number("a12_ci_high")
            ),
            at["magnitude"].clone(),
            p_value(number("p_holm")),
            format!(
                "{} [{}, {}]",
                ratio(number("ert_ratio")),
                ratio(number("ert_ratio_ci_low")),
                ratio(number("ert_ratio_ci_high"))
            ),
            verdict.to_owned(),
        ];
        assert_eq!(row.as_slice(), expected.as_slice(), "N = {n}, {variant}");
    }
}

#[test]
fn p_values_and_ratios_are_written_as_the_book_writes_them() {
    assert_eq!(p_value(7.46e-26), "7.5·10^-26");
    assert_eq!(p_value(0.0014), "0.0014");
    assert_eq!(p_value(0.019), "0.019");
    assert_eq!(p_value(9.96e-31), "1.0·10^-30");
    assert_eq!(ratio(0.3891), "0.389");
    assert_eq!(ratio(1.4529), "1.45");
    assert_eq!(ratio(48.76), "48.8");
}

/// A mean with its 95% interval as the hill-climbing page writes it: two
/// decimals, the normal interval mean ± 1.96 s/√n (s the sample standard
/// deviation).
fn mean_interval(values: &[f64]) -> String {
    const Z: f64 = 1.959_963_984_540_054;
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = Z * (variance / n).sqrt();
    format!("{mean:.2} [{:.2}, {:.2}]", mean - half, mean + half)
}

/// A share in percent with two decimals.
fn percent(text: &str) -> String {
    format!("{:.2}%", 100.0 * text.parse::<f64>().expect("a share"))
}

/// A summary.csv statistic with its interval columns, two decimals.
fn with_interval(at: &HashMap<String, String>, column: &str) -> String {
    let value = |c: &str| -> f64 { at[c].parse().expect("a number") };
    format!(
        "{:.2} [{:.2}, {:.2}]",
        value(column),
        value(&format!("{column}_ci_low")),
        value(&format!("{column}_ci_high"))
    )
}

#[test]
fn the_hill_climbing_tables_are_runs_csv_and_summary_csv() {
    let page = "docs/src/experiments/hill-climbing.md";
    let runs = rows("data/hill-climbing/runs.csv");
    let summary = rows("data/hill-climbing/summary.csv");
    let of = |label: &str| -> Vec<&HashMap<String, String>> {
        runs.iter().filter(|r| r["label"] == label).collect()
    };
    let number = |r: &HashMap<String, String>, c: &str| -> f64 { r[c].parse().expect("a count") };
    let table = page_table(page, "| label | figure | textbook |");
    assert_eq!(table.len(), 10, "the book's ten figures");
    for row in &table {
        let (label, figure) = (&row[0], &row[1]);
        assert!(
            !row[2].is_empty(),
            "{label}, {figure}: the textbook's value"
        );
        let trials = of(label);
        assert!(!trials.is_empty(), "no runs of {label}");
        let solved = |want: bool| -> Vec<f64> {
            trials
                .iter()
                .filter(|r| (r["solved"] == "TRUE") == want)
                .map(|r| number(r, "steps"))
                .collect()
        };
        let (ours, from) = match figure.as_str() {
            "solved" => {
                let at = cell(&summary, label, "8");
                let rate = format!(
                    "{} [{}, {}]",
                    percent(&at["success_rate"]),
                    percent(&at["success_ci_low"]),
                    percent(&at["success_ci_high"])
                );
                let from = format!(
                    "{} of {}",
                    count(number(at, "successes")),
                    count(number(at, "trials"))
                );
                (rate, from)
            }
            "steps, solved" | "steps, stuck" => {
                let steps = solved(figure == "steps, solved");
                (mean_interval(&steps), count(steps.len() as f64))
            }
            "climbs" => {
                let climbs: Vec<f64> = trials.iter().map(|r| number(r, "restarts") + 1.0).collect();
                (mean_interval(&climbs), count(climbs.len() as f64))
            }
            "steps" => {
                let steps: Vec<f64> = trials.iter().map(|r| number(r, "steps")).collect();
                assert!(solved(false).is_empty(), "{label}: every search solved");
                (mean_interval(&steps), count(steps.len() as f64))
            }
            other => panic!("{page}: unknown figure {other}"),
        };
        assert_eq!(row[3..], [ours, from], "{label}, {figure}");
    }

    // The book's formula for random restarts applied to one climb's
    // figures is that climb's ERT; beside it, the random restarts run.
    let table = page_table(page, "| one climb | the book's formula |");
    assert_eq!(table.len(), 2, "without and with sideways moves");
    for row in &table {
        let climb = &row[0];
        let restarts = climb.replacen("one climb", "random restart", 1);
        let steps: Vec<f64> = of(&restarts).iter().map(|r| number(r, "steps")).collect();
        let expected = [
            with_interval(cell(&summary, climb, "8"), "ert_steps"),
            mean_interval(&steps),
        ];
        assert_eq!(row[2..], expected, "{climb}");
    }

    // The sentences: the failures long enough to spend their sideways
    // moves and the longest of the others, the spread of the steps of a
    // success, and the checks of the two random restarts (compare.csv).
    let text = fs::read_to_string(root().join(page)).expect("the page");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let stuck: Vec<f64> = of("one climb + sideways")
        .iter()
        .filter(|r| r["solved"] == "FALSE")
        .map(|r| number(r, "steps"))
        .collect();
    let spent = stuck.iter().filter(|&&s| s >= 100.0).count();
    let spent = format!(
        "{spent} of the {} failures made at least 100 moves",
        stuck.len()
    );
    assert!(text.contains(&spent), "{page}: {spent:?}");
    let others = stuck
        .iter()
        .copied()
        .filter(|&s| s < 100.0)
        .fold(0.0, f64::max);
    let others = format!("the others stopped after at most {others} moves");
    assert!(text.contains(&others), "{page}: {others:?}");
    let successes: Vec<f64> = of("one climb + sideways")
        .iter()
        .filter(|r| r["solved"] == "TRUE")
        .map(|r| number(r, "steps"))
        .collect();
    let n = successes.len() as f64;
    let mean = successes.iter().sum::<f64>() / n;
    let sd = (successes.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let spread = format!("a standard deviation of {sd:.1} steps");
    assert!(text.contains(&spread), "{page}: {spread:?}");
    let compare = rows("data/hill-climbing/compare.csv");
    let at = compare
        .iter()
        .find(|r| {
            r["measure"] == "checks"
                && r["label_a"] == "random restart"
                && r["label_b"] == "random restart + sideways"
        })
        .expect("the two random restarts compared");
    let value = |c: &str| -> f64 { at[c].parse().expect("a number") };
    let checks = format!(
        "{} [{}, {}] times the checks",
        ratio(value("ert_ratio")),
        ratio(value("ert_ratio_ci_low")),
        ratio(value("ert_ratio_ci_high"))
    );
    assert!(text.contains(&checks), "{page}: {checks:?}");
    assert_eq!(at["verdict"], "b_better", "sideways moves save checks");
}

/// The x of a blocked instance at size `n` (N − blocks/N) as the
/// phase-transition page writes it.
fn free_per_line(instance: &str, n: u64) -> String {
    let origin: queens::base::instance::Origin = instance.parse().expect("an instance");
    let queens::base::instance::Origin::Generated {
        generator: queens::base::instance::Generator::Blocked { blocks, .. },
        ..
    } = origin
    else {
        panic!("a blocked instance: {instance}");
    };
    let x = n as f64 - blocks as f64 / n as f64;
    format!("{x}")
}

#[test]
fn the_phase_transition_table_and_counts_are_runs_csv() {
    let page = "docs/src/experiments/phase-transition.md";
    let runs = rows("data/phase-transition/runs.csv");
    let table = page_table(page, "| N | x = 4.5 |");
    let xs = ["4.5", "5", "5.5", "6", "6.5", "7", "8"];
    for line in &table {
        let n: u64 = line[0].parse().expect("N");
        for (x, shown) in xs.iter().zip(&line[1..]) {
            let solved = runs
                .iter()
                .filter(|r| {
                    r["label"] == "backtracking"
                        && r["n"] == line[0]
                        && free_per_line(&r["instance"], n) == *x
                        && r["solved"] == "TRUE"
                })
                .count();
            assert_eq!(shown, &solved.to_string(), "N = {n}, x = {x}");
        }
    }
    assert_eq!(table.len(), 4);
    // The three exact searches agree on every instance, and min-conflicts
    // solved the page's count of those with a solution.
    let answer = |label: &str| -> Vec<(String, String, String)> {
        let mut a: Vec<_> = runs
            .iter()
            .filter(|r| r["label"] == label)
            .map(|r| {
                (
                    r["n"].clone(),
                    r["instance"].clone(),
                    r["stop_reason"].clone(),
                )
            })
            .collect();
        a.sort();
        a
    };
    let exact = answer("backtracking");
    assert_eq!(exact.len(), 704);
    assert_eq!(exact, answer("forward checking + MRV"));
    assert_eq!(exact, answer("CP-SAT"));
    let solvable = exact.iter().filter(|a| a.2 == "solved").count();
    let local = runs
        .iter()
        .filter(|r| r["label"] == "min-conflicts" && r["solved"] == "TRUE")
        .count();
    let text = fs::read_to_string(root().join(page)).expect("the page");
    assert!(
        text.contains(&format!("it solved {local} of\nthe {solvable} instances")),
        "{local} of {solvable}"
    );
}

#[test]
fn the_excluded_diagonals_counts_are_runs_csv() {
    let runs = rows("data/phase-diagonals/runs.csv");
    let stops = |label: &str, stop: &str| {
        runs.iter()
            .filter(|r| r["label"] == label && r["stop_reason"] == stop)
            .count()
    };
    let (solved, proved) = (
        stops("backtracking", "solved"),
        stops("backtracking", "exhausted"),
    );
    assert_eq!(solved + proved, 704);
    for label in ["forward checking + MRV", "CP-SAT"] {
        assert_eq!(
            (stops(label, "solved"), stops(label, "exhausted")),
            (solved, proved)
        );
    }
    let local = stops("min-conflicts", "solved");
    let text = fs::read_to_string(root().join("docs/src/experiments/phase-transition.md"))
        .expect("the page");
    assert!(
        text.contains(&format!("({solved} with\na solution, {proved} proved without); min-conflicts solved {local} of those {solved}")),
        "{solved} {proved} {local}"
    );
}
