//! The convergence chart: the fewest attacking pairs found so far against
//! steps (log x), from traces.csv. Per label it draws a few individual trials
//! thinly and, with three or more trials, their median thickly. A trial that
//! ended keeps its last value (0 once solved). Step 0 is drawn at step 1, the
//! left end of the log axis. Steps are each algorithm's own unit (a repair,
//! a generation, a temperature step), so curves compare shapes, not speed.

use std::collections::BTreeMap;

use crate::analysis::traces::{Trace, median_curve};
use crate::records::TraceRecord;

use super::axis::{Axis, Scale};
use super::data::ExperimentData;
use super::figure::Figure;
use super::panel::{Layer, Panel};
use super::series::legend;
use super::sizes::Chosen;
use super::style::Styles;

/// Individual trials drawn per label and size.
const SHOWN_TRIALS: usize = 5;
/// A median curve is drawn from this many trials on.
const MEDIAN_FROM: usize = 3;
/// Points of the median curve.
const MEDIAN_POINTS: usize = 160;

/// The convergence figure, or why there is none.
pub fn figure(
    data: &ExperimentData,
    styles: &Styles,
    _options: &super::Options,
    chosen: &Chosen,
) -> Result<Figure, String> {
    let traces = data
        .traces
        .as_deref()
        .ok_or("there is no traces.csv (set `trace = true` in the config to record traces)")?;
    if traces.is_empty() {
        return Err("traces.csv has no rows".to_owned());
    }
    let sizes = &chosen.sizes;
    let mut drawn = Vec::new();
    let mut panels = Vec::new();
    let mut most_trials = 0;
    let mut fewest_trials = usize::MAX;
    for &n in sizes {
        let cells = by_label_and_trial(traces.iter().filter(|t| t.n == n));
        drawn.extend(cells.keys().cloned());
        most_trials = cells.values().map(Vec::len).fold(most_trials, usize::max);
        fewest_trials = cells.values().map(Vec::len).fold(fewest_trials, usize::min);
        panels.extend(panel(n, &cells, styles));
    }
    Ok(Figure {
        stem: "convergence".to_owned(),
        title: format!("{}: convergence", data.name),
        subtitle: if most_trials >= MEDIAN_FROM {
            let trials = if fewest_trials == most_trials {
                format!("{most_trials}")
            } else {
                format!("{fewest_trials} to {most_trials}")
            };
            format!(
                "at {}; thin: up to {SHOWN_TRIALS} trials, thick: median of {trials}; log x",
                chosen.describe()
            )
        } else {
            format!("at {}; one line per trial; log x", chosen.describe())
        },
        legend: legend(styles, drawn.iter().map(String::as_str)),
        panels,
        shared_y: false,
    })
}

/// The traces of each label, one per trial (in trial order).
fn by_label_and_trial<'a>(
    rows: impl Iterator<Item = &'a TraceRecord>,
) -> BTreeMap<String, Vec<Trace>> {
    let mut grouped: BTreeMap<&str, BTreeMap<u64, Trace>> = BTreeMap::new();
    for row in rows {
        grouped
            .entry(row.label.as_str())
            .or_default()
            .entry(row.trial)
            .or_default()
            .push((row.step.max(1) as f64, row.best_conflicts as f64));
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

fn panel(n: u64, cells: &BTreeMap<String, Vec<Trace>>, styles: &Styles) -> Option<Panel> {
    let points = || cells.values().flatten().flatten();
    let x = Axis::fit("steps (log scale)", Scale::Log, points().map(|p| p.0))?;
    let y = Axis::fit(
        "fewest attacking pairs so far",
        Scale::Linear,
        points().map(|p| p.1).chain([0.0]),
    )?;
    let mut thin = Vec::new();
    let mut thick = Vec::new();
    for (label, traces) in cells {
        let Some(style) = styles.of(label) else {
            continue;
        };
        let with_median = traces.len() >= MEDIAN_FROM;
        for trace in traces.iter().take(SHOWN_TRIALS) {
            thin.push(Layer::Line {
                style,
                points: staircase(trace),
                width: if with_median { 1 } else { 2 },
                opacity: if with_median { 0.35 } else { 1.0 },
                markers: false,
            });
        }
        if with_median {
            thick.push(Layer::Line {
                style,
                points: median(traces, &x),
                width: 3,
                opacity: 1.0,
                markers: false,
            });
        }
    }
    thin.extend(thick);
    Some(Panel {
        caption: format!("N = {n}"),
        x,
        y,
        layers: thin,
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

/// The median curve of `traces` (see [`median_curve`]), its steps clamped
/// to the left end of `x`.
fn median(traces: &[Trace], x: &Axis) -> Vec<(f64, f64)> {
    let left = x.value(x.lo);
    median_curve(traces, MEDIAN_POINTS)
        .into_iter()
        .map(|(step, m)| (step.max(left), m))
        .collect()
}
