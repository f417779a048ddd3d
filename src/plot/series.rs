//! Shaping CSV rows into what the charts draw: rows grouped by label, the
//! board-size axis, the sizes per-size charts use, legends, and the panels
//! and figures of summary statistics against N (shared by the scaling and
//! ERT charts).

use std::collections::{BTreeMap, BTreeSet};

use crate::records::SummaryRow;

use super::data::ExperimentData;
use super::figure::Figure;
use super::options::Measure;

use super::axis::{Axis, Scale, TickFormat};
use super::panel::{Interval, Layer, Panel};
use super::style::{SeriesStyle, Styles};

/// The description of every board-size axis.
pub const SIZE_LABEL: &str = "board size N (queens)";
/// At most this many distinct sizes get one tick each; more get automatic ticks.
const MAX_SIZE_TICKS: usize = 12;
/// At most this many sizes are drawn as small multiples; with more, only one.
pub const MAX_PANELS: usize = 4;

/// Summary rows grouped by label (in label order), each group by increasing N.
pub fn summary_by_label(rows: &[SummaryRow]) -> BTreeMap<&str, Vec<&SummaryRow>> {
    let mut groups: BTreeMap<&str, Vec<&SummaryRow>> = BTreeMap::new();
    for row in rows {
        groups.entry(row.label.as_str()).or_default().push(row);
    }
    for group in groups.values_mut() {
        group.sort_by_key(|r| r.n);
    }
    groups
}

/// The board-size axis over `sizes`: logarithmic when they span a factor of
/// 16 or more, with a tick at each size when there are few.
pub fn size_axis(sizes: impl IntoIterator<Item = u64>) -> Option<Axis> {
    let sizes: BTreeSet<u64> = sizes.into_iter().collect();
    let (&min, &max) = (sizes.first()?, sizes.last()?);
    let scale = if min > 0 && max / min >= 16 {
        Scale::Log
    } else {
        Scale::Linear
    };
    let mut axis = Axis::fit(SIZE_LABEL, scale, sizes.iter().map(|&n| n as f64))?;
    if sizes.len() <= MAX_SIZE_TICKS {
        axis.ticks = Some(
            sizes
                .iter()
                .filter_map(|&n| axis.display(n as f64))
                .collect(),
        );
    }
    Some(axis)
}

/// The sizes a per-size chart (ECDF, convergence) shows, given the (label, N)
/// cells that have data: every size when there are at most [`MAX_PANELS`];
/// otherwise the largest of the sizes that the most labels share.
pub fn chosen_sizes<'a>(cells: impl IntoIterator<Item = (&'a str, u64)>) -> Vec<u64> {
    let mut labels_at: BTreeMap<u64, BTreeSet<&str>> = BTreeMap::new();
    for (label, n) in cells {
        labels_at.entry(n).or_default().insert(label);
    }
    if labels_at.len() <= MAX_PANELS {
        return labels_at.into_keys().collect();
    }
    labels_at
        .iter()
        .max_by_key(|(n, labels)| (labels.len(), **n))
        .map(|(n, _)| vec![*n])
        .unwrap_or_default()
}

/// Share of the smallest gap between sizes over which the labels' points
/// at one N are spread.
const SPREAD: f64 = 0.5;

/// Sideways shifts (display space) that keep `count` labels' points at one N
/// apart, in label order, and widens `x` so the shifted points stay inside.
pub fn dodge(x: &mut Axis, sizes: impl IntoIterator<Item = u64>, count: usize) -> Vec<f64> {
    let mut positions: Vec<f64> = sizes
        .into_iter()
        .filter_map(|n| x.display(n as f64))
        .collect();
    positions.sort_by(f64::total_cmp);
    positions.dedup();
    let span = x.hi - x.lo;
    let gap = positions
        .windows(2)
        .map(|w| w[1] - w[0])
        .fold(span * 0.3, f64::min);
    let step = if count > 1 {
        gap * SPREAD / count as f64
    } else {
        0.0
    };
    let offsets: Vec<f64> = (0..count)
        .map(|i| (i as f64 - (count as f64 - 1.0) / 2.0) * step)
        .collect();
    let widest = offsets.iter().fold(0.0, |acc: f64, o| acc.max(o.abs()));
    x.lo -= widest;
    x.hi += widest;
    offsets
}

