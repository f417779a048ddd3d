//! The ERT chart: expected running time (COCO: the work of all trials, failed
//! ones included, divided by the number of successes) against N in the
//! chosen measure (`--measure`, checks by default; log y), with its
//! bootstrap interval where summary.csv has one (from 10 solved trials up).
//! A cell with failed trials has a hollow marker and its solved/trials
//! beside it; a cell with none solved, an infinite ERT, is marked "∞" in
//! a strip above the log scale, named "∞ (none solved)" on the y axis.

use super::figure::Figure;
use super::kind::{Build, ChartKind, Inputs, MeasureUse, Needs, Stem};
use super::series::{Statistic, StatisticChart, Unsolved, measured, statistic_figure};
use super::skip::Skip;

/// The ERT chart's kind.
pub const KIND: ChartKind = ChartKind {
    stem: Stem::Fixed("ert"),
    name: "ERT",
    caption: "Expected running time (ERT) against board size: the work per solution counting failed trials, with its bootstrap 95% interval; ∞: no trial solved.",
    alt: "Line chart of the expected running time of each algorithm against the board size N, log scale.",
    needs: Needs {
        measure: MeasureUse::Chosen,
        sizes: false,
        traces: false,
        comparison: false,
    },
    build: Build::One(figure),
};

/// The ERT figure, or why there is none.
fn figure(inputs: &Inputs<'_>, _notes: &mut Vec<String>) -> Result<Figure, Skip> {
    let data = inputs.data;
    let measured = measured(data, inputs.measure)?;
    let chart = StatisticChart {
        stem: "ert",
        title: "expected running time",
        subtitle: "ERT = work of all trials / successes; band: bootstrap 95% interval (from 10 solved); hollow: some trials failed; ∞: none solved".to_owned(),
        statistics: vec![Statistic {
            caption: format!("ERT in {}", measured.unit),
            y_label: format!("expected {} to a solution", measured.unit),
            format: measured.format,
            value: measured.columns.ert,
            band: Some(measured.columns.ert_interval),
            unsolved: Unsolved::Infinite,
        }],
        empty: Skip::NoSuccess,
    };
    statistic_figure(data, inputs.styles, &chart, &measured.labels)
}
