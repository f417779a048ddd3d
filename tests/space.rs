//! `queens space` against values computed here another
//! way: the closed forms with `u128` loops and Pascal's triangle, the
//! backtracking tree's checked and promising nodes with a brute-force
//! search written here (Neapolitan's promising function over a column
//! array), the fundamental solutions by the solutions' images; and against
//! the tutorials' published numbers for N = 8.

mod common;

use common::{queens_here, stderr};

/// The CSV `queens space args… --csv` prints, as (n, formulation) -> size
/// cell, with every row's note.
fn csv_sizes(args: &[&str]) -> Vec<(usize, String, String, String)> {
    let mut all = args.to_vec();
    all.push("--csv");
    let out = queens_here(&all);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut reader = csv::Reader::from_reader(out.stdout.as_slice());
    let headers = reader.headers().expect("a header").clone();
    let column = |name: &str| headers.iter().position(|h| h == name).expect(name);
    let (n, formulation, size, note) = (
        column("n"),
        column("formulation"),
        column("size"),
        column("note"),
    );
    reader
        .records()
        .map(|r| {
            let r = r.expect("a CSV row");
            assert_eq!(r.len(), headers.len());
            (
                r[n].parse().expect("n is a number"),
                r[formulation].to_owned(),
                r[size].to_owned(),
                r[note].to_owned(),
            )
        })
        .collect()
}

/// C(n, k) from Pascal's triangle (each row kept to its first k + 1
/// entries, which fit in `u128` for the sizes tested).
fn binomial(n: usize, k: usize) -> u128 {
    let mut row = vec![0u128; k + 1];
    row[0] = 1;
    for _ in 0..n {
        for i in (1..=k).rev() {
            row[i] += row[i - 1];
        }
    }
    row[k]
}

/// What a brute-force run of Neapolitan's backtracking counts: (nodes
/// checked, nodes promising, solutions, fundamental solutions).
fn brute_force(n: usize) -> (u128, u128, u128, u128) {
    fn promising(cols: &[usize]) -> bool {
        let i = cols.len() - 1;
        (0..i).all(|k| cols[k] != cols[i] && cols[k].abs_diff(cols[i]) != i - k)
    }
    fn visit(
        n: usize,
        cols: &mut Vec<usize>,
        counts: &mut (u128, u128),
        solutions: &mut Vec<Vec<usize>>,
    ) {
        counts.0 += 1;
        if !cols.is_empty() && !promising(cols) {
            return;
        }
        counts.1 += 1;
        if cols.len() == n {
            solutions.push(cols.clone());
            return;
        }
        for c in 0..n {
            cols.push(c);
            visit(n, cols, counts, solutions);
            cols.pop();
        }
    }
    let mut counts = (0, 0);
    let mut solutions = Vec::new();
    visit(n, &mut Vec::new(), &mut counts, &mut solutions);
    let classes: std::collections::BTreeSet<Vec<usize>> = solutions
        .iter()
        .map(|s| images(s).into_iter().min().expect("8 images"))
        .collect();
    (
        counts.0,
        counts.1,
        solutions.len() as u128,
        classes.len() as u128,
    )
}

/// The 8 rotations and reflections of a solution given as the column of
/// each row.
fn images(solution: &[usize]) -> Vec<Vec<usize>> {
    let n = solution.len();
    let rotate = |s: &[usize]| {
        let mut r = vec![0; n];
        for (row, &col) in s.iter().enumerate() {
            r[col] = n - 1 - row;
        }
        r
    };
    let mirror = |s: &[usize]| s.iter().map(|&c| n - 1 - c).collect::<Vec<_>>();
    let mut out = Vec::new();
    let mut current = solution.to_vec();
    for _ in 0..4 {
        out.push(mirror(&current));
        current = rotate(&current);
        out.push(current.clone());
    }
    out
}

#[test]
fn closed_forms_match_independent_computations_for_one_to_twelve() {
    let rows = csv_sizes(&["space", "--from", "1", "--to", "12"]);
    assert_eq!(rows.len(), 12 * 9);
    for n in 1..=12usize {
        let size = |key: &str| {
            rows.iter()
                .find(|(m, f, _, _)| *m == n && f == key)
                .map(|(_, _, s, _)| {
                    s.parse::<u128>()
                        .unwrap_or_else(|e| panic!("N = {n} {key}: {e}"))
                })
                .unwrap_or_else(|| panic!("no {key} row at N = {n}"))
        };
        let squares = (n * n) as u128;
        let ordered: u128 = ((squares - n as u128 + 1)..=squares).product();
        let factorial: u128 = (1..=n as u128).product();
        let power = (0..n).fold(1u128, |p, _| p * n as u128);
        let tree: u128 = (0..=n as u32).map(|k| (n as u128).pow(k)).sum();
        assert_eq!(size("ordered_placements"), ordered, "N = {n}");
        assert_eq!(size("unordered_placements"), binomial(n * n, n), "N = {n}");
        assert_eq!(size("one_per_row"), power, "N = {n}");
        assert_eq!(size("one_per_row_and_column"), factorial, "N = {n}");
        assert_eq!(size("tree_nodes"), tree, "N = {n}");
        // f64 agrees to its precision: the size is the formula, not a
        // look-alike.
        let approximate = (0..n).map(|i| squares as f64 - i as f64).product::<f64>();
        assert!((size("ordered_placements") as f64 / approximate - 1.0).abs() < 1e-12);
        if n <= 10 {
            let (checked, promising, solutions, fundamental) = brute_force(n);
            assert_eq!(size("backtracking_checked"), checked, "N = {n}");
            assert_eq!(size("backtracking_promising"), promising, "N = {n}");
            assert_eq!(size("solutions"), solutions, "N = {n}");
            assert_eq!(size("fundamental_solutions"), fundamental, "N = {n}");
        }
    }
}

