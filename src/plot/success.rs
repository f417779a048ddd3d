//! The success chart: the share of trials solved against N, with Wilson 95%
//! intervals as error bars. The labels' bars at one N are spread sideways a
//! little ([`dodge`]) so they do not cover each other.

use super::axis::Axis;
use super::data::ExperimentData;
use super::figure::Figure;
use super::panel::{Interval, Layer, Panel};
use super::series::{dodge, legend, size_axis, summary_by_label};
use super::style::Styles;

/// The success-rate figure, or why there is none.
pub fn figure(
    data: &ExperimentData,
    styles: &Styles,
    _options: &super::Options,
) -> Result<Figure, String> {
    let groups = summary_by_label(&data.summary);
    let mut x = size_axis(data.summary.iter().map(|r| r.n)).ok_or("summary.csv has no sizes")?;
    let offsets = dodge(&mut x, data.summary.iter().map(|r| r.n), groups.len());
    let mut layers = Vec::new();
    for ((label, rows), offset) in groups.iter().zip(offsets) {
        let Some(style) = styles.of(label) else {
            continue;
        };
        let shifted = |n: u64| x.value(x.display_clamped(n as f64) + offset);
        layers.push(Layer::Line {
            style,
            points: rows
                .iter()
                .map(|r| (shifted(r.n), r.success_rate))
                .collect(),
            width: 1,
            opacity: 0.6,
            markers: false,
        });
        layers.push(Layer::Intervals {
            style,
            bars: rows
                .iter()
                .map(|r| Interval {
                    x: shifted(r.n),
                    low: r.success_ci_low,
                    mid: r.success_rate,
                    high: r.success_ci_high,
                })
                .collect(),
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
            "share of trials solved within the budget, with Wilson 95% intervals; {trials_text}"
        ),
        legend: legend(styles, groups.keys().copied()),
        panels: vec![Panel {
            caption: String::new(),
            x,
            y: Axis::fraction("trials solved (%)"),
            layers,
            note: None,
        }],
        shared_y: false,
    })
}