/// Legend entries for the labels drawn, in label order.
pub fn legend<'a>(
    styles: &Styles,
    drawn: impl IntoIterator<Item = &'a str>,
) -> Vec<(String, SeriesStyle)> {
    let drawn: BTreeSet<&str> = drawn.into_iter().collect();
    drawn
        .into_iter()
        .filter_map(|label| Some((label.to_owned(), styles.of(label)?)))
        .collect()
}

/// Writes a list of sizes for a title: "N = 8", "N = 8, 10 and 12".
pub fn sizes_text(sizes: &[u64]) -> String {
    match sizes {
        [] => String::new(),
        [n] => format!("N = {n}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u64::to_string).collect();
            format!("N = {} and {last}", rest.join(", "))
        }
    }
}

/// Reads one optional column of a summary row.
pub type Field = fn(&SummaryRow) -> Option<f64>;

/// One statistic of summary.csv drawn against N.
pub struct Statistic {
    /// The panel caption.
    pub caption: String,
    /// The y axis description, with its unit.
    pub y_label: String,
    /// How the y ticks are written (durations carry their unit).
    pub format: TickFormat,
    /// The value of a cell; `None` when the cell has no solved trial.
    pub value: Field,
    /// The lower and upper ends of a band around the value, if any.
    pub band: Option<(Field, Field)>,
}

/// The summary.csv columns of one measure.
pub struct Columns {
    /// The median over solved trials.
    pub median: Field,
    /// The 10th and 90th percentiles over solved trials.
    pub percentiles: (Field, Field),
    /// The expected running time, `None` when infinite (no success).
    pub ert: Field,
    /// The bootstrap interval of the ERT.
    pub ert_interval: (Field, Field),
}

/// Keeps a finite value (ERT is `Inf` without a success).
fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

/// The columns of `measure` in summary.csv.
pub fn columns(measure: Measure) -> Columns {
    match measure {
        Measure::Checks => Columns {
            median: |r| r.checks_median,
            percentiles: (|r| r.checks_p10, |r| r.checks_p90),
            ert: |r| finite(r.ert_checks),
            ert_interval: (|r| r.ert_checks_ci_low, |r| r.ert_checks_ci_high),
        },
        Measure::Seconds => Columns {
            median: |r| r.seconds_median,
            percentiles: (|r| r.seconds_p10, |r| r.seconds_p90),
            ert: |r| finite(r.ert_seconds),
            ert_interval: (|r| r.ert_seconds_ci_low, |r| r.ert_seconds_ci_high),
        },
        Measure::Steps => Columns {
            median: |r| r.steps_median,
            percentiles: (|r| r.steps_p10, |r| r.steps_p90),
            ert: |r| finite(r.ert_steps),
            ert_interval: (|r| r.ert_steps_ci_low, |r| r.ert_steps_ci_high),
        },
        Measure::Evaluations => Columns {
            median: |r| r.evaluations_median,
            percentiles: (|r| r.evaluations_p10, |r| r.evaluations_p90),
            ert: |r| finite(r.ert_evaluations),
            ert_interval: (|r| r.ert_evaluations_ci_low, |r| r.ert_evaluations_ci_high),
        },
    }
}

/// What the charts of one measure draw: the labels it applies to, the
/// name of its unit for axis labels, and how ticks are written.
pub struct Measured<'a> {
    /// The labels drawn, in label order.
    pub labels: BTreeSet<&'a str>,
    /// The unit named on the axes: "checks", "steps (repair)", "wall time"…
    pub unit: String,
    /// How its ticks are written.
    pub format: TickFormat,
    /// The measure's columns.
    pub columns: Columns,
}

