//! Shaping CSV rows into what the charts draw: rows grouped by label, the
//! board-size axis, legends, the measure a
//! chart counts work in (its summary.csv columns, its unit, the labels it
//! applies to), and the panels and figures of summary statistics against N
//! (shared by the scaling and ERT charts): every point at its N, failures
//! marked rather than dropped.

use std::collections::{BTreeMap, BTreeSet};

use crate::records::SummaryRow;
use crate::records::rows::MIN_SOLVED_FOR_INTERVAL;

use super::data::ExperimentData;
use super::figure::Figure;
use super::options::Measure;
use crate::analysis::compare::{never_evaluating, one_step_unit};

use super::axis::{Axis, Scale, TickFormat};
use super::panel::{Interval, Layer, Mark, Panel};
use super::style::{SeriesStyle, Styles};

/// The description of every board-size axis.
pub const SIZE_LABEL: &str = "board size N (queens)";
/// At most this many distinct sizes get one tick each; more get automatic ticks.
const MAX_SIZE_TICKS: usize = 12;
/// Sizes below this are written plainly at their own ticks; an axis
/// reaching it is labelled at decades (10ⁿ), so no axis mixes notations.
const PLAIN_BELOW: u64 = 100_000;

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
/// 16 or more. With few sizes, each has its tick (written plainly, all
/// below 10⁵); otherwise a logarithmic axis has a tick at every decade
/// (10ⁿ) and spans the decades around the sizes.
pub fn size_axis(sizes: impl IntoIterator<Item = u64>) -> Option<Axis> {
    let sizes: BTreeSet<u64> = sizes.into_iter().collect();
    let (&min, &max) = (sizes.first()?, sizes.last()?);
    let scale = if min > 0 && max / min >= 16 {
        Scale::Log
    } else {
        Scale::Linear
    };
    let values = sizes.iter().map(|&n| n as f64);
    let few = sizes.len() <= MAX_SIZE_TICKS && max < PLAIN_BELOW;
    if scale == Scale::Log && !few {
        return Axis::fit(SIZE_LABEL, scale, values);
    }
    let mut axis = Axis::padded(SIZE_LABEL, scale, values)?;
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
    /// How a cell without a solved trial is marked.
    pub unsolved: Unsolved,
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
            let never = never_evaluating(&data.runs);
            labels.retain(|l| !never.contains(l));
            if labels.is_empty() {
                return Err(format!(
                    "--measure evaluations: no label evaluates a whole board ({}); use --measure checks, the unit shared by every algorithm",
                    never.join(", ")
                ));
            }
            "whole-board evaluations".to_owned()
        }
        Measure::Steps => match one_step_unit(&data.runs) {
            Ok(unit) => format!("steps ({unit})"),
            Err(units) => {
                return Err(format!(
                    "--measure steps: the labels count steps in different units ({}): steps of different units do not compare; use --measure checks, the unit shared by every algorithm",
                    units_text(&units)
                ));
            }
        },
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

