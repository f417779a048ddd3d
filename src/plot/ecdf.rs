//! The ECDF charts: for each label, the share of *all* trials (failed ones
//! included, so a curve ends at the success rate) solved within x steps, or
//! within x seconds, on a log x axis. Drawn at every N as small multiples
//! when there are few sizes, otherwise at one N (see
//! [`chosen_sizes`](super::series::chosen_sizes)), all panels on one x axis.
//! Solved trials that took 0 steps are drawn at the left edge.

use std::collections::BTreeMap;

use crate::analysis::stats::ecdf;
use crate::records::RunRecord;

use super::axis::{Axis, Scale, TickFormat};
use super::data::ExperimentData;
use super::figure::Figure;
use super::panel::{Layer, Panel};
use super::series::{chosen_sizes, legend, sizes_text};
use super::style::Styles;

/// A curve keeps at most this many steps; larger samples are thinned to
/// evenly spaced quantiles.
const MAX_STEPS: usize = 1000;

/// What the x axis measures.
#[derive(Clone, Copy)]
pub enum Measure {
    /// The algorithm's steps.
    Steps,
    /// Wall time in seconds.
    Seconds,
}

impl Measure {
    fn of(self, run: &RunRecord) -> f64 {
        match self {
            Measure::Steps => run.steps as f64,
            Measure::Seconds => run.wall_seconds,
        }
    }
}

/// The ECDF figure of `measure`, or why there is none.
pub fn figure(
    data: &ExperimentData,
    styles: &Styles,
    measure: Measure,
    _options: &super::Options,
) -> Result<Figure, String> {
    if data.runs.is_empty() {
        return Err("runs.csv has no rows".to_owned());
    }
    let sizes = chosen_sizes(data.runs.iter().map(|r| (r.label.as_str(), r.n)));
    let (stem, what, x_label) = match measure {
        Measure::Steps => ("ecdf-steps", "steps", "steps to solution"),
        Measure::Seconds => ("ecdf-seconds", "wall time", "wall time to solution"),
    };
    let solved_values = data
        .runs
        .iter()
        .filter(|r| r.solved && sizes.contains(&r.n))
        .map(|r| measure.of(r));
    let mut x = Axis::fit(x_label, Scale::Log, solved_values)
        .ok_or_else(|| format!("no solved trial at {}", sizes_text(&sizes)))?;
    if let Measure::Seconds = measure {
        x.format = TickFormat::Seconds;
    }
    let mut drawn = Vec::new();
    let mut panels = Vec::new();
    for &n in &sizes {
        let mut cells: BTreeMap<&str, Vec<&RunRecord>> = BTreeMap::new();
        for run in data.runs.iter().filter(|r| r.n == n) {
            cells.entry(run.label.as_str()).or_default().push(run);
        }
        drawn.extend(cells.keys().copied());
        panels.push(panel(n, &cells, styles, measure, &x));
    }
    Ok(Figure {
        stem: stem.to_owned(),
        title: format!("{}: distribution of {what} to solution", data.name),
        subtitle: format!(
            "ECDF over all trials at {}: a curve ends at the share solved; log scale",
            sizes_text(&sizes)
        ),
        legend: legend(styles, drawn),
        panels,
        shared_y: true,
    })
}

/// The panel of size `n`, on the shared x axis of all panels.
fn panel(
    n: u64,
    cells: &BTreeMap<&str, Vec<&RunRecord>>,
    styles: &Styles,
    measure: Measure,
    x: &Axis,
) -> Panel {
    let solved = cells.values().flatten().any(|r| r.solved);
    let layers = cells
        .iter()
        .filter_map(|(label, runs)| {
            Some(Layer::Line {
                style: styles.of(label)?,
                points: ecdf_points(runs, measure, x),
                width: 2,
                opacity: 1.0,
                markers: false,
            })
        })
        .collect();
    Panel {
        caption: format!("N = {n}"),
        x: x.clone(),
        y: Axis::fraction("trials solved (%)"),
        layers,
        note: (!solved).then(|| "no solved trials".to_owned()),
    }
}

/// The ECDF (see [`ecdf`]) as a staircase from the left edge of `x` to its
/// right edge, thinned to at most [`MAX_STEPS`] steps and with values left of
/// the axis drawn at its left edge.
fn ecdf_points(runs: &[&RunRecord], measure: Measure, x: &Axis) -> Vec<(f64, f64)> {
    let solved: Vec<f64> = runs
        .iter()
        .filter(|r| r.solved)
        .map(|r| measure.of(r))
        .collect();
    let cumulative = ecdf(&solved, runs.len());
    let left = x.value(x.lo);
    let kept: Vec<usize> = if cumulative.len() <= MAX_STEPS {
        (0..cumulative.len()).collect()
    } else {
        let last = cumulative.len() - 1;
        let mut picks: Vec<usize> = (0..MAX_STEPS).map(|k| k * last / (MAX_STEPS - 1)).collect();
        picks.dedup();
        picks
    };
    let mut points = vec![(left, 0.0)];
    let mut level = 0.0;
    for i in kept {
        let (value, share) = cumulative[i];
        let at = value.max(left);
        points.push((at, level));
        level = share;
        points.push((at, level));
    }
    points.push((x.value(x.hi), level));
    points
}
