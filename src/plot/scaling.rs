//! The scaling chart: median steps and median wall time of the solved trials
//! against N, one line per label, with the 10th–90th percentile as a band
//! (log y). Cells without a solved trial are left out.

use super::axis::TickFormat;
use super::data::ExperimentData;
use super::figure::Figure;
use super::series::{Statistic, StatisticChart, statistic_figure};
use super::style::Styles;

const STEPS: Statistic = Statistic {
    caption: "Steps to solution",
    y_label: "steps (median, solved trials)",
    format: TickFormat::Number,
    value: |r| r.steps_median,
    band: Some((|r| r.steps_p10, |r| r.steps_p90)),
};

const TIME: Statistic = Statistic {
    caption: "Wall time to solution",
    y_label: "wall time (median)",
    format: TickFormat::Seconds,
    value: |r| r.seconds_median,
    band: Some((|r| r.seconds_p10, |r| r.seconds_p90)),
};

const CHART: StatisticChart = StatisticChart {
    stem: "scaling",
    title: "scaling with board size",
    subtitle: "median over solved trials; band or whisker: 10th to 90th percentile; log scale",
    statistics: &[STEPS, TIME],
    empty: "no (label, N) cell has a solved trial",
};

/// The scaling figure, or why there is none.
pub fn figure(
    data: &ExperimentData,
    styles: &Styles,
    _options: &super::Options,
) -> Result<Figure, String> {
    statistic_figure(data, styles, &CHART)
}