/// The labels `measure` applies to and its unit, or why it applies to none:
/// `steps` only when every label counts steps in one unit (as
/// `queens compare` refuses steps of different units), `evaluations`
/// without the labels that never evaluate a whole board (see
/// [`measure_notes`]).
pub fn measured(data: &ExperimentData, measure: Measure) -> Result<Measured<'_>, String> {
    let mut labels: BTreeSet<&str> = data.summary.iter().map(|r| r.label.as_str()).collect();
    let unit = match measure {
        Measure::Checks => "checks".to_owned(),
        Measure::Seconds => "wall time".to_owned(),
        Measure::Evaluations => {
            let never = never_evaluating(data);
            labels.retain(|l| !never.contains(l));
            if labels.is_empty() {
                return Err(format!(
                    "--measure evaluations: no label evaluates a whole board ({}); use --measure checks, the unit shared by every algorithm",
                    never.into_iter().collect::<Vec<_>>().join(", ")
                ));
            }
            "whole-board evaluations".to_owned()
        }
        Measure::Steps => {
            let mut units: BTreeMap<&str, &str> = BTreeMap::new();
            for row in &data.summary {
                units.insert(row.label.as_str(), row.step_unit.as_str());
            }
            let distinct: BTreeSet<&str> = units.values().copied().collect();
            if distinct.len() > 1 {
                let each: Vec<String> = units.iter().map(|(l, u)| format!("{l}: {u}")).collect();
                return Err(format!(
                    "--measure steps: the labels count steps in different units ({}): steps of different units do not compare; use --measure checks, the unit shared by every algorithm",
                    each.join(", ")
                ));
            }
            format!("steps ({})", distinct.first().copied().unwrap_or("steps"))
        }
    };
    let format = if measure == Measure::Seconds {
        TickFormat::Seconds
    } else {
        TickFormat::Number
    };
    Ok(Measured {
        labels,
        unit,
        format,
        columns: columns(measure),
    })
}

/// The labels whose runs never evaluate a whole board (evaluations is 0 in
/// every trial).
fn never_evaluating(data: &ExperimentData) -> BTreeSet<&str> {
    let mut evaluating: BTreeMap<&str, bool> = BTreeMap::new();
    for run in &data.runs {
        *evaluating.entry(run.label.as_str()).or_default() |= run.evaluations > 0;
    }
    evaluating
        .into_iter()
        .filter(|(_, any)| !any)
        .map(|(label, _)| label)
        .collect()
}

/// Notes on the labels the charts of `measure` leave out (with
/// `evaluations`, those that never evaluate a whole board).
pub fn measure_notes(data: &ExperimentData, measure: Measure) -> Vec<String> {
    if measure != Measure::Evaluations {
        return Vec::new();
    }
    let never = never_evaluating(data);
    if never.is_empty() || never.len() == data.labels().collect::<BTreeSet<_>>().len() {
        return Vec::new();
    }
    vec![format!(
        "the scaling and ERT charts leave out {}: never evaluate{} a whole board, so evaluations do not measure {} work; use --measure checks to draw every label",
        never.iter().copied().collect::<Vec<_>>().join(", "),
        if never.len() == 1 { "s" } else { "" },
        if never.len() == 1 { "its" } else { "their" },
    )]
}

