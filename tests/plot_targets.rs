//! The views of the traces that cocopp and IOHanalyzer users expect: the
//! fixed-target chart (ERT to each target of attacking pairs), the
//! fixed-budget chart (quantiles of the fewest attacking pairs within a
//! budget) and the runtime ECDF over targets and sizes with its area, drawn
//! for a traced data directory, skipped with a note without traces.csv,
//! and shown in the report with their captions and tables (and in
//! targets.tex).
//!
//! The data is the hand-written `tests/fixtures/tiny` with a few traced
//! trials of `random restart` added: one that stops unsolved at N = 8 (a
//! hollow marker) and one at N = 12 that never comes below 4 attacking
//! pairs (targets 3, 1 and 0 in the ∞ strip).

mod common;

use common::plot::{plot_into, print_args, tiny_copy};
use common::svg::text_contents;
use common::{ok, read, stderr};
use queens::plot::PRINT_FORMATS;

use std::path::{Path, PathBuf};

/// The new charts.
const VIEWS: [&str; 3] = ["fixed-target", "fixed-budget", "runtime-ecdf"];

/// Rows of traces.csv added to the fixture: label, n, trial, checks,
/// fewest attacking pairs so far.
const ADDED: [(&str, u64, u64, u64, u64); 7] = [
    ("random restart", 8, 0, 8, 9),
    ("random restart", 8, 0, 400, 5),
    ("random restart", 8, 0, 3400, 0),
    ("random restart", 8, 2, 8, 9),
    ("random restart", 8, 2, 900, 2),
    ("random restart", 12, 0, 8, 15),
    ("random restart", 12, 0, 5000, 4),
];

/// The tiny fixture with the added traces, copied into `dir`.
fn traced(dir: &Path) -> PathBuf {
    let data = tiny_copy(dir);
    let mut text = read(&data.join("traces.csv"));
    for (label, n, trial, checks, best) in ADDED {
        text.push_str(&format!(
            "{label},{n},{trial},{checks},{checks},0,{best},{best}\n"
        ));
    }
    std::fs::write(data.join("traces.csv"), text).unwrap();
    data
}

fn svg(plots: &Path, stem: &str) -> Vec<String> {
    text_contents(&read(&plots.join(format!("{stem}.svg"))))
}

#[test]
fn the_views_of_the_traces_are_drawn_with_their_marks_and_reported_with_their_tables() {
    let tmp = tempfile::tempdir().unwrap();
    let data = traced(tmp.path());
    let plots = tmp.path().join("plots");
    ok(plot_into(&data, &plots, print_args()));
    for stem in VIEWS {
        let formats: &[&str] = if PRINT_FORMATS {
            &["svg", "png", "pdf"]
        } else {
            &["svg"]
        };
        for ext in formats {
            assert!(
                plots.join(format!("{stem}.{ext}")).is_file(),
                "{stem}.{ext}"
            );
        }
    }

    // Fixed target: the targets of each size easiest first (below 7.9
    // attacking pairs of a random board at N = 8, 12.5 at N = 12), the ERT on a log axis, and the targets
    // random restart never reached at N = 12 in the strip above it.
    let words = svg(&plots, "fixed-target");
    for w in [
        "N = 8",
        "N = 12",
        "target: attacking pairs left",
        // "ERT to the target (checks, log scale)" is longer than the
        // panel is high: shortened (the title says checks, the ticks 10ⁿ).
        "ERT to the target",
        "∞ (none reached)",
        "10",
        "3",
        "1",
        "0",
    ] {
        assert!(words.iter().any(|t| t == w), "no {w:?} in {words:?}");
    }

    // Fixed budget: budgets on a log axis, 0 (solved) on its own level.
    let words = svg(&plots, "fixed-budget");
    assert!(
        words.iter().any(|t| t == "budget (checks, log scale)"),
        "{words:?}"
    );
    assert!(words.iter().any(|t| t == "0 (solved)"), "{words:?}");

    // Runtime ECDF: min-conflicts' 7 (N, target) pairs (3 targets at
    // N = 8, 4 at 12), one traced trial each, so each weighs 1/7, reached
    // at 62, 134, 134 checks (/ 8) and 44, 98, 206, 206 (/ 12): the budget
    // is in checks / N since two sizes are pooled. The largest budget is
    // random restart's 12,600 checks at N = 12, 1,050 per N.
    let end = 1050f64.log10();
    let hits = [
        62.0 / 8.0,
        134.0 / 8.0,
        134.0 / 8.0,
        44.0 / 12.0,
        98.0 / 12.0,
        206.0 / 12.0,
        206.0 / 12.0,
    ];
    let area: f64 = hits
        .iter()
        .map(|h: &f64| (end - h.log10()) / end)
        .sum::<f64>()
        / 7.0;
    let words = svg(&plots, "runtime-ecdf");
    let entry = format!("min-conflicts (area {area:.2})");
    assert!(words.contains(&entry), "no {entry:?} in {words:?}");
    assert!(
        words.iter().any(|t| t == "budget: checks / N (log scale)"),
        "{words:?}"
    );

    // The report: each chart with its caption, then the tables.
    let html = read(&plots.join("report.html"));
    for stem in VIEWS {
        assert!(html.contains(&format!("id=\"chart-{stem}\"")), "{stem}");
    }
    assert!(html.contains("Fixed-target view: the expected running time"));
    assert!(html.contains("Runtime ECDF over targets and sizes"));
    let table = &html[html.find("id=\"fixed-target-table\"").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    // Rows: N = 8 (targets 3, 1, 0) and N = 12 (10, 3, 1, 0).
    assert_eq!(table.matches("<tr>").count(), 1 + 3 + 4);
    // At N = 8, random restart reached 1 once (at 3,400 checks) and its
    // other trial stopped at 8,100: (3,400 + 8,100) / 1.
    assert!(table.contains("11,500 (1/2)"), "{table}");
    // At N = 12 it never reached 3: ∞, with its trial count.
    assert!(table.contains("∞ (0/1)"), "{table}");
    assert!(html.contains(&format!("<td class=\"num\">{area:.2}</td>")));

    let out = std::process::Command::new(common::binary())
        .args(["report", "--latex"])
        .arg(&data)
        .arg("--plots")
        .arg(&plots)
        .output()
        .unwrap();
    ok(out);
    let tex = read(&plots.join("targets.tex"));
    assert!(tex.contains("\\begin{longtable}{rrrr}"), "{tex}");
    assert!(tex.contains("8 & 1 & 134 & 11,500 (1/2) \\\\"), "{tex}");
    assert!(tex.contains("$\\infty$ (0/1)"), "{tex}");
}

#[test]
fn without_traces_the_views_are_skipped_with_a_note_and_left_out_of_the_report() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tiny_copy(tmp.path());
    std::fs::remove_file(data.join("traces.csv")).unwrap();
    let plots = tmp.path().join("plots");
    let out = ok(plot_into(&data, &plots, &[]));
    let notes = stderr(&out);
    for name in ["fixed-target", "fixed-budget", "runtime ECDF"] {
        assert!(
            notes.contains(&format!(
                "no {name} chart: there is no traces.csv (set `trace = true` in the config"
            )),
            "{notes}"
        );
    }
    for stem in VIEWS {
        assert!(!plots.join(format!("{stem}.svg")).exists(), "{stem}");
    }
    let html = read(&plots.join("report.html"));
    assert!(!html.contains("fixed-target-table"));
    assert!(!html.contains("id=\"targets\""));
}

