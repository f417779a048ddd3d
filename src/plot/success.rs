//! The success chart: the share of trials solved against N, with Wilson 95%
//! intervals as error bars, as small multiples: one panel per label on
//! shared axes, so every point sits at its N and no two labels' whiskers
//! cover each other.

use super::axis::Axis;
use super::data::ExperimentData;
use super::figure::Figure;
use super::options::Options;
use super::panel::{Interval, Layer, Panel};
use super::series::{legend, size_axis, summary_by_label};
use super::style::Styles;

/// The success-rate figure, or why there is none.
pub fn figure(
    data: &ExperimentData,
    styles: &Styles,
    _options: &Options,
) -> Result<Figure, String> {
    let groups = summary_by_label(&data.summary);
    let x = size_axis(data.summary.iter().map(|r| r.n)).ok_or("summary.csv has no sizes")?;
    let mut panels = Vec::new();
    for (label, rows) in &groups {
        let Some(style) = styles.of(label) else {
            continue;
        };
        let line = Layer::Line {
            style,
            points: rows.iter().map(|r| (r.n as f64, r.success_rate)).collect(),
            width: 1,
            opacity: 0.6,
            markers: false,
        };
        let bars = Layer::Intervals {
            style,
            bars: rows
                .iter()
                .map(|r| Interval {
                    x: r.n as f64,
                    low: r.success_ci_low,
                    mid: r.success_rate,
                    high: r.success_ci_high,
                })
                .collect(),
        };
        panels.push(Panel {
            caption: (*label).to_owned(),
            x: x.clone(),
            y: Axis::fraction("trials solved (%)"),
            layers: vec![line, bars],
            note: None,
        });
    }
    let trials: Vec<u64> = data.summary.iter().map(|r| r.trials).collect();
    let (fewest, most) = (
        trials.iter().min().copied().unwrap_or(0),
        trials.iter().max().copied().unwrap_or(0),
    );
    let trials_text = if fewest == most {
        format!("{most} trials per point")
    } else {
        format!("{fewest} to {most} trials per point")
    };
    Ok(Figure {
        stem: "success".to_owned(),
        title: format!("{}: success rate", data.name),
        subtitle: format!(
            "share of trials solved within the budget, with Wilson 95% intervals; one panel per label; {trials_text}"
        ),
        legend: legend(styles, groups.keys().copied()),
        panels,
        shared_y: true,
    })
}