/// A panel of `statistic` against N with a logarithmic y axis, one line per
/// label; cells without a value break the line. With a single size the
/// labels' points are spread sideways ([`dodge`]) so their whiskers do not
/// cover each other. `None` when no cell has a value.
pub fn statistic_panel(
    groups: &BTreeMap<&str, Vec<&SummaryRow>>,
    styles: &Styles,
    statistic: &Statistic,
) -> Option<Panel> {
    let sizes: BTreeSet<u64> = groups.values().flatten().map(|r| r.n).collect();
    let mut x = size_axis(sizes.iter().copied())?;
    let offsets = if sizes.len() == 1 {
        dodge(&mut x, sizes.iter().copied(), groups.len())
    } else {
        vec![0.0; groups.len()]
    };
    let mut y_values = Vec::new();
    let mut bands = Vec::new();
    let mut lines = Vec::new();
    for ((label, rows), offset) in groups.iter().zip(offsets) {
        let Some(style) = styles.of(label) else {
            continue;
        };
        let at = |n: u64| x.value(x.display_clamped(n as f64) + offset);
        let points: Vec<Option<(f64, f64)>> = rows
            .iter()
            .map(|r| Some((at(r.n), (statistic.value)(r).filter(|v| *v > 0.0)?)))
            .collect();
        for piece in points.split(Option::is_none) {
            let piece: Vec<(f64, f64)> = piece.iter().flatten().copied().collect();
            if piece.is_empty() {
                continue;
            }
            y_values.extend(piece.iter().map(|p| p.1));
            lines.push(Layer::Line {
                style,
                points: piece,
                width: 2,
                opacity: 1.0,
                markers: true,
            });
        }
        if let Some((low, high)) = statistic.band {
            let ends: Vec<Option<Interval>> = rows
                .iter()
                .map(|r| {
                    Some(Interval {
                        x: at(r.n),
                        low: low(r).filter(|v| *v > 0.0)?,
                        mid: (statistic.value)(r)?,
                        high: high(r)?,
                    })
                })
                .collect();
            for piece in ends.split(Option::is_none) {
                let piece: Vec<Interval> = piece.iter().flatten().copied().collect();
                y_values.extend(piece.iter().flat_map(|b| [b.low, b.high]));
                match piece.as_slice() {
                    [] => {}
                    [_] => bands.push(Layer::Intervals { style, bars: piece }),
                    _ => bands.push(Layer::Band {
                        colour: style.colour,
                        lower: piece.iter().map(|b| (b.x, b.low)).collect(),
                        upper: piece.iter().map(|b| (b.x, b.high)).collect(),
                    }),
                }
            }
        }
    }
    let mut y = Axis::fit(&statistic.y_label, Scale::Log, y_values)?;
    y.format = statistic.format;
    bands.extend(lines);
    Some(Panel {
        caption: statistic.caption.clone(),
        x,
        y,
        layers: bands,
        note: None,
    })
}

/// A chart of summary statistics against N, one panel per statistic.
pub struct StatisticChart {
    /// The file stem of the chart.
    pub stem: &'static str,
    /// What the chart shows, after the experiment's name in the title.
    pub title: &'static str,
    /// The line under the title.
    pub subtitle: String,
    /// The statistics drawn, one panel each, in order.
    pub statistics: Vec<Statistic>,
    /// Why there is no chart when no cell has a value of any statistic.
    pub empty: &'static str,
}

/// The figure of `chart` over the `labels` given: a [`statistic_panel`]
/// per statistic that has a value somewhere, and a legend of the labels
/// with a value of any of them; `Err(chart.empty)` when there is no panel.
pub fn statistic_figure(
    data: &ExperimentData,
    styles: &Styles,
    chart: &StatisticChart,
    labels: &BTreeSet<&str>,
) -> Result<Figure, String> {
    let mut groups = summary_by_label(&data.summary);
    groups.retain(|label, _| labels.contains(label));
    let panels: Vec<_> = chart
        .statistics
        .iter()
        .filter_map(|s| statistic_panel(&groups, styles, s))
        .collect();
    if panels.is_empty() {
        return Err(chart.empty.to_owned());
    }
    let drawn = groups
        .iter()
        .filter(|(_, rows)| {
            rows.iter()
                .any(|r| chart.statistics.iter().any(|s| (s.value)(r).is_some()))
        })
        .map(|(label, _)| *label);
    Ok(Figure {
        stem: chart.stem.to_owned(),
        title: format!("{}: {}", data.name, chart.title),
        subtitle: chart.subtitle.clone(),
        legend: legend(styles, drawn),
        panels,
        shared_y: false,
    })
}
