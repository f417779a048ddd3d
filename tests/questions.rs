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
    let questions = html
        .find("The experiment's questions")
        .expect("a questions section");
    let headline = html.find("id=\"headline\"").expect("a headline");
    assert!(questions < headline, "the answers come first");
    assert!(html.contains("<h3>stupid against smarter, by checks</h3>"));
    assert!(
        html.contains(
            "<p>Does moving a queen to its least attacked column beat a random column?</p>"
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
