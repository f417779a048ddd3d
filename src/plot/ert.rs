//! The ERT chart: expected running time (COCO: the work of all trials, failed
//! ones included, divided by the number of successes) against N, in steps
//! and in seconds (log y). Cells without a success have an infinite ERT
//! and are left out.

use super::axis::TickFormat;
use super::data::ExperimentData;
use super::figure::Figure;
use super::series::{Statistic, StatisticChart, statistic_figure};
use super::style::Styles;

const STEPS: Statistic = Statistic {
    caption: "ERT in steps",
    y_label: "expected steps to a solution",
    format: TickFormat::Number,
    value: |r| r.ert_steps.is_finite().then_some(r.ert_steps),
    band: None,
};

const TIME: Statistic = Statistic {
    caption: "ERT in wall time",
    y_label: "expected wall time to a solution",
    format: TickFormat::Seconds,
    value: |r| r.ert_seconds.is_finite().then_some(r.ert_seconds),
    band: None,
};

const CHART: StatisticChart = StatisticChart {
    stem: "ert",
    title: "expected running time",
    subtitle: "ERT = work of all trials (failed ones too) / successes; log scale",
    statistics: &[STEPS, TIME],
    empty: "no (label, N) cell has a success, so no ERT",
};

/// The ERT figure, or why there is none.
pub fn figure(
    data: &ExperimentData,
    styles: &Styles,
    _options: &super::Options,
) -> Result<Figure, String> {
    statistic_figure(data, styles, &CHART)
}
