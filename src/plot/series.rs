//! Shaping CSV rows into what the charts draw: rows grouped by label, the
//! board-size axis, legends, the measure a
//! chart counts work in (its summary.csv columns, its unit, the labels it
//! applies to), and the panels and figures of summary statistics against N
//! (shared by the scaling and ERT charts): every point at its N, failures
//! marked rather than dropped, the cells without a solved trial in a strip
//! of their own above the log scale.

use std::collections::{BTreeMap, BTreeSet};

use crate::base::records::rows::MIN_SOLVED_FOR_INTERVAL;
use crate::base::records::{Measure, MeasureSummary, SummaryRow};

use super::data::ExperimentData;
use super::figure::Figure;
use crate::analysis::compare::{never_evaluating, one_step_unit};

use super::axis::{Axis, Scale, TickFormat};
use super::panel::{DENSE_POINTS, Interval, Layer, Mark, Panel};
use super::skip::Skip;
use super::style::{SeriesStyle, Styles};

/// The description of every board-size axis.
pub const SIZE_LABEL: &str = "board size N (queens)";
/// The smallest ratio of the largest size to the smallest drawn on a
/// logarithmic axis.
const LOG_SPAN: u64 = 30;
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

/// The board-size axis over `sizes`: logarithmic when they span a factor
/// of [`LOG_SPAN`] or more and are not consecutive (N = 2..50 reads best on
/// a linear axis with ticks 10, 20, …).
/// With few sizes, each has its tick (written plainly, all below 10⁵);
/// otherwise a logarithmic axis has a tick at every decade (10ⁿ) and spans
/// the decades around the sizes.
pub fn size_axis(sizes: impl IntoIterator<Item = u64>) -> Option<Axis> {
    let sizes: BTreeSet<u64> = sizes.into_iter().collect();
    let (&min, &max) = (sizes.first()?, sizes.last()?);
    let consecutive = max - min + 1 == sizes.len() as u64;
    let scale = if min > 0 && max / min >= LOG_SPAN && !consecutive {
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

/// Legend entries for the labels drawn, in the order the config declares
/// them (see [`Styles::legend_key`]).
pub fn legend<'a>(
    styles: &Styles,
    drawn: impl IntoIterator<Item = &'a str>,
) -> Vec<(String, SeriesStyle)> {
    let mut drawn: Vec<&str> = drawn
        .into_iter()
        .collect::<BTreeSet<&str>>()
        .into_iter()
        .collect();
    drawn.sort_by_key(|label| styles.legend_key(label));
    drawn
        .into_iter()
        .filter_map(|label| Some((label.to_owned(), styles.of(label)?)))
        .collect()
}

/// One column of summary.csv: a statistic of one measure's block.
#[derive(Clone, Copy)]
pub struct Field {
    /// The measure whose block it reads.
    pub measure: Measure,
    /// The statistic it reads from the block; `None` when the cell has no
    /// value.
    pub statistic: fn(&MeasureSummary) -> Option<f64>,
}

impl Field {
    /// Its value in `row`.
    pub fn of(self, row: &SummaryRow) -> Option<f64> {
        (self.statistic)(row.measure(self.measure))
    }
}

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

/// The summary.csv columns of one measure the charts draw.
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

/// Keeps a known, finite value (ERT is `Inf` without a success, `NA`
/// when unknown).
fn finite(v: Option<f64>) -> Option<f64> {
    v.filter(|v| v.is_finite())
}

/// The columns of `measure` in summary.csv: the same statistics of its
/// block for every measure.
pub fn columns(measure: Measure) -> Columns {
    let field = |statistic: fn(&MeasureSummary) -> Option<f64>| Field { measure, statistic };
    Columns {
        median: field(|s| s.median),
        percentiles: (field(|s| s.p10), field(|s| s.p90)),
        ert: field(|s| finite(s.ert)),
        ert_interval: (field(|s| s.ert_ci_low), field(|s| s.ert_ci_high)),
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
pub fn measured(data: &ExperimentData, measure: Measure) -> Result<Measured<'_>, Skip> {
    let mut labels: BTreeSet<&str> = data.summary.iter().map(|r| r.label.as_str()).collect();
    let unit = match measure {
        Measure::Checks => "checks".to_owned(),
        Measure::Seconds => "wall time".to_owned(),
        Measure::Evaluations => {
            let never = never_evaluating(&data.runs);
            labels.retain(|l| !never.contains(l));
            if labels.is_empty() {
                return Err(Skip::NothingEvaluates {
                    labels: never.iter().map(|l| (*l).to_owned()).collect(),
                });
            }
            "whole-board evaluations".to_owned()
        }
        Measure::Steps => match one_step_unit(&data.runs) {
            Ok(unit) => format!("steps ({unit})"),
            Err(units) => return Err(Skip::MixedStepUnits { units }),
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
/// cell without an answered trial (solved, or proved no solution exists)
/// is a hollow marker in a row of its label
/// in a strip above the log scale (see [`unsolved_strip`]), marked as
/// `unsolved` says; a cell whose ERT is `NA` (no trial, or trials of
/// unknown work) has no mark, and the panel's note names it and why; in a label with more than
/// [`DENSE_POINTS`] sizes, consecutive such cells are one segment (see
/// [`unsolved_row`]). Bands and whiskers only from
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
        let value = |r: &SummaryRow| statistic.value.of(r).filter(|v| *v > 0.0);
        lines.extend(value_layers(style, rows, &value, &mut y_values));
        let runs = unsolved_runs(rows, &value, statistic.value.measure);
        if !runs.is_empty() {
            unsolved.push((style, runs));
        }
        if let Some((low, high)) = statistic.band {
            bands.extend(band_layers(style, rows, (low, high), &value, &mut y_values));
        }
    }
    let mut y = Axis::fit(&statistic.y_label, Scale::Log, y_values)?;
    y.format = statistic.format;
    if !unsolved.is_empty() {
        let (name, text): (&str, fn(&SummaryRow) -> String) = match statistic.unsolved {
            Unsolved::Fraction => ("none solved", |r| format!("{}/{}", r.successes, r.trials)),
            Unsolved::Infinite => (INFINITE_STRIP, |_| "∞".to_owned()),
        };
        let (strip, rows) = unsolved_strip(&mut y, unsolved.len(), name);
        bands.insert(0, strip);
        for ((style, runs), row) in unsolved.into_iter().zip(rows) {
            let runs: Vec<Vec<(f64, String)>> = runs
                .iter()
                .map(|run| run.iter().map(|r| (r.n as f64, text(r))).collect())
                .collect();
            lines.extend(unsolved_row(style, row, &runs));
        }
    }
    bands.extend(lines);
    Some(Panel {
        caption: statistic.caption.clone(),
        x,
        y,
        layers: bands,
        note: unknown_note(groups, statistic.value.measure),
    })
}

/// One label's line of its cells' values against N (broken where a cell
/// has none) and its markers, hollow with solved/trials beside them where
/// some trials failed; the values drawn go to `y_values`.
fn value_layers(
    style: SeriesStyle,
    rows: &[&SummaryRow],
    value: &impl Fn(&SummaryRow) -> Option<f64>,
    y_values: &mut Vec<f64>,
) -> Vec<Layer> {
    let mut layers = Vec::new();
    let points: Vec<Option<(f64, f64)>> =
        rows.iter().map(|r| Some((r.n as f64, value(r)?))).collect();
    for piece in points.split(Option::is_none) {
        let piece: Vec<(f64, f64)> = piece.iter().flatten().copied().collect();
        if piece.len() >= 2 {
            layers.push(Layer::Line {
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
        let answered = row.successes + row.proved;
        let failed = answered < row.trials;
        marks.push(Mark {
            x: row.n as f64,
            y: v,
            hollow: failed,
            text: failed.then(|| format!("{answered}/{}", row.trials)),
            first: false,
        });
    }
    layers.push(Layer::Marks { style, marks });
    layers
}

/// Whether `row`'s work in `measure` is unknown: its ERT is `NA` (no
/// trial, or a trial killed at its time limit). Such a cell is neither a
/// value nor unsolved: it has no mark, and its panel's note says why.
fn unknown(row: &SummaryRow, measure: Measure) -> bool {
    row.measure(measure).ert.is_none()
}

/// The note of a panel whose labels have cells of unknown work in
/// `measure`: each label and size with the reason
/// ([`SummaryRow::missing_reason`]); `None` when there is none.
fn unknown_note(groups: &BTreeMap<&str, Vec<&SummaryRow>>, measure: Measure) -> Option<String> {
    let notes: Vec<String> = groups
        .iter()
        .flat_map(|(label, rows)| rows.iter().map(move |r| (label, r)))
        .filter(|(_, r)| unknown(r, measure))
        .map(|(label, r)| {
            format!(
                "{label} at N = {}: NA, {}",
                r.n,
                r.missing_reason(measure).unwrap_or_default()
            )
        })
        .collect();
    (!notes.is_empty()).then(|| notes.join("; "))
}

/// One label's cells without an answered trial (or without a value), as
/// runs: a dense label's consecutive ones joined, each cell a run of its
/// own otherwise. A cell of unknown work ([`unknown`]) is none of them.
fn unsolved_runs<'r>(
    rows: &[&'r SummaryRow],
    value: &impl Fn(&SummaryRow) -> Option<f64>,
    measure: Measure,
) -> Vec<Vec<&'r SummaryRow>> {
    let failed: Vec<Option<&SummaryRow>> = rows
        .iter()
        .map(|&r| {
            let unanswered = r.successes + r.proved == 0 || value(r).is_none();
            (unanswered && !unknown(r, measure)).then_some(r)
        })
        .collect();
    // A dense label joins its consecutive unsolved cells into runs; with
    // few sizes each has room for its own marker.
    if rows.len() > DENSE_POINTS {
        failed
            .split(Option::is_none)
            .filter(|run| !run.is_empty())
            .map(|run| run.iter().flatten().copied().collect())
            .collect()
    } else {
        failed.iter().flatten().map(|&r| vec![r]).collect()
    }
}

/// One label's band between the `(low, high)` columns around its values,
/// from the cells with [`MIN_SOLVED_FOR_INTERVAL`] solved trials or more:
/// a [`Layer::Band`] per stretch of such cells, whiskers for a lone one;
/// the ends drawn go to `y_values`.
fn band_layers(
    style: SeriesStyle,
    rows: &[&SummaryRow],
    (low, high): (Field, Field),
    value: &impl Fn(&SummaryRow) -> Option<f64>,
    y_values: &mut Vec<f64>,
) -> Vec<Layer> {
    let ends: Vec<Option<Interval>> = rows
        .iter()
        .map(|r| {
            if r.successes < MIN_SOLVED_FOR_INTERVAL {
                return None;
            }
            Some(Interval {
                x: r.n as f64,
                low: low.of(r).filter(|v| *v > 0.0)?,
                mid: value(r)?,
                high: high.of(r)?,
            })
        })
        .collect();
    let mut layers = Vec::new();
    for piece in ends.split(Option::is_none) {
        let piece: Vec<Interval> = piece.iter().flatten().copied().collect();
        y_values.extend(piece.iter().flat_map(|b| [b.low, b.high]));
        match piece.as_slice() {
            [] => {}
            [_] => layers.push(Layer::Intervals { style, bars: piece }),
            _ => layers.push(Layer::Band {
                style,
                lower: piece.iter().map(|b| (b.x, b.low)).collect(),
                upper: piece.iter().map(|b| (b.x, b.high)).collect(),
            }),
        }
    }
    layers
}

/// The layers of one label's row of unsolved cells, at height `y`. `runs`
/// are its runs of consecutive unsolved cells (no solved cell of the label
/// between them), each cell as its x and its text, by increasing x. A lone
/// cell is a hollow marker with its text; a longer run is one
/// [`Layer::Span`] in the label's colour from its first to its last x, with a
/// hollow marker at each end and its text written once, by the last end
/// (and by the first end too when that cell's text differs, e.g. other
/// trial counts), so that many failed sizes in a row do not pile up.
pub fn unsolved_row(style: SeriesStyle, y: f64, runs: &[Vec<(f64, String)>]) -> Vec<Layer> {
    let mark = |(x, text): &(f64, String), written: bool| Mark {
        x: *x,
        y,
        hollow: true,
        text: written.then(|| text.clone()),
        first: true,
    };
    let mut layers = Vec::new();
    let mut marks = Vec::new();
    for run in runs {
        match run.as_slice() {
            [] => {}
            [cell] => marks.push(mark(cell, true)),
            [start, .., end] => {
                layers.push(Layer::Span {
                    style,
                    y,
                    from: start.0,
                    to: end.0,
                });
                marks.push(mark(start, start.1 != end.1));
                marks.push(mark(end, true));
            }
        }
    }
    layers.push(Layer::Marks { style, marks });
    layers
}

/// The rows of unsolved cells are this share of the data's span apart…
const UNSOLVED_ROWS_PER_SPAN: f64 = 9.0;
/// …and no closer than this (display space, decades).
const MIN_UNSOLVED_ROW: f64 = 0.18;

/// The name on the y axis of the strip of infinite ERTs.
pub const INFINITE_STRIP: &str = "∞ (none solved)";

/// Makes room above the top of log axis `y` for a strip of `rows` rows of
/// unsolved cells, outside its scale and ticked `name` (the ticks and grid
/// of the scale stop at its top decade), so that no unsolved cell reads as
/// a value. Returns the strip's layer (drawn first, under the marks) and
/// the height (a value of `y`) of each row, bottom first.
pub fn unsolved_strip(y: &mut Axis, rows: usize, name: &str) -> (Layer, Vec<f64>) {
    let step = ((y.hi - y.lo) / UNSOLVED_ROWS_PER_SPAN).max(MIN_UNSOLVED_ROW);
    let (edge, centres) = y.with_strip_above(rows, step, name);
    let strip = Layer::Strip {
        low: y.value(edge),
        high: y.value(y.hi),
    };
    (strip, centres.into_iter().map(|d| y.value(d)).collect())
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
    pub empty: Skip,
}

/// The figure of `chart` over the `labels` given: a [`statistic_panel`]
/// per statistic that has a value somewhere, and a legend of every label
/// drawn (solved or not); `Err(chart.empty)` when there is no panel.
pub fn statistic_figure(
    data: &ExperimentData,
    styles: &Styles,
    chart: &StatisticChart,
    labels: &BTreeSet<&str>,
) -> Result<Figure, Skip> {
    let mut groups = summary_by_label(&data.summary);
    groups.retain(|label, _| labels.contains(label));
    let panels: Vec<_> = chart
        .statistics
        .iter()
        .filter_map(|s| statistic_panel(&groups, styles, s))
        .collect();
    if panels.is_empty() {
        return Err(chart.empty.clone());
    }
    let drawn = groups.keys().copied();
    Ok(Figure {
        stem: chart.stem.to_owned(),
        title: format!("{}: {}", data.name, chart.title),
        subtitle: chart.subtitle.clone(),
        legend: legend(styles, drawn),
        panels,
        shared_y: false,
        colour_bar: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_spanning_less_than_30_or_consecutive_get_a_linear_axis() {
        // N = 2..50, every size: linear, automatic ticks (10, 20, …).
        let every = size_axis(2..=50).expect("an axis");
        assert_eq!(
            (every.scale, every.description().as_str()),
            (Scale::Linear, SIZE_LABEL)
        );
        // 4, 8, …, 64: a factor of 16, linear, one tick per size.
        let doubling = size_axis([4, 8, 16, 32, 64]).expect("an axis");
        assert_eq!(doubling.scale, Scale::Linear);
        assert_eq!(doubling.ticks.as_ref().map(Vec::len), Some(5));
        // 8 .. 4096, a factor of 512 with gaps: logarithmic, and said so.
        let wide = size_axis([8, 64, 512, 4096]).expect("an axis");
        assert_eq!(wide.scale, Scale::Log);
        assert_eq!(wide.description(), "board size N (queens, log scale)");
    }

    /// One solved summary row: label "a", 1 of 1 trial solved, 36 checks.
    fn solved_row() -> SummaryRow {
        let run = crate::base::records::RunRecord {
            experiment: "t".to_owned(),
            algorithm: "csp".to_owned(),
            label: "a".to_owned(),
            step_unit: "node expanded (one assignment)".to_owned(),
            params: "inference=none".to_owned(),
            budget: "unlimited".to_owned(),
            instance: "plain".into(),
            n: 4,
            trial: 0,
            seed: 0,
            solved: true,
            stop_reason: crate::base::outcome::StopReason::Solved,
            steps: 8,
            restarts: 0,
            checks: 36,
            tests: 0,
            backtracks: 0,
            evaluations: 0,
            final_conflicts: Some(0),
            solutions: 1,
            wall_seconds: 7.08e-7,
            work_known: true,
        };
        crate::analysis::summary::summarize_cell(&[&run]).expect("a row")
    }

    /// Rows of label "a" at N = 1..=`sizes`, unsolved (0/1, no median)
    /// at the sizes in `failed`.
    fn rows(sizes: u64, failed: std::ops::RangeInclusive<u64>) -> Vec<SummaryRow> {
        let template = solved_row();
        (1..=sizes)
            .map(|n| {
                let mut row = template.clone();
                row.n = n;
                if failed.contains(&n) {
                    row.successes = 0;
                    row.checks.median = None;
                }
                row
            })
            .collect()
    }

    /// The unsolved row of a checks panel: its spans (from, to) and its
    /// marks (x, text).
    struct UnsolvedRow {
        spans: Vec<(f64, f64)>,
        marks: Vec<(f64, Option<String>)>,
    }

    /// The checks panel of `rows`, unsolved cells marked "0/1".
    fn checks_panel(rows: &[SummaryRow]) -> Panel {
        let statistic = Statistic {
            caption: "checks".to_owned(),
            y_label: "checks".to_owned(),
            format: TickFormat::Number,
            value: columns(Measure::Checks).median,
            band: None,
            unsolved: Unsolved::Fraction,
        };
        let styles = Styles::for_labels(["a"]);
        statistic_panel(&summary_by_label(rows), &styles, &statistic).expect("a panel")
    }

    fn unsolved_of(rows: &[SummaryRow]) -> UnsolvedRow {
        let panel = checks_panel(rows);
        let mut spans = Vec::new();
        let mut marks = Vec::new();
        for layer in &panel.layers {
            match layer {
                Layer::Span { from, to, .. } => spans.push((*from, *to)),
                Layer::Marks { marks: m, .. } => {
                    marks.extend(m.iter().filter(|m| m.first).map(|m| (m.x, m.text.clone())))
                }
                _ => {}
            }
        }
        UnsolvedRow { spans, marks }
    }

    #[test]
    fn a_dense_label_draws_a_run_of_unsolved_sizes_as_one_labelled_span() {
        // 25 sizes (more than DENSE_POINTS), unsolved at 3 and at 10..=15.
        let mut all = rows(25, 10..=15);
        all[2].successes = 0;
        all[2].checks.median = None;
        let UnsolvedRow { spans, marks } = unsolved_of(&all);
        assert_eq!(spans, vec![(10.0, 15.0)]);
        let zero = Some("0/1".to_owned());
        assert_eq!(
            marks,
            vec![(3.0, zero.clone()), (10.0, None), (15.0, zero)],
            "a lone failure is one labelled marker; a run has its two ends, labelled once"
        );
    }

    #[test]
    fn a_label_with_few_sizes_keeps_one_marker_per_unsolved_size() {
        let UnsolvedRow { spans, marks } = unsolved_of(&rows(8, 3..=5));
        assert!(spans.is_empty());
        let xs: Vec<f64> = marks.iter().map(|(x, _)| *x).collect();
        assert_eq!(xs, vec![3.0, 4.0, 5.0]);
        assert!(marks.iter().all(|(_, text)| text.as_deref() == Some("0/1")));
    }

    #[test]
    fn a_run_whose_ends_differ_writes_both_texts() {
        let style = Styles::for_labels(["a"]).of("a").expect("a style");
        let run = vec![
            (2.0, "0/5".to_owned()),
            (3.0, "0/5".to_owned()),
            (4.0, "0/8".to_owned()),
        ];
        let layers = unsolved_row(style, 1.0, &[run]);
        let Some(Layer::Marks { marks, .. }) = layers.last() else {
            panic!("the ends are marks");
        };
        let texts: Vec<(f64, Option<&str>)> =
            marks.iter().map(|m| (m.x, m.text.as_deref())).collect();
        assert_eq!(texts, vec![(2.0, Some("0/5")), (4.0, Some("0/8"))]);
        assert!(marks.iter().all(|m| m.hollow));
    }

    #[test]
    fn unsolved_cells_lie_in_a_named_strip_above_the_top_decade() {
        let panel = checks_panel(&rows(8, 3..=5));
        let y = &panel.y;
        let Some(Layer::Strip { low, high }) = panel.layers.first() else {
            panic!("the strip is drawn first, under the marks");
        };
        let (low, high) = (
            y.display(*low).expect("low"),
            y.display(*high).expect("high"),
        );
        assert!((high - y.hi).abs() < 1e-9, "the strip reaches the top");
        let ticks = y.major_ticks();
        let names: Vec<String> = ticks.iter().map(|&d| y.tick_label(d)).collect();
        assert!(names.iter().any(|n| n == "none solved"), "{names:?}");
        // Every tick of the scale and every grid line sits below the
        // strip; only the strip's name is ticked inside it.
        let top_decade = ticks
            .iter()
            .filter(|&&d| y.tick_label(d) != "none solved")
            .fold(f64::NEG_INFINITY, |a, &d| a.max(d));
        assert!(top_decade < low, "{top_decade} below the strip at {low}");
        assert!(y.minor_ticks().iter().all(|&d| d < low));
        let rows: Vec<f64> = panel
            .layers
            .iter()
            .filter_map(|layer| match layer {
                Layer::Marks { marks, .. } => Some(marks.iter().filter(|m| m.hollow)),
                _ => None,
            })
            .flatten()
            .map(|m| y.display(m.y).expect("a row height"))
            .collect();
        assert_eq!(rows.len(), 3, "one marker per unsolved size");
        assert!(
            rows.iter().all(|&d| low < d && d < high),
            "{rows:?} in {low}..{high}"
        );
    }
}
