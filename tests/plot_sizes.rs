//! The sizes and measures of the per-size charts, checked on the SVG text
//! `queens plot` writes: `--n` chooses the panels of the ECDF and
//! convergence charts (a size without trials is an error naming the sizes
//! there are), the default draws every size when there are at most four,
//! the ECDF is drawn in the chosen measure with the unit on its axis,
//! `steps` only when every label counts steps in the same unit, the
//! scaling and ERT charts draw unsolved cells in a strip named on the y
//! axis, and the
//! convergence chart takes a log y axis when its values span more than a
//! decade.
//!
//! The data is synthetic, written through the record structs of
//! `queens::base::records` and summarised by the real `summarize`.

mod common;

use common::plot::plot_into;
use common::records::run_record;
use common::svg::text_contents;
use common::{read, stderr, write_csv};

use std::path::{Path, PathBuf};

use queens::analysis::summary::summarize;
use queens::base::records::{RunRecord, TraceRecord, write_summary};

/// One label of the synthetic experiment.
struct Label {
    name: &'static str,
    step_unit: &'static str,
    /// Whether its trials evaluate whole boards.
    evaluates: bool,
    /// Every `fails_every`-th trial fails (0: none fails; 1: all fail).
    fails_every: u64,
}

const fn label(name: &'static str, step_unit: &'static str) -> Label {
    Label {
        name,
        step_unit,
        evaluates: true,
        fails_every: 0,
    }
}

/// Writes runs.csv, summary.csv, metadata.json and traces.csv (starting
/// at `start_conflicts` attacking pairs, halving each sample) into `dir`.
fn write_experiment(
    dir: &Path,
    labels: &[Label],
    sizes: &[u64],
    trials: u64,
    start_conflicts: u64,
) {
    std::fs::create_dir_all(dir).unwrap();
    let mut runs = Vec::new();
    let mut traces = Vec::new();
    for (l, label) in labels.iter().enumerate() {
        for &n in sizes {
            for trial in 0..trials {
                let solved = label.fails_every == 0 || trial % label.fails_every != 0;
                let steps = 10 * n + 7 * trial + 3 * l as u64;
                let checks = steps * (n + l as u64);
                runs.push(RunRecord {
                    experiment: "sizes".into(),
                    step_unit: label.step_unit.into(),
                    seed: 1000 + trial,
                    checks,
                    evaluations: if label.evaluates { steps } else { 0 },
                    wall_seconds: checks as f64 * 1e-8,
                    ..run_record(label.name, n, trial, solved, steps)
                });
                let mut best = start_conflicts + trial % 3;
                let mut step = 0;
                loop {
                    traces.push(TraceRecord {
                        label: label.name.into(),
                        n,
                        trial,
                        step,
                        checks: step * n,
                        evaluations: if label.evaluates { step } else { 0 },
                        conflicts: best,
                        best_conflicts: best,
                    });
                    if best == 0 || step >= steps {
                        break;
                    }
                    best = if step * 2 >= steps && solved {
                        0
                    } else {
                        (best / 2).max(1)
                    };
                    step = (step * 2).max(1).min(steps);
                }
            }
        }
    }
    write_csv(&dir.join("runs.csv"), &runs);
    write_csv(&dir.join("traces.csv"), &traces);
    write_summary(&dir.join("summary.csv"), &summarize(&runs)).unwrap();
    std::fs::write(dir.join("metadata.json"), "{\"experiment\": \"sizes\"}").unwrap();
    common::trust_derived(dir);
}

/// The panel captions ("N = 8") of a chart, in drawing order.
fn captions(svg_file: &Path) -> Vec<String> {
    text_contents(&read(svg_file))
        .into_iter()
        .filter(|t| {
            t.strip_prefix("N = ")
                .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()))
        })
        .collect()
}

/// The chart `stem` in `plots`, as SVG text.
fn svg(plots: &Path, stem: &str) -> String {
    read(&plots.join(format!("{stem}.svg")))
}

fn two_labels() -> [Label; 2] {
    [label("alpha", "repair"), label("beta", "repair")]
}

struct Setup {
    _tmp: tempfile::TempDir,
    data: PathBuf,
    plots: PathBuf,
}

fn setup(labels: &[Label], sizes: &[u64], trials: u64, start_conflicts: u64) -> Setup {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    write_experiment(&data, labels, sizes, trials, start_conflicts);
    let plots = tmp.path().join("plots");
    Setup {
        _tmp: tmp,
        data,
        plots,
    }
}

