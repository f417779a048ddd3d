//! The questions a config declares (`[[question]]`): refused with the
//! valid labels when one names a label the experiment lacks, and answered
//! first in the report, N by N, with the ERT ratio, the success rates,
//! A12 and the Holm-corrected p, and a plain verdict.

mod common;

use queens::base::records::Measure;
use queens::experiment::config::load;

const EXPERIMENT: &str = r#"
name = "asked"
seed = 5
sizes = [6, 8]
trials = 12

[[algorithm]]
name = "min-conflicts"
label = "smarter"
params = { variant = "random" }

[[algorithm]]
name = "naive-repair"
label = "stupid"
params = { variant = "random" }

[[algorithm]]
name = "random-restart"
label = "random"

[[question]]
a = "stupid"
b = "smarter"
context = "Does moving a queen to its least attacked column beat a random column?"

[[question]]
a = "random"
b = "smarter"
measure = "seconds"
"#;

#[test]
fn questions_load_with_their_measure_and_context() {
    let experiment = load("asked.toml", EXPERIMENT).expect("loads");
    let asked: Vec<(&str, &str, Measure, bool)> = experiment
        .questions
        .iter()
        .map(|q| (q.a.as_str(), q.b.as_str(), q.measure, q.context.is_some()))
        .collect();
    assert_eq!(
        asked,
        vec![
            ("stupid", "smarter", Measure::Checks, true),
            ("random", "smarter", Measure::Seconds, false)
        ]
    );
}

#[test]
fn a_question_naming_an_unknown_label_is_refused_with_the_labels_there_are() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (bad, says) in [
        (
            EXPERIMENT.replace("a = \"stupid\"", "a = \"stupdi\""),
            vec![
                "bad.toml:22:5",
                "question 1: a = \"stupdi\" is not a label of this experiment",
                "the labels are \"smarter\", \"stupid\", \"random\"",
            ],
        ),
        (
            EXPERIMENT.replace("a = \"random\"", "a = \"smarter\""),
            vec!["question 2: a and b are both \"smarter\"; name two different labels"],
        ),
        (
            EXPERIMENT.replace("measure = \"seconds\"", "measure = \"time\""),
            vec![
                "question 2: unknown measure 'time'",
                "checks, seconds, steps or evaluations",
            ],
        ),
        (
            EXPERIMENT.replace("context =", "contxt ="),
            vec!["unknown field `contxt`", "`context`"],
        ),
    ] {
        std::fs::write(dir.path().join("bad.toml"), &bad).expect("config");
        let out = common::queens(dir.path(), &["run", "bad.toml", "--quiet"]);
        let stderr = common::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        for said in says {
            assert!(stderr.contains(said), "expected '{said}' in: {stderr}");
        }
        assert!(!dir.path().join("data").exists(), "nothing run: {stderr}");
    }
}

#[test]
fn the_report_leads_with_the_answer_at_each_size() {
    let dir = common::setup(EXPERIMENT);
    let d = dir.path();
    common::ok(common::queens(
        d,
        &["run", "exp.toml", "--data", "D", "--plots", "P", "--quiet"],
    ));
    let html = std::fs::read_to_string(d.join("P/report.html")).expect("report");
    // The headline is the first question answered: its title, its answer
    // in words, its table; the other questions follow.
    let headline = html.find("id=\"headline\"").expect("a headline");
    let questions = html
        .find("The experiment's other questions")
        .expect("a section of the other questions");
    let first = html
        .find("<h3>stupid against smarter, by checks</h3>")
        .expect("q1");
    assert!(
        headline < first && first < questions,
        "the first answer leads"
    );
    let words = html[first..]
        .split("<p class=\"answer\">")
        .nth(1)
        .and_then(|rest| rest.split("</p>").next())
        .expect("the answer in words");
    assert!(words.starts_with("By checks, "), "{words}");
    assert!(html.contains("<h3>stupid against smarter, by checks</h3>"));
    assert!(
        html.contains(
            "<p class=\"context\">Does moving a queen to its least attacked column beat a random column?</p>"
        )
    );
    // One row per N, each with the successes of both, an ERT ratio, A12,
    // the Holm p and a verdict in words.
    let table = &html[html.find("id=\"question-1\"").expect("its table")..];
    let table = &table[..table.find("</table>").expect("its end")];
    let rows: Vec<&str> = table.split("<tr>").skip(2).collect();
    assert_eq!(rows.len(), 2, "{table}");
    for (row, n) in rows.iter().zip([6, 8]) {
        assert!(row.contains(&format!(">{n}</th>")), "{row}");
        assert!(row.contains("/12</td>"), "{row}");
        let verdict_given = [
            "needs fewer checks than",
            "no detectable difference",
            "untestable",
        ]
        .iter()
        .any(|v| row.contains(v));
        assert!(verdict_given, "{row}");
    }
    // compare.csv compares by checks: the question by seconds says how to
    // get its comparison.
    assert!(html.contains("<h3>random against smarter, by seconds</h3>"));
    assert!(html.contains("compare.csv holds no comparison of these two labels by seconds"));
    // Without questions, no such section.
    let plain = EXPERIMENT[..EXPERIMENT.find("[[question]]").expect("questions")].to_owned();
    let dir = common::setup(&plain);
    common::ok(common::queens(
        dir.path(),
        &["run", "exp.toml", "--data", "D", "--plots", "P", "--quiet"],
    ));
    let html = std::fs::read_to_string(dir.path().join("P/report.html")).expect("report");
    assert!(!html.contains("The experiment's questions"));
}