/// A traced experiment whose config sets `targets`.
const OWN_TARGETS: &str = "name = \"own\"\nseed = 3\nsizes = [8]\ntrials = 2\ntrace = true\ntargets = [6, 2, 0]\n[[algorithm]]\nname = \"min-conflicts\"\n";

#[test]
fn the_configs_targets_are_those_of_the_charts_and_the_report_and_changing_them_is_a_change_of_config()
 {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("own.toml"), OWN_TARGETS).unwrap();
    ok(common::queens(tmp.path(), &["run", "own.toml", "--quiet"]));
    let plots = tmp.path().join("plots/own");

    // The report's fixed-target table: at N = 8 the config's 6, 2, 0, not
    // the default 3, 1, 0; its text and the captions say whose they are.
    let html = read(&plots.join("report.html"));
    let table = &html[html.find("id=\"fixed-target-table\"").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    let targets: Vec<&str> = table
        .split("<th scope=\"row\" class=\"num\">8</th><td class=\"num\">")
        .skip(1)
        .filter_map(|rest| rest.split('<').next())
        .collect();
    assert_eq!(targets, vec!["6", "2", "0"], "{table}");
    let own = "set by the config's targets key in place of the default rule (1, 3, 10, … below a random board's attacking pairs), at every N: 6, 2, 0";
    assert_eq!(html.matches(own).count(), 3, "two captions and the text");
    assert!(!html.contains("(N − 1)(7N − 2)/6N, then 0"));

    // The fixed-target chart: the config's targets on its axis, named in
    // its subtitle; the runtime ECDF's subtitle too.
    let words = svg(&plots, "fixed-target");
    for w in ["6", "2", "0"] {
        assert!(words.iter().any(|t| t == w), "no {w:?} in {words:?}");
    }
    assert!(!words.iter().any(|t| t == "3"), "{words:?}");
    assert!(words.join(" ").contains("targets from the config: 6, 2, 0"));
    let words = svg(&plots, "runtime-ecdf").join(" ");
    assert!(
        words.contains("targets from the config: 6, 2, 0"),
        "{words}"
    );
    assert!(!words.contains("targets fixed per N"), "{words}");

    // Other targets are another config: the resume is refused, the line
    // that changed shown.
    let changed = OWN_TARGETS.replace("[6, 2, 0]", "[5, 0]");
    std::fs::write(tmp.path().join("own.toml"), changed).unwrap();
    let out = common::queens(tmp.path(), &["run", "own.toml", "--quiet"]);
    let said = stderr(&out);
    assert!(!out.status.success(), "{said}");
    assert!(
        said.contains("holds results of a different config"),
        "{said}"
    );
    assert!(said.contains("- targets = [6, 2, 0]") && said.contains("+ targets = [5, 0]"));
}