#[test]
fn the_tutorials_numbers_for_eight() {
    let out = queens_here(&["space", "-n", "8", "--rate", "100/ms"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let line = |label: &str| {
        text.lines()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no {label} line in\n{text}"))
            .to_owned()
    };
    let ordered = line("ordered placements");
    assert!(ordered.contains("178,462,987,637,760"), "{ordered}");
    assert!(ordered.contains("56.6 years"), "{ordered}");
    assert!(
        line("unordered placements").contains("4,426,165,368"),
        "{text}"
    );
    assert!(line("one per row N^N").contains("16,777,216"), "{text}");
    assert!(line("one per row and column").contains("40,320"), "{text}");
    assert!(
        line("nodes backtracking checks").contains("15,721"),
        "{text}"
    );
    assert!(line("nodes found promising").contains("2,057"), "{text}");
    assert!(line("solutions").contains(" 92 "), "{text}");
    assert!(line("fundamental solutions").contains(" 12 "), "{text}");
}

#[test]
fn csv_and_json_hold_the_same_table() {
    let rows = csv_sizes(&["space", "-n", "8", "--rate", "1e9/s"]);
    assert_eq!(rows.len(), 9);
    assert!(
        rows.iter()
            .all(|(_, _, size, _)| size.chars().all(|c| c.is_ascii_digit()) && !size.is_empty())
    );
    let out = queens_here(&["space", "-n", "8", "--rate", "100/ms", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let first = &json["sizes"][0]["rows"][0];
    assert_eq!(first["formulation"], "ordered_placements");
    assert_eq!(first["size"], "178462987637760");
    assert_eq!(first["time_at_rate"], "56.6 years");
    let seconds = first["seconds_at_rate"].as_f64().expect("seconds");
    assert!(
        (seconds / (365.25 * 86_400.0) - 56.55).abs() < 0.01,
        "{seconds}"
    );
    assert!(
        json["machine_rate"]["per_second"]
            .as_f64()
            .is_some_and(|r| r > 0.0)
    );
}

#[test]
fn a_bad_rate_exits_2_naming_it_and_the_accepted_forms() {
    for bad in ["100/week", "fast", "0/s", "-5/ms"] {
        let out = queens_here(&["space", "-n", "8", "--rate", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let message = stderr(&out);
        assert!(message.contains(bad), "{message}");
        assert!(
            message.contains("100/ms") && message.contains("1e9/s"),
            "{message}"
        );
    }
}

#[test]
fn thirty_finishes_in_seconds_and_names_what_it_left_out() {
    // Fast by construction, not by a clock (tests never time): above
    // --tree-limit no search runs, and the note says which columns that
    // leaves out.
    let out = queens_here(&["space", "-n", "30", "--rate", "1e9/s"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let note = text
        .lines()
        .find(|l| l.starts_with("left out at N = 30"))
        .unwrap_or_else(|| panic!("{text}"));
    for name in [
        "nodes backtracking checks",
        "nodes found promising",
        "solutions",
        "fundamental solutions",
        "--tree-limit 14",
    ] {
        assert!(note.contains(name), "{note}");
    }
    let rows = csv_sizes(&["space", "-n", "30"]);
    let searched = [
        "backtracking_checked",
        "backtracking_promising",
        "solutions",
        "fundamental_solutions",
    ];
    for (_, formulation, size, note) in &rows {
        let left_out = searched.contains(&formulation.as_str());
        assert_eq!(size.is_empty(), left_out, "{formulation}");
        assert_eq!(note.is_empty(), !left_out, "{formulation}");
    }
    let out = queens_here(&["space", "-n", "30", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert!(json["sizes"][0]["rows"][5]["size"].is_null());
    assert!(
        json["sizes"][0]["left_out"]
            .as_str()
            .is_some_and(|s| s.contains("--tree-limit"))
    );
}
