//! The convergence chart: the fewest attacking pairs found so far against
//! the work done (log x), from traces.csv, at the sizes [`super::sizes`]
//! chooses. The work is the chosen measure where traces.csv records it:
//! `checks` (the default) and `evaluations`; `steps` only when every label
//! drawn counts steps in the same unit; traces record no time, so `seconds`
//! (and `steps` in mixed units) fall back to checks with a note. A label
//! whose traces record no work at all (evaluations of an algorithm that
//! never evaluates a whole board, checks of a trial solved before its first
//! sample counted any) is left out with a note. Work 0 is drawn at 1, the
//! left end of the log axis.
//!
//! The y axis is logarithmic when the values span more than a decade (from
//! 1 up; 0, a solved board, has its own level below, ticked "0 (solved)"), linear from 0
//! otherwise; the subtitle says which. Per label: with at least ten trials,
//! the median thickly over a p25–p75 band (the band stands for the trials);
//! with three to nine, a few individual trials thinly and the median
//! thickly; with fewer, each trial. A trial that ended keeps its last value
//! (0 once solved).

use std::collections::{BTreeMap, BTreeSet};

use crate::analysis::compare::one_step_unit;
use crate::analysis::traces::{Trace, quantile_curve};
use crate::base::records::Measure;
use crate::base::records::TraceRecord;

use super::axis::{Axis, Scale};
use super::data::ExperimentData;
use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::panel::{Layer, Panel};
use super::phrases::{sizes_text, units_text};
use super::series::legend;
use super::skip::Skip;
use super::style::Styles;

/// The convergence chart's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("convergence"),
    name: "convergence",
    caption: "Convergence: the fewest attacking pairs found so far against checks, the median over traced trials with its 25th–75th percentile band.",
    alt: "Line chart of the remaining conflicts against the checks made, per algorithm.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: true,
        traces: true,
        comparison: false,
    },
    build: Build::One(figure),
};

/// Individual trials drawn per label and size when there is no band.
const SHOWN_TRIALS: usize = 5;
/// A median curve is drawn from this many trials on.
const MEDIAN_FROM: usize = 3;
/// A p25–p75 band is drawn (instead of individual trials) from this many
/// trials on.
const BAND_FROM: usize = 10;
/// Points of the median and quartile curves.
const CURVE_POINTS: usize = 160;
/// A y axis is logarithmic when its largest value is more than this many
/// times its smallest positive one.
const LOG_SPAN: f64 = 10.0;

/// The work the x axis counts, as traces.csv records it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Work {
    Checks,
    Evaluations,
    Steps,
}

impl Work {
    fn name(self) -> &'static str {
        match self {
            Work::Checks => "checks",
            Work::Evaluations => "evaluations",
            Work::Steps => "steps",
        }
    }

    fn of(self, row: &TraceRecord) -> f64 {
        match self {
            Work::Checks => row.checks as f64,
            Work::Evaluations => row.evaluations as f64,
            Work::Steps => row.step as f64,
        }
    }
}

/// The convergence figure at the `chosen` sizes, or why there is none;
/// remarks (a measure traces cannot give, labels or sizes left out) go to
/// `notes`.
fn figure(inputs: &Inputs<'_>, notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let (data, styles, chosen) = (inputs.data, inputs.styles, inputs.chosen);
    let traces = data.traces.as_deref().ok_or(Skip::NoTracesFile)?;
    if traces.is_empty() {
        return Err(Skip::NoTraceRows);
    }
    let sizes = traced_sizes(traces, &chosen.sizes, notes)?;
    let rows: Vec<&TraceRecord> = traces.iter().filter(|t| sizes.contains(&t.n)).collect();
    let (work, x_label) = work(data, &rows, inputs.measure, notes);
    let left_out = left_out_labels(&rows, work, notes);
    let cells: Vec<(u64, BTreeMap<String, Vec<Trace>>)> = sizes
        .iter()
        .map(|&n| {
            let rows = rows
                .iter()
                .copied()
                .filter(|t| t.n == n && !left_out.contains(t.label.as_str()));
            (n, by_label_and_trial(rows, work))
        })
        .collect();
    let values = || {
        cells
            .iter()
            .flat_map(|(_, c)| c.values().flatten().flatten().map(|p| p.1))
    };
    let largest = values().fold(0.0, f64::max);
    let smallest = values().filter(|v| *v > 0.0).fold(f64::INFINITY, f64::min);
    let log_y = largest > LOG_SPAN * smallest.max(1.0);
    let mut drawn = Vec::new();
    let mut panels = Vec::new();
    let mut trials = BTreeSet::new();
    for (n, cells) in &cells {
        drawn.extend(cells.keys().cloned());
        trials.extend(cells.values().map(Vec::len));
        panels.extend(panel(*n, cells, styles, &x_label, log_y));
    }
    if panels.is_empty() {
        return Err(Skip::NoTraceSample { sizes });
    }
    let curves = curves_phrase(&trials);
    let y_scale = if log_y {
        "log y, 0 (solved) on its own level below"
    } else {
        "linear y"
    };
    Ok(Figure {
        stem: "convergence".to_owned(),
        title: format!("{}: convergence", data.name),
        subtitle: format!("{}; {curves}; {y_scale}", chosen.describe()),
        legend: legend(styles, drawn.iter().map(String::as_str)),
        panels,
        shared_y: false,
        colour_bar: None,
    })
}

