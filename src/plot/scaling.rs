//! The scaling chart: the median of the chosen measure (`--measure`,
//! checks by default) and the median wall time of the solved trials against
//! N, one line per label, with the 10th–90th percentile as a band from 10
//! solved trials up (log y); one panel only when the measure is wall time.
//! A cell with failed trials has a hollow marker and its solved/trials
//! beside it; a cell with none solved is marked "0/100" in a strip above
//! the log scale, named "none solved" on the y axis.

use super::axis::TickFormat;
use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::series::{Statistic, StatisticChart, Unsolved, columns, measured, statistic_figure};
use super::skip::Skip;
use crate::base::records::Measure;

/// The scaling chart's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("scaling"),
    name: "scaling",
    caption: "Work against board size: the median over solved trials (checks unless another measure was chosen) with its 10th–90th percentile band, and the median wall time; hollow markers: some trials failed; the strip at the top: no trial solved.",
    alt: "Line charts of the median work and wall time of each algorithm against the board size N, log scale.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: false,
        traces: false,
        comparison: false,
    },
    build: Build::One(figure),
};

/// The scaling figure, or why there is none.
fn figure(inputs: &Inputs<'_>, _notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let (data, measure) = (inputs.data, inputs.measure);
    let measured = measured(data, measure)?;
    let median = |unit: &str, format, measure| {
        let columns = columns(measure);
        Statistic {
            caption: format!("{} to solution", capitalised(unit)),
            y_label: format!("median {unit}"),
            format,
            value: columns.median,
            band: Some(columns.percentiles),
            unsolved: Unsolved::Fraction,
        }
    };
    let mut statistics = Vec::new();
    if measure != Measure::Seconds {
        statistics.push(median(&measured.unit, measured.format, measure));
    }
    statistics.push(median("wall time", TickFormat::Seconds, Measure::Seconds));
    let chart = StatisticChart {
        stem: "scaling",
        title: "scaling with board size",
        subtitle: "median over solved trials; band: 10th–90th percentile (from 10 solved); hollow: some trials failed; top strip: no trial solved".to_owned(),
        statistics,
        empty: Skip::NoSolvedCell,
    };
    statistic_figure(data, inputs.styles, &chart, &measured.labels)
}

/// `text` with its first letter in capitals.
pub(super) fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
