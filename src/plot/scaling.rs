//! The scaling chart: median steps and median wall time of the solved trials
//! against N, one line per label, with the 10th–90th percentile as a band
//! (log y). Cells without a solved trial are left out.

use super::axis::TickFormat;
use super::data::ExperimentData;
use super::figure::Figure;
use super::series::{Statistic, legend, statistic_panel, summary_by_label};
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
    value: |r| r.median_wall_seconds,
    band: Some((|r| r.p10_wall_seconds, |r| r.p90_wall_seconds)),
};

/// The scaling figure, or why there is none.
pub fn figure(data: &ExperimentData, styles: &Styles) -> Result<Figure, String> {
    let groups = summary_by_label(&data.summary);
    let panels: Vec<_> = [STEPS, TIME]
        .iter()
        .filter_map(|s| statistic_panel(&groups, styles, s))
        .collect();
    if panels.is_empty() {
        return Err("no (label, N) cell has a solved trial".to_owned());
    }
    let drawn = groups
        .iter()
        .filter(|(_, rows)| rows.iter().any(|r| r.steps_median.is_some()))
        .map(|(label, _)| *label);
    Ok(Figure {
        stem: "scaling".to_owned(),
        title: format!("{}: scaling with board size", data.name),
        subtitle: "median over solved trials; band or whisker: 10th to 90th percentile; log scale"
            .to_owned(),
        legend: legend(styles, drawn),
        panels,
        shared_y: false,
    })
}
