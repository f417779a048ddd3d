//! The scaling chart: the median of the chosen measure (`--measure`,
//! checks by default) and the median wall time of the solved trials against
//! N, one line per label, with the 10th–90th percentile as a band (log y);
//! one panel only when the measure is wall time.

use super::axis::TickFormat;
use super::data::ExperimentData;
use super::figure::Figure;
use super::options::{Measure, Options};
use super::series::{Statistic, StatisticChart, Unsolved, columns, measured, statistic_figure};
use super::style::Styles;

/// The scaling figure, or why there is none.
pub fn figure(data: &ExperimentData, styles: &Styles, options: &Options) -> Result<Figure, String> {
    let measured = measured(data, options.measure)?;
    let median = |unit: &str, format, measure| {
        let columns = columns(measure);
        Statistic {
            caption: format!("{} to solution", capitalised(unit)),
            y_label: format!("{unit} (median, solved trials)"),
            format,
            value: columns.median,
            band: Some(columns.percentiles),
            unsolved: Unsolved::Fraction,
        }
    };
    let mut statistics = Vec::new();
    if options.measure != Measure::Seconds {
        statistics.push(median(&measured.unit, measured.format, options.measure));
    }
    statistics.push(median("wall time", TickFormat::Seconds, Measure::Seconds));
    let chart = StatisticChart {
        stem: "scaling",
        title: "scaling with board size",
        subtitle: "median over solved trials; band or whisker: 10th to 90th percentile; log scale"
            .to_owned(),
        statistics,
        empty: "no (label, N) cell has a solved trial",
    };
    statistic_figure(data, styles, &chart, &measured.labels)
}

/// `text` with its first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
