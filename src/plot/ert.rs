//! The ERT chart: expected running time (COCO: the work of all trials, failed
//! ones included, divided by the number of successes) against N in the
//! chosen measure (`--measure`, checks by default; log y), with its
//! bootstrap interval where summary.csv has one.

use super::data::ExperimentData;
use super::figure::Figure;
use super::options::Options;
use super::series::{Statistic, StatisticChart, Unsolved, measured, statistic_figure};
use super::style::Styles;

/// The ERT figure, or why there is none.
pub fn figure(data: &ExperimentData, styles: &Styles, options: &Options) -> Result<Figure, String> {
    let measured = measured(data, options.measure)?;
    let chart = StatisticChart {
        stem: "ert",
        title: "expected running time",
        subtitle: "ERT = work of all trials (failed ones too) / successes; band or whisker: bootstrap 95% interval; log scale".to_owned(),
        statistics: vec![Statistic {
            caption: format!("ERT in {}", measured.unit),
            y_label: format!("expected {} to a solution", measured.unit),
            format: measured.format,
            value: measured.columns.ert,
            band: Some(measured.columns.ert_interval),
            unsolved: Unsolved::Infinite,
        }],
        empty: "no (label, N) cell has a success, so no ERT",
    };
    statistic_figure(data, styles, &chart, &measured.labels)
}
