//! The success chart: the share of trials solved against N, with Wilson 95%
//! intervals as error bars. The labels' bars at one N are spread sideways a
//! little so they do not cover each other.

use super::axis::Axis;
use super::data::ExperimentData;
use super::figure::Figure;
use super::panel::{Interval, Layer, Panel};
use super::series::{legend, size_axis, summary_by_label};
use super::style::Styles;

/// Share of the smallest gap between sizes over which the labels' bars spread.
const SPREAD: f64 = 0.5;

/// The success-rate figure, or why there is none.
pub fn figure(data: &ExperimentData, styles: &Styles) -> Result<Figure, String> {
    let groups = summary_by_label(&data.summary);
    let mut x = size_axis(data.summary.iter().map(|r| r.n)).ok_or("summary.csv has no sizes")?;
    let offsets = offsets(&x, data.summary.iter().map(|r| r.n), groups.len());
    let widest = offsets.iter().fold(0.0, |acc: f64, o| acc.max(o.abs()));
    x.lo -= widest;
    x.hi += widest;
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
                    low: r.success_low,
                    mid: r.success_rate,
                    high: r.success_high,
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

/// The sideways shift (display space) of each of `count` labels at one N.
fn offsets(x: &Axis, sizes: impl Iterator<Item = u64>, count: usize) -> Vec<f64> {
    let mut positions: Vec<f64> = sizes.filter_map(|n| x.display(n as f64)).collect();
    positions.sort_by(f64::total_cmp);
    positions.dedup();
    let gap = positions
        .windows(2)
        .map(|w| w[1] - w[0])
        .fold(x.hi - x.lo, f64::min)
        .min((x.hi - x.lo) * 0.3);
    let step = if count > 1 {
        gap * SPREAD / count as f64
    } else {
        0.0
    };
    (0..count)
        .map(|i| (i as f64 - (count as f64 - 1.0) / 2.0) * step)
        .collect()
}