#[test]
fn n_chooses_exactly_the_panels_of_the_ecdf_and_convergence_charts() {
    let s = setup(&two_labels(), &[8, 12, 16, 20, 24], 4, 40);
    let out = plot_into(&s.data, &s.plots, &["--n", "12,8"]);
    assert!(out.status.success(), "{}", stderr(&out));
    for stem in ["ecdf-checks", "ecdf-seconds", "convergence"] {
        assert_eq!(
            captions(&s.plots.join(format!("{stem}.svg"))),
            ["N = 8", "N = 12"],
            "{stem}"
        );
        assert!(
            text_contents(&svg(&s.plots, stem))
                .join(" ")
                .contains("N = 8 and 12 (chosen with --n)"),
            "{stem}: the subtitle says which sizes"
        );
    }
}

#[test]
fn a_size_without_trials_is_an_error_naming_the_sizes_there_are() {
    let s = setup(&two_labels(), &[8, 12, 16], 3, 40);
    let out = plot_into(&s.data, &s.plots, &["--n", "8,13"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(message.contains("--n 13"), "{message}");
    assert!(message.contains("no trial at N = 13"), "{message}");
    assert!(message.contains("it has N = 8, 12, 16"), "{message}");
    assert!(message.contains("runs.csv"), "{message}");
    assert!(!s.plots.exists(), "nothing is drawn on error");
}

#[test]
fn by_default_every_size_is_a_panel_up_to_four_and_the_largest_shared_beyond() {
    let s = setup(&two_labels(), &[8, 12, 16, 20], 3, 40);
    let out = plot_into(&s.data, &s.plots, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    for stem in ["ecdf-checks", "ecdf-seconds", "convergence"] {
        assert_eq!(
            captions(&s.plots.join(format!("{stem}.svg"))),
            ["N = 8", "N = 12", "N = 16", "N = 20"],
            "{stem}"
        );
    }
    assert!(
        text_contents(&svg(&s.plots, "ecdf-checks"))
            .join(" ")
            .contains("(every size; choose with --n)"),
    );

    // Five sizes, one of them (24) run by one label only: the largest size
    // both share is drawn, and the subtitle says how to choose others.
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    write_experiment(&data, &two_labels(), &[8, 12, 16, 20], 3, 40);
    write_experiment(
        &tmp.path().join("one"),
        &[label("alpha", "repair")],
        &[24],
        3,
        40,
    );
    for file in ["runs.csv", "traces.csv"] {
        let extra = std::fs::read_to_string(tmp.path().join("one").join(file)).unwrap();
        let body: String = extra.lines().skip(1).map(|l| format!("{l}\n")).collect();
        let mut all = std::fs::read_to_string(data.join(file)).unwrap();
        all.push_str(&body);
        std::fs::write(data.join(file), all).unwrap();
    }
    common::trust_derived(&data);
    let plots = tmp.path().join("plots");
    let out = plot_into(&data, &plots, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(captions(&plots.join("ecdf-checks.svg")), ["N = 20"]);
    assert!(
        text_contents(&svg(&plots, "ecdf-checks"))
            .join(" ")
            .contains("N = 20 (the largest size most labels share; choose with --n)"),
    );
}

#[test]
fn the_ecdf_is_in_checks_by_default_with_its_unit_on_the_axis_and_failures_drawn() {
    let labels = [
        label("alpha", "repair"),
        Label {
            fails_every: 1,
            ..label("never", "repair")
        },
        Label {
            fails_every: 2,
            ..label("half", "repair")
        },
    ];
    let s = setup(&labels, &[8, 12], 6, 40);
    let out = plot_into(&s.data, &s.plots, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!s.plots.join("ecdf-steps.svg").exists());
    let checks = text_contents(&svg(&s.plots, "ecdf-checks"));
    assert!(
        checks.iter().any(|t| t == "checks to solution (log scale)"),
        "{checks:?}"
    );
    assert!(
        text_contents(&svg(&s.plots, "ecdf-seconds"))
            .iter()
            .any(|t| t == "wall time to solution (log scale)")
    );
    // The label that never solves keeps its legend entry and is named for
    // each panel with its count, below the panels (not across the curves).
    assert!(checks.iter().any(|t| t == "never"), "{checks:?}");
    for n in [8, 12] {
        let note = format!("N = {n}: none solved: never 0/6");
        assert_eq!(
            checks.iter().filter(|t| **t == note).count(),
            1,
            "{checks:?}"
        );
    }
}

#[test]
fn scaling_and_ert_draw_unsolved_cells_in_a_strip_named_on_the_y_axis() {
    let labels = [
        label("alpha", "repair"),
        Label {
            fails_every: 1,
            ..label("never", "repair")
        },
    ];
    let s = setup(&labels, &[8, 12], 6, 40);
    let out = plot_into(&s.data, &s.plots, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    // One strip per panel, its name a tick of the y axis, the cells in it
    // still marked with their counts.
    let scaling = text_contents(&svg(&s.plots, "scaling"));
    assert_eq!(
        scaling.iter().filter(|t| *t == "none solved").count(),
        2,
        "{scaling:?}"
    );
    assert!(scaling.iter().any(|t| t == "0/6"), "{scaling:?}");
    let ert = text_contents(&svg(&s.plots, "ert"));
    assert!(ert.iter().any(|t| t == "∞ (none solved)"), "{ert:?}");
}

#[test]
fn steps_are_drawn_only_in_one_unit_and_evaluations_leave_out_labels_that_never_evaluate() {
    let mixed = [label("alpha", "repair"), label("beta", "generation")];
    let s = setup(&mixed, &[8, 12], 3, 40);
    let out = plot_into(&s.data, &s.plots, &["--measure", "steps"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let notes = stderr(&out);
    assert!(notes.contains("no ECDF of steps chart"), "{notes}");
    assert!(notes.contains("alpha: repair, beta: generation"), "{notes}");
    assert!(notes.contains("use --measure checks"), "{notes}");
    assert!(!s.plots.join("ecdf-steps.svg").exists());
    assert!(s.plots.join("ecdf-seconds.svg").is_file());

    let s = setup(&two_labels(), &[8, 12], 3, 40);
    let out = plot_into(&s.data, &s.plots, &["--measure", "steps"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let steps = text_contents(&svg(&s.plots, "ecdf-steps"));
    assert!(
        steps
            .iter()
            .any(|t| t == "steps to solution (one step: repair, log scale)"),
        "{steps:?}"
    );

    let labels = [
        label("alpha", "repair"),
        Label {
            evaluates: false,
            ..label("counting", "repair")
        },
    ];
    let s = setup(&labels, &[8, 12], 3, 40);
    let out = plot_into(&s.data, &s.plots, &["--measure", "evaluations"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let notes = stderr(&out);
    assert!(
        notes.contains("the ECDF of evaluations leaves out counting: never evaluates"),
        "{notes}"
    );
    assert!(
        notes.contains(
            "the convergence chart leaves out counting: traces.csv records no evaluations"
        ),
        "{notes}"
    );
    assert!(
        !text_contents(&svg(&s.plots, "convergence"))
            .iter()
            .any(|t| t == "counting")
    );
    let evaluations = text_contents(&svg(&s.plots, "ecdf-evaluations"));
    assert!(evaluations.iter().any(|t| t == "alpha"));
    assert!(!evaluations.iter().any(|t| t == "counting"));
    // The axis title, shortened ("log scale" to "log", then without the
    // parenthesis) where its panel is narrow.
    assert!(
        evaluations
            .iter()
            .any(|t| t.starts_with("whole-board evaluations to solution")),
        "{evaluations:?}"
    );
}

#[test]
fn convergence_takes_a_log_y_axis_when_values_span_more_than_a_decade() {
    // From 40 attacking pairs down to 1, then 0: a log y axis from 1, no
    // tick at 0, and with ten trials a band instead of single trials.
    let s = setup(&two_labels(), &[8, 12], 10, 40);
    let out = plot_into(&s.data, &s.plots, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let chart = svg(&s.plots, "convergence");
    let words = text_contents(&chart);
    assert!(
        words
            .join(" ")
            .contains("median and p25–p75 band of 10 trials")
            && words
                .join(" ")
                .contains("log y, 0 (solved) on its own level below"),
        "{words:?}"
    );
    // 0 has its own tick, not the bottom edge labelled 10⁰.
    assert!(words.iter().any(|w| w == "0 (solved)"), "{words:?}");
    assert!(
        words.iter().any(|t| t == "checks so far (log scale)"),
        "{words:?}"
    );
    assert!(
        !words.iter().any(|t| t == "0"),
        "no 0 tick on a log axis: {words:?}"
    );
    assert!(
        chart.contains("<polygon opacity=\"0."),
        "a translucent band is drawn"
    );

    // From 6 down to 1: within a decade, so a linear axis from 0; with
    // four trials, no band.
    let s = setup(&two_labels(), &[8, 12], 4, 6);
    let out = plot_into(&s.data, &s.plots, &["--measure", "seconds"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the convergence chart counts checks: traces.csv records no time"),
        "{}",
        stderr(&out)
    );
    let chart = svg(&s.plots, "convergence");
    let words = text_contents(&chart);
    assert!(words.iter().any(|t| t.ends_with("; linear y")), "{words:?}");
    assert!(words.iter().any(|t| t == "0"), "a 0 tick: {words:?}");
    assert!(
        !chart.contains("<polygon opacity=\"0."),
        "no band from 4 trials"
    );
}