/// The `chosen` sizes `traces` has traces at, in order; notes those it
/// has none at, and refuses when that is all of them.
fn traced_sizes(
    traces: &[TraceRecord],
    chosen: &[u64],
    notes: &mut Vec<String>,
) -> Result<Vec<u64>, Skip> {
    let traced: BTreeSet<u64> = traces.iter().map(|t| t.n).collect();
    let sizes: Vec<u64> = chosen
        .iter()
        .copied()
        .filter(|n| traced.contains(n))
        .collect();
    let untraced: Vec<u64> = chosen
        .iter()
        .copied()
        .filter(|n| !traced.contains(n))
        .collect();
    if !untraced.is_empty() {
        let traced: Vec<u64> = traced.iter().copied().collect();
        notes.push(format!(
            "the convergence chart has no panel at {}: traces.csv has no trace there (it has {})",
            sizes_text(&untraced),
            sizes_text(&traced)
        ));
    }
    if sizes.is_empty() {
        return Err(Skip::NoTraceAt { sizes: untraced });
    }
    Ok(sizes)
}

/// The labels of `rows` whose traces record no `work` in any sample, left
/// out of the chart with a note.
fn left_out_labels<'r>(
    rows: &[&'r TraceRecord],
    work: Work,
    notes: &mut Vec<String>,
) -> BTreeSet<&'r str> {
    let labels: BTreeSet<&str> = rows.iter().map(|r| r.label.as_str()).collect();
    let left_out: BTreeSet<&str> = labels
        .into_iter()
        .filter(|&l| {
            rows.iter()
                .filter(|r| r.label == l)
                .all(|r| work.of(r) == 0.0)
        })
        .collect();
    if !left_out.is_empty() {
        let names: Vec<&str> = left_out.iter().copied().collect();
        notes.push(format!(
            "the convergence chart leaves out {}: traces.csv records no {} done in any sample{}",
            names.join(", "),
            work.name(),
            if work == Work::Evaluations {
                " (never evaluates a whole board; --measure checks draws every label)"
            } else {
                ""
            }
        ));
    }
    left_out
}

/// The subtitle's account of the curves, by the counts of `trials` per
/// label and size: a median and band, a few trials and their median, or
/// each trial.
fn curves_phrase(trials: &BTreeSet<usize>) -> String {
    let (fewest, most) = (
        trials.first().copied().unwrap_or(0),
        trials.last().copied().unwrap_or(0),
    );
    let count = if fewest == most {
        format!("{most}")
    } else {
        format!("{fewest} to {most}")
    };
    if fewest >= BAND_FROM {
        format!("median and p25–p75 band of {count} trials")
    } else if most >= MEDIAN_FROM {
        format!("thin: up to {SHOWN_TRIALS} trials, thick: median of {count}")
    } else {
        "one line per trial".to_owned()
    }
}

