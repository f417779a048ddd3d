//! Shaping CSV rows into what the charts draw: rows grouped by label, the
//! board-size axis, legends, the text of a list of sizes, and the panels
//! and figures of summary statistics against N (shared by the scaling and
//! ERT charts).

use std::collections::{BTreeMap, BTreeSet};

use crate::records::SummaryRow;

use super::data::ExperimentData;
use super::figure::Figure;

use super::axis::{Axis, Scale, TickFormat};
use super::panel::{Interval, Layer, Panel};
use super::style::{SeriesStyle, Styles};

/// The description of every board-size axis.
pub const SIZE_LABEL: &str = "board size N (queens)";
/// At most this many distinct sizes get one tick each; more get automatic ticks.
const MAX_SIZE_TICKS: usize = 12;

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
    pub caption: &'static str,
    /// The y axis description, with its unit.
    pub y_label: &'static str,
    /// How the y ticks are written (durations carry their unit).
    pub format: TickFormat,
    /// The value of a cell; `None` when the cell has no solved trial.
    pub value: Field,
    /// The lower and upper ends of a band around the value, if any.
    pub band: Option<(Field, Field)>,
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
    let mut y = Axis::fit(statistic.y_label, Scale::Log, y_values)?;
    y.format = statistic.format;
    bands.extend(lines);
    Some(Panel {
        caption: statistic.caption.to_owned(),
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
    pub subtitle: &'static str,
    /// The statistics drawn, one panel each, in order.
    pub statistics: &'static [Statistic],
    /// Why there is no chart when no cell has a value of any statistic.
    pub empty: &'static str,
}

/// The figure of `chart`: a [`statistic_panel`] per statistic that has a
/// value somewhere, and a legend of the labels with a value of any of them;
/// `Err(chart.empty)` when there is no panel.
pub fn statistic_figure(
    data: &ExperimentData,
    styles: &Styles,
    chart: &StatisticChart,
) -> Result<Figure, String> {
    let groups = summary_by_label(&data.summary);
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
        subtitle: chart.subtitle.to_owned(),
        legend: legend(styles, drawn),
        panels,
        shared_y: false,
    })
}
