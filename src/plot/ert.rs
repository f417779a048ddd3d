//! The ERT chart: expected running time (COCO: the work of all trials, failed
//! ones included, divided by the number of successes) against N, in steps
//! and in seconds (log y). Cells without a success have no ERT and are left out.

use super::axis::TickFormat;
use super::data::ExperimentData;
use super::figure::Figure;
use super::series::{Statistic, legend, statistic_panel, summary_by_label};
use super::style::Styles;

const STEPS: Statistic = Statistic {
    caption: "ERT in steps",
    y_label: "expected steps to a solution",
    format: TickFormat::Number,
    value: |r| r.ert_steps,
    band: None,
};

const TIME: Statistic = Statistic {
    caption: "ERT in wall time",
    y_label: "expected wall time to a solution",
    format: TickFormat::Seconds,
    value: |r| r.ert_seconds,
    band: None,
};

/// The ERT figure, or why there is none.
pub fn figure(data: &ExperimentData, styles: &Styles) -> Result<Figure, String> {
    let groups = summary_by_label(&data.summary);
    let panels: Vec<_> = [STEPS, TIME]
        .iter()
        .filter_map(|s| statistic_panel(&groups, styles, s))
        .collect();
    if panels.is_empty() {
        return Err("no (label, N) cell has a success, so no ERT".to_owned());
    }
    let drawn = groups
        .iter()
        .filter(|(_, rows)| rows.iter().any(|r| r.ert_steps.is_some()))
        .map(|(label, _)| *label);
    Ok(Figure {
        stem: "ert".to_owned(),
        title: format!("{}: expected running time", data.name),
        subtitle: "ERT = work of all trials (failed ones too) / successes; log scale".to_owned(),
        legend: legend(styles, drawn),
        panels,
        shared_y: false,
    })
}