/// What the x axis counts for `measure` and its description; a measure
/// traces.csv cannot give falls back to checks with a note.
fn work(
    data: &ExperimentData,
    rows: &[&TraceRecord],
    measure: Measure,
    notes: &mut Vec<String>,
) -> (Work, String) {
    let checks = (Work::Checks, "checks so far (log scale)".to_owned());
    match measure {
        Measure::Checks => checks,
        Measure::Evaluations => (
            Work::Evaluations,
            "whole-board evaluations so far (log scale)".to_owned(),
        ),
        Measure::Seconds => {
            notes
                .push("the convergence chart counts checks: traces.csv records no time".to_owned());
            checks
        }
        Measure::Steps => {
            let labels: BTreeSet<&str> = rows.iter().map(|r| r.label.as_str()).collect();
            let traced = data
                .runs
                .iter()
                .filter(|r| labels.contains(r.label.as_str()));
            match one_step_unit(traced) {
                Ok(unit) => (
                    Work::Steps,
                    format!("steps so far (one step: {unit}; log scale)"),
                ),
                Err(units) => {
                    notes.push(format!(
                        "the convergence chart counts checks: the labels count steps in \
                         different units ({}); use --measure checks",
                        units_text(&units)
                    ));
                    checks
                }
            }
        }
    }
}

/// The traces of each label, one per trial (in trial order), as (work, best)
/// with work 0 drawn at 1.
fn by_label_and_trial<'a>(
    rows: impl Iterator<Item = &'a TraceRecord>,
    work: Work,
) -> BTreeMap<String, Vec<Trace>> {
    let mut grouped: BTreeMap<&str, BTreeMap<u64, Trace>> = BTreeMap::new();
    for row in rows {
        grouped
            .entry(row.label.as_str())
            .or_default()
            .entry(row.trial)
            .or_default()
            .push((work.of(row).max(1.0), row.best_conflicts as f64));
    }
    grouped
        .into_iter()
        .map(|(label, trials)| {
            let traces = trials
                .into_values()
                .map(|mut t| {
                    t.sort_by(|a, b| a.0.total_cmp(&b.0));
                    t
                })
                .collect();
            (label.to_owned(), traces)
        })
        .collect()
}

fn panel(
    n: u64,
    cells: &BTreeMap<String, Vec<Trace>>,
    styles: &Styles,
    x_label: &str,
    log_y: bool,
) -> Option<Panel> {
    let points = || cells.values().flatten().flatten();
    let x = Axis::fit(x_label, Scale::Log, points().map(|p| p.0))?;
    let y_label = "fewest attacking pairs so far";
    let mut y = if log_y {
        Axis::fit(y_label, Scale::Log, points().map(|p| p.1).chain([1.0]))?
    } else {
        Axis::fit(y_label, Scale::Linear, points().map(|p| p.1).chain([0.0]))?
    };
    // On a log axis 0 (solved) has its own level below the decades, ticked
    // "0 (solved)", and so has a quantile between 0 and 1 (interpolated
    // between solved and unsolved trials), which would otherwise fall
    // between the two.
    let bottom = if log_y {
        let zero = y.with_zero_level();
        y.value(zero)
    } else {
        0.0
    };
    let shown = |(at, best): (f64, f64)| {
        (
            at.max(x.value(x.lo)),
            if log_y && best < 1.0 { bottom } else { best },
        )
    };
    let mut under = Vec::new();
    let mut over = Vec::new();
    for (label, traces) in cells {
        let Some(style) = styles.of(label) else {
            continue;
        };
        let curve = |q: f64| -> Vec<(f64, f64)> {
            quantile_curve(traces, CURVE_POINTS, q)
                .into_iter()
                .map(shown)
                .collect()
        };
        if traces.len() >= BAND_FROM {
            under.push(Layer::Band {
                style,
                lower: curve(0.25),
                upper: curve(0.75),
            });
        } else {
            let with_median = traces.len() >= MEDIAN_FROM;
            for trace in traces.iter().take(SHOWN_TRIALS) {
                under.push(Layer::Line {
                    style,
                    points: staircase(trace).into_iter().map(shown).collect(),
                    width: if with_median { 1 } else { 2 },
                    opacity: if with_median { 0.35 } else { 1.0 },
                    markers: false,
                });
            }
        }
        if traces.len() >= MEDIAN_FROM {
            over.push(Layer::Line {
                style,
                points: curve(0.5),
                width: 3,
                opacity: 1.0,
                markers: false,
            });
        }
    }
    under.extend(over);
    Some(Panel {
        caption: format!("N = {n}"),
        x,
        y,
        layers: under,
        note: None,
    })
}

/// A trace as a step function: the best value holds until the next sample.
fn staircase(trace: &Trace) -> Vec<(f64, f64)> {
    let mut points = Vec::with_capacity(trace.len() * 2);
    for (i, &(step, best)) in trace.iter().enumerate() {
        if i > 0 {
            points.push((step, trace[i - 1].1));
        }
        points.push((step, best));
    }
    points
}