/// A repair, a genetic algorithm and a backtracking search, asked about by
/// `measure`: the three count steps in three units, and backtracking never
/// evaluates a whole board.
fn mixed(a: &str, b: &str, measure: &str) -> String {
    format!(
        r#"
name = "mixed"
seed = 5
sizes = [8]
trials = 3

[[algorithm]]
name = "min-conflicts"
label = "repair"

[[algorithm]]
name = "genetic"
label = "evolved"

[[algorithm]]
name = "backtracking"
label = "tree"

[[question]]
a = "{a}"
b = "{b}"
measure = "{measure}"
"#
    )
}

#[test]
fn a_question_its_measure_cannot_answer_is_refused_with_the_measures_that_can() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (config, says) in [
        (
            mixed("repair", "evolved", "steps"),
            vec![
                "bad.toml:22:11",
                "question 1 (\"repair\" against \"evolved\"): measure = \"steps\" cannot compare them",
                "\"repair\" counts a repair, \"evolved\" a generation",
                "use one of checks, seconds, evaluations",
            ],
        ),
        (
            mixed("tree", "repair", "evaluations"),
            vec![
                "question 1 (\"tree\" against \"repair\"): measure = \"evaluations\" cannot compare them",
                "\"tree\" never evaluates a whole board",
                "use one of checks, seconds",
            ],
        ),
    ] {
        std::fs::write(dir.path().join("bad.toml"), &config).expect("config");
        let out = common::queens(dir.path(), &["run", "bad.toml", "--quiet"]);
        let stderr = common::stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        for said in says {
            assert!(stderr.contains(said), "expected '{said}' in: {stderr}");
        }
        assert!(!dir.path().join("data").exists(), "nothing run: {stderr}");
    }
    // The measures that do apply load.
    for config in [
        mixed("repair", "evolved", "evaluations"),
        mixed("repair", "evolved", "steps")
            .replace("name = \"genetic\"", "name = \"naive-repair\""),
        mixed("tree", "evolved", "checks"),
    ] {
        assert!(load("ok.toml", &config).is_ok(), "{config}");
    }
}

#[test]
fn a_question_sets_its_own_rope_and_a_negative_one_is_refused() {
    let with = |rope: &str| {
        EXPERIMENT.replace(
            "measure = \"seconds\"",
            &format!("measure = \"seconds\"\nrope = {rope}"),
        )
    };
    let experiment = load("asked.toml", &with("0.25")).expect("loads");
    let ropes: Vec<Option<f64>> = experiment.questions.iter().map(|q| q.rope).collect();
    assert_eq!(ropes, vec![None, Some(0.25)]);
    let message = match load("bad.toml", &with("-0.5")) {
        Ok(_) => panic!("a negative rope loaded"),
        Err(e) => e.to_string(),
    };
    assert!(
        message.contains("question 2: rope = -0.5 is not a region of practical equivalence")
            && message.contains("at least 0"),
        "{message}"
    );
}

#[test]
fn each_answer_gives_the_bayesian_probabilities_under_its_rope() {
    // Question 1 takes compare.csv's columns (ROPE 10%); question 3 asks
    // the same pair the other way round under its own ROPE of 1000%
    // (costs within a factor 11), recomputed from runs.csv.
    let config =
        format!("{EXPERIMENT}\n[[question]]\na = \"smarter\"\nb = \"stupid\"\nrope = 10\n");
    let dir = common::setup(&config);
    let d = dir.path();
    common::ok(common::queens(
        d,
        &["run", "exp.toml", "--data", "D", "--plots", "P", "--quiet"],
    ));
    let compare = common::table(&d.join("D/compare.csv"));
    let header = &compare[0];
    let column = |name: &str| header.iter().position(|c| c == name).expect(name);
    let html = std::fs::read_to_string(d.join("P/report.html")).expect("report");
    let cells = |question: usize| -> Vec<String> {
        let table = &html[html
            .find(&format!("id=\"question-{question}\""))
            .expect("its table")..];
        let table = &table[..table.find("</table>").expect("its end")];
        table
            .split("<tr>")
            .skip(2)
            .map(|row| {
                let last = row.rfind("<td class=\"num\"").expect("a last number");
                let cell = &row[last..];
                let cell = &cell[cell.find('>').expect("its tag's end") + 1..];
                cell[..cell.find("</td>").expect("its end")].to_owned()
            })
            .collect()
    };
    let mut expected = Vec::new();
    for n in ["6", "8"] {
        let row = compare
            .iter()
            .find(|r| {
                r[column("n")] == n
                    && r[column("label_a")] == "smarter"
                    && r[column("label_b")] == "stupid"
            })
            .expect("the pair at n");
        assert_eq!(row[column("rope")], "0.1");
        let p = |c: &str| row[column(c)].parse::<f64>().expect(c);
        // compare.csv's label_a is smarter (first in runs.csv): turned for
        // "stupid against smarter".
        expected.push(format!(
            "{:.2} / {:.2} / {:.2}",
            p("p_b_better"),
            p("p_equivalent"),
            p("p_a_better")
        ));
    }
    assert_eq!(cells(1), expected);
    assert!(
        html.contains("costs within 10% of each other"),
        "the default ROPE"
    );
    assert!(
        html.contains("costs within 1000% of each other"),
        "the question's ROPE"
    );
    // Under a ROPE of a factor 11, the repairs' costs at N = 6 and 8 are
    // mostly practically equivalent: P(equivalent) above the others.
    for cell in cells(3) {
        let p: Vec<f64> = cell
            .split(" / ")
            .map(|x| x.parse().expect("a probability"))
            .collect();
        assert!(p[1] > p[0] && p[1] > p[2], "{cell}");
    }
}