/// Each label with its step unit, for a message: "a: repair, b: move".
pub fn units_text(units: &[(String, String)]) -> String {
    units
        .iter()
        .map(|(label, unit)| format!("{label}: {unit}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Notes on the labels the charts of `measure` leave out (with
/// `evaluations`, those that never evaluate a whole board).
pub fn measure_notes(data: &ExperimentData, measure: Measure) -> Vec<String> {
    if measure != Measure::Evaluations {
        return Vec::new();
    }
    let never = never_evaluating(&data.runs);
    if never.is_empty() || never.len() == data.labels().collect::<BTreeSet<_>>().len() {
        return Vec::new();
    }
    vec![format!(
        "the scaling and ERT charts leave out {}: never evaluate{} a whole board, so evaluations do not measure {} work; use --measure checks to draw every label",
        never.join(", "),
        if never.len() == 1 { "s" } else { "" },
        if never.len() == 1 { "its" } else { "their" },
    )]
}

/// What a cell without a solved trial is marked with at the top of a panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsolved {
    /// Its successes out of its trials: "0/100".
    Fraction,
    /// An infinite value: "∞" (ERT).
    Infinite,
}

/// A panel of `statistic` against N with a logarithmic y axis, one line per
/// label, every point at its N. A cell with some failed trials has a
/// hollow marker and its solved/trials beside it where there is room; a
/// cell without a solved trial is a hollow marker in a row of its label
/// above the data, marked as `unsolved` says. Bands and whiskers only from
/// cells with [`MIN_SOLVED_FOR_INTERVAL`] solved trials or more. `None`
/// when no cell has a value.
pub fn statistic_panel(
    groups: &BTreeMap<&str, Vec<&SummaryRow>>,
    styles: &Styles,
    statistic: &Statistic,
) -> Option<Panel> {
    let sizes: BTreeSet<u64> = groups.values().flatten().map(|r| r.n).collect();
    let x = size_axis(sizes.iter().copied())?;
    let mut y_values = Vec::new();
    let mut bands = Vec::new();
    let mut lines = Vec::new();
    let mut unsolved = Vec::new();
    for (label, rows) in groups {
        let Some(style) = styles.of(label) else {
            continue;
        };
        let value = |r: &SummaryRow| (statistic.value)(r).filter(|v| *v > 0.0);
        let points: Vec<Option<(f64, f64)>> =
            rows.iter().map(|r| Some((r.n as f64, value(r)?))).collect();
        for piece in points.split(Option::is_none) {
            let piece: Vec<(f64, f64)> = piece.iter().flatten().copied().collect();
            if piece.len() >= 2 {
                lines.push(Layer::Line {
                    style,
                    points: piece,
                    width: 2,
                    opacity: 1.0,
                    markers: false,
                });
            }
        }
        let mut marks = Vec::new();
        for row in rows {
            let Some(v) = value(row) else { continue };
            y_values.push(v);
            let failed = row.successes < row.trials;
            marks.push(Mark {
                x: row.n as f64,
                y: v,
                hollow: failed,
                text: failed.then(|| format!("{}/{}", row.successes, row.trials)),
                first: false,
            });
        }
        lines.push(Layer::Marks { style, marks });
        let failures: Vec<&SummaryRow> = rows
            .iter()
            .copied()
            .filter(|r| r.successes == 0 || value(r).is_none())
            .collect();
        if !failures.is_empty() {
            unsolved.push((style, failures));
        }
        if let Some((low, high)) = statistic.band {
            let ends: Vec<Option<Interval>> = rows
                .iter()
                .map(|r| {
                    if r.successes < MIN_SOLVED_FOR_INTERVAL {
                        return None;
                    }
                    Some(Interval {
                        x: r.n as f64,
                        low: low(r).filter(|v| *v > 0.0)?,
                        mid: value(r)?,
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
    if !unsolved.is_empty() {
        // One row per label with unsolved cells, above the top decade.
        let step = ((y.hi - y.lo) / UNSOLVED_ROWS_PER_SPAN).max(MIN_UNSOLVED_ROW);
        let top = y.hi;
        y.reserve_above(step * unsolved.len() as f64);
        for (i, (style, rows)) in unsolved.into_iter().enumerate() {
            let row = y.value(top + step * (i as f64 + 0.6));
            let marks = rows
                .iter()
                .map(|r| Mark {
                    x: r.n as f64,
                    y: row,
                    hollow: true,
                    text: Some(match statistic.unsolved {
                        Unsolved::Fraction => format!("{}/{}", r.successes, r.trials),
                        Unsolved::Infinite => "∞".to_owned(),
                    }),
                    first: true,
                })
                .collect();
            lines.push(Layer::Marks { style, marks });
        }
    }
    bands.extend(lines);
    Some(Panel {
        caption: statistic.caption.clone(),
        x,
        y,
        layers: bands,
        note: None,
    })
}

/// The rows of unsolved cells are this share of the data's span apart…
pub const UNSOLVED_ROWS_PER_SPAN: f64 = 9.0;
/// …and no closer than this (display space, decades).
pub const MIN_UNSOLVED_ROW: f64 = 0.18;

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
/// per statistic that has a value somewhere, and a legend of every label
/// drawn (solved or not); `Err(chart.empty)` when there is no panel.
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
    let drawn = groups.keys().copied();
    Ok(Figure {
        stem: chart.stem.to_owned(),
        title: format!("{}: {}", data.name, chart.title),
        subtitle: chart.subtitle.clone(),
        legend: legend(styles, drawn),
        panels,
        shared_y: false,
    })
}
